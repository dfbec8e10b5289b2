"""A hosted table's invitations: one line per remote seat, ``NAME: rummy-tui join HOST:PORT
CODE``, to send to its player. ``c`` copies them all (the terminal's clipboard, OSC 52)."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Static

from ...core.text import visible
from .choose import DIALOG_CSS, OnceModal


class InvitationsDialog(OnceModal[None]):
    DEFAULT_CSS = DIALOG_CSS.format(name="InvitationsDialog") + """
    InvitationsDialog > Vertical { width: 96; }
    InvitationsDialog #invitation-lines { margin-top: 1; }
    """
    BINDINGS = [
        Binding("c", "copy", "Copy", id="invitations.copy"),
        Binding("enter,escape", "close", "Close", id="dialog.ok"),
    ]

    def __init__(self, lines: Sequence[str], where: str) -> None:
        super().__init__()
        self.lines = list(lines)
        self.where = where

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Content(f"Invitations: the table is served on {visible(self.where)}. "
                                 "Send each player their line."))
            yield Static(Content("\n".join(visible(line) for line in self.lines)),
                         id="invitation-lines")
            with Horizontal():
                yield Button("Copy (c)", variant="primary", id="invite-copy")
                yield Button("Close (Enter)", id="invite-close")

    def on_mount(self) -> None:
        self.call_after_refresh(self._focus_close)

    def _focus_close(self) -> None:
        for button in self.query(Button):
            if button.id == "invite-close":
                button.focus()  # Enter closes, c copies

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "invite-copy":
            self.action_copy()
        else:
            self.action_close()

    def action_copy(self) -> None:
        self.app.copy_to_clipboard("\n".join(self.lines))
        self.notify("Copied to the clipboard (where the terminal allows it).")

    def action_close(self) -> None:
        self.dismiss(None)
