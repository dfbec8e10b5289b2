"""The parts of the table around the hand: the status line, the melds and the log (the
piles and the players box have modules of their own).

Each part is given a :class:`PlayerView` (attributes down) and draws only what that view
holds, so a part can never show a hidden card.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
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


class TableMelds(VerticalScroll):
    """Melds on the table, grouped by owner, numbered for laying off.

    Every meld must be on screen (issue 30: at 80×24 with three players or more, a meld
    scrolled out of sight with a scrollbar as the only sign). A line an owner when that
    fits; else the owners follow one another, wrapped by words, which takes the fewest rows.
    The table screen asks :meth:`rows_needed` and gives the panel that many rows."""

    DEFAULT_CSS = """
    TableMelds { height: 1fr; padding: 0 1; scrollbar-gutter: stable; scrollbar-size-vertical: 1; }
    TableMelds > Static { width: 1fr; }
    """

    def __init__(self, *, ascii: bool, four_colour: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.four_colour = four_colour
        self._owners: list[tuple[Text, list[Text]]] = []
        self._note: Text | None = None

    def compose(self) -> ComposeResult:
        yield Static(id="melds-text")

    def show(self, view: PlayerView) -> None:
        self._owners = []
        self._note = None
        if not view.table:
            v = variant_of(view.variant)
            if v.table_melds:
                note = "No melds on the table."
            else:
                # Remigio and Indian: melds are shown only at the close / declaration.
                finish = f"{v.finish_label.lower()}s" if v.finish is not None else "goes out"
                note = (f"In this game melds stay in the hand until someone {finish}: "
                        "press a to arrange yours.")
            self._note = Text(note, style="dim")
        for seat, player in enumerate(view.players):
            mine = [(i, m) for i, m in enumerate(view.table) if m.owner == seat]
            if not mine:
                continue
            melds = []
            for i, meld in mine:
                text = Text()
                text.append(f"{i + 1}", style="dim")
                text.append(" ")
                text.append_text(cards_text(meld.cards, self.ascii, self.four_colour))
                melds.append(text)
            self._owners.append((Text(player.name, style="bold"), melds))  # a name: data
        self._fill()

    def _grid(self) -> Table:
        """A line an owner (wrapping under its melds, not under the name)."""
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column(ratio=1)
        for name, melds in self._owners:
            grid.add_row(name, Text("  ").join(melds))
        return grid

    def _flow(self, width: int) -> Text:
        """The owners one after another, a meld never split over two lines (unless it is
        wider than the panel): the fewest rows."""
        units: list[tuple[str, Text]] = []  # (the space before it, the unit)
        for n, (name, melds) in enumerate(self._owners):
            for k, meld in enumerate(melds):
                if k == 0:
                    unit = Text.assemble(name, ": ", meld)
                    units.append(("   " if n else "", unit))
                else:
                    units.append(("  ", meld))
        text = Text(no_wrap=True)  # the lines are broken here
        used = 0
        for space, unit in units:
            if used and used + len(space) + unit.cell_len > width:
                text.append("\n")
                used = 0
            elif used:
                text.append(space)
                used += len(space)
            text.append_text(unit)
            used += unit.cell_len
        return text

    def _rows(self, renderable: Any, width: int) -> int:
        console = self.app.console
        return len(console.render_lines(renderable, console.options.update_width(width),
                                        pad=False))

    @staticmethod
    def inner_width(width: int) -> int:
        """The melds' width in a panel this wide: the border, the padding and the scrollbar's
        gutter, kept (stable) so that a scrollbar that came and went never re-wraps them."""
        return max(10, width - 5)

    def rows_needed(self, width: int, fewest: bool = False) -> int:
        """Rows the melds take at this width: a line an owner, or (``fewest``) flowed."""
        width = max(10, width)
        if self._note is not None and not self._owners:
            return self._rows(self._note, width)
        if fewest:
            return self._rows(self._flow(width), width)
        return self._rows(self._grid(), width)

    def _fill(self) -> None:
        static = self.query_one("#melds-text", Static)
        if self._note is not None and not self._owners:
            static.update(self._note)
            return
        width = self.inner_width(self.region.width or 80)
        room = self.content_size.height or 99
        if self.rows_needed(width) <= room:
            static.update(self._grid())
        else:
            static.update(self._flow(width))

    def on_resize(self) -> None:
        self._fill()


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
