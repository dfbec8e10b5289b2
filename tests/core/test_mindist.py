"""The one MinDist search (core/arrange/mindist.py, issue 29) against a brute force
(tests/core/mindist_reference.py: every split into parts, every wild card as a joker or as
itself), on random hands and on hands near a declaration, one and two decks, 13 and 14
cards, with printed jokers and wild cards; the Indian corner (Q-K-A and A-2-3 are
sequences, K-A-2 is not); and the budget ``hard`` may give it."""

from __future__ import annotations

import random

import pytest
from mindist_reference import brute_mindist
from test_bots_finish import _complete_hand

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.arrange.mindist import search
from rummy_tui.core.bots.mindist import distance, mindist, spare_cards
from rummy_tui.core.cards import Card, parse_cards
from rummy_tui.core.variants.indian import hand_rules


def _near_hand(rng: random.Random) -> tuple[list[int], int]:
    """A declaration with 0 to 4 cards swapped, sometimes a 14th card and an extra joker."""
    decks = rng.choice([1, 2])
    wild = rng.randrange(13)
    hand, left = _complete_hand(rng, 13, decks, decks, wild)
    free = [c for c, n in left.items() if n > 0]
    for _ in range(rng.choice([0, 1, 2, 3, 4])):
        x = rng.choice(free)
        free.remove(x)
        hand[rng.randrange(13)] = x
    if rng.random() < 0.5:
        hand.append(rng.choice(free))
    if rng.random() < 0.3:
        hand[rng.randrange(len(hand))] = 52 if rng.random() < 0.5 else rng.randrange(4) * 13 + wild
    return hand, wild


def _gap_hand(rng: random.Random) -> tuple[list[int], int]:
    """Two decks: a run of one suit with a joker or two in its gaps, a second run of that
    suit from its last gap up (copies of the first's top ranks), sets to 13 cards, now
    and then a card swapped or a 14th (a part must leave out a rank: 4-7-8 beside 6-7-8)."""
    while True:
        wild = rng.randrange(13)
        s = rng.randrange(4)
        length = rng.choice([4, 5, 6])
        a = rng.randrange(0, 13 - length + 1)
        holes = sorted(rng.sample(range(a + 1, a + length - 1), rng.choice([1, 2])))
        hand = [s * 13 + r for r in range(a, a + length) if r not in holes]
        hand += [52 if rng.random() < 0.4 else (s + 1) % 4 * 13 + wild for _ in holes]
        b = min(holes[-1], 13 - 3)
        hand += [s * 13 + r for r in range(b, b + rng.choice([3, 4])) if r < 13]
        while len(hand) < 11:
            r = rng.randrange(13)
            hand += [x * 13 + r for x in rng.sample(range(4), rng.choice([3, 4]))]
        while len(hand) < 13:
            hand.append(rng.randrange(52))
        hand = hand[:13]
        if rng.random() < 0.3:
            hand[rng.randrange(13)] = rng.randrange(52)
        if rng.random() < 0.4:
            hand.append(rng.randrange(52))
        if all(hand.count(c) <= 2 for c in hand):
            return hand, wild


def _random_hand(rng: random.Random) -> tuple[list[int], int]:
    decks = rng.choice([1, 2])
    deck = list(range(52)) * decks + [52] * decks
    return rng.sample(deck, rng.choice([13, 14])), rng.randrange(13)


def _agree(hands: list[tuple[list[int], int]]) -> None:
    for hand, wild in hands:
        assert search(hand, wild)[0] == brute_mindist(hand, wild), (sorted(hand), wild)


def test_the_search_agrees_with_the_brute_force():
    rng = random.Random(29)
    _agree([_near_hand(rng) for _ in range(40)] + [_gap_hand(rng) for _ in range(40)]
           + [_random_hand(rng) for _ in range(15)])


@pytest.mark.slow
def test_the_search_agrees_with_the_brute_force_on_many_hands():
    rng = random.Random(2029)
    _agree([_near_hand(rng) for _ in range(600)] + [_gap_hand(rng) for _ in range(600)]
           + [_random_hand(rng) for _ in range(300)])


