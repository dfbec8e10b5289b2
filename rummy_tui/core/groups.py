"""The word for a group of cards under a game's hand rules, in every game: "Pure sequence",
"Sequence", "Set" or "Invalid" (no meld), the words the Indian apps use.

Shared: the Indian declaration (variants/indian/declaration.py) labels its groups with them,
the table asks whether a group of the arranged hand on screen is a meld at all, and
Remigio's close dialog words the melds it would show (a sequence there is a "Run").

:func:`grouped_penalty` counts a hand as its player grouped it (the count the Indian apps
show beside the groups), under the same conditions as the game's own count (docs/RULES.md,
"the penalty of a hand"), which always takes the best arrangement.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .hand_rules import HandRules
from .melds import classify

PURE = "Pure sequence"
SEQUENCE = "Sequence"
SET = "Set"
INVALID = "Invalid"


def group_label(cards: Sequence[Card], rules: HandRules) -> str:
    """The label of one group of cards, as the Indian apps write it."""
    shape = classify(tuple(cards), rules.melds)
    if shape is None:
        return INVALID
    if shape.kind == "run":
        return PURE if shape.pure else SEQUENCE
    return SET


def group_labels(groups: Sequence[Sequence[Card]], rules: HandRules) -> list[str]:
    """The label of each group of an arrangement (for the hand on screen: the groups of the
    player's order, e.g. ``[order[0:3], order[3:7], ...]``)."""
    return [group_label(g, rules) for g in groups]


def grouped_penalty(groups: Sequence[Sequence[Card]], rules: HandRules, *,
                    sequence_down: bool = False) -> int:
    """The count of a hand grouped this way: the cards in no meld, and all the cards
    when the hand's condition on melds is not met by these groups (Indian: two sequences,
    one of them pure; Remi: a set only with a sequence, in the hand or already down),
    capped as the game caps it (Indian: 80)."""
    labels = group_labels(groups, rules)
    sequences = sum(label in (PURE, SEQUENCE) for label in labels)
    counted: list[Card] = []
    if rules.declaration and not (PURE in labels and sequences >= 2):
        counted = [c for g in groups for c in g]
    else:
        sets_count = not rules.sets_need_sequence or sequence_down or sequences > 0
        for label, group in zip(labels, groups):
            if label == INVALID or (label == SET and not sets_count):
                counted.extend(group)
    value = sum(rules.value(c) for c in counted)
    return value if rules.cap is None else min(rules.cap, value)
