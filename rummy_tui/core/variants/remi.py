"""Indonesian Remi (seed 000): 7 cards, number runs or J-Q-K, sets only after a sequence."""

from __future__ import annotations

from ..melds import MeldRules
from .base import HandRules, value_table


def hand_rules() -> HandRules:
    """2-10 are worth 5, J/Q/K 10, A 15; aces are never in a sequence."""
    return HandRules(
        variant="remi",
        melds=MeldRules(set_max=4, ace_low=False, ace_high=False, remi_runs=True),
        values=tuple(value_table(ace=15, two_to_ten=5, face=10, joker=0)),
        sets_need_sequence=True,
        max_copies=1,
        max_jokers=0,
        hand_size=7,
    )
