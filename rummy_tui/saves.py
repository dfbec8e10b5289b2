"""Save files: the format, atomic autosaves with one backup, validation and migrations
(issue 5; the format is described in docs/SAVES.md).

A save is one JSON object described by :class:`SaveFile`. It is built from the engine's
:class:`~rummy_tui.core.state.GameState` and turned back into one; cards are written as their
canonical codes (``10H``, ``JK``). The random number generator needs no blob of its own:
the engine derives every shuffle from ``seed``, ``round_no`` and ``rebuilds``, and the
computer players' choices from ``seed`` and ``actions`` (core/state.py), and all of these are
saved, so a resumed game goes on exactly as it would have.

Promises kept here, because a lost game is the worst bug a card game can have:

- a save is written to a temporary file in the same folder, fsynced, then moved over the
  old one with ``os.replace``; the previous good save is kept as ``<name>.json.bak``, and the
  folder is fsynced, so a crash or ``kill -9`` at any moment leaves a save that loads;
- :func:`load_game` never modifies, renames or deletes the file it reads; every problem is a
  :class:`SaveError` with a one-line reason; a file above :data:`MAX_SAVE_BYTES` is refused
  from its size alone, before it is read;
- a save is checked for more than its types: every card of the deck in exactly one place,
  hand sizes that fit the phase, a player to move who exists, scores that add up to the
  history.

This module must not import Textual or Rich (the CLI and tests load it without the UI).
"""

from __future__ import annotations

import errno
import gc
import glob
import json
import operator
import os
import stat
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, Literal

from typing_extensions import TypedDict

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
    model_validator,
)

from . import __version__
from .core.cards import ALL_CARDS, Card
from .core.melds import classify
from .core.options import make_options
from .core.state import (
    GameState,
    LogEntry,
    PlayerResult,
    PlayerSpec,
    RoundResult,
    TableMeld,
)
from .core.registry import variant_of
from .core.variants import VARIANTS, RuleError

SCHEMA_VERSION = 2
"""The version this code writes. Older files are migrated on load (:data:`MIGRATIONS`)."""

MAX_SAVE_BYTES = 32 * 1024 * 1024
"""Larger files are refused unread. A 50-round game with its whole log is well under 1 MB
(bench/bench_saves.py), so this leaves room for very long games while a stray disk image or
log file dropped in the folder is rejected at once."""

from .saves_location import DEFAULT_SAVES_DIR, SAVES_ENV, saves_dir
BACKUP_SUFFIX = ".bak"


class SaveError(Exception):
    """A save that cannot be read or written. ``str(exc)`` is one line naming the problem."""

    def __init__(self, reason: str, path: Path | None = None) -> None:
        reason = " ".join(str(reason).split())  # one line, whatever the cause printed
        super().__init__(reason)
        self.reason = reason
        self.path = path


# --- the format ------------------------------------------------------------------------------

_CARD_BY_CODE: dict[str, Card] = {c.code: c for c in ALL_CARDS}

_CARD_CODES_BY_INDEX = [c.code for c in ALL_CARDS]

# A card in the file is one of the 53 canonical codes, checked by pydantic-core itself (a
# Literal): a long game holds some ten thousand cards, and a Python validator per card would
# cost more than all the rest of the load. Codes become Card values in to_state().
CardCode = Literal[
    "AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS",
    "AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH",
    "AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD",
    "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC",
    "JK",
]
assert list(CardCode.__args__) == _CARD_CODES_BY_INDEX  # type: ignore[attr-defined]
Cards = list[CardCode]
_card = _CARD_BY_CODE.__getitem__


def _cards(codes: list[str]) -> list[Card]:
    return list(map(_card, codes))


def _card_or_none(code: str | None) -> Card | None:
    return None if code is None else _CARD_BY_CODE[code]


# No control characters in text that the app and `rummy-tui saves` print: a damaged or
# hand-edited name must not be able to send escape sequences to the terminal.
_PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f]*$"
_NAME = Annotated[str, Field(min_length=1, max_length=64, pattern=_PRINTABLE)]
_COUNT = Annotated[int, Field(ge=0)]
_SEAT = Annotated[int, Field(ge=0, le=9)]


class _Model(BaseModel):
    # strict: a save is written by this program, so "3" where 3 belongs is damage, not a
    # convenience; forbid unknown keys for the same reason.
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class PlayerModel(_Model):
    name: _NAME
    kind: Literal["human", "easy", "normal"] = Field(
        description="a human at the keyboard, or a computer player and its strength")


class TableMeldModel(_Model):
    owner: _SEAT
    cards: Cards
    kind: Literal["set", "run"]


