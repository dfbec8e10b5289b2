"""The five rule sets, one module each; importing this package registers them (in this
order, the picker's) in ``core/registry.py``.

Variants are called ``rummy``, ``remi``, ``remigio``, ``remigio-fournier`` and ``indian``
everywhere (CLI, saves, code). To add a sixth, see docs/ARCHITECTURE.md.
"""

from __future__ import annotations

from ..hand_rules import HandRules, RuleError
from ..registry import hand_rules, variant_keys, variant_of
from . import rummy, remi, remigio, indian  # noqa: F401,I001  (each registers itself)

VARIANTS = variant_keys()
"""Every variant's key (read from the registry once the modules above have registered)."""

__all__ = ["VARIANTS", "HandRules", "RuleError", "hand_rules", "variant_of"]
