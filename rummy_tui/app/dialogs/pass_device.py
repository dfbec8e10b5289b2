"""The pass-the-device screen: hides every hand while the keyboard changes hands.

It is opaque and composes nothing but the next player's name, so no card of any hand can
be on the screen while it is up (a test checks the rendered text).
"""

from __future__ import annotations

from textual.content import Content
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class PassDeviceScreen(ModalScreen[bool]):
    DEFAULT_CSS = """
    PassDeviceScreen {
        align: center middle;
        background: $background;
    }
    PassDeviceScreen > Vertical {
        width: 50;
        height: auto;
        border: thick $accent;
        padding: 1 2;
        background: $surface;
    }
    PassDeviceScreen Static { width: 1fr; content-align: center middle; }
    PassDeviceScreen #pass-title { text-style: bold; }
    PassDeviceScreen Button { width: 1fr; margin-top: 1; }
    """

    BINDINGS = [
        Binding("enter", "ready", "I am " + "ready", show=True, priority=True, id="pass.ready"),
        Binding("ctrl+q", "app.quit", "Quit", id="app.quit"),
    ]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player_name = name
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Content(f"Pass to {self.player_name} — press Enter"), id="pass-title")
            if self.note:
                yield Static(self.note, id="pass-note")
            yield Button(Content(f"I am {self.player_name}"), variant="primary", id="pass-ready")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(True)

    def action_ready(self) -> None:
        self.dismiss(True)