class LogEntryModel(TypedDict):
    # a TypedDict, not a model: a long game has thousands of log lines, and this validates
    # them in half the time
    __pydantic_config__ = ConfigDict(extra="forbid", strict=True)  # type: ignore[misc]
    round_no: _COUNT
    player: _SEAT | None
    text: Annotated[str, Field(max_length=1000, pattern=_PRINTABLE)]


class PlayerResultModel(_Model):
    hand: Cards
    melds: list[Cards]
    deadwood: Cards
    penalty: int
    delta: int
    total: int
    note: Annotated[str, Field(max_length=200, pattern=_PRINTABLE)] = ""


class RoundResultModel(_Model):
    round_no: Annotated[int, Field(ge=1)]
    winner: _SEAT | None
    ending: Annotated[str, Field(max_length=40, pattern=_PRINTABLE)]
    multiplier: int
    bonus: int
    special: Literal["flush", "straight_flush", "remigio"] | None
    closing_card: CardCode | None
    players: list[PlayerResultModel]


class StateModel(_Model):
    """Where every card is and whose turn it is: the engine's GameState, field for field
    (apart from variant, options, players, seed, history and log, kept at the top level)."""

    round_no: Annotated[int, Field(ge=1)]
    dealer: _SEAT
    to_move: _SEAT
    direction: Literal[1, -1]
    phase: Literal["draw", "play", "round_over", "game_over"]
    hands: list[Cards] = Field(description="every player's hand, in seat order: not secret!")
    stock: Cards = Field(description="the stock, top card last")
    discard: Cards = Field(description="the discard pile, top card last")
    wild_card: CardCode | None
    table: list[TableMeldModel]
    scores: list[int]
    out: list[bool]
    eliminated: list[bool]
    winner: _SEAT | None
    last_round: RoundResultModel | None
    taken: CardCode | None
    must_meld: CardCode | None
    laid: list[_COUNT]
    extra: list[_COUNT]
    has_drawn: list[bool]
    melded_before: list[bool]
    melded_this_turn: bool
    seq_down: list[bool]
    drops: list[_COUNT]
    rebuilds: _COUNT = Field(description="stock rebuilds this round (part of the RNG state)")
    turn: _COUNT
    actions: _COUNT = Field(description="actions in this game (part of the RNG state)")
    round_actions: _COUNT
    deck_size: _COUNT
    # Indian's turn timer (optional, so that saves written before it still load)
    drawn: CardCode | None = Field(None, description="the card drawn this turn (hidden!)")
    missed: list[_COUNT] = Field([], description="missed turns in a row, per player")
    # Basic Rummy, once the stock has been rebuilt (saves before it: read from the log)
    melded_since_rebuild: bool | None = Field(
        None, description="someone melded or laid off since the stock was last rebuilt")

    @model_serializer(mode="wrap")
    def _leave_out_timer_defaults(self, handler: SerializerFunctionWrapHandler) -> Any:
        # as to_dict writes them: only when they matter
        data = handler(self)
        if self.drawn is None:
            data.pop("drawn", None)
        if not any(self.missed):
            data.pop("missed", None)
        if self.melded_since_rebuild is None:
            data.pop("melded_since_rebuild", None)
        return data


class SaveFile(_Model):
    """A rummy-tui save file. It holds every hand and the stock order: whoever opens the
    file sees all the cards."""

    model_config = ConfigDict(title="rummy-tui save file")

    schema_version: Literal[2] = Field(description="the version of this format")
    written_by: Annotated[str, Field(max_length=100)] = Field(
        description="the program that wrote the file")
    variant: Literal[VARIANTS]  # type: ignore[valid-type]  (the registry's keys)
    preset: str = Field(description="the picker entry: the variant, or indian-<format>")
    options: dict[str, Any] = Field(description="the variant's options (core/options.py)")
    players: Annotated[list[PlayerModel], Field(min_length=2, max_length=10)]
    seed: int = Field(description="the game's seed: with the counters in state, the RNG state")
    state: StateModel
    history: list[RoundResultModel] = Field(description="every finished round, in order")
    log: list[LogEntryModel] = Field(description="the action log, as the players saw it")

    @model_validator(mode="after")
    def _options_and_preset(self) -> SaveFile:
        try:
            options = make_options(self.variant, self.options)
        except RuleError as exc:
            raise ValueError(f"options: {exc}") from None
        expected = preset_of(self.variant, options)
        if self.preset != expected:
            raise ValueError(f"preset {self.preset!r} does not match the options ({expected!r})")
        return self




