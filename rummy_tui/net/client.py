"""A remote seat's connection to its host (``rummy-tui join HOST:PORT CODE``): the client
side of the wire protocol (protocol.py, docs/PROTOCOL.md), over one aiohttp websocket.

No Textual here: :class:`TableClient` turns what the host sends into events handed to a
callback (the app's remote table screen, a test), and sends the seat's moves and chat. It
keeps the seat through drops: a lost connection is reported (:class:`Lost`) and tried again
with a growing pause, the same invitation code and the last view's sequence number; the host
answers with the table as it is now. Only the host's own "no" ends it (:class:`Ended`: a
wrong code, a ``bye``).

Everything the host sends is checked by the protocol's models (sizes, types, bounds) before
anything reads it; a message that fails is a broken connection (the client reconnects and
gets a whole view), never a crash. Names and chat lines stay data: the screen shows them
escaped.

``aiohttp`` comes with the web extra (textual-serve brings it): it is imported when a
connection is made, so that ``rummy-tui join --help`` and a bad command line need none.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.state import Action, PlayerView
from ..core.text import clip, one_line
from .protocol import (
    CODE_PATTERN, DEFAULT_PORT, MAX_HOST_MESSAGE, PROTOCOL_VERSION, WS_PATH, Act, Bye, Chat,
    ChatEntry, ChatHistory, ChatLine, Hello, Ping, Pong, Presence, ProtocolError, Refused, View, ViewTracker, Welcome,
    decode_host, encode, encode_action,
)

RETRY_PAUSES = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds between attempts to reconnect (then the last one, again and again)."""

CONNECT_TIMEOUT = 10.0
"""Seconds to wait for a host to answer a connection and a hello."""

HEARTBEAT = 15.0
"""Seconds between websocket pings: a host that stops answering is a lost connection."""


class JoinError(Exception):
    """A bad address or code, or a host that says no: one line."""


class Unreachable(JoinError):
    """No host answered at the address (refused, timed out, gone): one line."""


