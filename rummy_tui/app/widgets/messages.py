"""The table's message lines, a place of their own above the hand (issue 12): what the
others did since your last turn, and the answer to your last key (a refusal and its rule, a
hint). Toasts floated over the melds, the hand's border and the dialogs; this never covers
anything."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from .table_parts import ascii_text, merged_log

if TYPE_CHECKING:
    from ..session import TableSession


def recap_lines(session: TableSession, seat: int, ascii: bool = False, *,
                seen: bool = True) -> list[str]:
    """What happened since this human's last turn, in the log's words (the others' public
    moves, a player's consecutive moves in one sentence): the one source of the recap, for
    the table's recap line and the pass-the-device screen alike. ``seen``: they are marked
    seen (the table, as the turn starts); the pass screen only looks (``seen=False``)."""
    state = session.state
    entries = session.recap(seat, seen=seen)
    return [ascii_text(t, ascii) for t in merged_log(entries, state.players, state.variant)]


class TableMessages(Widget):
    """Up to three rows: the recap (newest lines kept), then the feedback line."""

    DEFAULT_CSS = """
    TableMessages { height: 3; padding: 0 1; color: $text-muted; }
    """

    recap: reactive[tuple[str, ...]] = reactive(tuple, layout=False)
    feedback: reactive[tuple[str, str, str] | None] = reactive(None, layout=False)
    """(title, message, severity) of the answer to the last key."""

    def say(self, message: str, *, title: str = "", severity: str = "information") -> None:
        self.feedback = (title, message, severity)

    def clear_feedback(self) -> None:
        self.feedback = None

    def clear(self) -> None:
        self.recap = ()
        self.feedback = None

    def texts(self) -> list[str]:
        """The feedback on show, as plain text (empty: none)."""
        return [] if self.feedback is None else [self.feedback[1]]

    def render(self) -> Text:
        """The answer to the last key first: it gets every row it needs (at least one, and
        never hidden by the recap); the recap has the rows left, its newest entries, each
        measured as Rich wraps it (by words, the "Since your last turn:" head on the first
        line shown), an ellipsis when older ones are left out (issue 30)."""
        width = max(10, self.size.width or 78)
        rows = max(1, self.size.height or 3)
        console = self.app.console
        answer: list[Text] = []
        if self.feedback is not None:
            title, message, severity = self.feedback
            line = Text(f"{title}: " if title else "", style="bold")
            line.append(message, style=_style(self, severity))
            answer = _fit(list(line.wrap(console, width)), rows, width)
        room = rows - len(answer)
        recap: list[Text] = []
        entries = list(self.recap)
        if room > 0 and entries:
            for first in range(len(entries) - 1, -1, -1):
                lines = list(_recap_text(entries[first:], first > 0).wrap(console, width))
                if len(lines) > room:
                    if not recap:  # not even the newest fits whole: its first rows
                        recap = _fit(lines, room, width)
                    break
                recap = lines
        return Text("\n").join([*recap, *answer])


def _recap_text(entries: list[str], older: bool) -> Text:
    text = Text()
    text.append("Since your last turn: ", style="bold")
    for i, entry in enumerate(entries):
        if i:
            text.append("\n")
        elif older:
            text.append("… ")
        text.append(entry)  # log lines hold players' names: data, never markup
    return text


def _fit(lines: list[Text], rows: int, width: int) -> list[Text]:
    """At most ``rows`` lines; when some are left out, the last one shown ends in "…"."""
    if len(lines) <= rows:
        return lines
    kept = lines[:rows]
    last = kept[-1].copy()
    last.rstrip()
    last.truncate(max(1, width - 1))
    last.append("…")
    kept[-1] = last
    return kept


def _style(widget: Widget, severity: str) -> str:
    variables = widget.app.theme_variables
    colour = {"warning": variables.get("warning", "yellow"),
              "error": variables.get("error", "red")}.get(severity)
    return f"bold {colour}" if colour else ""