def preset_of(variant: str, options: Any) -> str:
    """The picker's entry for a game: the variant, and the format for Indian Rummy."""
    return variant_of(variant).preset_of(options)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a save file (``rummy-tui schema``)."""
    return SaveFile.model_json_schema()


# --- GameState <-> JSON ----------------------------------------------------------------------


def _codes(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [_CARD_CODES_BY_INDEX[c] for c in cards]


def _code(card: Card | None) -> str | None:
    return None if card is None else _CARD_CODES_BY_INDEX[card]


def _round_dict(r: RoundResult) -> dict[str, Any]:
    return {
        "round_no": r.round_no,
        "winner": r.winner,
        "ending": r.ending,
        "multiplier": r.multiplier,
        "bonus": r.bonus,
        "special": r.special,
        "closing_card": _code(r.closing_card),
        "players": [
            {
                "hand": _codes(p.hand),
                "melds": [_codes(m) for m in p.melds],
                "deadwood": _codes(p.deadwood),
                "penalty": p.penalty,
                "delta": p.delta,
                "total": p.total,
                "note": p.note,
            }
            for p in r.players
        ],
    }


def to_dict(
    state: GameState, with_log: bool = True, with_history: bool = True
) -> dict[str, Any]:
    """The save file of a state as plain JSON data (what :class:`SaveFile` dumps).

    Built by hand rather than through the pydantic model, because autosave runs after every
    action and must stay fast; tests check that the model reads it back to the same data.
    """
    s = state
    return {
        "schema_version": SCHEMA_VERSION,
        "written_by": f"rummy-tui {__version__}",
        "variant": s.variant,
        "preset": preset_of(s.variant, s.options),
        "options": s.options.model_dump(mode="json"),
        "players": [{"name": p.name, "kind": p.kind} for p in s.players],
        "seed": s.seed,
        "state": {
            "round_no": s.round_no,
            "dealer": s.dealer,
            "to_move": s.to_move,
            "direction": s.direction,
            "phase": s.phase,
            "hands": [_codes(h) for h in s.hands],
            "stock": _codes(s.stock),
            "discard": _codes(s.discard),
            "wild_card": _code(s.wild_card),
            "table": [
                {"owner": m.owner, "cards": _codes(m.cards), "kind": m.kind} for m in s.table
            ],
            "scores": list(s.scores),
            "out": list(s.out),
            "eliminated": list(s.eliminated),
            "winner": s.winner,
            "last_round": None if s.last_round is None else _round_dict(s.last_round),
            "taken": _code(s.taken),
            "must_meld": _code(s.must_meld),
            "laid": list(s.laid),
            "extra": list(s.extra),
            "has_drawn": list(s.has_drawn),
            "melded_before": list(s.melded_before),
            "melded_this_turn": s.melded_this_turn,
            "seq_down": list(s.seq_down),
            "drops": list(s.drops),
            "rebuilds": s.rebuilds,
            "turn": s.turn,
            "actions": s.actions,
            "round_actions": s.round_actions,
            "deck_size": s.deck_size,
        }
        # written only when they matter (Indian's turn timer), so other saves stay as they were
        | ({"drawn": _code(s.drawn)} if s.drawn is not None else {})
        | ({"missed": list(s.missed)} if any(s.missed) else {})
        | ({"melded_since_rebuild": s.melded_since_rebuild} if s.rebuilds else {}),
    } | ({"history": [_round_dict(r) for r in s.history]} if with_history else {}) | ({"log": [{"round_no": e.round_no, "player": e.player, "text": e.text}
                  for e in s.log]} if with_log else {})


def _dump(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


# json's own C string encoder: a log line is built by hand around it, because a game of 50
# rounds has thousands of log lines and one json.dumps call each would blow the autosave budget
_encode_text = json.encoder.encode_basestring  # type: ignore[attr-defined]


def _log_line(e: LogEntry) -> str:
    player = "null" if e.player is None else int(e.player)
    return f'{{"round_no": {int(e.round_no)}, "player": {player}, "text": {_encode_text(e.text)}}}'


# The log and the history only grow, and the engine never changes an entry once made
# (core/state.py: a state is never mutated), so each entry's line is rendered once and reused
# by the next autosave. Keyed by id() with the entry itself kept, so a reused id of a freed
# entry is never mistaken for it.
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
    return _dump(_round_dict(r))


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
    if state.history:
        lines.append('  "history": [')
        lines.append(_joined("history", state.history, _round_line))
        lines.append("  ],")
    else:
        lines.append('  "history": [],')
    if state.log:
        lines.append('  "log": [')
        lines.append(_joined("log", state.log, _log_line))
        lines.append("  ]")
    else:
        lines.append('  "log": []')
    lines.append("}")
    return ("\n".join(lines) + "\n").encode("utf-8")


def _round_from(m: RoundResultModel) -> RoundResult:
    return RoundResult(
        round_no=m.round_no,
        winner=m.winner,
        ending=m.ending,
        multiplier=m.multiplier,
        bonus=m.bonus,
        special=m.special,
        closing_card=_card_or_none(m.closing_card),
        players=[
            PlayerResult(
                hand=_cards(p.hand),
                melds=[_cards(x) for x in p.melds],
                deadwood=_cards(p.deadwood),
                penalty=p.penalty,
                delta=p.delta,
                total=p.total,
                note=p.note,
            )
            for p in m.players
        ],
    )


def to_state(save: SaveFile) -> GameState:
    """The engine's state of a validated save file (no invariant checks: see :func:`check`)."""
    st = save.state
    history = [_round_from(r) for r in save.history]
    last_round = None if st.last_round is None else _round_from(st.last_round)
    # The engine hands the same RoundResult object to history and last_round; keep that
    # sharing so that a resumed state compares equal and behaves the same.
    if last_round is not None and history and history[-1] == last_round:
        last_round = history[-1]
    return GameState(
        variant=save.variant,
        options=make_options(save.variant, save.options),
        players=[PlayerSpec(p.name, p.kind) for p in save.players],
        seed=save.seed,
        round_no=st.round_no,
        dealer=st.dealer,
        to_move=st.to_move,
        direction=st.direction,
        phase=st.phase,
        hands=[_cards(h) for h in st.hands],
        stock=_cards(st.stock),
        discard=_cards(st.discard),
        wild_card=_card_or_none(st.wild_card),
        table=[TableMeld(m.owner, _cards(m.cards), m.kind) for m in st.table],
        scores=list(st.scores),
        history=history,
        log=[LogEntry(e["round_no"], e["player"], e["text"]) for e in save.log],
        out=list(st.out),
        eliminated=list(st.eliminated),
        winner=st.winner,
        last_round=last_round,
        taken=_card_or_none(st.taken),
        must_meld=_card_or_none(st.must_meld),
        laid=list(st.laid),
        extra=list(st.extra),
        has_drawn=list(st.has_drawn),
        melded_before=list(st.melded_before),
        melded_this_turn=st.melded_this_turn,
        seq_down=list(st.seq_down),
        drops=list(st.drops),
        rebuilds=st.rebuilds,
        turn=st.turn,
        actions=st.actions,
        round_actions=st.round_actions,
        deck_size=st.deck_size,
        drawn=_card_or_none(st.drawn),
        missed=list(st.missed) or [0] * len(save.players),
        melded_since_rebuild=_melded_since_rebuild(st, save),
    )


