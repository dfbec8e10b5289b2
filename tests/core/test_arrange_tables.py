"""The multi-deck search's suit tables (core/arrange/tables.py, core/arrange/runs.py): the one
pass over the ranks gives the same tables as the subsets, blocks join over the corner only
where runs may, long suits agree with the brute-force reference, and the rules' lines do not
leak from one rule set into another."""

from __future__ import annotations

import random

import pytest

from rummy_tui import arrange
from rummy_tui.core.arrange import search as arrange_module
from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.arrange.runs import suit_entries
from rummy_tui.core.arrange.tables import pareto
from rummy_tui.core.cards import parse_cards
from rummy_tui.core.hand_rules import relaxed
from rummy_tui.core.variants import hand_rules

from arrange_reference import reference

FAMILIES = [
    ("indian", {"wild": None}),
    ("indian", {"wild": 1}),  # aces wild: the wild rank at both ends of the lines
    ("indian", {"wild": 7}),
    ("indian", {"wild": 13}),
    ("indian", {"wild": 4, "decks": 4}),
    ("remigio", {}),
    ("remigio-fournier", {}),
]


def _pattern(rng: random.Random, copies: int) -> int:
    """A suit of at most 12 cards (a hand holds 14 at most)."""
    layers = [0, 0, 0, 0]
    cards = 0
    for r in rng.sample(range(13), rng.randint(1, 12)):
        for layer in range(min(copies, rng.choice((1, 1, 1, 2, 3)), 12 - cards)):
            layers[layer] |= 1 << r
            cards += 1
    return layers[0] | layers[1] << 13 | layers[2] << 26 | layers[3] << 39


@pytest.mark.parametrize("variant, rules", FAMILIES)
def test_one_pass_over_the_ranks_gives_the_tables_of_the_subsets(variant, rules):
    rng = random.Random(f"{variant}-{rules}")
    hr = hand_rules(variant, **rules)
    for hrs in (hr, relaxed(hr)) if variant == "indian" else (hr,):
        fam = arrange_module._solver(hrs).fam
        for _ in range(40):
            key = _pattern(rng, hrs.max_copies)
            jokers = rng.choice((0, 1, 2, 3, 4))
            f = fam if key & fam.wild_bit else fam.plain
            made = f._compute(key, jokers)  # its entries, then how each is made
            subsets = made[: len(made) // 2]
            one_pass = pareto(*suit_entries(f, key, jokers))[0]
            assert one_pass == subsets, (bin(key), jokers)


def test_blocks_join_over_the_corner_only_where_runs_go_round_it():
    # remigio: Q-K-(joker as A) is a run, the 2 cannot join it; with wrap, Q-K-JK-2 is one run
    plain = arrange("QS KS 2S JK", "remigio")
    assert plain.deadwood == tuple(parse_cards("2S"))
    wrapped = arrange("QS KS 2S JK", "remigio", wrap=True)
    assert wrapped.deadwood == () and len(wrapped.melds) == 1
    # Indian: Q-K-A is a sequence, K-A-2 is not
    assert arrange("QH KH AH 5C 6C 7C", "indian").penalty == 0
    no = arrange("KH AH 2H 5C 6C 7C", "indian")
    assert no.melds == () and no.penalty == 10 + 10 + 2 + 5 + 6 + 7


def test_a_run_is_placed_on_the_lines_of_its_own_rules():
    # a lone king with two jokers: K-A-2 round the corner under wrap, J-Q-K otherwise; the
    # second search must not reuse the first's placing
    wrapped = arrange("KS JK JK", "remigio", wrap=True)
    plain = arrange("KS JK JK", "remigio")
    for result in (wrapped, plain):
        assert result.deadwood == () and [m.kind for m in result.melds] == ["run"]


LONG_SUITS = [
    ("3S QS 10C 8S AS 9S 6S 5S JS 4S 7S 10S 2S", 10),
    ("JS 9S 10S 5S 4S 6S 3S 2S 8S 5S AS 6S 7S", 10),
    ("4S 7S 2S 6S 7D JS 10S 5S 9S KS 4S AS 3S", 10),
    ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", 5),
    ("AD 2D 3D 5D 6D 8D 9D JD QD KD JK 4C 4C", None),
]


@pytest.mark.slow
@pytest.mark.parametrize("cards, wild", LONG_SUITS)
def test_long_suits_agree_with_the_brute_force_reference(cards, wild):
    hr = hand_rules("indian", wild=wild)
    hand = parse_cards(cards)
    got = best_arrangement(hand, hr)
    want = reference(hand, hr)
    assert {k: getattr(got, k) for k in want} == want
