"""A hand counted as its player grouped it (core/groups.py, issue 30): the cards in no meld,
or all of them when the hand's condition on melds is not met, capped as the game caps it."""

from __future__ import annotations

from rummy_tui.core.cards import parse_cards
from rummy_tui.core.groups import grouped_penalty
from rummy_tui.core.registry import variant_of
from rummy_tui.core.engine import new_game
from rummy_tui.core.state import PlayerSpec


def _rules(variant: str):
    state = new_game(variant, [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")], seed=1)
    return variant_of(variant).rules_for(state), state


def test_indian_counts_the_invalid_groups_only_with_two_sequences_one_pure():
    rules, state = _rules("indian")
    wild = state.wild_card
    assert wild is not None
    pure = parse_cards("3H 4H 5H")
    second = parse_cards("7S 8S 9S")
    loose = parse_cards("KD QC")
    with_both = grouped_penalty([pure, second, loose], rules)
    assert with_both == sum(rules.value(c) for c in loose)
    # the same cards, the second sequence broken up: every card counts (at most 80)
    alone = grouped_penalty([pure, second[:2], second[2:] + loose], rules)
    assert alone == min(80, sum(rules.value(c) for c in pure + second + loose))