def _melded_since_rebuild(st: Any, save: Any) -> bool:
    """The state's flag, or for a save written before it (the migration of such a file):
    did anyone meld or lay off since the last rebuild, as its log tells."""
    if st.melded_since_rebuild is not None:
        return bool(st.melded_since_rebuild)
    if not st.rebuilds:
        return False
    names = [p.name for p in save.players]
    for entry in reversed(save.log):
        player, text = entry["player"], entry["text"]
        if entry["round_no"] != st.round_no:
            return False
        if player is None:
            if text.startswith("The discard pile was shuffled"):
                return False
            continue
        rest = text[len(names[player]):] if 0 <= player < len(names) else ""
        if rest.startswith(" melded ") or rest.startswith(" laid off "):
            return True
    return False


# --- migrations ------------------------------------------------------------------------------


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 described a seat as ``{"name", "human": bool, "strength": "easy" | "normal" |
    null}`` and had no ``preset``. Version 2 has one ``kind`` ("human", "easy", "normal"), as
    the engine's PlayerSpec does, so that a seat cannot be both human and a bot, and names the
    preset for the Resume list."""
    players = data.get("players")
    if not isinstance(players, list):
        raise SaveError("players: expected a list")
    seats = []
    for i, seat in enumerate(players):
        if not isinstance(seat, dict):
            raise SaveError(f"players.{i}: expected an object")
        seat = dict(seat)
        human = seat.pop("human", None)
        strength = seat.pop("strength", None)
        if human is True and strength is None:
            seat["kind"] = "human"
        elif human is False and strength in ("easy", "normal"):
            seat["kind"] = strength
        else:
            raise SaveError(
                f"players.{i}: human={human!r} with strength={strength!r} is not a seat"
            )
        seats.append(seat)
    out = dict(data)
    out["players"] = seats
    out["schema_version"] = 2
    variant = data.get("variant")
    options = data.get("options")
    if variant == "indian" and isinstance(options, dict):
        out["preset"] = f"indian-{options.get('format', 'points')}"
    else:
        out["preset"] = variant
    # keep the key order of version 2 files, so a migrated save re-saves byte-identically
    order = list(SaveFile.model_fields)
    return {k: out[k] for k in order if k in out} | {k: v for k, v in out.items() if k not in order}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _v1_to_v2,
}
"""``MIGRATIONS[n]`` turns a version-n file's data into version n+1. Add one for every
change of the format, and a version-n fixture to tests/fixtures/saves/."""

assert all(v in MIGRATIONS for v in range(1, SCHEMA_VERSION)), "a gap in the migrations"


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a save's data up to :data:`SCHEMA_VERSION`; SaveError if it cannot be."""
    version = data.get("schema_version")
    if "schema_version" not in data:
        raise SaveError("not a rummy-tui save: no schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"schema_version must be a whole number, not {version!r}")
    if version > SCHEMA_VERSION:
        raise SaveError(
            f"unknown schema_version {version}: written by a newer rummy-tui "
            f"(this one reads versions 1 to {SCHEMA_VERSION})"
        )
    if version < 1:
        raise SaveError(f"unknown schema_version {version} (versions start at 1)")
    while version < SCHEMA_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
        if data.get("schema_version") != version:
            raise SaveError(f"migration to schema_version {version} failed")
    return data


# --- validation beyond types -----------------------------------------------------------------


def _bookkeeping_problems(state: GameState) -> list[str]:
    """How the engine always leaves a state, which a hand-edited file can get wrong: the round
    number and the history agree, the winner exists only once the game is over, a player out
    of the game is out of the deal, the direction is the variant's."""
    problems = []
    finished = state.phase in ("round_over", "game_over")
    rounds = state.round_no if finished else state.round_no - 1
    if len(state.history) != rounds:
        problems.append(f"round {state.round_no} ({state.phase}) with "
                        f"{_plural(len(state.history), 'finished round')} in the history")
    numbers = [r.round_no for r in state.history]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append("the history's rounds are not numbered 1, 2, 3, ...")
    expected_last = state.history[-1] if state.history else None
    if state.last_round != expected_last:
        problems.append("last_round is not the last round of the history")
    if (state.winner is not None) != (state.phase == "game_over"):
        problems.append("a winner is named but the game is not over" if state.winner is not None
                        else "the game is over without a winner")
    if not finished and any(e and not o for e, o in zip(state.eliminated, state.out)):
        problems.append("an eliminated player is still in the deal")
    rs = variant_of(state.variant)
    deck = len(rs.deck(state.options, len(state.players)))
    if state.deck_size != deck:
        problems.append(f"deck_size {state.deck_size} is not the {deck} cards of this game")
    if state.missed and len(state.missed) != len(state.players):
        problems.append(f"state.missed has {len(state.missed)} entries for "
                        f"{_plural(len(state.players), 'player')}")
    if state.missed and any(state.missed) and getattr(state.options, "turn_timer", None) is None:
        problems.append("missed turns are recorded but there is no turn timer")
    if state.phase != "play" and (state.taken is not None or state.must_meld is not None
                                  or state.drawn is not None):
        problems.append("a card is marked as taken this turn outside a turn's play phase")
    if state.table and not rs.table_melds:
        problems.append(f"there are melds on the table, which {state.variant} never has")
    melds = rs.rules_for(state).melds
    for i, meld in enumerate(state.table):
        if classify(tuple(meld.cards), melds) is None:
            problems.append(f"table meld {i} ({' '.join(c.code for c in meld.cards)}) "
                            "is not a meld")
            break
    if state.direction != rs.direction:
        problems.append(f"direction {state.direction} is not the direction of {state.variant}")
    if state.phase == "play" and state.must_meld is not None \
            and state.must_meld not in state.hands[state.to_move]:
        problems.append(f"the card to meld ({state.must_meld.code}) is not in the player's hand")
    if state.phase in ("draw", "play") and state.out[state.to_move]:
        problems.append(f"the player to move ({state.players[state.to_move].name}) is out")
    return problems


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def check(state: GameState) -> list[str]:
    """Problems that make a state impossible (empty when it is a game the engine could have
    reached).

    The game's own invariants (every card of the deck in exactly one place, hand sizes that
    fit the phase, scores that add up to the history, payments that follow the variant's
    scoring) are the engine's: ``core.simulate.check_invariants``, the same checks
    ``rummy-tui simulate`` runs after every action. This adds only what a file can get wrong
    and the engine never does: lists of the wrong length and seats that do not exist, checked
    first so that the engine's checks can index by seat safely.
    """
    from .core.simulate import check_invariants

    problems: list[str] = []
    n = len(state.players)
    per_player = {
        "state.hands": state.hands, "state.scores": state.scores, "state.out": state.out,
        "state.eliminated": state.eliminated, "state.laid": state.laid,
        "state.extra": state.extra, "state.has_drawn": state.has_drawn,
        "state.melded_before": state.melded_before, "state.seq_down": state.seq_down,
        "state.drops": state.drops,
    }
    for name, values in per_player.items():
        if len(values) != n:
            problems.append(f"{name} has {len(values)} entries for {_plural(n, 'player')}")
    seats = {
        "the player to move": state.to_move,
        "the dealer": state.dealer,
        "the winner": state.winner,
    }
    for who, seat in seats.items():
        if seat is not None and not 0 <= seat < n:
            problems.append(f"{who} (seat {seat}) does not exist: there are {n} players")
    for i, meld in enumerate(state.table):
        if not 0 <= meld.owner < n:
            problems.append(f"table meld {i} belongs to seat {meld.owner}, who does not exist")
    for entry in state.log:
        if entry.player is not None and not 0 <= entry.player < n:
            problems.append(f"a log entry names seat {entry.player}, who does not exist")
            break
    for r in state.history + ([state.last_round] if state.last_round else []):
        if len(r.players) != n:
            problems.append(
                f"round {r.round_no} has results for {_plural(len(r.players), 'player')}")
            break
        if r.winner is not None and not 0 <= r.winner < n:
            problems.append(f"round {r.round_no}: the winner (seat {r.winner}) does not exist")
            break
    if problems:
        return problems
    problems.extend(_bookkeeping_problems(state))
    if problems:
        return problems
    try:
        found = check_invariants(state)
    except Exception as exc:  # a damaged state can trip the checker itself
        return [f"impossible game state ({type(exc).__name__}: {exc})"]
    return [] if found is None else [found]


# --- reading ---------------------------------------------------------------------------------

# (size, mtime_ns, inode) of files this process wrote or read as good saves: such a file can
# become the backup without being read again.
_KNOWN_GOOD: dict[str, tuple[int, int, int]] = {}


def _signature(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_size, st.st_mtime_ns, st.st_ino)


def _human_size(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB" if size >= 1024 * 1024 else f"{size} bytes"


def _read_bytes(path: Path) -> tuple[bytes, os.stat_result]:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file", path) from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror})", path) from None
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{path}: is a folder, not a save file", path)
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{path}: not a regular file", path)
    if st.st_size > MAX_SAVE_BYTES:
        raise SaveError(
            f"{path}: too large for a save ({_human_size(st.st_size)}; "
            f"the limit is {_human_size(MAX_SAVE_BYTES)}), not read", path)
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror})", path) from None
    if len(data) > MAX_SAVE_BYTES:  # it grew after the stat
        raise SaveError(f"{path}: too large for a save, not read", path)
    return data, st


