"""The card colours, defined once: the faces (``CARD_FACE``), the suits on them (``CARD_INK``,
dark on the light card) and the suits in text on the table (``TABLE_INK``: melds, the log,
the round summary). The app offers each as a theme variable (``$card-face``, ``$card-hearts``,
``$table-hearts``, ...) for the stylesheets; the Rich styles of text are made from the same
dictionaries."""

from __future__ import annotations

CARD_INK = {
    "-red": "#c0141c", "-black": "#111111", "-spades": "#111111", "-hearts": "#c0141c",
    "-diamonds": "#1f4fd1", "-clubs": "#12813a", "-joker": "#8a2be2",
}
TABLE_INK = {
    # Black suits in text take the terminal's own foreground colour.
    "-red": "#e0464e", "-black": "", "-spades": "", "-hearts": "#e0464e",
    "-diamonds": "#5b8cff", "-clubs": "#3fbf6a", "-joker": "#b07cff",
}


CARD_FACE = {
    # A card is light on every theme, like a real one; these mark it in the hand.
    "face": "#f4f1e8",
    "new": "#d9f2c4",
    "theirs": "#f6dcd2",
    "cursor": "#9fd3ff",
    "selected": "#ffd84d",
    "cursor-selected": "#ffab40",
}
"""The card's face: plain, just drawn, the opponent's last discard, under the cursor,
selected, and both."""


def theme_variables() -> dict[str, str]:
    """``card-red``, ``card-hearts``, ... ``table-hearts``, ..., ``card-face``, ...: the CSS
    variables."""
    variables = {f"card{cls}": colour for cls, colour in CARD_INK.items()}
    variables |= {f"card-{name}": colour for name, colour in CARD_FACE.items()}
    variables |= {f"table{cls}": colour for cls, colour in TABLE_INK.items() if colour}
    return variables
