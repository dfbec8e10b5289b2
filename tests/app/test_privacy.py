"""No player ever sees another player's hand: the pass screen shows no card of a hidden
hand (only the public ones of its recap: discards, cards taken from the pile, melds), and
the table draws only the hand of the seat whose turn it is."""

from __future__ import annotations

import re
from collections.abc import Iterable

from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.card import CardWidget
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.app.widgets.messages import TableMessages

from rummy_tui.core.cards import ALL_CARDS, Card

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


def _cards_in(value: object) -> Iterable[Card]:
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _cards_in(item)


def public_cards(state) -> set[Card]:
    """Every card that every player has seen face up: the discard pile, the melds on the
    table, the wild card, and each card a logged move names (a discard, a card taken from
    the pile, a meld; the log holds nothing else: core/events.py)."""
    seen = set(state.discard) | {c for meld in state.table for c in meld.cards}
    if state.wild_card is not None:
        seen.add(state.wild_card)
    for event in state.log:
        for name in getattr(event, "__dataclass_fields__", {}):
            seen.update(_cards_in(getattr(event, name)))
    return seen


def cards_shown(text: str, ascii: bool = False) -> set[Card]:
    """The cards named in this text (K♥, 10♣; KH, 10C in ASCII mode)."""
    names = {c.symbol(ascii): c for c in ALL_CARDS}
    pattern = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return {names[m] for m in re.findall(rf"(?<![0-9A-Za-z])(?:{pattern})(?![0-9A-Za-z])",
                                         text)}


def hidden_cards_shown(app, ascii: bool = False) -> set[Card]:
    """The cards of a hidden hand on the screen: any card named there that no player has
    seen face up. (A card of a hand may also lie on the pile when the game plays with two
    decks: its twin is public, so naming it tells nothing.)"""
    state = table_of(app).state
    hidden = {c for hand in state.hands for c in hand} - public_cards(state)
    return cards_shown(screen_text(app), ascii) & hidden


async def test_pass_screen_renders_no_card_of_any_hand():
    app = make_app("rummy", "Ann,Bob,Cy", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        for handover in range(6):
            await settle(pilot)
            assert isinstance(app.screen, PassDeviceScreen), app.screen
            text = screen_text(app)
            assert not hidden_cards_shown(app), "a card of a hidden hand is on the pass screen"
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
        assert not hidden_cards_shown(app, ascii=True)
        for _ in range(3):  # a recap with cards in it, spelt as letters
            await pilot.press("enter")
            await settle(pilot)
            await play_human_move(pilot)
            await settle(pilot)
            await play_human_move(pilot)
            await settle(pilot)
            assert isinstance(app.screen, PassDeviceScreen)
            text = screen_text(app)
            assert "Since your last turn" in text and not SUITS.search(text)
            assert cards_shown(text, ascii=True)  # the discards of the recap
            assert not hidden_cards_shown(app, ascii=True)


async def test_the_pass_screen_shows_the_recap_of_public_moves():
    """The recap of the others' moves is on the pass screen (issue 30): the discards, named,
    and the stock draws, which name no card."""
    app = make_app("rummy", "Ann,Bob,Cy", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(4):
            await pilot.press("enter")
            await settle(pilot)
            for _ in range(30):
                await play_human_move(pilot)
                await settle(pilot)
                if not isinstance(app.screen, TableScreen):
                    break
        assert isinstance(app.screen, PassDeviceScreen)
        text = screen_text(app)
        assert "Since your last turn:" in text
        table = table_of(app)
        discards = [e.card for e in table.state.log[-4:] if type(e).__name__ == "Discarded"]
        assert discards and discards[-1].symbol() in text
        assert cards_shown(text) and not hidden_cards_shown(app)


async def test_a_leaking_pass_screen_fails_the_check():
    """The check above would see a hand: a pass screen that names the next player's cards
    fails it."""
    app = make_app("indian", "Ann,Bob,Cy", seed=5)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, PassDeviceScreen)
        assert not hidden_cards_shown(app)
        state = table_of(app).state
        hand = state.hands[state.to_move]
        app.pop_screen()
        app.push_screen(PassDeviceScreen("Ann", note=" ".join(c.symbol() for c in hand)))
        await pilot.pause()
        leaked = hidden_cards_shown(app)
        assert leaked and leaked <= set(hand)


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
        assert not hidden_cards_shown(app)
