"""The table: one game in play, hot seat.

The game itself lives in a :class:`TableSession` (state, undo, seats, who plays next); this
screen lays out the table, renders the session's :class:`PlayerView` of the seat on screen,
and turns keys into moves (``table_moves``). It decides nothing about the rules: the footer
shows the actions that the viewer's legal moves list, and a refused move is the engine's
``RuleError`` message in a notification.

Privacy: the session's ``viewer`` is the only seat whose hand is drawn. With two or more
humans it is cleared (no hand drawn) whenever the turn leaves a human, and the next human's
hand is drawn only after the pass-the-device screen has been dismissed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer

from ...core.state import (
    Close,
    Declare,
    Discard,
    DrawStock,
    Drop,
    EndOnEmptyStock,
    GameState,
    LayOff,
    Meld,
    PlayerView,
    TakeDiscard,
)
from ...core.variants import RuleError
from ..typed import rummy_app
from ..rules import wild_rank
from ..session import BotTurn, HandOver, HumanTurn, ShowSummary, TableSession
from ..widgets.card import CardWidget
from ..widgets.hand import Hand, InfoLine
from ..widgets.table_parts import (
    ActionLog,
    Opponents,
    Piles,
    StatusBar,
    TableMelds,
    ascii_text,
    cards_text,
    game_title,
    merged_log,
    phase_words,
)
from ..widgets.messages import TableMessages
from ..widgets.turn_timer import TurnTimer
from ..dialogs.finish import declared_wrongly, state_word
from .table_moves import TableMoves, describe

if TYPE_CHECKING:
    from ..app import RummyApp

__all__ = ["TableScreen", "describe"]

# Which game action each footer action stands for (check_action asks the legal moves).
_ACTION_TYPES: dict[str, tuple[type, ...]] = {
    "draw_stock": (DrawStock,),
    "take_discard": (TakeDiscard,),
    "meld": (Meld,),
    "lay_off": (LayOff,),
    "discard": (Discard,),
    "close": (Close,),
    "declare": (Declare,),
    "drop": (Drop,),
    "end_round": (EndOnEmptyStock,),
}
_HAND_ACTIONS = {"cursor", "toggle", "sort", "arrange", "hint", "undo"}


class TableScreen(TableMoves, Screen[None]):
    BINDINGS = [
        Binding("left", "cursor(-1)", "◀", show=False),
        Binding("right", "cursor(1)", "▶", show=False),
        Binding("home", "cursor_to(0)", "First card", show=False),
        Binding("end", "cursor_to(-1)", "Last card", show=False),
        Binding("escape", "clear_selection", "Clear selection", show=False),
        Binding("space", "toggle", "Select"),
        Binding("s", "draw_stock", "Stock"),
        Binding("s", "attempt('draw_stock')", show=False),
        Binding("d", "take_discard(1)", "Take"),
        Binding("d", "attempt('take_discard', 1)", show=False),
        # Remi only: the nth card from the top of the discard pile.
        Binding("1", "take_nth(1)", "Take 1", show=False),
        Binding("1", "attempt('take_nth', 1)", show=False),
        Binding("2", "take_nth(2)", "Take 2"),
        Binding("2", "attempt('take_nth', 2)", show=False),
        Binding("3", "take_nth(3)", "Take 3"),
        Binding("3", "attempt('take_nth', 3)", show=False),
        Binding("m", "meld", "Meld"),
        Binding("m", "attempt('meld')", show=False),
        Binding("l", "lay_off", "Lay off"),
        Binding("l", "attempt('lay_off')", show=False),
        Binding("x", "discard", "Discard"),
        Binding("x", "attempt('discard')", show=False),
        Binding("c", "close", "Close"),
        Binding("c", "declare", "Declare"),
        Binding("c", "go_out", "Go out"),
        Binding("c", "attempt('close')", show=False),
        Binding("r", "drop", "Drop"),
        Binding("r", "attempt('drop')", show=False),
        Binding("e", "end_round", "End (stock empty)"),
        Binding("e", "attempt('end_round')", show=False),
        # Sort is in the help and the palette: the footer of a Rummy turn is full at 80 columns.
        Binding("o", "sort", "Sort", show=False),
        Binding("a", "arrange", "Arrange"),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("u", "nothing_to_undo", show=False),
        Binding("question_mark", "app.help", "Rules"),
        Binding("ctrl+s", "app.save", "Save", show=False),
        # ctrl+q quits everywhere (an app binding); the table's footer needs the room.
        Binding("ctrl+q", "app.quit", "Quit", show=False, priority=True),
    ]

    # Bumped on every change that can change which actions are legal: the footer follows.
    generation: reactive[int] = reactive(0, bindings=True)

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.session = TableSession(state)
        self._bot_timer: Any = None
        self._live: tuple[bool, ...] = ()

    @property
    def rummy(self) -> RummyApp:
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
        with Horizontal(id="status-row"):
            yield TurnTimer(ascii=ascii, id="turn-timer")
            yield StatusBar(id="status")
        with Horizontal(id="table-top"):
            with Vertical(id="players-box"):
                yield Opponents(id="players")
            yield Piles(ascii=ascii, four_colour=four, id="piles")
            with Vertical(id="log-box"):
                yield ActionLog(id="log")
        yield TableMelds(ascii=ascii, four_colour=four, id="melds")
        yield TableMessages(id="messages")
        with Vertical(id="hand-box"):
            yield InfoLine(id="hand-info")
            yield Hand(ascii=ascii, four_colour=four, id="hand")
        yield Footer(compact=True, show_command_palette=False)

    def on_mount(self) -> None:
        self.query_one("#players-box").border_title = "Players"
        self.query_one("#log-box").border_title = "Log"
        self.query_one("#melds").border_title = "Table"
        self.query_one("#hand-box").border_title = "Hand"
        # Up to ten seats (Fournier): the players' box grows to show them all; Remigio has
        # no melds on the table, so the room is taken from an empty panel.
        seats = len(self.state.players)
        if seats > 4:
            self.query_one("#table-top").styles.height = min(13, seats + 3)
        self.commit(self.state)

    # --- state ------------------------------------------------------------------------
    def commit(self, state: GameState) -> None:
        """The one way the table's state changes (after apply, undo or a new round)."""
        self.session.commit(state)
        self.rummy.set_game_state(state)
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
                # Hide the last hand before anything else is drawn, then hand over. Its
                # messages go too.
                self._clear_messages()
                self._redraw()
                self._footer_changed()
                from ..dialogs.pass_device import PassDeviceScreen

                self.app.push_screen(PassDeviceScreen(self.state.players[seat].name),
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
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
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
        others = self.session.recap(seat)
        lines = [ascii_text(t, self.rummy.ascii)
                 for t in merged_log(others, self.state.players)]
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
        new_state, error = session.bot_move()
        if error:
            # A computer player's mistake must not freeze the table: say so (the session
            # played the first legal move that the engine accepts instead).
            self.notify(error, severity="error", timeout=10)
        if new_state is None:
            return
        session.busy = False
        self.commit(new_state)

    def _show_summary(self) -> None:
        from .summary import RoundSummaryScreen

        self.session.busy = True
        self._footer_changed()
        self._clear_messages()
        self.app.push_screen(RoundSummaryScreen(self.state), self._summary_closed)

    def _summary_closed(self, _: object = None) -> None:
        if self.state.phase == "game_over":
            from .summary import GameOverScreen

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
        if isinstance(action, (DrawStock, TakeDiscard)):
            # The card just drawn is marked, and the cursor goes to it (issue 12).
            hand = self.query_one(Hand)
            hand.mark_new(hand.cards)
        self.commit(new_state)
        return True

    def _wrong_declaration(self, new_state: GameState, finish: Any) -> None:
        """The declarer learns what went wrong before the keyboard is passed on."""
        from ..dialogs.finish import wrong_declaration_dialog

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
        self.query_one(Opponents).show(pv, self.session.viewer)
        self.query_one(Piles).show(pv, 3 if pv.variant == "remi" else 1)
        self.query_one(TableMelds).show(pv)
        self.query_one(ActionLog).show(pv, self.rummy.ascii)
        self._redraw_hand()

    def _show_status(self, pv: PlayerView) -> None:
        note = ""
        if pv.phase in ("draw", "play") and pv.players[pv.to_move].kind != "human":
            note = f"({pv.players[pv.to_move].name} is thinking…)"
        self.query_one(StatusBar).show(game_title(pv), pv, note, **phase_words(pv))

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
            hand.show(order, groups=sizes, keep_selection=True,
                      wild_rank=wild_rank(state.wild_card))
        self._update_info()
        self._footer_changed()

    def _update_info(self) -> None:
        info = self.query_one("#hand-info", InfoLine)
        hand = self.query_one(Hand)
        seat = self.session.viewer
        if seat is None or not hand.cards:
            info.update("")
            return
        try:
            arr = self.session.arrangement(hand.cards)
            text = (f"{len(hand.cards)} cards · melds {len(arr.melds)} · "
                    f"deadwood {len(arr.deadwood)} · penalty {arr.penalty}")
        except Exception as exc:  # the live count is a comfort: never let it break a turn
            text = f"{len(hand.cards)} cards · (no count: {exc})"
        note = self.session.arranged_note(seat, hand.cards)
        if note:
            text += f" · {note}"
        chosen = hand.selected_cards()
        if chosen:
            text += f" · selected: {cards_text(chosen, self.rummy.ascii, False).plain}"
        info.update(text)

    @on(Hand.SelectionChanged)
    def _selection_changed(self) -> None:
        self._update_info()

    # --- which keys are live ----------------------------------------------------------
    def _footer_changed(self) -> None:
        """Redraw the footer only when the set of live keys changed: rebuilding it costs
        a layout of the whole screen, which a cursor move or a sort must not pay."""
        live = tuple(
            bool(self.check_action(name, params))
            for name, params in (
                *((n, ()) for n in _ACTION_TYPES),
                ("take_nth", (1,)), ("take_nth", (2,)), ("take_nth", (3,)),
                ("undo", ()), ("hint", ()), ("sort", ()), ("go_out", ()),
            )
        )
        if live != self._live:
            self._live = live
            self.generation += 1

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        session = self.session
        if action == "take_nth":
            if session.state.variant != "remi" or not session.my_turn():
                return False
            return any(isinstance(a, TakeDiscard) and a.depth == parameters[0]
                       for a in session.legal())
        if action in _ACTION_TYPES:
            if not session.my_turn():
                return False
            types = _ACTION_TYPES[action]
            for legal in session.legal():
                if isinstance(legal, types):
                    if action == "take_discard" and parameters and legal.depth != parameters[0]:
                        continue
                    return True
            return False
        if action == "go_out":
            # Offered when the hand can be laid out whole (or but one card discarded).
            if not session.my_turn() or session.state.phase != "play" or not any(
                    isinstance(a, Meld) for a in session.legal()):
                return False
            try:
                return len(session.arrangement(self.query_one(Hand).cards).deadwood) <= 1
            except Exception:
                return False
        if action == "nothing_to_undo":
            return session.viewer is not None and not session.busy
        if action in _HAND_ACTIONS:
            if action == "undo":
                return session.my_turn() and bool(session.undo_stack)
            if action == "hint":
                return session.my_turn()
            return session.viewer is not None
        return True

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
        self.query_one(TableMelds).four_colour = app.four_colour
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
