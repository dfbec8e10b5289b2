"""MinDist, the one search (issue 29): the least number of a hand's cards to replace for it to
become a valid Indian declaration (every card in a sequence or a set, two sequences, one of
them pure), after Saha et al., "Quantitative Rule-Based Strategy modeling in Classic Indian
Rummy: A Metric Optimization Approach" (arXiv 2601.00024). ``normal`` and ``hard`` ask it
(through core/bots/mindist.py), exactly; a caller may bound its work with ``budget``.

The cards kept form parts, each a part of one meld of the nearest declaration:
- a set part: one rank, 2 to 4 different suits; it takes ``max(3, cards)`` places;
- a sequence part: one suit, different ranks (the ace low, 0, or high, 13, as the rules
  allow; never K-A-2, the Indian rule), taking ``max(3, span)`` places; its ``fill`` is
  its places less its cards. A lone card is a sequence part of one card.
Jokers (printed, and the wild rank's cards but the one playing as itself) are kept and fill
any place but the pure sequence's. A grouping of ``kept`` naturals in parts is possible when
their places fit in the hand's size ``N`` (13); then the hand is
``max(N - jokers - kept, pure fill, needed)`` replacements away: the pure sequence's
places are filled by natural cards (so by replacements), and a missing sequence is made of
replacements (a new pure one 3 natural cards, a new second one at least one natural: a meld
of jokers alone is no meld; with no sequence part, 4 at least). With 14 cards the answer is
the best discard's (one card more is dead).

Exact, but for this: a card to fill a place is taken to exist even when every copy of it is
already in the hand. A wild card as itself only ever helps the pure sequence, which holds
one at most, so each wild card is tried as itself alone. Each suit's sequence parts are
searched as runs of its ranks in order when it holds one copy of each (the part from the
lowest card takes the next ranks up: tests/core/test_mindist.py holds this against every
split by brute force); with copies, a part may also leave out ranks below the highest rank
it takes of which a copy is left for another part (4-7-8 with two jokers beside a pure
6-7-8). Sets are chosen rank by rank, best bound first (the bound: the most cards the suits
and sets keep, with their places at most ``N``). ``budget``: at most that many choices of
sets are searched (a count, so a seed plays the same game).

Fully typed, ints and tuples only: a build of the package compiles it with mypyc (setup.py).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["NONE", "search"]

NONE = 15
"""The pure fill of a grouping with no sequence part."""
_JOKER = 52
_BIG = 99

_Table = dict[int, tuple[int, int]]
"""A Pareto table: key ``kept << 6 | sequences (capped at 2) << 4 | least fill`` -> (the
fewest places, the cards dead in the groupings that reach them: a bit per card)."""
_Entry = tuple[int, int, int, int, int]
"""(kept, sequences, least fill, places, dead cards)"""
_Choice = tuple[int, int, int, int, int, int, int]
"""A choice of sets: (its bound, kept in sets, their places, the four suits' count
vectors left: 3 bits a rank, its copies)"""

_SUITS: dict[tuple[tuple[int, ...], bool, int], _Table] = {}
_PAIRS: dict[int, list[_Entry]] = {}
_MOST: dict[int, tuple[int, int, int]] = {}
"""Keyed by one int: the count vectors (39 bits each), the ace high, the hand's size."""
_OPTIONS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
_CACHE_MAX = 20000
"""Bounded caches: each is cleared when it holds this many entries."""


def _key(kept: int, seqs: int, fill: int) -> int:
    return kept << 6 | seqs << 4 | fill


def _put(table: _Table, key: int, places: int, mask: int) -> None:
    old = table.get(key)
    if old is None or places < old[0]:
        table[key] = (places, mask)
    elif places == old[0] and mask | old[1] != old[1]:
        table[key] = (places, mask | old[1])


def _prune(table: _Table) -> _Table:
    """Drop an entry another beats on every count: as many kept cards or more, in as few
    places or fewer, as many sequences, as small a least fill."""
    items = sorted(table.items(), key=_order)
    kept: list[tuple[int, int, int, int]] = []
    out: _Table = {}
    for key, (places, mask) in items:
        k = key >> 6
        s = key >> 4 & 3
        p = key & 15
        beaten = False
        for k2, s2, p2, pl2 in kept:
            if k2 >= k and pl2 <= places and s2 >= s and p2 <= p:
                beaten = True
                break
        if not beaten:
            kept.append((k, key >> 4 & 3, p, places))
            out[key] = (places, mask)
    return out


