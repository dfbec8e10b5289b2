"""An Indian declaration in words: is this 13-card hand valid, which groups does it hold,
and if it is not valid, why (issue 12).

The engine decides a declaration on the best arrangement of the 13 cards left when one card
goes to the finish slot (``Indian.do_declare``): valid when every card is in a meld and the
melds hold two sequences, one of them pure. This module asks the same search, and labels
the groups the way the Indian apps do: "Pure sequence", "Sequence", "Set", "Invalid".

When the hand is not valid, the groups shown are the closest the hand comes: the counted
melds and the cards left over, or (when two sequences with one pure cannot be made at all) a
pure sequence if the hand has one, then the best groups of the rest.

Pure rules code: no Textual, no Rich.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from ...arrange import best_arrangement
from ...cards import ACE, Card
from ...groups import INVALID, PURE, SEQUENCE, SET, group_label
from ...hand_rules import HandRules
from ...turn import cards_text

_ORDER = {PURE: 0, SEQUENCE: 1, SET: 2, INVALID: 3}


@dataclass(frozen=True, slots=True)
class Group:
    label: str
    """PURE, SEQUENCE, SET or INVALID."""
    cards: tuple[Card, ...]

    def text(self) -> str:
        return f"{self.label}: {cards_text(self.cards)}"


@dataclass(frozen=True, slots=True)
class DeclarationCheck:
    valid: bool
    groups: tuple[Group, ...]
    """Sequences first (pure ones first), then sets, then the cards in no meld."""
    reasons: tuple[str, ...]
    """Why the hand is not valid (empty when it is), e.g. "no pure sequence"."""

    def reason_text(self) -> str:
        return "; ".join(self.reasons)


def check_declaration(cards: Sequence[Card], rules: HandRules) -> DeclarationCheck:
    """The verdict on declaring with these 13 cards (the finish card already set apart),
    as the engine reaches it, with the groups and, if not valid, the reasons."""
    strict = best_arrangement(list(cards), rules)
    if strict.can_go_out:
        return DeclarationCheck(True, _groups(strict.melds, (), rules), ())
    if strict.melds:
        # two sequences, one pure, are there: some cards are in no group
        groups = _groups(strict.melds, strict.deadwood, rules)
        return DeclarationCheck(False, groups, (_left_over(strict.deadwood),))
    melds, dead, pure = _closest(list(cards), rules)
    reasons = ["only one sequence" if pure else "no pure sequence"]
    if dead:
        reasons.append(_left_over(dead))
    return DeclarationCheck(False, _groups(melds, dead, rules), tuple(reasons))


def check_grouped(groups: Sequence[Sequence[Card]], rules: HandRules) -> DeclarationCheck | None:
    """The declaration as the player grouped the cards (issue 30), when those groups make
    a valid one by themselves: every group a meld, two sequences, one of them pure. The
    groups keep the player's order. None otherwise: the engine's verdict (the best
    arrangement, :func:`check_declaration`) is then what the player is shown."""
    found = tuple(Group(group_label(g, rules), tuple(g)) for g in groups if g)
    labels = [g.label for g in found]
    sequences = sum(label in (PURE, SEQUENCE) for label in labels)
    if not found or INVALID in labels or PURE not in labels or sequences < 2:
        return None
    return DeclarationCheck(True, found, ())


def _left_over(dead: Sequence[Card]) -> str:
    n = len(dead)
    return f"{n} card{'' if n == 1 else 's'} in no group ({cards_text(dead)})"


def _groups(
    melds: Sequence[_HasCards], dead: Sequence[Card], rules: HandRules
) -> tuple[Group, ...]:
    found = [Group(group_label(m.cards, rules), tuple(m.cards)) for m in melds]
    found.sort(key=lambda g: _ORDER[g.label])
    if dead:
        found.append(Group(INVALID, tuple(dead)))
    return tuple(found)


class _HasCards(Protocol):
    """A group of cards: an arrangement's meld, or a pure sequence found here."""

    @property
    def cards(self) -> tuple[Card, ...]: ...


def _closest(
    cards: list[Card], rules: HandRules
) -> tuple[list[_HasCards], tuple[Card, ...], bool]:
    """When two sequences with one pure cannot be made: the groups to show. With a pure
    sequence in the hand, that sequence and the best groups of the rest (fewest cards left
    over); else the best groups of the hand. The flag: a pure sequence is there."""
    relaxed = replace(rules, declaration=False, cap=None)
    best: tuple[int, list[_HasCards], tuple[Card, ...]] | None = None
    for run in _pure_runs(cards, rules):
        rest = list(cards)
        for c in run:
            rest.remove(c)
        arr = best_arrangement(rest, relaxed)
        melds: list[_HasCards] = [_Meld(run), *arr.melds]
        if best is None or len(arr.deadwood) < best[0]:
            best = (len(arr.deadwood), melds, arr.deadwood)
    if best is not None:
        return best[1], best[2], True
    arr = best_arrangement(cards, relaxed)
    return list(arr.melds), arr.deadwood, False


@dataclass(frozen=True, slots=True)
class _Meld:
    cards: tuple[Card, ...]


def _pure_runs(cards: list[Card], rules: HandRules) -> list[tuple[Card, ...]]:
    """Every pure sequence of 3 or more cards in the hand (one copy of each card), by suit."""
    runs = []
    for suit in range(4):
        ranks = {c % 13 + 1 for c in cards if c != 52 and c // 13 == suit}
        lines = [sorted(ranks)]
        if ACE in ranks and rules.melds.ace_high:
            lines.append(sorted((14 if r == ACE else r) for r in ranks))
        for line in lines:
            for i in range(len(line)):
                j = i
                while j + 1 < len(line) and line[j + 1] == line[j] + 1:
                    j += 1
                    if j - i >= 2:
                        run = tuple(Card.of((r - 1) % 13 + 1, suit) for r in line[i:j + 1])
                        if group_label(run, rules) == PURE:
                            runs.append(run)
    return list(dict.fromkeys(runs))
