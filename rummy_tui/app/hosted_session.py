"""A table hosted from the app (the picker's "Host a table"): the table screen's
:class:`TableSession` over nethost's :class:`~rummy_tui.net.table.NetTable`, which holds the
game and is its authority. Plain Python (no Textual).

The seats at the host's keyboard ("local") play hot-seat as ever: the pass-the-device screen
comes between two local humans only (a remote player has their own screen, a computer
player none), and only a local seat's hand is ever drawn here. Their moves go through
``NetTable.play``, the same check and the same views to every remote seat as a remote move;
the computer players and the stand-ins for remote seats are the table's (its own loop), and
the remote seats' moves arrive with the table's changes (``HostedTable.on_change``).

No undo: a move the table has applied has been sent to every seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.state import GameState, NextRound
from ..core.variants import RuleError
from ..net.table import NetTable
from .session import TableSession


class HostedTable(NetTable):
    """A :class:`NetTable` that tells the app's screen of every change: a new state, a seat
    joining or leaving, a stand-in, a seat ready for the next deal."""

    on_change: Callable[[], object] = staticmethod(lambda: None)

    def commit(self, state: GameState) -> None:
        super().commit(state)
        self.on_change()

    def attach(self, i: int, link: Any) -> None:
        super().attach(i, link)
        self.on_change()

    def detach(self, i: int, link: Any) -> None:
        super().detach(i, link)
        self.on_change()

    def hand_to_computer(self, i: int, kind: Any) -> None:
        super().hand_to_computer(i, kind)
        self.on_change()


class HostedSession(TableSession):
    """The host's keyboard at a hosted table: its local seats, hot-seat."""

    def __init__(self, table: NetTable) -> None:
        self.table = table
        super().__init__(table.state)

    @property
    def humans(self) -> list[int]:
        """The seats at this keyboard (remote players have screens of their own)."""
        return [i for i, seat in enumerate(self.table.seats) if seat.kind == "local"]

    def mover_is_human(self) -> bool:
        return self.table.seats[self.state.to_move].kind == "local"

    def play(self, action: Any, *, undoable: bool = False) -> GameState:
        """The viewer's move, played at the table (RuleError: refused, nothing changed)."""
        seat = self.viewer
        assert seat is not None
        reason = self.table.play(seat, action)
        if reason is not None:
            raise RuleError(reason)
        new_state = self.table.state
        if new_state.to_move != seat or new_state.phase != "play":
            self.seats[seat].seen_log = len(new_state.log)
        return new_state

    def commit(self, state: GameState) -> None:
        old = self.state
        super().commit(state)
        if state.round_no != old.round_no:
            self._forget_the_deal()

    def next_round(self) -> GameState:
        """The host's keyboard has seen the summary: every local seat is ready (the table
        deals when every human seat is: its state, new or not yet)."""
        for i in self.humans:
            self.table.play(i, NextRound())
        return self.table.state

    def undo(self) -> bool:
        return False

    def push_undo(self, seat: int) -> None:
        """No undo: a move the table has applied has gone to every seat."""
