"""Start, stop and inspect the three real servers (Neo4j, Weaviate, versitygw) without Docker.

    python -m infra.stack up | down | status | start NAME | stop NAME
    python -m infra.stack with -- COMMAND...   # up, run COMMAND, stop only what this started

Everything is obtained from package registries and cached under the home directory
(~/.m2, the Go module and build caches, ~/.cache/mal/bin), so a second run starts in seconds.
Data lives in ./data/<name>, logs in ./data/logs, pid files in ./data/run. Each server and build
runs with a minimal environment holding only its own secrets (docs/security.md).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from infra.weaviate_build import (
    WEAVIATE_DATA_BIND_VAR,
    WEAVIATE_GRPC_BIND_VAR,
    WEAVIATE_PATCH,
    WeaviateBuildError,
    write_build_module,
)
from mal.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
LAUNCHER_DIR = ROOT / "infra" / "neo4j-launcher"
BIN_CACHE = Path(os.environ.get("MAL_BIN_CACHE", Path.home() / ".cache" / "mal" / "bin"))
WEAVIATE_MODULE = "github.com/weaviate/weaviate/cmd/weaviate-server"
VERSITYGW_MODULE = "github.com/versity/versitygw/cmd/versitygw"

# Gossip, Raft and Raft RPC (CLUSTER_BIND_ADDR) and the internal data API: one single-node cluster.
CLUSTER_ADDR = "127.0.0.1"


# What a server may inherit from whoever ran the stack; everything else it needs is set explicitly
# (its own settings and its own secrets only). The API's environment holds the pepper, every API
# key and every store's password (MAL_*), plus whatever else the shell carries (cloud credentials,
# LD_PRELOAD...): none of it may reach a server that analysts can make read its own environment.
INHERITED = ("PATH", "HOME", "LANG", "LC_ALL", "TZ", "TMPDIR", "JAVA_HOME")
# Builds (`go install`, `mvn`) also fetch from the Go module proxy and Maven Central: they keep the
# toolchains' own variables, the network proxy and this machine's CA bundle, still no MAL_* secret.
BUILD_INHERITED = (
    *INHERITED,
    "GOPATH",
    "GOMODCACHE",
    "GOCACHE",
    "GOROOT",
    "GOTOOLCHAIN",
    "GOPROXY",
    "GOSUMDB",
    "GONOSUMDB",
    "GONOPROXY",
    "GOPRIVATE",
    "GOINSECURE",
    "GOENV",
    "XDG_CACHE_HOME",
    "XDG_CONFIG_HOME",
    "MAVEN_OPTS",
    "MAVEN_ARGS",
    "M2_HOME",
    "MAVEN_HOME",
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "NO_PROXY",
    "http_proxy",
    "https_proxy",
    "no_proxy",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
)


def minimal_env(own: Mapping[str, str], inherit: tuple[str, ...] = INHERITED) -> dict[str, str]:
    """A child's whole environment: the few inherited variables that are set, then its own."""
    env = {name: os.environ[name] for name in inherit if os.environ.get(name)}
    env.setdefault("PATH", os.defpath)
    env.setdefault("LANG", "C.UTF-8")
    env.update(own)
    return env


class StackError(RuntimeError):
    """A server could not be installed or started; the message names it and its log."""


def say(message: str) -> None:
    print(f"[stack] {message}", flush=True)


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
    start_timeout_s: float = 120.0


