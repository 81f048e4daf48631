"""What the infra security tests share: the servers this checkout's stack started (by pid file),
and the sockets each one accepts traffic on, read from /proc."""

from __future__ import annotations

import ipaddress
import os
import socket
from dataclasses import dataclass
from pathlib import Path

import pytest

# The only variables a server may inherit from whoever ran the stack (see infra/stack.py).
INHERITABLE = {"PATH", "HOME", "LANG", "LC_ALL", "TZ", "TMPDIR", "JAVA_HOME"}


@dataclass(frozen=True)
class Listener:
    proto: str
    ip: str
    port: int

    @property
    def loopback(self) -> bool:
        address = ipaddress.ip_address(self.ip)
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        return address.is_loopback


def _decode(hex_address: str) -> tuple[str, int]:
    """/proc/net/tcp{,6} print addresses as host-order 32-bit words in hex, then :port in hex."""
    host, port = hex_address.split(":")
    raw = bytes.fromhex(host)
    words = b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4))
    family = socket.AF_INET if len(raw) == 4 else socket.AF_INET6
    return socket.inet_ntop(family, words), int(port, 16)


def listeners(pid: int) -> set[Listener]:
    """Sockets of process `pid` that accept traffic: TCP in LISTEN, UDP bound and unconnected."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:[") : -1])
    found = set()
    for proto, accepting in (("tcp", "0A"), ("tcp6", "0A"), ("udp", "07"), ("udp6", "07")):
        for line in Path(f"/proc/{pid}/net/{proto}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[9] in inodes and fields[3] == accepting:
                ip, port = _decode(fields[1])
                found.add(Listener(proto, ip, port))
    return found


def need(pids: dict[str, int], *names: str) -> None:
    missing = [name for name in names or ("neo4j", "weaviate", "s3") if name not in pids]
    if missing:
        pytest.fail(
            f"{missing}: not started by this checkout's stack (run `python -m infra.stack up` "
            "from this checkout; pid files in data/run)",
            pytrace=False,
        )
