"""Indian Rummy's optional turn timer (rules-notes, seed 003: "Three missed turns in a row
count as a middle drop; this applies only with the optional turn timer on"), on fixed deals."""

from __future__ import annotations

import copy
import random
import re

import pytest
from test_engine_support import card, lines, new_state, play, refused, rig

from rummy_tui.core.bots import choose_action
from rummy_tui.core.engine import is_legal, legal_actions, view, view_legal_actions
from rummy_tui.core.options import make_options, parse_rules
from rummy_tui.core.state import Discard, DrawStock, NextRound, TakeDiscard
from rummy_tui.core.variants.indian import Declare, MissTurn
from rummy_tui.core.variants import RuleError

JUNK = "2D 4S 6D 8S 10H QC KH 3C 5S 7H 9S JH AH"
WINNER = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD KD"
LOSER_GROUPED = "JS QS KS 8H 9H 10H 3D 7D 9D 2C 4C 6C AC"
TIMER = {"turn_timer": 30}


def timed(hands=(JUNK, WINNER, LOSER_GROUPED), options=TIMER, **kw):
    return rig("indian", list(hands), wild="5D", options=options, **kw)


def test_the_option_and_its_range():
    assert make_options("indian").turn_timer is None
    assert parse_rules("indian", ["turn_timer=45"]).turn_timer == 45
    assert parse_rules("indian", ["turn_timer=off"]).turn_timer is None
    for bad in ("9", "601"):
        with pytest.raises(RuleError, match="turn timer is 10 to 600 seconds"):
            parse_rules("indian", [f"turn_timer={bad}"])
    with pytest.raises(RuleError, match="unknown rule 'turn_timer' for Basic Rummy"):
        parse_rules("rummy", ["turn_timer=30"])


def test_refused_when_the_timer_is_off_state_unchanged():
    state = timed(options=None)
    assert MissTurn() not in legal_actions(state)
    refused(state, MissTurn(), "only with the turn timer on")
    state = play(state, DrawStock())
    refused(state, MissTurn(), "only with the turn timer on")


@pytest.mark.parametrize("variant", ["rummy", "remi", "remigio", "remigio-fournier"])
def test_refused_outside_indian(variant):
    state = new_state(variant, 2)
    assert MissTurn() not in legal_actions(state)
    refused(state, MissTurn(), "there is no turn timer in")


def test_listed_when_legal_but_never_chosen_by_a_bot():
    state = timed()
    assert MissTurn() in legal_actions(state)
    assert MissTurn() in view_legal_actions(view(state, 0))
    assert is_legal(view(state, 0), MissTurn())
    assert not is_legal(view(state, 1), MissTurn())  # not P1's turn
    after_draw = play(state, DrawStock())
    assert MissTurn() in legal_actions(after_draw)
    for kind in ("easy", "normal"):
        for seed in range(20):
            for s in (state, after_draw):
                assert type(choose_action(kind, view(s, 0), random.Random(seed))) is not MissTurn


def test_a_miss_before_drawing_passes_the_turn_without_a_draw():
    state = timed(stock_top="5C")
    before = copy.deepcopy(state)
    new = play(state, MissTurn())
    assert state == before
    assert new.hands[0] == state.hands[0] and new.stock == state.stock
    assert new.to_move == 1 and new.phase == "draw"
    assert new.vs.missed == [1, 0, 0] and not new.vs.has_drawn[0] and not new.out[0]
    assert lines(new)[-1] == "P0 missed the turn (1 in a row)"


def test_a_miss_after_the_draw_discards_the_drawn_card_and_names_no_hidden_card():
    state = timed(stock_top="5C")
    state = play(state, DrawStock())
    new = play(state, MissTurn())
    assert sorted(new.hands[0]) == sorted(state.hands[0][:-1]) and card("5C") not in new.hands[0]
    assert new.discard[-1] == card("5C")
    assert new.to_move == 1 and new.vs.missed == [1, 0, 0] and new.vs.drawn is None
    text = lines(new)[-1]
    assert text == "P0 missed the turn: the card drawn was discarded (1 in a row)"
    assert not re.search(r"(10|[2-9AJQK])[♠♥♦♣]", text)