class Stack:
    def __init__(self, settings: Settings, data_dir: Path) -> None:
        self.settings = settings
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
                ready=lambda: self._log_has("neo4j", "READY neo4j") and _port_open(neo.port or 7687),
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
                ready=lambda: _http_ok(f"http://{wv.host}:{wv.http_port}/v1/.well-known/ready"),
                command=lambda: [
                    str(self._go_binary("weaviate-server", self.weaviate_build)),
                    "--host",
                    wv.host,
                    "--port",
                    str(wv.http_port),
                    "--scheme",
                    "http",
                ],
                env=self._weaviate_env,
                install=self._install_weaviate,
                endpoint=f"http://{wv.host}:{wv.http_port} (gRPC {wv.grpc_port})",
                extra_ports=[wv.grpc_port, *wv.cluster_ports],
            ),
            "s3": Server(
                "s3",
                s3.port or 7070,
                ready=lambda: _http_ok(f"{settings.s3.endpoint_url}/health"),
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

    def _weaviate_env(self) -> dict[str, str]:
        """Weaviate's whole configuration. Listeners: REST on --host and gRPC on the same host
        (WEAVIATE_GRPC_BIND_HOST, our build's patch); gossip (TCP+UDP), Raft, Raft RPC
        (CLUSTER_BIND_ADDR) and the internal data API (WEAVIATE_CLUSTER_DATA_BIND_HOST, patched) on
        CLUSTER_ADDR. Still the data API requires CLUSTER_BASIC_AUTH_* and gRPC the API key. No
        profiling/debug listener, no metrics listener."""
        wv = self.settings.weaviate
        cluster_password = wv.cluster_password.get_secret_value()
        if not cluster_password:
            raise StackError(
                "weaviate: MAL_WEAVIATE__CLUSTER_PASSWORD is empty; the internal cluster API "
                "would accept anyone (a generated .env has one)"
            )
        return {
            "PERSISTENCE_DATA_PATH": str(self.data / "weaviate"),
            "DEFAULT_VECTORIZER_MODULE": "none",
            "ENABLE_MODULES": "",
            "DISABLE_TELEMETRY": "true",
            "CLUSTER_HOSTNAME": "node1",
            "CLUSTER_IN_LOCALHOST": "true",
            "CLUSTER_ADVERTISE_ADDR": CLUSTER_ADDR,
            "CLUSTER_BIND_ADDR": CLUSTER_ADDR,
            WEAVIATE_DATA_BIND_VAR: CLUSTER_ADDR,
            "CLUSTER_GOSSIP_BIND_PORT": str(wv.cluster_ports[0]),
            "CLUSTER_DATA_BIND_PORT": str(wv.cluster_ports[1]),
            "CLUSTER_BASIC_AUTH_USERNAME": wv.cluster_user,
            "CLUSTER_BASIC_AUTH_PASSWORD": cluster_password,
            "RAFT_PORT": str(wv.cluster_ports[2]),
            "RAFT_INTERNAL_RPC_PORT": str(wv.cluster_ports[3]),
            "RAFT_BOOTSTRAP_EXPECT": "1",
            "GRPC_PORT": str(wv.grpc_port),
            WEAVIATE_GRPC_BIND_VAR: wv.host,
            # The pprof/debug listener binds ":6060" on every interface, clashes between side-by-side
            # stacks and serves heap dumps: off. Metrics (":2112") stay off too.
            "GO_PROFILING_DISABLE": "true",
            "DEBUG_ENDPOINTS_ENABLED": "false",
            "PROMETHEUS_MONITORING_ENABLED": "false",
            "GOMEMLIMIT": "3GiB",
            "QUERY_DEFAULTS_LIMIT": "25",
            "LOG_LEVEL": "warning",
            "ENABLE_TOKENIZER_GSE_CH": "true",
            "AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED": "false",
            "AUTHENTICATION_APIKEY_ENABLED": "true",
            "AUTHENTICATION_APIKEY_ALLOWED_KEYS": wv.api_key.get_secret_value(),
            "AUTHENTICATION_APIKEY_USERS": "mal",
            "AUTOSCHEMA_ENABLED": "false",
        }

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
        server = self.servers[name]
        if self.owned_pid(name) and server.ready():
            say(f"{name}: already running at {server.endpoint}")
            return False
        if self.owned_pid(name) is None and server.ready():
            say(f"{name}: a server already answers at {server.endpoint}; using it")
            return False
        server.install()
        for d in (self.logs, self.run_dir):
            d.mkdir(parents=True, exist_ok=True)
        for port in [server.port, *server.extra_ports]:
            if _port_open(port):
                raise StackError(
                    f"{name}: port {port} is already in use by another process; stop it first (log {self._log(name)})"
                )
        for sub in (name, "s3-versions") if name == "s3" else (name,):
            (self.data / sub).mkdir(parents=True, exist_ok=True)
        command = server.command()
        env = minimal_env(server.env())
        log_path = self._log(name)
        with log_path.open("w") as log:
            process = subprocess.Popen(
                command,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                cwd=self.data,
                start_new_session=True,
            )
        marker = "dev.mal.neo4j.Launcher" if name == "neo4j" else command[0]
        self._pid_file(name).write_text(json.dumps({"pid": process.pid, "marker": marker}))
        started = time.monotonic()
        while time.monotonic() - started < server.start_timeout_s:
            if process.poll() is not None:
                tail = _tail(log_path)
                raise StackError(f"{name}: exited with code {process.returncode} during start; log {log_path}:\n{tail}")
            if server.ready():
                say(f"{name}: ready at {server.endpoint} in {time.monotonic() - started:.1f}s")
                return True
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
            if self.owned_pid(name) is None or _is_zombie(pid):
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
            for name in names or list(self.servers):
                if self.start(name):
                    started.append(name)
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


def _port_open(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.3)
        return sock.connect_ex((host, port)) == 0


def _http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1.0) as response:
            return 200 <= int(response.status) < 300
    except (urllib.error.URLError, OSError, ValueError):
        return False


