"""How far an Indian hand is from a declaration: MinDist, the least number of its cards to
replace for it to become a valid declaration (all 13 cards in sets and sequences, two
sequences, one of them pure), after Saha et al., "Quantitative Rule-Based Strategy
modeling in Classic Indian Rummy" (arXiv 2601.00024) (issue 29).

A hand's cards are either kept, in groups that replacement cards complete into melds, or
dead (replaced). A group is a set (2 to 4 suits of a rank: 3 or 4 places) or a sequence
(naturals of one suit inside a window of at least 3 ranks, one place per rank). Jokers (the
printed ones and the wild rank) fill empty places of any group but the pure sequence, and
cost no replacement. Counting, for a choice of groups, ``dead`` naturals, ``holes`` (empty
places) and the pure sequence's holes ``pure``: the places (the kept naturals plus the
holes) must fit in 13 cards, and then the hand is ``max(dead, pure)`` replacements away
(with 14 cards, one dead card is the discard). Groups are chosen exactly: the sets first
(each rank's options), then each suit's sequences by one pass over its ranks, tables of
(dead, sequences, pure holes) -> fewest holes, merged suit by suit.

What it does not count: a card of the wild rank as a natural of its own suit (it counts as
a joker), and a second copy of a card (two decks) in the same suit's sequences (it may still
go in a set). The finish itself is always checked with the arrangement search
(normal.py), so neither can make a bot miss a declaration; they make the distance a little
larger on the rare hands that need them.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from ..cards import Card

__all__ = ["distance", "remember", "spare_cards"]

_Table = dict[tuple[int, int, int], tuple[int, int]]
"""(kept naturals, sequences (2 = two or more), least holes of a sequence (4 = none)) ->
(the fewest holes, the cards replaced in some grouping with that many: a bit per card,
``1 << card``). Entries whose kept cards and holes pass 13 are never made."""

_NONE = 4
_SIZE = 13
_EMPTY: _Table = {(0, 0, _NONE): (0, 0)}
_SUIT_CACHE: dict[tuple[int, tuple[int, ...]], _Table] = {}
_SUIT_MAX = 4096
_HAND_CACHE: dict[tuple[tuple[Card, ...], int | None], int] = {}
_HAND_MAX = 8192
"""Bounded caches: cleared when they hold this many entries."""


def _put(table: _Table, key: tuple[int, int, int], holes: int, mask: int) -> None:
    old = table.get(key)
    if old is None or holes < old[0]:
        table[key] = (holes, mask)
    elif holes == old[0] and mask | old[1] != old[1]:
        table[key] = (holes, mask | old[1])


def _prune(table: _Table) -> _Table:
    """Drop an entry another beats on every count (as many kept cards or more in as few
    places or fewer, as many sequences, as few holes in its best sequence)."""
    items = sorted(table.items(), key=lambda e: (-e[0][0], e[0][0] + e[1][0], -e[0][1], e[0][2]))
    kept: list[tuple[tuple[int, int, int], tuple[int, int]]] = []
    for (k, s, p), hm in items:
        h = hm[0]
        for (k2, s2, p2), hm2 in kept:
            if k2 >= k and k2 + hm2[0] <= k + h and s2 >= s and p2 <= p:
                break
        else:
            kept.append(((k, s, p), hm))
    return dict(kept)


def _runs(ranks: tuple[int, ...], base: int) -> _Table:
    """A suit's sequences: ``ranks`` sorted, distinct (0 = ace, 13 = the ace played high),
    ``base`` the suit's first card. A sequence's naturals are consecutive in ``ranks``
    (leaving one out between two of its cards only adds a hole)."""
    k = len(ranks)
    after: list[_Table] = [{} for _ in range(k + 1)]
    after[k] = dict(_EMPTY)
    for i in range(k - 1, -1, -1):
        bit = 1 << (base + ranks[i] % 13)
        # the card at i replaced
        table = {key: (h, m | bit) for key, (h, m) in after[i + 1].items()}
        first = ranks[i]
        for j in range(i, k):
            n = j - i + 1
            gap = max(3, ranks[j] - first + 1) - n
            if gap > 2:
                break
            for (kept, seqs, pure), (holes, mask) in after[j + 1].items():
                h = holes + gap
                if kept + n + h <= _SIZE:
                    key = (kept + n, 2 if seqs else 1, pure if pure < gap else gap)
                    _put(table, key, h, mask)
        after[i] = _prune(table)
    return after[0]


def _suit(s: int, ranks: tuple[int, ...]) -> _Table:
    """Suit ``s``'s table from its sorted ranks (0-12, copies allowed): the ace low or high;
    a second copy of a rank is replaced here (a set may take it first)."""
    found = _SUIT_CACHE.get((s, ranks))
    if found is not None:
        return found
    distinct = tuple(sorted(set(ranks)))
    base = 13 * s
    table = _runs(distinct, base)
    if distinct and distinct[0] == 0 and distinct[-1] >= 11:
        table = dict(table)
        for key, (holes, mask) in _runs(distinct[1:] + (13,), base).items():
            _put(table, key, holes, mask)
        table = _prune(table)
    if len(distinct) < len(ranks):
        extra = 0
        for r in set(ranks):
            if ranks.count(r) > 1:
                extra |= 1 << (base + r)
        table = {key: (h, m | extra) for key, (h, m) in table.items()}
    if len(_SUIT_CACHE) >= _SUIT_MAX:
        _SUIT_CACHE.clear()
    _SUIT_CACHE[s, ranks] = table
    return table


def _most(s: int, ranks: tuple[int, ...]) -> int:
    """The most cards of a suit its sequences keep."""
    return max(k for k, _, _ in _suit(s, ranks))


def _merge(a: _Table, b: _Table) -> _Table:
    if len(b) == 1 and (0, 0, _NONE) in b:
        return a
    out: _Table = {}
    get = out.get
    for (k1, s1, p1), (h1, m1) in a.items():
        room = _SIZE - k1 - h1
        for (k2, s2, p2), (h2, m2) in b.items():
            if k2 + h2 > room:
                continue
            key = (k1 + k2, 2 if s1 + s2 > 2 else s1 + s2, p1 if p1 < p2 else p2)
            h = h1 + h2
            old = get(key)
            if old is None or h < old[0]:
                out[key] = (h, m1 | m2)
            elif h == old[0]:
                out[key] = (h, old[1] | m1 | m2)
    return out


def _set_options(
    suits_of: dict[int, list[int]], by_suit: list[list[int]]
) -> list[list[tuple[int, tuple[int, ...]]]]:
    """Per rank held in two suits or more: (rank, suits of a set), the whole set first,
    then none; a set of all but one suit frees a card for a sequence: only a card with a
    card of its suit near."""
    options = []
    for rank, suits in suits_of.items():
        distinct = sorted(set(suits))
        if len(distinct) < 2:
            continue
        lone = all(
            not any(_near(r, rank) for r in by_suit[s])
            for s in distinct
        )
        choice: list[tuple[int, tuple[int, ...]]] = [(rank, tuple(distinct)), (rank, ())]
        if len(distinct) >= 3 and not lone:
            choice += [
                (rank, tuple(x for x in distinct if x != s))
                for s in distinct
                if any(_near(r, rank) for r in by_suit[s])
            ]
        options.append(choice)
    return options


def distance(hand: Sequence[Card], wild: int | None, floor: int = 0, limit: int = _SIZE) -> int:
    """MinDist of an Indian hand of 13 cards (or 14, the best discard made): the least
    number of cards to replace for a valid declaration. ``wild``: the wild rank as
    ``MeldRules.wild_rank`` names it (1 = aces ... 13 = kings), or None.

    ``floor``: a distance the caller knows the hand cannot beat (the search stops when it
    finds it); ``limit``: the caller asks only whether the distance is below it (the answer
    is then at most ``limit``). Deterministic; exact answers are cached (bounded)."""
    wild_rank = None if wild is None else wild - 1
    key = (tuple(sorted(hand)), wild_rank)
    found = _HAND_CACHE.get(key)
    if found is not None:
        return found
    best, _ = _search(key[0], wild_rank, floor, limit, False)
    if best < limit:
        if len(_HAND_CACHE) >= _HAND_MAX:
            _HAND_CACHE.clear()
        _HAND_CACHE[key] = best
    return best


def spare_cards(hand: Sequence[Card], wild: int | None) -> tuple[int, list[Card]]:
    """A 14-card hand's distance, and naturals whose discard leaves the hand that near (each
    replaced in some nearest grouping; not always every such card, never another)."""
    wild_rank = None if wild is None else wild - 1
    best, mask = _search(tuple(sorted(hand)), wild_rank, -1, _SIZE + 1, True)
    return best, [c for c in sorted(set(hand)) if c < 52 and c % 13 != wild_rank and mask >> c & 1]


def _search(
    hand: tuple[Card, ...], wild_rank: int | None, floor: int, limit: int, ties: bool
) -> tuple[int, int]:
    jokers = 0
    naturals: list[Card] = []
    wilds: list[Card] = []
    for c in hand:
        if c == 52:
            jokers += 1
        elif c % 13 == wild_rank:
            wilds.append(c)
        else:
            naturals.append(c)
    # a card of the wild rank is a joker, or a natural of its suit where one of its suit
    # is near to make a sequence with
    best, mask = limit, 0
    for own in _wild_choices(wilds, naturals):
        found, got = _naturals(
            naturals + list(own), jokers + len(wilds) - len(own), best, floor, ties
        )
        if found < best:
            best, mask = found, got
        elif found == best and ties:
            mask |= got
        if best <= floor:
            break
    return best, mask


def _wild_choices(wilds: list[Card], naturals: list[Card]) -> list[tuple[Card, ...]]:
    near = [w for w in wilds if any(c // 13 == w // 13 and abs(c - w) <= 2 for c in naturals)]
    if not near:
        return [()]
    return [t for n in range(len(near) + 1) for t in combinations(near, n)]


_MERGED: dict[tuple[tuple[int, ...], ...], list[tuple[int, int, int, int, int]]] = {}
_MERGED_MAX = 8192
_PAIRS: dict[tuple[int, tuple[int, ...], tuple[int, ...]], _Table] = {}


def _pair(i: int, a: tuple[int, ...], b: tuple[int, ...]) -> _Table:
    """Suits ``i`` and ``i + 1`` together, pruned, cached."""
    key = (i, a, b)
    found = _PAIRS.get(key)
    if found is None:
        if len(_PAIRS) >= _MERGED_MAX:
            _PAIRS.clear()
        found = _PAIRS[key] = _prune(_merge(_suit(i, a), _suit(i + 1, b)))
    return found


def _four(suits: tuple[tuple[int, ...], ...]) -> list[tuple[int, int, int, int, int]]:
    """The four suits' sequences together: (kept, sequences, least holes, holes, replaced)."""
    found = _MERGED.get(suits)
    if found is None:
        table = _merge(_pair(0, suits[0], suits[1]), _pair(2, suits[2], suits[3]))
        found = [(k, s, p, h, m) for (k, s, p), (h, m) in table.items()]
        if len(_MERGED) >= _MERGED_MAX:
            _MERGED.clear()
        _MERGED[suits] = found
    return found


