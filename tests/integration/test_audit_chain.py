"""The tamper-evident audit chain on the real stack: an event edited or deleted in Neo4j is named
by verify, an anchor in S3 Object Lock cannot be deleted or silently replaced, and concurrent
appenders (threads standing in for API replicas, each with its own buffer) never fork the chain."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator

import boto3
import neo4j
import pytest
from botocore.exceptions import ClientError

from mal.audit_chain import AuditRecorder, anchor_prefix
from mal.bootstrap import Container
from mal.clock import SystemClock
from mal.errors import Forbidden
from mal.settings import Settings

pytestmark = pytest.mark.integration
# Every recorder a test makes, closed when the test ends: verify and anchor record events of their
# own, and a recorder left open flushed them from its thread after the session had closed the
# driver ("audit flush failed ... Driver closed" at the end of every run).
_OPEN: list[AuditRecorder] = []


@pytest.fixture(autouse=True)
def _close_recorders() -> Iterator[None]:
    yield
    while _OPEN:
        _OPEN.pop().close()


def _recorder(container: Container) -> AuditRecorder:
    adapters = container.adapters
    recorder = AuditRecorder(adapters.graph, adapters.blobs, SystemClock(), "mal-export", flush_s=0.2)
    _OPEN.append(recorder)
    return recorder


def _tenant_with_events(container: Container, n: int = 6) -> tuple[str, AuditRecorder]:
    tenant = f"audit-{secrets.token_hex(4)}"
    recorder = _recorder(container)
    for i in range(n):
        recorder.record(tenant, "search", "key-1", None, [f"m{i}"], {"results": i})
    recorder.flush()
    return tenant, recorder


def test_an_event_edited_in_neo4j_is_named(container: Container, admin_driver: neo4j.Driver) -> None:
    tenant, recorder = _tenant_with_events(container)
    assert recorder.verify(tenant).ok
    admin_driver.execute_query(
        "MATCH (l:AuditLink {tenant: $tenant, seq: 4}) SET l.counts = '{\"results\": 0}'", tenant=tenant
    )
    report = recorder.verify(tenant)
    assert not report.ok and report.first_broken == {"seq": 4, "reason": "content does not match its hash"}


def test_an_event_deleted_in_neo4j_is_named(container: Container, admin_driver: neo4j.Driver) -> None:
    tenant, recorder = _tenant_with_events(container)
    admin_driver.execute_query("MATCH (l:AuditLink {tenant: $tenant, seq: 2}) DELETE l", tenant=tenant)
    report = recorder.verify(tenant)
    assert not report.ok and report.first_broken is not None and report.first_broken["seq"] == 2
    tenant, recorder = _tenant_with_events(container)
    admin_driver.execute_query("MATCH (l:AuditLink {tenant: $tenant, seq: 6}) DELETE l", tenant=tenant)
    report = recorder.verify(tenant)
    assert report.first_broken == {"seq": 6, "reason": "events after 5 are missing"}


def test_the_anchored_head_cannot_be_deleted_or_replaced(container: Container, settings: Settings) -> None:
    tenant, recorder = _tenant_with_events(container)
    anchored = recorder.anchor(tenant)
    assert [a["seq"] for a in anchored] == [6]
    key = anchored[0]["key"]
    assert key.startswith(anchor_prefix(tenant))
    blobs = container.adapters.blobs
    with pytest.raises(Forbidden):
        blobs.delete("mal-export", key)
    s3 = settings.s3
    raw = boto3.client(
        "s3",
        endpoint_url=s3.endpoint_url,
        region_name=s3.region,
        aws_access_key_id=s3.access_key.get_secret_value(),
        aws_secret_access_key=s3.secret_key.get_secret_value(),
    )
    version = raw.list_object_versions(Bucket="mal-export", Prefix=key)["Versions"][0]["VersionId"]
    with pytest.raises(ClientError):  # even the root credentials, even with the governance bypass
        raw.delete_object(Bucket="mal-export", Key=key, VersionId=version, BypassGovernanceRetention=True)
    assert raw.get_object(Bucket="mal-export", Key=key, VersionId=version)["Body"].read()
    report = recorder.verify(tenant)
    assert report.ok and report.anchor_matches and report.latest_anchor["seq"] == 6  # type: ignore[index]
    raw.put_object(Bucket="mal-export", Key=key, Body=b'{"seq": 6, "hash": "forged"}')  # a version on top
    report = recorder.verify(tenant)
    assert not report.ok and any("overwritten" in p for p in report.problems)


def test_rewritten_history_below_an_anchor_is_caught(container: Container, admin_driver: neo4j.Driver) -> None:
    tenant, recorder = _tenant_with_events(container, 3)
    recorder.anchor(tenant)
    # someone with Neo4j admin drops the whole chain and its head and writes a consistent new one
    admin_driver.execute_query(
        "MATCH (n) WHERE (n:AuditLink OR n:AuditHead) AND n.tenant = $t DETACH DELETE n", t=tenant
    )
    for i in range(3):
        recorder.record(tenant, "search", "key-1", None, [f"x{i}"], {"results": 0})
    recorder.flush()
    report = recorder.verify(tenant)
    assert report.first_broken is None and report.anchor_matches is False and not report.ok


def test_concurrent_replicas_never_fork_the_chain(container: Container) -> None:
    tenant = f"audit-{secrets.token_hex(4)}"
    replicas = [_recorder(container) for _ in range(4)]
    errors: list[BaseException] = []

    def work(recorder: AuditRecorder) -> None:
        try:
            for i in range(40):
                recorder.record(tenant, "write", "key-1", None, [f"m{i}"], {"created": 1})
                if i % 5 == 4:
                    recorder.flush()
        except BaseException as exc:  # a thread's failure must fail the test
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(r,)) for r in replicas]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in replicas:
        r.close()
    assert not errors
    report = replicas[0].verify(tenant)
    assert report.ok and report.events == 160 and report.head_seq == 160
