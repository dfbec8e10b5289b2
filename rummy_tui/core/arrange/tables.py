"""Per-suit run tables for the multi-deck arrangement search (Remigio, Fournier, Indian).

Once the sets are chosen, what is left of a suit is a *pattern*: how many copies of each rank
it holds, kept as four 13-bit layers (ranks held at least once, twice, three and four times)
packed in one int. The table of a pattern lists every useful way to lay runs in that suit and
leave the rest as deadwood, as packed ints ``cost << COST | jokers << 8 | aux``:

- ``cost``: the deadwood cost of the suit's naturals (value * 64 + 1 a card; a wild card left
  out of every run is a joker, so it costs nothing here);
- ``jokers``: the jokers the runs need (to fill gaps and reach three cards; a wild card playing
  as itself also takes one from the pool, see multi.py);
- ``aux``: Indian, the runs made (bit 1: one or more, bit 2: two or more) and bit 4: one is
  pure; elsewhere, the room the runs leave for spare jokers, in unary (capped at ``ROOM``).

Only Pareto-optimal entries are kept: no other entry is as cheap with no more jokers and at
least as much ``aux``. After the entries, a table keeps how each is made (its runs' 13-bit
masks packed in one int), in the same tuple (``Made``), so the search reads the runs back
instead of searching again.

A table is made once, in one of four ways:

- a pattern holding the wild rank (under 11 ranks) starts from what one wild card does:
  a joker, itself in a pure sequence through it, or alone with two jokers
  (``Family._wild``); the rest is looked up, mostly in the tables without the wild rank,
  which every wild rank shares;
- a pattern whose held ranks have a gap of more empty ranks than the jokers (no run bridges
  it) is split into blocks, each looked up on its own, and their tables summed: blocks recur
  far more often than whole suits (the king and the ace join where runs go Q-K-A or K-A-2);
- a pattern of 11 ranks or more is walked once over its ranks (core/arrange/runs.py);
- otherwise ``Family._compute`` chooses what the lowest rank does: deadwood, or the lowest
  card of a run (every run within the jokers), and looks up the rest.

A lookup never asks for more jokers than two a natural card (three a wild card): more never
helps, and small patterns then share one table whatever the hand holds. Tables are tuples of
ints, one a table, so the garbage collector soon stops scanning them, and they live in one
bounded cache (two generations: a full one is dropped whole).

Long because: the four ways of making a table are methods of one class, ``Family`` (the
lines, the rank costs, the wild rank), which call one another for the parts they look up,
and mypyc compiles those calls and the attributes they read natively within one class; the
packing, the caches and ``pareto`` that all four use sit above it.
"""

from __future__ import annotations

from typing import Any, Final

from .runs import suit_entries

SUIT: Final = 0x1FFF
COST: Final = 14
"""Shift of the cost in a table entry."""
KMASK: Final = 0x3F
LAYERS: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""A rank's bit in the four layers of a suit pattern."""
ROOM: Final = 7
"""Room for spare jokers is counted up to this (a hand holds at most 6 Remigio jokers)."""
FULL_ROOM: Final = (1 << ROOM) - 1
EMPTY_MADE: Final = (0, 0)
MAX_JOKERS: Final = 14
"""No hand holds more (the search is asked about 14 cards at most)."""
POP: Final = [m.bit_count() for m in range(1 << 13)]
"""The bits set in a 13-bit mask: compiled, a lookup here beats calling ``int.bit_count``."""


def cards_in(key: int) -> int:
    """The cards in a packed suit pattern: the bits of its layers."""
    n = POP[key & SUIT]
    key >>= 13
    while key:
        n += POP[key & SUIT]
        key >>= 13
    return n


def take4(key: int, m: int) -> int:
    """Remove one copy of each rank of the 13-bit mask ``m`` from a packed suit pattern."""
    l1 = key & SUIT
    l2 = (key >> 13) & SUIT
    l3 = (key >> 26) & SUIT
    l4 = key >> 39
    a2 = m & l2
    a3 = m & l3
    a4 = m & l4
    return (l1 ^ m ^ a2) | (l2 ^ a2 ^ a3) << 13 | (l3 ^ a3 ^ a4) << 26 | (l4 ^ a4) << 39


def _comb_declaration(a: int, b: int) -> int:
    runs = min(2, (a & 1) + (a >> 1 & 1) + (b & 1) + (b >> 1 & 1))
    return (0, 1, 3)[runs] | ((a | b) & 4)


