"""One hosted table: the authority over a game that several machines play (issue 28).

A :class:`NetTable` holds the whole :class:`GameState`, its seats (local, remote, computer)
and their connections. Every move, whoever sends it, goes through ``engine.apply``, exactly
as a move at the hot-seat table does; a refused move changes nothing. After every change each
connected seat is sent its own view (``engine.view``) and everyone the presence line. The
computer seats, and remote seats the host has handed to a computer player, are played by
``core.bots`` in a worker thread, so the table keeps answering while a ``hard`` player
thinks. The game is autosaved after every change like any game (saves/store.py: atomic,
with a backup), and a finished game is recorded in the statistics once (history/store.py).

The host is the authority over Indian Rummy's optional turn timer (option ``turn_timer``):
the table runs it for every human seat, local or remote, connected or not (a computer
player, or a stand-in, is never timed, as at the hot-seat table), from the start of the turn
(the draw does not restart it), and when it runs out applies the engine's ``MissTurn``, as
the hot-seat table does (three missed turns in a row count as a middle drop: the engine's
rule). The presence line says how long the player to move has left.

No network here: a connection is anything with ``send(text)`` and ``close(reason)``
(:class:`Link`); host.py puts websockets behind it, and the tests a list.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from ..core.bots import choose_action
from ..core.engine import apply, view
from ..core.registry import variant_of
from ..core.seats import mix
from ..core.state import Action, GameState, NextRound
from ..core.text import clip, visible
from ..core.variants.indian import MissTurn
from ..core.variants import RuleError
from .protocol import (
    CHAT_HISTORY, MAX_CHAT, PROTOCOL_VERSION, Act, BotKind, ChatEntry, ChatHistory, ChatLine, Presence,
    ProtocolError, Refused, SeatKind, SeatPresence, Welcome, decode_action, encode,
    view_message,
)

def clock() -> float:
    """The clock of the thinking time and of the turn timer (a test moves it on)."""
    return time.monotonic()


TIMER_CHECK = 1.0
"""Seconds between two looks at a running turn timer at most (the table also wakes when the
time is up): a clock that jumps is caught up with."""

CHAT_BURST = 5
"""Chat lines a seat may send at once; then one every :data:`CHAT_EVERY` seconds."""
CHAT_EVERY = 2.0


_SAVER: list[ThreadPoolExecutor] = []


def _saver() -> ThreadPoolExecutor:
    """The one thread that writes every table's autosaves: a save is mostly Python (the JSON
    of the state), so more threads would only take the interpreter from the event loop, and
    the views would wait (bench/bench_net.py --autosave)."""
    if not _SAVER:
        _SAVER.append(ThreadPoolExecutor(1, thread_name_prefix="rummy-tui-autosave"))
    return _SAVER[0]


class Link(Protocol):
    """A connection to one seat's player."""

    def send(self, text: str) -> None: ...

    def close(self, reason: str, retry: bool = False) -> None: ...


@dataclass
class Seat:
    """One seat at a hosted table."""

    kind: SeatKind
    code: str | None = None
    """A remote seat's invitation code (``secrets.token_urlsafe``)."""
    bot: BotKind = "normal"
    """A computer seat's strength, and the strength of a stand-in for a remote one."""
    standin: bool = False
    """A remote seat the host has handed to a computer player (until its player is back)."""
    link: Link | None = None
    sent_log: int = 0
    """How many events of the log this seat's connection has been sent."""
    sent_rounds: int = 0
    """How many finished rounds this seat's connection has been sent."""
    ready: bool = False
    chat_tokens: float = CHAT_BURST
    chat_at: float = field(default_factory=time.monotonic)

    @property
    def computer(self) -> bool:
        """A computer player moves for this seat now."""
        return self.kind == "cpu" or self.standin


