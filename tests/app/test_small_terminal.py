"""Issue 12, item 1: below 80x24 a screen says how large the terminal must be, and no key
reaches the game; at every accepted size every card of the hand and the cursor are visible
(a long Remi hand wraps onto a second row)."""

from __future__ import annotations

from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.dialogs.too_small import TooSmallScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.card import CardWidget
from rummy_tui.core.cards import parse_cards

from .conftest import make_app
from .driver import press, settle, table_and_hand, table_of


async def test_too_small_a_terminal_covers_the_game_until_it_is_large_enough():
    app = make_app("rummy", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small").render())
        assert "60×20" in text and "80×24" in text
        before = table_of(app).state
        await press(pilot, "s", "x")  # no key reaches the table
        await pilot.pause()
        assert table_of(app).state is before
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_a_screen_opened_while_too_small_stays_under_the_notice():
    app = make_app("rummy", "Ann,Bob", seed=3)
    async with app.run_test(size=(70, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert any(isinstance(s, PassDeviceScreen) for s in app.screen_stack)
        await pilot.resize_terminal(100, 32)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, PassDeviceScreen)
        assert not any(isinstance(s, TooSmallScreen) for s in app.screen_stack)


async def test_a_long_hand_wraps_so_that_every_card_is_on_screen_at_80x24():
    app = make_app("remi", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        table, hand = await table_and_hand(pilot)
        cards = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H")
        hand.show(cards)
        await pilot.pause()
        await pilot.pause()
        widgets = list(hand.query(CardWidget))
        assert len(widgets) == len(cards) == 18
        screen = app.screen.region
        for w in widgets:
            assert screen.contains_region(w.region), (w.card, w.region)
        assert len({w.region.y for w in widgets}) == 2  # two rows
        for _ in range(17):
            await press(pilot, "right")
        assert widgets[hand.cursor].cursor and screen.contains_region(widgets[hand.cursor].region)


async def test_the_picker_s_too_small_notice_speaks_of_no_saved_game():
    from rummy_tui.app.app import RummyApp

    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small").render())
        assert "saved" not in text and "ctrl+q quits" in text, text