def _order(item: tuple[int, tuple[int, int]]) -> tuple[int, int, int, int]:
    key = item[0]
    return (-(key >> 6), item[1][0], -(key >> 4 & 3), key & 15)


# --- one suit's sequence parts -------------------------------------------------------------------


def _suit(positions: tuple[int, ...], high: bool, size: int) -> _Table:
    """A suit's cards (sorted positions: 0 the ace low ... 13 the ace high; copies allowed)
    split into sequence parts and dead cards. Dead cards as rank bits (the ace: bit 0)."""
    key = (positions, high, size)
    found = _SUITS.get(key)
    if found is not None:
        return found
    out: _Table = {}
    if not positions:
        out[_key(0, 0, NONE)] = (0, 0)
    else:
        first = positions[0]
        rest = positions[1:]
        bit = 1 << (first % 13)
        for k, (places, mask) in _suit(rest, high, size).items():
            _put(out, k, places, mask | bit)
        if first == 0 and high:
            for k, (places, mask) in _suit(rest + (13,), high, size).items():
                _put(out, k, places, mask)
        # a part from the lowest card: with one copy of each rank, up through the next
        # ranks (parts that interleave do no better); with copies, any higher ranks (6-7-8
        # pure beside 4-7-8 with two jokers)
        members: list[int] = []
        last = first
        for x in rest:
            if x != last and x - first < size:
                members.append(x)
            last = x
        ways = [members[:j] for j in range(len(members) + 1)]
        if len(set(positions)) < len(positions):
            # a rank left out of the part goes to another part, which crosses this one
            # only through a rank of which each part has a copy: so the part leaves out
            # ranks only below the highest rank it takes with a copy left for another
            for t, top in enumerate(members):
                if rest.count(top) < 2 or t == 0:
                    continue
                for bits in range((1 << t) - 1):  # some rank below ``top`` left out
                    below = [x for i, x in enumerate(members[:t]) if bits >> i & 1]
                    for j in range(t + 1, len(members) + 1):
                        ways.append(below + members[t:j])
        for way in ways:
            top = way[-1] if way else first
            span = top - first + 1
            here = span if span > 3 else 3
            if here > size:
                continue
            n = len(way) + 1
            fill = here - n
            left = list(rest)
            for x in way:
                left.remove(x)
            for k, (places, mask) in _suit(tuple(left), high, size).items():
                total = places + here
                if total > size:
                    continue
                kept = (k >> 6) + n
                seqs = (k >> 4 & 3) + 1
                least = k & 15
                _put(out, _key(kept, 2 if seqs > 2 else seqs, fill if fill < least else least),
                     total, mask)
        out = _prune(out)
    if len(_SUITS) >= _CACHE_MAX:
        _SUITS.clear()
    _SUITS[key] = out
    return out


def _most(counts: int, high: bool, size: int) -> tuple[int, int, int]:
    """Bounds on what a suit keeps: the most cards, and the most of ``2 * kept - places``
    and ``3 * kept - places`` (with the places' limit, a bound on the kept cards: at most
    ``(size + sum) / 2``, ``(size + sum) / 3``)."""
    key = counts | int(high) << 39 | size << 40
    found = _MOST.get(key)
    if found is None:
        most = two = three = 0
        for k, (places, _) in _suit(_positions(counts), high, size).items():
            kept = k >> 6
            most = max(most, kept)
            two = max(two, 2 * kept - places)
            three = max(three, 3 * kept - places)
        found = (most, two, three)
        if len(_MOST) >= _CACHE_MAX:
            _MOST.clear()
        _MOST[key] = found
    return found


def _merge(a: _Table, b: _Table, size: int) -> _Table:
    out: _Table = {}
    for k1, (pl1, m1) in a.items():
        room = size - pl1
        s1 = k1 >> 4 & 3
        p1 = k1 & 15
        for k2, (pl2, m2) in b.items():
            if pl2 > room:
                continue
            s = s1 + (k2 >> 4 & 3)
            p2 = k2 & 15
            key = ((k1 >> 6) + (k2 >> 6)) << 6 | (2 if s > 2 else s) << 4 | (p1 if p1 < p2 else p2)
            _put(out, key, pl1 + pl2, m1 | m2)
    return _prune(out)


