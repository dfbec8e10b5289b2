"""The exact arrangement search: a hand's melds and deadwood with the lowest penalty.

Follows shared/rules-notes.md ("Meld rules", each variant's scoring) and docs/RULES.md
("Arrangement"). A meld is whatever :func:`rummy_tui.core.melds.classify` accepts; this module
only decides which melds to form. It is exact: the tests compare it with a brute-force
reference on thousands of hands of every variant.

What is minimised, per variant (``HandRules``):

- rummy, remi, remigio: the value of the deadwood (a Remigio joker in the deadwood is 20).
  Remi: a set is a meld only if the same arrangement also holds a sequence (or the player
  already has one on the table: ``sequence_down``).
- indian: if some arrangement has two sequences, one of them pure, the best such arrangement's
  deadwood counts; otherwise no meld counts, so the arrangement is "no melds, every card is
  deadwood". The count is capped at 80.

Ties go to the arrangement with the fewest deadwood cards (a joker worth 0 goes in a meld, not
in the deadwood), then to the one found first, which is deterministic.

Two searches share the work:

- one deck and no jokers (rummy, remi): the hand is a 52-bit mask. Runs live in one suit, and
  given which cards go to sets, the best runs of a suit are "every card in a stretch of three or
  more", read from a table over the 8192 suit masks. Only the ranks that could be a set *and*
  feed a run are branched on (at most six ways each).
- several decks, jokers or wild cards (remigio, indian): a depth-first search over the lowest
  card left, memoised on what is left. The hand is kept as four layered 52-bit masks (cards held
  at least once, twice, ...). Printed jokers are a count. An Indian wild card is counted as a
  joker from the start; it may instead play as itself in a pure sequence (or alone with two
  jokers), which costs one joker from the count — jokers are interchangeable, so that is exact.
  Playing as itself anywhere else never beats playing as a joker, so it is not tried.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, Literal, NamedTuple

from .cards import ALL_CARDS, JOKER, Card, CardError, parse_card
from .melds import MeldRules, _run_fits, classify
from .hand_rules import HandRules, RuleError
from .registry import hand_rules, title_of

__all__ = [
    "ArrangedMeld",
    "Arrangement",
    "arrange",
    "best_arrangement",
    "MAX_HAND",
]

MAX_HAND = 14
"""The largest hand the search is asked about (13 cards + the one drawn)."""

Special = Literal["flush", "straight_flush", "remigio"]

_W = 64
"""Cost of a deadwood card = value * _W + 1: the lowest value first, then the fewest cards."""
_INF = 1 << 60
_SUIT = 0x1FFF
_M52 = (1 << 52) - 1
_COLUMN = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Bits of one rank in the four suits, shifted down to the spade."""


# --- results ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArrangedMeld:
    """One meld of an arrangement: a run lists its cards in rank order, jokers in their gaps."""

    kind: Literal["set", "run"]
    pure: bool
    cards: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "pure": self.pure, "cards": [c.code for c in self.cards]}


@dataclass(frozen=True, slots=True)
class Arrangement:
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


# --- entry points -------------------------------------------------------------------------

_CODE_TO_CARD: dict[str, Card] = {}
for _card in ALL_CARDS:
    for _text in {_card.code, _card.code.lower(), _card.code.replace("10", "T")}:
        _CODE_TO_CARD[_text] = _card
        _CODE_TO_CARD[_text.lower()] = _card


def _read_hand(cards: Iterable[Any] | str) -> list[Card]:
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    hand = []
    for item in cards:
        if type(item) is Card:
            hand.append(item)
        elif isinstance(item, str):
            card = _CODE_TO_CARD.get(item)
            hand.append(card if card is not None else parse_card(item))
        else:
            raise CardError(f"card code must be a string, got {item!r}")
    return hand


_RULES_CACHE: dict[Any, HandRules] = {}


