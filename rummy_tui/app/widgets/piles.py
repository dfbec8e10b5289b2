"""The piles: the stock (with its count), the Indian wild joker under it, and the discard
pile, whose top card is marked with the name of the player who discarded it (issue 12).

The box keeps one width for the whole game (the columns are as wide as their widest text
can be), so the panels beside it never move as the stock count goes from 100 to 9.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...core.state import PlayerView
from .card import CardBack, CardWidget
from .players import fit
from .table_parts import card_text

STOCK_WIDTH = 9
"""The stock's column: "Stock 104" (three decks) and "wild 10♥" fit."""


class Piles(Widget):
    """The stock and the discard pile (Remi: its top three cards, numbered for 1 2 3)."""

    DEFAULT_CSS = """
    Piles { layout: horizontal; height: 5; width: auto; padding: 0 1; }
    Piles > Vertical { height: 5; margin-right: 1; }
    Piles > .stock-column { width: 9; }
    Piles .pile-label { width: 1fr; height: 1; color: $text-muted; }
    Piles #discarded-by { color: $text; }
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

    def watch_four_colour(self, four_colour: bool) -> None:
        for card in self.query(CardWidget):
            card.four_colour = four_colour
        self._key = None  # the wild card's text too, at the next show

    def show(self, view: PlayerView, discard_depth: int, discarded_by: str | None = None) -> None:
        """``discarded_by``: the name of the player whose discard is on top (None: nobody's,
        as the upcard of a new round)."""
        key = (view.stock_count, tuple(view.discard[-discard_depth:]), view.wild_card,
               len(view.discard), discarded_by)
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
        top = list(reversed(view.discard[-discard_depth:]))
        label = "Discard" if discard_depth == 1 else "Discard 1 2 3"
        width = max(10, 5 * discard_depth)
        cards: list[Widget] = [
            CardWidget(card, index=i + 1, ascii=self.ascii, four_colour=self.four_colour,
                       classes="discard-card" + (" -theirs" if i == 0 and discarded_by else ""))
            for i, card in enumerate(top)
        ] or [Static(classes="pile-empty")]
        discard_parts: list[Widget] = [Static(label, classes="pile-label"), Horizontal(*cards)]
        if discarded_by:
            # a name is data: Text, never markup
            discard_parts.append(Static(Text(fit(f"↑ {discarded_by}" if not self.ascii else
                                                 f"^ {discarded_by}", width)),
                                        id="discarded-by", classes="pile-label"))
        column = Vertical(*discard_parts, classes="discard-column")
        column.styles.width = width
        self.mount_all([Vertical(*stock_parts, classes="stock-column"), column])

    def on_click(self, event: events.Click) -> None:
        if event.widget is not None and event.widget.id == "stock-back":
            self.post_message(self.Clicked(0))

    @on(CardWidget.Clicked, ".discard-card")
    def _discard_clicked(self, event: CardWidget.Clicked) -> None:
        event.stop()
        self.post_message(self.Clicked(event.card_widget.index))
