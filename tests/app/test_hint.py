"""The hint teaches (issue 29): ``h`` says what ``hard`` would do and why, in one line, with
the reason's facts from the core (core/bots/explain.py) and the words from the app."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rummy_tui.app.app import RummyApp
from rummy_tui.app.hint_text import hint_line
from rummy_tui.app.screens.table_moves import describe
from rummy_tui.app.widgets.messages import TableMessages
from rummy_tui.core.bots.explain import Reason, explain, unseen_cards
from rummy_tui.core.cards import parse_card, parse_cards
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Discard, DrawStock, Meld, TakeDiscard
from rummy_tui.core.variants.indian import Declare

from .conftest import seats
from .driver import settle, table_of

# fives wild (the wild joker 5♦ is out of play): three sequences and a set, two cards over
MINE = "2S 3S 4S 7H 8H 9H KC KD KH 9C 9D 9S 4C"
FINISHING = ["AS", "5S", "6H", "10H", "KS", "5C", "5H", "JK"]
"""The cards that let either loner go: each extends a group (a wild 5 or the joker joins any);
9♥ would too, but it is in the hand."""


def indian(mine: str, draw: str, top: str = "2H", wild: str = "5D"):  # type: ignore[no-untyped-def]
    """Ann to move at Indian with ``mine``; the stock gives her ``draw``; the pile ``top``."""
    state = new_game("indian", seats("Ann,cpu:Bob"), seed=7).copy()
    hand, drawn, shown = parse_cards(mine), parse_card(draw), parse_card(top)
    pool = Counter(variant_of("indian").deck(state.options, 2))
    pool.subtract([*hand, drawn, shown, parse_card(wild)])
    others = sorted(pool.elements())
    random.Random(1).shuffle(others)
    state.hands = [hand, others[:13]]
    state.discard = [shown]
    state.stock = others[13:] + [drawn]
    state.wild_card = parse_card(wild)
    state.log = [state.log[0], *variant_of("indian").on_deal(state, [state.wild_card])]
    state.to_move, state.phase = 0, "draw"
    return state


def test_the_facts_of_a_discard_one_card_from_declaring() -> None:
    state = apply(indian(MINE, "QD"), DrawStock())
    seen = view(state, 0)
    for loner, other in (("4C", "QD"), ("QD", "4C")):
        reason = explain(seen, Discard(parse_card(loner)))
        assert reason.distance == 1 and reason.card_dead and not reason.finishes
        assert reason.outs == len(FINISHING)
        assert reason.dead == 1 and reason.dead_before == 2
        assert reason.points == variant_of("indian").rules_for(seen).values[parse_card(other)]
    # a card out of a sequence leaves it two cards away: no outs that finish
    broken = explain(seen, Discard(parse_card("8H")))
    assert broken.distance is None and not broken.card_dead and broken.dead == 3  # 9♥: 9s
    assert broken.points == 80  # one sequence left: the whole hand counts, to the cap


def test_unseen_cards_leave_out_what_the_player_has_seen() -> None:
    state = apply(indian(MINE, "QD"), DrawStock())
    unseen = unseen_cards(view(state, 0))
    for code in (*MINE.split(), "QD", "2H", "5D"):
        assert parse_card(code) not in unseen
    assert sum(unseen.values()) == 53 - 14 - 1 - 1
    # Bob takes Q♦ from the pile: it is in his hand, no longer unseen
    bob = apply(state, Discard(parse_card("QD")))
    bob = apply(bob, TakeDiscard(1))
    assert parse_card("QD") not in unseen_cards(view(apply(bob, Discard(bob.hands[1][0])), 0))


@pytest.mark.parametrize("ascii", [False, True])
def test_hint_words(ascii: bool) -> None:
    state = apply(indian(MINE, "QD"), DrawStock())
    seen = view(state, 0)
    four = "4C" if ascii else "4♣"
    line = hint_line(explain(seen, Discard(parse_card("4C"))), Declare, describe, ascii)
    assert line == f"Discard {four}: it leaves you one card from declaring, with 8 cards that finish"
    finish = Reason(Declare(parse_card("4C")), parse_card("4C"), finishes=True, distance=0)
    assert hint_line(finish, Declare, describe, ascii) == (
        f"Declare with {four} in the finish slot: the other cards are a valid declaration")
    far = explain(seen, Discard(parse_card("8H")))
    assert hint_line(far, Declare, describe, ascii).startswith(
        f"Discard {'8H' if ascii else '8♥'}: the rest keeps most together; 3 cards in no group, ")


@pytest.mark.parametrize("ascii", [False, True])
async def test_h_says_what_hard_would_do_and_why(ascii: bool) -> None:
    """After drawing Q♦ to this hand, ``hard`` throws a loner (4♣ or Q♦: both leave it one
    card from declaring, with the same 8 unseen cards that finish); the hint says which."""
    app = RummyApp(game=indian(MINE, "QD"), bot_delay=0, cursor_blink=False, ascii=ascii)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("s")  # draw Q♦ from the stock
        await pilot.pause()
        table = table_of(app)
        assert len(table.state.hands[0]) == 14
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        feedback = table.query_one(TableMessages).feedback
        assert feedback is not None, "no hint"
        title, line, _ = feedback
        assert title == "Hint"
        why = ": it leaves you one card from declaring, with 8 cards that finish"
        loners = ("4C", "QD") if ascii else ("4♣", "Q♦")
        assert line in {f"Discard {card}{why}" for card in loners}, line


def test_hint_words_for_the_draw() -> None:
    # 5♠ on the pile extends 2♠ 3♠ 4♠: taking it lets Ann declare at once (4♣ to the slot)
    seen = view(indian(MINE, "QD", top="5S"), 0)
    take = explain(seen, TakeDiscard(1))
    assert take.finishes
    assert hint_line(take, Declare, describe) == "Take 5♠: it lets you declare this turn"
    # 2♥ on the pile fits nothing: the stock
    seen = view(indian(MINE, "QD"), 0)
    draw = explain(seen, DrawStock())
    assert draw.card_dead
    assert hint_line(draw, Declare, describe, True) == (
        "Draw from the stock: 2H on the pile fits none of your groups")


async def test_a_hint_for_a_turn_that_moved_on_is_dropped() -> None:
    """hard thinks in a thread: if the game moved on meanwhile, its answer (which names the
    cards of the hand it was for) is not shown."""
    app = RummyApp(game=indian(MINE, "QD"), bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = table_of(app)
        seen = table.session.view()
        await pilot.press("s")  # the draw: the view the hint was for is gone
        await pilot.pause()
        table._show_hint(seen, "Discard 4♣: stale", "information")
        feedback = table.query_one(TableMessages).feedback
        assert feedback is None or "stale" not in feedback[1]
        table._show_hint(table.session.view(), "Discard 4♣: fresh", "information")
        assert table.query_one(TableMessages).feedback == ("Hint", "Discard 4♣: fresh",
                                                           "information")


def test_hint_words_for_a_meld_that_lets_the_hand_go_out() -> None:
    state = new_game("rummy", seats("Ann,cpu:Bob"), seed=7).copy()
    hand = parse_cards("QS KS JH JC JS JD KD KC")
    others = sorted((Counter(variant_of("rummy").deck(state.options, 2)) - Counter(hand))
                    .elements())
    random.Random(1).shuffle(others)
    state.hands = [hand, others[:7]]
    state.stock, state.discard = others[8:], [others[7]]
    state.to_move, state.phase = 0, "play"
    seen = view(state, 0)
    jacks = Meld(tuple(parse_cards("JS JH JD JC")))
    # the kings left meld and the queen is the discard: out this turn
    assert explain(seen, jacks).finishes
    assert hint_line(explain(seen, jacks), None, describe) == (
        "Meld J♠ J♥ J♦ J♣: it takes 40 points out of your hand, and you can go out this turn")
    # three jacks leave J♠ Q♠ K♠ K♦ K♣: a run or the kings, and two cards over
    three = Meld(tuple(parse_cards("JH JD JC")))
    assert not explain(seen, three).finishes
    assert hint_line(explain(seen, three), None, describe) == (
        "Meld J♥ J♦ J♣: it takes 30 points out of your hand")
