"""The parts of the table around the hand: status line, piles, opponents, melds, log.

Each part is given a :class:`PlayerView` (attributes down) and draws only what that view
holds, so a part can never show a hidden card. Clicks on the piles are reported upwards.
"""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...core.cards import Card
from ...core.registry import variant_of
from ...core.state import PlayerView
from ..theme import TABLE_INK
from .card import CardBack, CardWidget, suit_class

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
    """The game's title (Indian: the preset of its format, "Pool 101" and so on)."""
    from ..presets import PRESETS, VARIANT_TITLES

    fmt = getattr(view.options, "format", None)
    if view.variant == "indian" and fmt:
        for preset in PRESETS:
            if preset.variant == "indian" and preset.options.get("format", "points") == fmt:
                return preset.title
    return VARIANT_TITLES.get(view.variant, view.variant)


def phase_words(view: PlayerView) -> dict[str, Any]:
    """What the status bar names: the deal (Indian), and the phases of a turn as the
    variant has them (melds on the table or kept in the hand; declare or close)."""
    rs = variant_of(view.variant)
    words: dict[str, Any] = {"table_melds": bool(rs.table_melds)}
    if rs.finish_action:
        words["finish"] = rs.finish_action
    if view.variant == "indian":
        deals = getattr(view.options, "deals", None)
        if getattr(view.options, "format", None) == "deals" and deals:
            words["round_name"] = f"deal {view.round_no} of {deals}"
        else:
            words["round_name"] = f"deal {view.round_no}"
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

    def show(self, title: str, view: PlayerView, note: str = "", *,
             round_name: str = "", table_melds: bool = True, finish: str = "") -> None:
        """``round_name`` replaces "round N" (Indian: "deal 2 of 3"); ``table_melds`` false
        gives Draw → Discard, with ``finish`` ("Declare", "Close") as the other way out.
        (The Indian turn timer stands left of this line: cut at 80 columns, never the clock.)"""
        text = Text()
        text.append(f"{title} · {round_name or f'round {view.round_no}'} · ", style="bold")
        mover = view.players[view.to_move].name
        if view.phase in ("draw", "play"):
            text.append(f"{mover} to play  ")
            phases = PHASES if table_melds else HAND_PHASES
            current = {"draw": {0}, "play": set(range(1, len(phases)))}[view.phase]
            for i, phase in enumerate(phases):
                if i:
                    text.append(" → ", style="dim")
                text.append(phase, style="reverse bold" if i in current else "dim")
            if finish:
                text.append(" / ", style="dim")
                text.append(finish, style="bold" if view.phase == "play" else "dim")
        elif view.phase == "round_over":
            text.append("round over", style="bold")
        else:
            text.append("game over", style="bold")
        if note:
            text.append(f"  {note}", style="italic")
        self.update(text)


