"""The screen shown while the terminal is smaller than the table needs (80x24).

Below that size a hand of 14 cards or more no longer fits, and a key could act on a card the
player cannot see; so no game screen takes keys until the terminal is large enough. It is
opaque: nothing of the screens under it is drawn."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen > Static { width: auto; max-width: 100%; height: auto; padding: 1 2;
                              border: round $warning; text-align: center; }
    """
    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", priority=True, id="app.quit")]

    def compose(self) -> ComposeResult:
        yield Static(self._text(), id="too-small")

    def on_resize(self) -> None:
        for label in self.query("#too-small").results(Static):  # none once it is closed
            label.update(self._text())

    def _text(self) -> str:
        width, height = self.app.size
        # the picker and the setup have no game yet: no word of one (issue 30)
        playing = getattr(self.app, "game", None) is not None
        return (f"The terminal is {width}×{height}.\n"
                f"Make it at least {MIN_WIDTH}×{MIN_HEIGHT} to play"
                + (":\nthe game goes on where it was.\n\nctrl+q quits (the game is saved)."
                   if playing else ".\n\nctrl+q quits."))
