"""A snapshot of the join table (``rummy-tui join``): a remote seat's own hand, the network
line (a seat away, a computer, the newest chat line, shown as data), and "waiting for Asha
(disconnected)" with the time she has been thinking. The host is a stand-in here, so the
picture is the same every run.

Update with ``pytest tests/net/test_join_snapshot.py --snapshot-update`` and look at the SVG
(rsvg-convert makes a PNG)."""

from __future__ import annotations

import asyncio

import pytest

from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens import remote_table
from rummy_tui.app.screens.remote_table import RemoteTableScreen
from rummy_tui.core.engine import new_game, view
from rummy_tui.core.state import PlayerSpec
from rummy_tui.net.client import ChatHeard, Joined, PresenceChanged, TableClient
from rummy_tui.net.protocol import ChatLine, Presence, SeatPresence, Welcome


class StandInHost(TableClient):
    """The client of a host that only says hello: who is there, and one line of chat."""

    def __init__(self, welcome: Welcome, presence: Presence, chat: ChatLine) -> None:
        super().__init__("127.0.0.1", 8765, "A" * 22, lambda _: None)
        self.events = [Joined(welcome), PresenceChanged(presence), ChatHeard(chat)]

    async def run(self) -> None:
        self.connected = True
        for event in self.events:
            self.on_event(event)
        await asyncio.Event().wait()


def join_app() -> RummyApp:
    players = [PlayerSpec("Asha", "human"), PlayerSpec("Bob", "human"),
               PlayerSpec("Ravi", "normal")]
    state = new_game("rummy", players, seed=4)
    while state.to_move != 0:  # Asha to move: Bob's screen waits for her
        state = new_game("rummy", players, seed=state.seed + 1)
    welcome = Welcome(type="welcome", v=1, seat=1, names=["Asha", "Bob", "Ravi"],
                      kinds=["remote", "remote", "cpu"], variant="rummy", preset="rummy",
                      title="Basic Rummy", rules={})
    presence = Presence(type="presence", to_move=0, phase="draw", thinking=12.0, seats=[
        SeatPresence(name="Asha", kind="remote", connected=False),
        SeatPresence(name="Bob", kind="remote", connected=True),
        SeatPresence(name="Ravi", kind="cpu", connected=True)])
    chat = ChatLine(type="chat", seat=0, name="Asha", text="brb [bold]tea[/bold] \u202e")
    client = StandInHost(welcome, presence, chat)
    return RummyApp(start_screen=lambda: RemoteTableScreen(client, welcome, view(state, 1)),
                    bot_delay=0, cursor_blink=False)


@pytest.fixture
def frozen_clock(monkeypatch):
    monkeypatch.setattr(remote_table, "clock", lambda: 1000.0)


def test_join_table(snap_compare, frozen_clock):
    assert snap_compare(join_app(), terminal_size=(100, 32))


def test_join_table_80x24(snap_compare, frozen_clock):
    assert snap_compare(join_app(), terminal_size=(80, 24))
