"""A hand arranged by the variant's name: the front door of the library (``rummy_tui.arrange``)
and of ``rummy-tui arrange``.

The search (``core/arrange/``) is a leaf: it is handed the hand rules and never asks the
registry. Here they are found by the variant's name and rule options (cached, bounded), and
the hand goes to the search with the rule set's title for its messages.
"""

from __future__ import annotations

from typing import Any

from .arrange import Arrangement, arrange_hand
from .hand_rules import HandRules, RuleError
from .registry import hand_rules, title_of

__all__ = ["arrange"]

_RULES_CACHE: dict[Any, tuple[HandRules, str]] = {}
_RULES_MAX = 256
"""Rule sets asked for by arrange() (the library and the CLI): the first this many are kept."""
_PLAIN_RULES: dict[tuple[str, Any], tuple[HandRules, str]] = {}
"""The same, for calls without rule options, by (variant, wild rank as asked)."""


def _rules_of(variant: str, wild: Any, rules: dict[str, Any]) -> tuple[HandRules, str]:
    if not rules:
        try:
            found = _PLAIN_RULES.get((variant, wild))
        except TypeError:  # an unhashable wild rank: the checks below report it
            found = None
        if found is not None:
            return found
    wild_asked = wild
    if isinstance(wild, str) and wild.strip().upper() in ("JK", "JOKER"):
        wild = 1  # rules-notes: a printed joker as the wild joker card makes aces wild
    try:
        key: Any = (variant, wild, tuple(sorted(rules.items())))
        found = _RULES_CACHE.get(key)
    except TypeError:  # an unhashable option value: no cache
        key, found = None, None
    if found is None:
        hr = hand_rules(variant, wild=wild, **rules)
        if hr.max_copies > 4:
            raise RuleError("the arrangement search handles at most 4 decks")
        found = (hr, title_of(variant))
        if key is not None and len(_RULES_CACHE) < _RULES_MAX:
            _RULES_CACHE[key] = found
            if not rules and len(_PLAIN_RULES) < _RULES_MAX:
                _PLAIN_RULES[variant, wild_asked] = found
    return found


def arrange(cards: Any, variant: str, wild: Any = None, **rules: Any) -> Arrangement:
    """The best arrangement of a hand under a variant's rules (the library API and the CLI).

    ``cards``: Card objects, card codes, or one string of codes. ``wild``: the Indian wild rank
    (``"7"``, ``7``, ``"Q"``; ``"JK"`` means aces). ``rules``: rummy ``ace_high``, remigio
    ``wrap``, indian ``decks``. Raises ``CardError`` or ``RuleError`` (both ``ValueError``)
    for an unknown card code, too many copies of a card for the variant's largest deck, an
    unknown variant, a bad wild rank, an unknown rule, or more than 14 cards.
    """
    hr, title = _rules_of(variant, wild, rules)
    return arrange_hand(cards, hr, title)
