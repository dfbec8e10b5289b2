"""The one registry of rule sets: each variant module registers itself with one call,
``register(SomeVariant())``, and everything else (the engine, the options, the CLI, the
picker, the saves, the rules document) asks here.

A leaf module: it imports no variant. ``rummy_tui/core/__init__.py`` imports
``core.variants``, whose modules register themselves, so the registry is full as soon as
any part of the rules core has been imported.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .hand_rules import HandRules, RuleError
from .text import quote

if TYPE_CHECKING:
    from .variant import Preset, Variant

_VARIANTS: dict[str, Variant[Any]] = {}


def register(variant: Variant[Any]) -> Variant[Any]:
    """Add a rule set under its ``key``; a second rule set with the same key is an error."""
    if not variant.key or variant.key in _VARIANTS:
        raise ValueError(f"variant key {variant.key!r} is empty or already registered")
    _VARIANTS[variant.key] = variant
    return variant


def variant_of(key: str) -> Variant[Any]:
    """The rule set called ``key`` ("rummy", "remi", ...); RuleError if there is none."""
    try:
        return _VARIANTS[key]
    except (KeyError, TypeError):
        raise RuleError(f"unknown variant {quote(key)} (choose from {', '.join(_VARIANTS)})") from None


def variant_keys() -> tuple[str, ...]:
    """Every variant's key, in the order they were registered (the picker's order)."""
    return tuple(_VARIANTS)


def variants() -> tuple[Variant[Any], ...]:
    return tuple(_VARIANTS.values())


def title_of(key: str) -> str:
    """A variant's display name ("Indian Rummy"), for messages and headings."""
    return variant_of(key).title


def presets() -> tuple[Preset, ...]:
    """The picker's entries, every variant's in turn (Indian: one per format)."""
    return tuple(p for v in _VARIANTS.values() for p in v.presets)


def preset_aliases() -> dict[str, tuple[str, dict[str, object]]]:
    """What ``rummy-tui new VARIANT`` accepts: each variant's key and aliases, and each
    preset's key, mapped to (variant key, option overrides)."""
    found: dict[str, tuple[str, dict[str, object]]] = {}
    for v in _VARIANTS.values():
        for name in (v.key, *v.aliases):
            found[name] = (v.key, {})
        for p in v.presets:
            found.setdefault(p.key, (v.key, dict(p.options)))
    return found


def hand_rules(variant: str, wild: object = None, **rules: object) -> HandRules:
    """The :class:`HandRules` of a variant with the options that change how a hand counts
    (``ace_high``, ``wrap``, ``decks``) and Indian's wild rank; RuleError if unknown."""
    v = variant_of(variant)
    try:
        return v.arrange_rules(wild, **rules)
    except TypeError as exc:
        raise RuleError(f"unknown rule for {v.title}: {exc}") from None
