"""What the save format knows about each rule set: read from the core's one registry.

The format names the variant (``"variant"``) and the picker entry (``"preset"``); everything
else about a variant is the core's (``core/registry.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ..core.hand_rules import RuleError
from ..core.registry import variant_keys, variant_of

if TYPE_CHECKING:
    VariantName = str  # the registry's keys are known only at run time
else:
    VariantName = Literal[variant_keys()]
"""The ``variant`` of a save: a Literal of the registry's keys, so the JSON Schema lists them."""


def preset_of(variant: str, options: Any) -> str:
    """The picker's entry for a game (Indian Rummy: one per format)."""
    return variant_of(variant).preset_of(options)


def preset_of_raw(variant: Any, options: Any) -> Any:
    """:func:`preset_of` for a file's unchecked data (a version-1 file had no preset)."""
    try:
        v = variant_of(variant)
    except RuleError:
        return variant  # an unknown variant: the format's check says so
    return v.preset_of_raw(options)


def variant_problems(state: Any) -> list[str]:
    """What a file can get wrong in the bookkeeping of a turn: a card taken this turn outside
    the play phase, and the rule set's own state (``Variant.state_problems``)."""
    problems = []
    if state.phase != "play" and state.taken is not None:
        problems.append("a card is marked as taken this turn outside a turn's play phase")
    return problems + variant_of(state.variant).state_problems(state)
