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
- several decks, jokers or wild cards (remigio, indian): the same shape, in
  core/arrange/multi.py. Sets are chosen explicitly, rank by rank; what is left of each suit is
  looked up in a table keyed on the suit's pattern (counts per rank, core/arrange/tables.py):
  the best deadwood for each number of jokers the runs take, with the Indian sequences made or
  the room left for spare jokers. The four suits combine in a small sum over jokers and those
  states. The tables are tuples of ints in one bounded cache, so the garbage collector has
  little to scan. An Indian wild card counts as a joker; it may instead play as itself in a
  pure sequence (or alone with two jokers), which costs one joker from the count.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from itertools import product
from typing import Any, Final

from .build import Arrangement, ArrangedMeld
from .multi import MultiDeckSolver, check_copies as _check_copies
from .tables import TableCache
from ..cards import ALL_CARDS, Card, CardError, parse_card
from ..hand_rules import HandRules, RuleError

__all__ = [
    "ArrangedMeld",
    "Arrangement",
    "arrange_hand",
    "best_arrangement",
    "MAX_HAND",
]

MAX_HAND: Final = 14
"""The largest hand the search is asked about (13 cards + the one drawn)."""

_W: Final = 64
"""Cost of a deadwood card = value * _W + 1: the lowest value first, then the fewest cards."""
_INF: Final = 1 << 60
_SUIT: Final = 0x1FFF
_M52: Final = (1 << 52) - 1
_COLUMN: Final = 1 | 1 << 13 | 1 << 26 | 1 << 39
"""Bits of one rank in the four suits, shifted down to the spade."""
_BIT: Final = [1 << c for c in range(53)]
_new = tuple.__new__
_HALF_SUITS: Final = [
    tuple(
        [tuple(ALL_CARDS[13 * s + first + i] for i in range(size) if m >> i & 1)
         for m in range(1 << size)]
        for first, size in ((0, 7), (7, 6))
    )
    for s in range(4)
]
"""A suit's cards by 13-bit mask, in two halves: the cards of ranks A-7 by the low 7 bits,
of 8-K by the high 6."""


# --- entry points -------------------------------------------------------------------------

_CODE_TO_CARD: dict[str, Card] = {}
for _card in ALL_CARDS:
    for _text in {_card.code, _card.code.lower(), _card.code.replace("10", "T")}:
        _CODE_TO_CARD[_text] = _card
        _CODE_TO_CARD[_text.lower()] = _card


def _read_hand(cards: Iterable[Any] | str) -> list[Card]:
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    elif not isinstance(cards, (list, tuple)):
        cards = list(cards)  # read twice below: an iterator only once
    try:  # every item a known code (the common case): one lookup each
        return [_CODE_TO_CARD[item] for item in cards]
    except (KeyError, TypeError):  # Card objects, other spellings, or an error to report
        pass
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


def arrange_hand(cards: Iterable[Any] | str, rules: HandRules, title: str) -> Arrangement:
    """The best arrangement of a hand read from card codes (the front door of the library
    and the CLI, ``core/library.py``, which finds the rules by the variant's name).

    ``cards``: Card objects, card codes, or one string of codes. ``title``: the rule set's
    name, for the message when the hand holds more copies of a card than its decks do.
    Raises ``CardError`` or ``RuleError`` (both ``ValueError``) for an unknown card code,
    too many copies of a card, or more than 14 cards.
    """
    hand = _read_hand(cards)
    if len(hand) > MAX_HAND:
        raise RuleError(f"a hand holds at most {MAX_HAND} cards, got {len(hand)}")
    try:
        found = _SOLVERS.get(id(rules))
        if found is not None and found[0] is rules and type(found[1]) is _OneDeckSolver:
            return found[1].solve(hand, False)  # it keeps no search state on itself: no lock
        with _LOCK:
            return _solver(rules).solve(hand, False)  # both solvers check the copies as they go
    except RuleError as exc:
        refused = exc
    _check_copies(hand, rules, title)  # a copy too many: said with the rule set's name
    raise refused


def best_arrangement(
    cards: Sequence[Card], hand_rules: HandRules, sequence_down: bool = False
) -> Arrangement:
    """The engine's and the bots' entry: Card objects, no parsing and no checks, cached.

    ``sequence_down`` (Remi): the player already has a sequence on the table, so a set in
    the hand counts even without a sequence beside it.
    """
    with _LOCK:
        solver = _solver(hand_rules)
        key = (solver, tuple(cards), sequence_down)
        found: Arrangement | None = _RESULTS.get(key)
        if found is None:
            found = solver.solve(list(cards), sequence_down)
            _RESULTS.put(key, found)
        return found


