"""The picker's entries: the five presets and the Indian formats, described in one line.

Descriptions are display text only; the rules themselves (player counts, defaults) come
from the core's option models.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Preset:
    key: str
    variant: str
    title: str
    description: str
    options: dict[str, Any] = field(default_factory=dict)
    """Option overrides that make this entry (the Indian format)."""


PRESETS: tuple[Preset, ...] = (
    Preset("rummy", "rummy", "Rummy",
           "Basic Rummy: meld sets and runs, lay off on any meld, go out first."),
    Preset("remi", "remi", "Indonesian Remi",
           "7 cards, sequence before sets, take from the top three discards."),
    Preset("remigio", "remigio", "Remigio",
           "10 cards kept in hand, jokers wild; 100 penalty points and you are out."),
    Preset("remigio-fournier", "remigio-fournier", "Remigio (Fournier)",
           "Fournier's rules: losers pay the closer; up to 10 players, anticlockwise."),
    Preset("indian-points", "indian", "Indian Rummy — Points",
           "13 cards, wild joker, two sequences one pure; one deal, winner collects."),
    Preset("indian-pool101", "indian", "Indian Rummy — Pool 101",
           "13-card Indian Rummy; reach 101 points and you are eliminated.", {"format": "pool101"}),
    Preset("indian-pool201", "indian", "Indian Rummy — Pool 201",
           "13-card Indian Rummy; reach 201 points and you are eliminated.", {"format": "pool201"}),
    Preset("indian-deals", "indian", "Indian Rummy — Deals",
           "13-card Indian Rummy over a fixed number of deals; winner of each collects.",
           {"format": "deals"}),
)

VARIANT_TITLES = {
    "rummy": "Rummy",
    "remi": "Indonesian Remi",
    "remigio": "Remigio",
    "remigio-fournier": "Remigio (Fournier)",
    "indian": "Indian Rummy",
}


def preset_by_key(key: str) -> Preset:
    for preset in PRESETS:
        if preset.key == key:
            return preset
    raise KeyError(key)
