"""The table: one game in play, hot seat.

The game itself lives in a :class:`TableSession` (state, undo, seats, who plays next); this
screen lays out the table, renders the session's :class:`PlayerView` of the seat on screen,
and turns keys into moves (``table_moves``). It decides nothing about the rules: the footer
shows the actions that the viewer's legal moves list, and a refused move is the engine's
``RuleError`` message in a notification.

Privacy: the session's ``viewer`` is the only seat whose hand is drawn. With two or more
humans it is cleared (no hand drawn) whenever the turn leaves a human, and the next human's
hand is drawn only after the pass-the-device screen has been dismissed.

Long because: the layout, the rendering of a view and the turn hand-over share one screen's
widgets and timers; the key handlers already live apart, in ``table_moves`` and
``table_bindings``.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer
from textual.worker import get_current_worker

from ...core.registry import variant_of
from ...core.bots import bot_action
from ...collector import settle_collector
from ...core.state import Action, DrawStock, GameState, PlayerView, TakeDiscard
from ...core.variants import RuleError
from ..dialogs.finish import declared_wrongly, state_word, wrong_declaration_dialog
from ..dialogs.pass_device import PassDeviceScreen
from ..recap import recap_lines
from ..rules import wild_rank
from ..session import BotTurn, HandOver, HumanTurn, ShowSummary, TableSession
from ..typed import rummy_app
from ..widgets.card import CardWidget, flash
from ..widgets.hand import Hand, InfoLine
from ..widgets.messages import TableMessages
from ..widgets.piles import Piles
from ..widgets.players import direction_title
from ..widgets.seats import LEVELS, Seat, ring
from ..widgets.table_parts import (
    ActionLog,
    StatusBar,
    cards_text,
    game_title,
    phase_words,
)
from ..widgets.turn_timer import TurnTimer
from .summary import GameOverScreen, RoundSummaryScreen
from .table_bindings import TABLE_BINDINGS, action_is_live, live_actions, name_finish_key
from .table_moves import TableMoves, describe

if TYPE_CHECKING:
    from ..typed import RummyAppLike

__all__ = ["TableScreen", "describe"]


class TableScreen(TableMoves, Screen[None]):
    BINDINGS = TABLE_BINDINGS

    # Bumped on every change that can change which actions are legal: the footer follows.
    generation: reactive[int] = reactive(0, bindings=True)

    extra_rows = 0
    """Rows a screen built on this one adds to the layout (a remote seat's network line)."""

    def __init__(self, state: GameState, session: TableSession | None = None) -> None:
        super().__init__()
        settle_collector()  # once, the imports done: before the first game, new or resumed
        self.session = session if session is not None else TableSession(state)
        """(A remote seat's session: app/remote_session.py.)"""
        name_finish_key(self._bindings, state.variant)
        self._bot_timer: Any = None
        self._live: tuple[bool, ...] = ()
        humans = [i for i, p in enumerate(state.players) if p.kind == "human"]
        self._bottom = humans[0] if humans else 0

    @property
    def rummy(self) -> RummyAppLike:
        return rummy_app(self)

    # The session's state, as the tests and the palette read it.
    @property
    def state(self) -> GameState:
        return self.session.state

    @property
    def viewer(self) -> int | None:
        return self.session.viewer

    @property
    def busy(self) -> bool:
        return self.session.busy

    def _my_turn(self) -> bool:
        return self.session.my_turn()

    # --- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        ascii, four = self.rummy.ascii, self.rummy.four_colour
        left, top, right = ring(len(self.state.players) - 1)
        with Horizontal(id="status-row"):
            yield TurnTimer(ascii=ascii, id="turn-timer")
            yield StatusBar(id="status")
        with Horizontal(id="table-top"):
            # the seats in order of play from the bottom: up the left, across, down the right
            with Vertical(id="seats-left"):
                for k in range(left, 0, -1):
                    yield Seat(ascii=ascii, id=f"seat-{k}")
            with Vertical(id="table-middle"):
                with Horizontal(id="seats-top"):
                    for k in range(left + 1, left + top + 1):
                        yield Seat(ascii=ascii, id=f"seat-{k}")
                with Horizontal(id="centre"):
                    yield Piles(ascii=ascii, four_colour=four, id="piles",
                                depth=max(variant_of(self.state.variant).pickup_depths))
                    with Vertical(id="log-box"):
                        yield ActionLog(id="log")
            with Vertical(id="seats-right"):
                for k in range(left + top + 1, left + top + right + 1):
                    yield Seat(ascii=ascii, id=f"seat-{k}")
        yield Seat(ascii=ascii, id="seat-0", classes="-bottom")
        yield TableMessages(id="messages")
        with Vertical(id="hand-box"):
            yield InfoLine(id="hand-info")
            yield Hand(ascii=ascii, four_colour=four, id="hand")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        box = self.query_one("#log-box")
        box.border_title = "Log"
        box.border_subtitle = direction_title(self.state.direction, self.rummy.ascii)
        for seat in self.query(Seat):
            seat.four_colour = self.rummy.four_colour
        self.query_one("#hand-box").border_title = "Hand"
        self.commit(self.state)

    def on_resize(self) -> None:
        self._fit_top()

    def seats(self) -> list[Seat]:
        """The seat widgets in order of play from the bottom one (the viewer's)."""
        return sorted(self.query(Seat), key=lambda w: int((w.id or "seat-0")[5:]))

    def bottom_seat(self) -> int:
        """Who sits at the bottom, over the hand: the player on screen, else the last one
        (else the first human): the seats do not turn with every computer move."""
        if self.session.viewer is not None:
            self._bottom = self.session.viewer
        return self._bottom

    def _fit_top(self) -> None:
        """Seat everyone and keep every meld in sight (issue 30): the table takes the rows
        the hand, its labels, the message lines and the footer leave. Each seat's melds are
        written as loosely as the rows allow (seats.LEVELS); when even the closest writing
        does not fit, the labels under the hand go, then the large cards."""
        width, height = self.size.width or 100, (self.size.height or 32) - self.extra_rows
        hand = self.query_one(Hand)
        info = self.query_one("#hand-info", InfoLine).rows()
        seats = self.seats()
        left, top, right = ring(len(seats) - 1)
        side = min(30, max(18, width // 5)) if left else 0
        middle = width - side * (bool(left) + bool(right))
        # a seat across the top is no wider than a seat needs (the row is centred)
        top_width = min(48, (middle - (top - 1)) // top) if top else 0
        ring_seats = seats[1:]
        column_l, row_t = ring_seats[:left], ring_seats[left:left + top]
        column_r = ring_seats[left + top:]

        def table_rows(level: int, large: bool) -> int:
            piles = 7 if large else 5
            top_rows = max((s.rows(top_width, level) for s in row_t), default=0)
            columns = [sum(s.rows(side, level) + 1 for s in col) - 1
                       for col in (column_l, column_r) if col]
            return max([top_rows + piles, *columns]) + seats[0].rows(width, level)

        def room(labels: int, large: bool) -> int:
            # the status line, the message lines, the hand (cards, info line, border), the footer
            return height - (1 + 3 + hand.height_needed(labels, large) + info + 2 + 1)

        tries = [(labels, large, level)
                 for large in ((True, False) if width >= 120 and height >= 40 else (False,))
                 for labels in (1 if height < 30 else 3, 0) for level in LEVELS]
        labels, large, level = next(
            (t for t in tries if table_rows(t[2], t[1]) <= room(t[0], t[1])), tries[-1])
        self.set_class(large, "-large-cards")
        self.query_one(Piles).large = large
        hand.set_size(large=large, label_rows=labels)
        for seat in seats:
            seat.level = level
        for seat in row_t:
            seat.styles.width = top_width
        for column in ("#seats-left", "#seats-right"):
            self.query_one(column).styles.width = side
        self.query_one("#seats-left").display = bool(left)
        self.query_one("#seats-right").display = bool(right)
        self.query_one("#seats-top").display = bool(top)

    # --- state ------------------------------------------------------------------------
    def commit(self, state: GameState) -> None:
        """The one way the table's state changes (after apply, undo or a new round)."""
        self.session.commit(state)
        self.rummy.set_game_state(self.session.saved_state())
        timer = self.query_one(TurnTimer)
        if timer.key is not None and timer.key != self.session.turn_key() \
                or not self.session.in_play:
            timer.stop()
        self._advance()

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """A table message goes to the message lines above the hand, in place of the last
        one (the newest answers the last key); an error is a toast, and stays."""
        if severity == "error":
            self.rummy.notify(message, title=title, severity=severity, timeout=timeout,
                              markup=markup)
        else:
            self.query_one(TableMessages).say(message, title=title, severity=severity)

    def _clear_messages(self) -> None:
        """The last player's messages are no business of the next one's (a hint names the
        cards of the hand it was for)."""
        self.app.clear_notifications()
        self.query_one(TableMessages).clear()

    # --- turn controller -------------------------------------------------------------
    def _advance(self) -> None:
        had_hand = self.session.viewer is not None
        step = self.session.advance()
        match step:
            case ShowSummary(first=first):
                self._redraw()
                if first:
                    self._show_summary()
            case BotTurn():
                if had_hand and self.session.viewer is None:
                    self._clear_messages()
                self._redraw()
                self._schedule_bot()
            case HandOver(seat=seat):
                if not self._screens_above_mounted():
                    # one was opened in this instant: closed before it is drawn, it would
                    # stop the app (Textual's command palette does); close it after the
                    # refresh that draws it
                    self.call_after_refresh(self._advance)
                    return
                # Hide the last hand before anything else is drawn, then hand over. Its
                # messages go too, and the screens opened over the table (the rules, the
                # palette): the next player starts at the table (issue 30).
                self._close_screens_above()
                self._clear_messages()
                self._redraw()
                self._footer_changed()
                recap = recap_lines(self.session.recap(seat, peek=True), self.state,
                                    self.rummy.ascii)
                self.app.push_screen(PassDeviceScreen(self.state.players[seat].name,
                                                      recap=recap),
                                     lambda _: self._handed_over(seat))
            case HumanTurn(seat=seat, new_turn=new_turn):
                self._redraw()
                if new_turn:
                    self._recap(seat)

    def _handed_over(self, seat: int) -> None:
        if not self.session.handed_over(seat):
            self._advance()
            return
        self._redraw()
        self._recap(seat)

    def _screens_above_mounted(self) -> bool:
        stack = self.app.screen_stack
        return self not in stack or all(
            screen.is_mounted for screen in stack[stack.index(self) + 1:])

    def _close_screens_above(self) -> None:
        """Close whatever is open over the table (a dialog, the rules)."""
        while self.app.screen is not self and self in self.app.screen_stack:
            self.app.pop_screen()

    # --- the Indian turn timer ------------------------------------------------------------
    def _start_turn_timer(self) -> None:
        """Indian with ``turn_timer``: the human to move has that many seconds, counted from
        the moment the turn is on screen (after the pass screen); at zero the engine's
        MissTurn is applied. Computer players are never timed."""
        seconds = getattr(self.state.options, "turn_timer", None)
        if seconds and self.session.mover_is_human():
            self.query_one(TurnTimer).start(self.session.turn_key(), seconds)

    def time_left(self) -> int | None:
        return self.query_one(TurnTimer).time_left()

    @on(TurnTimer.Expired)
    def _time_is_up(self, event: TurnTimer.Expired) -> None:
        self.turn_timed_out(event.key)

    def turn_timed_out(self, key: Any = None) -> None:
        """The time is up: close this turn's dialogs and apply MissTurn through the engine."""
        timer = self.query_one(TurnTimer)
        if key is None:
            key = timer.key
        timer.stop()
        if key != self.session.turn_key() or not self.session.in_play:
            return
        self._close_screens_above()
        self.session.busy = False
        seat = self.state.to_move
        try:
            new_state = self.session.miss_turn()
        except RuleError as exc:
            self.notify(str(exc), severity="error")
            return
        self.query_one(Hand).clear_selection()
        self.notify(f"{self.state.players[seat].name}: time is up, the turn is missed.",
                    severity="warning")
        self.commit(new_state)

    def _recap(self, seat: int) -> None:
        """What happened since this human's last turn (public moves only: the log)."""
        lines = recap_lines(self.session.recap(seat), self.state, self.rummy.ascii)
        self._clear_messages()
        self.rummy.warn_if_unsaved(on_table=True)
        self._start_turn_timer()
        self.query_one(TableMessages).recap = tuple(lines)

    def _schedule_bot(self) -> None:
        if self._bot_timer is not None:
            return
        self.session.busy = True
        self._footer_changed()
        delay = float(self.rummy.bot_delay)
        if delay <= 0:
            self._bot_timer = True
            self.call_later(self._bot_step)
        else:
            self._bot_timer = self.set_timer(delay, self._bot_step)

    def _bot_step(self) -> None:
        self._bot_timer = None
        session = self.session
        if not session.in_play or session.mover_is_human():
            session.busy = False
            self._advance()
            return
        self._think(session.state)

    @work(thread=True, exclusive=True, group="bot")
    def _think(self, state: GameState) -> None:
        """The computer player decides in a thread, so the screen never freezes while it
        thinks (issue 15: ``hard`` searches). ``bot_action`` reads nothing but the state it
        is given (its player's view and the game's own random stream), so a resumed game
        goes on exactly as it would have."""
        action = bot_action(state)
        if not get_current_worker().is_cancelled:  # the table was left while it thought
            self.app.call_from_thread(self._bot_chose, state, action)

    def _bot_chose(self, state: GameState, action: Action) -> None:
        if self not in self.app.screen_stack:
            return
        session = self.session
        new_state, error = session.bot_move(state, action)
        if error:
            # A computer player's mistake must not freeze the table: say so (the session
            # played the first legal move that the engine accepts instead).
            self.notify(error, severity="error", timeout=10)
        if new_state is None:
            if state is not session.state and session.busy:
                # the game moved on while it thought (an undo, a time-out): look again
                session.busy = False
                self._advance()
            return
        session.busy = False
        self.commit(new_state)

    def _show_summary(self) -> None:
        self.session.busy = True
        self._footer_changed()
        self._clear_messages()
        self.app.push_screen(RoundSummaryScreen(self.state), self._summary_closed)

    def _summary_closed(self, _: object = None) -> None:
        if self.state.phase == "game_over":
            self.app.push_screen(GameOverScreen(self.state))
            return
        self.session.busy = False
        try:
            new_state = self.session.next_round()
        except RuleError as exc:
            self.notify(str(exc), severity="error")
            return
        self.commit(new_state)

    # --- playing ------------------------------------------------------------------------
    def play(self, action: Any, *, undoable: bool = False) -> bool:
        """Send one move to the engine; a refusal is the rule's reason in a notification."""
        if not self.session.my_turn():
            return False
        try:
            new_state = self.session.play(action, undoable=undoable)
        except RuleError as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return False
        self.query_one(Hand).clear_selection()
        self.query_one(TableMessages).clear_feedback()
        if declared_wrongly(action, new_state, self.session.viewer):
            self._wrong_declaration(new_state, action.finish)
            return True
        drew = isinstance(action, (DrawStock, TakeDiscard))
        if drew:
            # The card just drawn is marked, and the cursor goes to it (issue 12).
            hand = self.query_one(Hand)
            hand.mark_new(hand.cards)
        self.commit(new_state)
        if drew and self.motion():
            # ... and lights up a moment as it arrives from the pile (issue 30)
            # (once the hand's new row of cards is mounted)
            self.call_after_refresh(lambda: flash(self, [
                w for w in self.query_one(Hand).query(CardWidget) if w.has_class("-new")]))
        return True

    def motion(self) -> bool:
        """Whether a card that moves is highlighted a moment (issue 30): not when settings.toml
        says ``motion = false``, nor under NO_COLOR or Textual's TEXTUAL_ANIMATIONS=none."""
        if os.environ.get("NO_COLOR") or self.app.animation_level == "none":
            return False
        store = getattr(self.app, "settings", None)
        return store is None or store.settings.motion is not False

    def _wrong_declaration(self, new_state: GameState, finish: Any) -> None:
        """The declarer learns what went wrong before the keyboard is passed on."""
        seat = self.session.viewer
        assert seat is not None
        self.session.busy = True
        self._footer_changed()

        def closed(_: object = None) -> None:
            self.session.busy = False
            self.commit(new_state)

        self.app.push_screen(wrong_declaration_dialog(
            new_state, seat, finish, self.rummy.ascii, self.rummy.four_colour), closed)

    # --- drawing ------------------------------------------------------------------------
    def _redraw(self) -> None:
        pv = self.session.view()
        self._show_status(pv)
        bottom, seats = self.bottom_seat(), self.seats()
        for k, seat in enumerate(seats):
            seat.show(pv, (bottom + k) % len(seats), self.session.viewer)
        by = self.session.last_discarder()
        piles = self.query_one(Piles)
        piles.motion = self.motion()
        piles.show(pv, None if by is None else pv.players[by].name)
        self.query_one(ActionLog).show(pv, self.rummy.ascii)
        self._redraw_hand()

    def _show_status(self, pv: PlayerView) -> None:
        note = ""
        if pv.phase in ("draw", "play") and pv.players[pv.to_move].kind != "human":
            note = f"({pv.players[pv.to_move].name} is thinking…)"
        self.query_one(StatusBar).show(game_title(pv), pv, note, ascii=self.rummy.ascii,
                                       **phase_words(pv))

    def _redraw_hand(self) -> None:
        """The hand of the seat on screen, in its player's order (or no hand at all)."""
        state = self.state
        hand = self.query_one(Hand)
        box = self.query_one("#hand-box")
        seat = self.session.viewer
        if seat is None:
            box.border_title = "Hand"
            hand.hide("No hand is shown: " + (
                f"the {state_word(state)} is over." if not self.session.in_play
                else f"{state.players[state.to_move].name} is playing."))
        else:
            order, sizes = self.session.hand_order(seat)
            box.border_title = Content(f"{state.players[seat].name}'s hand")  # a name: not markup
            hand.show(order, groups=sizes, labels=self.session.group_labels(order, sizes),
                      keep_selection=True,
                      wild_rank=wild_rank(state.wild_card))
        self._update_info()
        self._footer_changed()
        self._keep_orders()
        self._fit_top()

    def _keep_orders(self) -> None:
        """A new order of a hand (sorted, arranged, a card moved) is saved like a move: a
        resumed game shows every hand as its player left it."""
        game = self.rummy.game
        saved = self.session.saved_state()
        if game is not None and (saved.hand_order, saved.hand_groups) != (
                game.hand_order, game.hand_groups):
            self.rummy.set_game_state(saved)

    def action_move_card(self, delta: int) -> None:
        """shift+left / shift+right: the card under the cursor moves, the cursor with it."""
        seat = self.session.viewer
        hand = self.query_one(Hand)
        if seat is None or not hand.cards:
            return
        hand.cursor = self.session.move_card(seat, hand.cursor, delta)
        self._redraw_hand()

    def _update_info(self) -> None:
        info = self.query_one("#hand-info", InfoLine)
        hand = self.query_one(Hand)
        seat = self.session.viewer
        if seat is None or not hand.cards:
            info.update("")
            return
        # each part with the turn it is left out in when the line is too narrow
        parts: list[tuple[str, int]] = [(f"{len(hand.cards)} cards", 1)]
        try:
            arr = self.session.arrangement(hand.cards)
            parts += [(f"melds {len(arr.melds)}", 2), (f"deadwood {len(arr.deadwood)}", 2),
                      (f"penalty {arr.penalty}", 0)]
        except Exception as exc:  # the live count is a comfort: never let it break a turn
            parts.append((f"(no count: {exc})", 0))
        grouped = self.session.grouped_text(seat, hand.cards)
        if grouped:
            parts.append((grouped, 0))
        note = self.session.arranged_note(seat, hand.cards)
        if note:
            parts.append((note, 0))
        chosen = hand.selected_cards()
        if chosen:
            parts.append((f"selected: {cards_text(chosen, self.rummy.ascii, False).plain}", 0))
        if info.update(parts):
            self._fit_top()  # a line that wraps takes a row from the table

    @on(Hand.SelectionChanged)
    def _selection_changed(self) -> None:
        self._update_info()

    # --- which keys are live ----------------------------------------------------------
    def _footer_changed(self) -> None:
        """Redraw the footer only when the set of live keys changed."""
        live = live_actions(self)
        if live != self._live:
            self._live = live
            self.generation += 1

    _keys_hand: Hand | None = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The footer asks while the screen is still composing or already torn down: no hand then.
        # It asks for every key at each refresh, and a query walks the whole screen (a fifth of
        # the app's CPU, issue 26): the hand found is kept while it is attached.
        hand = self._keys_hand
        if hand is None or not hand.is_attached:
            hand = self._keys_hand = next(iter(self.query(Hand)), None)
        return action_is_live(self.session, hand, action, parameters)

    # --- settings from the command palette ------------------------------------------------
    def action_bot_speed(self, factor: float) -> None:
        app = self.rummy
        app.bot_delay = min(3.0, max(0.05, app.bot_delay * factor))
        self.notify(f"Computer players: {app.bot_delay:.2f} s a move.")

    def action_toggle_four_colour(self) -> None:
        app = self.rummy
        app.four_colour = not app.four_colour
        self.query_one(Hand).four_colour = app.four_colour
        self.query_one(Piles).four_colour = app.four_colour
        for seat in self.query(Seat):
            seat.four_colour = app.four_colour
        self._redraw()

    # --- the mouse ------------------------------------------------------------------------
    @on(Piles.Clicked)
    def _pile_clicked(self, event: Piles.Clicked) -> None:
        if event.depth == 0:
            self.action_attempt("draw_stock")
        else:
            self.action_attempt("take_discard", event.depth)

    @on(CardWidget.Clicked)
    def _stray_card_click(self, event: CardWidget.Clicked) -> None:
        event.stop()
