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