_LOCK = threading.RLock()
"""One search at a time: a solver keeps its search's working state on itself, and the app's
computer player thinks in a thread while the screen may ask about the hand on show."""


_RESULTS: Any = TableCache(256)
"""Recent results of every rule set, in one bounded cache (two generations of 1,024): a bot
asks about the same hands again within a turn, and Arrangements are many small objects."""


_SOLVERS: dict[int, tuple[HandRules, _OneDeckSolver | MultiDeckSolver]] = {}
_SOLVERS_MAX = 64
"""Solvers by the id of their rules (a few rule sets are in play); cleared when it holds this
many."""


def _solver(hr: HandRules) -> _OneDeckSolver | MultiDeckSolver:
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
        solver = _OneDeckSolver(hr) if one_deck and not hr.melds.wrap else _multi(hr)
    if len(_SOLVERS) >= _SOLVERS_MAX:
        _SOLVERS.clear()
    _SOLVERS[id(hr)] = (hr, solver)
    return solver


def _multi(hr: HandRules) -> MultiDeckSolver:
    """The multi-deck solver; an Indian one shares the tables of suits without the wild rank
    with every other wild rank (``plain_values``, the values without a wild rank, say how)."""
    plain = hr.plain_values
    wild = hr.melds.wild_rank
    if wild is None or plain is None or not all(
        plain[c] == hr.values[c] for c in range(53) if c == 52 or c % 13 + 1 != wild
    ):
        plain = None
    return MultiDeckSolver(hr, plain)


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
        # made when first met: by suit and 13-bit mask, a suit's runs (as melds) and its cards;
        # by 52-bit mask, a set. Dicts, not lists of 8192: a full collection of the garbage
        # collector scans every slot of a list (bench_arrange's max: 510 -> 270 us)
        self.runs_of: list[dict[int, Any]] = [{} for _ in range(4)]
        self.cards_of: list[dict[int, Any]] = [{0: ()} for _ in range(4)]
        self.sets_of: dict[int, tuple[ArrangedMeld]] = {}

    def solve(self, hand: list[Card], sequence_down: bool) -> Arrangement:
        mask = 0
        for card in hand:
            mask |= _BIT[card]
        if mask.bit_count() != len(hand) or mask >> 52:
            _check_copies(hand, self.hr)  # raises: one deck, no jokers
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
        cover, weight, reach = self.cover, self.weight, self.reach
        # the cards that are in some run of their suit: a set of three leaves out one of
        # them, never a card that would then be dead (the set of four beats that)
        feeding = (
            reach[mask & _SUIT] | reach[mask >> 13 & _SUIT] << 13
            | reach[mask >> 26 & _SUIT] << 26 | reach[mask >> 39] << 39
        )
        choices = []
        while triples:
            low = triples & -triples
            triples ^= low
            column = (low * _COLUMN) & mask
            options = [0, column]
            if column.bit_count() == 4:  # or three of the four
                rest = column & feeding
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
        melds: tuple[ArrangedMeld, ...] = ()
        if runs:
            runs_of = self.runs_of
            for s in range(4):
                suit_runs = runs >> 13 * s & _SUIT
                if suit_runs:
                    found = runs_of[s].get(suit_runs)
                    if found is None:
                        found = runs_of[s][suit_runs] = self._suit_runs(13 * s, suit_runs)
                    melds += found
        while sets:
            low = sets & -sets
            column = (low * _COLUMN) & sets
            sets ^= column
            found = self.sets_of.get(column)
            if found is None:
                found = self.sets_of[column] = (
                    ArrangedMeld("set", True, tuple(ALL_CARDS[i] for i in range(52) if column >> i & 1)),
                )
            melds += found
        deadwood: tuple[Card, ...] = ()
        if dead:
            of_a, of_b, of_c, of_d = self.cards_of
            a = of_a.get(dead & _SUIT)
            b = of_b.get(dead >> 13 & _SUIT)
            c = of_c.get(dead >> 26 & _SUIT)
            d = of_d.get(dead >> 39)
            if a is None or b is None or c is None or d is None:
                a, b, c, d = (self._cards(dead >> 13 * s & _SUIT, s) for s in range(4))
            deadwood = a + b + c + d
        return _new(  # Arrangement(...), without the named tuple's Python-level __new__
            Arrangement,
            (self.variant, tuple(hand), melds, deadwood, cost // _W, not dead, None, None),
        )

    def _cards(self, mask: int, suit: int) -> tuple[Card, ...]:
        found = self.cards_of[suit].get(mask)
        if found is None:
            low, high = _HALF_SUITS[suit]
            found = self.cards_of[suit][mask] = low[mask & 0x7F] + high[mask >> 7]
        return found

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
