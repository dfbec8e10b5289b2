"""The arrangement search for several decks, jokers and wild cards (Remigio, Fournier, Indian).

It has the shape of the one-deck search (core/arrange/search.py):

1. The hand is four layered 52-bit masks (cards held at least once, twice, ...); printed jokers
   and Indian wild cards are a count of jokers. A wild card may instead play as itself in a
   pure sequence (or alone with two jokers), which takes one joker from the count; jokers are
   interchangeable, so that is exact. Playing as itself anywhere else never beats playing as a
   joker, so it is not tried.
2. Sets are chosen explicitly, rank by rank: for each rank, how many copies of each suit go to
   sets (Indian: sets of different suits, as few as the copies allow, balanced; elsewhere one
   set). A set of one natural and two jokers is never needed: the same cards make a run.
   Lone cards (no other natural of their suit near enough to share a run) of one rank are
   alike, so only one of the options that differ in which of them they take is tried, and
   where no declaration is at stake the option taking the most of them wins (sets.py).
   Once the suits' tables together cannot make an Indian declaration, no set below can. Both
   tests (the declaration, and the cost bound of step 3) are first made on what the suits'
   tables were before a set took its cards, so a set choice they rule out makes no tables.
3. What is left of each suit is looked up in its table (core/arrange/tables.py): the best
   deadwood cost for each number of jokers the runs take, with the Indian sequences made (or
   the room left for spare jokers). Combining the four suits adds the one-entry suits and
   tries the others depth first, cheapest entries first (a sum over (jokers, aux) states when
   the tables are big); a state that cannot meet the Indian declaration is never counted, and
   a set choice whose cheapest suits already cost more than the best found is skipped.
4. The best choice keeps its four table entries; each entry says which runs make it, so the
   arrangement is read back directly (core/arrange/build.py).

Long because: the search is one class, ``MultiDeckSolver``, whose steps (choosing the sets,
combining the suits' tables, reading the choice back) share one search's working state on
the solver (``held``, ``best``, ``memo``, ...), attributes that mypyc compiles to native
fields. What stands apart from that state is apart: each rank's set options (sets.py), the
suit tables (tables.py, runs.py) and the results (build.py).
"""

from __future__ import annotations

from typing import Any, Final

from .build import Arrangement, Built, build
from .sets import (
    CHOICES_MAX, FEWER, MOST, SET_CHOICES, SetOption, fewer_options, most_copies, set_options,
)
from .tables import COST, FULL_ROOM, KMASK, POP, SUIT, family, take4
from ..cards import ALL_CARDS, JOKER, Card
from ..hand_rules import HandRules, RuleError

_W: Final = 64
_INF: Final = 1 << 60

Table = tuple[int, ...]
"""A suit's table: packed entries, cheapest first (core/arrange/tables.py)."""
Choice = tuple[list[tuple[int, tuple[int, int, int, int], int]], list[int], tuple[int, ...]]
"""The best choice found: the sets (rank, copies per suit, sets), the four suits' patterns
left and the entry of each suit's table taken."""

_SPAN_TABLES: dict[tuple[str, ...], list[int]] = {}


def _stretches(mask: int) -> int:
    starts = mask & (mask >> 1) & (mask >> 2)
    return starts | (starts << 1) | (starts << 2)


def _span(ranks: int, kinds: tuple[str, ...]) -> int:
    """The shortest placing of these ranks (bit r-1 = rank r) on a line a run may lie on,
    packed as line << 8 | position of the first << 4 | span."""
    best = None
    for li, kind in enumerate(kinds):
        if kind == "low":  # A..K
            lo = (ranks & -ranks).bit_length() - 1
            first, span = lo, ranks.bit_length() - lo
        elif kind == "high":  # 2..K, A
            turned = (ranks >> 1) | ((ranks & 1) << 12)
            lo = (turned & -turned).bit_length() - 1
            first, span = lo, turned.bit_length() - lo
        else:  # wrap: round the corner, the shortest arc
            first, span = 0, 14
            for lo in range(13):
                if ranks >> lo & 1:
                    turned = ((ranks >> lo) | (ranks << (13 - lo))) & SUIT
                    if turned.bit_length() < span:
                        first, span = lo, turned.bit_length()
        if best is None or span < best[2]:
            best = (li, first, span)
    assert best is not None
    return best[0] << 8 | best[1] << 4 | best[2]


