"""The arrangement search is exact: it agrees with the brute-force reference (tests/core/
reference.py) field by field on thousands of generated hands of every variant: random hands,
meld-rich hands built from runs and sets, and joker-heavy hands."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import ALL_CARDS, JOKER, make_deck
from rummy_tui.core.melds import classify
from rummy_tui.core.variants import hand_rules

from arrange_reference import reference

# (variant, rules, decks, printed jokers per deck)
SETUPS = {
    "rummy": ({}, 1, 0),
    "rummy-ace-high": ({"ace_high": True}, 1, 0),
    "remi": ({}, 1, 0),
    "remigio": ({}, 2, 2),
    "remigio-wrap": ({"wrap": True}, 2, 2),
    "remigio-fournier": ({}, 3, 2),
    "indian": ({}, 2, 1),
    "indian-4-decks": ({"decks": 4}, 4, 1),
}


def _variant(name: str) -> str:
    return name.replace("-ace-high", "").replace("-wrap", "").replace("-4-decks", "")


@st.composite
def hands(draw, name: str, kind: str):
    rules, decks, jokers = SETUPS[name]
    variant = _variant(name)
    wild = None
    if variant == "indian":
        wild = draw(st.one_of(st.none(), st.integers(1, 13)))
    hr = hand_rules(variant, wild=wild, **rules)
    deck = make_deck(decks, jokers)
    size = draw(st.integers(0, 14 if kind != "random-big" else 14))
    if kind in ("random", "random-big"):
        picks = draw(st.lists(st.integers(0, len(deck) - 1), unique=True, min_size=size, max_size=size))
        hand = [deck[i] for i in picks]
    else:
        counts: Counter = Counter()
        hand = []

        def add(card):
            most = hr.max_jokers if card == 52 else hr.max_copies
            if counts[card] < most and len(hand) < 14:
                counts[card] += 1
                hand.append(ALL_CARDS[card])

        if kind == "jokers":
            for _ in range(draw(st.integers(1, hr.max_jokers or 0))):
                add(52)
            if wild is not None:
                for _ in range(draw(st.integers(0, 8))):
                    add(draw(st.integers(0, 3)) * 13 + wild - 1)
        if kind == "copies":  # the same few cards again and again
            pool = draw(st.lists(st.integers(0, 51), min_size=2, max_size=6))
            for _ in range(draw(st.integers(3, 14))):
                add(draw(st.sampled_from(pool)))
        for _ in range(draw(st.integers(1, 4))):
            if draw(st.booleans()):  # a run, maybe with a gap
                suit = draw(st.integers(0, 3))
                start = draw(st.integers(0, 12))
                length = draw(st.integers(3, 6))
                for r in range(start, start + length):
                    if draw(st.integers(0, 6)) == 0 and jokers:
                        add(52)
                    else:
                        add(suit * 13 + r % 13)
            else:  # a set
                rank = draw(st.integers(0, 12))
                for s in draw(st.lists(st.integers(0, 3), min_size=2, max_size=5)):
                    add(s * 13 + rank)
        for _ in range(draw(st.integers(0, 4))):
            add(draw(st.integers(0, 51 if not jokers else 52)))
        hand = draw(st.permutations(hand))
        hand = hand[:14]
    return hr, list(hand)


def check(hr, hand, sequence_down=False):
    got = best_arrangement(hand, hr, sequence_down)
    want = reference(hand, hr, sequence_down)
    fields = {k: getattr(got, k) for k in want}
    assert fields == want, (hand, got)
    # the arrangement itself: exactly the hand, every meld a meld, the penalty its deadwood
    laid = [c for m in got.melds for c in m.cards] + list(got.deadwood)
    assert Counter(laid) == Counter(hand)
    for meld in got.melds:
        shape = classify(meld.cards, hr.melds)
        assert shape is not None and (shape.kind, shape.pure) == (meld.kind, meld.pure), meld
    dead_value = sum(hr.values[c] for c in got.deadwood)
    assert got.penalty == (dead_value if hr.cap is None else min(hr.cap, dead_value))
    if hr.declaration and got.melds:
        runs = [m for m in got.melds if m.kind == "run"]
        assert len(runs) >= 2 and any(m.pure for m in runs)
    if hr.sets_need_sequence and not sequence_down and any(m.kind == "set" for m in got.melds):
        assert any(m.kind == "run" for m in got.melds)


FAST = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
LONG = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


CASES = [
    (name, kind)
    for name, (_, decks, jokers) in SETUPS.items()
    for kind in ["random", "melds"] + ["jokers"] * bool(jokers) + ["copies"] * (decks > 1)
]


# Indian's four decks with jokers cost ~2 CPU-s; their one-deck jokers stay quick (issue 26)
QUICK_CASES = [
    pytest.param(*c, marks=pytest.mark.slow) if c == ("indian-4-decks", "jokers") else c
    for c in CASES
]


@pytest.mark.parametrize("name, kind", QUICK_CASES)
@FAST
@given(data=st.data())
def test_matches_brute_force(name, kind, data):
    hr, hand = data.draw(hands(name, kind))
    check(hr, hand)


@pytest.mark.slow
@pytest.mark.parametrize("name, kind", CASES)
@LONG
@given(data=st.data())
def test_matches_brute_force_long(name, kind, data):
    """The same, with many more hands (``pytest --all``)."""
    hr, hand = data.draw(hands(name, kind))
    check(hr, hand)


@FAST
@given(data=st.data())
def test_remi_with_a_sequence_down(data):
    hr, hand = data.draw(hands("remi", "melds"))
    check(hr, hand, sequence_down=True)


def test_joker_heavy_indian_hand():
    hr = hand_rules("indian", wild=7)
    hand = [ALL_CARDS[i] for i in (6, 19, 32, 45, 6)] + [JOKER, JOKER] + [
        ALL_CARDS[i] for i in (0, 14, 28, 42, 11, 25)
    ]
    check(hr, hand)


@pytest.mark.slow  # ~3 CPU-s; the quick run checks Indian jokers by test_matches_brute_force
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    wild=st.integers(1, 13),
    flexible=st.lists(st.integers(0, 9), min_size=6, max_size=10, unique=True),
    plain=st.lists(st.integers(0, 95), min_size=7, max_size=7, unique=True),
)
def test_full_indian_hands_with_six_or_more_jokers_and_wild_cards(wild, flexible, plain):
    """The benchmark's hardest hands: 13 cards from two decks, 6 to 10 jokers and wild cards."""
    hr = hand_rules("indian", wild=wild)
    pool = [s * 13 + wild - 1 for s in range(4)] * 2 + [52, 52]
    others = [c for c in range(52) if c % 13 + 1 != wild] * 2
    hand = [ALL_CARDS[pool[i]] for i in flexible] + [ALL_CARDS[others[i % len(others)]] for i in plain]
    check(hr, hand[:13])


