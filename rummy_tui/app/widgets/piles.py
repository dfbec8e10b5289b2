"""The piles: the stock (with its count), the Indian wild joker under it, and the discard
pile, whose top card is marked with the name of the player who discarded it (issue 12).

The box keeps one width for the whole game (the columns are as wide as their widest text
can be), so the panels beside it never move as the stock count goes from 100 to 9. Its
widgets are made once and updated in place: a pile changes after every move.
"""

from __future__ import annotations

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static

from ...core.cards import ALL_CARDS, Card
from ...core.state import PlayerView
from .card import CardBack, CardWidget, flash
from .players import fit
from .table_parts import card_text


class Piles(Horizontal):
    """The stock and the discard pile (Remi: its top three cards, numbered for 1 2 3)."""

    DEFAULT_CSS = """
    Piles { height: 5; width: auto; padding: 0 1; }
    Piles > Vertical { height: 5; margin-right: 1; }
    Piles > .stock-column { width: 9; }
    Piles .pile-label { width: 1fr; height: 1; color: $text-muted; }
    Piles #discarded-by { color: $text; }
    Piles Horizontal { width: auto; height: 3; }
    Piles .pile-empty { width: 4; height: 3; background: $foreground 10%; }
    Piles.-large .pile-empty { width: 7; height: 5; }
    """

    class Clicked(Message):
        """The stock (depth 0) or the nth discard from the top (depth 1-3) was clicked."""

        def __init__(self, depth: int) -> None:
            self.depth = depth
            super().__init__()

    four_colour: reactive[bool] = reactive(False, init=False)
    large: reactive[bool] = reactive(False, init=False)
    """Large cards (the table screen's ``-large-cards``): the discard column widens."""

    def __init__(self, *, ascii: bool, four_colour: bool, depth: int = 1,
                 id: str | None = None) -> None:
        """``depth``: how many discards are on show (Remi: 3, taken with 1 2 3)."""
        super().__init__(id=id)
        self.ascii = ascii
        self.depth = depth
        self.set_reactive(Piles.four_colour, four_colour)
        self._wild: Card | None = None
        self.motion = False
        """A fresh discard is highlighted briefly (the table screen sets it: issue 30)."""
        self._pile: tuple[int, Card | None] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(classes="stock-column"):
            yield Static("Stock", id="stock-label", classes="pile-label")
            with Horizontal():
                yield CardBack(ascii=self.ascii, id="stock-back")
                yield Static(id="stock-empty", classes="pile-empty")
            yield Static(id="wild-card", classes="pile-label")
        with Vertical(classes="discard-column") as column:
            column.styles.width = self._discard_width()
            yield Static("Discard", classes="pile-label")
            with Horizontal():
                for i in range(self.depth):
                    card = CardWidget(ALL_CARDS[0], index=i + 1, ascii=self.ascii,
                                      four_colour=self.four_colour, classes="discard-card")
                    if self.depth > 1:
                        card.corner = str(i + 1)  # the key that takes it (Remi)
                    yield card
                yield Static(id="discard-empty", classes="pile-empty")
            yield Static(id="discarded-by", classes="pile-label")

    def _discard_width(self) -> int:
        return max(10, (8 if self.large else 5) * self.depth)

    def watch_large(self, large: bool) -> None:
        self.set_class(large, "-large")
        self.query_one(".discard-column").styles.width = self._discard_width()

    def watch_four_colour(self, four_colour: bool) -> None:
        for card in self.query(CardWidget):
            card.four_colour = four_colour
        self._show_wild()

    def show(self, view: PlayerView, discarded_by: str | None = None) -> None:
        """``discarded_by``: the name of the player whose discard is on top (None: nobody's,
        as the upcard of a new round)."""
        self.query_one("#stock-label", Static).update(f"Stock {view.stock_count}")
        self.query_one("#stock-back").display = bool(view.stock_count)
        self.query_one("#stock-empty").display = not view.stock_count
        self._wild = view.wild_card
        self._show_wild()
        top = list(reversed(view.discard[-self.depth:]))
        pile = (len(view.discard), top[0] if top else None)
        fresh = self._pile is not None and pile[0] > self._pile[0] and self.motion
        self._pile = pile
        for i, widget in enumerate(self.query(".discard-card").results(CardWidget)):
            widget.display = i < len(top)
            if i < len(top):
                widget.set_card(top[i], index=i + 1, wild=False, gap=False)
                widget.set_class(i == 0 and discarded_by is not None, "-theirs")
        self.query_one("#discard-empty").display = not top
        if fresh:  # a card went onto the pile: the player's own discard, or an opponent's
            flash(self, [self.query(".discard-card").first(CardWidget)])
        by = self.query_one("#discarded-by", Static)
        width = self._discard_width()
        # a name is data: Text, never markup
        by.update(Text(fit(f"{'^' if self.ascii else '↑'} {discarded_by}", width))
                  if discarded_by else "")

    def _show_wild(self) -> None:
        # Indian: the wild joker lies face up under the stock, out of play.
        label = self.query_one("#wild-card", Static)
        if self._wild is None:
            label.update("")
            return
        wild = Text("wild ", style="bold")
        wild.append_text(card_text(self._wild, self.ascii, self.four_colour))
        label.update(wild)

    def on_click(self, event: events.Click) -> None:
        if event.widget is not None and event.widget.id == "stock-back":
            self.post_message(self.Clicked(0))

    @on(CardWidget.Clicked, ".discard-card")
    def _discard_clicked(self, event: CardWidget.Clicked) -> None:
        event.stop()
        self.post_message(self.Clicked(event.card_widget.index))
