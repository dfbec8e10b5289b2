"""A host on loopback for the tests, and scripted clients that record every frame they get."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp

from rummy_tui.core.bots import choose_action
from rummy_tui.core.engine import new_game
from rummy_tui.core.options import make_options
from rummy_tui.core.state import NextRound, PlayerSpec, PlayerView
from rummy_tui.net.host import Host, Limits
from rummy_tui.net.invites import new_code
from rummy_tui.net.protocol import (
    PROTOCOL_VERSION, WS_PATH, Act, Hello, ViewTracker, decode_host, encode, encode_action,
)
from rummy_tui.net.table import NetTable, Seat


def make_table(variant: str, kinds: list[str], seed: int = 7, rules: dict[str, Any] | None = None,
               save_path: Path | None = None, record_stats: bool = False) -> NetTable:
    """A table whose seats are "remote" or "cpu" (a normal computer player)."""
    players = [PlayerSpec(f"P{i}", "human" if k == "remote" else "normal")
               for i, k in enumerate(kinds)]
    state = new_game(variant, players, seed=seed, options=make_options(variant, rules or {}))
    seats = [Seat(kind="remote", code=new_code()) if k == "remote" else Seat(kind="cpu")
             for k in kinds]
    return NetTable(state, seats, save_path=save_path, record_stats=record_stats)


@asynccontextmanager
async def hosting(*tables: NetTable, limits: Limits | None = None) -> AsyncIterator[tuple[Host, int]]:
    """The tables on a host at 127.0.0.1 (scripted clients play far faster than people: the
    rate limit is raised unless ``limits`` are given)."""
    host = Host(tables, limits or Limits(rate_burst=10_000, rate=10_000.0))
    port = await host.start("127.0.0.1", 0)
    try:
        yield host, port
    finally:
        await host.stop()


class Client:
    """One connection: every frame received is kept, as text, in ``frames``."""

    def __init__(self, session: aiohttp.ClientSession, port: int) -> None:
        self.session, self.port = session, port
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.frames: list[str] = []
        self.tracker = ViewTracker()
        self.view: PlayerView | None = None
        self.seq = 0

    async def connect(self) -> Client:
        self.ws = await self.session.ws_connect(f"http://127.0.0.1:{self.port}{WS_PATH}")
        return self

    async def send(self, text: str | bytes) -> None:
        assert self.ws is not None
        if isinstance(text, bytes):
            await self.ws.send_bytes(text)
        else:
            await self.ws.send_str(text)

    async def hello(self, code: str, v: int = PROTOCOL_VERSION) -> None:
        await self.send(encode(Hello(type="hello", v=v, code=code)))

    async def recv(self, timeout: float = 10.0) -> Any:
        """The next message (decoded), or None when the connection closed."""
        assert self.ws is not None
        msg = await self.ws.receive(timeout=timeout)
        if msg.type != aiohttp.WSMsgType.TEXT:
            return None
        self.frames.append(msg.data)
        message = decode_host(msg.data)
        if message.type == "view":
            self.view = self.tracker.update(message)
            self.seq = message.seq
        return message

    async def until(self, kind: str, timeout: float = 10.0) -> Any:
        while True:
            message = await self.recv(timeout)
            if message is None:
                raise AssertionError(f"closed while waiting for {kind}")
            if message.type == kind:
                return message

    async def act(self, action: Any, seq: int | None = None) -> None:
        await self.send(encode(Act(type="act", seq=self.seq if seq is None else seq,
                                   action=encode_action(action))))

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def my_move(view: PlayerView, ready: set[int]) -> Any:
    """A legal move for this seat now (a normal computer player's), or None."""
    if view.phase == "round_over":
        if view.round_no in ready:
            return None
        ready.add(view.round_no)
        return NextRound()
    if view.phase in ("draw", "play") and view.to_move == view.player:
        return choose_action("normal", view, random.Random(view.actions))
    return None


async def play_to_the_end(client: Client, stop_at: str = "game_over") -> None:
    """Play legal moves from this client's views until the game (or ``stop_at``) is over."""
    ready: set[int] = set()
    while True:
        message = await client.recv(30.0)
        assert message is not None, "the host closed the connection"
        assert message.type != "refused", message.reason
        if message.type != "view" or client.view is None:
            continue
        if client.view.phase in (stop_at, "game_over"):
            return
        move = my_move(client.view, ready)
        if move is not None:
            await client.act(move)


async def settle() -> None:
    """Let the host's loop run what is queued (the computer players think in threads)."""
    for _ in range(5):
        await asyncio.sleep(0.01)
