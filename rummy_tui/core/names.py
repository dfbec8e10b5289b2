"""Player names: the one place that says what a seat may be called.

The command line (``--players``), the setup screen and the save loader all use
:func:`check_name` / :func:`check_names`. A name is data: it is shown escaped everywhere, never
read as Textual or Rich markup, so ``[`` and ``]`` are allowed. What is refused is what cannot be
shown safely or told apart on a shared screen:

- control characters (``\\e``, tab, bell, newline, ...): they move the terminal's cursor or
  colour and would corrupt the table;
- bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): they reorder
  the text around the name;
- a name that is blank or made only of invisible characters (spaces, zero-width spaces, other
  format characters);
- more than :data:`MAX_NAME` characters;
- two seats with the same name (compared without case, after Unicode NFC normalisation).

:func:`display_name` makes a name from an older save, which may break these rules, safe to show
without refusing the save.
"""

from __future__ import annotations

import unicodedata

MAX_NAME = 16

_BIDI = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)


class PlayerNameError(ValueError):
    """A player name that cannot be used; the message is one line, fit to show as it is."""


def _quote(text: str, limit: int = 24, width: int = 60) -> str:
    """The name quoted for a one-line message: at most ``limit`` characters of it, and at most
    ``width`` characters of quotation once unprintable ones are written as escapes."""
    shown = text if len(text) <= limit else text[:limit] + "…"
    quoted = ascii(shown) if any(not ch.isprintable() for ch in shown) else repr(shown)
    return quoted if len(quoted) <= width else quoted[: width - 2] + "…" + quoted[0]


def _invisible(ch: str) -> bool:
    category = unicodedata.category(ch)
    return ch.isspace() or category in ("Cf", "Zs", "Zl", "Zp", "Mn", "Me") or ch in "\u3164\u115f\u1160\uffa0"


def check_name(name: str) -> str:
    """The name as it will be stored (NFC, outer spaces stripped), or :class:`PlayerNameError`."""
    text = unicodedata.normalize("NFC", name).strip()
    for ch in text:
        if unicodedata.category(ch) == "Cc":
            raise PlayerNameError(f"name {_quote(name)} holds a control character ({ascii(ch)})")
        if ch in _BIDI:
            raise PlayerNameError(
                f"name {_quote(name)} holds a text-direction control (U+{ord(ch):04X})"
            )
        if unicodedata.category(ch) in ("Cs", "Co", "Cn"):
            raise PlayerNameError(f"name {_quote(name)} holds an unassigned or private character")
    if not text or all(_invisible(ch) for ch in text):
        raise PlayerNameError("a name must have at least one visible character")
    if len(text) > MAX_NAME:
        raise PlayerNameError(f"name {_quote(name)} is longer than {MAX_NAME} characters")
    return text


def same_name(a: str, b: str) -> bool:
    return unicodedata.normalize("NFC", a).casefold() == unicodedata.normalize("NFC", b).casefold()


def check_names(names: list[str]) -> list[str]:
    """Every name checked, and no two alike at the table (ignoring case)."""
    checked = [check_name(name) for name in names]
    for i, name in enumerate(checked):
        for other in checked[:i]:
            if same_name(name, other):
                raise PlayerNameError(f"two seats are called {_quote(name)}")
    return checked


def display_name(name: str) -> str:
    """A stored name made safe to show: control and direction characters become ``?``, and an
    invisible name becomes ``?``. Used for names from saves written before these rules."""
    shown = "".join(
        "?" if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ch in _BIDI else ch
        for ch in name
    )
    if not shown.strip() or all(_invisible(ch) for ch in shown):
        return "?"
    return shown
