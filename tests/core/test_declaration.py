"""The Indian declaration in words (issue 12): valid or not, why, and each group's label."""

from __future__ import annotations

import pytest

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import parse_cards
from rummy_tui.core.groups import INVALID, PURE, SEQUENCE, SET, group_labels
from rummy_tui.core.variants.indian.declaration import check_declaration
from rummy_tui.core.variants.indian import hand_rules

RULES = hand_rules(wild=7, decks=2)  # sevens are wild


def check(hand: str):
    return check_declaration(parse_cards(hand), RULES)


def test_a_valid_hand_is_labelled_pure_sequence_first():
    hand = "KD KC KH 9H 7C JH 3S 4S 5S AS AD AC 7D"
    verdict = check(hand)
    assert verdict.valid and verdict.reasons == ()
    assert [g.label for g in verdict.groups] == [PURE, SEQUENCE, SET, SET]
    assert verdict.groups[0].cards == tuple(parse_cards("3S 4S 5S"))
    assert sorted(c for g in verdict.groups for c in g.cards) == sorted(parse_cards(hand))


def test_no_pure_sequence_is_named():
    # an impure sequence (the wild 7 plays a 10) and sets, but no pure sequence
    verdict = check("8H 9H 7C JH KD KC KH AS AD AC 3D 3C 3S")
    assert not verdict.valid
    assert verdict.reasons[0] == "no pure sequence"
    assert PURE not in [g.label for g in verdict.groups]


def test_only_one_sequence_is_named_with_the_cards_left_over():
    verdict = check("3S 4S 5S 6S 8D 9C JH KD KC KH QS QD 2D")
    assert not verdict.valid
    assert verdict.reasons[0] == "only one sequence"
    assert verdict.reasons[1] == "6 cards in no group (Q♠ J♥ 2♦ 8♦ Q♦ 9♣)"
    assert [g.label for g in verdict.groups] == [PURE, SET, INVALID]


def test_two_sequences_with_a_card_left_over():
    verdict = check("3S 4S 5S 9H 10H JH KD KC KH AS AD AC 2D")
    assert not verdict.valid
    assert verdict.reasons == ("1 card in no group (2♦)",)
    assert verdict.groups[-1].label == INVALID and verdict.groups[-1].cards == tuple(
        parse_cards("2D"))


@pytest.mark.parametrize("hand", [
    "KD KC KH 9H 7C JH 3S 4S 5S AS AD AC 7D",
    "3S 4S 5S 9H 10H JH KD KC KH AS AD AC 2D",
    "8H 9H 7C JH KD KC KH AS AD AC 3D 3C 3S",
    "3S 4S 5S 6S 8D 9C JH KD KC KH QS QD 2D",
    "2S 5D 9C JH KD 4C 6H AS 10D QC 3D 8C 8S",
])
def test_the_verdict_is_the_engines(hand):
    # the engine declares on the best arrangement: valid exactly when it can go out
    cards = parse_cards(hand)
    assert check_declaration(cards, RULES).valid == best_arrangement(cards, RULES).can_go_out


def test_group_labels_of_an_arrangement():
    groups = [parse_cards(g) for g in ("3S 4S 5S", "KD KC 7S", "8H 7D 10H", "2D 4D", "5H 5H 5C")]
    assert group_labels(groups, RULES) == [PURE, SET, SEQUENCE, INVALID, INVALID]
