"""`python -m infra.stack VERB`: the command line of the stack (usage in infra/stack.py's docstring)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from infra import stack as _stack
from infra.env import StackError, ensure_env_file, say
from infra.stack import ROOT, Stack
from mal.settings import Settings

__all__ = ["main", "run"]

USAGE = _stack.__doc__ or ""


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help"}:
        print(USAGE)
        return 0
    env_file = ROOT / ".env"
    if ensure_env_file(env_file):
        say(f"generated development secrets in {env_file} (mode 600; not for production)")
    os.chdir(ROOT)
    settings = Settings()
    try:
        nodes, argv = _weaviate_nodes(argv, ROOT / settings.data_dir / "run" / "weaviate-nodes")
    except ValueError as exc:
        print(f"[stack] ERROR {exc}", file=sys.stderr, flush=True)
        return 2
    stack = Stack(settings, ROOT / settings.data_dir, weaviate_nodes=nodes)
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
            print(f"unknown command {verb!r}\n{USAGE}", file=sys.stderr)
            return 2
    except StackError as exc:
        print(f"[stack] ERROR {exc}", file=sys.stderr, flush=True)
        return 1
    return 0


def _weaviate_nodes(argv: list[str], remembered: Path) -> tuple[int, list[str]]:
    """`--weaviate-nodes N` anywhere in argv (then remembered for later verbs), else the number
    remembered from the last `up` with it, else 1."""
    if "--weaviate-nodes" not in argv:
        text = remembered.read_text().strip() if remembered.exists() else "1"
        return int(text or "1"), argv
    at = argv.index("--weaviate-nodes")
    try:
        nodes = int(argv[at + 1])
    except (IndexError, ValueError):
        raise ValueError("--weaviate-nodes takes a number of nodes (1 to 10)") from None
    if not 1 <= nodes <= 10:
        raise ValueError("--weaviate-nodes takes a number of nodes (1 to 10)")
    remembered.parent.mkdir(parents=True, exist_ok=True)
    remembered.write_text(str(nodes))
    return nodes, argv[:at] + argv[at + 2 :]


def _print_endpoints(stack: Stack) -> None:
    for name, server in stack.servers.items():
        say(f"{name:9s} {server.endpoint}")


def run() -> None:
    """Entry point of `python -m infra.stack`: SIGTERM stops a `with` command like Ctrl-C does."""
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    sys.exit(main(sys.argv[1:]))
