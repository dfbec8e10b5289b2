"""The save format: one JSON object, described by :class:`SaveFile` (docs/SAVES.md).

These models are the format itself: their field order is the key order of every file written,
and ``rummy-tui schema`` prints their JSON Schema. The codec (codec.py) maps them onto the
engine's dataclasses by field name; a test checks that the two name the same fields. The
one part made rather than written here is a variant's own section of ``state``: its model
is made from the variant's state class (:func:`variant_state_model`), so a rule set that
keeps state of its own needs nothing here.
"""

from __future__ import annotations

import json
import types
import typing
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    SerializerFunctionWrapHandler,
    ValidationError,
    create_model,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError, core_schema
from typing_extensions import TypedDict

from ..core.cards import ALL_CARDS, Card
from ..core.events import EVENTS, Event
from ..core.options import make_options, options_model
from ..core.registry import title_of, variants
from ..core.state import per_seat_fields
from ..core.text import clip
from ..core.variants import RuleError
from .variants import VariantName, preset_of

SCHEMA_VERSION = 5
"""The version this code writes. Older files are migrated on load (migrations.py)."""

MAX_SAVE_BYTES = 4 * 1024 * 1024
"""Larger files are refused unread. A 100-round game of ten players with its whole log is
741 KB (bench/bench_saves.py --variant remigio-fournier --rounds 100), so this leaves room for
games five times as long, while any file up to it is read or refused within a second (issue
11) and a stray disk image or log file dropped in the folder is rejected at once."""

MAX_INT = 10**12
"""No number in a save is larger (or, where negative numbers are allowed, smaller than its
negative): scores and counters stay far below it, and a damaged number is refused by the
types instead of slowing or breaking the checks."""

MAX_REASON = 300
"""A reason is cut to this many characters: it may quote a damaged file."""


class SaveError(Exception):
    """A save that cannot be read or written. ``str(exc)`` is one line naming the problem."""

    def __init__(self, reason: str, path: Path | None = None) -> None:
        reason = str(reason)[: MAX_REASON * 4]
        # one line, whatever the cause printed, with nothing that acts on a terminal
        reason = clip(" ".join(reason.split()), MAX_REASON)
        super().__init__(reason)
        self.reason = reason
        self.path = path


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def human_size(size: int) -> str:
    return f"{size / 1024 / 1024:.1f} MB" if size >= 1024 * 1024 else f"{size} bytes"


# --- the format ------------------------------------------------------------------------------

CARD_CODES_BY_INDEX = [c.code for c in ALL_CARDS]

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
assert list(CardCode.__args__) == CARD_CODES_BY_INDEX  # type: ignore[attr-defined]
class AtMost:
    """A list's ``max_length``, checked before its items are (pydantic counts them after
    validating every item: a file of 700,000 stock cards took seconds to refuse)."""

    def __init__(self, n: int) -> None:
        self.n = n

    def _check(self, value: Any) -> Any:
        if isinstance(value, list) and len(value) > self.n:
            raise PydanticCustomError(
                "too_long", "List should have at most {max_length} items, not {actual_length}",
                {"max_length": self.n, "actual_length": len(value)})
        return value

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> Any:
        inner = cast(dict[str, Any], handler(source))  # a core schema is a plain dict
        inner["max_length"] = self.n  # for the JSON schema (maxItems), and a second guard
        return core_schema.no_info_before_validator_function(self._check, inner)


Cards = Annotated[list[CardCode], AtMost(1000)]
"""A pile, a hand or a meld: a game has at most three decks."""
_INT = Annotated[int, Field(ge=-MAX_INT, le=MAX_INT)]
_PER_SEAT = AtMost(10)
OMITTED_WHEN_EMPTY = frozenset({"hand_groups"})
"""Keys of ``state`` written only when not empty: added after version 5 without a new
version, so a save without groups stays what version 5 wrote."""


# No control characters in text that the app and `rummy-tui saves` print: a damaged or
# hand-edited name must not be able to send escape sequences to the terminal.
_PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f]*$"
_NAME = Annotated[str, Field(min_length=1, max_length=64, pattern=_PRINTABLE)]
_COUNT = Annotated[int, Field(ge=0, le=MAX_INT)]
_SEAT = Annotated[int, Field(ge=0, le=9)]