def test_a_miss_after_taking_the_discard_puts_that_card_back():
    state = timed(discard="9H")
    state = play(state, TakeDiscard())
    new = play(state, MissTurn())
    assert new.hands[0] == timed(discard="9H").hands[0]
    assert new.discard[-1] == card("9H")


def _round_of_misses(state):
    """P0 misses; P1 and P2 draw and throw the card they drew."""
    state = play(state, MissTurn())
    for _ in (1, 2):
        state = play(state, DrawStock())
        state = play(state, Discard(state.vs.drawn))
    return state


def test_two_misses_then_a_normal_turn_resets_the_count():
    state = timed()
    state = _round_of_misses(_round_of_misses(state))
    assert state.vs.missed == [2, 0, 0] and state.to_move == 0
    state = play(state, DrawStock())
    state = play(state, Discard(state.vs.drawn))
    assert state.vs.missed == [0, 0, 0]
    for _ in (1, 2):
        state = play(state, DrawStock())
        state = play(state, Discard(state.vs.drawn))
    # the next miss is the first in a row again: no drop
    state = play(state, MissTurn())
    assert state.vs.missed[0] == 1 and not state.out[0]


@pytest.mark.parametrize("fmt,penalty", [("points", 40), ("pool101", 40), ("pool201", 50)])
def test_three_misses_in_a_row_are_a_middle_drop(fmt, penalty):
    state = timed(options={"turn_timer": 30, "format": fmt})
    state = _round_of_misses(_round_of_misses(state))
    # the third miss comes after the draw: the drawn card goes first, then the drop
    state = play(state, DrawStock())
    state = play(state, MissTurn())
    assert state.out[0] and state.vs.drops[0] == penalty and len(state.hands[0]) == 13
    assert lines(state)[-1] == f"P0 missed 3 turns in a row: middle drop, {penalty} points"
    # counted even though P0 never drew before (a first drop would be 20/25)
    assert state.phase == "draw" and state.to_move == 1


def test_three_misses_by_one_of_two_players_hand_the_deal_to_the_other():
    state = timed(hands=(JUNK, WINNER))
    for _ in range(2):
        state = play(state, MissTurn(), DrawStock())
        state = play(state, Discard(state.vs.drawn))
    state = play(state, MissTurn())
    result = state.last_round
    assert result.ending == "last_in" and result.winner == 1
    assert result.players[0].penalty == 40 and result.players[0].note == "dropped"
    assert state.scores == [-40, 40]


def test_misses_start_again_each_deal_and_a_finished_round_refuses_them():
    state = timed(options={"turn_timer": 30, "format": "pool101"}, hands=(JUNK, WINNER),
                  stock_top="5C 2H")
    state = play(state, MissTurn(), DrawStock())
    assert state.vs.drawn == card("5C")
    state = play(state, Discard(card("5C")), MissTurn())
    assert state.vs.missed == [2, 0] and state.to_move == 1
    state = play(state, DrawStock(), Declare(card("2H")))
    assert state.phase == "round_over"
    refused(state, MissTurn(), "the deal is over")
    state = play(state, NextRound())
    assert state.vs.missed == [0, 0] and state.vs.drawn is None


def test_a_timed_game_saves_and_loads_with_its_drawn_card_and_misses():
    from rummy_tui import saves

    state = timed(stock_top="5C")
    state = play(state, MissTurn(), DrawStock())
    assert state.to_move == 1 and state.vs.drawn == card("5C") and state.vs.missed == [1, 0, 0]
    data = saves.dumps(state)
    loaded = saves.parse_save(data)
    assert loaded == state and saves.dumps(loaded) == data
    # and it plays on the same: the miss discards the card drawn
    assert play(loaded, MissTurn()).discard[-1] == card("5C")
