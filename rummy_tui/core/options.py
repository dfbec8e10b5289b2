"""Game options: one pydantic model per variant, defaults from shared/rules-notes.md.

Every setting a rule text leaves to the players ("option" in rules-notes) is a field here.
The CLI passes them as ``--rule key=value`` (:func:`parse_rules`), the setup screen edits the
same models, and the saves store them. Models are frozen: a game's options never change once
it has started.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    field_validator,
    model_serializer,
    model_validator,
)

from .variants.base import TITLES, VARIANTS, RuleError


TURN_TIMER_MIN = 10
TURN_TIMER_MAX = 600
"""Indian's optional turn timer, in seconds per turn."""


class _Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, validate_default=True)


class RummyOptions(_Options):
    """Basic Rummy (seed 002)."""

    target: int = Field(150, ge=1, le=100_000, description="points that win the game")
    rounds: int | None = Field(
        None, ge=1, le=1000, description="play this many hands instead of to the target"
    )
    ace_high: bool = Field(False, description="ace high or low (Q-K-A is a run); aces score 15")
    last_card_discard: bool = Field(False, description="the last card must be a discard")
    void_after_two_rebuilds: bool = Field(
        True, description="the hand ends void if the stock runs out after two rebuilds"
    )
    rebuild_limit: int = Field(
        20,
        ge=2,
        le=1000,
        description="with void_after_two_rebuilds off: the hand ends void if the stock runs "
        "out after this many rebuilds (a guard against a hand that never ends)",
    )

    @model_serializer(mode="wrap")
    def _leave_out_default_limit(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # the limit came after the first saves: at its default, a game's options dump (and
        # its save file) is exactly what it was before
        data: dict[str, Any] = handler(self)
        if self.rebuild_limit == 20:
            data.pop("rebuild_limit", None)
        return data


class RemiOptions(_Options):
    """Indonesian Remi (seed 000)."""

    target: int = Field(500, ge=1, le=100_000, description="points that win the game")


class RemigioOptions(_Options):
    """Remigio, elimination preset (seed 001)."""

    eliminate_at: int = Field(
        100, ge=1, le=100_000, description="a player at or above this score is eliminated"
    )
    stop_at_two: bool = Field(
        False, description="stop when two players remain; the lower score wins"
    )
    wrap: bool = Field(False, description="runs may go round the corner (K-A-2)")


class FournierOptions(_Options):
    """Remigio, Heraclio Fournier preset (seed 004): the losers pay the closer."""

    target: int = Field(300, ge=1, le=100_000, description="a balance that wins the game")
    rounds: int | None = Field(
        None, ge=1, le=1000, description="play this many rounds instead of to the target"
    )
    wrap: bool = Field(False, description="runs may go round the corner (K-A-2)")
    point_value: int = Field(
        1, ge=1, le=10_000, description="what one point is worth in the agreed stake"
    )

    @model_serializer(mode="wrap")
    def _leave_out_default_value(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # the stake came after the first saves: at its default, the options dump as before
        data: dict[str, Any] = handler(self)
        if self.point_value == 1:
            data.pop("point_value", None)
        return data


class IndianOptions(_Options):
    """Indian 13-card Rummy (seed 003) and its formats."""

    format: Literal["points", "pool101", "pool201", "deals"] = Field(
        "points",
        description="points: one deal; pool101/pool201: eliminated at 101/201; deals: a fixed "
        "number of deals",
    )
    deals: Literal[2, 3, 6] = Field(2, description="number of deals in the Deals format")
    decks: int | None = Field(
        None, ge=1, le=4, description="decks of 52 + 1 joker (default 1 for 2 players, else 2)"
    )
    turn_timer: int | None = Field(
        None,
        description="seconds per turn (10-600), or none for no timer; with the timer, three "
        "missed turns in a row count as a middle drop",
    )

    @model_serializer(mode="wrap")
    def _leave_out_no_timer(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # the timer came after the first saves: without it, a game's options dump (and its
        # save file) is exactly what it was before
        data: dict[str, Any] = handler(self)
        if self.turn_timer is None:
            data.pop("turn_timer", None)
        return data

    @field_validator("turn_timer")
    @classmethod
    def _timer_range(cls, value: int | None) -> int | None:
        if value is not None and not TURN_TIMER_MIN <= value <= TURN_TIMER_MAX:
            raise ValueError(
                f"the turn timer is {TURN_TIMER_MIN} to {TURN_TIMER_MAX} seconds a turn, "
                f"or none for no timer (got {value})"
            )
        return value

    @model_validator(mode="after")
    def _deals_only_in_deals_format(self) -> IndianOptions:
        if self.format != "deals" and "deals" in self.model_fields_set and self.deals != 2:
            raise ValueError("the number of deals applies only to format=deals")
        return self

    @property
    def drops(self) -> tuple[int, int]:
        """(first drop, middle drop): 25/50 in Pool 201, 20/40 otherwise."""
        return (25, 50) if self.format == "pool201" else (20, 40)

    @property
    def pool_limit(self) -> int | None:
        return {"pool101": 101, "pool201": 201}.get(self.format)


OPTIONS: dict[str, type[_Options]] = {
    "rummy": RummyOptions,
    "remi": RemiOptions,
    "remigio": RemigioOptions,
    "remigio-fournier": FournierOptions,
    "indian": IndianOptions,
}
assert tuple(OPTIONS) == VARIANTS

AnyOptions = RummyOptions | RemiOptions | RemigioOptions | FournierOptions | IndianOptions


def options_model(variant: str) -> type[_Options]:
    """The options model of a variant; RuleError if the variant is unknown."""
    try:
        return OPTIONS[variant]
    except KeyError:
        raise RuleError(
            f"unknown variant {variant!r} (choose from {', '.join(VARIANTS)})"
        ) from None


def _explain(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err["loc"])
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts)


def make_options(variant: str, values: dict[str, Any] | _Options | None = None) -> _Options:
    """Build (validate) a variant's options from a dict; RuleError with a clear message."""
    model = options_model(variant)
    if values is None:
        return model()
    if isinstance(values, model):
        return values
    if isinstance(values, BaseModel):
        values = values.model_dump()
    unknown = sorted(set(values) - set(model.model_fields))
    if unknown:
        raise RuleError(
            f"unknown rule {unknown[0]!r} for {TITLES[variant]} "
            f"(known: {', '.join(model.model_fields)})"
        )
    try:
        return model(**values)
    except ValidationError as exc:
        raise RuleError(f"bad rule for {TITLES[variant]}: {_explain(exc)}") from None


_NONE_WORDS = {"none", "null", "off", ""}


def parse_rules(variant: str, items: Iterable[str] | None = None) -> _Options:
    """Options from ``["key=value", ...]`` as given to ``--rule``; RuleError on bad input.

    Values are read as JSON-ish words: ``true/false/yes/no/1/0`` for switches, numbers, and
    ``none`` for an unset optional number (``rounds=none``).
    """
    model = options_model(variant)
    values: dict[str, Any] = {}
    for item in items or ():
        key, sep, raw = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise RuleError(f"bad rule {item!r}: expected key=value")
        if key not in model.model_fields:
            raise RuleError(
                f"unknown rule {key!r} for {TITLES[variant]} "
                f"(known: {', '.join(model.model_fields)})"
            )
        raw = raw.strip()
        field = model.model_fields[key]
        allows_none = field.default is None
        if allows_none and raw.lower() in _NONE_WORDS:
            values[key] = None
        elif raw.lstrip("-").isdigit():
            values[key] = int(raw)
        else:
            values[key] = raw
    return make_options(variant, values)
