"""Indian 13-card Rummy (seed 003): a wild rank, pure and impure sequences, declaration."""

from __future__ import annotations

from ..cards import ACE
from ..melds import MeldRules
from .base import HandRules, value_table

CAP = 80


def hand_rules(wild: int | None = None, decks: int = 2) -> HandRules:
    """A-2-3 and Q-K-A are sequences, K-A-2 is not; sets have different suits.

    ``wild`` is the wild rank (1-13). When the wild joker card is a printed joker, aces are
    wild: pass ``wild=1``. Wild cards and printed jokers are worth 0.
    """
    values = value_table(ace=10, two_to_ten=None, face=10, joker=0)
    if wild is not None:
        for suit in range(4):
            values[suit * 13 + wild - 1] = 0
    return HandRules(
        variant="indian",
        melds=MeldRules(
            set_max=4, set_distinct_suits=True, ace_low=True, ace_high=True, wild_rank=wild
        ),
        values=tuple(values),
        declaration=True,
        cap=CAP,
        max_copies=decks,
        max_jokers=decks,
        hand_size=13,
    )


def wild_rank_of(card: int) -> int:
    """The wild rank named by the wild joker card: a printed joker makes aces wild."""
    return ACE if card == 52 else card % 13 + 1
