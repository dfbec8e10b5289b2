"""Games dealt from two decks or more (Indian with 3 to 6 players, Remi, Fournier): a hand
may hold two copies of a card, and the screen must count, arrange and label it (issue 30)."""

from __future__ import annotations

from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import Hand, InfoLine
from rummy_tui.app.widgets.messages import TableMessages

from .conftest import make_app
from .driver import settle
from .keys import send_keys, settled


async def test_indian_with_three_players_counts_and_arranges_a_pair_of_copies():
    # seed 28: Ann's first hand holds 8♠ 8♠ (two decks with three players)
    app = make_app("indian", "Ann,cpu:Bob,cpu:Cy", seed=28)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        hand = table.query_one(Hand)
        assert len(set(hand.cards)) < len(hand.cards)
        info = str(table.query_one(InfoLine).render())
        assert "no count" not in info and "melds" in info, info
        await send_keys(app, ["s", "a"])
        await settled(app)
        messages = table.query_one(TableMessages)
        assert not any("Cannot arrange" in t for t in messages.texts()), messages.texts()
        assert table.session.seats[0].groups is not None
        assert hand.labels, "the arranged groups are labelled"


def test_a_hand_beyond_the_decks_names_its_card_as_the_table_writes_it():
    from rummy_tui.app.rules import check_copies, rules_for
    from rummy_tui.core.cards import parse_cards
    from rummy_tui.core.engine import new_game
    from .conftest import seats

    state = new_game("indian", seats("Ann,Bob"), seed=1)  # two players: one deck
    try:
        check_copies(parse_cards("KH KH"), rules_for(state))
    except Exception as exc:
        assert "K♥" in str(exc) and "KH" not in str(exc)
    else:
        raise AssertionError("two K♥ from one deck were accepted")


async def test_a_spare_copy_of_a_meld_card_is_discarded_without_a_warning():
    """Fournier, two decks: 10♣ JK Q♣ K♣ holds one Q♣, the other is spare. Neither copy
    asks "It is in your meld" (issue 30, item 4); a card only the meld holds still asks."""
    from rummy_tui.app.dialogs.choose import ConfirmDialog
    from rummy_tui.core.cards import parse_card

    from .driver import move_cursor_to
    from .test_finish_dialogs import app_for, rigged

    state = rigged("remigio-fournier", "2S 5H 8D 9D 10C QC QC KC JK 4S", "7H")
    app = app_for(state)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        await send_keys(app, ["s"])
        await settled(app)
        hand = table.query_one(Hand)
        queen = parse_card("QC")
        for index in [i for i, c in enumerate(hand.cards) if c == queen]:
            assert table._meld_of(queen) is None, index
        # the king is in the meld alone: the question stays
        king = parse_card("KC")
        await move_cursor_to(pilot, hand, hand.cards.index(king))
        await send_keys(app, ["x"])
        await settled(app)
        assert isinstance(app.screen, ConfirmDialog)
        assert "It is in your meld" in app.screen.question
        await send_keys(app, ["n"])
        await settled(app)
        await move_cursor_to(pilot, hand, hand.cards.index(queen))
        before = len(hand.cards)
        await send_keys(app, ["x"])
        await settled(app)
        assert app.screen is table and len(table.state.hands[0]) == before - 1