class Piles(Widget):
    """The stock (with its count), the Indian wild joker under it, and the discard pile."""

    DEFAULT_CSS = """
    Piles { layout: horizontal; height: 5; width: auto; padding: 0 1; }
    Piles > Vertical { width: auto; height: 5; margin-right: 1; }
    Piles .pile-label { width: auto; height: 1; color: $text-muted; }
    Piles Horizontal { width: auto; height: 3; }
    Piles .pile-empty { width: 4; height: 3; background: $foreground 10%; }
    """

    class Clicked(Message):
        """The stock (depth 0) or the nth discard from the top (depth 1-3) was clicked."""

        def __init__(self, depth: int) -> None:
            self.depth = depth
            super().__init__()

    four_colour: reactive[bool] = reactive(False, init=False)

    def __init__(self, *, ascii: bool, four_colour: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.set_reactive(Piles.four_colour, four_colour)
        self._key: tuple | None = None
        """What is on show (the piles are rebuilt only when it changes)."""

    def watch_four_colour(self) -> None:
        self._key = None  # the same piles, in other colours: draw them again

    def show(self, view: PlayerView, discard_depth: int) -> None:
        key = (view.stock_count, tuple(view.discard[-discard_depth:]), view.wild_card,
               len(view.discard))
        if key == self._key:
            return
        self._key = key
        self.remove_children()
        stock_parts: list[Widget] = [
            Static(f"Stock {view.stock_count}", classes="pile-label"),
            Horizontal(CardBack(ascii=self.ascii, id="stock-back") if view.stock_count else
                       Static(classes="pile-empty")),
        ]
        if view.wild_card is not None:
            # Indian: the wild joker lies face up under the stock, out of play.
            wild = Text("wild ", style="bold")
            wild.append_text(card_text(view.wild_card, self.ascii, self.four_colour))
            stock_parts.append(Static(wild, id="wild-card", classes="pile-label"))
        widgets: list[Widget] = [Vertical(*stock_parts)]
        top = list(reversed(view.discard[-discard_depth:]))
        label = "Discard" if discard_depth == 1 else "Discard 1 2 3"
        cards: list[Widget] = [
            CardWidget(card, index=i + 1, ascii=self.ascii, four_colour=self.four_colour,
                       classes="discard-card")
            for i, card in enumerate(top)
        ] or [Static(classes="pile-empty")]
        widgets.append(Vertical(Static(label, classes="pile-label"), Horizontal(*cards)))
        self.mount_all(widgets)

    def on_click(self, event: events.Click) -> None:
        if event.widget is not None and event.widget.id == "stock-back":
            self.post_message(self.Clicked(0))

    @on(CardWidget.Clicked, ".discard-card")
    def _discard_clicked(self, event: CardWidget.Clicked) -> None:
        event.stop()
        self.post_message(self.Clicked(event.card_widget.index))


class Opponents(Static):
    """Every seat: name, who plays it, cards in hand, score; the player to move is marked."""

    DEFAULT_CSS = """
    Opponents { height: auto; }
    """

    def show(self, view: PlayerView, viewer: int | None) -> None:
        table = Table(box=None, padding=(0, 1, 0, 0), show_header=True, header_style="dim",
                      expand=True, show_edge=False)
        table.add_column("", width=1, no_wrap=True)
        table.add_column("Player", ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column("Cards", justify="right", no_wrap=True)
        table.add_column("Score", justify="right", no_wrap=True)
        kinds = {"human": "", "easy": " cpu·easy", "normal": " cpu", "hard": " cpu·hard"}
        for seat, player in enumerate(view.players):
            marker = "►" if seat == view.to_move and view.phase in ("draw", "play") else ""
            style = "dim strike" if view.eliminated[seat] else ("dim" if view.out[seat] else "")
            name = Text(player.name, style=style + (" bold" if seat == viewer else ""))
            name.append(kinds.get(player.kind, ""), style="dim")
            if view.eliminated[seat]:
                name.append(" out", style="bold red")
            elif view.out[seat] and view.phase in ("draw", "play"):
                name.append(" out this deal", style="italic")
            count = view.hand_counts[seat]
            table.add_row(marker, name, str(count),
                          str(view.scores[seat]))
        self.update(table)


class TableMelds(VerticalScroll):
    """Melds on the table, grouped by owner, numbered for laying off."""

    DEFAULT_CSS = """
    TableMelds { height: 1fr; padding: 0 1; }
    TableMelds > Static { width: 1fr; }
    """

    def __init__(self, *, ascii: bool, four_colour: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.four_colour = four_colour

    def compose(self) -> ComposeResult:
        yield Static(id="melds-text")

    def show(self, view: PlayerView) -> None:
        text = Text()
        if not view.table:
            if variant_of(view.variant).table_melds:
                text.append("No melds on the table.", style="dim")
            else:
                # Remigio and Indian: melds are shown only at the close / declaration.
                text.append("In this game melds stay in the hand until someone "
                            "closes or declares: press a to arrange yours.", style="dim")
        for seat, player in enumerate(view.players):
            mine = [(i, m) for i, m in enumerate(view.table) if m.owner == seat]
            if not mine:
                continue
            if text:
                text.append("\n")
            text.append(f"{player.name}: ", style="bold")
            for i, meld in mine:
                text.append(f" {i + 1}:", style="dim")
                text.append("[")
                text.append_text(cards_text(meld.cards, self.ascii, self.four_colour))
                text.append("]")
        self.query_one("#melds-text", Static).update(text)


def merged_log(entries: list, players: list) -> list[str]:
    """Log lines, with a player's consecutive moves in one sentence: "Bob drew from the
    stock" + "Bob discarded 7♦" reads "Bob drew from the stock and discarded 7♦"."""
    lines: list[str] = []
    last_player = None
    for entry in entries:
        name = players[entry.player].name if entry.player is not None else None
        if (
            lines and name is not None and entry.player == last_player
            and entry.text.startswith(name + " ")
        ):
            lines[-1] += " and " + entry.text[len(name) + 1:]
        else:
            lines.append(entry.text)
        last_player = entry.player
    return lines


class ActionLog(Static):
    """The latest lines of the game log, newest at the bottom."""

    DEFAULT_CSS = """
    ActionLog { height: 1fr; color: $text-muted; }
    """

    def show(self, view: PlayerView, ascii: bool, lines: int = 30) -> None:
        entries = [e for e in view.log if e.round_no == view.round_no][-lines:]
        self._texts = [ascii_text(t, ascii) for t in merged_log(entries, view.players)]
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
        self.update(Text("\n".join(reversed(shown)) or "A new round."))

    def on_resize(self) -> None:
        self._fit()
