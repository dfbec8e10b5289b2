"""What the seats around the table (seats.py) say of their players: how a seat is played,
which way play goes, a name cut to its room.

Play goes clockwise, to the left (Remigio Fournier plays anticlockwise, rules-notes).
"""

from __future__ import annotations

from rich.cells import cell_len

PLAIN = "not italic"
"""The style of a plain word in a column. Each word of a column carries a style of its own,
apart from the spaces before it: a screenshot's SVG writes a run of one style as one piece
of text, and an SVG renderer (rsvg-convert, which turns the snapshots into PNGs) drops the
spaces a piece begins with, which shifted the columns of this box."""

KINDS = {"human": "", "easy": "easy", "normal": "cpu", "hard": "hard"}
"""How a seat is played, as the box names it."""


def direction_title(direction: int, ascii: bool = False) -> str:
    """Which way play goes round the table: clockwise (up the left, across the top, down
    the right) or anticlockwise (Remigio Fournier)."""
    if direction >= 0:
        return "clockwise" if ascii else "↻ clockwise"
    return "anticlockwise" if ascii else "↺ anticlockwise"


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells with an ellipsis (a name is data: never markup)."""
    if cell_len(text) <= width:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return out + "…"
