"""The table's message lines, a place of their own above the hand (issue 12): what the
others did since your last turn, and the answer to your last key (a refusal and its rule, a
hint). Toasts floated over the melds, the hand's border and the dialogs; this never covers
anything."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

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
        width = max(10, self.size.width or 78)
        rows = max(1, self.size.height or 3)
        text = Text()
        feedback_rows = 0
        if self.feedback is not None:
            title, message, severity = self.feedback
            line = Text(f"{title}: " if title else "", style="bold")
            line.append(message, style=_style(self, severity))
            feedback_rows = min(rows, max(1, -(-line.cell_len // width)))
        room = rows - feedback_rows
        shown: list[str] = []
        if room > 0 and self.recap:
            head = "Since your last turn: "
            lines = list(self.recap)
            used = 0
            for line_text in reversed(lines):
                need = max(1, -(-(len(line_text) + (len(head) if not shown else 0)) // width))
                if used + need > room:
                    break
                shown.insert(0, line_text)
                used += need
            if len(shown) < len(lines) and shown:
                shown[0] = f"… {shown[0]}"
            for i, line_text in enumerate(shown):
                if i:
                    text.append("\n")
                else:
                    text.append(head, style="bold")
                text.append(line_text)
        if self.feedback is not None:
            if shown:
                text.append("\n")
            text.append_text(line)
        return text


def _style(widget: Widget, severity: str) -> str:
    variables = widget.app.theme_variables
    colour = {"warning": variables.get("warning", "yellow"),
              "error": variables.get("error", "red")}.get(severity)
    return f"bold {colour}" if colour else ""
