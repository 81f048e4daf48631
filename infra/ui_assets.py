"""Fetch the inspector's graph library from the npm registry at setup time, never at run time.

`python -m infra.ui_assets` (run by `make setup`) downloads the pinned cytoscape tarball, checks it
against the registry's published `integrity` (SHA-512, the hash npm itself verifies), and keeps only
`dist/cytoscape.min.js` and the licence in MAL_UI_ASSETS_DIR (~/.cache/mal/ui). The repository holds
no third-party code; `GET /ui/vendor/...` serves the cached file. Already present and intact: no
network at all. No Node or npm is needed: the registry tarball is a plain .tgz.
"""

from __future__ import annotations

import base64
import hashlib
import io
import sys
import tarfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ASSETS", "Asset", "ensure_assets", "main"]


@dataclass(frozen=True)
class Asset:
    package: str
    version: str
    integrity: str  # "sha512-<base64>", as `npm view <package>@<version> dist.integrity` prints it
    member: str  # the file inside the tarball that the UI loads
    served_as: str  # the name under MAL_UI_ASSETS_DIR and /ui/vendor/

    @property
    def tarball(self) -> str:
        return f"https://registry.npmjs.org/{self.package}/-/{self.package}-{self.version}.tgz"


ASSETS = (
    Asset(
        package="cytoscape",
        version="3.35.0",
        integrity="sha512-sMvBIXiGMnhkCaWz2R06FwF/27MNlS+Tqvi17foO9UhnUg3XGZccKjxsvEqQFAQYMSSZmN5SxYzUYlQ0DOJJ3g==",
        member="package/dist/cytoscape.min.js",
        served_as="cytoscape.min.js",
    ),
)


def _matches(data: bytes, integrity: str) -> bool:
    algorithm, _, expected = integrity.partition("-")
    return base64.b64encode(hashlib.new(algorithm, data).digest()).decode() == expected


def _extract(asset: Asset, tarball: bytes, target: Path) -> None:
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as archive:
        files = {m.name: m for m in archive.getmembers() if m.isfile()}
        for member, name in ((asset.member, asset.served_as), ("package/LICENSE", f"{asset.package}.LICENSE")):
            handle = archive.extractfile(files[member])
            if handle is None:
                raise RuntimeError(f"{asset.package}: {member} is not a regular file")
            part = target / (name + ".part")
            part.write_bytes(handle.read())
            part.replace(target / name)  # atomic: a half-written file is never served


def ensure_assets(target: Path, fetch: bool = True) -> list[Path]:
    """Every asset under `target`, downloading what is missing; raises when a download's hash is wrong."""
    target.mkdir(parents=True, exist_ok=True)
    stamp = target / "versions.txt"
    wanted = "".join(f"{a.package}@{a.version} {a.integrity}\n" for a in ASSETS)
    have = stamp.read_text() if stamp.exists() else ""
    paths = [target / a.served_as for a in ASSETS]
    if have == wanted and all(p.exists() for p in paths):
        return paths
    if not fetch:
        raise FileNotFoundError(f"UI assets missing or outdated in {target}; run `python -m infra.ui_assets`")
    for asset in ASSETS:
        with urllib.request.urlopen(asset.tarball, timeout=60) as response:  # a fixed https URL
            tarball = response.read()
        if not _matches(tarball, asset.integrity):
            raise RuntimeError(f"{asset.tarball}: integrity mismatch (expected {asset.integrity}); nothing installed")
        _extract(asset, tarball, target)
    stamp.write_text(wanted)
    return paths


def main() -> int:
    from mal.settings import Settings

    target = Settings().ui_assets_dir
    for path in ensure_assets(target):
        print(f"[setup] UI asset {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
