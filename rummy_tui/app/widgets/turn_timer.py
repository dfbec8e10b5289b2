"""The Indian turn timer (``turn_timer`` option): the seconds left of a human's turn, shown at
the left of the status line. At zero it posts :class:`TurnTimer.Expired`; the table applies
the engine's MissTurn (a widget never changes the game)."""

from __future__ import annotations

import math
import time
from typing import Any

from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Static


class TurnTimer(Static):
    """A countdown for one turn, named by its key (round, turn, seat)."""

    DEFAULT_CSS = """
    TurnTimer { width: auto; height: 1; background: $panel; padding: 0 0 0 1; display: none; }
    """

    class Expired(Message):
        """The time of the turn ``key`` is up."""

        def __init__(self, key: Any) -> None:
            self.key = key
            super().__init__()

    left: reactive[int | None] = reactive(None)
    """Whole seconds left (None: no timer running)."""

    def __init__(self, *, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.ascii = ascii
        self.key: Any = None
        """The turn the timer runs for (None: none)."""
        self._deadline = 0.0
        self._ticker: Any = None

    def start(self, key: Any, seconds: float) -> None:
        """Count ``seconds`` down for the turn ``key`` (a running timer for it goes on)."""
        if key == self.key:
            return
        self.stop()
        self.key = key
        self._deadline = time.monotonic() + seconds
        self._ticker = self.set_interval(0.5, self._tick)
        self.left = self.time_left()

    def stop(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
        self._ticker = None
        self.key = None
        self.left = None

    def time_left(self) -> int | None:
        if self.key is None:
            return None
        return max(0, math.ceil(self._deadline - time.monotonic()))

    def _tick(self) -> None:
        left = self.time_left()
        if left is None:
            return
        self.left = left
        if left <= 0:
            key = self.key
            self.stop()
            self.post_message(self.Expired(key))

    def watch_left(self, left: int | None) -> None:
        self.display = left is not None
        if left is not None:
            self.update(f"[reverse bold] {'' if self.ascii else '⏱ '}{left} s [/]")