class MultiDeckSolver:
    """Remigio and Indian (and any hand with copies or jokers)."""

    def __init__(self, hr: Any, plain_values: tuple[int, ...] | None = None) -> None:
        mr = hr.melds
        self.hr = hr
        self.rules = mr
        self.variant = hr.variant
        # typed here: compiled, each use is then native (HandRules is a plain Python class)
        self.values: tuple[int, ...] = hr.values
        self.cost: list[int] = [v * _W + 1 for v in hr.values]
        self.wild: int | None = mr.wild_rank
        self.declaration: bool = hr.declaration
        self.cap: int | None = hr.cap
        self.set_max: int | None = mr.set_max
        self.distinct: bool = mr.set_distinct_suits
        lines: list[tuple[int, ...]] = []
        kinds: list[str] = []
        if mr.wrap:
            lines, kinds = [tuple(range(1, 14)) + tuple(range(1, 13))], ["wrap"]
        else:
            if mr.ace_low:
                lines.append(tuple(range(1, 14)))
                kinds.append("low")
            if mr.ace_high:
                lines.append(tuple(range(2, 14)) + (1,))
                kinds.append("high")
        self.lines = lines
        spans = _SPAN_TABLES.get(tuple(kinds))
        if spans is None:
            spans = [0] + [_span(m, tuple(kinds)) for m in range(1, 8192)]
            _SPAN_TABLES[tuple(kinds)] = spans
        self.spans = spans
        rank_cost = tuple(self.cost[:13])
        if any(self.cost[s * 13 + r] != rank_cost[r] for s in range(4) for r in range(13)):
            raise RuleError("the arrangement search needs card values that ignore the suit")
        plain_cost = None
        if self.wild is not None and plain_values is not None:
            plain_cost = tuple(v * _W + 1 for v in plain_values[:13])
        self.fam = family(
            tuple(kinds), spans, rank_cost, self.wild, self.declaration, plain_cost
        )
        self.jcost = self.cost[52]
        self.near: dict[int, list[int]] = {}
        self.room_cap = FULL_ROOM
        # what else decides a rank's set options, besides its copies per suit and the jokers
        self.set_rules = (
            self.distinct | bool(self.declaration) << 1 | (self.set_max or 0) << 2
        )
        # one search's state (solve() sets it; declared here, with its types, for mypyc)
        self.held: tuple[int, int] = (0, 0)
        self.best = _INF
        self.best_choice: Choice | None = None
        self.jokers = 0
        self.cap_k = 0
        self.memo: dict[int, tuple[int, ...]] = {}
        self.hows: dict[int, tuple[int, ...]] = {}  # each table, then how its entries are made
        self.makes: dict[int, int] = {}
        self.reach: list[tuple[int, int, int, int]] = []
        self._walk_best = 0
        self._walk_found: tuple[int, ...] | None = None
        self._walk_args: tuple[list[tuple[int, Table]], list[int], list[int], int] = (
            [], [], [], 0
        )

    # -- the search --

    def solve(self, hand: list[Card], sequence_down: bool) -> Arrangement:
        # the hand as four layers of 52 bits: the cards held at least once, twice, ...
        l1 = l2 = l3 = l4 = 0
        for card in hand:
            bit = _BIT[card]  # none for a printed joker
            if not l1 & bit:
                l1 |= bit
            elif not l2 & bit:
                l2 |= bit
            elif not l3 & bit:
                l3 |= bit
            elif not l4 & bit:
                l4 |= bit
            else:
                check_copies(hand, self.hr)
                raise RuleError(f"more than 4 copies of {card.code}")
        printed = hand.count(JOKER)
        if printed > self.hr.max_jokers or (l1, l2, l3, l4, 0)[self.hr.max_copies]:
            check_copies(hand, self.hr)  # raises: more copies than the decks hold
        jokers = printed
        wild = self.wild
        if wild is not None:
            column = _COLUMN << wild - 1
            jokers += (l1 & column).bit_count() + (l2 & column).bit_count()
            if l3:
                jokers += (l3 & column).bit_count() + (l4 & column).bit_count()
        k0 = l1 & SUIT | (l2 & SUIT) << 13
        k1 = l1 >> 13 & SUIT | (l2 >> 13 & SUIT) << 13
        k2 = l1 >> 26 & SUIT | (l2 >> 26 & SUIT) << 13
        k3 = l1 >> 39 | (l2 >> 39) << 13
        if l3:
            k0 |= (l3 & SUIT) << 26 | (l4 & SUIT) << 39
            k1 |= (l3 >> 13 & SUIT) << 26 | (l4 >> 13 & SUIT) << 39
            k2 |= (l3 >> 26 & SUIT) << 26 | (l4 >> 26 & SUIT) << 39
            k3 |= (l3 >> 39) << 26 | (l4 >> 39) << 39
        c0, c1, c2, c3 = k0 & SUIT, k1 & SUIT, k2 & SUIT, k3 & SUIT
        # the suits (as bits) and the ranks the natural cards hold: Remigio's special hands
        self.held = (bool(c0) | bool(c1) << 1 | bool(c2) << 2 | bool(c3) << 3, c0 | c1 | c2 | c3)
        if self.declaration and not (
            _PURE_RUN[c0] or _PURE_RUN[c1] or _PURE_RUN[c2] or _PURE_RUN[c3]
        ):
            return build(self, hand, Built(met=False))
        keys = [k0, k1, k2, k3]
        # the ranks that could make a set, and how
        ranks: list[tuple[int, tuple[SetOption, ...], tuple[int, ...], bool]] = []
        pairs = (c0 | c1) & (c2 | c3) | c0 & c1 | c2 & c3  # in two suits or more
        if not self.distinct:  # or twice in one suit
            pairs |= (k0 | k1 | k2 | k3) >> 13 & SUIT
        if wild is not None:
            pairs &= ~(1 << (wild - 1))
        if pairs:
            set_choices = SET_CHOICES
            most_of = MOST
            fewer = FEWER
            if (
                len(set_choices) > CHOICES_MAX or len(fewer) > CHOICES_MAX
                or len(most_of) > CHOICES_MAX
            ):
                set_choices.clear()
                most_of.clear()
                fewer.clear()
            set_rules = self.set_rules
            near = self._near(jokers)
            wild_bit = 0 if wild is None else 1 << (wild - 1)
            held = (c0 & ~wild_bit, c1 & ~wild_bit, c2 & ~wild_bit, c3 & ~wild_bit)
            # a dead card beats its twins in other suits to a set (see sets.fewer_options)
            dominate = not self.declaration or jokers < 2
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            r = low.bit_length() - 1
            v0, v1, v2, v3 = k0 >> r, k1 >> r, k2 >> r, k3 >> r  # the copies of rank r
            n0 = (v0 & 1) + (v0 >> 13 & 1) + (v0 >> 26 & 1) + (v0 >> 39 & 1)
            n1 = (v1 & 1) + (v1 >> 13 & 1) + (v1 >> 26 & 1) + (v1 >> 39 & 1)
            n2 = (v2 & 1) + (v2 >> 13 & 1) + (v2 >> 26 & 1) + (v2 >> 39 & 1)
            n3 = (v3 & 1) + (v3 >> 13 & 1) + (v3 >> 26 & 1) + (v3 >> 39 & 1)
            ck = (n3 << 9 | n2 << 6 | n1 << 3 | n0) << 8 | set_rules
            options = set_choices.get(ck)
            if options is None:
                options = set_choices[ck] = set_options(
                    (n0, n1, n2, n3), self.distinct, self.set_max
                )
            mk = ck << 5 | jokers
            most = most_of.get(mk)
            if most is None:
                most = most_of[mk] = most_copies(options, jokers)
            if most:  # some option within the jokers
                dead = 0
                if n0 == 1 and not held[0] & near[r]:
                    dead = 1
                if n1 == 1 and not held[1] & near[r]:
                    dead |= 2
                if n2 == 1 and not held[2] & near[r]:
                    dead |= 4
                if n3 == 1 and not held[3] & near[r]:
                    dead |= 8
                alone = True
                if dead:
                    fk = (ck << 1 | dominate) << 4 | dead
                    kept = fewer.get(fk)
                    if kept is None:
                        kept = fewer[fk] = fewer_options(options, dead, dominate)
                    options, alone = kept
                ranks.append((r, options, most, alone))
        self.best = _INF
        self.best_choice = None
        self.jokers = jokers
        # tables are made for exactly the jokers at hand: rounding up to an even count (one
        # table for hands of 1 and 2 jokers) shared more tables but made each dearer, and a
        # player meets the tables made (bench/README.md: meld-rich Indian p99 2.0 -> 1.5 ms)
        self.cap_k = jokers
        self.memo = {}
        self.hows = {}
        self.makes = {}
        # what the ranks from i on could still take out of each suit's deadwood, at most
        reach = [(0, 0, 0, 0)] * (len(ranks) + 1)
        rank_cost = self.fam.rank_cost
        for i in range(len(ranks) - 1, -1, -1):
            r, options, most, _ = ranks[i]
            cost = rank_cost[r]
            a0, a1, a2, a3 = reach[i + 1]
            m0, m1, m2, m3 = most
            reach[i] = (a0 + cost * m0, a1 + cost * m1, a2 + cost * m2, a3 + cost * m3)
        self.reach = reach
        tables = [self._table(k) for k in keys]
        # no sets first: the bound for the rest, and what a tie keeps
        found = self._combine(tables, 0, 0)
        if found is not None:
            self.best, entries = found
            self.best_choice = ([], keys, entries)
        elif self.declaration:
            # no sets and still no declaration: sets only take cards and jokers away from
            # sequences, so no choice of sets meets it
            return build(self, hand, Built(met=False))
        if ranks:
            t0, t1, t2, t3 = tables
            self._choose(ranks, 0, k0, k1, k2, k3, t0, t1, t2, t3, 0, 0, [])
        if self.best >= _INF:
            return build(self, hand, Built(met=False))
        return build(self, hand, self._rebuild())

    def _choose(
        self, ranks: list[tuple[int, tuple[SetOption, ...], tuple[int, ...], bool]], i: int,
        k0: int, k1: int, k2: int, k3: int, t0: Table, t1: Table, t2: Table, t3: Table,
        used: int, aux: int, chosen: list[tuple[int, tuple[int, int, int, int], int]],
    ) -> None:
        """Every choice of sets, rank by rank (the biggest sets first, no set last), then the
        suits' tables (``k0``..``k3``: the suits' patterns, ``t0``..``t3``: their tables; one
        argument each, unrolled: compiled, no list to make and no int to box per choice).

        A subtree is skipped when even taking every card its ranks could still send to sets
        out of each suit's deadwood would not beat the best found (removing a card lowers a
        suit's cost by at most that card's cost, and never below nothing)."""
        declaration = self.declaration
        comb = self.fam.comb
        mk0 = mk1 = mk2 = mk3 = 0
        if declaration:
            # sets only take cards and jokers away from sequences: once the suits' tables
            # together cannot make two sequences, one of them pure, no set choice below can
            makes = self.makes
            mk0, mk1, mk2, mk3 = makes[k0], makes[k1], makes[k2], makes[k3]
            if comb[comb[comb[mk0][mk1]][mk2]][mk3] & 6 != 6:
                return
        a0, a1, a2, a3 = self.reach[i]
        room = self.jokers - used
        f0 = _floor(t0, room, a0)
        f1 = _floor(t1, room, a1)
        f2 = _floor(t2, room, a2)
        f3 = _floor(t3, room, a3)
        if f0 < 0 or f1 < 0 or f2 < 0 or f3 < 0 or f0 + f1 + f2 + f3 >= self.best:
            return
        if i == len(ranks):
            found = self._combine([t0, t1, t2, t3], used, aux)
            if found is not None:
                self.best, entries = found
                self.best_choice = (list(chosen), [k0, k1, k2, k3], entries)
            return
        r, options, _, alone = ranks[i]
        set_aux = 0 if self.declaration else FULL_ROOM
        jokers = self.jokers
        memo = self.memo
        b0, b1, b2, b3 = self.reach[i + 1]
        cost = self.fam.rank_cost[r]
        for need, (d0, d1, d2, d3), u, m in options:
            if used + need > jokers:
                break
            # the same bound for the choice below, before making its suits' tables: a suit
            # less the set's cards costs at least its table's cheapest entry (within the
            # jokers left) less those cards, and needs no fewer jokers
            left = room - need
            c0, c1, c2, c3 = u  # the copies the set takes of each suit
            g0 = _floor(t0, left, b0 + cost * c0)
            g1 = _floor(t1, left, b1 + cost * c1)
            g2 = _floor(t2, left, b2 + cost * c2)
            g3 = _floor(t3, left, b3 + cost * c3)
            if g0 < 0 or g1 < 0 or g2 < 0 or g3 < 0 or g0 + g1 + g2 + g3 >= self.best:
                continue
            # only the suits the sets take from change
            n0 = k0 ^ d0 << r if d0 else k0
            n1 = k1 ^ d1 << r if d1 else k1
            n2 = k2 ^ d2 << r if d2 else k2
            n3 = k3 ^ d3 << r if d3 else k3
            if declaration:
                # and the same test of the declaration, before making the tables: a suit
                # less the set's cards makes no more than it did, and no pure sequence once
                # it holds no three ranks in a row
                p0 = mk0 & _PURE_OR_NOT[n0 & SUIT] if d0 else mk0
                p1 = mk1 & _PURE_OR_NOT[n1 & SUIT] if d1 else mk1
                p2 = mk2 & _PURE_OR_NOT[n2 & SUIT] if d2 else mk2
                p3 = mk3 & _PURE_OR_NOT[n3 & SUIT] if d3 else mk3
                if comb[comb[comb[p0][p1]][p2]][p3] & 6 != 6:
                    continue
            u0 = (memo.get(n0) or self._table(n0)) if d0 else t0
            u1 = (memo.get(n1) or self._table(n1)) if d1 else t1
            u2 = (memo.get(n2) or self._table(n2)) if d2 else t2
            u3 = (memo.get(n3) or self._table(n3)) if d3 else t3
            chosen.append((r, u, m))
            self._choose(
                ranks, i + 1, n0, n1, n2, n3, u0, u1, u2, u3, used + need, set_aux, chosen
            )
            chosen.pop()
        if alone:  # no set of this rank
            self._choose(ranks, i + 1, k0, k1, k2, k3, t0, t1, t2, t3, used, aux, chosen)

    def _near(self, jokers: int) -> list[int]:
        """For each rank, the ranks a run could hold beside it with ``jokers`` in the gaps
        (13-bit masks)."""
        found = self.near.get(jokers)
        if found is None:
            found = [0] * 13
            reach = jokers + 1
            for line in self.lines:
                for p, rank in enumerate(line):
                    for q in range(max(0, p - reach), min(len(line), p + reach + 1)):
                        if line[q] != rank:
                            found[rank - 1] |= 1 << (line[q] - 1)
            self.near[jokers] = found
        return found

    def _table(self, key: int) -> tuple[int, ...]:
        found = self.memo.get(key)
        if found is None:
            made = self.fam.made(key, self.cap_k)
            found = made[: len(made) >> 1]
            self.hows[key] = made
            self.memo[key] = found
            if self.declaration:  # what some entry of it makes (aux bits, or-ed)
                makes = 0
                for e in found:
                    makes |= e
                self.makes[key] = makes & 7
        return found

    def _combine(self, tables: list[Table], used: int, aux: int) -> tuple[int, Table] | None:
        """The cheapest way to take one entry of each suit's table, ``used`` jokers already in
        sets, if it beats the best found: (its cost, the four entries).

        Suits with one entry are added up front; the others are tried depth first, the
        cheapest entries first, and a branch stops once it cannot beat the best."""
        jokers = self.jokers
        comb = self.fam.comb
        best = self.best
        fixed = [0, 0, 0, 0]
        k = used
        cost = 0
        open_: list[int] = []
        size = 1
        for s in range(4):
            t = tables[s]
            e = t[0]
            if len(t) == 1:
                fixed[s] = e
                cost += e >> COST
                k += e >> 8 & KMASK
                aux = comb[aux][e & 0xFF]
            else:
                open_.append(s)
                size *= len(t)
        if k > jokers:
            return None
        if not open_:
            total = self._final(k, aux, cost)
            return (total, tuple(fixed)) if total < best else None
        if size > 256:
            return self._combine_states(tables, used, aux, fixed, open_, cost, k)
        mins = [0] * (len(open_) + 1)
        for j in range(len(open_) - 1, -1, -1):
            mins[j] = mins[j + 1] + (tables[open_[j]][0] >> COST)
        chosen = list(fixed)
        self._walk_best = best
        self._walk_found = None
        self._walk_args = ([(s, tables[s]) for s in open_], mins, chosen, len(open_) - 1)
        self._walk(0, cost, k, aux)
        return self._walked()

    def _walked(self) -> tuple[int, tuple[int, ...]] | None:
        # read in a method of its own: in _combine, mypy (and so mypyc) would take
        # ``_walk_found`` for the None set just before the walk
        found = self._walk_found
        return (self._walk_best, found) if found is not None else None

    def _walk(self, j: int, cost: int, k: int, aux: int) -> None:
        """The open suits of :meth:`_combine`, depth first (no closure: no reference cycle
        for the garbage collector to find)."""
        suits, mins, chosen, last = self._walk_args
        s, table = suits[j]
        rest = mins[j + 1]
        jokers = self.jokers
        comb = self.fam.comb
        for e in table:
            c = cost + (e >> COST)
            if c + rest >= self._walk_best:
                return
            kk = k + (e >> 8 & KMASK)
            if kk > jokers:
                continue
            a = comb[aux][e & 0xFF]
            chosen[s] = e
            if j == last:
                if self.declaration:
                    if a & 6 != 6:
                        continue
                    total = c
                else:
                    spare = jokers - kk - POP[a]
                    total = c + spare * self.jcost if spare > 0 else c
                if total < self._walk_best:
                    self._walk_best = total
                    self._walk_found = tuple(chosen)
            else:
                self._walk(j + 1, c, kk, a)

    def _combine_states(
        self, tables: list[Table], used: int, aux: int, fixed: list[int], open_: list[int],
        cost: int, k: int,
    ) -> tuple[int, Table] | None:
        """The same as a small sum over (jokers, aux) states, for suits with many entries:
        per state the cheapest way there."""
        jokers = self.jokers
        best = self.best
        comb = self.fam.comb
        left = 0
        for s in open_:
            left += tables[s][0] >> COST
        states: dict[int, tuple[int, Table]] = {k << 8 | aux: (cost, ())}
        for s in open_:
            t = tables[s]
            left -= t[0] >> COST
            nxt: dict[int, tuple[int, Table]] = {}
            for sk, (sc, path) in states.items():
                sk_k = sk >> 8
                sa = sk & 0xFF
                for e in t:
                    c = sc + (e >> COST)
                    if c + left >= best:
                        break
                    kk = sk_k + (e >> 8 & KMASK)
                    if kk > jokers:
                        continue
                    key = kk << 8 | comb[sa][e & 0xFF]
                    old = nxt.get(key)
                    if old is None or c < old[0]:
                        nxt[key] = (c, path + (e,))
            states = nxt
        out = None
        for sk, (sc, path) in states.items():
            total = self._final(sk >> 8, sk & 0xFF, sc)
            if total < best:
                best = total
                entries = list(fixed)
                for s, e in zip(open_, path):
                    entries[s] = e
                out = (total, tuple(entries))
        return out

    def _final(self, k: int, a: int, cost: int) -> int:
        if self.declaration:
            return cost if a & 6 == 6 else _INF
        spare = self.jokers - k - POP[a]
        return cost + spare * self.jcost if spare > 0 else cost

    # -- from the best choice back to cards --

    def _rebuild(self) -> "Built":
        assert self.best_choice is not None
        chosen, keys, entries = self.best_choice
        out = Built(met=True)
        wild_at = -1 if self.wild is None else self.wild - 1
        wild_bit = 0 if self.wild is None else 1 << wild_at
        for s, key in enumerate(keys):
            if not key:
                continue
            base = 13 * s
            e = entries[s]
            made = self.hows[key]
            how = made[(len(made) >> 1) + self.memo[key].index(e)]
            rest = key
            while how:
                m = how & SUIT
                how >>= 13
                rest = take4(rest, m)
                placed = self.spans[m]
                span = placed & 0xF
                length = 3 if span < 3 else span
                first = placed >> 4 & 0xF
                out.runs.append(
                    (m << base, length == POP[m], placed >> 8, first,
                     first + span - 1, length)
                )
                if m & wild_bit:
                    out.wild_as_itself.append(ALL_CARDS[base + wild_at])
            while rest:
                layer = rest & SUIT & ~wild_bit
                rest >>= 13
                while layer:
                    low = layer & -layer
                    layer ^= low
                    out.natural_dead.append(ALL_CARDS[base + low.bit_length() - 1])
        for r, u, m in chosen:
            if m == 1:  # one set of them all (the usual case)
                g = [ALL_CARDS[13 * s + r] for s in range(4) for _ in range(u[s])]
                out.sets.append((g, max(0, 3 - len(g))))
                continue
            groups: list[list[Card]] = [[] for _ in range(m)]
            for s in range(4):
                if self.distinct:  # each copy of a suit in another set, the smallest first
                    for gi in sorted(range(m), key=lambda i: len(groups[i]))[: u[s]]:
                        groups[gi].append(ALL_CARDS[13 * s + r])
                else:
                    for _ in range(u[s]):
                        min(groups, key=len).append(ALL_CARDS[13 * s + r])
            for g in groups:
                out.sets.append((sorted(g), max(0, 3 - len(g))))
        return out


