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


async def test_paging_the_palette_during_resizes_does_not_crash():
    # Textual's OptionList raises KeyError: 0 here (Textualize/textual#5794); the app's
    # palette ignores such a page key instead of ending the game
    from textual.command import CommandList

    app = make_app("rummy", "Ann,cpu:Bob", seed=6)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        await pilot.press("down")
        await pilot.pause(0.3)
        assert app.screen.query_one(CommandList).option_count
        for size in [(100, 3), (100, 2), (10, 1), (100, 32), (5, 4), (100, 32)]:
            await pilot.resize_terminal(*size)
            await pilot.press("pagedown", "pageup")
        await pilot.pause(0.3)
        await pilot.press("pagedown")
        await pilot.pause()
        assert app.screen.query_one(CommandList).highlighted is not None
    assert app.return_code in (None, 0)


async def test_a_search_that_outlives_the_palettes_list_does_not_crash():
    # seen in tmux: the palette closed while its first search ran, and the search's last
    # refresh asked for the list that was gone (NoMatches, the app ended)
    from textual.command import CommandList, CommandPalette

    app = make_app("rummy", "Ann,cpu:Bob", seed=6)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        palette = app.screen
        assert isinstance(palette, CommandPalette)
        await palette.query_one(CommandList).remove()
        palette._list_visible = not palette._list_visible
        palette._show_busy = not palette._show_busy
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, CommandPalette)
    assert app.return_code in (None, 0)
