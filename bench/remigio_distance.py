"""How far a Remigio hand is from closing (issue 29, a measure for bench/grade_remigio.py,
kept out of the game): the least number of its cards to replace for all ten to sit in melds
(MinDist, as the Indian bots use it, under Remigio's melds). ``hard``'s Remigio play was
tried with it and lost (bench/README.md, "Remigio by the distance to closing").

- A set: one rank, any number of cards, duplicates of the second deck allowed (7♠ 7♠ 7♥).
- A run: one suit, different ranks in order, the ace low (A-2-3) or high (Q-K-A), never
  round the corner (the wrap-around option is off by default; with it on the distance
  counts K-A-2 as no run, so it may read a hand as a card further than it is).
- Jokers (printed, and the wild rank's cards if the rules name one) fill any place.

The kept naturals form parts, each a part of one meld: a set part of ``n`` cards of a rank
takes ``max(3, n)`` places, a run part from rank ``lo`` to ``hi`` of a suit takes ``max(3,
hi - lo + 1)`` and keeps one card of each rank inside (a card left out of the run's span
could only cost places elsewhere). A grouping fits when its places fit in the ten; the
other cards (jokers and replacements) fill the gaps and the spare places (a set takes any
card of its rank, a run grows at either end). So the distance is ``10 - jokers - kept`` for
the most naturals kept in a grouping that fits. The Flush, the Straight flush and the
Remigio (special closes) are not counted: the close itself is always checked by the engine.
Exact under these rules (tests/core/test_remigio_distance.py holds it to a brute force over
every partition of the cards, and its zero to the engine's arrangement search).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_tui.core.cards import Card

__all__ = ["distance", "nearest_throws"]

SIZE = 10
_CACHE: dict[tuple[tuple[int, ...], int], int] = {}
_CACHE_MAX = 50_000
"""Bounded: cleared when it holds this many answers."""


def distance(hand: Sequence[Card], wild_rank: int | None = None, size: int = SIZE) -> int:
    """The least number of cards of ``hand`` (``size`` cards) to replace for every card to
    sit in a meld. ``wild_rank`` (1 = aces ... 13 = kings), if any, is a joker too."""
    jokers = 0
    naturals: list[int] = []
    for c in hand:
        if c == 52 or (wild_rank is not None and c % 13 + 1 == wild_rank):
            jokers += 1
        else:
            naturals.append(int(c))
    naturals.sort()
    return size - jokers - _most(tuple(naturals), size)


def nearest_throws(
    hand: Sequence[Card], wild_rank: int | None = None, size: int = SIZE
) -> tuple[int, dict[Card, int]]:
    """For a hand one card over ``size``: the least distance a throw leaves, and each
    distinct card's distance after it is thrown."""
    cards = sorted(hand)
    after: dict[Card, int] = {}
    for i, c in enumerate(cards):
        if c not in after:
            after[c] = distance(cards[:i] + cards[i + 1:], wild_rank, size)
    return min(after.values()), after


def _most(rem: tuple[int, ...], places: int) -> int:
    """The most cards of ``rem`` (sorted naturals) kept in parts that take ``places`` or
    fewer places."""
    if not rem or places < 3:
        return 0
    key = (rem, places)
    found = _CACHE.get(key)
    if found is not None:
        return found
    c = rem[0]
    rest = rem[1:]
    best = _most(rest, places)  # c dead
    suit, rank = divmod(c, 13)
    # a set part of c and some of the others of its rank (a lone c: a part of one card)
    same = [x for x in rest if x % 13 == rank]
    others = tuple(x for x in rest if x % 13 != rank)
    for chosen in _sub_multisets(same):
        n = 1 + len(chosen)
        need = max(3, n)
        if need > places:
            continue
        left = list(same)
        for x in chosen:
            left.remove(x)
        kept = n + _most(tuple(sorted(others + tuple(left))), places - need)
        if kept > best:
            best = kept
    # a run part from c upwards (c is the lowest card of its suit left), or, for an ace, a
    # run part ending at the ace high
    held = {x % 13 for x in rem if x // 13 == suit}
    for hi in range(rank + 1, min(rank + SIZE, 13)):
        need = max(3, hi - rank + 1)
        if need > places:
            break
        if hi not in held and hi - rank >= 2:
            continue  # a span ends on a card it keeps (or is the three places' least)
        kept, left = _run(rest, suit, range(rank + 1, hi + 1))
        kept += _most(left, places - need)
        if kept > best:
            best = kept
    if rank == 0:
        for lo in range(12, 13 - SIZE, -1):
            need = max(3, 14 - lo)
            if need > places:
                break
            if lo not in held and 13 - lo >= 2:
                continue
            kept, left = _run(rest, suit, range(lo, 13))
            kept += _most(left, places - need)
            if kept > best:
                best = kept
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.clear()
    _CACHE[key] = best
    return best


def _run(rest: tuple[int, ...], suit: int, ranks: range) -> tuple[int, tuple[int, ...]]:
    """A run part of the first card and one card of each of ``ranks`` of ``suit`` held in
    ``rest``: (the cards it keeps, the cards left)."""
    left = list(rest)
    kept = 1
    for r in ranks:
        x = suit * 13 + r
        if x in left:
            left.remove(x)
            kept += 1
    return kept, tuple(left)


def _sub_multisets(cards: list[int]) -> list[tuple[int, ...]]:
    """Every sub-multiset of ``cards`` (sorted), each once."""
    out: list[tuple[int, ...]] = [()]
    i = 0
    while i < len(cards):
        j = i
        while j < len(cards) and cards[j] == cards[i]:
            j += 1
        out = [s + (cards[i],) * k for s in out for k in range(j - i + 1)]
        i = j
    return out
