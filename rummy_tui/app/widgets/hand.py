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
from textual.containers import Horizontal
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...core.cards import Card
from .card import CardWidget

CARD_WIDTH = 5
"""A card and the space after it (CardWidget: width 4, margin-right 1)."""
LARGE_CARD_WIDTH = 8
"""The same for a large card (app.tcss ``.-large-cards``: width 7), 5 rows high."""
GAP_WIDTH = 2
"""The extra space before a new group of an arranged hand (CardWidget.-gap)."""


class Hand(Widget, can_focus=False):
    DEFAULT_CSS = """
    Hand {
        layout: vertical;
        height: auto;
        width: 1fr;
        overflow: hidden hidden;
    }
    Hand > .hand-row { layout: horizontal; height: 4; padding-top: 1; width: 1fr; }
    Hand > GroupLabels { height: 1; width: 1fr; color: $text-muted; }
    Hand .hand-hidden {
        width: 1fr;
        height: 3;
        content-align: center middle;
        color: $text-muted;
    }
    """

    cursor: reactive[int] = reactive(0)
    four_colour: reactive[bool] = reactive(False, init=False)
    """One colour per suit: the cards on show are repainted at once when it changes."""

    class SelectionChanged(Message):
        def __init__(self, hand: Hand) -> None:
            self.hand = hand
            super().__init__()

    def __init__(self, *, ascii: bool = False, four_colour: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.set_reactive(Hand.four_colour, four_colour)
        self.cards: list[Card] = []
        self.group_starts: set[int] = set()
        self.labels: tuple[str, ...] = ()
        """What each group is, written under it (none: no line under the cards)."""
        self.label_rows = 1
        """Up to how many rows of cards get a line of labels (the table sets it from the
        terminal's height: at 24 rows a second line would push the hand off the screen)."""
        self.large = False
        """Large cards (the table sets it when the screen has room: issue 30)."""
        self.selected: set[int] = set()
        self.wild_rank: int | None = None
        self.hidden_text: str | None = "No hand is shown."
        self._rows: tuple[int, ...] = ()
        """The cards per row on show."""
        self._before_draw: list[Card] | None = None
        self.new_cards: list[Card] = []
        """The card just drawn (marked until a card leaves the hand)."""

    # --- attributes down -------------------------------------------------------------
    def show(
        self,
        cards: Sequence[Card],
        *,
        groups: Sequence[int] | None = None,
        labels: Sequence[str] = (),
        keep_selection: bool = False,
        wild_rank: int | None = None,
    ) -> None:
        """Show these cards in this order; ``groups`` are the sizes of visual groups, and
        ``labels`` (one a group, or none) are written under them ("Run", "Set", ...)."""
        old = [self.cards[i] for i in sorted(self.selected)] if keep_selection else []
        if self._before_draw is not None:
            left = list(self._before_draw)
            self.new_cards = []
            for card in cards:
                if card in left:
                    left.remove(card)
                else:
                    self.new_cards.append(card)
        elif len(cards) < len(self.cards):
            self.new_cards = []  # melded or discarded: the turn has moved on
        self.cards = list(cards)
        self.wild_rank = wild_rank
        self.hidden_text = None
        self.group_starts = set()
        if groups:
            at = 0
            for size in groups[:-1]:
                at += size
                self.group_starts.add(at)
        self.labels = tuple(labels) if groups and len(labels) == len(groups) else ()
        self.selected = set()
        # Keep the same cards selected (by value, once each) when the order changes.
        for card in old:
            for i, c in enumerate(self.cards):
                if c == card and i not in self.selected:
                    self.selected.add(i)
                    break
        cursor = self.cursor
        if self._before_draw is not None and self.new_cards:
            cursor = self.cards.index(self.new_cards[0])
        self._before_draw = None
        self.set_reactive(Hand.cursor, max(0, min(cursor, len(self.cards) - 1)))
        self._rebuild()
        self.post_message(self.SelectionChanged(self))

    def mark_new(self, before: Sequence[Card]) -> None:
        """The next ``show`` marks the cards not in ``before`` (the card just drawn) and puts
        the cursor on the first of them."""
        self._before_draw = list(before)

    def hide(self, text: str) -> None:
        """Show no card at all (another player's turn on a shared screen)."""
        self.cards = []
        self.new_cards = []
        self.selected = set()
        self.group_starts = set()
        self.labels = ()
        self.hidden_text = text
        self._rebuild()
        self.post_message(self.SelectionChanged(self))

    def _row_sizes(self) -> tuple[int, ...]:
        """How many cards each row holds: the hand wraps rather than hide a card (a Remi
        hand can grow past 17 cards; at 80 columns a row holds 15)."""
        width = self.size.width or 76
        sizes: list[int] = []
        used = count = 0
        for i in range(len(self.cards)):
            need = self.card_width + (GAP_WIDTH if i in self.group_starts else 0)
            if count and used + need > width + 1:  # the last card's margin may overhang
                sizes.append(count)
                used = count = 0
            used += need
            count += 1
        if count:
            sizes.append(count)
        return tuple(sizes)

    def on_resize(self) -> None:
        if self.hidden_text is None and self._row_sizes() != self._rows:
            self._rebuild()

    def _rebuild(self) -> None:
        existing = self._card_widgets()
        rows = self._row_sizes()
        labelled = bool(self.query(GroupLabels))
        if self.hidden_text is None and existing and len(existing) == len(self.cards) \
                and rows == self._rows and labelled == self._labelled(rows):
            # Same number of cards (a sort, an arrangement, a meld undone): re-use widgets.
            for i, (widget, card) in enumerate(zip(existing, self.cards)):
                widget.set_card(card, index=i, wild=self._is_wild(card),
                                gap=i in self.group_starts)
                widget.selected = i in self.selected
                widget.cursor = i == self.cursor
                widget.set_class(i in self._new_indices(), "-new")
            for line, segments in zip(self.query(GroupLabels), self._label_segments(rows)):
                line.segments = segments
            return
        self.remove_children()
        self._rows = rows if self.hidden_text is None else ()
        self.mount_all(list(self._widgets()))

    def _new_indices(self) -> set[int]:
        left = list(self.new_cards)
        found: set[int] = set()
        for i in range(len(self.cards) - 1, -1, -1):  # new cards are on the right
            if self.cards[i] in left:
                left.remove(self.cards[i])
                found.add(i)
        return found

    def _is_wild(self, card: Card) -> bool:
        return self.wild_rank is not None and not card.is_joker and card.rank == self.wild_rank

    def _widgets(self) -> list[Widget]:
        if self.hidden_text is not None:
            return [Horizontal(Static(Text(self.hidden_text), classes="hand-hidden"),
                               classes="hand-row")]
        widgets: list[Widget] = []
        new = self._new_indices()
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
            w.set_class(i in new, "-new")
            widgets.append(w)
        rows: list[Widget] = []
        at = 0
        sizes = self._row_sizes()
        labels = self._label_segments(sizes) if self._labelled(sizes) else []
        for n, size in enumerate(sizes):
            rows.append(Horizontal(*widgets[at:at + size], classes="hand-row"))
            if labels:
                rows.append(GroupLabels(labels[n], ascii=self.ascii))
            at += size
        return rows

    @property
    def card_width(self) -> int:
        return LARGE_CARD_WIDTH if self.large else CARD_WIDTH

    def set_size(self, *, large: bool, label_rows: int) -> None:
        """Large cards or not, and up to how many rows of cards get their labels (redrawn
        when they change)."""
        if (large, label_rows) != (self.large, self.label_rows):
            self.large, self.label_rows = large, label_rows
            if self.hidden_text is None:
                self._rebuild()

    def _labelled(self, rows: Sequence[int]) -> bool:
        return bool(self.labels) and len(rows) <= self.label_rows

    def height_needed(self, label_rows: int | None = None, large: bool | None = None) -> int:
        """The rows this hand takes on screen (each row of cards 4, large ones 6, its labels
        1 more), with labels under up to ``label_rows`` rows of cards (None: as set)."""
        was = self.large
        self.large = was if large is None else large
        rows = self._row_sizes() if self.hidden_text is None else (0,)
        self.large = was
        most = self.label_rows if label_rows is None else label_rows
        labelled = bool(self.labels) and len(rows) <= most
        high = 6 if (was if large is None else large) else 4
        return len(rows) * high + (len(rows) if labelled else 0)

    def _label_segments(self, rows: Sequence[int]) -> list[list[tuple[int, int, str]]]:
        """For each row of cards: (x, width, label) of each group's part on that row."""
        group_of: list[int] = []
        group = 0
        for i in range(len(self.cards)):
            if i in self.group_starts:
                group += 1
            group_of.append(group)
        out: list[list[tuple[int, int, str]]] = []
        at = 0
        for size in rows:
            segments: list[tuple[int, int, str]] = []
            x = 0
            for i in range(at, at + size):
                # Textual collapses the margins between two cards: a group's first card
                # stands GAP_WIDTH from the card before it (its margin-left), the others 1.
                gap = i in self.group_starts
                x = (GAP_WIDTH if gap else 0) if i == at else x + self.card_width - 1 + (
                    GAP_WIDTH if gap else 1)
                if i == at or group_of[i] != group_of[i - 1]:
                    label = self.labels[group_of[i]] if group_of[i] < len(self.labels) else ""
                    segments.append((x, self.card_width - 1, label))
                else:
                    x0, _, label = segments[-1]
                    segments[-1] = (x0, x + self.card_width - 1 - x0, label)
            out.append(segments)
            at += size
        return out

    def compose(self) -> ComposeResult:
        yield from self._widgets()

    # --- cursor and selection --------------------------------------------------------
    def _card_widgets(self) -> list[CardWidget]:
        return list(self.query(CardWidget))

    def watch_four_colour(self, four_colour: bool) -> None:
        for widget in self._card_widgets():
            widget.four_colour = four_colour

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

    Its parts are given apart, each with the turn it is left out in when the line is too
    narrow (0: never), so the reason at the end of the line is never cut (issue 30: "…penalty
    80 · grouped, not counted yet:" at 80 columns). What still does not fit wraps.

    Not a Static: ``Static.update`` asks for a layout of the whole screen, and this line
    changes on every select key; a plain render only repaints the line."""

    DEFAULT_CSS = """
    InfoLine { height: auto; width: 1fr; color: $text-muted; }
    """

    parts: reactive[tuple[tuple[str, int], ...]] = reactive(tuple, layout=False)

    @property
    def text(self) -> str:
        """The whole line, as it reads with room enough."""
        return " · ".join(part for part, _ in self.parts)

    def update(self, text: str | Sequence[tuple[str, int]]) -> bool:
        """Show these parts; whether the line's number of rows changed."""
        new = ((text, 0),) if isinstance(text, str) else tuple(text)
        if new == self.parts:
            return False
        rows = self._rows(self.parts)
        self.parts = new
        if self._rows(new) == rows:
            return False
        self.refresh(layout=True)
        return True

    def rows(self) -> int:
        """The rows the line takes now (more than one only when even its shortest form is
        wider than the hand box)."""
        return self._rows(self.parts)

    def _fitted(self, parts: Sequence[tuple[str, int]]) -> str:
        width = self.size.width or 76
        shown = list(parts)
        for turn in sorted({t for _, t in parts if t}):
            if Text(" · ".join(p for p, _ in shown)).cell_len <= width:
                break
            shown = [(p, t) for p, t in shown if t != turn]
        return " · ".join(p for p, _ in shown)

    def _rows(self, parts: Sequence[tuple[str, int]]) -> int:
        width = self.size.width or 76
        return max(1, len(Text(self._fitted(parts)).wrap(self.app.console, width)))

    def render(self) -> Text:
        return Text(self._fitted(self.parts))


class GroupLabels(Widget):
    """The line under a row of an arranged hand: what each group is ("└── Run ──┘")."""

    segments: reactive[list[tuple[int, int, str]]] = reactive(list, layout=False)

    def __init__(self, segments: list[tuple[int, int, str]], *, ascii: bool = False) -> None:
        super().__init__()
        self.ascii = ascii
        self.set_reactive(GroupLabels.segments, segments)

    def render(self) -> Content:
        parts: list[Content | str] = []
        at = 0
        left, line, right = ("+", "-", "+") if self.ascii else ("└", "─", "┘")
        for x, width, label in self.segments:
            parts.append(" " * max(0, x - at))
            if len(label) + 4 <= width:
                text = left + f" {label} ".center(width - 2, line) + right
            elif len(label) <= width:
                text = label.center(width)
            else:
                # a single card's group: a cut word ("Inva", "Dead") reads as another word
                text = SHORT_LABELS.get(label, label[:width - 1] + ".").center(width)
                if self.ascii:
                    text = text.replace("✗", "x")
            style = "$text-muted" if label not in WEAK_LABELS else "dim $text-muted"
            parts.append(Content.styled(text, style))
            at = x + width
        return Content.assemble(*parts)


SHORT_LABELS = {"Deadwood": "✗", "Invalid": "✗", "Sequence": "Seq", "Pure sequence": "Pure"}
"""Labels of a group too narrow for the word (one card): not a meld is a cross."""
WEAK_LABELS = ("Deadwood", "Invalid")
"""Labels of groups that are not melds (drawn fainter)."""
