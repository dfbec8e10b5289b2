"""Text from outside the game, made safe to show (issue 27): the one sanitiser.

Names, save file names, settings values, statistics names, save contents and command-line
values are data. Before any of them reaches Textual, Rich or stdout it goes through
:func:`visible` (or :func:`quote`, for an error message): every character that would act on
the terminal or on the text around it is written as a visible escape instead, such as
``\\x1b`` or ``\\u2028``:

- control characters: C0 (U+0000–U+001F, with ESC), DEL and C1 (U+0080–U+009F, with CSI);
- bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), which
  reorder the text around them;
- the line and paragraph separators U+2028 and U+2029, and newlines where one line is
  meant;
- lone surrogates (``\\udcff``: a file name that is not UTF-8, as Python reads it), which
  cannot even be written to a UTF-8 terminal.

Markup is a separate matter: the app shows such text as ``Text``/``Content`` (never markup),
and Rich's ``print`` is not given it. Pure Python: the rules core (core/names.py) uses it,
and so do the command line and the app.
"""

from __future__ import annotations

QUOTE_LIMIT = 80
"""At most this many characters of an input are quoted back in a message."""

_BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_SEPARATORS = "\u2028\u2029"


def _escape(code: int) -> str:
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def _table(keep: str = "") -> dict[int, str]:
    codes = [*range(0x20), 0x7F, *range(0x80, 0xA0), *map(ord, _BIDI + _SEPARATORS),
             *range(0xD800, 0xE000)]
    return {code: _escape(code) for code in codes if chr(code) not in keep}


_ONE_LINE = _table()
_LINES = _table(keep="\n")
UNSAFE = frozenset(chr(code) for code in _ONE_LINE)
"""Every character :func:`visible` escapes in one line."""


def visible(text: object, *, one_line: bool = True) -> str:
    """``text`` with every control, bidi control, separator and lone surrogate written as a
    visible escape; with ``one_line=False``, newlines are kept."""
    return str(text).translate(_ONE_LINE if one_line else _LINES)


def is_safe(text: str, *, one_line: bool = True) -> bool:
    """True when :func:`visible` would leave ``text`` as it is."""
    return visible(text, one_line=one_line) == text


def clip(text: object, limit: int = QUOTE_LIMIT) -> str:
    """:func:`visible`, then cut to at most ``limit`` characters (an escape is never cut in
    two), ending with "…" when something was left out. The work is bounded by ``limit``
    whatever the length of ``text``."""
    raw = str(text)
    pieces = [ch.translate(_ONE_LINE) for ch in raw[: limit + 1]]
    if len(raw) <= limit and sum(map(len, pieces)) <= limit:
        return "".join(pieces)
    kept, used = [], 0
    for piece in pieces:
        if used + len(piece) > limit - 1:  # room for the "…"
            break
        kept.append(piece)
        used += len(piece)
    return "".join(kept) + "…"


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """A piece of input quoted for a one-line message: sanitised by :func:`visible`, at most
    ``limit`` characters of it, in quotes; a longer input ends in "…" and says its length."""
    raw = str(text)
    shown = clip(raw, limit)
    cut = len(raw) > limit or shown != visible(raw)
    return f"'{shown}'" + (f" ({len(raw)} characters)" if cut else "")


def one_line(message: object, limit: int = 400) -> str:
    """A whole message (which may quote input) made one safe line of at most ``limit``
    characters: the last guard before stderr, for messages made elsewhere."""
    return clip(message, limit)


def json_safe(encoded: str) -> str:
    """JSON text (``json.dumps(..., ensure_ascii=False)``) with every character
    :func:`visible` escapes written as a JSON ``\\uXXXX`` escape instead, so the text stays
    the same JSON value but sends nothing to a terminal. These characters can only stand in
    strings, where such an escape means the same character."""
    return encoded.translate(_JSON)


# json.dumps escapes C0 inside strings itself; a newline outside them is indentation
_JSON = {code: f"\\u{code:04x}" for code in _ONE_LINE if code >= 0x20}