def _rules_of(variant: str, wild: Any, rules: dict[str, Any]) -> HandRules:
    if isinstance(wild, str) and wild.strip().upper() in ("JK", "JOKER"):
        wild = 1  # rules-notes: a printed joker as the wild joker card makes aces wild
    try:
        key: Any = (variant, wild, tuple(sorted(rules.items())))
        found = _RULES_CACHE.get(key)
    except TypeError:  # an unhashable option value: no cache
        key, found = None, None
    if found is None:
        found = hand_rules(variant, wild=wild, **rules)
        if found.max_copies > 4:
            raise RuleError("the arrangement search handles at most 4 decks")
        if key is not None and len(_RULES_CACHE) < 256:
            _RULES_CACHE[key] = found
    return found


def arrange(cards: Iterable[Any] | str, variant: str, wild: Any = None, **rules: Any) -> Arrangement:
    """The best arrangement of a hand under a variant's rules (the library API and the CLI).

    ``cards``: Card objects, card codes, or one string of codes. ``wild``: the Indian wild rank
    (``"7"``, ``7``, ``"Q"``; ``"JK"`` means aces). ``rules``: rummy ``ace_high``, remigio
    ``wrap``, indian ``decks``. Raises ``CardError`` or ``RuleError`` (both ``ValueError``)
    for an unknown card code, too many copies of a card for the variant's largest deck, an
    unknown variant, a bad wild rank, an unknown rule, or more than 14 cards.
    """
    hr = _rules_of(variant, wild, rules)
    hand = _read_hand(cards)
    if len(hand) > MAX_HAND:
        raise RuleError(f"a hand holds at most {MAX_HAND} cards, got {len(hand)}")
    solver = _solver(hr)
    if type(solver) is _OneDeckSolver:
        return solver.solve(hand, False)  # it checks the copies as it goes
    _check_copies(hand, hr)
    return solver.solve(hand, False)


def best_arrangement(
    cards: Sequence[Card], hand_rules: HandRules, sequence_down: bool = False
) -> Arrangement:
    """The engine's and the bots' entry: Card objects, no parsing and no checks, cached.

    ``sequence_down`` (Remi): the player already has a sequence on the table, so a set in
    the hand counts even without a sequence beside it.
    """
    solver = _solver(hand_rules)
    key = (tuple(cards), sequence_down)
    cache = solver.cache
    found = cache.get(key)
    if found is None:
        found = solver.solve(list(cards), sequence_down)
        if len(cache) >= 4096:
            cache.clear()
        cache[key] = found
    return found


def _check_copies(hand: list[Card], hr: HandRules) -> None:
    counts: dict[Card, int] = {}
    for card in hand:
        counts[card] = counts.get(card, 0) + 1
    for card, n in counts.items():
        most = hr.max_jokers if card == 52 else hr.max_copies
        if n > most:
            what = "printed jokers" if card == 52 else f"copies of {card.code}"
            raise RuleError(
                f"{n} {what}, but the {title_of(hr.variant)} deck holds at most {most}"
            )


_SOLVERS: dict[int, tuple[HandRules, Any]] = {}


def _solver(hr: HandRules) -> Any:
    found = _SOLVERS.get(id(hr))
    if found is not None and found[0] is hr:
        return found[1]
    for other, solver in _SOLVERS.values():  # an equal HandRules built elsewhere
        if other == hr:
            break
    else:
        one_deck = hr.max_copies == 1 and hr.max_jokers == 0 and hr.melds.wild_rank is None
        if hr.melds.remi_runs or hr.sets_need_sequence:
            one_deck = one_deck or _unsupported(hr)
        solver = _OneDeckSolver(hr) if one_deck and not hr.melds.wrap else _SearchSolver(hr)
    if len(_SOLVERS) >= 64:
        _SOLVERS.clear()
    _SOLVERS[id(hr)] = (hr, solver)
    return solver


def _unsupported(hr: HandRules) -> bool:
    raise RuleError(f"{hr.variant}: Remi's sequences are searched for one deck without jokers only")


# --- one deck, no jokers: rummy and remi --------------------------------------------------


def _stretches(mask: int) -> int:
    """The cards of a 13-bit suit mask that lie in a stretch of three or more ranks."""
    starts = mask & (mask >> 1) & (mask >> 2)
    return starts | (starts << 1) | (starts << 2)


