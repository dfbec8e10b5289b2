"""The pass-the-device screen: hides every hand while the keyboard changes hands.

It is opaque and composes the next player's name and the recap of what the others did since
their last turn (app/recap.py: the public moves of the log, the cards every player saw
discarded, taken from the pile or melded), so no card of a hidden hand can be on the screen
while it is up (tests/app/test_privacy.py checks the rendered text against the public
cards).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.content import Content
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..recap import RECAP_HEAD


class PassDeviceScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    PassDeviceScreen {
        align: center middle;
        background: $background;
    }
    PassDeviceScreen > Vertical {
        width: 50;
        max-width: 100%;
        height: auto;
        border: thick $accent;
        padding: 1 2;
        background: $surface;
    }
    PassDeviceScreen Static { width: 1fr; content-align: center middle; }
    PassDeviceScreen #pass-title { text-style: bold; }
    PassDeviceScreen Button { width: 1fr; margin-top: 1; }
    PassDeviceScreen > Vertical.-recap { width: 76; }
    PassDeviceScreen #pass-recap {
        content-align: left top;
        margin-top: 1;
        color: $text-muted;
        max-height: 9;
    }
    """

    RECAP_LINES = 6
    """The newest lines of the recap on show (at 24 rows the box must fit; the table's
    recap line and log hold the rest)."""

    BINDINGS = [
        Binding("enter", "ready", "I am " + "ready", show=True, priority=True, id="pass.ready"),
        Binding("ctrl+q", "app.quit", "Quit", id="app.quit"),
    ]

    def __init__(self, name: str, note: str = "", recap: Sequence[str] = ()) -> None:
        super().__init__()
        self.player_name = name
        self.note = note
        self.recap = tuple(recap)
        """What the others did since this player's last turn (app/recap.py)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="-recap" if self.recap else ""):
            yield Static(Content(f"Pass to {self.player_name} — press Enter"), id="pass-title")
            if self.note:
                yield Static(self.note, id="pass-note")
            if self.recap:
                yield Static(self._recap_text(), id="pass-recap")
            yield Button(Content(f"I am {self.player_name}"), variant="primary", id="pass-ready")

    def _recap_text(self) -> Text:
        text = Text(RECAP_HEAD, style="bold")
        lines = self.recap[-self.RECAP_LINES:]
        if len(lines) < len(self.recap):
            text.append("\n…")
        for line in lines:
            text.append("\n")
            text.append(line)  # log lines hold players' names: data, never markup
        return text

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(True)

    def action_ready(self) -> None:
        self.dismiss(True)