def _comb_room(a: int, b: int) -> int:
    return (1 << min(ROOM, a.bit_count() + b.bit_count())) - 1


COMB_DECLARATION: Final = [[_comb_declaration(a, b) for b in range(8)] for a in range(8)]
COMB_ROOM: Final = [
    [_comb_room(a, b) for b in range(FULL_ROOM + 1)] for a in range(FULL_ROOM + 1)
]


class TableCache:
    """A bounded dict in two generations: when the new one fills up, the old one goes."""

    __slots__ = ("new", "old", "cap")

    def __init__(self, cap: int) -> None:
        self.new: dict[Any, Any] = {}
        self.old: dict[Any, Any] = {}
        self.cap = cap

    def get(self, key: Any) -> Any:
        found = self.new.get(key)
        if found is None:
            found = self.old.get(key)
            if found is not None:
                self.put(key, found)
        return found

    def put(self, key: Any, value: Any) -> None:
        if len(self.new) >= self.cap:
            self.old = self.new
            self.new = {}
        self.new[key] = value

    def __len__(self) -> int:
        return len(self.new) + len(self.old)


TABLES: Final = TableCache(8_000)
"""Every family's suit tables (the family's tag is in the key's high bits)."""
OPTIONS: Final = TableCache(1_000)
"""Run options by (family, lowest rank, ranks held, jokers)."""

_PAIRS: Final = [(d, 1 << d) for d in range(13)]
_PAIRS_ACE: Final = [(d, 1 << (13 - d)) for d in range(13)]
_AFTER: Final = [tuple(_PAIRS[d] for d in range(1, 13) if m >> d & 1) for m in range(8192)]
"""The ranks of a suit mask above its bit 0, as (distance, bit) pairs; shifted by r, the ranks
above r."""
_BEFORE_ACE: Final = [
    tuple(_PAIRS_ACE[d] for d in range(1, 13) if m >> (13 - d) & 1) for m in range(8192)
]
"""The ranks of a suit mask below the ace on the 2..K, A line: (distance, bit) pairs."""

_FAMILIES: dict[tuple[object, ...], "Family"] = {}


