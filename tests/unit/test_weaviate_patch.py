"""The build-time patch that binds Weaviate's gRPC and internal data API to a host (issue #9 item 1,
infra/weaviate_build.py): applied exactly, refused loudly when upstream's text changed, built
through an overlay into a binary name of its own. Nothing is compiled here: `go` is replaced."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from infra import stack as stack_module
from infra.stack import Stack, StackError
from infra.weaviate_build import (
    WEAVIATE_DATA_BIND_VAR,
    WEAVIATE_EDITS,
    WEAVIATE_GRPC_BIND_VAR,
    WEAVIATE_PATCH,
    WeaviateBuildError,
    patch_go_source,
)
from mal.settings import Settings, WeaviateSettings

GO_FILE = 'package x\n\nimport (\n\t"fmt"\n\t"net"\n)\n\nfunc f() { net.Listen("tcp", fmt.Sprintf(":%d", 1)) }\n'


def test_patch_replaces_the_text_and_adds_only_missing_imports() -> None:
    patched = patch_go_source(
        GO_FILE, 'fmt.Sprintf(":%d", 1)', 'net.JoinHostPort(os.Getenv("H"), "1")', ("net", "os"), "x.go"
    )
    assert 'net.Listen("tcp", net.JoinHostPort(os.Getenv("H"), "1"))' in patched
    assert patched.count('\t"os"\n') == 1 and patched.count('\t"net"\n') == 1
    assert '":%d"' not in patched


@pytest.mark.parametrize("text", [GO_FILE.replace('":%d"', '"0.0.0.0:%d"'), GO_FILE + GO_FILE[10:]])
def test_patch_refuses_when_the_upstream_text_is_absent_or_repeated(text: str) -> None:
    with pytest.raises(WeaviateBuildError, match="instead of once"):
        patch_go_source(text, 'fmt.Sprintf(":%d", 1)', "X", ("os",), "x.go")


def _fake_module(root: Path, go_mod_extra: str = "", drift: bool = False) -> Path:
    """A module directory shaped like Weaviate's, holding each edit's original text."""
    for relative, original, _, _ in WEAVIATE_EDITS:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        body = original.replace(":%d", "0.0.0.0:%d") if drift else original
        path.write_text(f'package p\n\nimport (\n\t"fmt"\n)\n\nfunc f() {{\n\t{body}\n}}\n')
    (root / "go.mod").write_text(f"module github.com/weaviate/weaviate\n\ngo 1.26\n{go_mod_extra}")
    (root / "go.sum").write_text("example.org/dep v1.0.0 h1:abc=\n")
    return root


@pytest.fixture
def stack(tmp_path: Path) -> Stack:
    settings = Settings(
        _env_file=None,  # type: ignore[call-arg]
        weaviate=WeaviateSettings(api_key=SecretStr("k"), cluster_password=SecretStr("p")),
    )
    return Stack(settings, tmp_path / "data")


def _fake_download(monkeypatch: pytest.MonkeyPatch, module_dir: Path) -> None:
    def fake_run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        assert command[:3] == ["go", "mod", "download"]
        return subprocess.CompletedProcess(command, 0, json.dumps({"Dir": str(module_dir)}), "")

    monkeypatch.setattr(subprocess, "run", fake_run)


def test_build_module_maps_each_original_to_its_patched_copy(
    stack: Stack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module_dir = _fake_module(tmp_path / "modcache" / "weaviate@v1.38.11")
    _fake_download(monkeypatch, module_dir)
    build_dir, overlay = stack._weaviate_build_module("v1.38.11")
    assert build_dir == stack.data / "build" / f"weaviate-v1.38.11-{WEAVIATE_PATCH}"
    assert (build_dir / "weaviate").resolve() == module_dir.resolve()
    go_mod = (build_dir / "go.mod").read_text()
    assert "require github.com/weaviate/weaviate v1.38.11" in go_mod and "go 1.26" in go_mod
    assert (build_dir / "go.sum").read_text() == (module_dir / "go.sum").read_text()
    replace = json.loads(overlay.read_text())["Replace"]
    assert sorted(replace) == sorted(str(build_dir / "weaviate" / r) for r, _, _, _ in WEAVIATE_EDITS)
    texts = "".join(Path(copy).read_text() for copy in replace.values())
    assert '":%d"' not in texts
    assert f'os.Getenv("{WEAVIATE_GRPC_BIND_VAR}")' in texts and f'os.Getenv("{WEAVIATE_DATA_BIND_VAR}")' in texts
    assert module_dir.joinpath(WEAVIATE_EDITS[0][0]).read_text().count('":%d"') == 1  # original untouched


@pytest.mark.parametrize("case", ["drifted source", "replace directive"])
def test_build_module_fails_loudly_on_an_unexpected_upstream(
    stack: Stack, tmp_path: Path, case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    module_dir = _fake_module(
        tmp_path / "weaviate",
        drift=case == "drifted source",
        go_mod_extra="replace example.org/dep => ../dep\n" if case == "replace directive" else "",
    )
    _fake_download(monkeypatch, module_dir)
    with pytest.raises(StackError):
        stack._weaviate_build_module("v1.38.11")
    assert not list((stack.data / "build").rglob("overlay.json"))


def test_weaviate_is_built_with_the_overlay_into_a_new_binary_name(
    stack: Stack, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unpatched binary cached under the old name (weaviate-server-v1.38.11) is not reused."""
    monkeypatch.setattr(stack_module, "BIN_CACHE", tmp_path / "bin")
    old = tmp_path / "bin" / "weaviate-server-v1.38.11" / "weaviate-server"
    old.parent.mkdir(parents=True)
    old.write_text("unpatched")
    monkeypatch.setenv("MAL_PEPPER", "pepper-secret")
    monkeypatch.setattr(shutil, "which", lambda tool: f"/usr/bin/{tool}")
    build_dir = tmp_path / "build"
    monkeypatch.setattr(stack, "_weaviate_build_module", lambda version: (build_dir, build_dir / "overlay.json"))
    calls: list[tuple[list[str], dict[str, Any]]] = []

    def fake_call(command: list[str], **kwargs: Any) -> int:
        calls.append((command, kwargs))
        Path(command[command.index("-o") + 1]).parent.mkdir(parents=True, exist_ok=True)
        Path(command[command.index("-o") + 1]).write_text("patched")
        return 0

    monkeypatch.setattr(subprocess, "call", fake_call)
    stack.servers["weaviate"].install()
    [(command, kwargs)] = calls
    target = tmp_path / "bin" / f"weaviate-server-v1.38.11-{WEAVIATE_PATCH}" / "weaviate-server"
    assert command == [
        "go",
        "build",
        "-overlay",
        str(build_dir / "overlay.json"),
        "-o",
        str(target),
        "github.com/weaviate/weaviate/cmd/weaviate-server",
    ]
    assert kwargs["cwd"] == build_dir
    assert kwargs["env"]["CGO_ENABLED"] == "0" and not [k for k in kwargs["env"] if k.startswith("MAL_")]
    assert stack.servers["weaviate"].command()[0] == str(target)
    stack.servers["weaviate"].install()  # cached now: no second build
    assert len(calls) == 1


def test_weaviate_env_binds_grpc_to_its_host_and_data_api_to_loopback(stack: Stack) -> None:
    env = stack.servers["weaviate"].env()
    assert env[WEAVIATE_GRPC_BIND_VAR] == stack.settings.weaviate.host == "127.0.0.1"
    assert env[WEAVIATE_DATA_BIND_VAR] == env["CLUSTER_BIND_ADDR"] == "127.0.0.1"
