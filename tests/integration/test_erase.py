"""Erase gaps (issue #9 item 13) and erased text surviving in stores (item 4, erase half).

The last test captures zh and en turns with unique words after an attacker started Neo4j query
statistics, erases the subject, and scans every place a store can hold text: query statistics,
Neo4j's files under data/neo4j (store and transaction logs), Weaviate, and every S3 version.
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import boto3
import neo4j
import pytest

from adapters import neo4j_cypher as cypher
from adapters.s3_blobs import S3BlobStore
from mal.bootstrap import Container
from mal.errors import NotFound
from mal.scope import SubjectScope
from mal.settings import Settings
from mal.writing import CaptureRequest

pytestmark = pytest.mark.integration
SCANS = (
    "AllNodesScan",
    "NodeByLabelScan",
    "NodeIndexScan",
    "DirectedAllRelationshipsScan",
    "UndirectedAllRelationshipsScan",
)


def s3_client(settings: Settings) -> Any:
    return boto3.client(
        "s3",
        endpoint_url=settings.s3.endpoint_url,
        region_name=settings.s3.region,
        aws_access_key_id=settings.s3.access_key.get_secret_value(),
        aws_secret_access_key=settings.s3.secret_key.get_secret_value(),
    )


def blobs(settings: Settings, page_size: int | None = None) -> S3BlobStore:
    s3 = settings.s3
    paging: dict[str, int] = {"page_size": page_size} if page_size else {}  # None: the adapter's default (1000)
    return S3BlobStore(
        s3.endpoint_url, s3.region, s3.access_key.get_secret_value(), s3.secret_key.get_secret_value(), **paging
    )


def write(c: Container, scope: SubjectScope, session: str, *texts: str) -> list[str]:
    out = c.writer.capture(
        scope, CaptureRequest(session_id=session, turns=[{"role": "user", "content": t} for t in texts])
    )
    return [w.memory.id for w in out.memories]


def user_tenant(driver: neo4j.Driver, subject: str) -> list[Any]:
    return [r["t"] for r in driver.execute_query("MATCH (u:User {key: $k}) RETURN u.tenant AS t", k=subject).records]


# -- item 13 -----------------------------------------------------------------------------------
def test_export_after_erase_is_404_and_recreates_nothing(
    container: Container, scope: SubjectScope, admin_driver: neo4j.Driver
) -> None:
    memory_id = write(container, scope, "s1", "I prefer Python", "我妈妈有高血压")[0]
    assert user_tenant(admin_driver, scope.subject) == [scope.tenant]
    container.lifecycle.export(scope)
    container.forgetter.forget(scope, memory_id)
    container.context.build(scope, "python", 5, 5, None)
    assert user_tenant(admin_driver, scope.subject) == [scope.tenant]  # every path keeps the tenant
    assert container.forgetter.erase(scope).as_dict()["verified"] is True
    with pytest.raises(NotFound):
        container.lifecycle.export(scope)
    container.context.build(scope, "python", 5, 5, None)
    assert user_tenant(admin_driver, scope.subject) == []
    assert container.adapters.graph.count_subject(scope.subject) == 0


def _operators(plan: dict[str, Any]) -> list[str]:
    return [plan["operatorType"].split("@")[0]] + [op for child in plan.get("children", []) for op in _operators(child)]


def test_erase_and_its_check_use_index_seeks_only(container: Container, admin_driver: neo4j.Driver) -> None:
    erase = cypher.ERASE_SUBJECT
    statements = list(erase.values()) if isinstance(erase, dict) else [erase]
    statements += [cypher.COUNT_SUBJECT, cypher.ERASE_USER, getattr(cypher, "FORGET_MEMORY", cypher.DELETE_MEMORY)]
    subject = secrets.token_hex(32)
    with admin_driver.session() as session:
        for statement in statements:
            plan = session.run("EXPLAIN " + statement, subject=subject, id="x", now=None).consume().plan
            operators = _operators(plan)
            assert not [op for op in operators if op in SCANS], (statement, operators)
            assert any("IndexSeek" in op for op in operators), (statement, operators)


def test_erase_deletes_every_version_across_pages(container: Container, settings: Settings) -> None:
    store = blobs(settings, page_size=5)
    bucket, prefix = settings.s3.archive_bucket, f"tenants/t-{secrets.token_hex(4)}/subjects/ab/{secrets.token_hex(8)}/"
    for i in range(7):
        for version in range(4):  # 28 versions over 7 keys
            body = json.dumps({"i": i, "v": version}).encode()
            store.put(bucket, f"{prefix}archive/{i}.json", body, __import__("hashlib").sha256(body).hexdigest())
    client = s3_client(settings)
    client.delete_object(Bucket=bucket, Key=f"{prefix}archive/0.json")  # a delete marker on top
    client.delete_object(Bucket=bucket, Key=f"{prefix}archive/1.json")
    assert store.versions(bucket, prefix) == 30 and len(store.list_keys(bucket, prefix)) == 5
    assert store.delete_prefix(bucket, prefix) == 7  # keys hidden behind delete markers are found too
    assert store.versions(bucket, prefix) == 0


def test_erase_deletes_more_than_1000_versions(container: Container, settings: Settings) -> None:
    import hashlib

    store = blobs(settings)
    bucket, key = settings.s3.archive_bucket, f"tenants/t-many/subjects/cd/{secrets.token_hex(8)}/archive/m.json"
    for version in range(1005):
        body = str(version).encode()
        store.put(bucket, key, body, hashlib.sha256(body).hexdigest())
    assert store.versions(bucket, key) == 1005
    store.delete(bucket, key)
    assert store.versions(bucket, key) == 0


# -- item 4 (erase half) -----------------------------------------------------------------------
def _files_containing(root: Path, needles: list[bytes]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for path in sorted(p for p in root.rglob("*") if p.is_file()):
        try:
            data = path.read_bytes()
        except OSError:
            continue
        hits = [n.decode() for n in needles if n in data]
        if hits:
            found[str(path.relative_to(root))] = hits
    return found


def test_erase_leaves_no_text_in_statistics_vectors_or_s3(
    container: Container,
    settings: Settings,
    scope: SubjectScope,
    admin_driver: neo4j.Driver,
) -> None:
    word = "Qx" + secrets.token_hex(5)
    zh_word = "".join(secrets.choice("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥") for _ in range(6))
    en, zh = f"I prefer {word} tea", f"我喜欢{zh_word}"
    admin_driver.execute_query("CALL db.stats.collect('QUERIES')")  # an attacker starts collecting
    write(container, scope, "s1", en, zh)
    container.lifecycle.export(scope)  # an S3 bundle holding the text
    receipt = container.forgetter.erase(scope).as_dict()
    assert receipt["verified"] is True and receipt["remaining"] == {"neo4j": 0, "weaviate": 0, "s3": 0}
    needles = [word, zh_word]

    stats = str([r.data() for r in admin_driver.execute_query("CALL db.stats.retrieve('QUERIES')").records])
    assert not [n for n in needles if n in stats], "query statistics still hold erased text"
    assert container.adapters.vectors.count_subject(scope.subject) == 0
    client = s3_client(settings)
    for bucket in (settings.s3.archive_bucket, settings.s3.export_bucket):
        left = client.list_object_versions(Bucket=bucket, Prefix=scope.blob_prefix)
        assert not left.get("Versions") and not left.get("DeleteMarkers")
    graph = str(
        [
            r.data()
            for r in admin_driver.execute_query(
                "MATCH (n) WHERE n.subject = $k OR n.key = $k RETURN n", k=scope.subject
            ).records
        ]
    )
    assert not [n for n in needles if n in graph]

    # The servers' own files. Weaviate's and the S3 server's must hold nothing; Neo4j's are
    # reported (its transaction logs are kept by the retention policy; Community 5.26 has no
    # procedure to force a checkpoint or a log rotation).
    data = Path(settings.data_dir)
    encoded = [n.encode() for n in needles]
    found = {
        name: _files_containing(data / name, encoded) if (data / name).is_dir() else None
        for name in ("weaviate", "s3", "s3-versions", "neo4j")
    }
    report = {"needles": needles, "files_holding_them": found}
    (data / "erase-scan.json").write_text(json.dumps(report, ensure_ascii=False, indent=1))
    print("erase scan:", json.dumps(report, ensure_ascii=False))
    assert not found["weaviate"] and not found["s3"] and not found["s3-versions"], found


def test_a_merged_wording_is_searched_archived_restored_and_erased_with_its_memory(
    container: Container,
    settings: Settings,
    scope: SubjectScope,
    admin_driver: neo4j.Driver,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lossless reinforcement (mal/variants.py) on the real stores: a wrong merge (forced here) keeps
    the second wording; Weaviate's BM25 finds it, the archive carries it and the hot stub does not,
    restore brings it back, and erase leaves it nowhere (graph, vectors, both buckets)."""
    from decay.policy import Decision
    from mal import dedup_gate

    monkeypatch.setattr(dedup_gate, "merges", lambda *args, **kwargs: True)
    word = "Vx" + secrets.token_hex(5)
    (first,) = write(container, scope, "s1", "I repaired my old bicycle")
    assert write(container, scope, "s2", f"I repaired my old bicycle with parts from {word}") == [first]
    stored = container.adapters.graph.get(scope.subject, first)
    assert stored is not None and stored.variants == [f"I repaired my old bicycle with parts from {word}"]
    vectors = container.adapters.vectors
    probe = container.adapters.embedder.embed_query([word])[0]
    assert [h.id for h in vectors.search(scope.subject, word, probe, 5, 0.0, None) if h.score > 0] == [first]

    archiver = container.lifecycle.archiver  # type: ignore[attr-defined]
    archiver.archive(scope, stored, Decision(first, "low_weight", 0.01))
    stub = container.adapters.graph.get(scope.subject, first)
    assert stub is not None and stub.status.value == "archived" and stub.variants == []
    hot = admin_driver.execute_query("MATCH (m:Memory {id: $id}) RETURN m", id=first).records
    assert word not in str([r.data() for r in hot])
    assert container.lifecycle.restore(scope, first).variants == stored.variants
    assert [h.id for h in vectors.search(scope.subject, word, probe, 5, 0.0, None) if h.score > 0] == [first]

    container.lifecycle.export(scope)
    assert container.forgetter.erase(scope).as_dict()["verified"] is True
    graph = admin_driver.execute_query("MATCH (n) WHERE n.subject = $k OR n.key = $k RETURN n", k=scope.subject).records
    assert word not in str([r.data() for r in graph]) and vectors.count_subject(scope.subject) == 0
    client = s3_client(settings)
    for bucket in (settings.s3.archive_bucket, settings.s3.export_bucket):
        left = client.list_object_versions(Bucket=bucket, Prefix=scope.blob_prefix)
        assert not left.get("Versions") and not left.get("DeleteMarkers")