def pareto(cand: list[int], hows: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The entries no other entry beats (as cheap, no more jokers, at least as much aux), and
    how each is made (of equal entries, the first)."""
    made = pareto_flipped([e ^ 0xFF for e in cand], hows)
    n = len(made) >> 1
    return made[:n], made[n:]


Made = tuple[int, ...]
"""A suit's table and how each entry is made, in one tuple (one object for the garbage
collector to track, not three): its ``n`` entries, then their ``n`` ways."""


def pareto_flipped(cand: list[int], hows: list[int]) -> Made:
    """:func:`pareto` of candidates given with their aux bits flipped (``entry ^ 0xFF``), as
    the table builders make them: sorted as plain ints, they come cheapest first, then fewest
    jokers, then the most aux, so an entry is only ever beaten by one before it. (An entry is
    under 2**30: Python sorts such ints fastest.) Returns a :data:`Made` table."""
    n = len(cand)
    if n == 1:
        return (cand[0] ^ 0xFF, hows[0])
    if n == 2:  # (a sixth of the calls: no sort)
        x, y = cand
        hx, hy = hows
        if y < x:
            x, y, hx, hy = y, x, hy, hx
        e = x ^ 0xFF
        f = y ^ 0xFF
        if f == e or ((e >> 8 & KMASK) <= (f >> 8 & KMASK) and not f & ~e & 0xFF):
            return (e, hx)
        return (e, f, hx, hy)
    kept: list[int] = []
    kept_how: list[int] = []
    order = cand[:]
    order.sort()
    last = -1
    for x in order:
        if x == last:
            continue  # equal to the entry before it
        last = x
        e = x ^ 0xFF
        k = e >> 8 & KMASK
        a = e & 0xFF
        for f in kept:
            if (f >> 8 & KMASK) <= k and not a & ~f & 0xFF:
                break
        else:
            kept.append(e)
            kept_how.append(hows[cand.index(x)])  # of equal entries, the first made
    kept.extend(kept_how)
    return tuple(kept)


class Family:
    """What decides the tables: the lines runs lie on, the rank costs, the wild rank (if a
    pattern holds it) and whether aux counts Indian sequences or room."""

    def __init__(
        self,
        tag: int,
        kinds: tuple[str, ...],
        spans: list[int],
        rank_cost: tuple[int, ...],
        wild: int | None,
        declaration: bool,
        plain: "Family | None",
    ) -> None:
        self.tag = tag << 58
        self.spans = spans
        self.rank_cost = rank_cost
        self.dead_cost = tuple(c << COST for c in rank_cost)
        """A rank's cost as deadwood, in place in a table entry."""
        self.wild_bit = 1 << (wild - 1) if wild is not None else 0
        self.declaration = declaration
        self.comb = COMB_DECLARATION if declaration else COMB_ROOM
        self.plain = plain or self
        """The family without the wild rank, for patterns that do not hold it."""
        self.wrap = "wrap" in kinds
        """Runs go round the corner: every subset of the ranks is a run's naturals."""
        self.high = "high" in kinds
        lines = [tuple(range(13))] if "low" in kinds else []
        if self.high:
            lines.append(tuple(range(1, 13)) + (0,))
        self.wild_on: list[tuple[tuple[int, ...], int]] = [
            (line, line.index(wild - 1)) for line in lines if wild is not None
        ]
        """The lines runs lie on (ranks 0-12; no wrap: A..K, then 2..K, A), each with where
        the wild rank is on it."""
        self.round_corner = "wrap" in kinds or self.high
        """Whether the king and the ace meet (Q-K-A, or K-A-2)."""

    def _naturals(self, r: int, held: int, jokers: int) -> list[int]:
        """The natural cards (13-bit masks) of the runs whose lowest natural is rank ``r``,
        the others from ``held``: all that leave at most ``jokers`` gaps on some line (a run
        taking more jokers than the pool holds is never asked for)."""
        own = 1 << r
        if self.wrap:
            others = held & ~own
            out = []
            sub = others
            while True:
                out.append(sub | own)
                if not sub:
                    return out
                sub = (sub - 1) & others
        # the other naturals, by their distance from r: after it on the A..K line, and for
        # the ace (r is the lowest rank held, so the ace is r if held at all) also before it
        # on the 2..K, A line: K at 1, Q at 2, ...
        out = [own]
        lines = [_AFTER[held >> r]]
        if r == 0 and self.high:
            lines.append(_BEFORE_ACE[held])
        for later in lines:
            stack = [(own, 0, 0, 0)]
            size = len(later)
            while stack:
                chosen, i, last, gaps = stack.pop()
                for j in range(i, size):
                    d, bit = later[j]
                    g = gaps + d - last - 1
                    if g > jokers:
                        break
                    if r:
                        bit <<= r
                    c = chosen | bit
                    out.append(c)
                    if j + 1 < size:
                        stack.append((c, j + 1, d, g))
        if len(lines) > 1:
            return list(dict.fromkeys(out))
        return out

    def run_options(self, r: int, held: int, jokers: int) -> tuple[int, ...]:
        """Every run whose lowest natural is rank ``r``, the others from ``held``, that takes
        at most ``jokers`` from the pool, cheapest first, packed as
        ``mask << 12 | aux << 4 | jokers`` (mask: its 13-bit ranks; jokers: what it takes from
        the pool; aux: as in a table entry)."""
        key = self.tag | jokers << 30 | r << 13 | held
        found: tuple[int, ...] | None = OPTIONS.get(key)
        if found is not None:
            return found
        spans = self.spans
        wild_bit = self.wild_bit
        declaration = self.declaration
        out = []
        for chosen in self._naturals(r, held, jokers):
            n = POP[chosen]
            span = spans[chosen] & 0xF
            length = 3 if span < 3 else span
            fill = length - n
            cost = fill
            if chosen & wild_bit:
                # a wild card plays as itself only in a pure sequence, or alone with two
                # jokers (then it is the meld's one natural card)
                cost = fill + 1 if fill == 0 or n == 1 else 99
            if cost <= jokers:
                if declaration:
                    aux = 5 if fill == 0 else 1
                else:
                    aux = (1 << min(ROOM, 13 - length)) - 1
                # by (cost, most naturals, mask, aux), as one int
                out.append(((cost << 4 | (15 - n)) << 13 | chosen) << 7 | aux)
        out.sort()
        found = tuple((x >> 7 & SUIT) << 12 | (x & FULL_ROOM) << 4 | x >> 24 for x in out)
        OPTIONS.put(key, found)
        return found

    def table(self, key: int, jokers: int) -> tuple[int, ...]:
        """The Pareto table of a suit pattern, when the hand holds ``jokers`` jokers."""
        made = self.made(key, jokers)
        return made[: len(made) >> 1]

    def made(self, key: int, jokers: int) -> Made:
        """The table of a suit pattern and how each entry is made (its runs' 13-bit masks,
        packed 13 bits apart, the lowest run first), as one :data:`Made` tuple."""
        if not key:
            return EMPTY_MADE
        fam = self if key & self.wild_bit else self.plain
        if jokers > 2:  # (every pattern holds a card: two jokers are never too many)
            cap = 2 * cards_in(key)
            if fam is self:
                cap += cards_in(key & self.wild_bit * LAYERS)
            if jokers > cap:
                # no entry needs more: a run taking more than two jokers per natural card
                # does no better than runs of one natural and two jokers each (three for a
                # wild card)
                jokers = cap
        ck = fam.tag | jokers << 52 | key
        found = TABLES.new.get(ck)
        if found is None:
            found = TABLES.old.get(ck)
            if found is not None:
                TABLES.put(ck, found)
            else:
                if fam.wild_bit and not fam.wrap and POP[key & SUIT] < 11:
                    # the wild card's own choices first: what is left of the suit is then
                    # looked up mostly in the plain family, whose tables every wild rank
                    # shares (11 ranks or more: the one pass below is cheaper)
                    found = fam._wild(key, jokers)
                    TABLES.put(ck, found)
                    return found
                blocks = fam._blocks(key & SUIT, jokers)
                if len(blocks) == 1:
                    if not fam.wrap and POP[key & SUIT] >= 11:
                        # 11 ranks or more: one pass over the ranks beats the subsets (below
                        # that, the subsets' tables shared with other patterns win)
                        cand, hows = suit_entries(fam, key, jokers)
                        found = pareto_flipped([e ^ 0xFF for e in cand], hows)
                    else:
                        found = fam._compute(key, jokers)
                else:
                    found = fam._sum(
                        [fam.made(key & b * LAYERS, jokers) for b in blocks], jokers
                    )
                TABLES.put(ck, found)
        return found

    def _blocks(self, held: int, jokers: int) -> list[int]:
        """The ranks held, in blocks that no run can join: runs lie within one block, since
        a gap of more empty ranks than the jokers is never bridged."""
        blocks = []
        block = 0
        last = -99
        rest = held
        while rest:
            low = rest & -rest
            rest ^= low
            r = low.bit_length() - 1
            if r - last - 1 > jokers:
                if block:
                    blocks.append(block)
                block = 0
            block |= low
            last = r
        blocks.append(block)
        if len(blocks) > 1 and self.round_corner:
            # the top block and the ace's (the lowest) join over the corner: Q-K-A on the
            # 2..K, A line, or K-A-2 round the corner
            top = held.bit_length() - 1
            gap = 12 - top
            if self.wrap:
                gap += (held & -held).bit_length() - 1
            elif not held & 1:
                gap = 99
            if gap <= jokers:
                blocks[0] |= blocks.pop()
        return blocks

    def _sum(self, parts: list[Made], jokers: int) -> Made:
        """The table of blocks together: each entry of one with each of the other. A block
        with one entry (most of them: a card no run can use) is added to every entry."""
        comb = self.comb
        fixed = 0  # the one-entry blocks added up, aux apart
        fixed_aux = 0
        fixed_how = 0
        shift = 0
        many = []
        for part in parts:
            if len(part) == 2:
                e = part[0]
                fixed += e & ~0xFF
                fixed_aux = comb[fixed_aux][e & 0xFF]
                h = part[1]
                if h:
                    fixed_how |= h << shift
                    shift += 13 * ((h.bit_length() + 12) // 13)
            else:
                many.append(part)
        if not many:
            return (fixed | fixed_aux, fixed_how)
        made = many[0]
        for more in many[1:]:
            cand: list[int] = []
            cand_hows: list[int] = []
            n = len(made) >> 1
            n_more = len(more) >> 1
            for i in range(n):
                e = made[i]
                ek = e >> 8 & KMASK
                ec = e >> COST
                h = made[n + i]
                at = 13 * ((h.bit_length() + 12) // 13)
                ea = e & 0xFF
                for j in range(n_more):
                    f = more[j]
                    k = ek + (f >> 8 & KMASK)
                    if k <= jokers:
                        e2 = (ec + (f >> COST)) << COST | k << 8 | comb[ea][f & 0xFF]
                        cand.append(e2 ^ 0xFF)
                        cand_hows.append(h | more[n_more + j] << at)
            made = pareto_flipped(cand, cand_hows)
        if not fixed and not fixed_aux and not fixed_how:
            return made
        fixed_k = fixed >> 8 & KMASK
        cand = []
        cand_hows = []
        n = len(made) >> 1
        for i in range(n):
            e = made[i]
            if (e >> 8 & KMASK) + fixed_k <= jokers:
                e2 = e + fixed & ~0xFF | comb[e & 0xFF][fixed_aux]
                cand.append(e2 ^ 0xFF)
                h = made[n + i]
                cand_hows.append(h | fixed_how << 13 * ((h.bit_length() + 12) // 13))
        return pareto_flipped(cand, cand_hows)

    def _wild(self, key: int, jokers: int) -> Made:
        """The table of a pattern holding the wild rank: one copy of it is a joker (free,
        already in the pool), or itself in a pure sequence (one joker from the pool), or alone
        with two jokers (three); the rest is looked up without it, mostly in the plain
        family's tables, which every wild rank shares."""
        w = self.wild_bit
        sub = self.made(take4(key, w), jokers)
        n = len(sub) >> 1
        cand = [sub[i] ^ 0xFF for i in range(n)]
        hows = list(sub[n:])
        declaration = self.declaration
        for m, cost, length in self._around_wild(key & SUIT, jokers):
            if declaration:
                aux = 5 if cost == 1 else 1
            else:
                aux = (1 << min(ROOM, 13 - length)) - 1
            self._with_run(key, m, cost, aux, jokers, cand, hows)
        return pareto_flipped(cand, hows)

    def _around_wild(self, held: int, jokers: int) -> list[tuple[int, int, int]]:
        """The runs a wild card plays itself in, as (13-bit mask, jokers from the pool,
        length): every stretch of held ranks of three or more through it (pure), and it alone
        with two jokers."""
        out: dict[int, tuple[int, int, int]] = {}
        if jokers >= 1:
            for line, at in self.wild_on:
                lo = at
                while lo > 0 and held >> line[lo - 1] & 1:
                    lo -= 1
                hi = at
                while hi < 12 and held >> line[hi + 1] & 1:
                    hi += 1
                for a in range(lo, at + 1):
                    for b in range(max(at, a + 2), hi + 1):
                        m = 0
                        for q in range(a, b + 1):
                            m |= 1 << line[q]
                        out[m] = (m, 1, b - a + 1)
        if jokers >= 3:
            out[self.wild_bit] = (self.wild_bit, 3, 3)
        return list(out.values())

    def _compute(self, key: int, jokers: int) -> Made:
        q1 = key & SUIT
        low = q1 & -q1
        r = low.bit_length() - 1
        here = 0 if low & self.wild_bit else self.rank_cost[r] << COST
        sub = self.made(take4(key, low), jokers)
        n = len(sub) >> 1
        cand = [sub[i] + here ^ 0xFF for i in range(n)]
        hows = list(sub[n:])
        for opt in self.run_options(r, q1, jokers):
            self._with_run(key, opt >> 12, opt & 0xF, opt >> 4 & 0xFF, jokers, cand, hows)
        return pareto_flipped(cand, hows)

    def _with_run(
        self, key: int, m: int, cost: int, aux: int, jokers: int, cand: list[int],
        hows: list[int],
    ) -> None:
        """Add to ``cand`` (flipped for :func:`pareto_flipped`; how each is made, to ``hows``)
        every entry of the table of the pattern ``key`` less the run ``m``, with that run:
        ``cost`` jokers from the pool, and its ``aux``."""
        sub = self.made(take4(key, m), jokers)
        comb = self.comb
        n = len(sub) >> 1
        for i in range(n):
            e = sub[i]
            k = (e >> 8 & KMASK) + cost
            if k <= jokers:
                e2 = (e >> COST) << COST | k << 8 | comb[e & 0xFF][aux]
                cand.append(e2 ^ 0xFF)
                hows.append(sub[n + i] << 13 | m)


def family(
    lines_key: tuple[str, ...], spans: list[int], rank_cost: tuple[int, ...], wild: int | None,
    declaration: bool, plain_cost: tuple[int, ...] | None,
) -> Family:
    """The shared family for these rules (made once; there are only a few)."""
    key = (lines_key, rank_cost, wild, declaration)
    found = _FAMILIES.get(key)
    if found is None:
        plain = None
        if wild is not None and plain_cost is not None:
            plain = family(lines_key, spans, plain_cost, None, declaration, None)
        found = Family(len(_FAMILIES) + 1, lines_key, spans, rank_cost, wild, declaration, plain)
        _FAMILIES[key] = found
    return found

