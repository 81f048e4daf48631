"""Weaviate's build-time patch: its gRPC server and internal cluster data API take their listen
host from an environment variable instead of binding every interface (issue #9 item 1).

Upstream v1.38.11 hard-codes ":port" for both, with no setting to change it. The stack applies
WEAVIATE_EDITS through `go build -overlay` (the module cache stays pristine, no Weaviate source
lives in this repository). An unset or empty variable keeps upstream's ":port". If an original
text is not found exactly once the build stops: a version bump must not silently produce an
unpatched binary. Changing an edit means changing WEAVIATE_PATCH, which names the cached binary,
so no older build is reused. Go refuses an overlay for files beneath GOMODCACHE, which is where
`go install module@version` reads them, hence the throwaway build module (write_build_module).
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

WEAVIATE_PATCH = "loopback1"
WEAVIATE_GRPC_BIND_VAR = "WEAVIATE_GRPC_BIND_HOST"
WEAVIATE_DATA_BIND_VAR = "WEAVIATE_CLUSTER_DATA_BIND_HOST"
# (file in the module, original text, replacement, standard-library imports the replacement uses)
WEAVIATE_EDITS: tuple[tuple[str, str, str, tuple[str, ...]], ...] = (
    (
        "adapters/handlers/grpc/server.go",
        'lis, err := net.Listen("tcp", fmt.Sprintf(":%d",\n\t\tstate.ServerConfig.Config.GRPC.Port))',
        (
            f'lis, err := net.Listen("tcp", net.JoinHostPort(os.Getenv("{WEAVIATE_GRPC_BIND_VAR}"),\n'
            "\t\tfmt.Sprint(state.ServerConfig.Config.GRPC.Port)))"
        ),
        ("net", "os"),
    ),
    (
        "adapters/handlers/rest/clusterapi/serve.go",
        'Addr:      fmt.Sprintf(":%d", port),',
        f'Addr:      net.JoinHostPort(os.Getenv("{WEAVIATE_DATA_BIND_VAR}"), fmt.Sprint(port)),',
        ("net", "os"),
    ),
)


class WeaviateBuildError(RuntimeError):
    """The patch or its build module could not be prepared; the message says what to review."""


def patch_go_source(text: str, original: str, replacement: str, imports: tuple[str, ...], what: str) -> str:
    """`text` with `original` replaced by `replacement` and any of `imports` it lacks added to its
    import block. WeaviateBuildError unless `original` occurs exactly once and the file has one
    `import (` block: better no build than a binary that silently listens where it did before."""
    count = text.count(original)
    if count != 1:
        raise WeaviateBuildError(
            f"{what}: the text to patch occurs {count} times instead of once; the "
            "upstream source changed, so review WEAVIATE_EDITS in "
            f"infra/weaviate_build.py:\n{original}"
        )
    text = text.replace(original, replacement)
    missing = [name for name in imports if f'\t"{name}"\n' not in text]
    if missing:
        if text.count("\nimport (\n") != 1:
            raise WeaviateBuildError(f"{what}: no single `import (` block to add {missing} to")
        text = text.replace("\nimport (\n", "\nimport (\n" + "".join(f'\t"{n}"\n' for n in missing), 1)
    return text


def write_build_module(build_root: Path, main_package: str, version: str, env: dict[str, str]) -> tuple[Path, Path]:
    """Download Weaviate's module (`go mod download`, with `env`); write under `build_root` the
    build module (go.mod requiring Weaviate through a `replace` to a `weaviate` symlink of its
    module-cache directory, Weaviate's own go.sum: same source, same dependency versions), the
    patched copies of WEAVIATE_EDITS' files and the overlay JSON. Return (module dir, overlay)."""
    module = main_package.removesuffix("/cmd/weaviate-server")
    build_root.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        ["go", "mod", "download", "-json", f"{module}@{version}"],
        env=env,
        cwd=build_root,
        capture_output=True,
        text=True,
        check=False,
    )
    try:
        source = Path(json.loads(result.stdout)["Dir"])
    except (ValueError, KeyError) as exc:
        raise WeaviateBuildError(
            f"go mod download {module}@{version} failed (exit {result.returncode}): "
            f"{result.stdout.strip()} {result.stderr.strip()}"
        ) from exc
    go_mod = (source / "go.mod").read_text()
    # A replace or exclude in Weaviate's go.mod would not apply to a dependency: refuse rather than
    # build with other versions than upstream's.
    foreign = re.findall(r"^\s*(replace|exclude)\b", go_mod, re.MULTILINE)
    go_line = re.search(r"^go \S+$", go_mod, re.MULTILINE)
    if foreign or not go_line:
        raise WeaviateBuildError(
            f"{version}: go.mod has {sorted(set(foreign)) or 'no go line'}; review "
            "write_build_module in infra/weaviate_build.py"
        )
    patched = {
        relative: patch_go_source(
            (source / relative).read_text(), original, replacement, imports, f"weaviate {version} {relative}"
        )
        for relative, original, replacement, imports in WEAVIATE_EDITS
    }
    build_dir = build_root / f"weaviate-{version}-{WEAVIATE_PATCH}"
    build_dir.mkdir(parents=True, exist_ok=True)
    link = build_dir / "weaviate"
    if link.is_symlink() or link.exists():
        link.unlink()
    link.symlink_to(source, target_is_directory=True)
    (build_dir / "go.mod").write_text(
        "// Generated by infra/weaviate_build.py to build Weaviate with an overlay; not part of the project.\n"
        f"module mal.invalid/weaviate-build\n\n{go_line.group(0)}\n\n"
        f"require {module} {version}\n\nreplace {module} => ./weaviate\n"
    )
    (build_dir / "go.sum").write_text((source / "go.sum").read_text())
    replace = {}
    for relative, text in patched.items():
        copy = build_dir / "patched" / relative
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(text)
        replace[str(link / relative)] = str(copy)
    overlay = build_dir / "overlay.json"
    overlay.write_text(json.dumps({"Replace": replace}, indent=2))
    return build_dir, overlay
