"""Player names: the one place that says what a seat may be called.

The command line (``--players``), the setup screen and the save loader all use
:func:`check_name` / :func:`check_names`. A name is data: it is shown escaped everywhere, never
read as Textual or Rich markup, so ``[`` and ``]`` are allowed. What is refused is what cannot be
shown safely or told apart on a shared screen:

- control characters (``\\e``, tab, bell, newline, ...): they move the terminal's cursor or
  colour and would corrupt the table;
- bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C): they reorder
  the text around the name;
- line and paragraph separators (U+2028, U+2029): they split the name's line;
- a name that is blank or made only of invisible characters (spaces, zero-width spaces, other
  format characters, default-ignorable characters, and the blank-looking symbols U+2800
  BRAILLE PATTERN BLANK and U+1D159 MUSICAL SYMBOL NULL NOTEHEAD);
- more than :data:`MAX_NAME` terminal cells (a wide character, such as most CJK, takes two,
  a combining mark none);
- two seats with the same name: compared by :func:`name_key`, after Unicode NFKC (``Ａｎｎ``
  is ``Ann``), with the default-ignorable characters (``A\\u200bnn``, ``Ann\\ufe0f``) removed,
  and without case.

:func:`display_name` makes a name from an older save, which may break these rules, safe to show
without refusing the save.
"""

from __future__ import annotations

import unicodedata

from .text import UNSAFE, clip

MAX_NAME = 24
"""The longest name, in terminal cells ("Lakshmi Narayanan" fits)."""

_BIDI = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
_SEPARATORS = frozenset("\u2028\u2029")

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): shown as nothing.
_IGNORABLE_RANGES = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# not ignorable, but drawn as an empty cell
_BLANK_SYMBOLS = frozenset("\u2800\U0001d159")


class PlayerNameError(ValueError):
    """A player name that cannot be used; the message is one line, fit to show as it is."""


def _quote(text: str) -> str:
    # an ignorable character is shown as its escape too: it is what tells two names apart
    marked = "".join(f"\\u{ord(ch):04x}" if is_ignorable(ch) else ch for ch in text[:41])
    return f"'{clip(marked, 40)}'"


def is_ignorable(ch: str) -> bool:
    """A default-ignorable character: no glyph, left out when names are compared."""
    code = ord(ch)
    return any(low <= code <= high for low, high in _IGNORABLE_RANGES)


def _invisible(ch: str) -> bool:
    category = unicodedata.category(ch)
    return (ch.isspace() or category in ("Cf", "Zs", "Zl", "Zp", "Mn", "Me")
            or is_ignorable(ch) or ch in _BLANK_SYMBOLS)


def cells(text: str) -> int:
    """How many terminal cells ``text`` takes: two for a wide or full-width character, none
    for a combining mark or an invisible format character, else one. (The rules core does
    not use Rich, whose ``cell_len`` says the same for names.)"""
    total = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf") \
                or is_ignorable(ch):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, default-ignorable characters removed, case
    folded (NFKC again, since folding can un-normalise)."""
    text = "".join(ch for ch in unicodedata.normalize("NFKC", name) if not is_ignorable(ch))
    return unicodedata.normalize("NFKC", text.casefold()).strip()


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
        if ch in _SEPARATORS:
            raise PlayerNameError(
                f"name {_quote(name)} holds a line or paragraph separator (U+{ord(ch):04X})"
            )
        if unicodedata.category(ch) in ("Cs", "Co", "Cn"):
            raise PlayerNameError(f"name {_quote(name)} holds an unassigned or private character")
    if not text or all(_invisible(ch) for ch in text) or not name_key(text):
        raise PlayerNameError("a name must have at least one visible character")
    # 64 code points: what a save holds (saves/schema.py), room for combining marks
    if cells(text) > MAX_NAME or len(text) > 64:
        raise PlayerNameError(f"name {_quote(name)} is longer than {MAX_NAME} characters "
                              "(a wide character counts as two)")
    return text


def same_name(a: str, b: str) -> bool:
    """Whether two names would be taken for one another (:func:`name_key`)."""
    return name_key(a) == name_key(b)


def check_names(names: list[str]) -> list[str]:
    """Every name checked, and no two alike at the table (:func:`same_name`)."""
    checked = [check_name(name) for name in names]
    for i, name in enumerate(checked):
        for other in checked[:i]:
            if same_name(name, other):
                raise PlayerNameError(f"two seats are called {_quote(name)}")
    return checked


def display_name(name: str) -> str:
    """A stored name made safe to show: control, direction and separator characters and
    lone surrogates (everything core/text.py escapes) become ``?``, and an invisible name
    becomes ``?``. Used for names from saves written before these rules (docs/SAVES.md:
    the name the game is resumed with, so a mark of one cell rather than an escape)."""
    shown = "".join("?" if ch in UNSAFE or unicodedata.category(ch) in ("Co", "Cn") else ch
                    for ch in name)
    if not shown.strip() or all(_invisible(ch) for ch in shown) or not name_key(shown):
        return "?"
    return shown
