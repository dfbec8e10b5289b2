"""One playing card drawn as a small widget: rank and suit, red or black, selected, cursor."""

from __future__ import annotations

from collections.abc import Iterable

from textual import events
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...core.cards import Card


def card_label(card: Card, ascii: bool = False) -> str:
    """``10♥`` or ``10H``; the printed joker is ``JK`` in both modes."""
    return card.symbol(ascii)


def suit_class(card: Card, four_colour: bool) -> str:
    """The colour class of a card: red/black, or one colour per suit on a four-colour deck."""
    if card.is_joker:
        return "-joker"
    if four_colour:
        return ("-spades", "-hearts", "-diamonds", "-clubs")[card.suit]
    return "-red" if card.is_red else "-black"


MOVED = "-moved"
"""The class of a card that has just moved (issue 30): from a pile to the hand, from the hand
to the discard pile, an opponent's fresh discard."""
MOVED_SECONDS = 0.8
"""How long the highlight lasts: long enough to see where the card went, short enough to be
gone by the next key."""


def flash(owner: Widget, cards: Iterable[CardWidget]) -> None:
    """Highlight these cards briefly. Textual's animator times it (the card's ``glow`` runs
    from 1 down to 0, then the class goes), so a reduced-motion setting
    (TEXTUAL_ANIMATIONS=none) ends it at once, and a screenshot waits for it to end."""
    for card in cards:
        card.add_class(MOVED)
        card.glow = 1.0
        owner.app.animator.animate(card, "glow", 0.0, duration=MOVED_SECONDS,
                                   on_complete=card.moved_out)


class CardWidget(Widget):
    """A face-up card. The hand owns which cards are selected; this only draws it."""

    # No border: a bordered widget paints its background under the border too, and a row
    # of them merges into one light strip. A filled block with a gap reads as a card.
    DEFAULT_CSS = """
    CardWidget {
        width: 4;
        height: 3;
        margin-right: 1;
        background: $card-face;
        color: $card-black;
        content-align: center middle;
        text-style: bold;
    }
    CardWidget.-red { color: $card-red; }
    CardWidget.-black { color: $card-black; }
    CardWidget.-spades { color: $card-spades; }
    CardWidget.-hearts { color: $card-hearts; }
    CardWidget.-diamonds { color: $card-diamonds; }
    CardWidget.-clubs { color: $card-clubs; }
    CardWidget.-joker { color: $card-joker; }
    CardWidget.-wild { text-style: bold underline; }
    CardWidget.-new { background: $card-new; }
    CardWidget.-theirs { background: $card-theirs; }
    CardWidget.-cursor { background: $card-cursor; }
    CardWidget.-selected { background: $card-selected; offset-y: -1; }
    CardWidget.-cursor.-selected { background: $card-cursor-selected; }
    CardWidget.-gap { margin: 0 1 0 2; }
    CardWidget.-moved { background: $accent; color: $background; }
    """

    selected: reactive[bool] = reactive(False)
    cursor: reactive[bool] = reactive(False)
    glow = 0.0
    """How much of the moved card's highlight is left (1 to 0, see ``flash``)."""
    four_colour: reactive[bool] = reactive(False, init=False)
    """One colour per suit; changing it repaints the card at once."""

    class Clicked(Message):
        """The player clicked this card (the hand moves its cursor and toggles it)."""

        def __init__(self, card_widget: CardWidget) -> None:
            self.card_widget = card_widget
            super().__init__()

        @property
        def control(self) -> CardWidget:
            return self.card_widget

    def __init__(
        self,
        card: Card,
        *,
        index: int = 0,
        ascii: bool = False,
        four_colour: bool = False,
        wild: bool = False,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.card = card
        self.index = index
        self.ascii = ascii
        self.set_reactive(CardWidget.four_colour, four_colour)
        self.add_class(suit_class(card, four_colour))
        if wild:
            self.add_class("-wild")

    _COLOURS = ("-red", "-black", "-spades", "-hearts", "-diamonds", "-clubs", "-joker")

    def set_card(self, card: Card, *, index: int, wild: bool, gap: bool) -> None:
        """Show another card in this widget (re-using widgets keeps sorting fast)."""
        self.card = card
        self.index = index
        self._colour()
        self.set_class(wild, "-wild")
        self.set_class(gap, "-gap")
        self.refresh()

    def _colour(self) -> None:
        colour = suit_class(self.card, self.four_colour)
        self.remove_class(*(c for c in self._COLOURS if c != colour))
        self.add_class(colour)

    def watch_four_colour(self) -> None:
        self._colour()

    corner = ""
    """A small mark in the card's top-left corner (Remi's discards: 1, 2, 3, their keys)."""

    def render(self) -> str | Content:
        label = card_label(self.card, self.ascii)
        if self.size.height >= 5 and self.size.width >= 7:
            return self._large(label)
        if self.corner:
            # the label a piece of its own, apart from the space before it (players.PLAIN)
            left = (4 - len(label)) // 2
            return Content.assemble((self.corner, "dim"), " " * (4 - len(self.corner)), "\n",
                                    " " * left, (label, "not italic"),
                                    " " * (4 - left - len(label)), "\n")
        return label

    def _large(self, label: str) -> Content:
        """A large card (issue 30): its rank and suit at two corners, the suit in the middle
        (the Remi key, if any, in the top-left corner, over the label)."""
        width = self.size.width
        suit = label[-1] if not self.card.is_joker else "*"
        top = f"{self.corner} {label}" if self.corner else label
        # each piece apart from the spaces before it (players.PLAIN)
        return Content.assemble(
            (top, "not italic"), "\n", "\n",
            " " * ((width - 1) // 2), (suit, "not italic"), "\n", "\n",
            " " * (width - len(label)), (label, "not italic"))

    def moved_out(self) -> None:
        """The highlight of a card that moved is over (unless a new one took its place: the
        animator ends the one it replaces too)."""
        if self.glow <= 0:
            self.remove_class(MOVED)

    def watch_selected(self, selected: bool) -> None:
        self.set_class(selected, "-selected")

    def watch_cursor(self, cursor: bool) -> None:
        self.set_class(cursor, "-cursor")

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self))


class CardBack(Widget):
    """The back of a card (the stock); the pile widget writes the count above it."""

    DEFAULT_CSS = """
    CardBack {
        width: 4;
        height: 3;
        margin-right: 1;
        background: $primary-darken-1;
        color: $text;
        content-align: center middle;
    }
    """

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii

    def render(self) -> str:
        if self.size.height >= 5:
            return "\n".join([("#" if self.ascii else "▒") * (self.size.width - 2)] * 3)
        return "##" if self.ascii else "▒▒"
