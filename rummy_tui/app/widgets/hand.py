"""The player's hand: a row of card widgets with a cursor and a selection.

The hand knows only the order the player likes to see (sorted, arranged); which cards are
in it comes from the game state through the table screen (attributes down). It reports
changes of cursor and selection with messages (messages up).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from ...core.cards import Card
from .card import CardWidget


class Hand(Widget, can_focus=False):
    DEFAULT_CSS = """
    Hand {
        layout: horizontal;
        height: 4;
        padding-top: 1;
        width: 1fr;
        overflow: hidden hidden;
    }
    Hand > .hand-hidden {
        width: 1fr;
        height: 3;
        content-align: center middle;
        color: $text-muted;
    }
    """

    cursor: reactive[int] = reactive(0)

    class SelectionChanged(Message):
        def __init__(self, hand: Hand) -> None:
            self.hand = hand
            super().__init__()

    def __init__(self, *, ascii: bool = False, four_colour: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.four_colour = four_colour
        self.cards: list[Card] = []
        self.group_starts: set[int] = set()
        self.selected: set[int] = set()
        self.wild_rank: int | None = None
        self.hidden_text: str | None = "No hand is shown."

    # --- attributes down -------------------------------------------------------------
    def show(
        self,
        cards: Sequence[Card],
        *,
        groups: Sequence[int] | None = None,
        keep_selection: bool = False,
        wild_rank: int | None = None,
    ) -> None:
        """Show these cards in this order; ``groups`` are the sizes of visual groups."""
        old = [self.cards[i] for i in sorted(self.selected)] if keep_selection else []
        self.cards = list(cards)
        self.wild_rank = wild_rank
        self.hidden_text = None
        self.group_starts = set()
        if groups:
            at = 0
            for size in groups[:-1]:
                at += size
                self.group_starts.add(at)
        self.selected = set()
        # Keep the same cards selected (by value, once each) when the order changes.
        for card in old:
            for i, c in enumerate(self.cards):
                if c == card and i not in self.selected:
                    self.selected.add(i)
                    break
        self.set_reactive(Hand.cursor, max(0, min(self.cursor, len(self.cards) - 1)))
        self._rebuild()
        self.post_message(self.SelectionChanged(self))

    def hide(self, text: str) -> None:
        """Show no card at all (another player's turn on a shared screen)."""
        self.cards = []
        self.selected = set()
        self.group_starts = set()
        self.hidden_text = text
        self._rebuild()
        self.post_message(self.SelectionChanged(self))

    def _rebuild(self) -> None:
        existing = self._card_widgets()
        if self.hidden_text is None and existing and len(existing) == len(self.cards) \
                and len(existing) == len(self.children):
            # Same number of cards (a sort, an arrangement, a meld undone): re-use widgets.
            for i, (widget, card) in enumerate(zip(existing, self.cards)):
                widget.set_card(card, index=i, wild=self._is_wild(card),
                                gap=i in self.group_starts)
                widget.selected = i in self.selected
                widget.cursor = i == self.cursor
            return
        self.remove_children()
        self.mount_all(list(self._widgets()))

    def _is_wild(self, card: Card) -> bool:
        return self.wild_rank is not None and not card.is_joker and card.rank == self.wild_rank

    def _widgets(self) -> list[Widget]:
        from textual.widgets import Static

        if self.hidden_text is not None:
            return [Static(Text(self.hidden_text), classes="hand-hidden")]  # may hold a name
        widgets: list[Widget] = []
        for i, card in enumerate(self.cards):
            w = CardWidget(
                card,
                index=i,
                ascii=self.ascii,
                four_colour=self.four_colour,
                wild=self._is_wild(card),
                classes="-gap" if i in self.group_starts else None,
            )
            w.selected = i in self.selected
            w.cursor = i == self.cursor
            widgets.append(w)
        return widgets

    def compose(self) -> ComposeResult:
        yield from self._widgets()

    # --- cursor and selection --------------------------------------------------------
    def _card_widgets(self) -> list[CardWidget]:
        return list(self.query_children(CardWidget))

    def watch_cursor(self, old: int, new: int) -> None:
        widgets = self._card_widgets()
        if 0 <= old < len(widgets):
            widgets[old].cursor = False
        if 0 <= new < len(widgets):
            widgets[new].cursor = True

    def move_cursor(self, delta: int) -> None:
        if self.cards:
            self.cursor = (self.cursor + delta) % len(self.cards)

    def toggle(self, index: int | None = None) -> None:
        index = self.cursor if index is None else index
        if not 0 <= index < len(self.cards):
            return
        self.selected ^= {index}
        widgets = self._card_widgets()
        if index < len(widgets):
            widgets[index].selected = index in self.selected
        self.post_message(self.SelectionChanged(self))

    def clear_selection(self) -> None:
        for w in self._card_widgets():
            w.selected = False
        self.selected = set()
        self.post_message(self.SelectionChanged(self))

    def selected_cards(self) -> list[Card]:
        return [self.cards[i] for i in sorted(self.selected)]

    def cursor_card(self) -> Card | None:
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def target_cards(self) -> list[Card]:
        """The selection, or else the card under the cursor."""
        chosen = self.selected_cards()
        if chosen:
            return chosen
        card = self.cursor_card()
        return [] if card is None else [card]

    @on(CardWidget.Clicked)
    def _clicked(self, event: CardWidget.Clicked) -> None:
        event.stop()
        self.cursor = event.card_widget.index
        self.toggle(event.card_widget.index)


class InfoLine(Widget):
    """One line of text under the hand (count, melds, deadwood, penalty, selection).

    Not a Static: ``Static.update`` asks for a layout of the whole screen, and this line
    changes on every select key; a plain render only repaints the line."""

    DEFAULT_CSS = """
    InfoLine { height: 1; width: 1fr; color: $text-muted; }
    """

    text: reactive[str] = reactive("", layout=False)

    def update(self, text: str) -> None:
        self.text = text

    def render(self) -> str:
        return self.text
