"""The arrangement search's results, and how a multi-deck choice becomes one.

:class:`Arrangement` and :class:`ArrangedMeld` are what ``rummy_tui.arrange`` returns (see
core/arrange/search.py). :func:`build` takes what core/arrange/multi.py chose (runs, sets,
natural deadwood, wild cards playing as themselves) and deals out the jokers: into the gaps
of the runs, onto sets of two, then spares into melds with room (keeping one pure sequence
pure), else into the deadwood.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Literal, NamedTuple, Protocol, cast

from .tables import POP
from ..cards import ALL_CARDS, JOKER, Card
from ..melds import _run_fits


class MultiDeckSolver(Protocol):
    """What :func:`build` reads of the search that chose (``multi.MultiDeckSolver``, which
    imports this module: named here by what it holds, so no import goes back up)."""

    hr: Any
    rules: Any
    variant: Any
    values: tuple[int, ...]
    wild: int | None
    set_max: int | None
    declaration: bool
    cap: int | None
    lines: list[tuple[int, ...]]
    spans: list[int]
    held: tuple[int, int]


Special = Literal["flush", "straight_flush", "remigio"]


class ArrangedMeld(NamedTuple):
    """One meld of an arrangement: a run lists its cards in rank order, jokers in their gaps.

    Named tuples, like :class:`Arrangement`: immutable values that cost less than half of a
    frozen dataclass to make, which counts when a search takes a few microseconds."""

    kind: Literal["set", "run"]
    pure: bool
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "pure": self.pure, "cards": [c.code for c in self.cards]}


class Arrangement(NamedTuple):
    """The lowest-penalty arrangement of a hand; ``to_json()`` gives the CLI's JSON object."""

    variant: str
    cards: tuple[Card, ...]
    melds: tuple[ArrangedMeld, ...]
    deadwood: tuple[Card, ...]
    penalty: int
    can_go_out: bool
    special: Special | None = None
    multiplier: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "cards": [c.code for c in self.cards],
            "melds": [m.to_json() for m in self.melds],
            "deadwood": [c.code for c in self.deadwood],
            "penalty": self.penalty,
            "can_go_out": self.can_go_out,
            "special": self.special,
            "multiplier": self.multiplier,
        }


@dataclass(slots=True)
class Built:
    """What the multi-deck search chose; ``met=False``: no melds count, all is deadwood."""

    met: bool
    runs: list[tuple[int, bool, int, int, int, int]] = field(default_factory=list)
    sets: list[tuple[list[Card], int]] = field(default_factory=list)
    natural_dead: list[Card] = field(default_factory=list)
    wild_as_itself: list[Card] = field(default_factory=list)


