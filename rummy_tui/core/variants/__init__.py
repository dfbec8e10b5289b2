"""The five rule sets. Each module reads like its rule text; this registry names them.

Variants are called ``rummy``, ``remi``, ``remigio``, ``remigio-fournier`` and ``indian``
everywhere (CLI, saves, code).
"""

from __future__ import annotations

from typing import Any

from ..cards import CardError, parse_rank
from . import indian, remi, remigio, rummy
from .base import TITLES, VARIANTS, HandRules, RuleError
from .ruleset import RuleSet

RULESETS: dict[str, RuleSet] = {
    "rummy": rummy.RULESET,
    "remi": remi.RULESET,
    "remigio": remigio.RULESET,
    "remigio-fournier": remigio.FOURNIER,
    "indian": indian.RULESET,
}
"""The game of each variant (deck, deal, draw rules, scoring, end): one line per variant."""
assert all(RULESETS[v].title == TITLES[v] for v in VARIANTS)


def hand_rules(variant: str, wild: Any = None, **rules: Any) -> HandRules:
    """The :class:`HandRules` of a variant with its options; raise RuleError if unknown."""
    if variant not in VARIANTS:
        raise RuleError(f"unknown variant {variant!r} (choose from {', '.join(VARIANTS)})")
    if wild is not None and variant != "indian":
        raise RuleError(f"{TITLES[variant]} has no wild rank (only Indian Rummy has one)")
    try:
        if variant == "rummy":
            return rummy.hand_rules(**rules)
        if variant == "remi":
            return remi.hand_rules(**rules)
        if variant in ("remigio", "remigio-fournier"):
            return remigio.hand_rules(fournier=variant == "remigio-fournier", **rules)
        wild_rank = None if wild is None else parse_rank(wild)
        return indian.hand_rules(wild=wild_rank, **rules)
    except CardError as exc:
        raise RuleError(f"bad wild rank: {exc}") from None
    except TypeError as exc:
        raise RuleError(f"unknown rule for {TITLES[variant]}: {exc}") from None


__all__ = ["RULESETS", "TITLES", "VARIANTS", "HandRules", "RuleError", "RuleSet", "hand_rules"]
