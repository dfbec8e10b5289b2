"""The command palette offers the game's commands (new game, rules, save, the table's)."""

from __future__ import annotations

from rummy_tui.app.dialogs.help import HelpScreen
from rummy_tui.app.widgets.hand import Hand

from .conftest import make_app
from .driver import settle


async def test_palette_runs_auto_arrange_and_rules():
    app = make_app("remigio", "Ann,cpu:Bob", seed=6)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        before = list(table.query_one(Hand).cards)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"auto-arrange")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is table
        assert table.session.seats[0].groups, "the hand was not arranged"
        assert sorted(table.query_one(Hand).cards) == sorted(before)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"rules and keys")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
