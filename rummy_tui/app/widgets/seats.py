"""The seats around the table (issue 30): each player's place, with who plays it, the card
backs in their hand, their score and the melds they laid down, and the turn marker.

The table screen sits the viewer at the bottom (over the hand) and the others around it in
seat order, which is the order of play clockwise: to the viewer's left (the left column,
upwards), across the top (left to right), down the right. A seat draws every one of its melds:
when its rows are short it writes them closer (:data:`LEVELS`), never fewer.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from ...core.cards import RANKS, Card
from ...core.state import PlayerView
from .players import KINDS, PLAIN, fit
from .table_parts import SUIT_STYLE, card_text
from .card import suit_class

LEVELS = (0, 1, 2)
"""How close a seat writes its melds: 0 "7 7♣ 8♣ 9♣"; 1 "7 7♣8♣9♣"; 2 "7 7-9♣" (a run in
one suit, no joker) and "1 A♠♥♦" (a set)."""


def _condensed(cards: list[Card], ascii: bool, four_colour: bool) -> Text | None:
    """A set as its rank and suits, a run in one suit as its ends; None when it is neither
    (a joker in it, or cards not in plain order)."""
    if len(cards) < 3 or any(c.is_joker for c in cards):
        return None
    if len({c.rank for c in cards}) == 1 and len({c.suit for c in cards}) == len(cards):
        text = Text(RANKS[cards[0].rank - 1], style="bold")
        for card in cards:
            text.append_text(Text(card.symbol(ascii)[-1], style=SUIT_STYLE[
                suit_class(card, four_colour)]))
        return text
    if len({c.suit for c in cards}) == 1:
        ranks = [c.rank for c in cards]
        steps = [(b - a) % 13 for a, b in zip(ranks, ranks[1:])]
        if all(step == 1 for step in steps):
            first, last = cards[0].symbol(ascii), cards[-1].symbol(ascii)
            return Text(f"{first[:-1]}-{last}", style=SUIT_STYLE[
                suit_class(cards[0], four_colour)])
    return None


def meld_text(number: int, cards: list[Card], level: int, *, ascii: bool = False,
              four_colour: bool = False) -> Text:
    """A meld as the table writes it: its number (the key that lays off to it), its cards."""
    text = Text(str(number), style="dim")
    text.append(" ")
    short = _condensed(cards, ascii, four_colour) if level >= 2 else None
    if short is not None:
        text.append_text(short)
        return text
    for i, card in enumerate(cards):
        if i and level == 0:
            text.append(" ")
        text.append_text(card_text(card, ascii, four_colour))
    return text


def flow(units: list[Text], width: int, gap: int = 2) -> list[Text]:
    """The units one after another in lines of ``width`` cells, a unit never split over two
    lines unless it is wider than a line (then it is cut in pieces of ``width``)."""
    lines: list[Text] = []
    line = Text()
    for unit in units:
        if line.cell_len and line.cell_len + gap + unit.cell_len > width:
            lines.append(line)
            line = Text()
        if line.cell_len:
            line.append(" " * gap)
        line.append_text(unit)
        while line.cell_len > width:
            head, line = line[:width], line[width:]
            lines.append(head)
    if line.cell_len:
        lines.append(line)
    return lines


class Seat(Widget):
    """One player's place at the table (see the module's docstring)."""

    DEFAULT_CSS = """
    Seat { height: auto; padding: 0 1; background: $panel; margin: 0 0 1 0; }
    Seat.-turn { background: $accent 20%; }
    Seat.-bottom { margin: 0; }
    """

    level: reactive[int] = reactive(0, layout=True)

    def __init__(self, *, ascii: bool = False, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.ascii = ascii
        self.four_colour = False
        self.seat: int | None = None
        self._view: PlayerView | None = None
        self._viewer: int | None = None

    def show(self, view: PlayerView, seat: int, viewer: int | None) -> None:
        self._view, self.seat, self._viewer = view, seat, viewer
        self.set_class(self.turn, "-turn")
        self.refresh(layout=True)

    @property
    def turn(self) -> bool:
        """Whether the turn marker is at this seat."""
        view = self._view
        return view is not None and view.to_move == self.seat and view.phase in ("draw", "play")

    def melds(self, level: int) -> list[Text]:
        view = self._view
        if view is None:
            return []
        return [meld_text(i + 1, m.cards, level, ascii=self.ascii, four_colour=self.four_colour)
                for i, m in enumerate(view.table) if m.owner == self.seat]

    def lines(self, width: int, level: int | None = None) -> list[Text]:
        """The seat's lines at this content width: its head (one line, or two when the name
        would be cut short), then its melds."""
        view, seat = self._view, self.seat
        if view is None or seat is None:
            return []
        level = self.level if level is None else level
        back = "#" if self.ascii else "▒"
        count = Text.assemble((back, "bold"),
                              (str(view.hand_counts[seat]), PLAIN))
        score = Text.assemble((str(view.scores[seat]), PLAIN), " ", ("pts", "dim"))
        # each word a piece of its own, apart from the spaces (players.PLAIN)
        tail = Text.assemble(count, " ", ("·", "dim"), " ", score)
        name = self._player_name(view, seat)
        marker = Text(">" if self.ascii else "►", style="bold") if self.turn else Text(" ")
        marker.append(" ")
        room = width - 2 - 1 - tail.cell_len
        want = min(name.cell_len, 8)
        if room >= want:
            name = _cut(name, room)
            head = Text.assemble(marker, name, " " * (room - name.cell_len + 1), tail)
            head_lines = [head]
        else:
            head_lines = [Text.assemble(marker, _cut(name, width - 2)),
                          Text("  ") + tail if tail.cell_len + 2 <= width else tail]
        return head_lines + flow(self.melds(level), max(4, width))

    def _player_name(self, view: PlayerView, seat: int) -> Text:
        player = view.players[seat]
        if view.eliminated[seat]:
            style = "dim strike"
        elif view.out[seat]:
            style = "dim"
        elif self.turn:
            style = f"bold {self.app.theme_variables.get('accent', 'yellow')}"
        else:
            style = "bold" if seat == self._viewer else PLAIN
        text = Text(player.name, style=style)  # a name is data: never markup
        if KINDS.get(player.kind):
            text.append(" ")
            text.append(KINDS[player.kind], style="dim")
        if view.eliminated[seat]:
            text.append(" ")
            text.append("out", style="bold red")
        elif view.out[seat] and view.phase in ("draw", "play"):
            text.append(" ")
            text.append("out this deal", style="italic")
        return text

    def rows(self, width: int, level: int) -> int:
        """The rows this seat takes at this outer width and level (its padding inside)."""
        return len(self.lines(max(4, width - 2), level))

    @property
    def content(self) -> Text:
        return Text("\n").join(self.lines(max(8, self.size.width - 2 or 30)))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return max(1, len(self.lines(max(4, width))))

    def render(self) -> Text:
        return Text("\n").join(self.lines(max(4, self.content_size.width or 30)))


def _cut(text: Text, width: int) -> Text:
    """``text`` cut to ``width`` cells with an ellipsis."""
    if text.cell_len <= width:
        return text
    plain = fit(text.plain, max(1, width))
    out = text[:len(plain) - 1]
    out.append("…")
    return out


def ring(others: int) -> tuple[int, int, int]:
    """How many of the other seats sit left, across the top and right of the table: the top
    holds up to three, the sides take the rest (more to the left, where play goes first)."""
    if others <= 3:
        return 0, others, 0
    top = 3 if others % 2 else 2
    side = others - top
    return (side + 1) // 2, top, side // 2


__all__ = ["LEVELS", "Seat", "flow", "meld_text", "ring"]
