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


async def test_the_host_screen_times_its_local_seats_and_shows_who_is_thinking(later) -> None:
    from rummy_tui.app.app import RummyApp
    from rummy_tui.app.hosted_session import HostedTable
    from rummy_tui.app.screens.host_table import HostTableScreen
    from rummy_tui.core.engine import new_game
    from rummy_tui.core.options import make_options
    from rummy_tui.core.state import PlayerSpec
    from rummy_tui.net.host import Host
    from rummy_tui.net.invites import new_code

    state = new_game("indian", [PlayerSpec(n, "human") for n in ("Asha", "Dev", "Bob")],
                     seed=4, options=make_options("indian", {"turn_timer": SECONDS}))
    table = HostedTable(state, [Seat(kind="local"), Seat(kind="local"),
                                Seat(kind="remote", code=new_code())])
    host = Host([table])
    port = await host.start("127.0.0.1", 0)
    app = RummyApp(start_screen=lambda: HostTableScreen(table, host, [], f"127.0.0.1:{port}"),
                   bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = next(s for s in app.screen_stack if isinstance(s, HostTableScreen))
        net = screen.query_one(NetBar)
        timer = screen.query_one(TurnTimer)
        for _ in range(3):  # three turns missed, the local seats' and the remote one's
            mover, turn = table.state.to_move, table.state.turn
            name = state.players[mover].name
            await pilot.pause()
            shown = str(net.render())
            assert (f"waiting for {name} (disconnected) · 0 s · {SECONDS} s left" in shown
                    if mover == 2 else f"{name} is thinking… 0 s · {SECONDS} s left" in shown)
            assert timer.key == screen.session.turn_key()  # the table's countdown, on show
            later[0] += SECONDS
            for _ in range(200):
                if table.state.turn != turn:
                    break
                await pilot.pause(0.01)
            missed = [e for e in table.state.log if isinstance(e, MissedTurn)]
            assert missed and missed[-1].player == mover
            await pilot.pause()
            assert screen.state is table.state  # the host's screen follows the table
    await host.stop()
