"""How far an Indian hand is from a declaration, for the bots (issue 29): MinDist, the least
number of its cards to replace for a valid declaration (every card in a sequence or a set,
two sequences, one of them pure), after Saha et al., "Quantitative Rule-Based Strategy
modeling in Classic Indian Rummy" (arXiv 2601.00024). One search answers every bot:
core/arrange/mindist.py (exact; compiled with the arrangement search). ``normal`` asks it
exactly (indian_play.py); ``hard`` may bound its work with ``budget`` (hard_multi.py).

What it does not count: a card to fill a place is taken to exist even when every copy of it
is already in the hand. The finish itself is always checked with the arrangement search
(normal.py), so a bot never misses a declaration through it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..arrange.mindist import search
from ..cards import Card
from ..hand_rules import HandRules

__all__ = ["distance", "mindist", "remember", "spare_cards"]

_SIZE = 13
_HAND_CACHE: dict[tuple[tuple[int, ...], int | None, bool], int] = {}
_HAND_MAX = 8192
"""Exact answers, by hand: cleared when it holds this many."""


def mindist(hand: Sequence[int], rules: HandRules, budget: int = 0) -> int:
    """The least number of cards of ``hand`` to replace for it to become a valid Indian
    declaration of 13 cards (of 14: after the best discard). ``budget``: at most that many
    choices of sets searched (0: exact); a count, so a seed plays the same game."""
    wild = rules.melds.wild_rank
    return _cached(hand, None if wild is None else wild - 1, rules.melds.ace_high, budget)


def distance(hand: Sequence[Card], wild: int | None, floor: int = 0, limit: int = _SIZE) -> int:
    """MinDist under the Indian rules (aces low or high), ``wild`` the wild rank as
    ``MeldRules.wild_rank`` names it (1 = aces ... 13 = kings), or None.

    ``floor``: a distance the caller knows the hand cannot beat (the search stops when it
    finds it); ``limit``: the caller asks only whether the distance is below it (the answer
    is then at most ``limit``). Deterministic; exact answers are cached (bounded)."""
    wild_rank = None if wild is None else wild - 1
    key = (tuple(sorted(hand)), wild_rank, True)
    found = _HAND_CACHE.get(key)
    if found is not None:
        return found
    best, _ = search(key[0], wild_rank, _SIZE, True, floor, limit)
    if best < limit:
        _keep(key, best)
    return best


def spare_cards(hand: Sequence[Card], wild: int | None) -> tuple[int, list[Card]]:
    """A 14-card hand's distance, and naturals whose discard leaves the hand that near (each
    dead in some nearest grouping; not always every such card, never another)."""
    wild_rank = None if wild is None else wild - 1
    best, mask = search(tuple(sorted(hand)), wild_rank, _SIZE, True, -1, _SIZE + 2, True)
    return best, [c for c in sorted(set(hand)) if c < 52 and c % 13 != wild_rank and mask >> c & 1]


def remember(hand: Sequence[Card], wild: int | None, dist: int) -> None:
    """Cache a distance found another way (the hand kept after a nearest discard: the next
    draw asks for it)."""
    _keep((tuple(sorted(hand)), None if wild is None else wild - 1, True), dist)


def _cached(hand: Sequence[int], wild_rank: int | None, ace_high: bool, budget: int) -> int:
    key = (tuple(sorted(hand)), wild_rank, ace_high)
    found = _HAND_CACHE.get(key)
    if found is not None:
        return found
    best, _ = search(key[0], wild_rank, _SIZE, ace_high, 0, 99, False, budget)
    if not budget:
        _keep(key, best)
    return best


def _keep(key: tuple[tuple[int, ...], int | None, bool], dist: int) -> None:
    if len(_HAND_CACHE) >= _HAND_MAX:
        _HAND_CACHE.clear()
    _HAND_CACHE[key] = dist