class _Model(BaseModel):
    # strict: a save is written by this program, so "3" where 3 belongs is damage, not a
    # convenience; forbid unknown keys for the same reason.
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class PlayerModel(_Model):
    name: _NAME
    kind: Literal["human", "easy", "normal", "hard"] = Field(
        description="a human at the keyboard, or a computer player and its strength")


class TableMeldModel(_Model):
    owner: _SEAT
    cards: Cards
    kind: Literal["set", "run"]


class PlayerResultModel(_Model):
    hand: Cards
    melds: list[Cards]
    deadwood: Cards
    penalty: _INT
    delta: _INT
    total: _INT
    note: Annotated[str, Field(max_length=200, pattern=_PRINTABLE)] = ""


class RoundResultModel(_Model):
    round_no: Annotated[int, Field(ge=1, le=MAX_INT)]
    winner: _SEAT | None
    ending: Annotated[str, Field(max_length=40, pattern=_PRINTABLE)]
    multiplier: _INT
    bonus: _INT
    special: Literal["flush", "straight_flush", "remigio"] | None
    closing_card: CardCode | None
    players: Annotated[list[PlayerResultModel], _PER_SEAT]


class _SharedStateModel(_Model):
    """Where every card is and whose turn it is: the engine's GameState, field for field
    (apart from variant, options, players, seed, history and log, kept at the top level, and
    the variant's own state, in a section named for the variant)."""

    model_config = ConfigDict(serialize_by_alias=True)

    round_no: Annotated[int, Field(ge=1, le=MAX_INT)]
    dealer: _SEAT
    to_move: _SEAT
    direction: Literal[1, -1]
    phase: Literal["draw", "play", "round_over", "game_over"]
    hands: Annotated[list[Cards], _PER_SEAT] = Field(description="every player's hand, in seat order: not secret!")
    stock: Cards = Field(description="the stock, top card last")
    discard: Cards = Field(description="the discard pile, top card last")
    wild_card: CardCode | None
    table: Annotated[list[TableMeldModel], AtMost(1000)]
    scores: Annotated[list[_INT], _PER_SEAT]
    out: Annotated[list[bool], _PER_SEAT]
    eliminated: Annotated[list[bool], _PER_SEAT]
    winner: _SEAT | None
    last_round: RoundResultModel | None
    taken: CardCode | None
    laid: Annotated[list[_COUNT], _PER_SEAT]
    rebuilds: _COUNT = Field(description="stock rebuilds this round (part of the RNG state)")
    turn: _COUNT
    actions: _COUNT = Field(description="actions in this game (part of the RNG state)")
    round_actions: _COUNT
    deck_size: _COUNT
    # the app's: each player's own order of their hand (no rule reads it; [] when none)
    hand_order: Annotated[list[Cards], _PER_SEAT] = Field(
        [], description="each player's own order of their hand (no rule reads it)")
    # written only when a hand has groups (a file without it has none: no version change)
    hand_groups: Annotated[list[Annotated[list[_COUNT], AtMost(1000)]], _PER_SEAT] = Field(
        [], description="the sizes of each player's groups of hand_order (no rule reads it)")

    @model_serializer(mode="wrap")
    def _only_the_games_section(self, handler: SerializerFunctionWrapHandler) -> Any:
        # as the codec writes it: the sections of the other games are not there at all
        data = handler(self)
        for key in SECTIONS:
            if key in data and data[key] is None:
                del data[key]
        for key in OMITTED_WHEN_EMPTY:
            if data.get(key) == []:
                del data[key]
        return data


# --- the variants' own state: one section each, made from the engine's dataclass ----------


