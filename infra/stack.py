"""Start, stop and inspect the three real servers (Neo4j, Weaviate, versitygw) without Docker.

    python -m infra.stack up | down | status | start NAME | stop NAME
    python -m infra.stack with -- COMMAND...   # up, run COMMAND, stop only what this started
    python -m infra.stack up --weaviate-nodes 3   # Weaviate as a 3-node cluster on loopback

`--weaviate-nodes N` is remembered in data/run (later verbs act on the same nodes); pass
`--weaviate-nodes 1` to go back to the single node. Node 1 keeps the configured ports, nodes
2..N take theirs from infra/weaviate_env.py; the cluster's data is data/weaviate-cluster.

Everything is obtained from package registries and cached under the home directory
(~/.m2, the Go module and build caches, ~/.cache/mal/bin), so a second run starts in seconds.
Data lives in ./data/<name>, logs in ./data/logs, pid files in ./data/run. Each server and build
runs with a minimal environment holding only its own secrets (docs/security.md).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from infra.env import (
    BUILD_INHERITED,
    INHERITED,
    StackError,
    ensure_env_file,
    minimal_env,
    say,
)
from infra.probes import http_ok, is_zombie, port_open, tail
from infra.weaviate_build import (
    WEAVIATE_PATCH,
    WeaviateBuildError,
    write_build_module,
)
from infra.weaviate_env import node_ports, weaviate_env
from mal.settings import Settings

__all__ = ["BUILD_INHERITED", "INHERITED", "Server", "Stack", "StackError", "ensure_env_file", "minimal_env"]

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER_DIR = ROOT / "infra" / "neo4j-launcher"
BIN_CACHE = Path(os.environ.get("MAL_BIN_CACHE", Path.home() / ".cache" / "mal" / "bin"))
WEAVIATE_MODULE = "github.com/weaviate/weaviate/cmd/weaviate-server"
VERSITYGW_MODULE = "github.com/versity/versitygw/cmd/versitygw"


@dataclass
class Server:
    name: str
    port: int
    ready: Callable[[], bool]
    command: Callable[[], list[str]]
    env: Callable[[], dict[str, str]]
    install: Callable[[], None]
    endpoint: str
    extra_ports: list[int] = field(default_factory=list)
    start_timeout_s: float = 300.0  # generous: a busy 2-core machine needs >120 s for Neo4j


class Stack:
    def __init__(self, settings: Settings, data_dir: Path, weaviate_nodes: int = 1) -> None:
        self.settings = settings
        self.weaviate_nodes = weaviate_nodes
        self.data = data_dir.resolve()
        self.logs = self.data / "logs"
        self.run_dir = self.data / "run"
        neo = urlparse(settings.neo4j.uri)
        s3 = urlparse(settings.s3.endpoint_url)
        wv = settings.weaviate
        # The cached binary's name says which patch it carries (infra/weaviate_build.py).
        self.weaviate_build = f"{wv.version}-{WEAVIATE_PATCH}"
        self.servers = {
            "neo4j": Server(
                "neo4j",
                neo.port or 7687,
                ready=lambda: self._log_has("neo4j", "READY neo4j") and port_open(neo.port or 7687),
                command=self._neo4j_command,
                env=lambda: {
                    "NEO4J_HOME_DIR": str(self.data / "neo4j"),
                    "NEO4J_BOLT_HOST": neo.hostname or "127.0.0.1",
                    "NEO4J_BOLT_PORT": str(neo.port or 7687),
                    "NEO4J_PASSWORD": settings.neo4j.password.get_secret_value(),
                    "NEO4J_PAGECACHE_MB": str(settings.neo4j.pagecache_mb),
                    "NEO4J_TX_MEMORY_MB": str(settings.neo4j.tx_memory_mb),
                },
                install=self._install_neo4j,
                endpoint=settings.neo4j.uri,
            ),
            "weaviate": Server(
                "weaviate",
                wv.http_port,
                ready=lambda: http_ok(f"http://{wv.host}:{wv.http_port}/v1/.well-known/ready"),
                command=lambda: [
                    str(self._go_binary("weaviate-server", self.weaviate_build)),
                    "--host",
                    wv.host,
                    "--port",
                    str(wv.http_port),
                    "--scheme",
                    "http",
                ],
                env=lambda: self._weaviate_env(1),
                install=self._install_weaviate,
                endpoint=f"http://{wv.host}:{wv.http_port} (gRPC {wv.grpc_port})",
                extra_ports=[wv.grpc_port, *wv.cluster_ports],
            ),
            **{f"weaviate-{k}": self._weaviate_node(k) for k in range(2, weaviate_nodes + 1)},
            "s3": Server(
                "s3",
                s3.port or 7070,
                ready=lambda: http_ok(f"{settings.s3.endpoint_url}/health"),
                command=lambda: [
                    str(self._go_binary("versitygw", settings.s3.version)),
                    "--port",
                    f"{s3.hostname or '127.0.0.1'}:{s3.port or 7070}",
                    "--region",
                    settings.s3.region,
                    "--health",
                    "/health",
                    "posix",
                    "--versioning-dir",
                    str(self.data / "s3-versions"),
                    str(self.data / "s3"),
                ],
                env=lambda: {
                    "ROOT_ACCESS_KEY": settings.s3.access_key.get_secret_value(),
                    "ROOT_SECRET_KEY": settings.s3.secret_key.get_secret_value(),
                },
                install=lambda: self._go_install(VERSITYGW_MODULE, "versitygw", settings.s3.version, "~2-4 min"),
                endpoint=settings.s3.endpoint_url,
            ),
        }

    # -- installation ------------------------------------------------------------------------
    def _go_binary(self, name: str, version: str) -> Path:
        return BIN_CACHE / f"{name}-{version}" / name

    def _go_install(self, module: str, name: str, version: str, eta: str) -> None:
        target = self._go_binary(name, version)
        if target.exists():
            return
        self._go_build(
            name,
            target,
            ["go", "install", f"{module}@{version}"],
            self.data,
            {"GOBIN": str(target.parent)},
            f"{module}@{version} with go install (first time {eta}",
        )

    def _go_build(self, name: str, target: Path, command: list[str], cwd: Path, own: dict[str, str], what: str) -> None:
        """Run a Go build with the minimal build environment, CGO off, its output in data/logs."""
        if not shutil.which("go"):
            raise StackError(f"{name}: `go` is not on PATH; install Go >= 1.26 to build it")
        self.logs.mkdir(parents=True, exist_ok=True)
        log = self.logs / f"build-{name}.log"
        say(f"{name}: building {what}; log {log})")
        env = minimal_env({"CGO_ENABLED": "0", "GOFLAGS": "-mod=mod", **own}, BUILD_INHERITED)
        started = time.monotonic()
        with log.open("w") as out:
            # No -trimpath: Weaviate reads its gse dictionaries from the module cache at run time.
            code = subprocess.call(command, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=cwd)
        if code != 0 or not target.exists():
            raise StackError(f"{name}: {command[1]} failed (exit {code}); see {log}")
        say(f"{name}: built in {time.monotonic() - started:.0f}s")

    def _install_weaviate(self) -> None:
        """Weaviate with WEAVIATE_EDITS applied. `go install module@version` refuses an overlay that
        replaces files beneath GOMODCACHE, so the build runs in a throwaway module under data/build
        that requires Weaviate through a `replace` to a symlink of its module-cache directory: the
        same source and dependency versions (Weaviate's own go.sum), files reached by a path the
        overlay may replace."""
        version = self.settings.weaviate.version
        target = self._go_binary("weaviate-server", self.weaviate_build)
        if target.exists():
            return
        if not shutil.which("go"):
            raise StackError("weaviate-server: `go` is not on PATH; install Go >= 1.26 to build it")
        build_dir, overlay = self._weaviate_build_module(version)
        self._go_build(
            "weaviate-server",
            target,
            ["go", "build", "-overlay", str(overlay), "-o", str(target), WEAVIATE_MODULE],
            build_dir,
            {},
            f"{WEAVIATE_MODULE}@{version} patched ({WEAVIATE_PATCH}) with go build -overlay (first time ~10-20 min",
        )

    def _weaviate_build_module(self, version: str) -> tuple[Path, Path]:
        try:
            return write_build_module(self.data / "build", WEAVIATE_MODULE, version, minimal_env({}, BUILD_INHERITED))
        except WeaviateBuildError as exc:
            raise StackError(f"weaviate: {exc}") from exc

    def _install_neo4j(self) -> None:
        marker = LAUNCHER_DIR / "target" / "classes" / "dev" / "mal" / "neo4j" / "Launcher.class"
        lib = LAUNCHER_DIR / "target" / "lib"
        sources = [LAUNCHER_DIR / "pom.xml", *LAUNCHER_DIR.rglob("*.java")]
        if marker.exists() and lib.exists() and all(s.stat().st_mtime <= marker.stat().st_mtime for s in sources):
            return
        for tool in ("java", "mvn"):
            if not shutil.which(tool):
                raise StackError(f"neo4j: `{tool}` is not on PATH; install Java 17 and Maven")
        log = self.logs / "build-neo4j.log"
        say(f"neo4j: building the embedded launcher with Maven (first time ~1-2 min; log {log})")
        with log.open("w") as out:
            code = subprocess.call(
                ["mvn", "-B", "-q", "-f", str(LAUNCHER_DIR / "pom.xml"), "package"],
                env=minimal_env({}, BUILD_INHERITED),
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        if code != 0:
            raise StackError(f"neo4j: Maven build failed (exit {code}); see {log}")

    def _neo4j_command(self) -> list[str]:
        heap = self.settings.neo4j.heap_mb
        classpath = f"{LAUNCHER_DIR / 'target' / 'classes'}{os.pathsep}{LAUNCHER_DIR / 'target' / 'lib'}/*"
        return [
            "java",
            f"-Xms{min(heap, 1024)}m",
            f"-Xmx{heap}m",
            "-XX:+UseG1GC",
            # The same opens Neo4j's own neo4j.conf passes to the JVM.
            "--add-opens",
            "java.base/java.nio=ALL-UNNAMED",
            "--add-opens",
            "java.base/java.io=ALL-UNNAMED",
            "--add-opens",
            "java.base/sun.nio.ch=ALL-UNNAMED",
            "--enable-native-access=ALL-UNNAMED",
            "-cp",
            classpath,
            "dev.mal.neo4j.Launcher",
        ]

    def _weaviate_env(self, node: int) -> dict[str, str]:
        return weaviate_env(self.settings.weaviate, self.data, node, self.weaviate_nodes)

    def _weaviate_node(self, node: int) -> Server:
        """Node `node` > 1 of a local Weaviate cluster: the same binary and credentials as node 1."""
        wv = self.settings.weaviate
        ports = node_ports(wv, node)
        return Server(
            f"weaviate-{node}",
            ports.http,
            ready=lambda: http_ok(f"http://{wv.host}:{ports.http}/v1/.well-known/ready"),
            command=lambda: [
                str(self._go_binary("weaviate-server", self.weaviate_build)),
                "--host",
                wv.host,
                "--port",
                str(ports.http),
                "--scheme",
                "http",
            ],
            env=lambda: self._weaviate_env(node),
            install=self._install_weaviate,
            endpoint=f"http://{wv.host}:{ports.http} (gRPC {ports.grpc})",
            extra_ports=[ports.grpc, *ports.cluster],
        )

    # -- processes ---------------------------------------------------------------------------
    def _pid_file(self, name: str) -> Path:
        return self.run_dir / f"{name}.json"

    def _log(self, name: str) -> Path:
        return self.logs / f"{name}.log"

    def _log_has(self, name: str, text: str) -> bool:
        try:
            return text in self._log(name).read_text(errors="replace")
        except FileNotFoundError:
            return False

    def owned_pid(self, name: str) -> int | None:
        """The pid we started for `name`, if that process is still the one we started."""
        try:
            record = json.loads(self._pid_file(name).read_text())
        except (FileNotFoundError, ValueError):
            return None
        pid = int(record["pid"])
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            return None
        return pid if record["marker"] in cmdline else None

    def start(self, name: str) -> bool:
        """Start `name` unless it already runs; True when this call started it."""
        process = self._launch(name)
        if process is None:
            return False
        self._await_ready(name, process)
        return True

    def _launch(self, name: str) -> subprocess.Popen[bytes] | None:
        """Spawn `name` (None when it already runs); `_await_ready` waits for it. Split so the nodes
        of a Weaviate cluster start together: none is ready before a quorum has formed."""
        server = self.servers[name]
        if self.owned_pid(name) and server.ready():
            say(f"{name}: already running at {server.endpoint}")
            return None
        if self.owned_pid(name) is None and server.ready():
            say(f"{name}: a server already answers at {server.endpoint}; using it")
            return None
        server.install()
        for d in (self.logs, self.run_dir):
            d.mkdir(parents=True, exist_ok=True)
        for port in [server.port, *server.extra_ports]:
            if port_open(port):
                raise StackError(
                    f"{name}: port {port} is already in use by another process; stop it first (log {self._log(name)})"
                )
        for sub in (name, "s3-versions") if name == "s3" else (name,):
            (self.data / sub).mkdir(parents=True, exist_ok=True)
        command = server.command()
        env = minimal_env(server.env())
        with self._log(name).open("w") as log:
            process = subprocess.Popen(
                command,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                cwd=self.data,
                start_new_session=True,
            )
        # The nodes of a cluster run one binary: their marker includes the port that tells them apart.
        marker = {"neo4j": "dev.mal.neo4j.Launcher", "s3": command[0]}.get(name, " ".join(command[:5]))
        self._pid_file(name).write_text(json.dumps({"pid": process.pid, "marker": marker}))
        return process

    def _await_ready(self, name: str, process: subprocess.Popen[bytes]) -> None:
        server, log_path = self.servers[name], self._log(name)
        started = time.monotonic()
        while time.monotonic() - started < server.start_timeout_s:
            if process.poll() is not None:
                last = tail(log_path)
                raise StackError(f"{name}: exited with code {process.returncode} during start; log {log_path}:\n{last}")
            if server.ready():
                say(f"{name}: ready at {server.endpoint} in {time.monotonic() - started:.1f}s")
                return
            time.sleep(0.25)
        self.stop(name)
        raise StackError(f"{name}: not ready after {server.start_timeout_s:.0f}s; log {log_path}")

    def stop(self, name: str) -> bool:
        pid = self.owned_pid(name)
        if pid is None:
            self._pid_file(name).unlink(missing_ok=True)
            return False
        os.killpg(pid, signal.SIGTERM)
        for _ in range(120):
            if self.owned_pid(name) is None or is_zombie(pid):
                break
            time.sleep(0.25)
        else:
            os.killpg(pid, signal.SIGKILL)
        self._pid_file(name).unlink(missing_ok=True)
        say(f"{name}: stopped")
        return True

    def up(self, names: list[str] | None = None) -> list[str]:
        for d in (self.logs, self.run_dir):
            d.mkdir(parents=True, exist_ok=True)
        started = []
        try:
            # Build first (slow, CPU bound), then start: the servers then don't fight the compiler.
            for name in names or list(self.servers):
                self.servers[name].install()
            launched: list[tuple[str, subprocess.Popen[bytes]]] = []
            for name in names or list(self.servers):
                process = self._launch(name)
                if process is None:
                    continue
                started.append(name)
                launched.append((name, process))
                if not name.startswith("weaviate"):  # the Weaviate nodes start together
                    self._await_ready(*launched.pop())
            for name, process in launched:
                self._await_ready(name, process)
        except BaseException:
            for name in reversed(started):
                self.stop(name)
            raise
        return started

    def down(self, names: list[str] | None = None) -> None:
        for name in reversed(names or list(self.servers)):
            if not self.stop(name):
                say(f"{name}: not started by this stack; left alone")

    def status(self) -> dict[str, dict[str, object]]:
        return {
            name: {
                "ready": s.ready(),
                "owned_pid": self.owned_pid(name),
                "endpoint": s.endpoint,
                "log": str(self._log(name)),
            }
            for name, s in self.servers.items()
        }


if __name__ == "__main__":
    from infra.stack_cli import run

    run()
