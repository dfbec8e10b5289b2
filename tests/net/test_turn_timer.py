"""Indian Rummy's turn timer at a hosted table (issue 28): the host is its authority. It runs
for every human seat (local or remote, connected or not), never for a computer player or a
stand-in; when it runs out the host applies the engine's MissTurn, as the hot-seat table
does (three in a row: a middle drop); the presence line says how long is left, and the
remote seat's screen shows it. The clock is moved on, never waited for."""

from __future__ import annotations

import aiohttp
import pytest

from rummy_tui.app.widgets.net_bar import NetBar
from rummy_tui.app.widgets.turn_timer import TurnTimer
from rummy_tui.core.events import Dropped, MissedTurn
from rummy_tui.net import table as table_module
from rummy_tui.net.table import Seat

from .helpers import Client, hosting, make_table
from .join_support import joined

SECONDS = 10
ME = 0


@pytest.fixture
def later(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The table's clock: it says ``later[0]``, and stands still until a test moves it on
    (the table looks at it every few milliseconds)."""
    now = [1000.0]
    monkeypatch.setattr(table_module, "clock", lambda: now[0])
    monkeypatch.setattr(table_module, "TIMER_CHECK", 0.02)
    return now


async def presence_of(client: Client, seat: int):
    """The next presence line whose turn is ``seat``'s, in play."""
    while True:
        message = await client.until("presence")
        if message.to_move == seat and message.phase in ("draw", "play"):
            return message


async def test_the_host_misses_a_turn_whose_time_is_up_three_make_a_drop(later) -> None:
    table = make_table("indian", ["remote", "cpu"], seed=3, rules={"turn_timer": SECONDS})
    async with hosting(table) as (_, port), aiohttp.ClientSession() as session:
        me = await Client(session, port).connect()
        await me.hello(table.seats[ME].code or "")
        first = await me.until("presence")
        if first.to_move != ME:
            assert first.turn_left is None  # a computer player is never timed
        for missed in (1, 2, 3):
            presence = first if missed == 1 and first.to_move == ME else \
                await presence_of(me, ME)
            assert presence.turn_left is not None and SECONDS - 1 < presence.turn_left <= SECONDS
            turn = table.state.turn
            later[0] += SECONDS  # the time is up: the host misses the turn for the seat
            while me.view is None or me.view.turn == turn and me.view.phase in ("draw", "play"):
                await me.until("view")
            events = [e for e in me.view.log if getattr(e, "player", None) == ME]
            if missed < 3:
                assert isinstance(events[-1], MissedTurn) and events[-1].in_a_row == missed
        # the third in a row: a middle drop, by the engine's rule
        assert isinstance(events[-2], MissedTurn) and isinstance(events[-1], Dropped)
        assert events[-1].kind == "middle" and me.view.phase in ("round_over", "game_over")


def test_every_human_seat_is_timed_and_no_computer_player(later) -> None:
    table = make_table("indian", ["remote", "remote"], seed=3, rules={"turn_timer": SECONDS})
    mover = table.state.to_move
    assert table.turn_left() == SECONDS  # connected or not: the table waits for no one
    later[0] += 4
    assert table.turn_left() == SECONDS - 4
    table.hand_to_computer(mover, "easy")
    assert table.turn_left() is None  # a stand-in plays at once: never timed
    table.hand_to_computer(mover, None)
    table.seats[mover] = Seat(kind="local")  # a seat at the host's keyboard: timed too
    assert table.turn_left() == SECONDS - 4
    untimed = make_table("indian", ["remote", "remote"], seed=3)
    assert untimed.turn_left() is None


async def test_the_remote_screen_shows_the_hosts_time_left(
        later, monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_tui.app.screens import remote_table

    monkeypatch.setattr(remote_table, "clock", lambda: later[0])  # the screen's count too
    async with joined("indian", ["remote", "cpu"], seed=3,
                      rules={"turn_timer": SECONDS}) as j:
        timer = j.screen.query_one(TurnTimer)

        def my_turn() -> bool:
            presence = j.screen.presence
            return presence is not None and presence.to_move == j.seat \
                and j.screen.session.my_turn()

        await j.until(my_turn, "the remote seat's turn")
        await j.until(lambda: timer.left is not None, "the countdown")
        assert 0 < (timer.left or 0) <= SECONDS  # (the widget counts on the real clock)
        assert f"your turn · 0 s · {SECONDS} s left" in str(j.screen.query_one(NetBar).render())
        turn = j.table.state.turn
        later[0] += SECONDS
        await j.until(lambda: j.screen.state.turn != turn, "the host missed the turn")
        assert any(isinstance(e, MissedTurn) and e.player == j.seat
                   for e in j.screen.state.log)
