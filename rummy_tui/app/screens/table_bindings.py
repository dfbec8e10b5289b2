"""The table's keys and its footer: which key stands for which action, and which actions
are live now (Textual's ``check_action``), so that the footer shows only the moves that the
engine's legal moves list for the player at the keyboard (and "u Undo" only when there is
something to undo).

Kept apart from ``table.py`` (layout and turn controller): this part answers one question,
"is this key live now?", from the session alone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from textual.binding import Binding, BindingsMap, BindingType

from ...core import state
from ...core.registry import variant_of
from ...core.variants.indian import Drop
from ...core.variants.remi import EndOnEmptyStock
from ..widgets.hand import Hand

if TYPE_CHECKING:
    from ..session import TableSession

# Which game action each footer action stands for (check_action asks the legal moves).
ACTION_TYPES: dict[str, tuple[type, ...]] = {
    "draw_stock": (state.DrawStock,),
    "take_discard": (state.TakeDiscard,),
    "meld": (state.Meld,),
    "lay_off": (state.LayOff,),
    "discard": (state.Discard,),
    "drop": (Drop,),
    "end_round": (EndOnEmptyStock,),
}
"""``close`` (the ``c`` key) stands for the game's finishing move, ``Variant.finish``."""
HAND_ACTIONS = {"cursor", "select", "sort", "arrange", "hint", "undo", "move_card", "group",
                "ungroup"}


def _move(key: str, action: str, description: str, *arguments: object,
          show: bool = True) -> list[Binding]:
    """A move key twice: the footer's entry (live when the move is legal) and a hidden
    "attempt", live otherwise, which asks the engine why not (the player learns the rule)."""
    call = f"{action}({', '.join(map(repr, arguments))})" if arguments else action
    attempt = f"attempt({', '.join(map(repr, (action, *arguments)))})"
    # one id for both (keymap.py): a key remapped moves the two together
    binding_id = f"table.{action}" + (f"_{arguments[0]}" if action == "take_nth" else "")
    return [Binding(key, call, description, show=show, id=binding_id),
            Binding(key, attempt, show=False, id=binding_id)]


TABLE_BINDINGS: list[BindingType] = [
    Binding("left", "cursor(-1)", "◀", show=False, id="table.cursor_left"),
    Binding("right", "cursor(1)", "▶", show=False, id="table.cursor_right"),
    Binding("home", "cursor_to(0)", "First card", show=False, id="table.first_card"),
    Binding("end", "cursor_to(-1)", "Last card", show=False, id="table.last_card"),
    # The player's own order: the card under the cursor moves (< and > where a terminal
    # sends no shift+arrow).
    Binding("shift+left,less_than_sign", "move_card(-1)", "Move card left", show=False,
            id="table.move_card_left"),
    Binding("shift+right,greater_than_sign", "move_card(1)", "Move card right", show=False,
            id="table.move_card_right"),
    Binding("escape", "clear_selection", "Clear selection", show=False, id="table.clear_selection"),
    Binding("space", "select", "Select", id="table.select"),
    *_move("s", "draw_stock", "Stock"),
    *_move("d", "take_discard", "Take", 1),
    # Remi only: the nth card from the top of the discard pile.
    *_move("1", "take_nth", "Take 1", 1, show=False),
    *_move("2", "take_nth", "Take 2", 2),
    *_move("3", "take_nth", "Take 3", 3),
    *_move("m", "meld", "Meld"),
    *_move("l", "lay_off", "Lay off"),
    *_move("x", "discard", "Discard"),
    # the game's finishing move (Variant.finish), named by the game: see name_finish_key
    Binding("c", "close", "Close", id="table.finish"),
    Binding("c", "go_out", "Go out", id="table.finish"),
    Binding("c", "attempt('close')", show=False, id="table.finish"),
    *_move("r", "drop", "Drop"),
    *_move("e", "end_round", "End (stock empty)"),
    # Sort is in the help and the palette: the footer of a Rummy turn is full at 80 columns.
    Binding("o", "sort", "Sort", show=False, id="table.sort"),
    Binding("a", "arrange", "Arrange", id="table.arrange"),
    # The player's own groups (issue 30): the selected cards make a group, G undoes them
    # all; the footer shows "Group" in the games that end on a whole hand (name_finish_key).
    Binding("g", "group", "Group", show=False, id="table.group"),
    Binding("G", "ungroup", "Ungroup", show=False, id="table.ungroup"),
    Binding("h", "hint", "Hint", id="table.hint"),
    Binding("u", "undo", "Undo", id="table.undo"),
    Binding("u", "nothing_to_undo", show=False, id="table.undo"),
    Binding("question_mark", "app.help", "Rules", id="app.help"),
    Binding("ctrl+s", "app.save", "Save", show=False, id="app.save"),
    # ctrl+q quits everywhere (an app binding); the table's footer needs the room.
    Binding("ctrl+q", "app.quit", "Quit", show=False, priority=True, id="app.quit"),
]

_WATCHED: tuple[tuple[str, tuple[Any, ...]], ...] = (
    *((name, ()) for name in ACTION_TYPES), ("close", ()),
    ("take_nth", (1,)), ("take_nth", (2,)), ("take_nth", (3,)),
    ("undo", ()), ("nothing_to_undo", ()), ("hint", ()), ("sort", ()), ("go_out", ()),
)
"""The actions whose being live can change between two redraws of the footer."""


def name_finish_key(bindings: BindingsMap, variant: str) -> None:
    """The ``c`` key's footer entry says the game's finishing move ("Close", "Declare"),
    as the game names it (``Variant.finish_label``); a screen's bindings are its own copy."""
    label = variant_of(variant).finish_label
    keys = bindings.key_to_bindings
    keys["c"] = [replace(b, description=label) if b.action == "close" else b
                 for b in keys.get("c", [])]
    if variant_of(variant).finish is not None:
        # Indian, Remigio: the hand is shown whole at the end, grouped (issue 30)
        keys["g"] = [replace(b, show=True) if b.action == "group" else b
                     for b in keys.get("g", [])]


def live_actions(screen: Any) -> tuple[bool, ...]:
    """Which of the watched actions are live now (the footer is rebuilt when this changes:
    rebuilding it costs a layout of the whole screen, which a cursor move must not pay)."""
    return tuple(bool(screen.check_action(name, params)) for name, params in _WATCHED)


def action_is_live(session: TableSession, hand: Hand | None, action: str,
                   parameters: tuple[object, ...]) -> bool | None:
    """TableScreen.check_action: whether a key's action is live now."""
    if action == "take_nth":
        # 1, 2, 3: the games that let a player take deeper than the top card (Remi)
        if len(variant_of(session.state.variant).pickup_depths) < 2 or not session.my_turn():
            return False
        return any(isinstance(a, state.TakeDiscard) and a.depth == parameters[0]
                   for a in session.legal())
    if action == "close":
        finish = variant_of(session.state.variant).finish
        return session.my_turn() and finish is not None and any(
            isinstance(a, finish) for a in session.legal())
    if action in ACTION_TYPES:
        if not session.my_turn():
            return False
        types = ACTION_TYPES[action]
        for legal in session.legal():
            if isinstance(legal, types):
                if (action == "take_discard" and parameters
                        and isinstance(legal, state.TakeDiscard) and legal.depth != parameters[0]):
                    continue
                return True
        return False
    if action == "go_out":
        # Offered when the hand can be laid out whole (or but one card discarded).
        if hand is None or not session.my_turn() or session.state.phase != "play" or not any(
                isinstance(a, state.Meld) for a in session.legal()):
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