def _shift(table: _Table, suit: int) -> _Table:
    if suit == 0:
        return table
    shift = 13 * suit
    return {k: (pl, m << shift) for k, (pl, m) in table.items()}


def _pair(first: int, a: int, b: int, high: bool, size: int) -> list[_Entry]:
    """Suits ``first`` and ``first + 1`` (their count vectors) together: (kept, sequences,
    least fill, places, dead cards) entries, most kept first, cached."""
    key = a | b << 39 | first << 78 | int(high) << 80 | size << 81
    found = _PAIRS.get(key)
    if found is None:
        table = _merge(
            _shift(_suit(_positions(a), high, size), first),
            _shift(_suit(_positions(b), high, size), first + 1),
            size,
        )
        found = [(k >> 6, k >> 4 & 3, k & 15, pl, m) for k, (pl, m) in table.items()]
        found.sort(key=_most_first)
        if len(_PAIRS) >= _CACHE_MAX:
            _PAIRS.clear()
        _PAIRS[key] = found
    return found


def _most_first(e: _Entry) -> int:
    return -e[0]


# --- sets -----------------------------------------------------------------------------------------


def _set_options(suits: list[int]) -> list[tuple[int, ...]]:
    """The ways to take set parts out of one rank's cards (``suits``: a suit per card,
    copies repeated): each ``(n, its n suits, n, its n suits ...)``, the suits of a part
    different (with copies, more than one part). Each way once; the first takes none."""
    key = tuple(sorted(suits))
    out = _OPTIONS.get(key)
    if out is None:
        found: set[tuple[tuple[int, ...], ...]] = set()
        _more_parts(list(key), (), found)
        out = [()]
        for parts in sorted(found):
            way: list[int] = []
            for part in parts:
                way.append(len(part))
                way.extend(part)
            out.append(tuple(way))
        _OPTIONS[key] = out  # bounded: one key per multiset of suits (a rank's copies)
    return out


def _more_parts(
    left: list[int], taken: tuple[tuple[int, ...], ...], found: set[tuple[tuple[int, ...], ...]]
) -> None:
    distinct = sorted(set(left))
    n = len(distinct)
    for bits in range(3, 1 << n):
        if bin(bits).count("1") < 2:
            continue
        part = tuple(distinct[i] for i in range(n) if bits >> i & 1)
        now = tuple(sorted(taken + (part,)))
        if now in found:
            continue
        found.add(now)
        rest = list(left)
        for s in part:
            rest.remove(s)
        _more_parts(rest, now, found)


# --- the search ----------------------------------------------------------------------------------


def _need(kept: int, seqs: int, fill: int, places: int, jokers: int, size: int) -> int:
    """The replacements a grouping needs, or ``_BIG`` when its places do not fit."""
    if seqs == 0:
        places += 6
        least = 4  # a new pure sequence (3 naturals) and a second one (a natural at least)
    elif seqs == 1:
        places += 3
        least = fill + 1 if fill < 2 else 3  # this part pure and one natural more, or a new pure one
    else:
        least = fill
        if fill > 3 and places + 3 <= size:
            least = 3  # a new pure sequence beats this pure
    if places > size:
        return _BIG
    d = size - jokers - kept
    if least > d:
        d = least
    return d if d > 0 else 0


def search(
    hand: Sequence[int],
    wild: int | None,
    size: int = 13,
    ace_high: bool = True,
    floor: int = 0,
    limit: int = _BIG,
    ties: bool = False,
    budget: int = 0,
) -> tuple[int, int]:
    """(MinDist of ``hand``, a bit per natural card dead in a nearest grouping found).

    ``wild``: the wild rank, 0 (aces) to 12 (kings), or None. ``floor``: a distance the
    hand cannot beat (the search stops there); ``limit``: only a distance below it is
    sought (the answer is at most ``limit``). ``ties``: the dead cards of every nearest
    grouping found, not just the first. ``budget``: at most this many choices of sets (0:
    every one)."""
    jokers = 0
    naturals: list[int] = []
    wilds: list[int] = []
    for c in hand:
        if c == _JOKER:
            jokers += 1
        elif c % 13 == wild:
            wilds.append(c)
        else:
            naturals.append(c)
    best, mask, low = _naturals(
        naturals, jokers + len(wilds), size, ace_high, floor, limit, ties, budget
    )
    # a wild card as itself only helps in the pure sequence: it makes the hand one nearer
    # at most, and only where the pure sequence's fill decides, not the cards kept: so
    # only where some choice of sets could keep enough (its bound, which a wild card as
    # itself does not lower, is below the distance found)
    if wilds and best > floor and low < best:
        for w in sorted(set(wilds)):
            found, got, _ = _naturals(
                naturals + [w], jokers + len(wilds) - 1, size, ace_high,
                max(floor, best - 1), best, ties, budget,
            )
            if found < best:
                best, mask = found, got
            if best <= floor:
                break
    return best, mask


