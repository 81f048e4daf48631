"""Fault injection against the local stack: break each store and the API on purpose during a stream
of captures, forgets and archive runs, then repair and count what the clients were promised.

    python -m bench.faults --per-target 100 --kills 2        # the full run (`make test-faults`)

Targets: neo4j, weaviate, s3 (each behind a loopback TCP proxy, tcp_proxy.py) and the API process
(its own `mal serve`, also behind a proxy). Faults: `cut` (the proxy resets every connection and
refuses new ones for 0.2-1.2 s), `stop` (SIGSTOP, then SIGCONT after 0.2-1.2 s), `kill` (SIGKILL,
then a restart: the store through infra/stack.py, the API as a new process). Only processes this
worktree's stack started are signalled. After the stream: heal everything, retry what never got an
answer (as a client would), run repair, and check the stores (bench/faults_check.py); then erase
some subjects through the API and check that nothing is left.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from bench.faults_check import Ledger, verify, verify_erased
from infra.stack import Stack
from infra.tcp_proxy import ProxyHub, TcpProxy
from mal.bootstrap import Container, build
from mal.settings import Settings

__all__ = ["FaultRun", "main"]

ROOT = Path(__file__).resolve().parent.parent
TENANT = "faults"  # each run gets its own tenant under this prefix (FaultRun.tenant)
TARGETS = ("neo4j", "weaviate", "s3", "api")
# captures the healed system acknowledges before the next fault (`FaultRun._await_traffic`)
ACKS_BETWEEN_FAULTS = 2
EN = ["green tea", "crimson kayaks", "jazz records", "mountain bikes", "rye bread", "chess openings", "oolong"]
ZH = ["绿茶", "红色的皮划艇", "爵士唱片", "山地车", "黑麦面包", "国际象棋", "乌龙茶"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_api_ready(port: int, timeout: float, failure: str) -> None:
    """Poll /readyz of an API this bench started until it answers 200 (the benches' one wait)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError(failure)


def _turn(rng: random.Random) -> str:
    n = rng.randrange(1_000_000)
    if rng.random() < 0.5:
        return f"I prefer {rng.choice(EN)} number {n}"
    return f"我喜欢{n}号{rng.choice(ZH)}"


@dataclass
class Counts:
    faults: dict[str, dict[str, int]] = field(default_factory=lambda: {t: {} for t in TARGETS})
    ops: dict[str, int] = field(default_factory=dict)

    def fault(self, target: str, kind: str) -> None:
        self.faults[target][kind] = self.faults[target].get(kind, 0) + 1

    def op(self, name: str) -> None:
        self.ops[name] = self.ops.get(name, 0) + 1


class FaultRun:
    def __init__(
        self,
        settings: Settings,
        per_target: int,
        kills: dict[str, int],
        seed: int,
        users: int = 12,
        progress: bool = False,
        store_signals: bool = True,
    ) -> None:
        self.settings, self.per_target, self.kills, self.progress = settings, per_target, kills, progress
        # False: the stores only get network cuts (the real processes are left alone, so the run
        # can share the stack with other tests); the API process still gets every kind.
        self.store_signals = store_signals
        self.budget_s = 0.0  # stop injecting after this many seconds (0: run the whole plan)
        self.rng = random.Random(seed)
        # A tenant of its own: the archive runs of the stream then scan only this run's memories, not
        # every earlier run's on a long-lived stack (816 leftovers starved the reduced run's stream).
        self.tenant = f"{TENANT}-{secrets.token_hex(3)}"
        self.users = [f"fault-user-{secrets.token_hex(4)}-{i}" for i in range(users)]
        self.ledger = Ledger(users=set(self.users))
        self.counts = Counts()
        self.keys = {"agent": "fa-" + secrets.token_hex(16), "admin": "fd-" + secrets.token_hex(16)}
        self.stack = Stack(settings, settings.data_dir)
        self.hub = ProxyHub()
        neo_port = int(settings.neo4j.uri.rsplit(":", 1)[1])
        s3_port = int(settings.s3.endpoint_url.rsplit(":", 1)[1])
        self.proxies: dict[str, list[TcpProxy]] = {
            "neo4j": [self.hub.proxy(neo_port)],
            "weaviate": [self.hub.proxy(settings.weaviate.http_port), self.hub.proxy(settings.weaviate.grpc_port)],
            "s3": [self.hub.proxy(s3_port)],
        }
        self.api_port = _free_port()
        self.proxies["api"] = [self.hub.proxy(self.api_port)]
        self.api: subprocess.Popen[bytes] | None = None
        self._api_log: Any = None
        self.pending: list[tuple[str, dict[str, Any]]] = []  # captures without an answer, to retry
        self.stop_stream = threading.Event()
        self.proxied = self._proxied_settings()
        self.worker: Container | None = None  # archive runs, through the proxies

    # -- set-up ---------------------------------------------------------------------------------
    def _proxied_settings(self) -> Settings:
        s, p = self.settings, self.proxies
        lifecycle = s.lifecycle.model_copy(update={"hot_set_cap": 4, "repair_interval_s": 10, "repair_grace_s": 5})
        return s.model_copy(
            update={
                "neo4j": s.neo4j.model_copy(update={"uri": f"bolt://127.0.0.1:{p['neo4j'][0].port}"}),
                "weaviate": s.weaviate.model_copy(
                    update={"http_port": p["weaviate"][0].port, "grpc_port": p["weaviate"][1].port}
                ),
                "s3": s.s3.model_copy(update={"endpoint_url": f"http://127.0.0.1:{p['s3'][0].port}"}),
                "lifecycle": lifecycle,
            }
        )

    def _api_env(self) -> dict[str, str]:
        s, p = self.proxied, self.proxies
        keys = [
            {"key": self.keys["agent"], "tenant": self.tenant, "scopes": ["agent"]},
            {"key": self.keys["admin"], "tenant": self.tenant, "scopes": ["admin"]},
        ]
        return {
            **os.environ,
            "MAL_NEO4J__URI": s.neo4j.uri,
            "MAL_WEAVIATE__HTTP_PORT": str(p["weaviate"][0].port),
            "MAL_WEAVIATE__GRPC_PORT": str(p["weaviate"][1].port),
            "MAL_S3__ENDPOINT_URL": s.s3.endpoint_url,
            "MAL_API_KEYS": json.dumps(keys),
            "MAL_RATE_LIMIT_PER_MINUTE": "1000000",
            "MAL_LIFECYCLE__HOT_SET_CAP": "4",
            "MAL_LIFECYCLE__REPAIR_INTERVAL_S": "10",
            "MAL_LIFECYCLE__REPAIR_GRACE_S": "5",
            "MAL_LOG_LEVEL": "WARNING",
        }

    def start_api(self) -> None:
        if self._api_log is not None:
            self._api_log.close()
        self._api_log = log = (self.settings.data_dir / "logs" / "faults-api.log").open("ab")
        self.api = subprocess.Popen(
            [sys.executable, "-m", "mal", "serve", "--port", str(self.api_port)],
            env=self._api_env(),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
        self.wait_ready(timeout=900)  # the model load takes minutes on a loaded 2-core machine

    def wait_ready(self, timeout: float = 300) -> None:
        wait_api_ready(self.api_port, timeout, "the API did not become ready after a fault")

    # -- the client stream ------------------------------------------------------------------------
    def _http(self) -> httpx.Client:
        return httpx.Client(base_url=f"http://127.0.0.1:{self.proxies['api'][0].port}", timeout=60)

    def _headers(self, user: str, role: str = "agent") -> dict[str, str]:
        return {"Authorization": f"Bearer {self.keys[role]}", "X-User-Id": user}

    def capture(self, client: httpx.Client, user: str, body: dict[str, Any]) -> bool:
        try:
            r = client.post("/v1/memories", json=body, headers=self._headers(user))
        except httpx.HTTPError:
            r = None
        if r is None or r.status_code != 200:
            self.counts.op("capture_unanswered" if r is None else f"capture_{r.status_code}")
            return False
        self.counts.op("capture_200")
        for m in r.json()["memories"]:
            if m["action"] != "forgotten":
                self.ledger.acked[m["id"]] = user
        return True

    def forget(self, client: httpx.Client, user: str) -> None:
        mine = [i for i, u in self.ledger.acked.items() if u == user and i not in self.ledger.forgotten]
        if not mine:
            return
        memory_id = self.rng.choice(mine)
        try:
            r = client.delete(f"/v1/memories/{memory_id}", headers=self._headers(user))
        except httpx.HTTPError:
            r = None
        if r is not None and r.status_code == 204:
            self.ledger.forgotten.add(memory_id)
            self.counts.op("forget_204")
        else:
            self.ledger.maybe_forgotten.add(memory_id)
            self.counts.op("forget_unanswered" if r is None else f"forget_{r.status_code}")

    def archive_run(self) -> None:
        try:
            assert self.worker is not None
            report = self.worker.lifecycle.run(tenant=self.tenant)
            self.counts.op("archive_run_ok")
            self.counts.ops["archived"] = self.counts.ops.get("archived", 0) + int(report["archived"])
        except Exception:  # a fault hit it: the next run (or repair) finishes it
            self.counts.op("archive_run_failed")

    def stream(self) -> None:
        with self._http() as client:
            while not self.stop_stream.is_set():
                self.step(client)

    def step(self, client: httpx.Client) -> None:
        if self.pending and self.rng.random() < 0.5:
            user, body = self.pending.pop(0)
            if not self.capture(client, user, body):
                self.pending.append((user, body))
                # Back off as a client would: a store that answers 503 at once would otherwise turn
                # the stream into a hot loop whose thousands of pending retries swamp the settle step.
                time.sleep(0.5)
            return
        user, roll = self.rng.choice(self.users), self.rng.random()
        if roll < 0.75:
            turns = [{"role": "user", "content": _turn(self.rng)} for _ in range(self.rng.randint(1, 2))]
            body = {"session_id": "s-" + secrets.token_hex(4), "turns": turns}
            if not self.capture(client, user, body):
                self.pending.append((user, body))
        elif roll < 0.90:
            self.forget(client, user)
        else:
            self.archive_run()

    # -- faults -----------------------------------------------------------------------------------
    def _pid(self, target: str) -> int | None:
        if target == "api":
            return self.api.pid if self.api and self.api.poll() is None else None
        return self.stack.owned_pid(target)

    def inject(self, target: str, kind: str) -> None:
        hold = self.rng.uniform(0.2, 1.2)
        if kind == "cut":
            for proxy in self.proxies[target]:
                proxy.cut()
            time.sleep(hold)
            for proxy in self.proxies[target]:
                proxy.heal()
        else:
            pid = self._pid(target)
            if pid is None:
                raise RuntimeError(f"{target} is not a process this stack started; refusing to signal it")
            if kind == "stop":
                os.killpg(pid, signal.SIGSTOP)
                time.sleep(hold)
                os.killpg(pid, signal.SIGCONT)
            else:
                os.killpg(pid, signal.SIGKILL)
                if target == "api":
                    assert self.api is not None
                    self.api.wait(timeout=30)
                    self.start_api()
                else:
                    self._wait_gone(target, pid)
                    self.stack.start(target)
        self.counts.fault(target, kind)

    def _wait_gone(self, target: str, pid: int) -> None:
        """A killed JVM takes a moment to die and free its port; starting before that would find
        the old server "already answering" and start nothing."""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.stack.owned_pid(target) is None and not self.stack.servers[target].ready():
                return
            time.sleep(0.2)
        raise RuntimeError(f"{target} (pid {pid}) did not go away after SIGKILL")

    def plan(self) -> list[tuple[str, str]]:
        faults = []
        for target in TARGETS:
            kills = min(self.kills.get(target, 0), self.per_target)
            rest = self.per_target - kills
            stops = rest // 3 if (target == "api" or self.store_signals) else 0
            faults += [(target, "kill")] * (kills if (target == "api" or self.store_signals) else 0)
            faults += [(target, "cut")] * (rest - stops + (0 if (target == "api" or self.store_signals) else kills))
            faults += [(target, "stop")] * stops
        self.rng.shuffle(faults)
        return faults

    # -- the whole run ----------------------------------------------------------------------------
    def run(self) -> dict[str, Any]:
        started = time.monotonic()
        self.start_api()
        self.worker = build(self.proxied)
        stream = threading.Thread(target=self.stream, name="fault-stream", daemon=True)
        stream.start()
        try:
            plan = self.plan()
            for n, (target, kind) in enumerate(plan, 1):
                if self.budget_s and time.monotonic() - started > self.budget_s:
                    print(f"[faults] time budget reached after {n - 1} faults; settling", flush=True)
                    break
                time.sleep(self.rng.uniform(0.1, 0.8))  # a random point in the stream
                self.inject(target, kind)
                self.wait_ready()
                self._await_traffic(ACKS_BETWEEN_FAULTS)
                if self.progress and (n % 20 == 0 or kind == "kill"):
                    print(f"[faults] {n}/{len(plan)} {target} {kind} at {time.monotonic() - started:.0f}s", flush=True)
        finally:
            self.stop_stream.set()
            stream.join(timeout=120)
        return self.settle(time.monotonic() - started)

    def _await_traffic(self, acks: int, timeout: float = 60) -> None:
        """Let the healed system acknowledge a few captures before the next fault. Without this the
        faults could follow each other faster than the stream writes (a SIGKILLed API is down for
        most of a short run), so a run might test faults against almost no traffic, and the count of
        acknowledged writes was a matter of timing (9 against a floor of 10 once on a loaded
        machine)."""
        target = self.counts.ops.get("capture_200", 0) + acks
        deadline = time.monotonic() + timeout
        while self.counts.ops.get("capture_200", 0) < target and time.monotonic() < deadline:
            time.sleep(0.1)

    def settle(self, seconds: float) -> dict[str, Any]:
        """Everything healed: retry what never got an answer, repair, check, erase, check."""
        self.wait_ready()
        direct = build(
            self.settings.model_copy(
                update={"lifecycle": self.proxied.lifecycle.model_copy(update={"repair_grace_s": 0})}
            )
        )
        try:
            with self._http() as client:
                for _ in range(3):
                    self.pending = [(u, b) for u, b in self.pending if not self.capture(client, u, b)]
            repaired = direct.lifecycle.repair()
            # A retry whose earlier attempt left its memory unindexed is answered 409 until repair
            # finished that memory: a client keeps retrying, so the run does too.
            if self.pending:
                with self._http() as client:
                    for _ in range(3):
                        self.pending = [(u, b) for u, b in self.pending if not self.capture(client, u, b)]
                again = direct.lifecycle.repair()
                repaired = {k: repaired.get(k, 0) + again.get(k, 0) for k in {*repaired, *again}}
            verdict = verify(direct, self.tenant, self.ledger)
            erase_users = self.users[: max(2, len(self.users) // 3)]
            receipts = []
            with self._http() as client:
                for user in erase_users:
                    r = client.post("/v1/subjects/erase", headers=self._headers(user, "admin"))
                    receipts.append(r.json() if r.status_code == 200 else {"verified": False})
            verdict.erased, verdict.erase_unverified = verify_erased(direct, self.tenant, erase_users, receipts)
        finally:
            direct.close()
        return {
            "faults": self.counts.faults,
            "faults_total": {t: sum(k.values()) for t, k in self.counts.faults.items()},
            "ops": self.counts.ops,
            "acknowledged_memories": len(self.ledger.acked),
            "unanswered_captures_left": len(self.pending),
            "repaired_at_the_end": repaired,
            "verdict": verdict.as_dict(),
            "clean": verdict.clean and not self.pending,
            "seconds": round(seconds, 1),
        }

    def close(self) -> None:
        for proxies in self.proxies.values():
            for proxy in proxies:
                proxy.heal()
        if self.api is not None and self.api.poll() is None:
            os.killpg(self.api.pid, signal.SIGTERM)
            try:
                self.api.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.api.pid, signal.SIGKILL)
        if self.worker is not None:
            self.worker.close()
        if self._api_log is not None:
            self._api_log.close()
        self.hub.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-target", type=int, default=100, help="faults per store and for the API")
    parser.add_argument("--kills", type=int, default=1, help="of which real SIGKILL + restart, per target")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument(
        "--cuts-only", action="store_true", help="stores get network cuts only (no SIGSTOP/SIGKILL of the servers)"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results" / "faults.json")
    parser.add_argument("--max-seconds", type=float, default=0, help="stop injecting after this long, then settle")
    args = parser.parse_args(argv)
    kills = {t: args.kills for t in TARGETS}
    run = FaultRun(Settings(), args.per_target, kills, args.seed, progress=True, store_signals=not args.cuts_only)
    run.budget_s = args.max_seconds
    try:
        report = run.run()
    finally:
        run.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 0 if report["clean"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
