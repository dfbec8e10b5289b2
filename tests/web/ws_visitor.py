"""A visitor of ``rummy-tui serve`` without a browser: aiohttp's websocket client speaking
textual.js's protocol. Shared by tests/web and bench/bench_serve_flood.py.

The game process sends the terminal's bytes; :class:`Visitor` keeps them with the escape
sequences taken out (as tests/web/page_probe.py does in the page), enough to wait for a word
to be painted. Keys go as ``["stdin", text]``, in the bytes a terminal sends.
"""

from __future__ import annotations

import asyncio
import codecs
import re
from collections.abc import Callable
from pathlib import Path

import aiohttp

from rummy_tui.web.limits import GameSlots

ANSI = re.compile(r"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
ENTER, BACKSPACE, SHIFT_TAB, UP, CTRL_G = "\r", "\x7f", "\x1b[Z", "\x1b[A", "\x07"


class Visitor:
    """One websocket connection to a game, and the text it has painted so far."""

    def __init__(self, websocket: aiohttp.ClientWebSocketResponse) -> None:
        self.websocket = websocket
        self.text = ""
        self.raw = b""
        self._decoder = codecs.getincrementaldecoder("utf-8")("replace")
        """Every byte the game sent, escape sequences (colours) and all."""
        self.closed: int | None = None
        """The close code, once the server has closed the connection."""

    async def wait_for(self, pattern: str, after: int = 0, timeout: float = 90.0) -> int:
        """Wait until ``pattern`` (a regular expression) is painted after the mark ``after``;
        returns the mark just past it. Raises TimeoutError with the text's tail. The time
        allowed is long: game processes run under ``nice``, on machines that may be busy."""
        found = re.compile(pattern)

        async def read() -> int:
            while True:
                match = found.search(self.text, after)
                if match:
                    return match.end()
                message = await self.websocket.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self._add(message.data)
                elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                      aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.ERROR):
                    self.closed = self.websocket.close_code
                    raise ConnectionError(f"closed ({self.closed}) before {pattern!r}:"
                                          f" {self.text[-400:]!r}")

        try:
            return await asyncio.wait_for(read(), timeout)
        except asyncio.TimeoutError:
            raise TimeoutError(f"no {pattern!r} after {timeout} s: {self.text[-400:]!r}") from None

    async def settle(self, quiet: float = 0.5, timeout: float = 10.0) -> None:
        """Read until the game has sent nothing for ``quiet`` seconds (at most ``timeout``)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while loop.time() < deadline:
            try:
                message = await asyncio.wait_for(self.websocket.receive(), quiet)
            except asyncio.TimeoutError:
                return
            if message.type == aiohttp.WSMsgType.BINARY:
                self._add(message.data)
            elif message.type != aiohttp.WSMsgType.TEXT:
                return

    def _add(self, data: bytes) -> None:
        self.raw += data
        self.text += ANSI.sub("", self._decoder.decode(data))

    async def until(self, done: Callable[[], bool], timeout: float = 90.0) -> None:
        """Read what the game sends until ``done()`` (checked every half second) holds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not done():
            if loop.time() > deadline:
                raise TimeoutError(f"not done after {timeout} s: {self.text[-400:]!r}")
            await self.settle(quiet=0.5, timeout=0.5)

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.websocket.send_json(["stdin", key])


def game_processes(saves: Path) -> list[int]:
    """The live (not zombie) game processes of a server whose saves folder is ``saves``."""
    marker = str(saves / "web-visitors").encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if marker not in (entry / "cmdline").read_bytes():
                continue
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            found.append(int(entry.name))
    return found


async def wait_for_no_games(saves: Path, timeout: float = 20.0) -> list[int]:
    """Wait (at most ``timeout`` s) until no game process of the server is left; the pids
    still running then."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while (left := game_processes(saves)) and loop.time() < deadline:
        await asyncio.sleep(0.1)
    return left


async def wait_for_free_slots(slots: GameSlots, timeout: float = 60.0) -> None:
    """Wait until a server has given back every game slot (:class:`GameSlots`, the count its
    caps refuse by): a slot comes back only once its game process has ended and been reaped,
    which a game under ``nice`` on a busy machine may take seconds to do. Raises
    TimeoutError (bounded: the server kills a game that does not quit within seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while slots.total:
        if loop.time() > deadline:
            raise TimeoutError(f"slots still taken after {timeout} s: {dict(slots.by_client)}")
        await asyncio.sleep(0.05)


def loopback_connector(address: str) -> aiohttp.TCPConnector:
    """Connections from another loopback address (127.0.0.2, ...): another client, as the
    server counts them. Linux routes all of 127/8 to the loopback interface."""
    return aiohttp.TCPConnector(local_addr=(address, 0), force_close=True)