def _segments(mask: int) -> list[int]:
    """The maximal stretches of consecutive bits of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        seg = mask & ~(mask + low)  # the stretch that starts at the lowest bit
        out.append(seg)
        mask ^= seg
    return out


class _OneDeckSolver:
    """Rummy and Remi: one 52-card deck, no jokers, every card at most once."""

    def __init__(self, hr: HandRules) -> None:
        mr = hr.melds
        self.hr = hr
        self.variant = hr.variant
        self.remi = mr.remi_runs
        self.sets_need_sequence = hr.sets_need_sequence
        self.values = hr.values
        self.cache: dict[Any, Arrangement] = {}
        rank_weight = [hr.values[r] * _W + 1 for r in range(13)]
        weight = [0] * 8192
        for m in range(1, 8192):
            low = m & -m
            weight[m] = weight[m ^ low] + rank_weight[low.bit_length() - 1]
        self.weight = weight
        cover = [0] * 8192
        reach = [0] * 8192  # every card that is in some run of this suit
        for m in range(8192):
            if self.remi:
                # rules-notes: 2-10 in order, or exactly J-Q-K; 10-J is no link; never an ace
                c = _stretches(m & 0x3FE) | (0x1C00 if m & 0x1C00 == 0x1C00 else 0)
                cover[m] = reach[m] = c
                continue
            low_cover = _stretches(m)
            if mr.ace_high:
                turned = (m >> 1) | ((m & 1) << 12)  # ranks 2..K, A as bits 0..12
                h = _stretches(turned)
                high_cover = ((h << 1) & 0x1FFE) | (h >> 12)
                reach[m] = low_cover | high_cover
                if weight[high_cover] > weight[low_cover]:
                    cover[m] = high_cover
                    continue
            cover[m] = low_cover
            reach[m] = reach[m] | low_cover
        self.cover, self.reach = cover, reach
        self.parts: dict[Any, tuple[Any, ...]] = {}  # melds and deadwood by suit mask

    def solve(self, hand: list[Card], sequence_down: bool) -> Arrangement:
        mask = 0
        for card in hand:
            bit = 1 << card
            if mask & bit or card == 52:
                _check_copies(hand, self.hr)  # raises: one deck, no jokers
            mask |= bit
        cover, weight = self.cover, self.weight
        a, b, c, d = mask & _SUIT, (mask >> 13) & _SUIT, (mask >> 26) & _SUIT, mask >> 39
        triples = (a & b & (c | d)) | (c & d & (a | b))  # ranks held in 3 or 4 suits
        sets = 0
        if triples and not self.remi:
            # A rank whose cards feed no run always melds whole as a set.
            reach = self.reach
            feeding = reach[a] | reach[b] | reach[c] | reach[d]
            whole = triples & ~feeding
            if whole:
                sets = (whole * _COLUMN) & mask
                triples ^= whole
        if not triples:
            best_sets = sets
            best_runs = cover[a] | cover[b] << 13 | cover[c] << 26 | cover[d] << 39
        else:
            best_sets, best_runs = self._choose_sets(mask, sets, triples, sequence_down)
        melded = best_sets | best_runs
        dead = mask & ~melded
        cost = (
            weight[dead & _SUIT]
            + weight[(dead >> 13) & _SUIT]
            + weight[(dead >> 26) & _SUIT]
            + weight[dead >> 39]
        )
        return self._result(hand, best_sets, best_runs, dead, cost)

    def _choose_sets(
        self, mask: int, sets: int, triples: int, sequence_down: bool
    ) -> tuple[int, int]:
        """Branch on the ranks that could be a set and also feed a run."""
        cover, weight = self.cover, self.weight
        choices = []
        while triples:
            low = triples & -triples
            triples ^= low
            column = (low * _COLUMN) & mask
            options = [0, column]
            if column.bit_count() == 4:  # or any three of the four
                rest = column
                while rest:
                    one = rest & -rest
                    rest ^= one
                    options.append(column ^ one)
            choices.append(options)
        need_run = self.sets_need_sequence and not sequence_down
        best = -1
        best_pair = (0, 0)
        for combo in product(*choices):
            chosen = sets
            for part in combo:
                chosen |= part
            rest = mask & ~chosen
            ra = cover[rest & _SUIT]
            rb = cover[(rest >> 13) & _SUIT]
            rc = cover[(rest >> 26) & _SUIT]
            rd = cover[rest >> 39]
            if need_run and chosen and not (ra | rb | rc | rd):
                continue  # Remi: a set without a sequence is no meld
            gain = (
                weight[ra] + weight[rb] + weight[rc] + weight[rd]
                + weight[chosen & _SUIT]
                + weight[(chosen >> 13) & _SUIT]
                + weight[(chosen >> 26) & _SUIT]
                + weight[chosen >> 39]
            )
            if gain > best:
                best = gain
                best_pair = (chosen, ra | rb << 13 | rc << 26 | rd << 39)
        return best_pair

    def _result(self, hand: list[Card], sets: int, runs: int, dead: int, cost: int) -> Arrangement:
        parts = self.parts
        melds: tuple[ArrangedMeld, ...] = ()
        for shift in (0, 13, 26, 39):
            suit_runs = (runs >> shift) & _SUIT
            if suit_runs:
                key = (shift, suit_runs)
                found = parts.get(key)
                if found is None:
                    found = parts[key] = self._suit_runs(shift, suit_runs)
                melds += found
        while sets:
            low = sets & -sets
            column = (low * _COLUMN) & sets
            sets ^= column
            found = parts.get(column)
            if found is None:
                found = parts[column] = (
                    ArrangedMeld("set", True, tuple(ALL_CARDS[i] for i in range(52) if column >> i & 1)),
                )
            melds += found
        deadwood: tuple[Card, ...] = ()
        if dead:
            for shift in (0, 13, 26, 39):
                suit_dead = (dead >> shift) & _SUIT
                if suit_dead:
                    key = (shift, -suit_dead)
                    found = parts.get(key)
                    if found is None:
                        found = parts[key] = tuple(
                            ALL_CARDS[shift + i] for i in range(13) if suit_dead >> i & 1
                        )
                    deadwood += found
        return Arrangement(
            self.variant, tuple(hand), melds, deadwood, cost // _W, not dead, None, None
        )

    def _suit_runs(self, base: int, suit_runs: int) -> tuple[ArrangedMeld, ...]:
        """The runs of one suit's cover mask, as melds (cached: melds are values)."""
        melds = []
        if _stretches(suit_runs) != suit_runs:  # the ace plays high: ...-Q-K-A
            turned = (suit_runs >> 1) | ((suit_runs & 1) << 12)
            for seg in _segments(turned):
                ranks = [i + 2 for i in range(13) if seg >> i & 1]
                cards = tuple(ALL_CARDS[base + (r - 1 if r <= 13 else 0)] for r in ranks)
                melds.append(ArrangedMeld("run", True, cards))
            return tuple(melds)
        segs = _segments(suit_runs)
        if self.remi:  # 8-9-10 and J-Q-K are two sequences even side by side
            segs = [p for seg in segs for p in (seg & 0x3FE, seg & 0x1C00) if p]
        for seg in segs:
            cards = tuple(ALL_CARDS[base + i] for i in range(13) if seg >> i & 1)
            melds.append(ArrangedMeld("run", True, cards))
        return tuple(melds)


