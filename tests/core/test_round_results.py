"""A round result reveals each player's whole hand as melds + deadwood (QA finding 2: the
Indian "last in the deal" winner lost its deadwood), checked on fixed deals and over many
simulated rounds of every preset."""

from __future__ import annotations

from collections import Counter

import pytest
from test_engine_support import card, play, rig

from rummy_tui.core.engine import view
from rummy_tui.core.invariants import check_invariants
from rummy_tui.core.simulate import play_game
from rummy_tui.core.state import DrawStock
from rummy_tui.core.variants.indian import Declare, Drop
from rummy_tui.core.variants.remigio import Close

JUNK = "2D 4S 6D 8S 10H QC KH 3C 5S 7H 9S JH AH"
WINNER = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD KD"
LOSER_GROUPED = "JS QS KS 8H 9H 10H 3D 7D 9D 2C 4C 6C AC"
P1 = "KS QD JC 9S 6D 5C 3S KD 2C 8S"


def whole(result) -> bool:
    shown = Counter(result.deadwood)
    for meld in result.melds:
        shown.update(meld)
    return shown == Counter(result.hand)


def test_last_in_the_deal_shows_its_deadwood():
    # the QA deal's shape: Ann declares wrongly, Bob drops, Cy is the last player left
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], stock_top="5C", wild="5D")
    state = play(state, DrawStock(), Declare(card("5C")), Drop())
    result = state.last_round
    assert result.ending == "last_in" and result.winner == 2
    cy = result.players[2]
    assert cy.note == "last in the deal" and len(cy.hand) == 13
    assert sorted(map(len, cy.melds)) == [3, 3]
    assert sorted(cy.deadwood) == sorted(card(c) for c in "3D 7D 9D 2C 4C 6C AC".split())
    assert cy.penalty == 0 and whole(cy)
    # the wrong declaration shows the 14 cards kept, arranged too
    ann = result.players[0]
    assert len(ann.hand) == 14 and whole(ann) and ann.penalty == 80


def test_a_dropped_hand_is_revealed_at_round_end_and_counts_only_the_drop():
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], stock_top="5C", wild="5D")
    state = play(state, DrawStock(), Declare(card("5C")), Drop())
    bob = state.last_round.players[1]
    assert bob.note == "dropped" and bob.penalty == 20 and bob.delta == -20
    assert sorted(bob.hand) == sorted(card(c) for c in WINNER.split())
    assert len(bob.melds) == 4 and bob.deadwood == [] and whole(bob)
    # while the deal goes on, the dropped hand stays hidden from the others
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], wild="5D")
    state = play(state, Drop())
    assert state.last_round is None and view(state, 1).hand_counts[0] == 13


def test_last_in_without_two_sequences_counts_every_card_as_deadwood():
    # P0 declares wrongly; P1 has a pure sequence but no second one: no meld counts
    state = rig("indian", [JUNK, "KS QS JS 9H 3D 4D 7S 8H 10C JC QH 2C AC"], stock_top="5C",
                wild="5D")
    state = play(state, DrawStock(), Declare(card("5C")))
    p1 = state.last_round.players[1]
    assert state.last_round.winner == 1
    assert p1.melds == [] and sorted(p1.deadwood) == sorted(p1.hand) and len(p1.hand) == 13


def test_a_flush_closer_shows_its_unmelded_cards():
    state = rig("remigio", ["AH 3H 5H 7H 9H JH KH 2H 4H 6H", P1], stock_top="KC")
    state = play(state, DrawStock(), Close(card("KC")))
    closer = state.last_round.players[0]
    assert state.last_round.special == "flush" and closer.deadwood and whole(closer)


def test_the_invariant_catches_a_result_that_hides_cards():
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], stock_top="5C", wild="5D")
    state = play(state, DrawStock(), Declare(card("5C")), Drop())
    state.last_round.players[2].deadwood = []
    assert "player 2's result" in check_invariants(state)


PRESETS = [
    ("rummy", None, 3),
    ("remi", None, 3),
    ("remigio", None, 4),
    ("remigio-fournier", {"target": 150}, 7),
    ("indian", None, 2),
    ("indian", {"format": "pool101"}, 3),
    ("indian", {"format": "pool201"}, 6),
    ("indian", {"format": "deals", "deals": 6}, 4),
]


@pytest.mark.parametrize("variant,options,n", PRESETS)
def test_every_result_of_simulated_games_shows_the_whole_hand(variant, options, n):
    rounds = 0
    for seed in range(4):
        run = play_game(variant, ["normal", "easy"] * (n // 2) + ["normal"] * (n % 2), seed,
                        options)
        assert run.problem is None, run.problem
        for result in run.state.history:
            for r in result.players:
                rounds += 1
                if variant == "remi":  # melds are those on the table; the hand is deadwood
                    assert Counter(r.deadwood) == Counter(r.hand)
                else:
                    assert whole(r), (result.round_no, r)
    assert rounds