def _format_type(tp: Any, per_seat: bool) -> Any:
    """The format's type for a field of a variant state: cards as codes, numbers as counts
    (>= 0), a per-seat list at most one entry per seat."""
    simple = {Card: CardCode, bool: bool, int: _COUNT}
    if tp in simple:
        return simple[tp]
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (typing.Union, types.UnionType) and len(args) == 2 \
            and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        return _format_type(inner, per_seat) | None
    if typing.get_origin(tp) is list and len(args) == 1 and args[0] in simple:
        item = simple[args[0]]
        if per_seat:
            return Annotated[list[item], _PER_SEAT]  # type: ignore[valid-type]
        return Annotated[list[item], AtMost(1000)]  # type: ignore[valid-type]
    raise TypeError(f"a variant state field of type {tp!r} has no place in the save format: "
                    "use cards, ints >= 0, bools, or lists of them (saves/schema.py)")


def variant_state_model(cls: type) -> type[BaseModel]:
    """The section of a save that holds a variant's own state (``Variant.State``): one key per
    field of the dataclass, in its order, typed by :func:`_format_type`. Its fields are all
    required: a field added to the dataclass changes the format (a new version and a
    migration, migrations.py)."""
    hints = typing.get_type_hints(cls)
    seats = set(per_seat_fields(cls))
    spec: dict[str, Any] = {
        f.name: (_format_type(hints[f.name], f.name in seats), ...) for f in fields(cls)
    }
    doc = (cls.__doc__ or "").split("\n\n")[0]
    return create_model(f"{cls.__name__}Model", __base__=_Model, __doc__=doc, **spec)


def _sections() -> dict[str, tuple[str, type[BaseModel]]]:
    models: dict[type, type[BaseModel]] = {}
    found = {}
    for v in variants():
        if v.State is not None:
            model = models.setdefault(v.State, variant_state_model(v.State))
            found[v.key] = (v.key.replace("-", "_"), model)
    return found


SECTIONS = _sections()
"""Variant key -> (the StateModel attribute, the model) of each variant with its own state:
its section of ``state`` has the variant's key (``"state": {..., "remi": {...}}``)."""

_SECTION_FIELDS: dict[str, Any] = {
    attr: (model | None, Field(None, alias=key, description=f"{title_of(key)}: its own state"))
    for key, (attr, model) in SECTIONS.items()
}
_StateModel = create_model(
    "StateModel", __base__=_SharedStateModel, __doc__=_SharedStateModel.__doc__, **_SECTION_FIELDS
)
if TYPE_CHECKING:
    # A model made at run time is no type to a checker: to it, ``state`` has the shared
    # fields (a variant's section is read with getattr, by its attribute in SECTIONS).
    StateModel = _SharedStateModel
else:
    StateModel = _StateModel
SHARED_STATE_KEYS = tuple(_SharedStateModel.model_fields)
"""The keys of ``state`` that every game has, in their order."""


# --- the log: one record per event, made from the event classes of core/events.py ---------

_TEXT = Annotated[str, Field(max_length=1000, pattern=_PRINTABLE)]
SEAT_FIELDS = ("player", "dealer", "first")
"""The fields of an event that name a seat (validation checks the seat exists)."""


def _event_type(name: str, tp: Any) -> Any:
    """The format's type for a field of an event: cards as codes, seats 0-9, a round >= 1,
    numbers bounded, text printable and short, a per-seat tuple one entry per seat."""
    if name == "round_no":
        return Annotated[int, Field(ge=1, le=MAX_INT)]
    if name in SEAT_FIELDS:
        return _SEAT | None if type(None) in typing.get_args(tp) else _SEAT
    simple = {Card: CardCode, bool: bool, int: _INT, str: _TEXT}
    if tp in simple:
        return simple[tp]
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Literal:
        return tp
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        (inner,) = [a for a in args if a is not type(None)]
        return _event_type(name, inner) | None
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        if args[0] is Card:
            return Cards
        return Annotated[list[_event_type(name, args[0])], _PER_SEAT]  # type: ignore[misc]
    raise TypeError(f"an event field {name} of type {tp!r} has no place in the save format")


