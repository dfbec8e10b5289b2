"""The word for a group of cards under a game's hand rules, in every game: "Pure sequence",
"Sequence", "Set" or "Invalid" (no meld), the words the Indian apps use.

Shared: the Indian declaration (variants/indian/declaration.py) labels its groups with them,
the table asks whether a group of the arranged hand on screen is a meld at all, and
Remigio's close dialog words the melds it would show (a sequence there is a "Run").
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