def _naturals(
    naturals: list[int], jokers: int, size: int, high: bool, floor: int, limit: int,
    ties: bool, budget: int,
) -> tuple[int, int, int]:
    """(the distance, the dead cards, the least bound of a choice of sets)."""
    by_rank: dict[int, list[int]] = {}
    vectors = [0, 0, 0, 0]
    for c in naturals:
        by_rank.setdefault(c % 13, []).append(c // 13)
        vectors[c // 13] += 1 << 3 * (c % 13)
    # every choice of sets (rank by rank), then its bound: the most its suits and sets keep
    states: list[tuple[int, int, int, int, int, int]] = [
        (0, 0, vectors[0], vectors[1], vectors[2], vectors[3])
    ]
    for rank, suits in by_rank.items():
        if len(set(suits)) < 2:
            continue
        unit = 1 << 3 * rank
        grown: list[tuple[int, int, int, int, int, int]] = []
        for way in _set_options(suits):
            taken = [0, 0, 0, 0]
            kept = places = 0
            i = 0
            while i < len(way):
                n = way[i]
                for x in way[i + 1:i + 1 + n]:
                    taken[x] += unit
                kept += n
                places += n if n > 3 else 3
                i += 1 + n
            for k0, pl0, v0, v1, v2, v3 in states:
                if pl0 + places <= size:
                    grown.append((k0 + kept, pl0 + places, v0 - taken[0], v1 - taken[1],
                                  v2 - taken[2], v3 - taken[3]))
        states = grown
    choices: list[_Choice] = []
    for kept, places, v0, v1, v2, v3 in states:
        most = kept
        two = 2 * kept - places
        three = 3 * kept - places
        for v in (v0, v1, v2, v3):
            m, t2, t3 = _most(v, high, size)
            most += m
            two += t2
            three += t3
        most = min(most, (size + two) // 2, (size + three) // 3)
        bound = size - jokers - most
        choices.append((bound if bound > 0 else 0, kept, places, v0, v1, v2, v3))
    choices.sort(key=_bound_first)
    low = choices[0][0] if choices else _BIG
    best, mask = limit, 0
    tried = 0
    for bound, set_kept, set_places, v0, v1, v2, v3 in choices:
        if bound > best or bound == best and not ties:
            break
        if budget and tried >= budget:
            break
        tried += 1
        room = size - set_places
        left01 = _pair(0, v0, v1, high, size)
        left23 = _pair(2, v2, v3, high, size)
        for k1, s1, p1, pl1, m1 in left01:
            if pl1 > room:
                continue
            lb = size - jokers - set_kept - k1 - left23[0][0]
            if lb > best or lb == best and not ties:
                break  # sorted by kept: no later entry does better
            for k2, s2, p2, pl2, m2 in left23:
                places = pl1 + pl2
                if places > room:
                    continue
                kept = set_kept + k1 + k2
                lb = size - jokers - kept
                if lb > best or lb == best and not ties:
                    break
                s = s1 + s2
                d = _need(kept, 2 if s > 2 else s, p1 if p1 < p2 else p2, places + set_places,
                          jokers, size)
                if d < best:
                    best, mask = d, m1 | m2
                    if best <= floor:
                        return best, mask, low
                elif ties and d == best:
                    mask |= m1 | m2
    return best, mask, low


def _bound_first(c: _Choice) -> int:
    return c[0]


def _positions(counts: int) -> tuple[int, ...]:
    """A count vector's ranks, sorted, copies repeated."""
    out: list[int] = []
    for r in range(13):
        n = counts >> 3 * r & 7
        for _ in range(n):
            out.append(r)
    return tuple(out)