def event_record(cls: type[Event]) -> Any:
    """The record of one event class in the log of a save: ``"type"`` (the event's tag),
    then one key per field of the dataclass, in its order, all required. A TypedDict, not a
    model: a long game logs tens of thousands of events, and this validates them in half
    the time."""
    hints = typing.get_type_hints(cls)
    spec: dict[str, Any] = {"type": Literal[cls.tag]}
    spec.update((f.name, _event_type(f.name, hints[f.name])) for f in fields(cls))
    make: Any = TypedDict  # the functional form, with a name made at run time
    record: Any = make(f"{cls.__name__}Record", spec)
    record.__pydantic_config__ = ConfigDict(extra="forbid", strict=True)
    record.__doc__ = (cls.__doc__ or "").split("\n\n")[0]
    return record


EVENT_RECORDS: dict[str, Any] = {cls.tag: event_record(cls) for cls in EVENTS}
"""Each event's tag -> the record a save holds for it."""
EventRecord: Any = Annotated[
    typing.Union[tuple(EVENT_RECORDS.values())],
    Field(discriminator="type"),
]


class SaveFile(_Model):
    """A rummy-tui save file. It holds every hand and the stock order: whoever opens the
    file sees all the cards."""

    model_config = ConfigDict(title="rummy-tui save file")

    schema_version: Literal[5] = Field(description="the version of this format")
    written_by: Annotated[str, Field(max_length=100)] = Field(
        description="the program that wrote the file")
    variant: VariantName
    preset: Annotated[str, Field(max_length=40)] = Field(description="the picker entry: the variant, or indian-<format>")
    options: Annotated[dict[str, Any], Field(max_length=30)] = Field(description="the variant's options (core/options.py)")
    players: Annotated[list[PlayerModel], Field(min_length=2), AtMost(10)]
    seed: Annotated[int, Field(ge=0, le=2**63 - 1)] = Field(
        description="the game's seed: with the counters in state, the RNG state")
    state: StateModel
    # a round takes minutes: 2,000 of them is days of play (and reading them stays fast)
    history: Annotated[list[RoundResultModel], AtMost(2000)] = Field(
        description="every finished round, in order")
    log: Annotated[list[EventRecord], AtMost(500_000)] = Field(
        description="what happened, one event a record (core/events.py), as every player saw it")

    @field_validator("schema_version", mode="before")
    @classmethod
    def _a_whole_number(cls, value: Any) -> Any:
        # a Literal compares by equality, and 4.0 == 4: strict, the version is an int
        if type(value) is not int:
            raise ValueError(f"schema_version must be a whole number, not {value!r}"[:80])
        return value

    @model_validator(mode="after")
    def _options_and_preset(self) -> SaveFile:
        model = options_model(self.variant)
        # every option is written: one left out is damage, not its default (only the options
        # that came later are left out, at the value that means "as before"; a field added
        # to an options model without that needs a migration that fills it in)
        missing = [k for k in model.model_fields if k not in self.options
                   and k not in model.added_later]
        if missing:
            raise ValueError(f"missing field options.{missing[0]}")
        try:
            options = make_options(self.variant, self.options)
        except RuleError as exc:
            raise ValueError(f"options: {exc}") from None
        try:
            # as strict as the rest of the file: "150", 150.0 or true for a number, "yes"
            # for a switch are damage (make_options alone would convert them)
            options_model(self.variant).model_validate(self.options, strict=True)
        except ValidationError as exc:
            first = exc.errors(include_url=False)[0]
            where = ".".join(str(x) for x in first["loc"])
            found = json.dumps(first.get("input"), default=str)[:40]
            raise ValueError(f"options.{where}: {first['msg'].lower()} (found {found})") from None
        expected = preset_of(self.variant, options)
        if self.preset != expected:
            raise ValueError(f"preset {self.preset!r} does not match the options ({expected!r})")
        for key, (attr, _) in SECTIONS.items():
            present = getattr(self.state, attr) is not None
            if key == self.variant and not present:
                raise ValueError(f"missing field state.{key} (the game's own state)")
            if key != self.variant and present:
                raise ValueError(f"state.{key}: the state of another game ({title_of(key)})")
        return self


TOP_LEVEL = ("variant", "options", "players", "seed", "history", "log")
"""The GameState fields a save keeps at its top level; every other one is in ``state``."""
assert set(TOP_LEVEL) <= set(SaveFile.model_fields)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of a save file (``rummy-tui schema``)."""
    return SaveFile.model_json_schema()
