"""What a rule set tells the arrangement search about a hand, and the rules core's one error.

A leaf module (it imports only cards and melds), so that the arrangement search
(``core/arrange/``) and the variant modules both build on it without importing each other:
the variants make the rules, and hand them to the search.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import ACE, JACK, JOKER_INDEX
from .melds import MeldRules


class RuleError(ValueError):
    """A move or a setting that the rules forbid; the message names the rule."""


@dataclass(frozen=True, slots=True)
class HandRules:
    """Everything the arrangement search needs to know to score one hand."""

    variant: str
    melds: MeldRules
    values: tuple[int, ...]
    """Penalty value of each card index 0-52 (the printed joker is 52)."""
    sets_need_sequence: bool = False
    """Remi: a set counts only if the same arrangement also holds a sequence."""
    declaration: bool = False
    """Indian: melds count only with two sequences, one of them pure."""
    cap: int | None = None
    """Indian: a hand never counts more than this."""
    specials: bool = False
    """Remigio: Flush, Straight flush and Remigio closing hands, and the multipliers."""
    max_copies: int = 1
    """Copies of one card in the variant's largest deck."""
    max_jokers: int = 0
    """Printed jokers in the variant's largest deck."""
    hand_size: int = 10
    """Cards a player holds between turns (the closing hand size in Remigio)."""
    plain_values: tuple[int, ...] | None = None
    """With a wild rank (Indian): the card values the same rules give without one. The
    search then shares the tables of suits without the wild rank across wild ranks."""

    def value(self, card: int) -> int:
        return self.values[card]


def value_table(ace: int, two_to_ten: int | None, face: int, joker: int) -> list[int]:
    """Card values: ``two_to_ten=None`` means face value."""
    table = []
    for index in range(52):
        rank = index % 13 + 1
        if rank == ACE:
            table.append(ace)
        elif rank >= JACK:
            table.append(face)
        else:
            table.append(rank if two_to_ten is None else two_to_ten)
    table.append(joker)
    assert len(table) == JOKER_INDEX + 1
    return table


_RELAXED: dict[HandRules, HandRules] = {}
_RELAXED_MAX = 64
"""A few rule sets are in play at once (Indian: one per wild rank and deck count); cleared
if it ever holds this many."""


def relaxed(rules: HandRules) -> HandRules:
    """Indian hands counted without the declaration condition or the cap: a measure of how
    close a hand is to a declaration (the real count is 80 until it is complete)."""
    r = _RELAXED.get(rules)
    if r is None:
        if len(_RELAXED) >= _RELAXED_MAX:
            _RELAXED.clear()
        r = _RELAXED[rules] = replace(rules, declaration=False, cap=None)
    return r
