"""The Indian turn timer: it starts after the pass screen, shows in the header, and at zero
the engine's MissTurn is applied; computer players are never timed."""

from __future__ import annotations

from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.turn_timer import TurnTimer
from rummy_tui.core.events import MissedTurn

from .conftest import make_app
from .driver import settle, table_of


async def test_the_timer_starts_after_the_pass_screen_and_misses_the_turn():
    app = make_app("indian", "Ann,Bob", seed=3, options={"turn_timer": 10})
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        table = table_of(app)
        assert isinstance(app.screen, PassDeviceScreen)
        assert table.time_left() is None  # not before the player has the keyboard
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert table.time_left() in (9, 10)
        assert "10 s" in str(table.query_one(TurnTimer).render()) or \
            "9 s" in str(table.query_one(TurnTimer).render())
        await pilot.press("s")  # drawn, then the time runs out
        await pilot.pause()
        before = table.state
        me = before.to_move
        assert before.phase == "play" and len(before.hands[me]) == 14
        table.turn_timed_out()
        await pilot.pause()
        after = table.state
        assert after.to_move != me and len(after.hands[me]) == 13
        assert any(isinstance(e, MissedTurn) for e in after.log[len(before.log):])
        assert isinstance(app.screen, PassDeviceScreen)
        assert table.time_left() is None  # Bob's clock waits for his Enter


async def test_no_timer_without_the_option_or_for_computer_players():
    app = make_app("indian", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert table_of(app).time_left() is None
    app = make_app("indian", "cpu:Ann,cpu:Bob", seed=3, options={"turn_timer": 10})
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert table_of(app).time_left() is None
