"""No player ever sees another player's hand: the pass screen shows no card at all, and
the table draws only the hand of the seat whose turn it is."""

from __future__ import annotations

import re

from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.card import CardWidget
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.app.widgets.messages import TableMessages

from .conftest import make_app
from .driver import play_human_move, settle, table_of

SUITS = re.compile("[♠♥♦♣]")


def screen_text(app) -> str:
    """What is on the terminal, as plain text (the SVG's text runs)."""
    svg = app.export_screenshot()
    text = re.sub(r"<[^>]+>", "", svg)
    return text.replace("&#160;", " ")


def card_codes(cards) -> set[str]:
    return {c.code for c in cards}


async def test_pass_screen_renders_no_card_of_any_hand():
    app = make_app("rummy", "Ann,Bob,Cy", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        for handover in range(6):
            await settle(pilot)
            assert isinstance(app.screen, PassDeviceScreen), app.screen
            text = screen_text(app)
            assert not SUITS.search(text), "a suit symbol is on the pass screen"
            table = table_of(app)
            # The table under the pass screen holds no card widget of any hand.
            assert table.viewer is None
            assert table.query_one(Hand).cards == []
            assert not list(table.query_one(Hand).query(CardWidget))
            name = table.state.players[table.state.to_move].name
            assert f"Pass to {name}" in text
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            seat = app.screen.viewer
            assert seat == table.state.to_move
            # Only this seat's cards are drawn in the hand.
            assert sorted(app.screen.query_one(Hand).cards) == sorted(table.state.hands[seat])
            for _ in range(30):  # draw, meld..., discard: then the keyboard passes
                await play_human_move(pilot)
                await settle(pilot)
                if not isinstance(app.screen, TableScreen):
                    break


async def test_ascii_pass_screen_names_no_card():
    app = make_app("indian", "Ann,Bob", seed=4, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen)
        text = screen_text(app)
        table = table_of(app)
        words = set(re.findall(r"\b(?:10|[2-9AJQK])[SHDC]\b|\bJK\b", text))
        for hand in table.state.hands:
            assert not (words & card_codes(hand)), words


async def test_single_human_sees_only_their_own_hand_during_bot_turns():
    app = make_app("rummy", "cpu:Ann,Bob,cpu:Cy", seed=8)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert table.viewer == 1
        assert sorted(table.query_one(Hand).cards) == sorted(table.state.hands[1])


async def test_a_hint_does_not_survive_the_hand_over():
    """A hint names cards of the hand it was for: it must be gone when the device passes."""
    app = make_app("rummy", "Ann,Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        messages = table_of(app).query_one(TableMessages)
        assert messages.feedback is not None and messages.feedback[0] == "Hint"
        for _ in range(30):
            await play_human_move(pilot)
            await settle(pilot)
            if isinstance(app.screen, PassDeviceScreen):
                break
        assert isinstance(app.screen, PassDeviceScreen)
        assert messages.feedback is None and not messages.recap
        assert not SUITS.search(screen_text(app))
