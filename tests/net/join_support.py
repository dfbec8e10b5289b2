"""For the join tests: a real host on loopback (net/host.py) with the join screen of one of
its seats in a Pilot, and a TCP relay between them that a test can cut (a dropped
connection, as a network drops it: no goodbye)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.remote_table import RemoteTableScreen
from rummy_tui.core.engine import new_game
from rummy_tui.core.options import make_options
from rummy_tui.core.state import PlayerSpec
from rummy_tui.net.client import TableClient, first_view
from rummy_tui.net.host import Host, Limits
from rummy_tui.net.invites import new_code
from rummy_tui.net.table import NetTable, Seat


def make_table(variant: str, kinds: list[str], seed: int = 7,
               rules: dict[str, Any] | None = None) -> NetTable:
    """A table whose seats are "remote" or "cpu" (an instant normal computer player)."""
    names = ["Asha", "Bob", "Chen", "Dev"]
    players = [PlayerSpec(names[i], "human" if k == "remote" else "normal")
               for i, k in enumerate(kinds)]
    state = new_game(variant, players, seed=seed, options=make_options(variant, rules or {}))
    seats = [Seat(kind="remote", code=new_code()) if k == "remote" else Seat(kind="cpu")
             for k in kinds]
    return NetTable(state, seats)


class Relay:
    """A TCP relay from ``port`` to the host's port; ``cut()`` drops every connection through
    it (no websocket close, no goodbye) and ``refusing`` turns new ones away."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = 0
        self.refusing = False
        self.connections = 0
        self._pipes: list[asyncio.StreamWriter] = []
        self._server: asyncio.AbstractServer | None = None

    async def start(self) -> int:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self.port

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.refusing:
            writer.transport.abort()
            return
        self.connections += 1
        up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target)
        self._pipes += [writer, up_writer]

        async def pipe(src: asyncio.StreamReader, dst: asyncio.StreamWriter) -> None:
            try:
                while data := await src.read(65536):
                    dst.write(data)
                    await dst.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                dst.transport.abort()

        await asyncio.gather(pipe(reader, up_writer), pipe(up_reader, writer))

    def cut(self) -> None:
        for writer in self._pipes:
            writer.transport.abort()
        self._pipes.clear()

    async def stop(self) -> None:
        self.cut()
        if self._server is not None:
            self._server.close()


@dataclass
class Joined:
    app: RummyApp
    pilot: Any
    table: NetTable
    host: Host
    relay: Relay
    seat: int

    @property
    def screen(self) -> RemoteTableScreen:
        screens = [s for s in self.app.screen_stack if isinstance(s, RemoteTableScreen)]
        assert len(screens) == 1
        return screens[0]

    async def until(self, condition: Callable[[], object], what: str, steps: int = 400) -> None:
        """Let the app and the host run until ``condition`` holds (a bounded number of
        steps, never a clock). A step was a pilot.pause(0.01), which draws the screen: it is five
        10 ms sleeps now, about as long on a busy machine, at a fraction of the CPU (issue 26)."""
        for _ in range(5 * steps):
            if condition():
                return
            await asyncio.sleep(0.01)  # not pilot.pause: it lays out and draws the screen
        raise AssertionError(f"never happened: {what}")


@asynccontextmanager
async def joined(variant: str, kinds: list[str], seat: int = 0, seed: int = 7,
                 size: tuple[int, int] = (100, 32), rules: dict[str, Any] | None = None
                 ) -> AsyncIterator[Joined]:
    """Seat ``seat`` of a hosted table joined with ``rummy-tui join``'s screen (through a
    relay the test may cut)."""
    table = make_table(variant, kinds, seed, rules)
    host = Host([table], Limits())
    port = await host.start("127.0.0.1", 0)
    relay = Relay(port)
    relay_port = await relay.start()
    code = table.seats[seat].code
    assert code is not None
    try:
        welcome, view = await first_view("127.0.0.1", relay_port, code)
        client = TableClient("127.0.0.1", relay_port, code, lambda _: None)
        app = RummyApp(start_screen=lambda: RemoteTableScreen(client, welcome, view),
                       bot_delay=0, cursor_blink=False)
        async with app.run_test(size=size) as pilot:
            ctx = Joined(app, pilot, table, host, relay, seat)
            await ctx.until(lambda: client.connected, "connected")
            yield ctx
    finally:
        await relay.stop()
        await host.stop()