def build(solver: MultiDeckSolver, hand: list[Card], chosen: Built) -> Arrangement:
    """The arrangement of ``hand`` from the search's choice (``solver``: its rules)."""
    if not chosen.met:
        return finish(solver, hand, [], list(hand), met=False)
    # the joker pool: printed jokers first, then wild cards not playing as themselves
    # (cards are read as plain ints here: compiled, a Card's arithmetic would go through the
    # interpreter)
    wild: int | None = solver.wild
    wild_at = -1 if wild is None else wild - 1
    pool: list[Card] = []
    wild_left: list[Card] = []
    for card in hand:
        c = cast(int, card)  # not narrowed to Card: compiled, native int arithmetic
        if c == 52:
            pool.append(card)
        elif c % 13 == wild_at:
            wild_left.append(card)
    if wild_left:
        for card in chosen.wild_as_itself:
            wild_left.remove(card)
        wild_left.sort()
        pool.extend(wild_left)
    melds: list[list[Card]] = []
    kinds: list[str] = []
    # each run's fields (as the search chose it) and the positions on its line it covers
    run_spans: list[tuple[tuple[int, bool, int, int, int, int], list[int]]] = []
    lines = solver.lines
    for fields in chosen.runs:
        mask, _, li, first, last, length = fields
        line = lines[li]
        start = _start(line, first, last, length)
        positions = list(range(start, start + length))
        base = 13 * ((mask.bit_length() - 1) // 13) - 1
        cards = []
        for p in positions:
            at = base + line[p]
            cards.append(ALL_CARDS[at] if mask >> at & 1 else pool.pop(0))
        run_spans.append((fields, positions))
        melds.append(cards)
        kinds.append("run")
    for naturals, cost in chosen.sets:
        melds.append(naturals + [pool.pop(0) for _ in range(cost)])
        kinds.append("set")
    # spare jokers: into a meld that has room, else deadwood
    if pool:
        _absorb(solver, melds, kinds, run_spans, pool)
    # a meld's shape, as classify() would read it (the tests hold the two together): a run
    # is pure when every card stands as itself, a set when it holds no joker or wild card
    shaped: list[tuple[int, ArrangedMeld]] = []
    for i, cards in enumerate(melds):
        if kinds[i] == "run":
            fields, positions = run_spans[i]
            mask = fields[0]
            line = lines[fields[2]]
            base = 13 * ((mask.bit_length() - 1) // 13) - 1
            # pure: every card is the natural card of its place (a wild card may be)
            pure = True
            lowest = 52
            printed = False
            suits = 0
            ranks = 0
            n = len(cards)
            for j in range(n):
                c = cast(int, cards[j])
                if c != base + line[positions[j]]:
                    pure = False
                if c == 52:
                    printed = True
                else:
                    suits |= 1 << c // 13
                    ranks |= 1 << c % 13
                    if c < lowest:
                        lowest = c
            if (
                not pure and wild is not None and not printed and POP[suits] == 1
                and POP[ranks] == n and solver.spans[ranks] & 0xF == n
            ):
                # wild fillers of the run's suit that can all stand as themselves (its ranks
                # are n in a row on a line): a pure run after all
                cards = _in_rank_order(solver, cards)
                pure = True
            shaped.append((lowest, _new(ArrangedMeld, ("run", pure, tuple(cards)))))
        else:
            rank = cast(int, cards[0]) % 13  # a set's first card is natural
            pure = True
            first = 52
            for j in range(len(cards)):
                c = cast(int, cards[j])
                if c == 52 or c % 13 != rank:
                    pure = False
                if c < first:
                    first = c
            # its place: by its lowest card's rank, then suit (jokers, 52, sort last)
            shaped.append(
                (64 + (first % 13) * 4 + first // 13,
                 _new(ArrangedMeld, ("set", pure, tuple(cards))))
            )
    deadwood = chosen.natural_dead + pool
    return finish(solver, hand, shaped, deadwood, met=True)


_STARTS: dict[tuple[int, ...], int] = {}
"""Where a run starts on its line, by the line (its first rank and length), first and last
natural and length."""


def _start(line: tuple[int, ...], first: int, last: int, length: int) -> int:
    key = (line[0], len(line), first, last, length)
    found = _STARTS.get(key)
    if found is None:
        found = _STARTS[key] = _place(line, first, last, length)
    return found


def _in_rank_order(solver: MultiDeckSolver, cards: list[Card]) -> list[Card]:
    """The cards of a pure run, in their order on the run's line (A-2-3 or Q-K-A)."""
    ranks = 0
    for c in cards:
        ranks |= 1 << (c % 13)
    placed = solver.spans[ranks]
    line = solver.lines[placed >> 8]
    first = placed >> 4 & 0xF
    where = {line[p]: p for p in range(first, first + (placed & 0xF))}
    return sorted(cards, key=lambda c: where[c % 13 + 1])


def _place(line: tuple[int, ...], first: int, last: int, length: int) -> int:
    """Where a run of ``length`` covering positions first..last starts on its line."""
    for start in range(min(first, len(line) - length), last - length, -1):
        if start < 0:
            break
        window = line[start : start + length]
        if len(set(window)) == length:
            return start
    raise AssertionError("no room for a run")  # the search never asks for one


def _absorb(
    solver: MultiDeckSolver,
    melds: list[list[Card]],
    kinds: list[str],
    run_spans: list[tuple[tuple[int, bool, int, int, int, int], list[int]]],
    pool: list[Card],
) -> None:
    """Put spare jokers into melds with room, keeping one pure sequence pure (Indian)."""
    set_room = solver.set_max if solver.set_max is not None else 99
    order = list(range(len(melds)))
    if solver.declaration:
        # sets first, then impure runs, then pure runs but never the last pure one
        pure_runs = [i for i in range(len(run_spans)) if run_spans[i][0][1]]
        keep = pure_runs[-1:] if pure_runs else []
        order = (
            [i for i in order if kinds[i] == "set"]
            + [i for i in order if kinds[i] == "run" and i not in pure_runs]
            + [i for i in pure_runs if i not in keep]
        )
    else:
        order = [i for i in order if kinds[i] == "set"] + [
            i for i in order if kinds[i] == "run"
        ]
    for i in order:
        if not pool:
            return
        if kinds[i] == "set":
            while pool and len(melds[i]) < set_room:
                melds[i].append(pool.pop(0))
            continue
        fields, positions = run_spans[i]
        line = solver.lines[fields[2]]
        while pool and len(positions) < 13:
            lo, hi = positions[0], positions[-1]
            taken = {line[p] for p in positions}
            if hi + 1 < len(line) and line[hi + 1] not in taken:
                positions.append(hi + 1)
                melds[i].append(pool.pop(0))
            elif lo - 1 >= 0 and line[lo - 1] not in taken:
                positions.insert(0, lo - 1)
                melds[i].insert(0, pool.pop(0))
            else:
                break


def finish(
    solver: MultiDeckSolver, hand: list[Card], melds: list[Any], deadwood: list[Card], met: bool
) -> Arrangement:
    """``melds``: (place, meld) pairs: runs by their lowest card (suit, then rank), then sets
    by rank and suit."""
    melds.sort(key=_first)
    arranged = tuple([m for _, m in melds])
    deadwood.sort()  # by suit, then rank; jokers (52) last
    values: tuple[int, ...] = solver.values
    value = 0
    for card in deadwood:
        value += values[card]
    penalty = value if solver.cap is None else min(solver.cap, value)
    can_go_out = not deadwood and met
    special = multiplier = None
    if solver.hr.specials:
        special = _special(solver, hand)
        if special is not None:
            can_go_out = True
        if can_go_out:
            plain = JOKER not in hand
            multiplier = {
                "remigio": 10,
                "straight_flush": 6 if plain else 5,
                "flush": 4 if plain else 3,
                None: 2 if plain else 1,
            }[special]
    return _new(
        Arrangement,
        (solver.variant, tuple(hand), arranged, tuple(deadwood), penalty, can_go_out,
         special, multiplier),
    )


_first = itemgetter(0)
_new = tuple.__new__
"""Makes a named tuple from a tuple of its fields, without its Python-level ``__new__``
(compiled, ``Arrangement(...)`` would call into the interpreter for each meld)."""


def _special(solver: MultiDeckSolver, hand: list[Card]) -> Special | None:
    """Remigio's closing hands, on exactly the ten cards shown (``solver.held``: the suits
    and the ranks the hand's natural cards hold, as the search read them)."""
    if len(hand) != solver.hr.hand_size:
        return None
    suits, ranks = solver.held
    if not ranks:
        return None
    if ranks.bit_count() == 1:
        return "remigio"
    if suits.bit_count() != 1:
        return None
    naturals = [c for c in hand if c != 52]
    if _run_fits([c % 13 + 1 for c in naturals], len(hand), solver.rules):
        return "straight_flush"
    return "flush"