# --- the command line's address and code -------------------------------------------------------
def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``HOST`` alone: the default port; an IPv6 address in brackets,
    ``[::1]:8765``) -> (host, port); JoinError (one line) if it is not one."""
    raw = text.strip()
    shown = clip(raw)
    match = re.fullmatch(r"\[([0-9A-Fa-f:.]+)\](?::(\d{1,5}))?|([^:\[\]\s/@?#]+)(?::(\d{1,5}))?",
                         raw)
    if not raw or match is None:
        raise JoinError(f"not an address HOST:PORT: {shown}")
    host = match.group(1) or match.group(3)
    port_text = match.group(2) or match.group(4)
    if match.group(1):
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise JoinError(f"not an IPv6 address: {shown}") from None
    elif len(host) > 253:
        raise JoinError("the host name is too long")
    port = DEFAULT_PORT if port_text is None else int(port_text)
    if not 1 <= port <= 65535:
        raise JoinError(f"a port is 1 to 65535, not {port}")
    return host, port


def check_code(code: str) -> str:
    """The invitation code as typed; JoinError if it cannot be one (16 to 64 letters, digits,
    ``-`` and ``_``: the host makes them with ``secrets.token_urlsafe``)."""
    if re.fullmatch(CODE_PATTERN, code) is None:
        raise JoinError(f"not an invitation code: {clip(code)} "
                        "(16 to 64 letters, digits, - and _, as the host printed it)")
    return code


def ws_url(host: str, port: int, secure: bool = False) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"{'wss' if secure else 'ws'}://{shown}:{port}{WS_PATH}"


# --- what the client tells its owner ---------------------------------------------------------
@dataclass(frozen=True)
class Joined:
    """The host took the seat (again, after a drop): its welcome."""

    welcome: Welcome


@dataclass(frozen=True)
class Viewed:
    """The seat's view, new (``seq``: the host's count of changes)."""

    view: PlayerView
    seq: int


@dataclass(frozen=True)
class Refusal:
    """The host refused the last move or message; nothing changed."""

    reason: str


@dataclass(frozen=True)
class PresenceChanged:
    presence: Presence


@dataclass(frozen=True)
class ChatHeard:
    line: ChatLine


@dataclass(frozen=True)
class ChatRecalled:
    """The table's last chat lines, oldest first, sent after a (re)join: they replace the
    lines heard before."""

    lines: tuple[ChatEntry, ...]


@dataclass(frozen=True)
class Lost:
    """The connection is gone (``reason``); the next attempt is in ``retry_in`` seconds."""

    reason: str
    retry_in: float


@dataclass(frozen=True)
class Ended:
    """The host ended it (a wrong code, ``bye``): no more attempts."""

    reason: str


ClientEvent = (Joined | Viewed | Refusal | PresenceChanged | ChatHeard | ChatRecalled | Lost
               | Ended)


class _Ended(Exception):
    """The host said no, or goodbye: not a drop to retry."""


def _reason(exc: BaseException) -> str:
    """A connection failure in a few words ("connection refused", "timed out")."""
    if isinstance(exc, asyncio.TimeoutError):
        return "no answer (timed out)"
    cause = getattr(exc, "os_error", None) or exc
    number = getattr(cause, "errno", None)
    if isinstance(number, int) and number > 0:
        return os.strerror(number).lower()  # "connection refused", not the call that failed
    return clip(one_line(cause) or type(exc).__name__, 120)


class TableClient:
    """One remote seat's connection: ``run()`` until ``close()`` or the host ends it."""

    def __init__(self, host: str, port: int, code: str,
                 on_event: Callable[[ClientEvent], object], *, secure: bool = False,
                 ssl: Any = None) -> None:
        self.url = ws_url(host, port, secure)
        self.address = f"{host}:{port}"
        self.code = code
        self.on_event = on_event
        self.ssl = ssl
        self.tracker = ViewTracker()
        self.welcome: Welcome | None = None
        self.connected = False
        self._ws: Any = None
        self._outbox: asyncio.Queue[str] | None = None
        self._closing = False

    # --- sending (from the screen: never waits) ----------------------------------------------
    def act(self, action: Action) -> None:
        """Play a move on the last view (the host refuses it if the table has moved on)."""
        self._put(Act(type="act", seq=self.tracker.seq, action=encode_action(action)))

    def chat(self, text: str) -> None:
        self._put(Chat(type="chat", text=text))

    def _put(self, message: Any) -> None:
        if self._outbox is not None and self.connected:
            self._outbox.put_nowait(encode(message))

    async def close(self) -> None:
        """Leave the table (a ``bye``: the seat waits for its player to come back)."""
        self._closing = True
        ws = self._ws
        if ws is not None and not ws.closed:
            try:  # a host that has gone does not answer the close: wait a second at most
                await asyncio.wait_for(self._bye(ws), 1.0)
            except Exception:  # closing anyway: a broken connection has nothing to say
                pass

    async def _bye(self, ws: Any) -> None:
        await ws.send_str(encode(Bye(type="bye", reason="left the table")))
        await ws.close()

    # --- the connection ---------------------------------------------------------------------
    async def run(self) -> None:
        """Connect, play, and reconnect after every drop, until closed or ended."""
        import aiohttp  # lazy: the web extra (see the module docstring)

        attempt = 0
        async with aiohttp.ClientSession() as http:
            while not self._closing:
                try:
                    await self._connection(http)
                    attempt = 0 if self.welcome is not None else attempt
                    reason = "the connection closed"
                except _Ended as exc:
                    self.on_event(Ended(str(exc)))
                    return
                except (aiohttp.ClientError, OSError, asyncio.TimeoutError,
                        ProtocolError) as exc:
                    reason = _reason(exc)
                finally:
                    self.connected = False
                    self._ws = None
                if self._closing:
                    return
                pause = RETRY_PAUSES[min(attempt, len(RETRY_PAUSES) - 1)]
                attempt += 1
                self.on_event(Lost(reason, pause))
                await asyncio.sleep(pause)

    async def _connection(self, http: Any) -> None:
        import aiohttp  # lazy: see the module docstring

        async with http.ws_connect(self.url, max_msg_size=MAX_HOST_MESSAGE,
                                   heartbeat=HEARTBEAT, ssl=self.ssl if self.ssl is not None else True,
                                   timeout=aiohttp.ClientWSTimeout(ws_close=5.0)) as ws:
            self._ws = ws
            await ws.send_str(encode(Hello(type="hello", v=PROTOCOL_VERSION, code=self.code,
                                           last_seq=self.tracker.seq)))
            self._outbox = asyncio.Queue()
            writer = asyncio.ensure_future(self._write(ws, self._outbox))
            try:
                async for frame in ws:
                    if frame.type == aiohttp.WSMsgType.TEXT:
                        await self._receive(ws, frame.data)
                    elif frame.type == aiohttp.WSMsgType.ERROR:
                        raise ProtocolError(f"the connection broke: {ws.exception()}")
            finally:
                writer.cancel()

    async def _write(self, ws: Any, outbox: asyncio.Queue[str]) -> None:
        while True:
            await ws.send_str(await outbox.get())

    async def _receive(self, ws: Any, raw: str) -> None:
        message = decode_host(raw)
        match message:
            case Welcome():
                self.welcome = message
                self.connected = True
                self.on_event(Joined(message))
            case View():
                view = self.tracker.update(message)
                self.on_event(Viewed(view, message.seq))
            case Refused(reason=reason):
                if not self.connected:  # the hello itself: a wrong code, another version
                    raise _Ended(reason)
                self.on_event(Refusal(reason))
            case Presence():
                self.on_event(PresenceChanged(message))
            case ChatLine():
                self.on_event(ChatHeard(message))
            case ChatHistory(lines=lines):
                self.on_event(ChatRecalled(tuple(lines)))
            case Ping(nonce=nonce):
                await ws.send_str(encode(Pong(type="pong", nonce=nonce)))
            case Pong():
                pass
            case Bye(reason=reason, retry=True):
                # the seat is still ours (the host is stopping, to be resumed): come back
                raise ProtocolError(reason or "the host closed the connection")
            case Bye(reason=reason):
                raise _Ended(reason or "the host closed the table")