def _explain(exc: ValidationError) -> str:
    errors = exc.errors(include_url=False)
    first = errors[0]
    where = ".".join(str(x) for x in first["loc"])
    msg = first["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    if first["type"] == "missing":
        text = f"missing field {where}"
    elif first["type"] == "extra_forbidden":
        text = f"unknown field {where}"
    elif first["type"] == "string_pattern_mismatch":
        text = f"{where}: contains control characters"
    elif first["type"] == "literal_error" and "'JK'" in str(first.get("ctx", {})):
        text = (f"{where}: unknown card code {json.dumps(first.get('input'))[:20]} "
                "(cards are written AS, 10H, QC, JK)")
    else:
        got = first.get("input")
        shown = "" if isinstance(got, (dict, list)) else f" (found {json.dumps(got)[:40]})"
        text = f"{where}: {msg}{shown}" if where else msg
    if len(errors) > 1:
        text += f" (and {_plural(len(errors) - 1, 'more problem')})"
    return text


def parse_save(data: bytes, name: str = "save") -> GameState:
    """A state from the bytes of a save file; SaveError with a one-line reason."""
    if not data.strip():
        raise SaveError(f"{name}: empty file" if not data else f"{name}: only blank space")
    if b"\x00" in data[:8192]:
        raise SaveError(f"{name}: binary data, not a save file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{name}: not text (invalid UTF-8 at byte {exc.start})") from None
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        # JSON strings cannot hold a raw line break, so an unterminated one ran into the end
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise SaveError(
                f"{name}: truncated (the file ends in the middle of the JSON, "
                f"at line {text.count(chr(10)) + 1})") from None
        raise SaveError(
            f"{name}: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveError(f"{name}: not a save file (JSON nested too deeply)") from None
    except ValueError:  # a number of more than 4300 digits (Python's conversion limit)
        raise SaveError(f"{name}: not a save file (a number is absurdly long)") from None
    if not isinstance(raw, dict):
        raise SaveError(f"{name}: not a save file (the JSON is a {type(raw).__name__}, "
                        "not an object)")
    try:
        raw = migrate(raw)
    except SaveError as exc:
        raise SaveError(f"{name}: {exc.reason}") from None
    try:
        model = SaveFile.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(f"{name}: {_explain(exc)}") from None
    except RecursionError:
        raise SaveError(f"{name}: not a save file (nested too deeply)") from None
    try:
        state = to_state(model)
    except (RuleError, ValueError, TypeError) as exc:
        raise SaveError(f"{name}: {exc}") from None
    problems = check(state)
    if problems:
        more = (f" (and {_plural(len(problems) - 1, 'more problem')})"
                if len(problems) > 1 else "")
        raise SaveError(f"{name}: {problems[0]}{more}")
    return state


def load_game(path: str | os.PathLike[str]) -> GameState:
    """Read and check a save; raise :class:`SaveError` with a one-line reason.

    The file is opened read-only and never modified, renamed or deleted, whatever is wrong
    with it. Files above :data:`MAX_SAVE_BYTES` are refused from their size alone.
    """
    path = Path(path)
    data, st = _read_bytes(path)
    # Parsing a long game makes tens of thousands of small objects, none of them garbage:
    # the cyclic collector would walk them several times over for nothing.
    collecting = gc.isenabled()
    gc.disable()
    try:
        state = parse_save(data, str(path))
    finally:
        if collecting:
            gc.enable()
    _KNOWN_GOOD[str(path.absolute())] = _signature(st)
    return state


# --- writing ---------------------------------------------------------------------------------


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable; not possible on every platform (Windows), where the
    # replace is still atomic.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _is_good_save(path: Path, st: os.stat_result) -> bool:
    if _KNOWN_GOOD.get(str(path.absolute())) == _signature(st):
        return True
    try:
        load_game(path)
    except SaveError:
        return False
    return True


def _keep_backup(path: Path) -> None:
    """Make the current save (if it is a good one) the backup, without ever leaving a moment
    with no save at ``path``: hard-link it under a temporary name, then move that over the
    old backup. Where hard links are not possible, copy instead.

    A file at ``path`` that is not a good save is left alone as ``<name>.json.unreadable``
    (never overwritten, never deleted), and the backup keeps the last good save.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{path}: not a regular file; not saving over it", path)
    good = _is_good_save(path, st)
    target = path.with_name(path.name + BACKUP_SUFFIX)
    if not good:
        target = path.with_name(path.name + ".unreadable")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.unreadable-{n}")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{time.monotonic_ns()}.bak.tmp")
    try:
        os.link(path, tmp)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK,
                             errno.EACCES, errno.ENOSYS):
            raise
        import shutil

        shutil.copyfile(path, tmp)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
    if good:
        os.replace(tmp, target)
    else:
        os.rename(tmp, target)  # target does not exist: never overwrites anything


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files a killed writer of this save left behind (once per save and process).
    Only old ones: a file a minute old is no write still in progress. They are never saves:
    the save itself is only ever the result of the final os.replace."""
    cutoff = time.time() - 60
    for tmp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            if tmp.stat().st_mtime < cutoff:
                tmp.unlink()
        except OSError:
            pass


def save_game(state: GameState, path: str | os.PathLike[str]) -> None:
    """Write ``state`` to ``path`` atomically, keeping the previous good save as
    ``<name>.json.bak``. Raises :class:`SaveError` (one line) if it cannot be written; the
    old save is then still in place."""
    path = Path(path)
    data = dumps(state)
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: the game is too large to save ({_human_size(len(data))})")
    directory = path.parent
    tmp_name: str | None = None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _keep_backup(path)
        os.replace(tmp_name, path)
        tmp_name = None
        _fsync_dir(directory)
        key = str(path.absolute())
        if key not in _KNOWN_GOOD:
            _remove_stale_temporaries(path)
        _KNOWN_GOOD[key] = _signature(os.stat(path))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveError(f"cannot save to {path}: {reason}", path) from None
    finally:
        if tmp_name is not None:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass


# --- the saves folder ------------------------------------------------------------------------


def game_id(state: GameState, when: float | None = None) -> str:
    """A readable id for a new game: local start time, variant and seed."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
    return f"{stamp}-{state.variant}-{state.seed}"


def new_save_path(state: GameState, directory: str | os.PathLike[str]) -> Path:
    """A path ``<dir>/<game-id>.json`` for a new game that no file uses yet."""
    directory = Path(directory)
    base = game_id(state)
    path = directory / f"{base}.json"
    n = 1
    while path.exists() or path.with_name(path.name + BACKUP_SUFFIX).exists():
        n += 1
        path = directory / f"{base}-{n}.json"
    return path


@dataclass
class SaveInfo:
    """One file of the saves folder, as the Resume list and ``rummy-tui saves`` show it."""

    path: Path
    ok: bool
    reason: str | None = None
    """Why the file cannot be resumed (None when ok)."""
    last_played: datetime | None = None
    """When the file was last written (its modification time)."""
    size: int = 0
    variant: str | None = None
    preset: str | None = None
    players: list[str] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)
    round_no: int | None = None
    phase: str | None = None
    scores: list[int] = field(default_factory=list)
    winner: str | None = None

    @property
    def game_id(self) -> str:
        return self.path.stem

    @property
    def finished(self) -> bool:
        return self.phase == "game_over"

    def describe(self) -> str:
        """One line for a Resume list: what, who, where in the game, when."""
        when = "" if self.last_played is None else self.last_played.strftime("%Y-%m-%d %H:%M")
        if not self.ok:
            return f"{self.path.name}: unreadable ({self.reason}) {when}".rstrip()
        people = ", ".join(
            f"{n} {s}" for n, s in zip(self.players, self.scores)
        )
        where = f"won by {self.winner}" if self.finished else f"round {self.round_no}"
        return f"{self.preset} · {where} · {people} · {when}"

    def to_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "game_id": self.game_id,
            "ok": self.ok,
            "reason": self.reason,
            "last_played": None if self.last_played is None
            else self.last_played.isoformat(timespec="seconds"),
            "size": self.size,
            "variant": self.variant,
            "preset": self.preset,
            "players": [{"name": n, "kind": k} for n, k in zip(self.players, self.kinds)],
            "round": self.round_no,
            "phase": self.phase,
            "scores": self.scores,
            "winner": self.winner,
        }


_INFO_CACHE: dict[str, tuple[tuple[int, int, int], SaveInfo]] = {}


def save_info(path: str | os.PathLike[str]) -> SaveInfo:
    """What the Resume list shows about one file; never raises for a bad file."""
    path = Path(path)
    try:
        st = os.stat(path)
    except OSError as exc:
        return SaveInfo(path, False, f"cannot read ({exc.strerror})")
    key = str(path.absolute())
    cached = _INFO_CACHE.get(key)
    if cached is not None and cached[0] == _signature(st):
        return cached[1]
    when = datetime.fromtimestamp(st.st_mtime, timezone.utc).astimezone()
    try:
        state = load_game(path)
    except SaveError as exc:
        reason = exc.reason
        prefix = f"{path}: "
        if reason.startswith(prefix):
            reason = reason[len(prefix):]
        info = SaveInfo(path, False, reason, when, st.st_size)
    else:
        info = SaveInfo(
            path, True, None, when, st.st_size,
            variant=state.variant,
            preset=preset_of(state.variant, state.options),
            players=[p.name for p in state.players],
            kinds=[p.kind for p in state.players],
            round_no=state.round_no,
            phase=state.phase,
            scores=list(state.scores),
            winner=None if state.winner is None else state.players[state.winner].name,
        )
    _INFO_CACHE[key] = (_signature(st), info)
    return info


def list_saves(directory: str | os.PathLike[str]) -> list[SaveInfo]:
    """Every ``*.json`` file in the folder, most recently played first; the unreadable ones
    are included with the reason. A missing folder has no saves."""
    directory = Path(directory)
    try:
        entries = [p for p in directory.iterdir() if p.name.endswith(".json")
                   and not p.name.startswith(".")]
    except FileNotFoundError:
        return []
    except NotADirectoryError:
        raise SaveError(f"{directory}: not a folder") from None
    except OSError as exc:
        raise SaveError(f"{directory}: cannot list ({exc.strerror})") from None
    infos = [save_info(p) for p in entries]
    infos.sort(key=lambda i: (i.last_played.timestamp() if i.last_played else 0.0,
                              i.path.name), reverse=True)
    return infos


def find_save(name: str | os.PathLike[str], directory: str | os.PathLike[str]) -> Path:
    """The save a user means by ``name``: a path to a file, or a game id / file name in the
    saves folder (``20261122-101500-rummy-42`` or ``...-42.json``). Returns the path to try;
    :func:`load_game` reports it if there is no such file."""
    path = Path(name)
    if path.exists() or path.parent != Path("."):
        return path
    folder = Path(directory)
    for candidate in (folder / path.name, folder / f"{path.name}.json"):
        if candidate.exists():
            return candidate
    return path


def most_recent(directory: str | os.PathLike[str]) -> Path | None:
    """The save ``rummy-tui resume`` opens with no path: the most recently played game that
    can be read and is not over, else the most recently played readable one, else None."""
    try:
        infos = [i for i in list_saves(directory) if i.ok]
    except SaveError:
        return None
    for info in infos:
        if not info.finished:
            return info.path
    return infos[0].path if infos else None


__all__ = [
    "MAX_SAVE_BYTES",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "SaveError",
    "SaveFile",
    "SaveInfo",
    "check",
    "dumps",
    "find_save",
    "json_schema",
    "list_saves",
    "load_game",
    "migrate",
    "most_recent",
    "new_save_path",
    "parse_save",
    "save_game",
    "save_info",
    "saves_dir",
    "to_dict",
    "to_state",
]
