"""Your own keys: the ``[keymap]`` section of settings.toml (issue 30).

Every key binding of the app has an id (``table.discard``), listed here with its default keys
and what it does. A ``[keymap]`` section maps ids to other keys, as Textual's keymap does
(``App.set_keymap``; the idea comes from posting's ``keymap:``)::

    [keymap]
    "table.discard" = "z"
    "table.draw_stock" = "s,n"      # two keys
    "app.quit" = "ctrl+w"

Where it is checked:

- **the shape** (:func:`table`, when settings.py reads the file): a table of at most
  :data:`MAX_ENTRIES` strings, each id and each value bounded. Anything else is a settings file
  this version cannot read, refused whole like any other (settings.py);
- **each entry** (:func:`check`, when the app starts): a known id, one to :data:`MAX_KEYS`
  valid key names, not one of Textual's own keys, and no clash with another binding of the same
  screen (Textual would then drop one of the two silently). A bad entry is left out with a
  one-line reason, and the app starts with the rest. Entries are never removed from the file:
  one for an id of a newer version is kept as written.

One id can stand for several bindings of one meaning: ``app.quit`` is ctrl+q on every screen,
``table.finish`` is ``c`` whether it closes, declares or goes out. Ids are named after their
screen (``picker.``, ``setup.``, ``table.``, ...); those of ``app.`` are live on every screen.

Textual-free, like settings.py: it is read before the picker opens. tests/app/test_keymap.py
checks that this list and the app's bindings agree, both ways.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

MAX_ENTRIES = 200
MAX_KEYS = 4
"""At most this many keys for one binding."""
MAX_TEXT = 100

BINDINGS: dict[str, tuple[str, str]] = {
    # id: (default keys, as Textual names them; what it does)
    "app.quit": ("ctrl+q", "quit (the game is saved after every move)"),
    "app.save": ("ctrl+s", "save now"),
    "app.help": ("question_mark,f1", "the rules and the keys"),
    "picker.choose": ("enter", "set up the game under the cursor"),
    "picker.resume": ("r", "the Resume list"),
    "picker.statistics": ("s", "the Statistics screen"),
    "setup.next_choice": ("right", "a seat's next choice (human, computer level)"),
    "setup.previous_choice": ("left", "a seat's previous choice"),
    "setup.toggle": ("space", "press the button under focus"),
    "setup.next_field": ("enter", "the next field"),
    "setup.open_menu": ("down,space,up", "open a drop-down (Enter moves on)"),
    "setup.back": ("escape", "back to the picker"),
    "setup.start": ("ctrl+g", "start the game"),
    "setup.help": ("f1", "the rules (? is typed into the fields here)"),
    "table.cursor_left": ("left", "the card to the left"),
    "table.cursor_right": ("right", "the card to the right"),
    "table.first_card": ("home", "the first card"),
    "table.last_card": ("end", "the last card"),
    "table.move_card_left": ("shift+left,less_than_sign", "move the card under the cursor left"),
    "table.move_card_right": ("shift+right,greater_than_sign",
                              "move the card under the cursor right"),
    "table.clear_selection": ("escape", "clear the selection"),
    "table.select": ("space", "select the card under the cursor"),
    "table.draw_stock": ("s", "draw from the stock"),
    "table.take_discard": ("d", "take the top discard"),
    "table.take_nth_1": ("1", "take the top discard (Remi)"),
    "table.take_nth_2": ("2", "take the top two discards (Remi)"),
    "table.take_nth_3": ("3", "take the top three discards (Remi)"),
    "table.meld": ("m", "meld the selected cards"),
    "table.lay_off": ("l", "lay off the selected cards"),
    "table.discard": ("x", "discard the card under the cursor"),
    "table.finish": ("c", "close, declare or go out"),
    "table.drop": ("r", "drop (Indian)"),
    "table.end_round": ("e", "end the round on an empty stock (Remi)"),
    "table.sort": ("o", "sort the hand"),
    "table.arrange": ("a", "arrange the hand into its best melds"),
    "table.group": ("g", "make a group of the selected cards"),
    "table.ungroup": ("G", "undo the hand's groups"),
    "table.hint": ("h", "a hint"),
    "table.undo": ("u", "undo within your turn"),
    "table.chat": ("t", "chat with the table (a remote seat: rummy-tui join)"),
    "picker.host": ("h", "host a table (players join from their own terminals)"),
    "host.invitations": ("i", "a hosted table's invitations"),
    "host.stand_in": ("b", "hand a remote seat to a computer player, and back"),
    "invitations.copy": ("c", "copy the invitations"),
    "chat.close": ("escape", "close the chat"),
    "pass.ready": ("enter", "the next player is ready"),
    "summary.continue": ("enter", "on to the next round"),
    "game_over.play_again": ("p", "play again"),
    "game_over.new_game": ("n,escape", "a new game"),
    "game_over.statistics": ("s", "the Statistics screen"),
    "stats.back": ("escape,b", "back"),
    "stats.variant": ("v", "the next variant's figures"),
    "stats.chart": ("c", "the win-rate chart (and back)"),
    "help.close": ("escape,question_mark,q", "close the rules"),
    "dialog.yes": ("y,enter", "yes"),
    "dialog.no": ("n,escape", "no"),
    "dialog.costly_yes": ("y", "yes to a costly move (a wrong declaration): only this key"),
    "dialog.costly_no": ("n,enter,escape", "no to a costly move"),
    "dialog.ok": ("enter,escape", "close the message"),
    "dialog.cancel": ("escape", "cancel the choice"),
    "palette.next_page": ("pagedown", "the command palette's next page"),
    "palette.previous_page": ("pageup", "the command palette's previous page"),
}

TEXTUAL_KEYS = frozenset({"ctrl+c", "ctrl+p", "tab", "shift+tab"})
"""Textual's own keys (copy, the command palette, focus): never given to a binding here."""
MODIFIERS = ("ctrl", "alt", "shift", "meta", "super", "hyper")
NAMED_KEYS = frozenset({
    "escape", "enter", "tab", "space", "backspace", "delete", "insert", "home", "end",
    "pageup", "pagedown", "up", "down", "left", "right", *(f"f{n}" for n in range(1, 25)),
})
"""Keys with a name (Textual's ``Keys``; a test checks that each is one of them)."""
_REPLACEMENTS = {"solidus": "slash", "reverse_solidus": "backslash", "commercial_at": "at",
                 "hyphen_minus": "minus", "plus_sign": "plus", "low_line": "underscore"}