async def first_view(host: str, port: int, code: str, *, secure: bool = False,
                     ssl: Any = None, timeout: float = CONNECT_TIMEOUT
                     ) -> tuple[Welcome, PlayerView]:
    """Take the seat once, to check the address and the code before the screen opens: the
    welcome and the table as it is now (then leave; the app's client joins again).
    JoinError (one line) if the host cannot be reached or refuses."""
    import aiohttp  # lazy: see the module docstring

    got: dict[str, Any] = {}
    done = asyncio.get_running_loop().create_future()

    def heard(event: ClientEvent) -> None:
        if isinstance(event, Joined):
            got["welcome"] = event.welcome
        elif isinstance(event, Viewed) and not done.done():
            done.set_result(event.view)
        elif isinstance(event, (Ended, Lost)) and not done.done():
            done.set_exception(
                JoinError(f"the host at {host}:{port} refused: {event.reason}")
                if isinstance(event, Ended)
                else Unreachable(f"cannot reach a host at {host}:{port}: {event.reason}"))

    client = TableClient(host, port, code, heard, secure=secure, ssl=ssl)
    async with aiohttp.ClientSession() as http:
        task = asyncio.ensure_future(_one_connection(client, http, heard))
        try:
            view = await asyncio.wait_for(done, timeout)
        except asyncio.TimeoutError:
            raise Unreachable(f"no answer from a host at {host}:{port}") from None
        finally:
            await client.close()
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
    return got["welcome"], view


async def _one_connection(client: TableClient, http: Any,
                          heard: Callable[[ClientEvent], None]) -> None:
    import aiohttp  # lazy: see the module docstring

    try:
        await client._connection(http)
        heard(Lost("the connection closed", 0))
    except _Ended as exc:
        heard(Ended(str(exc)))
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError, ProtocolError) as exc:
        heard(Lost(_reason(exc), 0))
