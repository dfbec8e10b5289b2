"""The host's websocket server (aiohttp, which the web extra brings): connections, invitations
and limits in front of the tables (table.py), which hold the games.

Safe by default (docs/PROTOCOL.md, "Limits"): a connection must say ``hello`` with a good
invitation code within :data:`HELLO_TIMEOUT` seconds; codes are found by their SHA-256 and
compared with ``hmac.compare_digest``; an address that sends :data:`MAX_WRONG_CODES` wrong
codes is refused for :data:`WRONG_CODE_PAUSE` seconds; there are caps on connections (in
all and per address), on a message's size (a larger one is refused, one past
:data:`MAX_FRAME` closes the connection) and on the rate of messages; a client that sends
:data:`MAX_BAD` bad messages is disconnected. Each connection's messages go out in order
through a bounded queue: a client that stops reading is disconnected rather than letting
the host's memory grow.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ssl
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from aiohttp import WSMsgType, web

from ..core.text import clip
from .protocol import (
    MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, WS_PATH, Act, Bye, Chat, Hello, Ping, Pong,
    ProtocolError, Refused, decode_client, encode,
)
from .table import NetTable

HELLO_TIMEOUT = 10.0
MAX_WRONG_CODES = 5
WRONG_CODE_PAUSE = 60.0
MAX_FRAME = 64 * 1024
"""A frame past this closes the connection (aiohttp's ``max_msg_size``); one past
:data:`~rummy_tui.net.protocol.MAX_CLIENT_MESSAGE` is refused."""
MAX_BAD = 20
RATE_BURST = 30
RATE_PER_SECOND = 10.0
SEND_QUEUE = 256
"""Messages waiting for one slow client before it is disconnected."""


@dataclass
class Limits:
    """The host's caps (the defaults suit a few tables; the benchmark raises them)."""

    max_connections: int = 64
    max_per_address: int = 16
    rate_burst: int = RATE_BURST
    """Messages a connection may send at once; then :attr:`rate` a second."""
    rate: float = RATE_PER_SECOND


class WebSocketLink:
    """One client's connection, as a table sees it (table.Link): messages are queued and
    written in order by one task."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(SEND_QUEUE)
        self.closing: str | None = None
        self.retry = False
        self.task = asyncio.get_running_loop().create_task(self._write())

    def send(self, text: str) -> None:
        if self.closing is not None:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close("too slow: messages were not read", retry=True)

    def close(self, reason: str, retry: bool = False) -> None:
        if self.closing is None:
            self.closing = reason
            self.retry = retry
            try:
                self.queue.put_nowait(None)
            except asyncio.QueueFull:
                self.task.cancel()
                asyncio.get_running_loop().create_task(self.ws.close())

    async def _write(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    break
                await self.ws.send_str(text)
            await self.ws.send_str(encode(Bye(type="bye", reason=clip(self.closing or "", 300),
                                              retry=self.retry)))
        except (ConnectionError, RuntimeError):
            pass
        finally:
            await self.ws.close()


class Host:
    """The tables of this host and the server in front of them."""

    def __init__(self, tables: Iterable[NetTable] = (), limits: Limits | None = None) -> None:
        self.tables: list[NetTable] = []
        self.limits = limits or Limits()
        self._codes: dict[bytes, tuple[str, NetTable, int]] = {}
        self._wrong: dict[str, list[float]] = {}
        self._per_address: dict[str, int] = {}
        self._connections = 0
        self.runner: web.AppRunner | None = None
        for table in tables:
            self.add_table(table)

    def add_table(self, table: NetTable) -> None:
        for seat, code in table.code_seats():
            digest = hashlib.sha256(code.encode()).digest()
            if digest in self._codes:
                raise ValueError("two seats with one invitation code")
            self._codes[digest] = (code, table, seat)
        self.tables.append(table)

    def find(self, code: str) -> tuple[NetTable, int] | None:
        """The table and seat of an invitation code, or None."""
        found = self._codes.get(hashlib.sha256(code.encode()).digest())
        if found is None or not hmac.compare_digest(found[0].encode(), code.encode()):
            return None
        return found[1], found[2]

    # --- the server --------------------------------------------------------------------------
    def app(self) -> web.Application:
        app = web.Application(client_max_size=4096)
        app.router.add_get(WS_PATH, self._websocket)
        app.router.add_get("/", self._index)
        return app

    async def start(self, host: str, port: int, ssl_context: ssl.SSLContext | None = None) -> int:
        """Listen (the tables start playing); returns the port (``port`` 0: a free one)."""
        self.runner = web.AppRunner(self.app(), handle_signals=False, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, host, port, ssl_context=ssl_context,
                           backlog=1024)
        await site.start()
        for table in self.tables:
            table.start()
        server = site._server  # aiohttp keeps the asyncio server here; the bound port is on it
        sockets = getattr(server, "sockets", None) or ()
        return int(sockets[0].getsockname()[1]) if sockets else port

    async def stop(self, reason: str = "the host is stopping") -> None:
        for table in self.tables:
            await table.stop(reason)
        await asyncio.sleep(0.05)  # let the goodbyes go out
        if self.runner is not None:
            await self.runner.cleanup()

    async def _index(self, request: web.Request) -> web.Response:
        return web.Response(text="rummy-tui host: join a table with "
                                 "rummy-tui join HOST:PORT CODE\n")

    def _address(self, request: web.Request) -> str:
        return request.remote or "?"

    def _wrong_codes(self, address: str) -> list[float]:
        now = time.monotonic()
        recent = [t for t in self._wrong.get(address, []) if now - t < WRONG_CODE_PAUSE]
        if recent:
            self._wrong[address] = recent
        else:
            self._wrong.pop(address, None)
        return recent

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        address = self._address(request)
        if self._connections >= self.limits.max_connections:
            return web.Response(status=503, text="the host is full\n")
        if self._per_address.get(address, 0) >= self.limits.max_per_address:
            return web.Response(status=429, text="too many connections from your address\n")
        self._connections += 1
        self._per_address[address] = self._per_address.get(address, 0) + 1
        try:
            return await self._session(request, address)
        finally:
            self._connections -= 1
            left = self._per_address[address] - 1
            if left:
                self._per_address[address] = left
            else:
                del self._per_address[address]

    async def _session(self, request: web.Request, address: str) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=MAX_FRAME, heartbeat=30.0)
        await ws.prepare(request)
        link = WebSocketLink(ws)
        seated: tuple[NetTable, int] | None = None
        bad = 0
        burst, rate = self.limits.rate_burst, self.limits.rate
        tokens, at = float(burst), time.monotonic()

        def refuse(reason: str) -> None:
            seq = seated[0].seq if seated is not None else 0
            link.send(encode(Refused(type="refused", reason=clip(reason, 300), seq=seq)))

        try:
            deadline = time.monotonic() + HELLO_TIMEOUT
            while True:
                timeout = None if seated is not None else max(0.0, deadline - time.monotonic())
                try:
                    msg = await ws.receive(timeout=timeout)
                except asyncio.TimeoutError:
                    link.close("no hello: say hello with your invitation code first")
                    break
                if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED,
                                WSMsgType.ERROR):
                    break
                now = time.monotonic()
                tokens = min(burst, tokens + (now - at) * rate)
                at = now
                if tokens < 1:
                    refuse(f"too many messages: at most {rate:g} a second")
                    bad += 1
                elif msg.type != WSMsgType.TEXT:
                    tokens -= 1
                    refuse("binary frames are not part of the protocol: send JSON text")
                    bad += 1
                else:
                    tokens -= 1
                    try:
                        message = decode_client(msg.data)
                    except ProtocolError as exc:
                        refuse(str(exc))
                        bad += 1
                    else:
                        if seated is None:
                            seated = self._hello(message, link, address, refuse)
                            if seated is None:
                                if link.closing is None:
                                    bad += 1
                                else:
                                    break
                        elif not self._message(seated, message, link, refuse):
                            break
                if bad >= MAX_BAD:
                    link.close(f"{MAX_BAD} bad messages")
                    break
        finally:
            if seated is not None:
                seated[0].detach(seated[1], link)
            if link.closing is None:
                link.close("")
            try:
                await asyncio.wait_for(link.task, 5.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                link.task.cancel()
        return ws

    def _hello(self, message: object, link: WebSocketLink, address: str,
               refuse: Callable[[str], None]) -> tuple[NetTable, int] | None:
        if not isinstance(message, Hello):
            refuse("say hello with your invitation code first")
            return None
        if message.v != PROTOCOL_VERSION:
            refuse(f"this host speaks protocol version {PROTOCOL_VERSION}, not {message.v}: "
                   "use the same version of rummy-tui as the host")
            link.close("protocol version")
            return None
        if len(self._wrong_codes(address)) >= MAX_WRONG_CODES:
            refuse(f"too many wrong invitation codes from your address: wait "
                   f"{WRONG_CODE_PAUSE:g} seconds")
            link.close("too many wrong invitation codes")
            return None
        found = self.find(message.code)
        if found is None:
            if len(self._wrong) > 10_000:  # bounded: forget the addresses whose minute is over
                for old in list(self._wrong):
                    self._wrong_codes(old)
            self._wrong.setdefault(address, []).append(time.monotonic())
            refuse("no seat at this host has that invitation code")
            link.close("wrong invitation code")
            return None
        table, seat = found
        if table.closed:
            refuse("this table is closed")
            link.close("table closed")
            return None
        table.attach(seat, link)
        return found

    def _message(self, seated: tuple[NetTable, int], message: object, link: WebSocketLink,
                 refuse: Callable[[str], None]) -> bool:
        """Handle a seated client's message; False to end the connection."""
        table, seat = seated
        if table.seats[seat].link is not link:
            return False  # the seat has been taken by a newer connection (or the table closed)
        if isinstance(message, Act):
            table.act(seat, message)
        elif isinstance(message, Chat):
            table.chat(seat, message.text)
        elif isinstance(message, Ping):
            link.send(encode(Pong(type="pong", nonce=message.nonce)))
        elif isinstance(message, Pong):
            pass
        elif isinstance(message, Bye):
            link.close("goodbye")
            return False
        else:
            refuse("already seated: hello is only the first message")
        return True


def tls_context(certfile: str, keyfile: str) -> ssl.SSLContext:
    """A server TLS context from the operator's files (ssl.SSLError / OSError if bad)."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certfile, keyfile)
    return context


__all__ = ["Host", "Limits", "tls_context", "MAX_CLIENT_MESSAGE"]
