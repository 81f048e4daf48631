"""BlobStore contract: the fake and versitygw agree on digests, listing and deletion."""

from __future__ import annotations

import hashlib
import secrets
from typing import Any

import pytest

from mal.errors import IntegrityError, NotFound

BUCKET = "mal-archive"


def _sha(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def test_put_get_head(blobs: Any) -> None:
    key = f"contract/{secrets.token_hex(6)}/a.json"
    body = '{"x": "中文"}'.encode()
    blobs.put(BUCKET, key, body, _sha(body))
    assert blobs.get(BUCKET, key) == body
    assert blobs.head_sha256(BUCKET, key) == _sha(body)
    assert blobs.head_sha256(BUCKET, key + ".missing") is None


def test_wrong_digest_is_refused_and_nothing_stored(blobs: Any) -> None:
    key = f"contract/{secrets.token_hex(6)}/bad.json"
    with pytest.raises(IntegrityError):
        blobs.put(BUCKET, key, b"body", _sha(b"other"))
    assert blobs.head_sha256(BUCKET, key) is None


def test_missing_object_is_not_found(blobs: Any) -> None:
    with pytest.raises(NotFound):
        blobs.get(BUCKET, f"contract/{secrets.token_hex(6)}/none.json")


def test_prefix_listing_and_delete_removes_every_version(blobs: Any) -> None:
    prefix = f"contract/{secrets.token_hex(6)}/"
    for name in ("a", "b"):
        for version in (b"1", b"2"):
            blobs.put(BUCKET, prefix + name, version, _sha(version))
    blobs.put(BUCKET, prefix.rstrip("/") + "-sibling/c", b"3", _sha(b"3"))
    assert blobs.list_keys(BUCKET, prefix) == [prefix + "a", prefix + "b"]
    assert blobs.versions(BUCKET, prefix) == 4
    assert blobs.delete_prefix(BUCKET, prefix) == 2
    assert blobs.list_keys(BUCKET, prefix) == []
    assert blobs.versions(BUCKET, prefix) == 0
    assert blobs.list_keys(BUCKET, prefix.rstrip("/") + "-sibling/") != []


def test_a_locked_object_cannot_be_deleted_or_replaced(blobs: Any) -> None:
    from datetime import UTC, datetime, timedelta

    from mal.errors import Forbidden

    key = f"contract/{secrets.token_hex(6)}/anchor.json"
    body = b'{"seq": 1}'
    blobs.put_locked("mal-export", key, body, _sha(body), datetime.now(UTC) + timedelta(days=1))
    with pytest.raises(Forbidden):
        blobs.delete("mal-export", key)
    assert blobs.get("mal-export", key) == body
    forged = b'{"seq": 2}'
    blobs.put("mal-export", key, forged, _sha(forged))  # a new version on top, the locked one stays
    assert blobs.versions("mal-export", key) == 2
    with pytest.raises(Forbidden):
        blobs.delete("mal-export", key)
