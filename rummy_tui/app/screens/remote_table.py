"""A remote seat's table (``rummy-tui join HOST:PORT CODE``): the same table screen as a
game at this keyboard, playing one seat of a game the host holds.

:class:`RemoteTableScreen` is the :class:`TableScreen`, with a
:class:`~rummy_tui.app.remote_session.RemoteSession` for its session: the layout, the keys,
the dialogs and the rendering are the table's own; the state is this seat's view as the host
last sent it, and a move goes to the host (``net/client.py``) instead of the engine. The
host's answer is its next view, or its refusal, shown as the answer to the key (nothing
changed). There is no pass-the-device screen: this screen is its player's own, and the only
hand it ever draws is the seat's own (no other hand ever reaches it).

The connection lives in an async worker of this screen (the client's ``run()``), so the
screen never waits for the network; the client's events are handled on the app's loop.
A network line above the status line says who is at the table (connected, away, a computer
standing in), the state of the connection ("reconnecting…" after a drop: the client tries
again by itself) and the newest chat line; ``t`` opens the chat. The status line says how
long the player to move has been thinking (the host's count, kept running here).
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding

from ...core.registry import variant_of
from ...core.state import DrawStock, NextRound, PlayerView, TakeDiscard
from ...core.text import clip
from ...net.client import (
    ChatHeard, ChatRecalled, ClientEvent, Ended, Joined, Lost, PresenceChanged, Refusal,
    TableClient, Viewed,
)
from ...net.protocol import MAX_CHAT, Welcome
from ..dialogs.chat import ChatDialog
from ..remote_session import RemoteSession
from ..widgets.hand import Hand
from ..widgets.messages import TableMessages
from ..widgets.net_bar import NetBar
from ..widgets.table_parts import StatusBar, game_title, phase_words
from ..widgets.turn_timer import TurnTimer
from .summary import GameOverScreen
from .table import TableScreen

clock = time.monotonic
"""The clock of the thinking time (a snapshot test stops it)."""

CHAT_KEPT = 50
"""Chat lines kept for the chat dialog (the oldest go)."""


def waited(seconds: float) -> str:
    seconds = int(seconds)
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min {seconds % 60:02d} s"


class RemoteGameOverScreen(GameOverScreen):
    """Game over at a remote seat: the host starts any next game, not this screen."""

    def action_play_again(self) -> None:
        self.notify("The host starts the next game: ask them for a new invitation.",
                    severity="warning")


class RemoteTableScreen(TableScreen):
    BINDINGS = [Binding("t", "chat", "Chat", id="table.chat")]

    extra_rows = 1  # the network line

    def __init__(self, client: TableClient, welcome: Welcome, view: PlayerView) -> None:
        self.client = client
        client.on_event = self._heard
        super().__init__(view, RemoteSession(view, client.act))  # type: ignore[arg-type]  # a view (remote_session.py)
        self.welcome = welcome
        self.presence: Any = None
        self._presence_at = 0.0
        self.link = ""
        """The connection's state in words ("" while connected)."""
        self.chat_lines: deque[tuple[str, str]] = deque(maxlen=CHAT_KEPT)
        self.ended = ""
        """Why the host ended the connection ("" while it has not)."""

    @property
    def session_remote(self) -> RemoteSession:
        session = self.session
        assert isinstance(session, RemoteSession)
        return session

    def compose(self) -> ComposeResult:
        yield NetBar(id="net-bar")
        yield from super().compose()

    def on_mount(self) -> None:
        # (TableScreen's on_mount runs too: Textual calls each class's handler.)
        self._show_net()
        self.set_interval(1.0, self._tick)
        self._connect()

    @work(exclusive=True, group="net")
    async def _connect(self) -> None:
        await self.client.run()

    async def on_unmount(self) -> None:
        await self.client.close()

    # --- the host's messages -----------------------------------------------------------
    def _heard(self, event: ClientEvent) -> None:
        if not self.is_attached:
            return
        match event:
            case Joined():
                if self.link:
                    self.notify("Back at the table.")
                self.link = ""
            case Viewed(view=view):
                self._viewed(view)
            case Refusal(reason=reason):
                self.session_remote.refused()
                self.notify(reason, title="Not allowed", severity="warning")
                self._footer_changed()
            case PresenceChanged(presence=presence):
                self.presence, self._presence_at = presence, clock()
                self._sync_turn_timer()
            case ChatHeard(line=line):
                self.chat_lines.append((line.name, line.text))
            case ChatRecalled(lines=lines) if lines:
                # (none: a host that was restarted has none to tell; the lines heard stay)
                self.chat_lines.clear()
                self.chat_lines.extend((line.name, line.text) for line in lines)
            case Lost(reason=reason, retry_in=pause):
                self.session_remote.reset()
                self.link = f"reconnecting… ({clip(reason, 60)}; next try in {pause:g} s)"
                self._footer_changed()
            case Ended(reason=reason):
                self.session_remote.reset()
                self.ended = reason
                self.link = f"disconnected: {clip(reason, 80)} (ctrl+q quits)"
                self.notify(f"The host ended the connection: {reason}", severity="error",
                            timeout=10)
                self._footer_changed()
        self._show_net()

    def _viewed(self, view: PlayerView) -> None:
        session = self.session_remote
        hand = self.query_one(Hand)
        answered = session.awaiting
        if isinstance(answered, (DrawStock, TakeDiscard)):
            hand.mark_new(hand.cards)  # the card drawn is marked, the cursor goes to it
        if answered is not None:
            hand.clear_selection()
            self.query_one(TableMessages).clear_feedback()
        was_mine = session.my_turn()
        session.received(view)
        if was_mine and not session.my_turn():
            self._close_screens_above()  # the turn has passed (a host's time-out): no dialog
        self._advance()

    # --- what the table does differently -------------------------------------------------
    def commit(self, state: Any) -> None:
        """A new view (the host's): drawn. Nothing is saved here: the host saves the game."""
        self.session.commit(state)
        timer = self.query_one(TurnTimer)
        if timer.key is not None and timer.key != self.session.turn_key() \
                or not self.session.in_play:
            timer.stop()
        self._advance()

    def play(self, action: Any, *, undoable: bool = False) -> bool:
        """A move goes to the host; its answer comes with the next view (or a refusal)."""
        session = self.session_remote
        if not (session.my_turn() or isinstance(action, NextRound)):
            return False
        if not self.client.connected:
            self.notify("Not connected to the host: " + (self.link or "connecting…"),
                        severity="warning")
            return False
        session.submit(action)
        self._footer_changed()
        return True

    def _schedule_bot(self) -> None:
        """Another seat moves (a remote player, a computer, a human at the host): its move
        comes with the host's next view."""
        self._footer_changed()

    def turn_timed_out(self, key: Any = None) -> None:
        """The host keeps the Indian turn timer: its view says when the turn was missed."""
        self.query_one(TurnTimer).stop()

    def _start_turn_timer(self) -> None:
        """The host runs the Indian turn timer: this seat's countdown is the host's, from
        its presence line (which comes after the view of each change)."""
        self._sync_turn_timer()

    def _sync_turn_timer(self) -> None:
        presence, session = self.presence, self.session_remote
        if presence is None or presence.turn_left is None or not session.in_play \
                or presence.to_move != session.me or session.state.to_move != session.me:
            return
        timer = self.query_one(TurnTimer)
        if timer.key != session.turn_key():  # (a presence within the same turn goes on)
            timer.start(session.turn_key(), presence.turn_left)

    def time_left_words(self) -> str:
        """" · 12 s left" of the host's turn timer ("" when none runs)."""
        presence = self.presence
        if presence is None or presence.turn_left is None:
            return ""
        left = max(0, round(presence.turn_left - (clock() - self._presence_at)))
        return f" · {left} s left"

    def _keep_orders(self) -> None:
        """The hand's order stays on this screen (the host saves the game)."""

    def _summary_closed(self, _: object = None) -> None:
        if self.state.phase == "game_over":
            self.app.push_screen(RemoteGameOverScreen(self.state))
            return
        self.session.busy = False
        self.play(NextRound())  # ready: the host deals when every human seat is
        self._redraw()

    # --- the network line and the status line ------------------------------------------------
    def _show_net(self) -> None:
        presence = self.presence
        seats = presence.seats if presence is not None else [
            _Seat(name, kind, i == self.session_remote.me)
            for i, (name, kind) in enumerate(zip(self.welcome.names, self.welcome.kinds))]
        last = self.chat_lines[-1] if self.chat_lines else None
        self.query_one(NetBar).show(self.link, bool(self.link), self.turn_words(),
                                    seats, self.session_remote.me, last)

    def _tick(self) -> None:
        if self.presence is not None and self.session.in_play:
            self._show_net()

    def _show_status(self, pv: PlayerView) -> None:
        """The table's status line, without its "is thinking" note: the network line says
        whose turn it is and for how long, from the host's count."""
        self.query_one(StatusBar).show(game_title(pv), pv, "", ascii=self.rummy.ascii,
                                       **phase_words(pv))

    def turn_words(self) -> tuple[str, bool]:
        """Whose turn and for how long ("waiting for Bob (disconnected) · 12 s"), and whether
        the player to move is away; at a round's end, who the next deal waits for."""
        presence, pv = self.presence, self.session_remote.state
        if presence is None:
            return "", False
        seats = presence.seats
        if pv.phase == "round_over":
            waiting = [s.name for s in seats if s.kind != "cpu" and not s.ready]
            word = variant_of(pv.variant).round_word
            return (f"next {word}: waiting for {', '.join(waiting)}" if waiting else ""), False
        if pv.phase not in ("draw", "play") or presence.to_move != pv.to_move:
            return "", False
        seat = seats[pv.to_move]
        thinking = waited(presence.thinking + clock() - self._presence_at) \
            + self.time_left_words()
        if pv.to_move == self.session_remote.me:
            return f"your turn · {thinking}", False
        if seat.kind == "remote" and not seat.connected and not seat.standin:
            return f"waiting for {seat.name} (disconnected) · {thinking}", True
        return f"{seat.name} is thinking… {thinking}", False

    # --- chat -------------------------------------------------------------------------------
    def action_chat(self) -> None:
        def said(text: str | None) -> None:
            if text:
                if self.client.connected:
                    self.client.chat(text[:MAX_CHAT])
                else:
                    self.notify("Not connected: the line was not sent.", severity="warning")

        self.app.push_screen(ChatDialog(list(self.chat_lines), MAX_CHAT), said)


class _Seat:
    """A seat before the host's first presence: as the welcome names it."""

    def __init__(self, name: str, kind: str, me: bool) -> None:
        self.name, self.kind = name, kind
        self.connected, self.standin, self.ready = me or kind != "remote", None, False