class NetTable:
    """The game, the seats and their connections; see the module docstring."""

    def __init__(self, state: GameState, seats: list[Seat], *, save_path: Path | None = None,
                 record_stats: bool = False, bot_delay: float = 0.0,
                 on_problem: Callable[[str], None] | None = None) -> None:
        if len(seats) != len(state.players):
            raise ValueError("one seat per player")
        self.state = state
        self.seats = seats
        self.save_path = save_path
        self.record_stats = record_stats
        self.bot_delay = bot_delay
        self.on_problem = on_problem or (lambda _message: None)
        self.seq = state.actions + 1
        """The table's count of changes: each view is numbered, and a move names the view it
        was chosen on. It is the game's count of actions plus one, so it goes on rising
        after a resume (a move chosen before the host stopped is stale after it)."""
        self.turn_since = clock()
        self._turn_key = self._key()
        self._timed_out: tuple[int, int, int, bool] | None = None
        """The turn whose time ran out (its MissTurn is not tried twice)."""
        self._changed = asyncio.Event()
        self._save_due = save_path is not None
        self._recorded = False
        """A finished game is recorded once: by its game id, so a resumed one is not counted
        twice (history/store.py), and one whose host stopped before recording it is."""
        self.chat_log: deque[ChatEntry] = deque(maxlen=CHAT_HISTORY)
        """The table's last chat lines, sent to a seat that (re)joins (kept while the host
        runs: a restarted host starts with none)."""
        self._task: asyncio.Task[None] | None = None
        self._saving: asyncio.Future[None] | None = None
        self.closed = False

    # --- the table's own loop: computer players, autosave, statistics ---------------------
    def start(self) -> None:
        """Start the table's loop (in the running event loop)."""
        self._task = asyncio.get_running_loop().create_task(self._run())
        self._changed.set()

    async def stop(self, reason: str = "the host is stopping") -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        if self._saving is not None:
            await asyncio.wait([self._saving])
        if self._task is not None:  # a table that never started (its host could not) is not saved
            await self.save_now()
        for seat in self.seats:
            if seat.link is not None:
                seat.link.close(reason, retry=True)
                seat.link = None

    async def _run(self) -> None:
        while not self.closed:
            left = self.turn_left()
            if left is None:
                await self._changed.wait()
            else:  # woken by a change, or when the turn's time is up
                try:
                    await asyncio.wait_for(self._changed.wait(), min(left, TIMER_CHECK))
                except asyncio.TimeoutError:
                    pass
            self._changed.clear()
            try:
                self._time_up()
                await self._step()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a bug: say so, and keep the table serving
                self.on_problem(f"the table's loop failed: {exc!r}")

    async def _step(self) -> None:
        """Save, then let a computer player move if one is to (the loop calls it again)."""
        await self.save_now()
        mover = self.computer_move()
        if mover is None:
            return
        if self.bot_delay:
            await asyncio.sleep(self.bot_delay)
        state = self.state
        if self.computer_move() != mover or state is not self.state:
            self._changed.set()
            return
        action = await asyncio.to_thread(self._choose, state, mover)
        if state is self.state and self.computer_move() == mover:
            try:
                self.commit(apply(state, action))
            except RuleError as exc:
                self.on_problem(f"the computer player of seat {mover} chose an illegal move: "
                                f"{exc}")

    async def save_now(self) -> None:
        """Autosave the table if it changed, and record a finished game once."""
        if self._save_due and self.save_path is not None:
            self._save_due = False
            from ..saves import SaveError, save_game  # lazy: the save models are large

            try:
                # shielded: a stop while the file is being written waits for it (stop())
                self._saving = asyncio.get_running_loop().run_in_executor(
                    _saver(), save_game, self.state, self.save_path)
                await asyncio.shield(self._saving)
            except (SaveError, OSError) as exc:
                self.on_problem(f"could not save: {exc}")
        if self.record_stats and not self._recorded and self.state.phase == "game_over":
            self._recorded = True
            from ..history import store  # lazy: see above

            game_id = self.save_path.stem if self.save_path is not None else (
                f"unsaved-{time.strftime('%Y%m%d-%H%M%S')}-{self.state.variant}-{self.state.seed}")
            try:
                await asyncio.to_thread(store.record, self.state, game_id)
            except (store.StatsError, OSError) as exc:
                self.on_problem(f"the game is not in the statistics: {exc}")

    # --- the Indian turn timer ------------------------------------------------------------
    def turn_left(self) -> float | None:
        """Seconds left of the turn of the player to move (0 when it is up), or None when
        no timer runs: the option is off, no turn is in play, a computer player moves, or
        the time of this turn was up and its MissTurn was refused."""
        seconds = getattr(self.state.options, "turn_timer", None)
        state = self.state
        if not seconds or state.phase not in ("draw", "play") \
                or self.seats[state.to_move].computer or self._timed_out == self._turn_key:
            return None
        return max(0.0, seconds - (clock() - self.turn_since))

    def _time_up(self) -> None:
        """The turn's time is up: the engine's MissTurn, as at the hot-seat table."""
        left = self.turn_left()
        if left is None or left > 0:
            return
        self._timed_out = self._turn_key
        try:
            self.commit(apply(self.state, MissTurn()))
        except RuleError as exc:
            self.on_problem(f"the turn's time is up, and the turn cannot be missed: {exc}")

    def computer_move(self) -> int | None:
        """The seat a computer player moves for now, or None (a human's turn, the game over,
        or a round over that some human has not yet asked to end). At a round's end the
        computer deals when every human still playing (local, or remote and connected and
        not stood in for) has asked for it, and at once when no human plays at all."""
        state = self.state
        if state.phase == "game_over":
            return None
        if state.phase == "round_over":
            humans = [s for s in self.seats if not s.computer]
            present = [s for s in humans if s.kind == "local" or s.link is not None]
            if humans and (not present or not all(s.ready for s in present)):
                return None
            return state.to_move
        return state.to_move if self.seats[state.to_move].computer else None

    def _choose(self, state: GameState, seat: int) -> Action:
        if state.phase == "round_over":
            return NextRound()
        rng = random.Random(mix(state.seed, 0xB07, state.actions))
        return choose_action(self.seats[seat].bot, view(state, seat), rng)

    # --- changes ---------------------------------------------------------------------------
    def _key(self) -> tuple[int, int, int, bool]:
        # a turn's thinking time runs from its start, through the draw, to its end
        s = self.state
        return (s.round_no, s.turn, s.to_move, s.phase in ("draw", "play"))

    def commit(self, state: GameState) -> None:
        """The table's new state: every seat sees its view, everyone the presence line."""
        dealt = state.round_no != self.state.round_no or (
            self.state.phase == "round_over" and state.phase != "round_over")
        self.state = state
        self.seq += 1
        if dealt:
            for seat in self.seats:
                seat.ready = False
        key = self._key()
        if key != self._turn_key:
            self._turn_key = key
            self.turn_since = clock()
        self._save_due = self.save_path is not None
        for i, seat in enumerate(self.seats):
            if seat.link is not None:
                self._send_view(i, seat.link)
        self.broadcast(self.presence())
        self._changed.set()

    def _send_view(self, i: int, link: Link) -> None:
        v = view(self.state, i)
        seat = self.seats[i]
        start = seat.sent_log if seat.sent_log <= len(v.log) else 0
        rounds = seat.sent_rounds if seat.sent_rounds <= len(v.history) else 0
        link.send(view_message(v, self.seq, start, rounds))
        seat.sent_log, seat.sent_rounds = len(v.log), len(v.history)

    def broadcast(self, text: str) -> None:
        for seat in self.seats:
            if seat.link is not None:
                seat.link.send(text)

    def presence(self) -> str:
        state = self.state
        seats = [SeatPresence(name=p.name, kind=s.kind,
                              connected=s.kind != "remote" or s.link is not None,
                              standin=s.bot if s.standin else None, ready=s.ready)
                 for p, s in zip(state.players, self.seats)]
        left = self.turn_left()
        return encode(Presence(type="presence", seats=seats, to_move=state.to_move,
                               phase=state.phase,
                               thinking=round(clock() - self.turn_since, 1),
                               turn_left=None if left is None else round(left, 1)))

    # --- the seats' connections ------------------------------------------------------------
    def attach(self, i: int, link: Link) -> None:
        """Seat ``i``'s player has joined (or rejoined): they get the table as it is now. A
        second connection with the same code takes the seat from the first; a seat a
        computer player was keeping for them is theirs again."""
        seat = self.seats[i]
        if seat.link is not None and seat.link is not link:
            seat.link.close("this seat was taken by a new connection with its invitation")
        seat.link = link
        seat.standin = False
        state = self.state
        v = variant_of(state.variant)
        link.send(encode(Welcome(
            type="welcome", v=PROTOCOL_VERSION, seat=i, names=[p.name for p in state.players],
            kinds=[s.kind for s in self.seats], variant=state.variant,
            preset=v.preset_of(state.options), title=v.title,
            rules=state.options.model_dump(mode="json"))))
        seat.sent_log = seat.sent_rounds = 0
        self._send_view(i, link)
        self.broadcast(self.presence())
        link.send(encode(ChatHistory(type="chat_history", lines=list(self.chat_log))))
        self._changed.set()

    def detach(self, i: int, link: Link) -> None:
        """Seat ``i``'s connection has gone (the seat waits for its player)."""
        seat = self.seats[i]
        if seat.link is link:
            seat.link = None
            self.broadcast(self.presence())
            self._changed.set()

    def hand_to_computer(self, i: int, kind: BotKind | None) -> None:
        """The host hands remote seat ``i`` to a computer player of strength ``kind``, or
        (None) back to its player."""
        seat = self.seats[i]
        if seat.kind != "remote":
            raise ValueError("only a remote seat is handed to a computer player")
        seat.standin = kind is not None
        if kind is not None:
            seat.bot = kind
        self.broadcast(self.presence())
        self._changed.set()

    # --- what the players send ---------------------------------------------------------------
    def refuse(self, i: int, reason: str) -> None:
        link = self.seats[i].link
        if link is not None:
            link.send(encode(Refused(type="refused", reason=reason, seq=self.seq)))

    def act(self, i: int, message: Act) -> bool:
        """A remote seat's move: applied if it was chosen on the current view and the rules
        allow it, else refused with the reason (nothing changes)."""
        if message.seq != self.seq:
            self.refuse(i, f"stale move: it was chosen on view {message.seq}, the table is at "
                           f"view {self.seq}")
            return False
        try:
            action = decode_action(message.action)
        except ProtocolError as exc:
            self.refuse(i, str(exc))
            return False
        reason = self.play(i, action)
        if reason is not None:
            self.refuse(i, reason)
            return False
        return True

    def play(self, i: int, action: Action) -> str | None:
        """Seat ``i`` plays ``action`` (a remote seat through :meth:`act`, a local one from the
        host's screen): None when applied, else why not."""
        seat, state = self.seats[i], self.state
        if seat.computer:
            return "a computer player is playing this seat"
        if isinstance(action, NextRound) and state.phase == "round_over":
            if not seat.ready:
                seat.ready = True
                self.broadcast(self.presence())
                self._changed.set()
            return None
        if state.phase in ("draw", "play") and state.to_move != i:
            return f"it is not your turn: {state.players[state.to_move].name} is to move"
        try:
            new = apply(state, action)
        except RuleError as exc:
            return str(exc)
        self.commit(new)
        return None

    def chat(self, i: int, text: str) -> None:
        """A chat line from seat ``i`` (None: the host) to the whole table, at most
        :data:`CHAT_BURST` at once and then one every :data:`CHAT_EVERY` seconds a seat."""
        seat = self.seats[i]
        now = time.monotonic()
        seat.chat_tokens = min(CHAT_BURST, seat.chat_tokens + (now - seat.chat_at) / CHAT_EVERY)
        seat.chat_at = now
        if seat.chat_tokens < 1:
            self.refuse(i, f"too much chat: one line every {CHAT_EVERY:g} seconds")
            return
        seat.chat_tokens -= 1
        self._said(i, self.state.players[i].name, text)

    def say(self, text: str) -> None:
        """A chat line from the host (the operator's console: a control character in it is
        shown as its escape, as a name would be)."""
        self._said(None, "host", clip(visible(text), MAX_CHAT) or "?")

    def _said(self, seat: int | None, name: str, text: str) -> None:
        self.chat_log.append(ChatEntry(seat=seat, name=name, text=text))
        self.broadcast(encode(ChatLine(type="chat", seat=seat, name=name, text=text)))

    def code_seats(self) -> list[tuple[int, str]]:
        """(seat, code) of every remote seat."""
        return [(i, s.code) for i, s in enumerate(self.seats) if s.code is not None]

