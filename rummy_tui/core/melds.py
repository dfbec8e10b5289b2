"""Meld rules: what makes a set and what makes a run, for every variant.

The differences between the rule texts are captured by :class:`MeldRules`; the variant
modules build one from their options (see ``rummy_tui.core.variants``). This module is the
single reference for meld validity: the engine checks melds and lay-offs with it, and the
tests' brute-force solver uses it as the definition of a meld.

Decisions (docs/RULES.md, "Melds"):
- every meld holds at least one natural card (a card that is not playing as a joker);
- a run holds at most one card of each rank, so it is at most 13 cards long;
- where aces are "low or high" an ace is at one end of the run, never both (A-...-K-A is not
  a run) and K-A-2 is a run only with the wrap-around option;
- a wild-rank card (Indian) may play as itself, in which case it is natural, or as a joker.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from .cards import ACE, JACK, KING, Card

MeldKind = Literal["set", "run"]


@dataclass(frozen=True, slots=True)
class MeldRules:
    """How melds are formed under one variant and its options."""

    set_max: int | None = 4
    """Largest set (``None``: no limit, as in Remigio)."""
    set_distinct_suits: bool = False
    """Indian: no two natural cards of a set share a suit (7♠ 7♠ 7♥ is not a set)."""
    ace_low: bool = True
    ace_high: bool = False
    wrap: bool = False
    """K-A-2 allowed (runs go round the corner)."""
    remi_runs: bool = False
    """Indonesian Remi: runs are 2-10 number cards, or exactly J-Q-K; never an ace."""
    wild_rank: int | None = None
    """Indian: every card of this rank is wild (it may also play as itself)."""
    min_len: int = 3

    def is_joker(self, card: Card) -> bool:
        """Printed jokers and wild-rank cards; the latter may still play as themselves."""
        return card == 52 or card % 13 + 1 == self.wild_rank


@dataclass(frozen=True, slots=True)
class MeldShape:
    kind: MeldKind
    pure: bool
    """No card plays as a joker (a wild card playing as itself keeps a meld pure)."""


def _run_fits(ranks: list[int], size: int, rules: MeldRules) -> bool:
    """Can naturals with these distinct ranks, plus jokers, form a run of ``size`` cards?"""
    if size > 13:
        return False
    if len(set(ranks)) != len(ranks):
        return False
    if not ranks:
        return False
    if rules.remi_runs:
        if any(r == ACE for r in ranks):
            return False
        if all(r >= JACK for r in ranks):
            return size == 3
        if any(r >= JACK for r in ranks):
            return False
        lo, hi = min(ranks), max(ranks)
        # a window of `size` cards inside 2..10 that covers lo..hi
        return hi - lo + 1 <= size <= 9
    if rules.wrap:
        positions = sorted(ranks)
        gaps = [b - a for a, b in zip(positions, positions[1:])]
        gaps.append(positions[0] + 13 - positions[-1])
        return 13 - max(gaps) + 1 <= size
    lines: list[list[int]] = []
    if rules.ace_low:
        lines.append(ranks)
    if rules.ace_high:
        lines.append([14 if r == ACE else r for r in ranks])
    for line in lines:
        lo, hi = min(line), max(line)
        bottom = 1 if rules.ace_low else 2
        top = 14 if rules.ace_high else 13
        if hi - lo + 1 <= size <= top - bottom + 1 and size <= 13:
            return True
    return False


def _set_fits(naturals: list[Card], size: int, rules: MeldRules) -> bool:
    if not naturals:
        return False
    rank = naturals[0] % 13
    if any(c % 13 != rank for c in naturals):
        return False
    if rules.set_max is not None and size > rules.set_max:
        return False
    if rules.set_distinct_suits:
        suits = [c // 13 for c in naturals]
        if len(set(suits)) != len(suits):
            return False
    return True


def _shape(naturals: list[Card], jokers: int, rules: MeldRules) -> MeldKind | None:
    size = len(naturals) + jokers
    if size < rules.min_len or not naturals:
        return None
    suit = naturals[0] // 13
    if all(c // 13 == suit for c in naturals) and _run_fits(
        [c % 13 + 1 for c in naturals], size, rules
    ):
        return "run"
    if _set_fits(naturals, size, rules):
        return "set"
    return None


def classify(cards: list[Card] | tuple[Card, ...], rules: MeldRules) -> MeldShape | None:
    """The shape of a meld, or ``None`` if these cards are not a meld.

    Where the cards could be read more than one way (jokers make ``5♠ JK JK`` a set or a
    run), the best reading is returned: a pure run, then an impure run, then a set, because
    runs are what Indian declarations need. Wild cards are tried as themselves first.
    """
    printed = sum(1 for c in cards if c == 52)
    others = [c for c in cards if c != 52]
    wild = [c for c in others if c % 13 + 1 == rules.wild_rank]
    plain = [c for c in others if c % 13 + 1 != rules.wild_rank]
    best: MeldShape | None = None
    # try every choice of which wild cards play as jokers, fewest first
    for n_as_joker in range(len(wild) + 1):
        for as_joker in combinations(range(len(wild)), n_as_joker):
            naturals = plain + [w for i, w in enumerate(wild) if i not in as_joker]
            kind = _shape(naturals, printed + n_as_joker, rules)
            if kind is None:
                continue
            shape = MeldShape(kind, printed + n_as_joker == 0)
            if kind == "run" and shape.pure:
                return shape
            if best is None or (best.kind == "set" and kind == "run"):
                best = shape
    return best


def is_meld(cards: list[Card] | tuple[Card, ...], rules: MeldRules) -> bool:
    return classify(cards, rules) is not None


def rank_is_face(rank: int) -> bool:
    return JACK <= rank <= KING


def partners(hand: Sequence[Card], card: Card) -> int:
    """Cards of the hand that could meld with ``card`` later: its rank, or its suit within two
    ranks (a half-built set or run is worth keeping)."""
    if card == 52:
        return 9
    rank = card % 13
    suit = card // 13
    n = 0
    for c in hand:
        if c == card:
            continue
        if c == 52 or c % 13 == rank or (c // 13 == suit and abs(c - card) <= 2):
            n += 1
    return n
