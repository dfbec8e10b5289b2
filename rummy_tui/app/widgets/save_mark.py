"""The mark at the top of every screen while the game is not being saved (issue 11): a
failed autosave ("not saved: disk full") stays in view, for every player and on every
screen, until a save succeeds; a game opened read-only says so the same way."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from ...core.text import visible


class SaveMark(Static):
    """Shows ``app.save_problem``; hidden while it is empty."""

    DEFAULT_CSS = """
    SaveMark {
        dock: top;
        height: 1;
        width: 100%;
        background: $error;
        color: $text;
        text-style: bold;
        display: none;
    }
    """

    def on_mount(self) -> None:
        self.watch(self.app, "save_problem", self._show, init=True)

    def _show(self, problem: str) -> None:
        self.display = bool(problem)
        self.update(Text(f" {visible(problem)} "))  # it may quote a path: never markup
