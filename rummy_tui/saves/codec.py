"""The engine's GameState to the JSON of a save, and a validated save back to a GameState.

Neither direction lists the fields by hand: the values and their types come from the
engine's dataclasses (``dataclasses.fields`` and their annotations), and the key order from
the format's models (schema.py), so a field the core adds, moves or reorders is followed
here, and the format stays what the models say. The variant's own state (``GameState.vs``)
is a section of ``state`` named for the variant, made from its dataclass the same way.

The random number generator needs no blob of its own: the engine derives every shuffle from
``seed``, ``round_no`` and ``rebuilds``, and the computer players' choices from ``seed`` and
``actions`` (core/state.py), and all of these are saved, so a resumed game goes on exactly as
it would have.
"""

from __future__ import annotations

import json
import operator
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass
from functools import cache
from typing import Any

from .. import __version__
from ..core.cards import ALL_CARDS, Card
from ..core.events import EVENTS, Event, Note
from ..core.names import PlayerNameError, check_names, display_name, same_name
from ..core.options import make_options
from ..core.registry import variant_of
from ..core.state import (
    GameState, PlayerResult, PlayerSpec, RoundResult, TableMeld, VariantState,
)
from .schema import (
    CARD_CODES_BY_INDEX,
    EVENT_RECORDS,
    SCHEMA_VERSION,
    SECTIONS,
    SHARED_STATE_KEYS,
    TOP_LEVEL,
    PlayerModel,
    PlayerResultModel,
    RoundResultModel,
    SaveFile,
    TableMeldModel,
)
from .variants import preset_of

_CARD_BY_CODE: dict[str, Card] = {c.code: c for c in ALL_CARDS}
_card = _CARD_BY_CODE.__getitem__
_code = CARD_CODES_BY_INDEX.__getitem__

_MODEL_OF: dict[type, Any] = {
    TableMeld: TableMeldModel,
    RoundResult: RoundResultModel,
    PlayerResult: PlayerResultModel,
    PlayerSpec: PlayerModel,
}
"""Each of the engine's record types and the model of the format that writes it: the keys of
a record come out in the model's order (the format's), the values from the dataclass."""


def keys_of(cls: type) -> tuple[str, ...]:
    """The format's keys for a record type, in the order they are written (a variant state's
    section has its dataclass's fields, in their order: schema.variant_state_model)."""
    if issubclass(cls, VariantState):
        return tuple(f.name for f in fields(cls))
    return tuple(_MODEL_OF[cls].model_fields)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


# --- one encoder and one decoder per annotated type, made once -------------------------------


def _optional_of(tp: Any) -> Any:
    """X for ``X | None``, else None."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(tp)) == 2:
            return args[0]
    return None


def _identity(value: Any) -> Any:
    return value


def _converter(tp: Any, card: Callable[[Any], Any],
               record: Callable[[type], Callable[[Any], Any]]) -> Callable[[Any], Any]:
    """A function converting a value of the annotated type ``tp`` one way: ``card`` for a
    card, ``record(cls)`` for a dataclass; None, lists and plain values follow from these."""
    this = _encoder if card is _code else _decoder
    if tp is Card:
        return card
    inner = _optional_of(tp)
    if inner is not None:
        conv = this(inner)
        return lambda v: None if v is None else conv(v)
    if typing.get_origin(tp) is list:
        (item,) = typing.get_args(tp)
        if item is Card:
            return lambda v: list(map(card, v))
        conv = this(item)
        if conv is _identity:
            return list
        return lambda v: [conv(x) for x in v]
    if isinstance(tp, type) and is_dataclass(tp):
        return record(tp)
    return _identity


def _encode_record(cls: type) -> Callable[[Any], Any]:
    # the format's keys, in its order; the values from the dataclass
    hints = _hints(cls)
    parts = [(name, operator.attrgetter(name), _encoder(hints[name])) for name in keys_of(cls)]
    return lambda v: {name: enc(get(v)) for name, get, enc in parts}


def _decode_record(cls: type) -> Callable[[Any], Any]:
    # every field of the dataclass, read from the model of the same name
    hints = _hints(cls)
    parts = [(f.name, operator.attrgetter(f.name), _decoder(hints[f.name]))
             for f in fields(cls)]
    return lambda m: cls(**{name: dec(get(m)) for name, get, dec in parts})


@cache
def _encoder(tp: Any) -> Callable[[Any], Any]:
    """value -> JSON data, for a value annotated ``tp`` in the engine's dataclasses."""
    return _converter(tp, _code, _encode_record)


