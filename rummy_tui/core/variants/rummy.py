"""Basic Rummy (seed 002): one 52-card deck, sets and runs, laying off, "rummy" doubles."""

from __future__ import annotations

from ..melds import MeldRules
from .base import HandRules, value_table


def hand_rules(ace_high: bool = False) -> HandRules:
    """Ace is low only; the ace-high-or-low option makes Q-K-A a run and aces worth 15."""
    return HandRules(
        variant="rummy",
        melds=MeldRules(set_max=4, ace_low=True, ace_high=ace_high),
        values=tuple(value_table(ace=15 if ace_high else 1, two_to_ten=None, face=10, joker=0)),
        max_copies=1,
        max_jokers=0,
        hand_size=10,
    )
