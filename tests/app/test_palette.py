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


async def _palette_titles(app, pilot, query: str = "") -> list[str]:
    """The commands the open palette lists (all of them with no query)."""
    from textual.command import CommandList

    await pilot.press("ctrl+p")
    await pilot.pause(0.3)
    if query:
        await pilot.press(*query)
        await pilot.pause(0.3)
    commands = app.screen.query_one(CommandList)
    titles = [str(commands.get_option_at_index(i).prompt).split("\n")[0]
              for i in range(commands.option_count)]
    await pilot.press("escape")
    await pilot.pause()
    return titles


async def test_the_palette_lists_one_quit_and_it_quits():
    # Textual's own system command is the one Quit (it runs the app's action_quit); the
    # game adds its commands next to it, not a second Quit
    from rummy_tui.app.app import RummyApp

    for app in (RummyApp(cursor_blink=False), make_app("rummy", "Ann,cpu:Bob", seed=6)):
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot) if app.game is not None else await pilot.pause()
            listed = await _palette_titles(app, pilot)
            assert listed.count("Quit") == 1, listed
            assert {"New game", "Rules and keys", "Statistics", "Theme"} <= set(listed)
            assert sum(t.strip().lower() == "quit" for t in
                       await _palette_titles(app, pilot, "quit")) == 1
            await pilot.press("ctrl+p")
            await pilot.pause(0.3)
            await pilot.press(*"quit")
            await pilot.pause(0.3)
            await pilot.press("enter")
            await pilot.pause()
        assert app.return_code == 0