def _cards(text: str) -> list[Card]:
    return parse_cards(text)


def test_the_indian_corner_and_wild_cards_as_themselves():
    rules = hand_rules(wild=6, decks=1)  # 6s wild
    # Q-K-A of spades is a pure sequence
    assert mindist(_cards("QS KS AS 2H 3H 4H 7D 8D 9D 10C 10D 10H 10S"), rules) == 0
    # K-A-2 is not: one to replace (the KS, for a 3S)
    assert mindist(_cards("KS AS 2S 2H 3H 4H 7D 8D 9D 10C 10D 10H 10S"), rules) == 1
    # a wild card as itself completes the only pure sequence: 4C 5C 6C
    hand = _cards("4C 5C 6C 9H 10H JK 2D 2S 2H 8S 8D 8H 8C")
    assert best_arrangement(hand, rules).can_go_out
    assert mindist(hand, rules) == 0
    # with the 6D, a joker there, and 9H JH, no sequence is pure: a 10H to bring in
    hand = _cards("4C 5C 6D 9H JH JK 2D 2S 2H 8S 8D 8H 8C")
    assert not best_arrangement(hand, rules).can_go_out
    assert mindist(hand, rules) == 1


def test_copies_of_a_suit_in_two_sequences_one_with_a_gap():
    """Two decks: 6H 7H 8H pure, and 4H J J 7H 8H with two wild jacks in the gap (so the
    part from the 4H skips the 6H): the QC goes and the hand declares."""
    rules = hand_rules(wild=11, decks=2)
    hand = _cards("4H 6H 7H 7H 8H 8H JH 3C 4C 6C 7C JC JC QC")
    assert mindist(hand, rules) == 0
    assert spare_cards(hand, 11) == (0, _cards("QC"))


def test_a_budget_bounds_the_work_and_never_reports_a_nearer_hand():
    rng = random.Random(7)
    rules = hand_rules(wild=3, decks=2)
    for _ in range(40):
        hand, _ = _random_hand(rng)
        hand = hand[:13]
        exact = mindist(hand, rules)
        assert mindist(hand, rules, budget=1) >= exact
        assert mindist(hand, rules, budget=1) == mindist(hand, rules, budget=1)


def test_spare_cards_and_distance_share_the_search():
    # 14 cards: the lone KD is the one dead card, and throwing it declares
    hand = _cards("4C 5C 6C 9H 10H JK 2D 2S 2H 8S 8D 8H KD QS")
    least, spare = spare_cards(hand, 6)
    assert least == 1 and spare and set(spare) <= set(_cards("KD QS"))
    assert all(distance([c for c in hand if c != s], 6) == 1 for s in spare)


@pytest.mark.parametrize("decks", [1, 2])
def test_distance_zero_exactly_when_a_discard_declares(decks):
    """``normal`` looks for a declaration only when the 14 cards' distance is 0 (normal.py):
    so 0 must be exactly when some discard leaves a declaration, by the arrangement
    search, on hands near one (wild cards and printed jokers in play)."""
    rng = random.Random(290 + decks)
    declaring = 0
    for _ in range(120):
        wild = rng.randrange(13)
        rules = hand_rules(wild=wild + 1, decks=decks)
        hand, left = _complete_hand(rng, 13, decks, decks, wild)
        free = [c for c, n in left.items() if n > 0]
        for _ in range(rng.choice([0, 0, 1])):
            x = rng.choice(free)
            free.remove(x)
            hand[rng.randrange(13)] = x
        hand.append(rng.choice(free))
        cards = [Card(c) for c in hand]
        finishes = any(
            best_arrangement([x for i, x in enumerate(cards) if i != j], rules).can_go_out
            for j in range(14)
        )
        assert (distance(cards, wild + 1) == 0) == finishes, (sorted(hand), wild)
        declaring += finishes
    assert 20 <= declaring <= 100
