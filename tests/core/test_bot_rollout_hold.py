"""``hard``'s meld timing in Basic Rummy (core/bots/rollout.py): at 3+ seats holding a meld or
a lay-off back is the default, and laying it down the alternative the rollouts must show
better (``HOLD_FIRST``); at 2 seats laying it down stays the default."""

from __future__ import annotations

import random

import pytest

from rummy_tui.core.bots import choose_action, hard as bot_hard, rollout
from rummy_tui.core.cards import parse_card
from rummy_tui.core.engine import is_legal, new_game, view
from rummy_tui.core.state import Discard, LayOff, Meld, PlayerSpec, TableMeld


def _c(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def _turn(players: int, hand: str, table: str = ""):
    """Seat 0's view after its draw, holding ``hand``; ``table``: one meld laid by seat 1."""
    specs = [PlayerSpec("Ann", "hard")] + [PlayerSpec(f"P{q}", "normal") for q in range(1, players)]
    state = new_game("rummy", specs, seed=1).copy()
    mine, laid = _c(hand), _c(table)
    rest = [c for c in range(52) if c not in mine and c not in laid]
    size = 10 if players == 2 else 7
    state.hands = [mine] + [rest[size * q : size * (q + 1)] for q in range(players - 1)]
    rest = rest[size * (players - 1) :]
    state.discard, state.stock = rest[:1], rest[1:]
    state.table = [TableMeld(1, laid, "set")] if laid else []
    state.to_move = 0
    state.phase = "play"
    state.laid = [0] * players
    state.taken = None
    return view(state, 0)


def _candidates(seen):
    normal = choose_action("normal", seen, random.Random(0))
    k = bot_hard._Knowledge(seen, random.Random(0))
    return normal, rollout.play_candidates(seen, normal, None, k.rules)


def test_at_four_seats_holding_a_meld_back_is_the_default():
    # 2-3-4 of spades melds; KD, QH, 9C and 7D are dead (no partners): normal lays the run
    seen = _turn(4, "2S 3S 4S 9C KD QH 7D 5H")
    normal, found = _candidates(seen)
    assert normal == Meld(tuple(_c("2S 3S 4S")))
    assert found[1] == normal  # laying it is the alternative
    held = found[0]
    assert isinstance(held, Discard) and held.card in _c("9C KD QH 7D 5H")
    assert is_legal(seen, held)


def test_at_two_seats_laying_the_meld_stays_the_default():
    seen = _turn(2, "2S 3S 4S 9C KD QH 7D 5H 8C JD AH")
    normal, found = _candidates(seen)
    assert isinstance(normal, Meld)
    assert found[0] == normal and isinstance(found[1], Discard)


def test_a_lay_off_is_held_back_too_at_four_seats():
    # the table holds three nines; normal lays off its nine of clubs (its other cards are dead)
    seen = _turn(4, "9C 2D 6S JH KC 4H AD 8S", table="9S 9H 9D")
    normal, found = _candidates(seen)
    assert normal == LayOff((parse_card("9C"),), 0)
    assert found[1] == normal and isinstance(found[0], Discard)


def test_a_hand_that_goes_out_this_turn_is_laid_down_not_held():
    # 2-3-4 of spades and four kings leave the seven of diamonds to throw: out, no search
    seen = _turn(4, "2S 3S 4S KD KH KC KS 7D")
    normal, found = _candidates(seen)
    assert isinstance(normal, Meld) and found == []


@pytest.mark.parametrize("players", [2, 4])
def test_off_the_default_is_laying_at_every_table(monkeypatch, players):
    monkeypatch.setattr(rollout, "HOLD_FIRST", False)
    extra = " 8C JD AH" if players == 2 else ""
    seen = _turn(players, "2S 3S 4S 9C KD QH 7D 5H" + extra)
    normal, found = _candidates(seen)
    assert found[0] == normal
