"""A table hosted from the app (the picker's "Host a table"): the table screen at the host's
keyboard, with nethost's server running in this process.

:class:`HostTableScreen` is the :class:`TableScreen` with a
:class:`~rummy_tui.app.hosted_session.HostedSession`: the local seats play hot-seat (the
pass-the-device screen between two local humans only), the remote seats from their own
screens (``rummy-tui join``), the computer seats and the stand-ins from the table's own loop.
The network line says who is connected, whose turn it is and how long they have been
thinking (the table's count); ``i`` shows the invitations again (copyable), and
``b`` hands a remote seat to a computer player (a player who has gone) and back. With
Indian Rummy's turn timer on, the table runs it for every human seat (net/table.py) and
the countdown here is the table's.
"""

from __future__ import annotations

import contextvars
from typing import Any

from textual.binding import Binding
from textual.app import ComposeResult

from ...net.host import Host
from ...net import table as net_table
from ..dialogs.choose import ChooseMeldDialog
from ..dialogs.invitations import InvitationsDialog
from ..hosted_session import HostedSession, HostedTable
from ..widgets.net_bar import NetBar
from ..widgets.turn_timer import TurnTimer
from .remote_table import waited
from .summary import GameOverScreen
from .table import TableScreen


class HostGameOverScreen(GameOverScreen):
    """Game over at a hosted table: a next game is a new table (new invitations)."""

    def action_play_again(self) -> None:
        self.notify("Host a new table from the picker (n): each seat gets a new invitation.",
                    severity="warning")


class _Presence:
    def __init__(self, name: str, seat: Any) -> None:
        self.name, self.kind = name, seat.kind
        self.connected = seat.kind != "remote" or seat.link is not None
        self.standin = seat.bot if seat.standin else None


class HostTableScreen(TableScreen):
    BINDINGS = [
        Binding("i", "invitations", "Invitations", id="host.invitations"),
        Binding("b", "stand_in", "Stand-in", id="host.stand_in"),
    ]

    extra_rows = 1  # the network line

    def __init__(self, table: HostedTable, host: Host, invitations: list[str],
                 where: str, lock: Any = None) -> None:
        self.table = table
        self.save_lock = lock
        """The save's lock, when the table was resumed from its save (saves/lock.py)."""
        self.host = host
        self.invitations = invitations
        self.where = where
        self._local_move = False
        super().__init__(table.state, HostedSession(table))

    def compose(self) -> ComposeResult:
        yield NetBar(id="net-bar")
        yield from super().compose()

    def on_mount(self) -> None:
        # (TableScreen's on_mount runs too: Textual calls each class's handler.)
        # The table's changes come from the server's tasks (a remote move, a seat joining),
        # which may have been started outside the app: each is handled in the app's context.
        context = contextvars.copy_context()
        self.table.on_change = lambda: context.copy().run(self._table_changed)
        self._table_changed()  # (a computer player may have moved since this screen was made)
        self.set_interval(1.0, self._show_net)  # how long the player to move has been thinking
        if self.invitations:
            # the app's refresh, not this screen's: a pass-the-device screen may already be
            # over this one, which is then not refreshed until it is passed
            self.app.call_after_refresh(self.action_invitations)

    async def on_unmount(self) -> None:
        self.table.on_change = lambda: None  # the screen has gone: the table plays on alone
        await self.host.stop("the host closed the table")
        if self.save_lock is not None:
            self.save_lock.release()

    # --- the table's changes ---------------------------------------------------------------
    def _table_changed(self) -> None:
        if not self.is_attached:
            return
        if not self._local_move and self.table.state is not self.session.state:
            self.commit(self.table.state)
        self._show_net()
        self._sync_turn_timer()

    def commit(self, state: Any) -> None:
        """A new state of the table: drawn (the table saves it and sends every seat its
        view)."""
        self.session.commit(state)
        timer = self.query_one(TurnTimer)
        if timer.key is not None and timer.key != self.session.turn_key() \
                or not self.session.in_play:
            timer.stop()
        self._advance()
        self._sync_turn_timer()

    def play(self, action: Any, *, undoable: bool = False) -> bool:
        self._local_move = True
        try:
            return super().play(action, undoable=undoable)
        finally:
            self._local_move = False
            self._show_net()

    def _schedule_bot(self) -> None:
        """A remote or computer seat moves: its move comes with the table's next change."""
        self._footer_changed()

    def turn_timed_out(self, key: Any = None) -> None:
        """The table runs the Indian turn timer (net/table.py): it applies the MissTurn."""
        self.query_one(TurnTimer).stop()

    def _start_turn_timer(self) -> None:
        self._sync_turn_timer()

    def _sync_turn_timer(self) -> None:
        """The countdown of the table's turn timer, for every human seat's turn (the local
        ones' and the remote ones'), as the table counts it: from the turn's start."""
        left = self.table.turn_left()
        if left is not None and self.session.in_play \
                and self.table.state is self.session.state:
            self.query_one(TurnTimer).start(self.session.turn_key(), left)

    def _keep_orders(self) -> None:
        """The table saves the game."""

    def _summary_closed(self, _: object = None) -> None:
        if self.state.phase == "game_over":
            self.app.push_screen(HostGameOverScreen(self.state))
            return
        self.session.busy = False
        self.commit(self.session.next_round())

    # --- the network line, invitations, stand-ins ------------------------------------------
    def _show_net(self) -> None:
        state = self.table.state
        seats = [_Presence(p.name, s) for p, s in zip(state.players, self.table.seats)]
        mover = seats[state.to_move]
        turn = ("", False)
        thinking = waited(net_table.clock() - self.table.turn_since)
        left = self.table.turn_left()
        if left is not None:
            thinking += f" · {round(left)} s left"
        if self.session.in_play and mover.kind == "remote" and not mover.connected \
                and not mover.standin:
            turn = (f"waiting for {mover.name} (disconnected) · {thinking}: b hands the seat "
                    "to a computer player", True)
        elif state.phase in ("draw", "play"):
            turn = (f"{mover.name} is thinking… {thinking}", False)
        viewer = self.session.viewer
        self.query_one(NetBar).show(f"hosting on {self.where}", False, turn, seats,
                                    -1 if viewer is None else viewer, None)

    def action_invitations(self) -> None:
        self.app.push_screen(InvitationsDialog(self.invitations, self.where))

    def action_stand_in(self) -> None:
        state = self.table.state
        choices = []
        for i, (p, seat) in enumerate(zip(state.players, self.table.seats)):
            if seat.kind != "remote":
                continue
            now = ("a computer player plays it: back to its player" if seat.standin else
                   "connected: hand it to a computer player" if seat.link is not None else
                   "disconnected: hand it to a computer player")
            choices.append((i, f"{p.name}: {now}"))
        if not choices:
            self.notify("There is no remote seat at this table.", severity="warning")
            return

        def chosen(i: int | None) -> None:
            if i is None:
                return
            seat = self.table.seats[i]
            self.table.hand_to_computer(i, None if seat.standin else "normal")

        self.app.push_screen(ChooseMeldDialog("Which remote seat?", choices), chosen)
