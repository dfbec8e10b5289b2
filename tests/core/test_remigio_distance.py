"""How far a Remigio hand is from closing (bench/remigio_distance.py, issue 29): against a
brute force over every partition of the kept cards, against the engine's own meld rules
(a distance of 0 is exactly a hand the arrangement search melds whole), and on the
Remigio corners: 7♠ 7♠ 7♥ is a set, Q-K-A and A-2-3 are runs, K-A-2 is not."""

from __future__ import annotations

import random
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import ALL_CARDS, Card, parse_cards
from rummy_tui.core.variants.remigio import hand_rules

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from remigio_distance import distance, nearest_throws  # noqa: E402


def _places(group: list[int]) -> int | None:
    """The places a group of naturals takes as one meld's part, or None if it is none."""
    if len({c % 13 for c in group}) == 1:
        return max(3, len(group))  # a set: any cards of one rank, duplicates too
    if len({c // 13 for c in group}) != 1 or len(set(group)) != len(group):
        return None
    low = sorted(c % 13 for c in group)
    high = sorted(13 if r == 0 else r for r in low)  # the ace high
    return min(max(3, r[-1] - r[0] + 1) for r in (low, high))


def _partitions(items: list[int]) -> list[list[list[int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for part in _partitions(rest):
        for i in range(len(part)):
            out.append(part[:i] + [[first] + part[i]] + part[i + 1:])
        out.append([[first]] + part)
    return out


def brute_distance(hand: list[int], size: int) -> int:
    """Every subset of the naturals kept, every partition of it into parts that fit."""
    jokers = sum(1 for c in hand if c == 52)
    naturals = [c for c in hand if c != 52]
    for kept in range(len(naturals), 0, -1):
        for chosen in combinations(naturals, kept):
            for part in _partitions(list(chosen)):
                places = [_places(g) for g in part]
                if None not in places and sum(p for p in places if p is not None) <= size:
                    return size - jokers - kept
    return size - jokers


def _narrow_deck(rng: random.Random) -> list[Card]:
    """Two suits and six ranks of two decks, two jokers, and the aces and kings of a third
    suit: hands that meld, with no card more often than the decks hold it."""
    suits = rng.sample(range(4), 3)
    ranks = rng.sample(range(1, 12), 6)
    cards = [s * 13 + r for s in suits[:2] for r in ranks] + [suits[2] * 13, suits[2] * 13 + 12]
    return [ALL_CARDS[c] for c in cards] * 2 + [ALL_CARDS[52]] * 2


@pytest.mark.parametrize("seed", range(4))
def test_the_distance_is_the_brute_forces_on_random_hands(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(60):
        size = rng.choice([6, 7])
        hand = rng.sample(_narrow_deck(rng), size)
        assert distance(hand, size=size) == brute_distance(hand, size), sorted(hand)


def _whole_hand(rng: random.Random) -> list[Card]:
    """Ten cards in runs and sets (a joker in some), at most two copies of a card."""
    while True:
        hand: list[int] = []
        for n in rng.choice([(3, 3, 4), (5, 5), (3, 7), (4, 6), (3, 3, 4), (10,)]):
            if n <= 5 and rng.random() < 0.4:
                rank = rng.randrange(13)
                hand += [rng.randrange(4) * 13 + rank for _ in range(n)]
            else:
                suit, start = rng.randrange(4), rng.randrange(14 - n)
                hand += [suit * 13 + (start + i) % 13 for i in range(n)]
        if rng.random() < 0.3:
            hand[rng.randrange(10)] = 52
        if max(Counter(hand).values()) <= 2:
            return [ALL_CARDS[c] for c in hand]


def _swap(rng: random.Random, hand: list[Card]) -> list[Card]:
    """``hand`` with a card replaced by another (at most two copies of a card)."""
    while True:
        out = list(hand)
        out[rng.randrange(len(out))] = ALL_CARDS[rng.randrange(53)]
        if max(Counter(out).values()) <= 2:
            return out


def test_a_distance_of_zero_is_a_hand_the_engine_melds_whole() -> None:
    rules = hand_rules()
    rng = random.Random(11)
    melded = 0
    for _ in range(300):
        hand = _whole_hand(rng)
        for _ in range(rng.choice([0, 0, 1, 2])):
            hand = _swap(rng, hand)
        whole = not best_arrangement(tuple(sorted(hand)), rules).deadwood
        assert (distance(hand) == 0) == whole, sorted(hand)
        melded += whole
    assert 60 <= melded <= 240  # both answers met often


@pytest.mark.parametrize(
    ("codes", "expected"),
    [
        ("7S 7S 7H 2C 3C 4C 9D 10D JD QD", 0),  # a set with a duplicate, two runs
        ("QS KS AS 2H 3H 4H 5H 9C 9C 9D", 0),  # Q-K-A and a set of three 9s
        ("AS 2S 3S 6H 7H 8H 9H JC JC JK", 0),  # A-2-3, a run of four, J J and a joker
        ("KS AS 2S 6H 7H 8H 9H JC JC JD", 1),  # K-A-2 is no run: K-A wants a Q (or A-2 a 3)
        ("KS 2S 5D 8H 10C 3H 6C 9D JS QH", 6),  # J-K and two lone cards: four kept, 9 places
        ("5S 2S 5D 8H 10C 3H 6C 9D JS QH", 6),  # 5♠ 5♦ is the one pair: the same
        ("2S 7S QS 3H 8H KH 4D 9D 5C 10C", 7),  # no two cards meet: three lone cards kept
        ("JK JK JK JK 2S 5D 8H 10C KC 7H", 1),  # 7-8♥, 10-K♣ and a lone card; jokers fill
    ],
)
def test_corners(codes: str, expected: int) -> None:
    assert distance(parse_cards(codes)) == expected


def test_the_nearest_throws_of_an_eleven_card_hand() -> None:
    hand = parse_cards("7S 7S 7H 2C 3C 4C 9D 10D JD QD KH")
    least, after = nearest_throws(hand)
    assert least == 0
    assert [c for c, d in after.items() if d == 0] == parse_cards("KH")


def test_the_bench_grades_a_remigio_row_by_the_distance() -> None:
    import bench_bots

    grade = bench_bots.play_row("hard-normal-remigio", 1, 5, True)["grade"]
    assert grade["by"] == "remigio" and grade["games"] == 2
    assert grade["discards"] > 0 and 0 <= grade["further"] <= grade["discards"]
    assert sum(grade["further_at"].values()) == grade["further"]
    assert grade["took"] + grade["passed_nearer"] <= grade["open_chances"] <= grade["draws"]
    assert grade["took_no_nearer"] <= grade["took"]
    assert grade["missed_closes"] == 0  # normal's finish closes whenever ten cards meld