def _cards(codes: str) -> list:
    from rummy_tui.core.cards import parse_card

    return [parse_card(code) for code in codes.split()]


def test_dead_cards_of_one_rank_are_tried_once():
    """A card that can join no run with another natural card is as good in one suit as in
    another, and (with no declaration to make) better in a set than out: of the eleven ways
    four lone 3s can go to sets, and no set, the search tries only the set of all four."""
    from rummy_tui.core.arrange.sets import fewer_options as _fewer, set_options as _set_options

    # with no joker: the four, and four ways to take three (two need a joker)
    options = tuple(o for o in _set_options((1, 1, 1, 1), True, None) if o[0] == 0)
    assert len(options) == 5
    kept, alone = _fewer(options, 0b1111, True)
    assert [u for _, _, u, _ in kept] == [(1, 1, 1, 1)] and not alone
    # an Indian declaration with two jokers: a lone card may be a sequence with them, so
    # only the alike options go (one set of three stands for four)
    kept, alone = _fewer(options, 0b1111, False)
    assert sorted(sum(u) for _, _, u, _ in kept) == [3, 4] and alone
    # the 3 of spades joins 4-5 of spades: with it or without it, the three other 3s
    kept, alone = _fewer(options, 0b1110, True)
    assert sorted(u for _, _, u, _ in kept) == [(0, 1, 1, 1), (1, 1, 1, 1)] and not alone


@pytest.mark.parametrize(
    "variant, wild, codes",
    [
        ("remigio", None, "3S 3H 3D 3C 9S 10S QS KS 10H KH 10D 10C JK"),
        ("remigio", None, "3S 4S 5S 3H 3D 3C 3C 8H KD JK JK"),
        ("indian", 1, "AS 9S KS 9H JH QH KH 9D JD KD 9C JC KC JK"),
        ("indian", 6, "3S 9S 10S QS KS 3H 8H 10H KH 3D 10D 3C 10C JK"),
        ("indian", 12, "2S 3S 4S 5S 2H 4H 10H 2D 3D 4D QD 2C 4C 10C"),
    ],
)
def test_hands_with_lone_cards_in_sets_match_brute_force(variant, wild, codes):
    check(hand_rules(variant, wild=wild), _cards(codes))
