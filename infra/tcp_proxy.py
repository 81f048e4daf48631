"""A loopback TCP proxy that can cut the network on purpose (the fault suite, tests/faults).

One asyncio loop in a daemon thread serves any number of proxies. `cut()` resets every open
connection (RST, as a dropped link looks to the client) and resets new ones until `heal()`.
Loopback only: it listens on 127.0.0.1 and forwards to 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import socket
import struct
import threading
from collections.abc import Coroutine
from typing import Any

__all__ = ["ProxyHub", "TcpProxy"]


def _reset(writer: asyncio.StreamWriter) -> None:
    """Close with SO_LINGER 0: the peer sees a connection reset, not an orderly end of stream."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
    writer.transport.abort()


class TcpProxy:
    def __init__(self, hub: ProxyHub, target_port: int) -> None:
        self._hub, self.target_port = hub, target_port
        self.port = 0
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()
        self.cut_active = False
        self.connections = 0

    async def _start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.cut_active:
            _reset(writer)
            return
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            _reset(writer)
            return
        self.connections += 1
        pair = {writer, up_writer}
        self._open |= pair
        try:
            await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        finally:
            self._open -= pair
            for w in pair:
                if not w.is_closing():
                    w.close()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError, asyncio.CancelledError):
            pass
        finally:
            if not writer.is_closing():
                try:
                    writer.write_eof()
                except (OSError, RuntimeError):
                    writer.close()

    async def _cut(self) -> None:
        self.cut_active = True
        for w in list(self._open):
            _reset(w)
        self._open.clear()

    def cut(self) -> None:
        """Drop every connection now and refuse new ones until `heal()`."""
        self._hub.run(self._cut())

    def heal(self) -> None:
        self.cut_active = False

    async def _close(self) -> None:
        await self._cut()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()


class ProxyHub:
    """The loop thread; `proxy(port)` returns a started proxy in front of 127.0.0.1:port."""

    def __init__(self) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="mal-proxy", daemon=True)
        self._thread.start()
        self._proxies: list[TcpProxy] = []

    def run(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self._loop).result(timeout=30)

    def proxy(self, target_port: int) -> TcpProxy:
        proxy = TcpProxy(self, target_port)
        self.run(proxy._start())
        self._proxies.append(proxy)
        return proxy

    def close(self) -> None:
        for proxy in self._proxies:
            self.run(proxy._close())
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=5)
