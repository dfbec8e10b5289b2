"""The parts of the table around the hand: the status line and the log (the piles and the
seats, with their melds, have modules of their own).

Each part is given a :class:`PlayerView` (attributes down) and draws only what that view
holds, so a part can never show a hidden card.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.content import Content
from textual.widgets import Static

from ...core.cards import Card
from ...core.events import log_lines
from ...core.registry import variant_of
from ...core.state import PlayerView
from ..presets import PRESETS, VARIANT_TITLES
from ..theme import TABLE_INK
from .card import suit_class
from .players import PLAIN

SUIT_STYLE = {
    cls: f"bold {colour}".strip() for cls, colour in TABLE_INK.items()
}
"""Rich styles of the suit colours on the table (text), from the one palette in theme.py."""


def card_text(card: Card, ascii: bool, four_colour: bool) -> Text:
    """A card as coloured text, for melds, logs and the round summary."""
    return Text(card.symbol(ascii), style=SUIT_STYLE[suit_class(card, four_colour)])


def cards_text(cards: list[Card], ascii: bool, four_colour: bool) -> Text:
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(card_text(card, ascii, four_colour))
    return text


def ascii_text(text: str, ascii: bool) -> str:
    """Log lines name cards with suit symbols; the ASCII mode spells them as letters."""
    if not ascii:
        return text
    for symbol, letter in zip("♠♥♦♣", "SHDC"):
        text = text.replace(symbol, letter)
    return text


def game_title(view: PlayerView) -> str:
    """The game's title (a game with several picker entries: its preset's, Indian's "Pool
    101" and so on)."""
    v = variant_of(view.variant)
    if len(v.presets) > 1:
        key = v.preset_of(view.options)
        for preset in PRESETS:
            if preset.key == key:
                return preset.title
    return VARIANT_TITLES.get(view.variant, view.variant)


def phase_words(view: PlayerView) -> dict[str, Any]:
    """What the status bar names: the deal (Indian), and the phases of a turn as the
    variant has them (melds on the table or kept in the hand; declare or close)."""
    rs = variant_of(view.variant)
    words: dict[str, Any] = {"table_melds": bool(rs.table_melds),
                             "round_name": rs.round_name(view.options, view.round_no)}
    if rs.finish is not None:
        words["finish"] = rs.finish_label
    return words


PHASES = ("Draw", "Meld", "Discard")
"""Where melds go on the table (Rummy, Remi)."""
HAND_PHASES = ("Draw", "Discard")
"""Where melds stay in the hand (Indian, Remigio): the turn ends by a discard, or by
declaring / closing instead."""


class StatusBar(Static):
    """Variant, round, whose turn, and the phase indicator Draw → Meld → Discard."""

    DEFAULT_CSS = """
    StatusBar { height: 1; background: $panel; padding: 0 1; }
    """

    def show(self, title: str, view: PlayerView, note: str = "", *, ascii: bool = False,
             round_name: str = "", table_melds: bool = True, finish: str = "") -> None:
        """``round_name`` replaces "round N" (Indian: "deal 2 of 3"); ``table_melds`` false
        gives Draw → Discard, with ``finish`` ("Declare", "Close") as the other way out.
        (The Indian turn timer stands left of this line: cut at 80 columns, never the clock.)"""
        text: list[tuple[str, str]] = []  # (words, style): a name is data, never markup
        add = text.append
        add((f"{title} · {round_name or f'round {view.round_no}'} · ", "bold"))
        mover = view.players[view.to_move].name
        if view.phase in ("draw", "play"):
            add((mover, "bold $accent"))
            add((" ", ""))
            add(("to play", PLAIN))  # apart from the space before it (players.PLAIN)
            add(("  ", ""))
            phases = PHASES if table_melds else HAND_PHASES
            current = {"draw": {0}, "play": set(range(1, len(phases)))}[view.phase]
            for i, phase in enumerate(phases):
                if i:
                    add((" ", ""))
                    add(("->" if ascii else "→", "dim"))
                    add((" ", ""))
                add((phase, "reverse bold" if i in current else "dim"))
            if finish:
                add((" ", ""))
                add(("/", "dim"))
                add((" ", ""))
                add((finish, "bold" if view.phase == "play" else "dim"))
        elif view.phase == "round_over":
            add((f"{variant_of(view.variant).round_word} over", "bold"))
        else:
            add(("game over", "bold"))
        if note:
            add((f"  {note}", "italic"))
        self.update(Content.assemble(*text))


def merged_log(entries: list, players: list, variant: str) -> list[str]:
    """Log lines rendered from the events (core/events.py), with a player's consecutive
    moves in one sentence: "Bob drew from the stock and discarded 7♦"."""
    return log_lines(entries, [p.name for p in players], variant_of(variant))


class ActionLog(Static):
    """The latest lines of the game log, newest at the bottom."""

    DEFAULT_CSS = """
    ActionLog { height: 1fr; color: $text-muted; }
    """

    def show(self, view: PlayerView, ascii: bool, lines: int = 30) -> None:
        entries = [e for e in view.log if e.round_no == view.round_no][-lines:]
        said = merged_log(entries, view.players, view.variant)
        self._texts = [ascii_text(t, ascii) for t in said]
        self._empty = f"A new {variant_of(view.variant).round_word}."  # Indian: "deal"
        self._fit()

    def _fit(self) -> None:
        texts = getattr(self, "_texts", [])
        # Keep the newest lines that fit: wrapped lines take more than one row.
        width = max(10, self.size.width or 30)
        room = max(1, self.size.height or 5)
        shown: list[str] = []
        used = 0
        for text in reversed(texts):
            rows = max(1, -(-len(text) // width))
            if used + rows > room and shown:
                break
            shown.append(text)
            used += rows
        # log lines hold players' names: data, never markup
        self.update(Text("\n".join(reversed(shown)) or getattr(self, "_empty", "A new round.")))

    def on_resize(self) -> None:
        self._fit()
