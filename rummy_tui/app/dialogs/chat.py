"""The table's chat (a networked table: ``rummy-tui join``): the last lines heard and a line
to send. The lines are data from the network: shown escaped (``visible``), never markup."""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.widgets import Input, Static

from ...core.text import visible
from .choose import DIALOG_CSS, OnceModal


class ChatDialog(OnceModal[str | None]):
    """Enter sends the line (the answer), escape closes without one."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ChatDialog") + """
    ChatDialog > Vertical { width: 80; }
    ChatDialog #chat-lines { height: auto; max-height: 12; color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "close", "Close", id="chat.close")]

    def __init__(self, lines: Sequence[tuple[str, str]], limit: int) -> None:
        super().__init__()
        self.lines = list(lines)
        self.limit = limit

    def compose(self) -> ComposeResult:
        with Vertical():
            shown: list[tuple[str, str]] = []
            for name, text in self.lines:
                if shown:
                    shown.append(("\n", ""))
                shown += [(f"{visible(name)}: ", "bold"), (visible(text), "")]
            yield Static(Content.assemble(*shown) if shown else Content("No chat yet."),
                         id="chat-lines")
            yield Input(placeholder="Say something to the table (Enter sends, Esc closes)",
                        max_length=self.limit, id="chat-input")

    @on(Input.Submitted)
    def _send(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        self.dismiss(text or None)

    def action_close(self) -> None:
        self.dismiss(None)