# --- several decks, jokers, wild cards: remigio and indian --------------------------------


def _take(l1: int, l2: int, l3: int, l4: int, m: int) -> tuple[int, int, int, int]:
    """Remove one copy of each card of ``m`` from the layered hand."""
    a2 = m & l2
    a3 = m & l3
    a4 = m & l4
    return l1 ^ (m ^ a2), l2 ^ (a2 ^ a3), l3 ^ (a3 ^ a4), l4 ^ a4


# need (Indian): runs still wanted (0-2) * 2 + pure run still wanted (0-1)
_AFTER_RUN = [[max(n // 2 - 1, 0) * 2 + (n & 1) * (not pure) for pure in (False, True)] for n in range(6)]
_NEED_DECLARATION = 2 * 2 + 1


class _RunOption(NamedTuple):
    cost: int  # jokers it uses (a wild card playing as itself also uses one)
    mask: int  # the natural cards
    pure: bool
    room: int  # jokers it could still take (13 - length)
    line: int
    first: int  # position in the line of its lowest natural
    last: int
    length: int


class _SetOption(NamedTuple):
    cost: int
    layers: tuple[int, ...]  # cards taken once, a second time, ...


_SPAN_TABLES: dict[tuple[str, ...], list[tuple[int, int, int] | None]] = {}
_RUN_OPTIONS: dict[tuple[str, ...], dict[tuple[int, ...], list[_RunOption]]] = {}
_SET_OPTIONS: dict[tuple[bool, int], dict[tuple[int, ...], list[_SetOption]]] = {}
"""Options by (card, what is left of its suit or rank), shared by solvers with the same lines
or set rules: they are values, so a game and the CLI keep reusing them."""
"""Per set of lines: the shortest placing of every 13-bit rank mask (see _SearchSolver._span)."""


class _SearchSolver:
    """Remigio and Indian (and any hand with copies or jokers)."""

    def __init__(self, hr: HandRules) -> None:
        mr = hr.melds
        self.hr = hr
        self.rules: MeldRules = mr
        self.variant = hr.variant
        self.values = hr.values
        self.cost = [v * _W + 1 for v in hr.values]
        self.wild = mr.wild_rank
        self.declaration = hr.declaration
        self.cap = hr.cap
        self.set_max = mr.set_max if mr.set_max is not None else 99
        self.cache: dict[Any, Arrangement] = {}
        self.set_options = _SET_OPTIONS.setdefault((mr.set_distinct_suits, self.set_max), {})
        # the lines a run may lie on, as ranks in order
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
        self.lines, self.line_kinds = lines, kinds
        self.run_options = _RUN_OPTIONS.setdefault(tuple(kinds), {})
        table = _SPAN_TABLES.get(tuple(kinds))
        if table is None:
            table = [self._span(m) if m else None for m in range(8192)]
            _SPAN_TABLES[tuple(kinds)] = table
        self.spans = table

    # -- options, generated once per (card, what is left of its suit / rank) and cached --

    def _runs_for(self, card: int, pattern: int) -> list[_RunOption]:
        """Every run whose lowest natural card is ``card``, the other naturals taken from
        ``pattern`` (the ranks of its suit still held), each at its fewest jokers."""
        wild_bit = 1 << (self.wild - 1) if self.wild is not None else 0
        # shared by every wild rank: the wild rank matters only if the suit holds one
        key = (card, pattern, self.wild) if pattern & wild_bit else (card, pattern)
        found = self.run_options.get(key)
        if found is not None:
            return found
        if len(self.run_options) > 100_000:
            self.run_options.clear()
        base = card - card % 13
        own = 1 << (card % 13)
        others = pattern & ~own
        spans = self.spans
        found = []
        sub = others
        while True:
            chosen = sub | own
            n = chosen.bit_count()
            placed = spans[chosen]
            if placed is not None:
                line, first, span = placed
                length = 3 if span < 3 else span
                fill = length - n
                cost = fill
                if chosen & wild_bit:
                    # a wild card plays as itself only in a pure sequence, or alone with
                    # two jokers (then it is the meld's one natural card)
                    if fill == 0 or n == 1:
                        cost += 1
                    else:
                        cost = -1
                if cost >= 0:
                    found.append(
                        _RunOption(cost, chosen << base, fill == 0, 13 - length, line, first,
                                   first + span - 1, length)
                    )
            if not sub:
                break
            sub = (sub - 1) & others
        found.sort(key=lambda o: (o.cost, -o.mask.bit_count()))
        self.run_options[key] = found
        return found

    def _span(self, ranks: int) -> tuple[int, int, int] | None:
        """The shortest placing of these ranks (bit r-1 = rank r) on a line a run may lie on:
        (line, position of the first, span), or None."""
        best = None
        for li, kind in enumerate(self.line_kinds):
            if kind == "low":  # A..K
                lo = (ranks & -ranks).bit_length() - 1
                first, span = lo, ranks.bit_length() - lo
            elif kind == "high":  # 2..K, A
                turned = (ranks >> 1) | ((ranks & 1) << 12)
                lo = (turned & -turned).bit_length() - 1
                first, span = lo, turned.bit_length() - lo
            elif kind == "wrap":  # round the corner: the shortest arc
                first, span = 0, 14
                for lo in range(13):
                    if ranks >> lo & 1:
                        turned = ((ranks >> lo) | (ranks << (13 - lo))) & _SUIT
                        if turned.bit_length() < span:
                            first, span = lo, turned.bit_length()
            if best is None or span < best[2]:
                best = (li, first, span)
        return best

    def _sets_for(self, card: int, columns: tuple[int, ...], jokers: int) -> list[_SetOption]:
        key = (card, *columns, jokers)
        found = self.set_options.get(key)
        if found is not None:
            return found
        if len(self.set_options) > 200_000:
            self.set_options.clear()
        suit = card // 13
        counts = []
        for k in range(4 - suit):
            counts.append(sum(col >> (13 * k) & 1 for col in columns))
        most = 1 if self.rules.set_distinct_suits else 99
        ranges = [range(1, min(counts[0], most) + 1)] + [
            range(0, min(x, most) + 1) for x in counts[1:]
        ]
        found = []
        for pick in product(*ranges):
            n = sum(pick)
            if n < 2 or n > self.set_max:
                continue  # one natural and two jokers is read as a run
            cost = max(0, 3 - n)
            if cost > jokers:
                continue
            layers = []
            for depth in range(1, max(pick) + 1):
                m = 0
                for k, x in enumerate(pick):
                    if x >= depth:
                        m |= 1 << (card + 13 * k)
                layers.append(m)
            found.append(_SetOption(cost, tuple(layers)))
        found.sort(key=lambda o: (o.cost, -sum(m.bit_count() for m in o.layers)))
        self.set_options[key] = found
        return found

    # -- the search --

    def solve(self, hand: list[Card], sequence_down: bool) -> Arrangement:
        layers = [0, 0, 0, 0]
        printed = 0
        wild_cards = 0
        for card in hand:
            if card == 52:
                printed += 1
                continue
            if card % 13 + 1 == self.wild:
                wild_cards += 1
            bit = 1 << card
            for depth in range(4):
                if not layers[depth] & bit:
                    layers[depth] |= bit
                    break
            else:
                raise RuleError(f"more than 4 copies of {ALL_CARDS[card].code}")
        jokers = printed + wild_cards
        l1, l2, l3, l4 = layers
        need = 0
        if self.declaration:
            need = _NEED_DECLARATION
            if not self._pure_run_possible(l1):
                return self._finish(hand, [], list(hand), met=False)
        memo: dict[Any, Any] = {}
        self.memo = memo
        self.jokers_total = jokers
        best = self._search(l1, l2, l3, l4, jokers, 0, need)
        if best >= _INF:
            return self._finish(hand, [], list(hand), met=False)
        return self._rebuild(hand, (l1, l2, l3, l4, jokers, 0, need), True)

    def _pure_run_possible(self, l1: int) -> bool:
        for s in range(4):
            m = (l1 >> (13 * s)) & _SUIT
            if _stretches(m) or _stretches((m >> 1) | ((m & 1) << 12)):
                return True
        return False

    def _leaf(self, jokers: int, room: int, need: int) -> int:
        if need > 0:
            return _INF
        if self.declaration:
            return 0  # two sequences always have room for the spare jokers
        spare = jokers - room
        return spare * self.cost[52] if spare > 0 else 0

    def _search(self, l1: int, l2: int, l3: int, l4: int, jokers: int, room: int, need: int) -> int:
        """Lowest cost of what is left; ``room``: jokers the melds made so far can still take
        (capped at the jokers held); ``need``: Indian sequences still wanted (see _AFTER_RUN)."""
        key = (l1, l2, l3, l4, jokers, room, need)
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit[0]
        if not l1:
            cost = self._leaf(jokers, room, need)
            memo[key] = (cost, None)
            return cost
        low = l1 & -l1
        card = low.bit_length() - 1
        base = card - card % 13
        is_wild = card % 13 + 1 == self.wild
        n1, n2, n3, n4 = _take(l1, l2, l3, l4, low)
        # the card stays out of every meld (a wild card: it is left as a joker)
        here = 0 if is_wild else self.cost[card]
        best = here + self._search(n1, n2, n3, n4, jokers, room, need)
        choice: Any = None
        total = self.jokers_total
        if best:
            pattern = (l1 >> base) & _SUIT
            for opt in self._runs_for(card, pattern):
                if opt.cost > jokers:
                    break
                r1, r2, r3, r4 = _take(l1, l2, l3, l4, opt.mask)
                new_room = room + opt.room
                if new_room > total:
                    new_room = total
                new_need = _AFTER_RUN[need][opt.pure] if need else 0
                cost = self._search(r1, r2, r3, r4, jokers - opt.cost, new_room, new_need)
                if cost < best:
                    best, choice = cost, opt
                    if not cost:
                        break
        if best and not is_wild:
            columns = (
                (l1 >> card) & _COLUMN,
                (l2 >> card) & _COLUMN,
                (l3 >> card) & _COLUMN,
                (l4 >> card) & _COLUMN,
            )
            for sopt in self._sets_for(card, columns, jokers):
                r1, r2, r3, r4 = l1, l2, l3, l4
                for m in sopt.layers:
                    r1, r2, r3, r4 = _take(r1, r2, r3, r4, m)
                cost = self._search(r1, r2, r3, r4, jokers - sopt.cost, total, need)
                if cost < best:
                    best, choice = cost, sopt
                    if not cost:
                        break
        memo[key] = (best, choice)
        return best

    # -- from the memo back to cards --

    def _rebuild(self, hand: list[Card], key: tuple[int, ...], met: bool) -> Arrangement:
        l1, l2, l3, l4, jokers, room, need = key
        memo = self.memo
        runs: list[tuple[_RunOption, int]] = []
        sets: list[tuple[list[Card], int]] = []
        natural_dead: list[Card] = []
        wild_as_itself: list[Card] = []
        while l1:
            _, choice = memo[(l1, l2, l3, l4, jokers, room, need)]
            low = l1 & -l1
            card = low.bit_length() - 1
            if choice is None:
                if card % 13 + 1 != self.wild:
                    natural_dead.append(ALL_CARDS[card])
                l1, l2, l3, l4 = _take(l1, l2, l3, l4, low)
            elif isinstance(choice, _RunOption):
                l1, l2, l3, l4 = _take(l1, l2, l3, l4, choice.mask)
                jokers -= choice.cost
                room = min(self.jokers_total, room + choice.room)
                if need:
                    need = _AFTER_RUN[need][choice.pure]
                fill = choice.length - choice.mask.bit_count()
                runs.append((choice, fill))
                if self.wild is not None:
                    wild_as_itself.extend(
                        c for c in _cards_of(choice.mask) if c % 13 + 1 == self.wild
                    )
            else:
                naturals = []
                for m in choice.layers:
                    l1, l2, l3, l4 = _take(l1, l2, l3, l4, m)
                    naturals.extend(_cards_of(m))
                jokers -= choice.cost
                room = self.jokers_total
                sets.append((sorted(naturals), choice.cost))
        # the joker pool: printed jokers first, then wild cards not playing as themselves
        pool = [c for c in hand if c == 52]
        wild_left = [c for c in hand if c != 52 and c % 13 + 1 == self.wild]
        for c in wild_as_itself:
            wild_left.remove(c)
        pool.extend(sorted(wild_left))
        melds: list[list[Card]] = []
        kinds: list[str] = []
        run_spans: list[tuple[_RunOption, list[int]]] = []
        for opt, fill in runs:
            line = self.lines[opt.line]
            start = self._place(line, opt.first, opt.last, opt.length)
            positions = list(range(start, start + opt.length))
            run_spans.append((opt, positions))
        for opt, positions in run_spans:
            line = self.lines[opt.line]
            base = (opt.mask & -opt.mask).bit_length() - 1
            base -= base % 13
            cards = []
            for p in positions:
                c = base + line[p] - 1
                cards.append(ALL_CARDS[c] if opt.mask >> c & 1 else pool.pop(0))
            melds.append(cards)
            kinds.append("run")
        for naturals, cost in sets:
            melds.append(naturals + [pool.pop(0) for _ in range(cost)])
            kinds.append("set")
        # spare jokers: into a meld that has room, else deadwood
        if pool:
            self._absorb(melds, kinds, run_spans, pool)
        # a meld's shape, as classify() would read it (the tests hold the two together): a run
        # is pure when every card stands as itself, a set when it holds no joker or wild card
        shaped = []
        for i, cards in enumerate(melds):
            if kinds[i] == "run":
                opt, positions = run_spans[i]
                line = self.lines[opt.line]
                base = (opt.mask & -opt.mask).bit_length() - 1
                base -= base % 13
                pure = all(c == base + line[p] - 1 for c, p in zip(cards, positions))
                if not pure and self.wild is not None and all(c != 52 for c in cards):
                    # wild fillers that can all stand as themselves: a pure run after all
                    shape = classify(cards, self.rules)
                    if shape is not None and shape.pure:
                        cards = self._in_rank_order(cards)
                        pure = True
            else:
                rank = cards[0] % 13
                pure = all(c != 52 and c % 13 == rank for c in cards)
            shaped.append(ArrangedMeld(kinds[i], pure, tuple(cards)))  # type: ignore[arg-type]
        deadwood = natural_dead + pool
        return self._finish(hand, shaped, deadwood, met=met)

    def _in_rank_order(self, cards: list[Card]) -> list[Card]:
        """The cards of a pure run, in their order on the run's line (A-2-3 or Q-K-A)."""
        ranks = 0
        for c in cards:
            ranks |= 1 << (c % 13)
        placed = self.spans[ranks]
        assert placed is not None
        line = self.lines[placed[0]]
        where = {line[p]: p for p in range(placed[1], placed[1] + placed[2])}
        return sorted(cards, key=lambda c: where[c % 13 + 1])

    def _place(self, line: tuple[int, ...], first: int, last: int, length: int) -> int:
        """Where a run of ``length`` covering positions first..last starts on its line."""
        for start in range(min(first, len(line) - length), last - length, -1):
            if start < 0:
                break
            window = line[start : start + length]
            if len(set(window)) == length:
                return start
        raise AssertionError("no room for a run")  # the options never ask for one

    def _absorb(
        self,
        melds: list[list[Card]],
        kinds: list[str],
        run_spans: list[tuple[_RunOption, list[int]]],
        pool: list[Card],
    ) -> None:
        """Put spare jokers into melds with room, keeping one pure sequence pure (Indian)."""
        set_room = self.set_max
        order = list(range(len(melds)))
        if self.declaration:
            # sets first, then impure runs, then pure runs but never the last pure one
            pure_runs = [i for i in range(len(run_spans)) if run_spans[i][0].pure]
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
            opt, positions = run_spans[i]
            line = self.lines[opt.line]
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

    def _finish(
        self, hand: list[Card], melds: list[ArrangedMeld], deadwood: list[Card], met: bool
    ) -> Arrangement:
        arranged = sorted(melds, key=_meld_order)
        deadwood.sort(key=_card_order)
        value = sum(self.values[c] for c in deadwood)
        penalty = value if self.cap is None else min(self.cap, value)
        can_go_out = not deadwood and met
        special = multiplier = None
        if self.hr.specials:
            special = self._special(hand)
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
        return Arrangement(
            self.variant, tuple(hand), tuple(arranged), tuple(deadwood), penalty, can_go_out,
            special, multiplier,
        )

    def _special(self, hand: list[Card]) -> Special | None:
        """Remigio's closing hands, on exactly the ten cards shown."""
        if len(hand) != self.hr.hand_size:
            return None
        naturals = [c for c in hand if c != 52]
        if not naturals:
            return None
        if len({c % 13 for c in naturals}) == 1:
            return "remigio"
        if len({c // 13 for c in naturals}) != 1:
            return None
        if _run_fits([c % 13 + 1 for c in naturals], len(hand), self.rules):
            return "straight_flush"
        return "flush"


def _cards_of(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def _card_order(card: Card) -> tuple[int, int]:
    return (4, 0) if card == 52 else (card // 13, card % 13)


def _meld_order(meld: ArrangedMeld) -> tuple[int, int, int]:
    first = min((c for c in meld.cards if c != 52), key=_card_order, default=JOKER)
    if meld.kind == "run":
        return (0, first // 13, first % 13)
    return (1, first % 13, first // 13)
