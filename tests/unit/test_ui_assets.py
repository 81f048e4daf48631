"""The inspector's graph library comes from npm at setup time, checked against the pinned integrity
hash: a tampered tarball installs nothing, an intact cache needs no network."""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile
from pathlib import Path
from typing import Any

import pytest

from infra import ui_assets
from infra.ui_assets import Asset, ensure_assets


def tarball(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for name, body in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(body)
            archive.addfile(info, io.BytesIO(body))
    return buffer.getvalue()


class Response(io.BytesIO):
    def __enter__(self) -> Response:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    good = tarball({"package/dist/lib.min.js": b"window.lib=1", "package/LICENSE": b"MIT"})
    integrity = "sha512-" + base64.b64encode(hashlib.sha512(good).digest()).decode()
    served: dict[str, Any] = {"body": good, "calls": 0}
    asset = Asset("lib", "1.0.0", integrity, "package/dist/lib.min.js", "lib.min.js")
    monkeypatch.setattr(ui_assets, "ASSETS", (asset,))

    def urlopen(url: str, timeout: float) -> Response:
        assert url == "https://registry.npmjs.org/lib/-/lib-1.0.0.tgz"
        served["calls"] += 1
        return Response(served["body"])

    monkeypatch.setattr(ui_assets.urllib.request, "urlopen", urlopen)
    return served


def test_installs_the_checked_file_then_uses_the_cache(tmp_path: Path, registry: dict[str, Any]) -> None:
    (path,) = ensure_assets(tmp_path)
    assert path.read_bytes() == b"window.lib=1" and (tmp_path / "lib.LICENSE").read_bytes() == b"MIT"
    ensure_assets(tmp_path)
    assert registry["calls"] == 1  # second run: nothing fetched
    assert ensure_assets(tmp_path, fetch=False) == [path]


def test_a_tampered_tarball_installs_nothing(tmp_path: Path, registry: dict[str, Any]) -> None:
    registry["body"] = tarball({"package/dist/lib.min.js": b"window.evil=1", "package/LICENSE": b"MIT"})
    with pytest.raises(RuntimeError, match="integrity mismatch"):
        ensure_assets(tmp_path)
    assert not (tmp_path / "lib.min.js").exists()
    with pytest.raises(FileNotFoundError):
        ensure_assets(tmp_path, fetch=False)


def test_the_pinned_cytoscape_integrity_is_a_sha512() -> None:
    (asset,) = [a for a in ui_assets.ASSETS if a.package == "cytoscape"]
    algorithm, _, digest = asset.integrity.partition("-")
    assert algorithm == "sha512" and len(base64.b64decode(digest)) == 64
