"""S3-compatible object storage (versitygw locally): archives and export bundles.

Every object is written with a SHA-256 checksum the server verifies on upload, and the hex
digest is kept in object metadata so a later reader can verify without trusting the server.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import boto3
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError, EndpointConnectionError

from mal.errors import Forbidden, IntegrityError, NotFound, StoreUnavailable

__all__ = ["S3BlobStore"]

_MISSING = {"NoSuchKey", "404", "NotFound", "NoSuchBucket"}


class S3BlobStore:
    def __init__(
        self,
        endpoint_url: str,
        region: str,
        access_key: str,
        secret_key: str,
        buckets: tuple[str, ...] = (),
        locked_buckets: tuple[str, ...] = (),
        timeout_s: float = 5.0,
        page_size: int = 1000,
    ) -> None:
        self._page_size = page_size  # S3 lists at most 1000 per page; tests use a small one
        self._buckets = buckets
        self._locked = locked_buckets
        self._client = boto3.client(
            "s3",
            endpoint_url=endpoint_url,
            region_name=region,
            aws_access_key_id=access_key,
            aws_secret_access_key=secret_key,
            config=Config(
                s3={"addressing_style": "path"},
                connect_timeout=timeout_s,
                read_timeout=max(timeout_s, 10.0),
                retries={"max_attempts": 2, "mode": "standard"},
                request_checksum_calculation="when_required",
                response_checksum_validation="when_required",
            ),
        )

    @contextmanager
    def _translate(self) -> Iterator[None]:
        try:
            yield
        except EndpointConnectionError as exc:
            raise StoreUnavailable("s3", "connection refused") from exc
        except ClientError as exc:
            code = str(exc.response.get("Error", {}).get("Code", ""))
            if code in _MISSING:
                raise NotFound(f"object not found ({code})") from exc
            if code in {"InvalidAccessKeyId", "SignatureDoesNotMatch", "AccessDenied"}:
                raise StoreUnavailable("s3", f"credentials refused ({code})") from exc
            raise StoreUnavailable("s3", code or str(exc)[:200]) from exc
        except BotoCoreError as exc:
            raise StoreUnavailable("s3", type(exc).__name__) from exc

    def ensure_schema(self) -> None:
        """Create the buckets (idempotent); the export bucket gets versioning + Object Lock."""
        with self._translate():
            existing = {b["Name"] for b in self._client.list_buckets().get("Buckets", [])}
            for bucket in self._buckets:
                if bucket in existing:
                    continue
                if bucket in self._locked:
                    self._client.create_bucket(Bucket=bucket, ObjectLockEnabledForBucket=True)
                else:
                    self._client.create_bucket(Bucket=bucket)
                self._client.put_bucket_versioning(Bucket=bucket, VersioningConfiguration={"Status": "Enabled"})

    def ready(self) -> None:
        with self._translate():
            self._client.list_buckets()

    def put(self, bucket: str, key: str, body: bytes, sha256_hex: str) -> None:
        self._put(bucket, key, body, sha256_hex)

    def put_locked(self, bucket: str, key: str, body: bytes, sha256_hex: str, retain_until: datetime) -> None:
        """Compliance-mode Object Lock on the new version: S3 refuses to delete it (even with
        governance bypass) or shorten its retention before `retain_until`."""
        self._put(bucket, key, body, sha256_hex, ObjectLockMode="COMPLIANCE", ObjectLockRetainUntilDate=retain_until)

    def _put(self, bucket: str, key: str, body: bytes, sha256_hex: str, **extra: Any) -> None:
        digest = hashlib.sha256(body).digest()
        if digest.hex() != sha256_hex:
            raise IntegrityError(f"refusing to upload {key}: body does not match its SHA-256")
        with self._translate():
            self._client.put_object(
                Bucket=bucket,
                Key=key,
                Body=body,
                ChecksumSHA256=base64.b64encode(digest).decode(),
                Metadata={"sha256": sha256_hex},
                ContentType="application/json",
                **extra,
            )

    def get(self, bucket: str, key: str) -> bytes:
        with self._translate():
            return bytes(self._client.get_object(Bucket=bucket, Key=key)["Body"].read())

    def head_sha256(self, bucket: str, key: str) -> str | None:
        """The SHA-256 recorded at upload, or None when the object does not exist."""
        try:
            with self._translate():
                head = self._client.head_object(Bucket=bucket, Key=key)
        except NotFound:
            return None
        return str(head.get("Metadata", {}).get("sha256", "")) or None

    def list_keys(self, bucket: str, prefix: str) -> list[str]:
        keys: list[str] = []
        with self._translate():
            paginator = self._client.get_paginator("list_objects_v2")
            for page in paginator.paginate(Bucket=bucket, Prefix=prefix):
                keys.extend(obj["Key"] for obj in page.get("Contents", []))
        return keys

    def delete(self, bucket: str, key: str) -> None:
        """Delete every version and delete marker of exactly `key`."""
        targets = [v for v in self._all_versions(bucket, key) if v["Key"] == key]
        with self._translate():
            if not targets:
                self._client.delete_object(Bucket=bucket, Key=key)
            for target in targets:
                self._delete_version(target)

    def delete_prefix(self, bucket: str, prefix: str) -> int:
        """Delete every version and delete marker under `prefix`, page after page (a plain delete
        in a versioned bucket leaves old versions behind: an erasure must not); returns how many
        distinct keys were removed."""
        targets = self._all_versions(bucket, prefix)
        with self._translate():
            for target in targets:
                self._delete_version(target)
        return len({t["Key"] for t in targets})

    def versions(self, bucket: str, prefix: str) -> int:
        """How many versions and delete markers exist under `prefix` (erasure verification)."""
        return len(self._all_versions(bucket, prefix))

    def _all_versions(self, bucket: str, prefix: str) -> list[dict[str, str]]:
        """Every version and delete marker under `prefix`, across every page of the listing.

        Deduplicated: versitygw 1.7 repeats a page's last entry at the top of the next page when
        the page ends on a key's first version (deleting it twice would then fail)."""
        found: dict[tuple[str, str], dict[str, str]] = {}
        with self._translate():
            paginator = self._client.get_paginator("list_object_versions")
            pages = paginator.paginate(Bucket=bucket, Prefix=prefix, PaginationConfig={"PageSize": self._page_size})
            for page in pages:
                for entry in page.get("Versions", []) + page.get("DeleteMarkers", []):
                    found[(entry["Key"], entry["VersionId"])] = {
                        "Bucket": bucket,
                        "Key": entry["Key"],
                        "VersionId": entry["VersionId"],
                    }
        return list(found.values())

    def _delete_version(self, target: dict[str, str]) -> None:
        try:
            self._client.delete_object(
                Bucket=target["Bucket"],
                Key=target["Key"],
                VersionId=target["VersionId"],
                BypassGovernanceRetention=True,
            )
        except ClientError as exc:
            # The listing that found this version just succeeded with the same credentials: a
            # refusal now is the version's Object Lock (an audit anchor), not a credentials problem.
            if str(exc.response.get("Error", {}).get("Code", "")) == "AccessDenied":
                raise Forbidden(f"{target['Key']} is under Object Lock") from exc
            raise
