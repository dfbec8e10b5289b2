"""The players box: every seat in order of play, whose turn it is, and which way play goes.

Seats are listed in seat order; play goes down the list (clockwise, to the left) or up it
(Remigio Fournier plays anticlockwise, rules-notes), which the box's title says with an
arrow. The player to move is marked and drawn in the accent colour.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from ...core.state import PlayerView

PLAIN = "not italic"
"""The style of a plain word in a column. Each word of a column carries a style of its own,
apart from the spaces before it: a screenshot's SVG writes a run of one style as one piece
of text, and an SVG renderer (rsvg-convert, which turns the snapshots into PNGs) drops the
spaces a piece begins with, which shifted the columns of this box."""

KINDS = {"human": "", "easy": "easy", "normal": "cpu", "hard": "hard"}
"""How a seat is played, as the box names it."""


def direction_title(direction: int, ascii: bool = False) -> tuple[str, str]:
    """The box's title and subtitle: play goes down the list (clockwise) or up it
    (anticlockwise)."""
    if direction >= 0:
        return f"Players {'v' if ascii else '↓'}", "clockwise"
    return f"Players {'^' if ascii else '↑'}", "anticlockwise"


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


class Opponents(Widget):
    """Every seat: who plays it, cards in hand, score; the player to move is marked."""

    DEFAULT_CSS = """
    Opponents { height: auto; width: 1fr; }
    """

    header: reactive[bool] = reactive(True, layout=True)
    """The "Player Cards Score" line (dropped when the seats need its row)."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self._shown: tuple[PlayerView, int | None] | None = None

    def show(self, view: PlayerView, viewer: int | None) -> None:
        self._shown = (view, viewer)
        self.refresh(layout=True)

    @property
    def content(self) -> Content:
        return self.render()

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        # a header and a line a seat (render needs the width, so it cannot be asked)
        return int(self.header) + (len(self._shown[0].players) if self._shown else 0)

    def render(self) -> Content:
        if self._shown is None:
            return Content("")
        view, viewer = self._shown
        width = max(16, self.size.width or 40)
        seats = range(len(view.players))
        cards = [str(view.hand_counts[seat]) for seat in seats]
        scores = [str(view.scores[seat]) for seat in seats]
        cards_w = max(5, *map(cell_len, cards))
        score_w = max(5, *map(cell_len, scores))
        name_w = max(4, width - 2 - 1 - cards_w - 1 - score_w)
        lines = [Content.assemble(
            "  ", ("Player", "$text-muted"), " " * (name_w - 5),
            ("Cards".rjust(cards_w), "$text-muted"), " ",
            ("Score".rjust(score_w), "$text-muted"))] if self.header else []
        for seat in seats:
            moving = seat == view.to_move and view.phase in ("draw", "play")
            marker = ((">" if self.ascii else "►"), "bold $accent") if moving else " "
            lines.append(Content.assemble(
                marker, *self._name_cells(view, viewer, seat, name_w), " ",
                *_right(cards[seat], cards_w), " ", *_right(scores[seat], score_w)))
        return Content("\n").join(lines)

    def _name_cells(self, view: PlayerView, viewer: int | None, seat: int, width: int) -> list[Any]:
        """" Ann cpu": the name and its notes (computer player, out), ``width`` + 1 cells."""
        player = view.players[seat]
        notes: list[tuple[str, str]] = []
        if KINDS.get(player.kind):
            notes.append((KINDS[player.kind], "$text-muted"))
        if view.eliminated[seat]:
            notes.append(("out", "bold $error"))
        elif view.out[seat] and view.phase in ("draw", "play"):
            notes.append(("out this deal", "italic $warning"))
        if view.eliminated[seat]:
            style = "dim strike"
        elif view.out[seat]:
            style = "dim"
        elif seat == view.to_move and view.phase in ("draw", "play"):
            style = "bold $accent"
        else:
            style = "bold" if seat == viewer else PLAIN
        room = width - sum(1 + cell_len(text) for text, _ in notes)
        shown = fit(player.name, max(3, room))
        parts: list[Any] = [" ", (shown, style)]
        used = cell_len(shown)
        for text, note_style in notes:
            if used + 1 + cell_len(text) > width:
                text = fit(text, width - used - 1)
                if width - used - 1 < 2:
                    break
            parts += [" ", (text, note_style)]
            used += 1 + cell_len(text)
        parts.append(" " * max(0, width - used))
        return parts


def _right(text: str, width: int) -> list[Any]:
    """A number right-aligned in its column (the spaces apart from it: see PLAIN)."""
    return [" " * (width - cell_len(text)), (text, PLAIN)]
