"""rummy-tui: hot-seat rummy in the terminal.

``import rummy_tui`` is light: it loads the rules core only, never Textual or Rich, so that
scripts and the command line start fast. The app lives in ``rummy_tui.app``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from .core.arrange import Arrangement


def arrange(cards: Any, variant: str, wild: Any = None, **rules: Any) -> "Arrangement":
    """The best arrangement of a hand into melds and deadwood under a variant's rules.

    ``cards`` is a list of cards or card codes (``["AS", "10H", "JK"]``) or one string of
    codes. ``wild`` is the Indian wild rank (``"7"``, ``7``). ``rules`` are the variant's
    options that change melds or values (``ace_high=True`` for rummy, ``wrap=True`` for
    Remigio). Raises ``ValueError`` (a ``CardError`` or ``RuleError``) on bad input.
    """
    global _arrange
    if _arrange is None:  # imported on first use, then kept: a call costs microseconds
        from .core.library import arrange as _arrange
    return _arrange(cards, variant, wild, **rules)


_arrange: Any = None


def rules_text(variant: str | None = None, with_common: bool = False) -> str:
    """The rules document (docs/RULES.md), or one variant's section; see ``rules_doc``."""
    from .rules_doc import rules_text as _rules_text  # lazy: ``import rummy_tui`` stays light

    return _rules_text(variant, with_common=with_common)


__all__ = ["arrange", "rules_text", "__version__"]