def _floor(t: Table, room: int, reach: int) -> int:
    """What a suit's table costs at least with ``room`` jokers left, less ``reach`` (what sets
    could still take out of its deadwood), never below nothing; -1 if no entry fits."""
    e = t[0]  # the cheapest entry, if the jokers left can pay for it
    if (e >> 8 & KMASK) > room:
        for e in t:
            if (e >> 8 & KMASK) <= room:
                break
        else:
            return -1
    f = (e >> COST) - reach
    return f if f > 0 else 0


def check_copies(hand: list[Card], hr: HandRules, title: str = "") -> None:
    """Raise a RuleError naming a card the hand holds more copies of than the decks do
    (``title``: the rule set's name, for the message)."""
    counts: dict[Card, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    for card, n in counts.items():
        most = hr.max_jokers if card == 52 else hr.max_copies
        if n > most:
            what = "printed jokers" if card == 52 else f"copies of {card.code}"
            raise RuleError(
                f"{n} {what}, but the {title or hr.variant} deck holds at most {most}"
            )


_BIT: Final = [1 << c for c in range(52)] + [0]
"""Each card's bit in a 52-bit layer; none for the printed joker (52)."""
_COLUMN: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""A rank's bits in the four suits (the ace's; shifted, any rank's)."""
_PURE_RUN: Final = [
    bool(_stretches(m) or _stretches((m >> 1) | ((m & 1) << 12))) for m in range(8192)
]
"""Suit masks that hold three ranks in a row (A-2-3 to Q-K-A)."""
_PURE_OR_NOT: Final = [7 if pure else 3 for pure in _PURE_RUN]
"""What a suit mask lets a table's aux keep (Indian): the pure bit only if it holds three
ranks in a row."""

