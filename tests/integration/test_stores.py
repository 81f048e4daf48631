"""Each real store through its own client: Neo4j, Weaviate (multi-tenancy, gse_ch hybrid), S3."""

from __future__ import annotations

import base64
import hashlib
import math
import secrets
from collections.abc import Iterator

import neo4j
import pytest
import weaviate
from botocore.exceptions import ClientError
from weaviate.classes.config import Configure, DataType, Property, Tokenization
from weaviate.classes.query import MetadataQuery

from adapters.s3_blobs import S3BlobStore
from mal.bootstrap import Container
from mal.errors import IntegrityError, NotFound
from mal.settings import Settings

pytestmark = pytest.mark.integration


def test_neo4j_round_trip_with_uniqueness_constraint(settings: Settings, container: Container) -> None:
    label = "ItTest" + secrets.token_hex(3)
    with neo4j.GraphDatabase.driver(
        settings.neo4j.uri, auth=(settings.neo4j.user, settings.neo4j.password.get_secret_value())
    ) as driver:
        driver.execute_query(f"CREATE CONSTRAINT {label}_key IF NOT EXISTS FOR (n:{label}) REQUIRE n.key IS UNIQUE")
        driver.execute_query(f"CREATE (:{label} {{key: $k, name: $n}})", k="a", n="名字")
        records = driver.execute_query(f"MATCH (n:{label} {{key: 'a'}}) RETURN n.name AS name").records
        assert records[0]["name"] == "名字"
        with pytest.raises(neo4j.exceptions.ConstraintError):
            driver.execute_query(f"CREATE (:{label} {{key: $k}})", k="a")
        driver.execute_query(f"MATCH (n:{label}) DETACH DELETE n")
        driver.execute_query(f"DROP CONSTRAINT {label}_key")


@pytest.fixture
def weaviate_client(settings: Settings) -> Iterator[weaviate.WeaviateClient]:
    wv = settings.weaviate
    client = weaviate.connect_to_local(
        host=wv.host,
        port=wv.http_port,
        grpc_port=wv.grpc_port,
        auth_credentials=weaviate.auth.Auth.api_key(wv.api_key.get_secret_value()),
    )
    yield client
    client.close()


def _unit(v: list[float]) -> list[float]:
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def test_weaviate_multi_tenancy_vectors_and_gse_ch_hybrid(
    weaviate_client: weaviate.WeaviateClient, container: Container
) -> None:
    name = "ItTest" + secrets.token_hex(3)
    coll = weaviate_client.collections.create(
        name,
        vector_config=Configure.Vectors.self_provided(),
        multi_tenancy_config=Configure.multi_tenancy(enabled=True, auto_tenant_creation=True),
        properties=[Property(name="body", data_type=DataType.TEXT, tokenization=Tokenization.GSE_CH)],
    )
    try:
        docs = {
            "zh1": ("我妈妈有高血压，每天吃药", [1.0, 0.0, 0.0]),
            "zh2": ("明天下午三点从北京南到上海虹桥的高铁", [0.0, 1.0, 0.0]),
            "en1": ("I prefer Python for data analysis", [0.0, 0.0, 1.0]),
        }
        alice = coll.with_tenant("alice")
        ids = {}
        for key, (body, vec) in docs.items():
            ids[key] = alice.data.insert({"body": body}, vector=_unit(vec))
        coll.with_tenant("bob").data.insert({"body": "高血压 高血压 高血压"}, vector=_unit([1.0, 0.0, 0.0]))

        near = alice.query.near_vector(
            near_vector=_unit([0.9, 0.1, 0.0]), limit=1, return_metadata=MetadataQuery(distance=True)
        )
        assert near.objects[0].uuid == ids["zh1"]
        # BM25 on Chinese needs real word segmentation: "高铁" and "高血压" must be told apart.
        bm25 = alice.query.bm25(query="高铁", limit=3)
        assert [o.uuid for o in bm25.objects] == [ids["zh2"]]
        hybrid_zh = alice.query.hybrid(query="高血压", vector=_unit([0.0, 0.0, 1.0]), alpha=0.3, limit=1)
        assert hybrid_zh.objects[0].uuid == ids["zh1"]
        hybrid_en = alice.query.hybrid(query="Python", vector=_unit([0.0, 0.0, 1.0]), alpha=0.5, limit=1)
        assert hybrid_en.objects[0].uuid == ids["en1"]
        # Tenants are isolated: bob's stronger BM25 match never shows up in alice's results.
        everything = alice.query.bm25(query="高血压", limit=10)
        assert {o.uuid for o in everything.objects} == {ids["zh1"]}
    finally:
        weaviate_client.collections.delete(name)


@pytest.fixture
def blobs(settings: Settings) -> S3BlobStore:
    s3 = settings.s3
    bucket = "it-" + secrets.token_hex(4)
    store = S3BlobStore(
        s3.endpoint_url,
        s3.region,
        s3.access_key.get_secret_value(),
        s3.secret_key.get_secret_value(),
        buckets=(bucket,),
    )
    store.ensure_schema()
    store.bucket = bucket  # type: ignore[attr-defined]
    return store


def test_s3_put_get_list_delete_with_sha256(blobs: S3BlobStore) -> None:
    bucket = blobs.bucket  # type: ignore[attr-defined]
    body = '{"fact": "用户喜欢Python"}'.encode()
    digest = hashlib.sha256(body).hexdigest()
    blobs.put(bucket, "a/one.json", body, digest)
    blobs.put(bucket, "a/two.json", b"{}", hashlib.sha256(b"{}").hexdigest())
    assert blobs.get(bucket, "a/one.json") == body
    assert blobs.head_sha256(bucket, "a/one.json") == digest
    assert sorted(blobs.list_keys(bucket, "a/")) == ["a/one.json", "a/two.json"]
    assert blobs.delete_prefix(bucket, "a/") == 2
    assert blobs.list_keys(bucket, "a/") == [] and blobs.versions(bucket, "a/") == 0
    with pytest.raises(NotFound):
        blobs.get(bucket, "a/one.json")


def test_s3_refuses_a_body_that_does_not_match_its_checksum(blobs: S3BlobStore) -> None:
    bucket = blobs.bucket  # type: ignore[attr-defined]
    with pytest.raises(IntegrityError):
        blobs.put(bucket, "x.json", b"tampered", hashlib.sha256(b"original").hexdigest())
    # And the server itself verifies the SHA-256 header we send.
    wrong = base64.b64encode(hashlib.sha256(b"original").digest()).decode()
    with pytest.raises(ClientError):
        blobs._client.put_object(Bucket=bucket, Key="y.json", Body=b"tampered", ChecksumSHA256=wrong)
    assert blobs.list_keys(bucket, "") == []


def test_embeddings_are_normalised_and_batched(container: Container) -> None:
    vectors = container.adapters.embedder.embed_passages(["I prefer Python", "I like Python", "我妈妈有高血压"])
    assert len(vectors) == 3 and all(len(v) == 384 for v in vectors)
    assert all(abs(math.sqrt(sum(x * x for x in v)) - 1.0) < 1e-4 for v in vectors)
    close = sum(a * b for a, b in zip(vectors[0], vectors[1], strict=False))
    far = sum(a * b for a, b in zip(vectors[0], vectors[2], strict=False))
    assert close > 0.8 > far