"""Textual's shorter names for some characters (textual.keys.KEY_NAME_REPLACEMENTS)."""


class KeymapError(ValueError):
    """The [keymap] section is not a table of strings: the reason, in one line."""


def table(value: Any) -> dict[str, str]:
    """The ``[keymap]`` section as read from TOML, checked for its shape only."""
    if not isinstance(value, dict):
        raise KeymapError("keymap must be a table of binding ids and keys")
    if len(value) > MAX_ENTRIES:
        raise KeymapError(f"keymap: at most {MAX_ENTRIES} entries")
    for binding_id, keys in value.items():
        if len(binding_id) > MAX_TEXT or not isinstance(keys, str) or len(keys) > MAX_TEXT:
            raise KeymapError(f"keymap: each entry is a binding id and its keys as a string "
                              f"(\"table.discard\" = \"z\"), not {_short(binding_id)}")
    return dict(value)


def _short(text: object) -> str:
    text = repr(text)
    return text if len(text) <= 40 else text[:39] + "…"


def key_name(text: str) -> str:
    """Textual's name of one key (``?`` -> ``question_mark``, ``ctrl+X`` -> ``ctrl+X``);
    raises KeymapError if it is not a key."""
    whole = text.strip()
    if whole.endswith("+") and (len(whole) == 1 or whole[-2] == "+"):  # "+", "ctrl++"
        base, rest = "+", whole[:-2]
        modifiers = rest.split("+") if rest else []
    else:
        *modifiers, base = whole.split("+")
    mods = [m.strip().lower() for m in modifiers]
    if any(m not in MODIFIERS for m in mods) or len(set(mods)) != len(mods):
        raise KeymapError(f"{_short(text)} is not a key (modifiers: {', '.join(MODIFIERS)})")
    base = base.strip()
    if len(base) == 1 and base.isprintable() and not base.isspace():
        name = base
        if not base.isalnum():
            name = unicodedata.name(base, base).lower().replace("-", "_").replace(" ", "_")
            name = _REPLACEMENTS.get(name, name)
    elif base.lower() in NAMED_KEYS:
        name = base.lower()
    elif base.lower() in _REPLACEMENTS.values() or _character_named(base.lower()):
        name = base.lower()
    else:
        raise KeymapError(f"{_short(text)} is not a key (a letter, a digit, a sign such as ?, "
                          "or a name such as enter, f5, pageup, ctrl+w)")
    return "+".join([*mods, name])


def _character_named(name: str) -> bool:
    """``question_mark``, ``less_than_sign``: the name of one printable character."""
    try:
        char = unicodedata.lookup(name.replace("_", " "))
    except KeyError:
        try:
            char = unicodedata.lookup(name.replace("_", "-", 1).replace("_", " "))
        except KeyError:
            return False
    return len(char) == 1 and char.isprintable() and not char.isspace()


def _scope(binding_id: str) -> str:
    return binding_id.partition(".")[0]


def check(keymap: Mapping[str, str]) -> tuple[dict[str, str], list[str]]:
    """The entries the app can use (id -> Textual's key names, comma-separated), and a
    one-line reason for each one it cannot."""
    good: dict[str, str] = {}
    problems: list[str] = []
    for binding_id, text in keymap.items():
        if binding_id not in BINDINGS:
            problems.append(f"{_short(binding_id)} is not a binding id (rummy-tui's README "
                            "lists them under Keys)")
            continue
        try:
            keys = [key_name(k) for k in text.split(",")] if text.strip() else []
            if not 1 <= len(keys) <= MAX_KEYS:
                raise KeymapError(f"1 to {MAX_KEYS} keys, separated by commas")
            taken = TEXTUAL_KEYS.intersection(keys)
            if taken:
                raise KeymapError(f"{min(taken)} is Textual's own key")
        except KeymapError as exc:
            problems.append(f"{binding_id}: {exc}")
            continue
        good[binding_id] = ",".join(dict.fromkeys(keys))
    # a key taken twice on one screen: Textual would keep one binding and drop the other
    for binding_id in list(good):
        others = _keys_beside(binding_id, good)
        default = BINDINGS[binding_id][0].split(",")
        clash = next((k for k in good[binding_id].split(",")
                      if k in others and k not in default), None)
        if clash is not None:
            problems.append(f"{binding_id}: {clash} is already {others[clash]}'s key")
            del good[binding_id]
    return good, problems


def _keys_beside(binding_id: str, keymap: Mapping[str, str]) -> dict[str, str]:
    """key -> id, for every other binding live on the screens where ``binding_id`` is."""
    scope = _scope(binding_id)
    keys: dict[str, str] = {}
    for other, (default, _) in BINDINGS.items():
        if other == binding_id or (scope != "app" and _scope(other) not in (scope, "app")):
            continue
        for key in keymap.get(other, default).split(","):
            keys.setdefault(key, other)
    return keys
