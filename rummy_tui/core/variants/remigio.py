"""Remigio (seeds 001 and 004): 10 cards kept in hand, jokers wild, closing multipliers."""

from __future__ import annotations

from ..melds import MeldRules
from .base import HandRules, value_table


def hand_rules(wrap: bool = False, fournier: bool = False) -> HandRules:
    """Ace low or high; sets may repeat a card from another deck; a joker counts 20.

    The Fournier preset plays with up to three decks (3 x (52 + 2 jokers)); the elimination
    preset with two (2 x 52 + 4 jokers).
    """
    return HandRules(
        variant="remigio-fournier" if fournier else "remigio",
        melds=MeldRules(set_max=None, ace_low=True, ace_high=True, wrap=wrap),
        values=tuple(value_table(ace=1, two_to_ten=None, face=10, joker=20)),
        specials=True,
        max_copies=3 if fournier else 2,
        max_jokers=6 if fournier else 4,
        hand_size=10,
    )