@cache
def _decoder(tp: Any) -> Callable[[Any], Any]:
    """validated save data (model attributes, card codes) -> the engine's value of type ``tp``"""
    return _converter(tp, _card, _decode_record)


def value_encoder(tp: Any) -> Callable[[Any], Any]:
    """The save format's encoder for a value annotated ``tp`` in the engine's dataclasses
    (cards as codes, records as the format's dicts): the network protocol sends a view's
    fields as a save writes them (rummy_tui/net/protocol.py)."""
    return _encoder(tp)


def value_decoder(tp: Any) -> Callable[[Any], Any]:
    """The inverse of :func:`value_encoder`, from validated data (model attributes)."""
    return _decoder(tp)


_SHARED_ENCODERS = {name: _encoder(_hints(GameState)[name]) for name in SHARED_STATE_KEYS}
assert set(SHARED_STATE_KEYS) | set(TOP_LEVEL) | {"vs"} == {f.name for f in fields(GameState)}, \
    "a GameState field without a place in the save format (schema.py)"


# --- GameState -> JSON -----------------------------------------------------------------------


def state_items(state: GameState) -> Iterator[tuple[str, Any, Any]]:
    """(name, value, annotated type) of every field of a state as the format names them: the
    variant's own state's fields as ``<variant>.<field>`` in place of ``vs``."""
    hints = _hints(GameState)
    for f in fields(state):
        value = getattr(state, f.name)
        if f.name != "vs":
            yield f.name, value, hints[f.name]
        elif value is not None:
            vs_type: type = type(value)  # as plain ``type``: see _variant_state
            inner = _hints(vs_type)
            for g in fields(value):
                yield f"{state.variant}.{g.name}", getattr(value, g.name), inner[g.name]


def state_field_names(state: GameState) -> set[str]:
    """Every field of ``state`` as the format names them (see :func:`state_items`)."""
    return {name for name, _, _ in state_items(state)}


def encode_round(r: RoundResult) -> dict[str, Any]:
    return _encoder(RoundResult)(r)


def to_dict(
    state: GameState, with_log: bool = True, with_history: bool = True
) -> dict[str, Any]:
    """The save file of a state as plain JSON data (what :class:`SaveFile` dumps).

    Built by the codec rather than through the pydantic model, because autosave runs after
    every action and must stay fast; tests check that the model reads it back to the same data.
    """
    s = state
    inner = {name: _SHARED_ENCODERS[name](getattr(s, name)) for name in SHARED_STATE_KEYS}
    if s.vs is not None:
        vs_type: type = type(s.vs)  # as plain ``type``: see _variant_state
        inner[s.variant] = _encoder(vs_type)(s.vs)
    data: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "written_by": f"rummy-tui {__version__}",
        "variant": s.variant,
        "preset": preset_of(s.variant, s.options),
        "options": s.options.model_dump(mode="json"),
        "players": _encoder(list[PlayerSpec])(s.players),
        "seed": s.seed,
        "state": inner,
    }
    if with_history:
        data["history"] = [encode_round(r) for r in s.history]
    if with_log:
        data["log"] = [event_dict(e) for e in s.log]
    return data


# --- the log: events <-> records ------------------------------------------------------------
# Each event class is written as its record (schema.EVENT_RECORDS): "type", then its fields
# in the dataclass's order. Both directions are made once per class from the field types.

# json's own C string encoder: a log line is built by hand around it, because a game of 50
# rounds has thousands of events and one json.dumps call each would blow the autosave budget.
_encode_text = json.encoder.encode_basestring

_JSON_TEXT: dict[Any, Callable[[Any], str]] = {}
"""A field type -> its value as JSON text (for the log lines built by hand)."""


def _json_text(tp: Any) -> Callable[[Any], str]:
    found = _JSON_TEXT.get(tp)
    if found is not None:
        return found
    args = typing.get_args(tp)
    conv: Callable[[Any], str]
    if tp is Card:
        conv = lambda v: f'"{_code(v)}"'  # noqa: E731
    elif tp is bool:
        conv = lambda v: "true" if v else "false"  # noqa: E731
    elif tp is int:
        conv = lambda v: str(int(v))  # noqa: E731
    elif tp is str or typing.get_origin(tp) is typing.Literal:
        conv = _encode_text
    elif _optional_of(tp) is not None:
        inner = _json_text(_optional_of(tp))
        conv = lambda v: "null" if v is None else inner(v)  # noqa: E731
    elif typing.get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis:
        item = _json_text(args[0])
        conv = lambda v: "[" + ", ".join(map(item, v)) + "]"  # noqa: E731
    else:
        raise TypeError(f"an event field of type {tp!r} has no place in the save format")
    _JSON_TEXT[tp] = conv
    return conv


