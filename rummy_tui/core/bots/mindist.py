"""MinDist (issue 29): the least number of cards of an Indian hand to replace for it to
become a valid declaration (every card in a sequence or a set, two sequences, one of them
pure), after Saha et al., "Quantitative Rule-Based Strategy modeling in Classic Indian Rummy:
A Metric Optimization Approach" (arXiv 2601.00024). ``hard`` weighs its Indian draws and
discards by it first (hard_multi.py); the bench's sparring agent (bench/mindist_agent.py)
computes the same measure its own way, outside the game.

The cards kept form groups, each a part of one meld of the nearest declaration: a set
part (one rank, different suits, 1 to 4 cards) or a sequence part (one suit, different
ranks, the ace low or high). A part needs ``fill`` more cards to become a meld (a sequence
part its gaps and up to 3 cards, a set part up to 3). Jokers (printed, or of the wild rank
when not played as themselves) are always kept and fill any gap but the pure sequence's.
The kept cards and the fills make at most the hand's size; the pure sequence's fill is of
natural cards; with fewer than two sequence parts, new sequences (3 replacements each) are
counted. MinDist is the hand's size less the most cards kept so. Every split into parts is
searched (set parts by rank first, then sequence parts per suit, memoised). Exact but for
two bounds on the work: of the wild-rank cards, at most one plays as itself, and at most
``CHOICES`` splits into set parts are searched.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, islice, product

from ..hand_rules import HandRules

__all__ = ["mindist"]

CHOICES = 32
"""Splits of the hand's same-rank cards into set parts searched per hand (a bound on the
work: a hand with many pairs and trios has hundreds; the first ones, which leave every card
to the sequences or take the first set parts, are searched)."""
_JOKER = 52
# the caches below are bounded (least recently used out): about 10 MB at most in all
_BIG = 99
_Key = tuple[int, int, int]
"""(cards kept, sequence parts capped at 2, least fill of a sequence part)"""


def mindist(hand: Sequence[int], rules: HandRules) -> int:
    """The least number of cards of ``hand`` to replace for it to become a valid Indian
    declaration of ``len(hand)`` cards."""
    return _mindist(tuple(sorted(hand)), rules.melds.wild_rank, rules.melds.ace_high)


@lru_cache(maxsize=4096)
def _mindist(hand: tuple[int, ...], wild: int | None, ace_high: bool) -> int:
    size = len(hand)
    printed = sum(1 for c in hand if c == _JOKER)
    wilds = [c for c in hand if c != _JOKER and wild is not None and c % 13 + 1 == wild]
    plain = [c for c in hand if c != _JOKER and not (wild is not None and c % 13 + 1 == wild)]
    best = _BIG
    # each wild card plays as a joker or as itself (a wild card in its own place is natural):
    # at most one of them as itself (a bound on the work; the rest as jokers, which fill
    # any gap but the pure sequence's, is at least as near but for that sequence)
    masks = [tuple(i == j for i in range(len(wilds))) for j in range(-1, len(wilds))]
    for mask in masks:
        naturals = plain + [c for c, own in zip(wilds, mask) if own]
        jokers = printed + sum(1 for own in mask if not own)
        best = min(best, _naturals(tuple(sorted(naturals)), jokers, size, ace_high))
        if best == 0:
            break
    return best


def _naturals(naturals: tuple[int, ...], jokers: int, size: int, ace_high: bool) -> int:
    by_rank: dict[int, list[int]] = {}
    for c in naturals:
        by_rank.setdefault(c % 13, []).append(c)
    multi = [cards for cards in by_rank.values() if len(cards) >= 2]
    best = _BIG
    splits = [list(_set_splits(tuple(cards))) for cards in multi]
    for choice in islice(product(*splits), CHOICES):
        kept = fill = 0
        used: list[int] = []
        for parts in choice:
            for part in parts:
                kept += len(part)
                fill += max(0, 3 - len(part))
                used.extend(part)
        rest = list(naturals)
        for c in used:
            rest.remove(c)
        suits = tuple(
            tuple(sorted(c % 13 + 1 for c in rest if c // 13 == suit)) for suit in range(4)
        )
        for (k, seqs, pure_fill), f in _suits(suits, ace_high, size).items():
            k += kept
            f += fill
            if k + f > size:
                continue
            if seqs == 0:
                pure_fill, f, seqs = 3, f + 3, 1  # a new pure sequence, of natural cards
            if seqs == 1:
                f += 3  # a new second sequence (jokers may fill it)
            if k + jokers + max(pure_fill, f - jokers) <= size:
                best = min(best, size - k - jokers)
    return best


@lru_cache(maxsize=2048)
def _suits(
    suits: tuple[tuple[int, ...], ...], ace_high: bool, size: int
) -> dict[_Key, int]:
    """The sequence parts of the suits' ranks together (from no card kept): memoised by the
    suits so far, so the splits into set parts that leave the first suits alike share them."""
    if not suits:
        return {(0, 0, 3): 0}
    before = _suits(suits[:-1], ace_high, size)
    if not suits[-1]:
        return before
    return _join(before, _seq_parts(suits[-1], ace_high), size)


def _join(frontier: dict[_Key, int], options: dict[_Key, int], size: int) -> dict[_Key, int]:
    """Both parts' groups together; kept cards and fills only add up, and a declaration needs
    kept + fill <= size, so an entry past that is dropped."""
    out: dict[_Key, int] = {}
    get = out.get
    for (k1, s1, p1), f1 in frontier.items():
        room = size - k1 - f1
        for (k2, s2, p2), f2 in options.items():
            if k2 + f2 > room:
                continue
            key = (k1 + k2, 2 if s1 + s2 > 2 else s1 + s2, p1 if p1 < p2 else p2)
            f = f1 + f2
            if get(key, _BIG) > f:
                out[key] = f
    return out


def _set_splits(cards: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    """Ways to take set parts (2 to 4 cards of different suits) out of cards of one rank;
    cards in no set part stay for the sequences. With two decks, up to two set parts."""
    yield []
    seen: set[tuple[int, ...]] = set()
    for n in range(2, min(4, len(cards)) + 1):
        for part in combinations(cards, n):
            if len({c // 13 for c in part}) < n or part in seen:
                continue
            seen.add(part)
            yield [part]
            rest = list(cards)
            for c in part:
                rest.remove(c)
            for m in range(2, min(4, len(rest)) + 1):
                for second in combinations(rest, m):
                    if len({c // 13 for c in second}) == m and second >= part:
                        yield [part, second]


@lru_cache(maxsize=16384)
def _seq_parts(ranks: tuple[int, ...], ace_high: bool) -> dict[_Key, int]:
    """A suit's ranks split into sequence parts, recursively: the lowest card is left out,
    starts a part with higher cards, or (an ace) waits to play high (rank 14)."""
    if not ranks:
        return {(0, 0, 3): 0}
    first, rest = ranks[0], ranks[1:]
    out: dict[_Key, int] = {}

    def add(key: _Key, f: int) -> None:
        if out.get(key, _BIG) > f:
            out[key] = f

    for key, f in _seq_parts(rest, ace_high).items():  # left out (replaced)
        add(key, f)
    if first == 1 and ace_high:
        for key, f in _seq_parts(tuple(sorted(rest + (14,))), ace_high).items():
            add(key, f)
    # a part starting at this card: with any set of higher distinct ranks within 13
    higher = sorted({r for r in rest if first < r <= first + 12})
    for n in range(0, len(higher) + 1):
        for members in combinations(higher, n):
            span = (members[-1] if members else first) - first + 1
            count = 1 + n
            part_fill = max(3, span) - count
            left = list(rest)
            for r in members:
                left.remove(r)
            for (k, s, p), f in _seq_parts(tuple(left), ace_high).items():
                add((k + count, min(2, s + 1), min(p, part_fill)), f + part_fill)
    return out
