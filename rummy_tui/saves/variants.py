"""What the save format knows about each rule set: read from the core's one registry.

The format names the variant (``"variant"``) and the picker entry (``"preset"``); everything
else about a variant is the core's (``core/registry.py``).
"""

from __future__ import annotations

from typing import Any, Literal

from ..core.registry import variant_keys, variant_of

VariantName = Literal[variant_keys()]  # type: ignore[valid-type]
"""The ``variant`` of a save: a Literal of the registry's keys, so the JSON Schema lists them."""


def preset_of(variant: str, options: Any) -> str:
    """The picker's entry for a game (Indian Rummy: one per format)."""
    return variant_of(variant).preset_of(options)


def preset_of_raw(variant: Any, options: Any) -> Any:
    """:func:`preset_of` for a file's unchecked data (a version-1 file had no preset)."""
    if variant == "indian" and isinstance(options, dict):
        return f"indian-{options.get('format', 'points')}"
    return variant


def variant_problems(state: Any) -> list[str]:
    """What a file can get wrong in the bookkeeping of one rule set's own turn state: a card
    taken or drawn this turn (Basic Rummy, Remi, Indian's timer), the card Remi must meld,
    Indian's missed turns."""
    problems = []
    if state.missed and any(state.missed) and getattr(state.options, "turn_timer", None) is None:
        problems.append("missed turns are recorded but there is no turn timer")
    if state.phase != "play" and (state.taken is not None or state.must_meld is not None
                                  or state.drawn is not None or state.came_with):
        problems.append("a card is marked as taken this turn outside a turn's play phase")
    if state.phase == "play" and state.must_meld is not None \
            and state.must_meld not in state.hands[state.to_move]:
        problems.append(f"the card to meld ({state.must_meld.code}) is not in the player's hand")
    if state.came_with and (state.must_meld is None or not set(state.came_with)
                            <= set(state.hands[state.to_move])):
        problems.append("cards are marked as taken with a discard, but not with a card to meld "
                        "in the player's hand")
    return problems
