"""Small probes of ports, URLs, processes and logs the stack uses to tell whether a server is up."""

from __future__ import annotations

import socket
import urllib.error
import urllib.request
from pathlib import Path

__all__ = ["http_ok", "is_zombie", "port_open", "tail"]


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.3)
        return sock.connect_ex((host, port)) == 0


def http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=1.0) as response:
            return 200 <= int(response.status) < 300
    except (urllib.error.URLError, OSError, ValueError):
        return False


def is_zombie(pid: int) -> bool:
    try:
        return bool(Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z")
    except OSError:
        return True


def tail(path: Path, lines: int = 15) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except FileNotFoundError:
        return "(no log)"
