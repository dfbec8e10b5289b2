"""The table's keys and its footer: which key stands for which action, and which actions
are live now (Textual's ``check_action``), so that the footer shows only the moves that the
engine's legal moves list for the player at the keyboard (and "u Undo" only when there is
something to undo).

Kept apart from ``table.py`` (layout and turn controller): this part answers one question,
"is this key live now?", from the session alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from ...core.state import (
    Close,
    Declare,
    Discard,
    DrawStock,
    Drop,
    EndOnEmptyStock,
    LayOff,
    Meld,
    TakeDiscard,
)
from ..widgets.hand import Hand

if TYPE_CHECKING:
    from ..session import TableSession

# Which game action each footer action stands for (check_action asks the legal moves).
ACTION_TYPES: dict[str, tuple[type, ...]] = {
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
HAND_ACTIONS = {"cursor", "toggle", "sort", "arrange", "hint", "undo", "move_card"}

# Each move key twice: the footer's entry (live when the move is legal) and a hidden
# "attempt", live otherwise, which asks the engine why not (the player learns the rule).
TABLE_BINDINGS = [
    Binding("left", "cursor(-1)", "◀", show=False),
    Binding("right", "cursor(1)", "▶", show=False),
    Binding("home", "cursor_to(0)", "First card", show=False),
    Binding("end", "cursor_to(-1)", "Last card", show=False),
    # The player's own order: the card under the cursor moves (< and > where a terminal
    # sends no shift+arrow).
    Binding("shift+left,less_than_sign", "move_card(-1)", "Move card left", show=False),
    Binding("shift+right,greater_than_sign", "move_card(1)", "Move card right", show=False),
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

_WATCHED: tuple[tuple[str, tuple[Any, ...]], ...] = (
    *((name, ()) for name in ACTION_TYPES),
    ("take_nth", (1,)), ("take_nth", (2,)), ("take_nth", (3,)),
    ("undo", ()), ("nothing_to_undo", ()), ("hint", ()), ("sort", ()), ("go_out", ()),
)
"""The actions whose being live can change between two redraws of the footer."""


def live_actions(screen: Any) -> tuple[bool, ...]:
    """Which of the watched actions are live now (the footer is rebuilt when this changes:
    rebuilding it costs a layout of the whole screen, which a cursor move must not pay)."""
    return tuple(bool(screen.check_action(name, params)) for name, params in _WATCHED)


def action_is_live(session: TableSession, hand: Hand, action: str,
                   parameters: tuple[object, ...]) -> bool | None:
    """TableScreen.check_action: whether a key's action is live now."""
    if action == "take_nth":
        if session.state.variant != "remi" or not session.my_turn():
            return False
        return any(isinstance(a, TakeDiscard) and a.depth == parameters[0]
                   for a in session.legal())
    if action in ACTION_TYPES:
        if not session.my_turn():
            return False
        types = ACTION_TYPES[action]
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
            return len(session.arrangement(hand.cards).deadwood) <= 1
        except Exception:
            return False
    if action == "nothing_to_undo":
        # u with nothing to undo says so (never shown in the footer)
        return session.viewer is not None and not session.busy and not (
            session.my_turn() and session.undo_stack)
    if action in HAND_ACTIONS:
        if action == "undo":
            return session.my_turn() and bool(session.undo_stack)
        if action == "hint":
            return session.my_turn()
        return session.viewer is not None
    return True
