"""The table: one game in play, hot seat, with the turn controller.

The screen renders ``view(state, viewer)`` for the human whose turn it is (or, with a single
human at the keyboard, for that human all the time) and sends every move to ``apply``. It
decides nothing about the rules: the footer shows the actions that ``legal_actions`` lists,
and a refused move is the engine's ``RuleError`` message in a notification.

Privacy: ``viewer`` is the only seat whose hand is drawn. With two or more humans it is
cleared (no hand drawn) whenever the turn leaves a human, and the next human's hand is drawn
only after the pass-the-device screen has been dismissed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer

from ...core.cards import Card, sort_key_rank, sort_key_suit
from ...core.engine import apply, check_action, legal_actions, view
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
    MissTurn,
    NextRound,
    PlayerView,
    TakeDiscard,
)
from ...core.variants import RuleError
from ..presets import PRESETS, VARIANT_TITLES
from ..rules import best_arrangement, merge_order, rules_for, wild_rank
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
    merged_log,
)

# Which game action each footer action stands for (check_action asks legal_actions).
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


def describe(action: Any, ascii: bool = False) -> str:
    """An action in words, for hints."""
    def cards(cs: Any) -> str:
        return " ".join(c.symbol(ascii) for c in cs)

    match action:
        case DrawStock():
            return "draw from the stock"
        case TakeDiscard(depth=1):
            return "take the top discard"
        case TakeDiscard(depth=depth):
            return f"take discard number {depth} from the top"
        case Meld(cards=cs):
            return f"meld {cards(cs)}"
        case LayOff(cards=cs, meld_index=i):
            return f"lay off {cards(cs)} on meld {i + 1}"
        case Discard(card=c):
            return f"discard {c.symbol(ascii)}"
        case Close(discard=c):
            return f"close, discarding {c.symbol(ascii)} face down"
        case Declare(finish=c):
            return f"declare with {c.symbol(ascii)} in the finish slot"
        case Drop():
            return "drop"
        case EndOnEmptyStock():
            return "end the round (the stock is empty)"
    return str(action)


class TableScreen(Screen[None]):
    BINDINGS = [
        Binding("left", "cursor(-1)", "◀", show=False),
        Binding("right", "cursor(1)", "▶", show=False),
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
        Binding("question_mark", "app.help", "Rules"),
        Binding("ctrl+s", "app.save", "Save", show=False),
        # ctrl+q quits everywhere (an app binding); the table's footer needs the room.
        Binding("ctrl+q", "app.quit", "Quit", show=False, priority=True),
    ]

    # Bumped on every change that can change which actions are legal: the footer follows.
    generation: reactive[int] = reactive(0, bindings=True)

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state
        self.viewer: int | None = None
        """The seat whose hand is on screen (None: no hand is shown)."""
        self.busy = False
        """A pass screen, dialog or summary is up, or a computer player is moving."""
        self._legal: list[Any] | None = None
        self._orders: dict[int, list[Card]] = {}
        self._groups: dict[int, tuple[list[Card], list[int]]] = {}
        self._sort_by_rank: dict[int, bool] = {}
        self._undo: list[tuple[GameState, list[Card], tuple[list[Card], list[int]] | None]] = []
        self._turn_key: tuple[int, int, int] | None = None
        self._seen_log: dict[int, int] = {}
        self._summary_shown_for: int | None = None
        self._bot_timer: Any = None
        self._arrangement_cache: dict[tuple, Any] = {}
        self._arrange_notes: dict[int, str] = {}
        """Per seat: what its auto-arranged groups are, when they are not the counted melds."""
        self._live: tuple[bool, ...] = ()
        self._timer_key: tuple[int, int, int] | None = None
        """The turn the Indian turn timer runs for (None: no timer running)."""
        self._deadline = 0.0
        self._ticker: Any = None

    # --- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        ascii = self.app.ascii  # type: ignore[attr-defined]
        four = self.app.four_colour  # type: ignore[attr-defined]
        yield StatusBar(id="status")
        with Horizontal(id="table-top"):
            with Vertical(id="players-box"):
                yield Opponents(id="players")
            yield Piles(ascii=ascii, four_colour=four, id="piles")
            with Vertical(id="log-box"):
                yield ActionLog(id="log")
        yield TableMelds(ascii=ascii, four_colour=four, id="melds")
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
    @property
    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.state.players) if p.kind == "human"]

    def commit(self, state: GameState) -> None:
        """The one way the table's state changes (after apply, undo or a new round)."""
        self.state = state
        self._legal = None
        self.app.set_game_state(state)  # type: ignore[attr-defined]
        if self._timer_key is not None and self._timer_key != (
                state.round_no, state.turn, state.to_move) or state.phase not in ("draw", "play"):
            self._stop_turn_timer()
        self._advance()

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """One table message at a time (errors stay): at 80x24 a second toast stacked
        under the first would cover the hand, and the newest message is the one that
        answers the last key. Plain text by default: messages hold players' names."""
        app = self.app
        for old in list(app._notifications):
            if old.severity != "error":
                app._unnotify(old, refresh=False)
        if timeout is None:
            super().notify(message, title=title, severity=severity, markup=markup)
        else:
            super().notify(message, title=title, severity=severity, timeout=timeout,
                           markup=markup)

    def legal(self) -> list[Any]:
        if self._legal is None:
            state = self.state
            if state.phase in ("draw", "play"):
                self._legal = legal_actions(state)
            else:
                self._legal = []
        return self._legal

    def _player_view(self) -> PlayerView:
        seat = self.viewer if self.viewer is not None else self.state.to_move
        return view(self.state, seat)

    # --- turn controller -------------------------------------------------------------
    def _advance(self) -> None:
        state = self.state
        if state.phase in ("round_over", "game_over"):
            self._set_viewer_for_summary()
            self._redraw()
            if self._summary_shown_for != len(state.history):
                self._summary_shown_for = len(state.history)
                self._show_summary()
            return
        mover = state.to_move
        key = (state.round_no, state.turn, mover)
        new_turn = key != self._turn_key
        if new_turn:
            self._turn_key = key
            self._undo.clear()
        if state.players[mover].kind != "human":
            if len(self.humans) != 1:
                if self.viewer is not None:
                    self.app.clear_notifications()
                self.viewer = None
            else:
                self.viewer = self.humans[0]
            self._redraw()
            self._schedule_bot()
            return
        if mover != self.viewer and len(self.humans) > 1:
            # Hide the last hand before anything else is drawn, then hand over. Its
            # notifications go too: a hint names the cards of the hand it was for.
            self.viewer = None
            self.app.clear_notifications()
            self._redraw()
            self.busy = True
            self._footer_changed()
            from ..dialogs.pass_device import PassDeviceScreen

            self.app.push_screen(
                PassDeviceScreen(state.players[mover].name), lambda _: self._handed_over(mover)
            )
            return
        self.viewer = mover
        self.busy = False
        self._redraw()
        if new_turn:
            self._recap(mover)

    def _handed_over(self, seat: int) -> None:
        self.busy = False
        if self.state.to_move != seat or self.state.phase not in ("draw", "play"):
            self._advance()
            return
        self.viewer = seat
        self._redraw()
        self._recap(seat)

    # --- the Indian turn timer ------------------------------------------------------------
    def _start_turn_timer(self) -> None:
        """Indian with ``turn_timer``: the human to move has that many seconds, counted from
        the moment the turn is on screen (after the pass screen), shown in the header; at
        zero the engine's MissTurn is applied. Computer players are never timed."""
        import time

        state = self.state
        seconds = getattr(state.options, "turn_timer", None)
        key = (state.round_no, state.turn, state.to_move)
        if not seconds or state.players[state.to_move].kind != "human" or key == self._timer_key:
            return
        self._stop_turn_timer()
        self._timer_key = key
        self._deadline = time.monotonic() + seconds
        self._ticker = self.set_interval(0.5, self._tick)
        self._show_status()

    def _stop_turn_timer(self) -> None:
        if self._ticker is not None:
            self._ticker.stop()
        self._ticker = None
        self._timer_key = None

    def time_left(self) -> int | None:
        import math
        import time

        if self._timer_key is None:
            return None
        return max(0, math.ceil(self._deadline - time.monotonic()))

    def _tick(self) -> None:
        left = self.time_left()
        if left is None:
            return
        if left <= 0:
            self.turn_timed_out()
        else:
            self._show_status()

    def turn_timed_out(self) -> None:
        """The time is up: close this turn's dialogs and apply MissTurn through the engine."""
        key = self._timer_key
        self._stop_turn_timer()
        state = self.state
        if key != (state.round_no, state.turn, state.to_move) or state.phase not in (
                "draw", "play"):
            return
        while self.app.screen is not self and len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        self.busy = False
        try:
            new_state = apply(state, MissTurn())
        except RuleError as exc:
            self.notify(str(exc), severity="error")
            return
        seat = state.to_move
        self.query_one(Hand).clear_selection()
        self._seen_log[seat] = len(new_state.log)
        self.notify(f"{state.players[seat].name}: time is up, the turn is missed.",
                    severity="warning")
        self.commit(new_state)

    def _recap(self, seat: int) -> None:
        """What happened since this human's last turn (public moves only: the log)."""
        log = self.state.log
        start = self._seen_log.get(seat)
        self._seen_log[seat] = len(log)
        if start is None:
            entries = [e for e in log if e.round_no == self.state.round_no][-6:]
        else:
            entries = log[start:]
        others = [e for e in entries if e.player != seat]
        lines = [ascii_text(t, self.app.ascii)  # type: ignore[attr-defined]
                 for t in merged_log(others, self.state.players)]
        # The last player's notifications are no business of this one's.
        self.app.clear_notifications()
        self.app.warn_if_unsaved(on_table=True)  # type: ignore[attr-defined]
        self._start_turn_timer()
        if lines:
            # The toast sits over the table's melds, between the piles and the hand: at 24
            # rows that is room for about five lines, and it must not cover the hand.
            # (rows: the title, two of padding, one of margin; a toast is half as wide as
            # the screen, so a long line takes two).
            room = max(2, min(9, self.app.size.height - 20))
            width = max(20, self.app.size.width // 2 - 6)
            shown: list[str] = []
            for line in reversed(lines):
                rows = -(-len(line) // width)
                if rows > room - (len(lines) > len(shown) + 1):
                    break
                room -= rows
                shown.insert(0, line)
            if len(shown) < len(lines):
                shown.insert(0, f"… {len(lines) - len(shown)} earlier (see the log)")
            self.notify("\n".join(shown), title="Since your last turn", timeout=5)

    def _set_viewer_for_summary(self) -> None:
        self.viewer = self.humans[0] if len(self.humans) == 1 else None

    def _schedule_bot(self) -> None:
        if self._bot_timer is not None:
            return
        self.busy = True
        self._footer_changed()
        delay = float(self.app.bot_delay)  # type: ignore[attr-defined]
        if delay <= 0:
            self._bot_timer = True
            self.call_later(self._bot_step)
        else:
            self._bot_timer = self.set_timer(delay, self._bot_step)

    def _bot_step(self) -> None:
        self._bot_timer = None
        state = self.state
        if state.phase not in ("draw", "play") or state.players[state.to_move].kind == "human":
            self.busy = False
            self._advance()
            return
        from ...core.bots import bot_action

        seat = state.to_move
        # bot_action draws from the game's own random stream, so a resumed game goes on
        # exactly as it would have.
        action = bot_action(state)
        try:
            new_state = apply(state, action)
        except RuleError as exc:
            # A computer player's mistake must not freeze the table: say so, and play the
            # first legal move that the engine accepts instead.
            self.notify(f"{state.players[seat].name} (computer) tried an illegal move: {exc}",
                        severity="error", timeout=10)
            for fallback in legal_actions(state):
                try:
                    new_state = apply(state, fallback)
                    break
                except RuleError:
                    continue
            else:
                return
        self.busy = False
        self.commit(new_state)

    def _show_summary(self) -> None:
        from .summary import RoundSummaryScreen

        self.busy = True
        self._footer_changed()
        self.app.clear_notifications()
        self.app.push_screen(RoundSummaryScreen(self.state), self._summary_closed)

    def _summary_closed(self, _: object = None) -> None:
        if self.state.phase == "game_over":
            from .summary import GameOverScreen

            self.app.push_screen(GameOverScreen(self.state))
            return
        self.busy = False
        try:
            new_state = apply(self.state, NextRound())
        except RuleError as exc:
            self.notify(str(exc), severity="error")
            return
        self._seen_log.clear()
        self.commit(new_state)

    # --- drawing ------------------------------------------------------------------------
    def _redraw(self) -> None:
        state = self.state
        pv = self._player_view()
        ascii = self.app.ascii  # type: ignore[attr-defined]
        self._show_status(pv)
        self.query_one(Opponents).show(pv, self.viewer)
        self.query_one(Piles).show(pv, 3 if state.variant == "remi" else 1)
        self.query_one(TableMelds).show(pv)
        self.query_one(ActionLog).show(pv, ascii)
        self._redraw_hand(pv)

    def _show_status(self, pv: PlayerView | None = None) -> None:
        state = self.state
        if pv is None:
            pv = self._player_view()
        note = ""
        if state.phase in ("draw", "play") and state.players[state.to_move].kind != "human":
            note = f"({state.players[state.to_move].name} is thinking…)"
        left = self.time_left()
        timer = ""
        if left is not None:
            timer = f"{'' if self.app.ascii else '⏱ '}{left} s"  # type: ignore[attr-defined]
        self.query_one(StatusBar).show(*self._title(), pv, note, timer=timer,
                                       **self._phase_words())

    def _title(self) -> tuple[str]:
        state = self.state
        fmt = getattr(state.options, "format", None)
        if state.variant == "indian" and fmt:
            for preset in PRESETS:
                if preset.variant == "indian" and preset.options.get("format", "points") == fmt:
                    return (preset.title,)
        return (VARIANT_TITLES.get(state.variant, state.variant),)

    def _phase_words(self) -> dict[str, Any]:
        """What the status bar names: the deal (Indian), and the phases of a turn as the
        variant has them (melds on the table or kept in the hand; declare or close)."""
        from ...core.variants import RULESETS

        state = self.state
        rs = RULESETS[state.variant]
        words: dict[str, Any] = {"table_melds": bool(rs.table_melds)}
        if getattr(rs, "can_declare", False):
            words["finish"] = "Declare"
        elif getattr(rs, "can_close", False) and not rs.table_melds:
            words["finish"] = "Close"
        if state.variant == "indian":
            deals = getattr(state.options, "deals", None)
            if getattr(state.options, "format", None) == "deals" and deals:
                words["round_name"] = f"deal {state.round_no} of {deals}"
            else:
                words["round_name"] = f"deal {state.round_no}"
        return words

    def _redraw_hand(self, pv: PlayerView | None = None) -> None:
        """The hand of the seat on screen, in its player's order (or no hand at all)."""
        state = self.state
        hand = self.query_one(Hand)
        box = self.query_one("#hand-box")
        if self.viewer is None:
            box.border_title = "Hand"
            hand.hide("No hand is shown: " + (
                "the round is over." if state.phase in ("round_over", "game_over")
                else f"{state.players[state.to_move].name} is playing."))
        else:
            seat = self.viewer
            if pv is None or pv.player != seat:
                pv = view(state, seat)
            cards = pv.hand
            order = self._order_for(seat, cards)
            groups = self._groups.get(seat)
            sizes = groups[1] if groups and groups[0] == order else None
            box.border_title = Content(f"{state.players[seat].name}'s hand")  # a name: not markup
            hand.show(order, groups=sizes, keep_selection=True, wild_rank=wild_rank(state.wild_card))
        self._update_info()
        self._footer_changed()

    def _order_for(self, seat: int, cards: list[Card]) -> list[Card]:
        order = merge_order(self._orders.get(seat, []), cards)
        self._orders[seat] = order
        return order

    def _arrangement(self, cards: list[Card], grouping: bool = False) -> Any:
        """The best arrangement of these cards (cached: the hand changes rarely).

        ``grouping`` relaxes the variant's whole-hand conditions (Indian: two sequences
        with one pure; Remi: a sequence before sets) so that auto-arrange still groups the
        melds a player is building; the penalty shown is always the real one."""
        state = self.state
        seat = self.viewer
        seq_down = bool(seat is not None and state.seq_down and state.seq_down[seat])
        key = (tuple(sorted(cards)), seq_down, grouping)
        found = self._arrangement_cache.get(key)
        if found is None:
            rules = rules_for(state.variant, state.options, state.wild_card)
            if grouping:
                rules = replace(rules, declaration=False, sets_need_sequence=False, cap=None)
            found = best_arrangement(cards, rules, sequence_down=seq_down)
            if len(self._arrangement_cache) > 256:
                self._arrangement_cache.clear()
            self._arrangement_cache[key] = found
        return found

    def _update_info(self) -> None:
        info = self.query_one("#hand-info", InfoLine)
        hand = self.query_one(Hand)
        if self.viewer is None or not hand.cards:
            info.update("")
            return
        try:
            arr = self._arrangement(hand.cards)
            text = (f"{len(hand.cards)} cards · melds {len(arr.melds)} · "
                    f"deadwood {len(arr.deadwood)} · penalty {arr.penalty}")
        except Exception as exc:  # the live count is a comfort: never let it break a turn
            text = f"{len(hand.cards)} cards · (no count: {exc})"
        groups = self._groups.get(self.viewer)
        note = self._arrange_notes.get(self.viewer, "")
        if note and groups and groups[0] == hand.cards:
            text += f" · {note}"
        chosen = hand.selected_cards()
        if chosen:
            text += f" · selected: {cards_text(chosen, self.app.ascii, False).plain}"  # type: ignore[attr-defined]
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

    def _my_turn(self) -> bool:
        return (
            not self.busy
            and self.viewer is not None
            and self.viewer == self.state.to_move
            and self.state.phase in ("draw", "play")
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_nth":
            if self.state.variant != "remi" or not self._my_turn():
                return False
            return any(isinstance(a, TakeDiscard) and a.depth == parameters[0]
                       for a in self.legal())
        if action in _ACTION_TYPES:
            if not self._my_turn():
                return False
            types = _ACTION_TYPES[action]
            for legal in self.legal():
                if isinstance(legal, types):
                    if action == "take_discard" and parameters and legal.depth != parameters[0]:
                        continue
                    return True
            return False
        if action == "go_out":
            # Offered when the hand can be laid out whole (or but one card discarded).
            if not self._my_turn() or self.state.phase != "play" or not any(
                    isinstance(a, Meld) for a in self.legal()):
                return False
            try:
                return len(self._arrangement(self.query_one(Hand).cards).deadwood) <= 1
            except Exception:
                return False
        if action in _HAND_ACTIONS:
            if action == "undo":
                return self._my_turn() and bool(self._undo)
            if action == "hint":
                return self._my_turn()
            return self.viewer is not None
        return True

    # --- playing ------------------------------------------------------------------------
    def play(self, action: Any, *, undoable: bool = False) -> bool:
        """Send one move to the engine; a refusal is the rule's reason in a notification."""
        if not self._my_turn():
            return False
        try:
            new_state = apply(self.state, action)
        except RuleError as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return False
        seat = self.viewer
        assert seat is not None
        if isinstance(action, (DrawStock, TakeDiscard)):
            self._undo.clear()
        elif undoable:
            groups = self._groups.get(seat)
            self._undo.append((self.state, list(self._orders.get(seat, [])), groups))
        hand = self.query_one(Hand)
        hand.clear_selection()
        if new_state.to_move != seat or new_state.phase != "play":
            self._seen_log[seat] = len(new_state.log)
        if (isinstance(action, Declare) and new_state.phase in ("draw", "play")
                and new_state.out[seat]):
            self._wrong_declaration(seat, new_state)
            return True
        self.commit(new_state)
        return True

    def _wrong_declaration(self, seat: int, new_state: GameState) -> None:
        """The declarer learns what went wrong before the keyboard is passed on: the
        declaration showed the hand to everyone, so the modal shows it too."""
        from ..dialogs.choose import MessageDialog

        ascii = self.app.ascii  # type: ignore[attr-defined]
        four = self.app.four_colour  # type: ignore[attr-defined]
        penalty = new_state.drops[seat] if new_state.drops else 0
        body = Text("The declared hand: ")
        body.append_text(cards_text(list(new_state.hands[seat]), ascii, four))
        entry = next((e.text for e in reversed(new_state.log) if e.player == seat), "")
        if entry:
            body.append(f"\n\n{ascii_text(entry, ascii)}", style="dim")
        self.busy = True
        self._footer_changed()

        def closed(_: object = None) -> None:
            self.busy = False
            self.commit(new_state)

        self.app.push_screen(MessageDialog(
            f"Wrong declaration: {penalty} points, you are out of this deal", body), closed)

    def action_cursor(self, delta: int) -> None:
        self.query_one(Hand).move_cursor(delta)

    def action_toggle(self) -> None:
        self.query_one(Hand).toggle()

    def action_draw_stock(self) -> None:
        self.play(DrawStock())

    def action_take_discard(self, depth: int = 1) -> None:
        self.play(TakeDiscard(depth))

    def action_take_nth(self, depth: int) -> None:
        if self.state.variant == "remi":  # 1, 2, 3 are Remi's keys only
            self.play(TakeDiscard(depth))

    def _refused(self, probe: Any) -> bool:
        """Before a dialog or a selection message: when no move of this kind is legal now,
        show the engine's reason for ``probe`` and say so (the engine decides, not the app)."""
        if any(isinstance(a, type(probe)) for a in self.legal()):
            return False
        try:
            check_action(self.state, probe)
        except RuleError as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return True
        return False

    def _need_cards(self, what: str) -> list[Card] | None:
        cards = self.query_one(Hand).target_cards()
        if not cards:
            self.notify(f"Select the cards to {what} first (space).", severity="warning")
            return None
        return cards

    def action_meld(self) -> None:
        cards = self.query_one(Hand).selected_cards()
        from ...core.variants import RULESETS

        # With nothing chosen yet, the engine's reason is wanted only when no meld could be
        # laid now at all (draw first; melds stay in the hand); else: how to choose one.
        if (cards or self.state.phase != "play" or not RULESETS[self.state.variant].table_melds) \
                and self._refused(Meld(tuple(cards))):
            return
        if len(cards) < 2:
            self.notify("Select the cards of the meld with space, then press m.",
                        severity="warning")
            if not cards:
                return
        self.play(Meld(tuple(cards)), undoable=True)

    def action_lay_off(self) -> None:
        if self._refused(LayOff(tuple(self.query_one(Hand).target_cards()), 0)):
            return
        cards = self._need_cards("lay off")
        if cards is None:
            return
        if not self.state.table:
            self.play(LayOff(tuple(cards), 0), undoable=True)  # the engine says why not
            return
        from ..dialogs.choose import ChooseMeldDialog

        ascii = self.app.ascii  # type: ignore[attr-defined]
        choices = [
            (i, f"{i + 1}: {self.state.players[m.owner].name}: "
                + " ".join(c.symbol(ascii) for c in m.cards))
            for i, m in enumerate(self.state.table)
        ]
        label = " ".join(c.symbol(ascii) for c in cards)

        def chosen(index: int | None) -> None:
            self.busy = False
            if index is not None:
                self.play(LayOff(tuple(cards), index), undoable=True)
            self._footer_changed()

        self.busy = True
        self.app.push_screen(ChooseMeldDialog(f"Lay off {label} onto which meld?", choices),
                             chosen)

    def _one_card(self, what: str) -> Card | None:
        hand = self.query_one(Hand)
        chosen = hand.selected_cards()
        if len(chosen) > 1:
            self.notify(f"Select one card to {what} (or none: the card under the cursor).",
                        severity="warning")
            return None
        card = chosen[0] if chosen else hand.cursor_card()
        if card is None:
            self.notify(f"There is no card to {what}.", severity="warning")
        return card

    def action_discard(self) -> None:
        card = self._one_card("discard")
        if card is not None:
            self.play(Discard(card))

    def action_close(self) -> None:
        variant = self.state.variant
        if variant == "indian":
            card = self._one_card("put in the finish slot")
            if card is None or self._refused(Declare(card)):
                return
            self._confirm(
                f"Declare with {card.symbol(self.app.ascii)} in the finish slot?\n"  # type: ignore[attr-defined]
                "The other 13 cards are shown. A wrong declaration costs 80 points.",
                lambda: self.play(Declare(card)),
            )
        elif variant in ("remigio", "remigio-fournier"):
            card = self._one_card("discard face down")
            if card is not None:
                self.play(Close(card))
        else:
            self._go_out()

    def _go_out(self) -> None:
        """Rummy and Remi go out by melding and discarding the last card: when the hand's
        best arrangement leaves at most one card, lay its melds and discard that card, each
        move through the engine (the first refusal stops, with the rule's reason)."""
        hand = self.query_one(Hand)
        if hand.cards and self._refused(Discard(hand.cards[0])):  # e.g. draw a card first
            return
        arr = self._arrangement(hand.cards)
        if len(arr.deadwood) > 1:
            can_lay_off = any(isinstance(a, LayOff) for a in self.legal())
            self.notify(
                f"You cannot go out yet: {len(arr.deadwood)} cards are not in a meld"
                + (" (lay some off with l, or keep playing)." if can_lay_off else "."),
                severity="warning")
            return
        # Runs first: in Remi a set may be laid only once a sequence is down.
        for meld in sorted(arr.melds, key=lambda m: m.kind == "set"):
            if not self.play(Meld(tuple(meld.cards)), undoable=True):
                return
        if arr.deadwood:
            self.play(Discard(arr.deadwood[0]))

    def action_go_out(self) -> None:
        self._go_out()

    def action_declare(self) -> None:
        self.action_close()

    def action_drop(self) -> None:
        if self._refused(Drop()):
            return
        state = self.state
        cost = ""
        drops = getattr(state.options, "drops", None)
        if drops is not None:  # Indian: (first drop, middle drop), by format
            first, middle = drops
            drawn = bool(state.has_drawn and state.has_drawn[state.to_move])
            cost = (f"\nA {'middle' if drawn else 'first'} drop costs "
                    f"{middle if drawn else first} points.")
        self._confirm("Drop out of this deal?" + cost, lambda: self.play(Drop()))

    def action_end_round(self) -> None:
        self.play(EndOnEmptyStock())

    def action_attempt(self, name: str, depth: int = 1) -> None:
        """A key whose move is not in the legal list: try it anyway, so the player learns
        the rule's reason from the engine (or it goes through if the list was short)."""
        if self.busy or name == "take_nth" and self.state.variant != "remi":
            return
        if self.viewer is None or self.viewer != self.state.to_move:
            if self.state.phase in ("draw", "play"):
                self.notify(f"It is {self.state.players[self.state.to_move].name}'s turn.",
                            severity="warning")
            return
        if name == "take_discard":
            self.action_take_discard(depth)
        elif name == "take_nth":
            self.action_take_nth(depth)
        elif name == "drop":
            self.play(Drop())
        else:
            getattr(self, f"action_{name}")()

    def _confirm(self, question: str, then: Callable[[], object]) -> None:
        from ..dialogs.choose import ConfirmDialog

        def answered(yes: bool | None) -> None:
            self.busy = False
            self._footer_changed()
            if yes:
                then()

        self.busy = True
        self._footer_changed()
        self.app.push_screen(ConfirmDialog(question), answered)

    # --- the hand: order, arrangement, hint, undo -------------------------------------------
    def action_sort(self) -> None:
        seat = self.viewer
        if seat is None:
            return
        by_rank = not self._sort_by_rank.get(seat, False)
        self._sort_by_rank[seat] = by_rank
        hand = self.query_one(Hand)
        self._orders[seat] = sorted(hand.cards, key=sort_key_rank if by_rank else sort_key_suit)
        self._groups.pop(seat, None)
        self._redraw_hand()

    def action_arrange(self) -> None:
        seat = self.viewer
        if seat is None:
            return
        hand = self.query_one(Hand)
        note = ""
        try:
            # The arrangement that is counted, melds in its order, then the deadwood.
            arr = self._arrangement(hand.cards)
            if not arr.melds:
                # Nothing counts yet (Indian: two sequences, one pure; Remi: a sequence
                # first): group what the player is building, and say it does not count.
                relaxed = self._arrangement(hand.cards, grouping=True)
                if relaxed.melds:
                    arr = relaxed
                    note = self._relaxed_note()
        except Exception as exc:  # a comfort feature: report, never break the turn
            self.notify(f"Cannot arrange: {exc}", severity="warning")
            return
        self._arrange_notes[seat] = note
        order = [c for meld in arr.melds for c in meld.cards] + list(arr.deadwood)
        sizes = [len(m.cards) for m in arr.melds] + ([len(arr.deadwood)] if arr.deadwood else [])
        if self._my_turn():
            self._undo.append((self.state, list(self._orders.get(seat, [])),
                               self._groups.get(seat)))
        self._orders[seat] = order
        self._groups[seat] = (order, sizes)
        self._redraw_hand()

    def _relaxed_note(self) -> str:
        rules = rules_for(self.state.variant, self.state.options, self.state.wild_card)
        if rules.declaration:
            why = "needs two sequences, one pure"
        elif rules.sets_need_sequence:
            why = "a set needs a sequence down first"
        else:
            why = "the hand's conditions are not met"
        return f"grouped, not counted yet: {why}"

    def action_hint(self) -> None:
        import random

        from ...core.bots import choose_action

        pv = self._player_view()
        try:
            action = choose_action("normal", pv, random.Random(self.state.actions))
        except Exception as exc:
            self.notify(f"No hint: {exc}", severity="warning")
            return
        self.notify(f"The computer would {describe(action, self.app.ascii)}.", title="Hint",  # type: ignore[attr-defined]
                    timeout=4)

    def action_undo(self) -> None:
        if not self._undo or not self._my_turn():
            return
        state, order, groups = self._undo.pop()
        seat = self.viewer
        assert seat is not None
        self._orders[seat] = order
        if groups is None:
            self._groups.pop(seat, None)
        else:
            self._groups[seat] = groups
        self.commit(state)

    # --- settings from the command palette ------------------------------------------------
    def action_bot_speed(self, factor: float) -> None:
        app = self.app
        app.bot_delay = min(3.0, max(0.05, app.bot_delay * factor))  # type: ignore[attr-defined]
        self.notify(f"Computer players: {app.bot_delay:.2f} s a move.")  # type: ignore[attr-defined]

    def action_toggle_four_colour(self) -> None:
        app = self.app
        app.four_colour = not app.four_colour  # type: ignore[attr-defined]
        for widget in (self.query_one(Hand), self.query_one(Piles), self.query_one(TableMelds)):
            widget.four_colour = app.four_colour  # type: ignore[attr-defined]
        self.query_one(Piles)._key = None
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