def _event_codec(cls: type[Event]) -> tuple[Callable[[Event], str], Callable[[Any], Event],
                                            Callable[[Event], dict[str, Any]]]:
    hints = typing.get_type_hints(cls)
    names = [f.name for f in fields(cls)]
    head = f'{{"type": {_encode_text(cls.tag)}'
    texts = [(f', "{n}": ', operator.attrgetter(n), _json_text(hints[n])) for n in names]

    def line(e: Event) -> str:
        return head + "".join([key + conv(get(e)) for key, get, conv in texts]) + "}"

    decoders: list[tuple[str, Callable[[Any], Any]]] = []
    for n in names:
        tp = hints[n]
        args = typing.get_args(tp)
        if typing.get_origin(tp) is tuple and args[0] is Card:
            decoders.append((n, lambda v: tuple(map(_card, v))))
        elif typing.get_origin(tp) is tuple:
            decoders.append((n, tuple))
        else:
            decoders.append((n, _decoder(tp)))

    def decode(record: Any) -> Event:
        return cls(**{n: dec(record[n]) for n, dec in decoders})

    encoders: list[tuple[str, Callable[[Any], Any]]] = []
    for n in names:
        tp = hints[n]
        args = typing.get_args(tp)
        if typing.get_origin(tp) is tuple and args[0] is Card:
            encoders.append((n, lambda v: list(map(_code, v))))
        elif typing.get_origin(tp) is tuple:
            encoders.append((n, list))
        else:
            encoders.append((n, _encoder(tp)))

    def as_dict(e: Event) -> dict[str, Any]:
        return {"type": cls.tag} | {n: enc(getattr(e, n)) for n, enc in encoders}

    return line, decode, as_dict


_EVENT_CODECS = {cls: _event_codec(cls) for cls in EVENTS}
_DECODE_EVENT = {cls.tag: codec[1] for cls, codec in _EVENT_CODECS.items()}
assert set(_DECODE_EVENT) == set(EVENT_RECORDS), "an event without a record in the format"


def event_dict(e: Event) -> dict[str, Any]:
    """An event as the JSON data of its record in a save's log."""
    return _EVENT_CODECS[type(e)][2](e)


def decode_event(record: Any) -> Event:
    """The event of a validated record of a save's log."""
    return _DECODE_EVENT[record["type"]](record)


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _log_line(e: Event) -> str:
    return _EVENT_CODECS[type(e)][0](e)


# The log and the history only grow, and the engine never changes an entry once made
# (core/state.py: a state is never mutated), so each entry's line is rendered once and reused
# by the next autosave. Keyed by id() with the entry itself kept, so a reused id of a freed
# entry is never mistaken for it. Only the autosave (one thread at a time) writes here.
_LINE_CACHE: dict[int, tuple[Any, str]] = {}
_LINE_CACHE_MAX = 200_000


def _cached_line(entry: Any, render: Callable[[Any], str]) -> str:
    hit = _LINE_CACHE.get(id(entry))
    if hit is not None and hit[0] is entry:
        return hit[1]
    line = render(entry)
    if len(_LINE_CACHE) >= _LINE_CACHE_MAX:
        _LINE_CACHE.clear()
    _LINE_CACHE[id(entry)] = (entry, line)
    return line


def _round_line(r: RoundResult) -> str:
    return _dump(encode_round(r))


# The joined block of the last list rendered, per kind ("log", "history"): the next autosave's
# list starts with the same entry objects (checked one by one, by identity, in C), so only the
# entries added since are rendered and appended.
_BLOCKS: dict[str, tuple[list[Any], str]] = {}


def _joined(kind: str, entries: list[Any], render: Callable[[Any], str]) -> str:
    cached = _BLOCKS.get(kind)
    if cached is not None:
        prev, text = cached
        n = len(prev)
        if 0 < n <= len(entries) and all(map(operator.is_, prev, entries)):
            if n == len(entries):
                return text
            more = ",\n".join(["    " + _cached_line(e, render) for e in entries[n:]])
            text = text + ",\n" + more
            _BLOCKS[kind] = (list(entries), text)
            return text
    text = ",\n".join(["    " + _cached_line(e, render) for e in entries])
    _BLOCKS[kind] = (list(entries), text)
    return text


