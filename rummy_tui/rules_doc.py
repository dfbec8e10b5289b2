"""The rules document (docs/RULES.md) as text, for the app's ``?`` screen and the CLI.

docs/ is not part of a wheel, so the package carries a copy at ``rummy_tui/docs/RULES.md``
(package data); tests/test_rules_doc.py fails if the copy and docs/RULES.md differ. The text
is read with ``importlib.resources`` so it works from a checkout, an editable install and a
wheel alike. No Textual or Rich here: the app renders the Markdown itself.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from .core.registry import variants
from .core.text import quote

SECTION_TITLES: dict[str, str] = {v.key: v.title for v in variants()}
"""variant key (as in the CLI and saves) -> the "## " heading of its section in RULES.md:
the variant's title (core/registry.py)."""
COMMON_TITLE = "Cards, melds and counting"


@lru_cache(maxsize=1)
def _document() -> str:
    return resources.files("rummy_tui").joinpath("docs", "RULES.md").read_text(encoding="utf-8")


def sections() -> dict[str, str]:
    """Every ``## `` section of the document, keyed by its heading text."""
    found: dict[str, str] = {}
    title: str | None = None
    lines: list[str] = []
    in_fence = False
    for line in _document().splitlines(keepends=True):
        if line.startswith("```"):
            in_fence = not in_fence
        if not in_fence and line.startswith("## "):
            if title is not None:
                found[title] = "".join(lines).rstrip() + "\n"
            title, lines = line[3:].strip(), []
        if title is not None:
            lines.append(line)
    if title is not None:
        found[title] = "".join(lines).rstrip() + "\n"
    return found


def rules_text(variant: str | None = None, with_common: bool = False) -> str:
    """The whole rules document, or one variant's section.

    ``variant`` is a variant id (``rummy``, ``remi``, ``remigio``, ``remigio-fournier``,
    ``indian``) or a section heading (``"Indonesian Remi"``). ``with_common`` appends the
    section every variant shares (card names, meld rules, deadwood). Raises ``ValueError``
    for an unknown variant.
    """
    if variant is None:
        return _document()
    title = SECTION_TITLES.get(variant.strip().lower(), variant.strip())
    found = sections()
    if title not in found or title == COMMON_TITLE:
        raise ValueError(
            f"no rules for variant {quote(variant)} (choose from {', '.join(SECTION_TITLES)})"
        )
    text = found[title]
    if with_common:
        text += "\n" + found[COMMON_TITLE]
    return text


__all__ = ["SECTION_TITLES", "rules_text", "sections"]
