"""A brute-force MinDist for tests (issue 29): every split of a hand's naturals into dead
cards, set parts and sequence parts (any cards of a suit, not only runs of its ranks in
order; each ace low or high), and every wild card as a joker or as itself. Slow, and
written apart from core/arrange/mindist.py on purpose: it holds that search to its
definition (tests/core/test_mindist.py)."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

NONE = 15


def brute_mindist(hand: list[int], wild: int | None, size: int = 13) -> int:
    """``wild``: the wild rank 0-12 (or None); the hand's cards as codes (52: a joker)."""
    printed = sum(1 for c in hand if c == 52)
    wilds = [c for c in hand if c != 52 and c % 13 == wild]
    plain = [c for c in hand if c != 52 and c % 13 != wild]
    best = 99
    for own in product((False, True), repeat=len(wilds)):
        naturals = tuple(sorted(plain + [w for w, o in zip(wilds, own) if o]))
        jokers = printed + sum(1 for o in own if not o)
        for kept, seqs, fill, places in _groupings(naturals, size):
            best = min(best, _replacements(kept, seqs, fill, places, jokers, size))
    return best


def _replacements(kept: int, seqs: int, fill: int, places: int, jokers: int, size: int) -> int:
    base = size - jokers - kept
    ways = []
    if seqs >= 2 and places <= size:
        ways.append(max(base, fill))  # the most complete part as the pure sequence
    if seqs >= 1 and places + 3 <= size:
        ways.append(max(base, 3))  # a new pure sequence of three replacements
        if seqs == 1:
            ways.append(max(base, fill + 1))  # the part pure, a new sequence (a natural in it)
    if places + 6 <= size:
        ways.append(max(base, 4))  # two new sequences
    return max(0, min(ways)) if ways else 99


@lru_cache(maxsize=None)
def _groupings(cards: tuple[int, ...], size: int) -> frozenset[tuple[int, int, int, int]]:
    """Every (kept, sequence parts capped at 2, least fill of one, places) of a split."""
    if not cards:
        return frozenset({(0, 0, NONE, 0)})
    first, rest = cards[0], cards[1:]
    out: set[tuple[int, int, int, int]] = set(_groupings(rest, size))  # first is dead
    # a set part: first and other suits of its rank
    same = [i for i, c in enumerate(rest) if c % 13 == first % 13 and c // 13 != first // 13]
    for n in range(1, 4):
        for idx in combinations(same, n):
            if len({rest[i] // 13 for i in idx}) < n:
                continue
            left = tuple(c for i, c in enumerate(rest) if i not in idx)
            places = max(3, n + 1)
            for k, s, f, p in _groupings(left, size):
                if p + places <= size:
                    out.add((k + n + 1, s, f, p + places))
    # a sequence part: first and any other cards of its suit, ranks different
    mates = [i for i, c in enumerate(rest) if c // 13 == first // 13 and c != first]
    for n in range(0, len(mates) + 1):
        for idx in combinations(mates, n):
            part = [first] + [rest[i] for i in idx]
            if len({c % 13 for c in part}) < len(part):
                continue
            left = tuple(c for i, c in enumerate(rest) if i not in idx)
            for high in (False, True):
                pos = [13 if (c % 13 == 0 and high) else c % 13 for c in part]
                here = max(3, max(pos) - min(pos) + 1)
                fill = here - len(part)
                for k, s, f, p in _groupings(left, size):
                    if p + here <= size:
                        out.add((k + len(part), min(2, s + 1), min(f, fill), p + here))
    return frozenset(out)