def dumps(state: GameState) -> bytes:
    """The bytes of a save file: UTF-8 JSON, one field (one round, one log line) per line so
    that a person can read it and a diff shows what changed. Deterministic: the same state
    always gives the same bytes, and they are what ``json.dumps`` would write for
    :func:`to_dict` (a test checks it)."""
    data = to_dict(state, with_log=False, with_history=False)
    lines = ["{"]
    for key, value in data.items():
        if key == "state":
            inner = [f'    "{k}": {_dump(v)}' for k, v in value.items()]
            lines.append(f'  "{key}": {{')
            lines.append(",\n".join(inner))
            lines.append("  },")
        else:
            lines.append(f'  "{key}": {_dump(value)},')
    for kind, entries, render, end in (("history", state.history, _round_line, ","),
                                       ("log", state.log, _log_line, "")):
        if entries:
            lines.append(f'  "{kind}": [')
            lines.append(_joined(kind, entries, render))
            lines.append(f"  ]{end}")
        else:
            lines.append(f'  "{kind}": []{end}')
    lines.append("}")
    return ("\n".join(lines) + "\n").encode("utf-8")


# --- JSON -> GameState -----------------------------------------------------------------------


def _variant_state(save: SaveFile) -> Any:
    """The variant's own state of a validated save, from its section (None if it has none)."""
    section = SECTIONS.get(save.variant)
    if section is None:
        return None
    vs_type: type | None = variant_of(save.variant).State
    assert vs_type is not None  # a section is made for each variant with a State
    # Typed as plain ``type``: to mypy, a ``type[VariantState]`` is not Hashable (it checks
    # the class's instance ``__hash__``), so a functools.cache would refuse it.
    return _decoder(vs_type)(getattr(save.state, section[0]))


def to_state(save: SaveFile) -> GameState:
    """The engine's state of a validated save file (no invariant checks: see ``check``)."""
    st = save.state
    history = _decoder(list[RoundResult])(save.history)
    last_round = None if st.last_round is None else _decoder(RoundResult)(st.last_round)
    # The engine hands the same RoundResult object to history and last_round; keep that
    # sharing so that a resumed state compares equal and behaves the same.
    if last_round is not None and history and history[-1] == last_round:
        last_round = history[-1]
    log = [decode_event(e) for e in save.log]
    players = [PlayerSpec(**p.model_dump()) for p in save.players]
    shown = shown_names([p.name for p in players])
    if shown is not None:
        log = _renamed_log(log, [p.name for p in players], shown)
        players = [PlayerSpec(name, p.kind) for name, p in zip(shown, players)]
    given = {
        "variant": save.variant,
        "options": make_options(save.variant, save.options),
        "players": players,
        "seed": save.seed,
        "history": history,
        "log": log,
        "last_round": last_round,
        "vs": _variant_state(save),
    }
    hints = _hints(GameState)
    for f in fields(GameState):
        if f.name not in given:
            given[f.name] = _decoder(hints[f.name])(getattr(st, f.name))
    return GameState(**given)


def shown_names(names: list[str]) -> list[str] | None:
    """None when the names pass today's check (core/names.py); else the names as a save
    written before it is resumed with (docs/SAVES.md, "Names from older versions"): direction
    controls and other unprintable characters become ``?``, an invisible name ``?``, and a
    repeated name gets a number, so that every seat can be told apart and nothing is read as
    markup or moves the text around it."""
    try:
        if check_names(names) == names:
            return None
    except PlayerNameError:
        pass
    shown: list[str] = []
    for name in names:
        candidate = display_name(name)
        n = 1
        while any(same_name(candidate, other) for other in shown):
            n += 1
            candidate = f"{display_name(name)} {n}"
        shown.append(candidate)
    return shown


def _renamed_log(log: list[Event], old: list[str], new: list[str]) -> list[Event]:
    """The events name seats, not players: only the text of an old line (a ``Note``) may
    hold a name to change."""
    changed = [(a, b) for a, b in zip(old, new) if a != b]
    out = []
    for e in log:
        if isinstance(e, Note):
            text = e.text
            for a, b in changed:
                text = text.replace(a, b)
            e = Note(round_no=e.round_no, player=e.player, text=display_name(text))
        out.append(e)
    return out