def _is_zombie(pid: int) -> bool:
    try:
        return bool(Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z")
    except OSError:
        return True


def _tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except FileNotFoundError:
        return "(no log)"


DEV_ENV_TEMPLATE = """# Development secrets generated by `python -m infra.stack` on first use. Not for production:
# set these variables in the environment instead (see README, Configuration).
MAL_PEPPER={pepper}
MAL_NEO4J__PASSWORD={neo4j}
MAL_WEAVIATE__API_KEY={weaviate}
MAL_S3__ACCESS_KEY={s3_access}
MAL_S3__SECRET_KEY={s3_secret}
MAL_API_KEYS=[{{"key":"{api_key}","tenant":"dev","scopes":["agent","analyst","auditor","admin"]}}]
"""
# Secrets added after a .env was first generated: appended to an existing file when missing.
LATER_SECRETS: dict[str, Callable[[], str]] = {
    "MAL_NEO4J__ANALYST_PASSWORD": lambda: secrets.token_hex(16),
    "MAL_WEAVIATE__CLUSTER_PASSWORD": lambda: secrets.token_hex(24),
}


def ensure_env_file(path: Path) -> bool:
    """Create .env with random development secrets unless it exists; True if created. An existing
    file gains any secret it lacks (added by a later version), never loses or changes one."""
    if path.exists():
        present = {line.split("=", 1)[0].strip() for line in path.read_text().splitlines() if "=" in line}
        missing = [name for name in LATER_SECRETS if name not in present]
        if missing:
            with path.open("a") as out:
                out.writelines(f"{name}={LATER_SECRETS[name]()}\n" for name in missing)
            say(f"added {', '.join(missing)} to {path}")
        return False
    path.write_text(
        DEV_ENV_TEMPLATE.format(
            pepper=secrets.token_hex(32),
            neo4j=secrets.token_hex(16),
            weaviate=secrets.token_hex(24),
            s3_access="mal" + secrets.token_hex(8),
            s3_secret=secrets.token_hex(24),
            api_key="dev-" + secrets.token_urlsafe(24),
        )
        + "".join(f"{name}={make()}\n" for name, make in LATER_SECRETS.items())
    )
    path.chmod(0o600)
    return True


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help"}:
        print(__doc__)
        return 0
    env_file = ROOT / ".env"
    if ensure_env_file(env_file):
        say(f"generated development secrets in {env_file} (mode 600; not for production)")
    os.chdir(ROOT)
    settings = Settings()
    stack = Stack(settings, ROOT / settings.data_dir)
    verb, rest = argv[0], argv[1:]
    try:
        if verb == "up":
            stack.up(rest or None)
            _print_endpoints(stack)
        elif verb == "down":
            stack.down(rest or None)
        elif verb == "start":
            stack.start(rest[0])
        elif verb == "stop":
            stack.stop(rest[0])
        elif verb == "status":
            print(json.dumps(stack.status(), indent=2))
            return 0 if all(s["ready"] for s in stack.status().values()) else 1
        elif verb == "with":
            command = rest[1:] if rest[:1] == ["--"] else rest
            if not command:
                raise StackError("usage: python -m infra.stack with -- COMMAND...")
            started = stack.up()
            _print_endpoints(stack)
            try:
                return subprocess.call(command)
            except KeyboardInterrupt:
                return 130
            finally:
                if started:
                    stack.down(started)
        else:
            print(f"unknown command {verb!r}\n{__doc__}", file=sys.stderr)
            return 2
    except StackError as exc:
        print(f"[stack] ERROR {exc}", file=sys.stderr, flush=True)
        return 1
    return 0


def _print_endpoints(stack: Stack) -> None:
    for name, server in stack.servers.items():
        say(f"{name:9s} {server.endpoint}")


if __name__ == "__main__":
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    sys.exit(main(sys.argv[1:]))
