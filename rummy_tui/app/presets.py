"""The picker's entries: every variant's presets (Indian: one per format), described in one
line. They are read from the rules core's registry, where each variant module declares its
own (``Variant.presets``); nothing about a variant is written here.
"""

from __future__ import annotations

from ..core.registry import presets, variants
from ..core.variant import Preset

PRESETS: tuple[Preset, ...] = presets()

VARIANT_TITLES: dict[str, str] = {v.key: v.short_title or v.title for v in variants()}
"""The name of each variant in the app's header ("Rummy", "Indian Rummy")."""


def preset_by_key(key: str) -> Preset:
    for preset in PRESETS:
        if preset.key == key:
            return preset
    raise KeyError(key)


__all__ = ["PRESETS", "VARIANT_TITLES", "Preset", "preset_by_key"]
