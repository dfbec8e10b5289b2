"""A remote seat's game at the table (``rummy-tui join``): the table screen's
:class:`TableSession`, fed by the host's views instead of the engine. Plain Python (no
Textual): tests drive it without a pilot.

The host holds the game (rummy_tui/net/host.py) and checks every move; this session holds
only what the host sent this seat, its :class:`PlayerView`, and is the seam where the one
table screen plays a remote seat: everything the screen reads of a session (the view, the
legal moves, the hand's order, the arrangement, the hint) comes from that view as it does
for a seat at the host's keyboard, while a move is sent to the host (``send``) instead of
applied. A move's answer is the host's next view (committed like any new state) or its
refusal (the reason shown as the answer to the key; nothing changed).

Moves go one at a time: a move played while the last one is unanswered waits in a queue
(``c``, going out in Rummy and Remi, plays its melds and its discard as one key), and a
refusal drops what waits behind it, as the first refusal stops the local table.

There is no pass-the-device screen (the player has their own screen) and no undo (a move
the host has applied stays; the hand's order is the player's own and needs none).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.cards import Card
from ..core.state import Action, NextRound, PlayerView
from .session import BotTurn, HumanTurn, Seat, ShowSummary, Step, TableSession


class RemoteSession(TableSession):
    """The table of one remote seat: its view, the moves waiting for the host's answer."""

    # The remote seat holds its own view, never the whole game: every field the table
    # screen reads of a state is a PublicState field that a PlayerView has too; what needs
    # the whole game (saving, applying, undo) is overridden below.
    state: PlayerView  # type: ignore[assignment]  # (see above: a view where a state was)

    def __init__(self, view: PlayerView, send: Callable[[Action], object]) -> None:
        self.send = send
        """Sends one move to the host (the client adds the view's sequence number)."""
        self.me = view.player
        self.queue: list[Action] = []
        """Moves played while an earlier one waits for the host's answer."""
        self.awaiting: Action | None = None
        """The move sent and not answered yet."""
        super().__init__(view)  # type: ignore[arg-type]  # (a view: see ``state``)
        self.viewer = self.me

    def _new_seats(self, state: Any) -> list[Seat]:
        return [Seat() for _ in state.players]

    # --- reading ---------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [self.me]

    def view(self, seat: int | None = None) -> PlayerView:
        """The seat's own view: the only one there is."""
        return self.state

    def saved_state(self) -> Any:
        """Nothing is saved here: the host saves the game."""
        return self.state

    def mover_is_human(self) -> bool:
        return self.state.to_move == self.me

    # --- the host's answers --------------------------------------------------------------
    def commit(self, state: Any) -> None:
        old = self.state
        super().commit(state)
        if state.round_no != old.round_no:
            self._forget_the_deal()

    def received(self, view: PlayerView) -> None:
        """A view from the host: the answer to the move sent, if one was (the next waiting
        move then goes, while it is still this seat's turn)."""
        self.commit(view)
        self.awaiting = None
        self._pump()

    def refused(self) -> None:
        """The host refused the last move: nothing changed, and what waited behind it goes."""
        self.awaiting = None
        self.queue.clear()

    def reset(self) -> None:
        """The connection was lost: an unanswered move may or may not have been applied (the
        next view says), so nothing waits any more."""
        self.awaiting = None
        self.queue.clear()

    # --- playing ---------------------------------------------------------------------------
    def submit(self, action: Action) -> None:
        """Play a move: sent to the host now, or after the answer to the one sent before."""
        self.queue.append(action)
        self._pump()

    def _pump(self) -> None:
        if self.awaiting is not None or not self.queue:
            return
        state = self.state
        next_round = isinstance(self.queue[0], NextRound)
        if not (next_round or state.to_move == self.me and self.in_play):
            self.queue.clear()  # the turn has passed: what waited is no longer wanted
            return
        action = self.queue.pop(0)
        if not next_round:  # (ready for the next deal: the host's answer is its presence)
            self.awaiting = action
        self.send(action)

    def advance(self) -> Step:
        """Whose turn it is and what the screen does for it: this seat's own turn, or the
        others' (the host's views bring their moves: the screen waits)."""
        state = self.state
        self.viewer = self.me
        if not self.in_play:
            first = self._summary_shown_for != len(state.history)
            self._summary_shown_for = len(state.history)
            return ShowSummary(first)
        key = self.turn_key()
        new_turn = key != self._turn_key
        if new_turn:
            self._turn_key = key
        if state.to_move != self.me:
            return BotTurn()  # another seat moves: its move comes with the host's next view
        self.busy = False
        return HumanTurn(self.me, new_turn)

    def undo(self) -> bool:
        return False

    def push_undo(self, seat: int) -> None:
        """No undo: a move the host has applied stays."""

    def declaration_cost(self, card: Card) -> int | None:
        """Not known here (the host scores it): 0, "costs points"."""
        return 0