def _near(a: int, b: int) -> bool:
    """Ranks (0-12) close enough to share a sequence with at most two holes: three apart
    at most, the ace counted high too."""
    d = abs(a - b)
    return 0 < d <= 3 or d >= 10


def _alone(rank: int, suits: list[int]) -> _Table:
    """A rank whose cards have no card of their suit near: a set of its suits (the
    other copies then replaced or alone), or each card replaced or a sequence of its own."""
    table: _Table = dict(_EMPTY)
    for s in suits:
        table = _merge(table, {(0, 0, _NONE): (0, 1 << (13 * s + rank)), (1, 1, 2): (2, 0)})
    distinct = sorted(set(suits))
    if len(distinct) >= 2:
        with_set: _Table = {(len(distinct), 0, _NONE): (max(0, 3 - len(distinct)), 0)}
        extra = list(suits)
        for s in distinct:
            extra.remove(s)
        for s in extra:
            single = {(0, 0, _NONE): (0, 1 << (13 * s + rank)), (1, 1, 2): (2, 0)}
            with_set = _merge(with_set, single)
        for key, (holes, mask) in with_set.items():
            _put(table, key, holes, mask)
    return table


def _naturals(
    naturals: list[Card], jokers: int, best: int, floor: int, ties: bool
) -> tuple[int, int]:
    """The least distance below ``best`` (else ``best``), stopping at ``floor``; and the
    cards replaced in the groupings that reach it (``ties``: in all those found)."""
    by_suit: list[list[int]] = [[], [], [], []]
    for c in naturals:
        by_suit[c // 13].append(c % 13)
    # the ranks none of whose cards has a card of its suit near: apart from the suits
    suits_of: dict[int, list[int]] = {}
    lone: dict[int, bool] = {}
    for s, ranks in enumerate(by_suit):
        for r in ranks:
            suits_of.setdefault(r, []).append(s)
            alone = not any(_near(r, x) for x in ranks)
            lone[r] = lone.get(r, True) and alone
    apart: _Table = dict(_EMPTY)
    for r, is_lone in lone.items():
        if is_lone:
            apart = _merge(apart, _alone(r, suits_of.pop(r)))
            for s in range(4):
                by_suit[s] = [x for x in by_suit[s] if x != r]
    apart_entries = [(k, s, p, h, m) for (k, s, p), (h, m) in _prune(apart).items()]
    most_apart = max(e[0] for e in apart_entries)
    mask = 0
    choices: list[list[tuple[int, tuple[int, ...]]]] = [[]]
    for opts in _set_options(suits_of, by_suit):
        choices = [c + [o] for c in choices for o in opts]
    plain = tuple(tuple(s) for s in by_suit)
    for choice in choices:
        suits = plain
        set_kept = set_holes = 0
        if any(members for _, members in choice):
            left = [list(s) for s in by_suit]
            for rank, members in choice:
                if not members:
                    continue
                for s in members:
                    left[s].remove(rank)
                set_kept += len(members)
                set_holes += max(0, 3 - len(members))
            suits = tuple(tuple(s) for s in left)
        room = _SIZE - set_kept - set_holes
        if room < 0:
            continue
        # a bound: the most each suit keeps
        most = sum(_most(i, x) for i, x in enumerate(suits))
        bound = _SIZE - jokers - set_kept - most_apart - most
        if bound > best or bound == best and not ties:
            continue
        for k1, s1, p1, h1, m1 in _four(suits):
            for k2, s2, p2, h2, m2 in apart_entries:
                kept = k1 + k2
                holes = h1 + h2
                seqs = s1 + s2
                pure = p1 if p1 < p2 else p2
                if seqs < 2:
                    # sequences of replacements (and jokers) alone: 3 holes each
                    holes += 3 * (2 - seqs)
                    if pure > 3:
                        pure = 3
                if kept + holes > room:
                    continue  # the places do not fit in 13 cards
                d = _SIZE - jokers - kept - set_kept
                if pure > d:
                    d = pure
                if d < 0:
                    d = 0
                if d < best:
                    best, mask = d, m1 | m2
                    if best <= floor:
                        return best, mask
                elif ties and d == best:
                    mask |= m1 | m2
    return best, mask


def remember(hand: Sequence[Card], wild: int | None, dist: int) -> None:
    """Cache a distance found another way (the hand kept after a nearest discard: the next
    draw asks for it)."""
    key = (tuple(sorted(hand)), None if wild is None else wild - 1)
    if len(_HAND_CACHE) >= _HAND_MAX:
        _HAND_CACHE.clear()
    _HAND_CACHE[key] = dist
