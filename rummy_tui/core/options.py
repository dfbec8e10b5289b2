"""Game options: what every variant's pydantic options model shares, and how they are built.

Every setting a rule text leaves to the players ("option" in rules-notes) is a field of its
variant's model, which lives in the variant's module (``Variant.Options``). The CLI passes
them as ``--rule key=value`` (:func:`parse_rules`), the setup screen edits the same models,
and the saves store them. Models are frozen (a game's options never change once it has
started), bounded (every number has ``ge``/``le``) and strict: a value loaded from JSON
must already be of its type (no ``"150"``, no ``true`` for a number, no ``150.0``, no
``"yes"`` for a switch). Text from the command line is turned into typed values here.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable
from typing import Any, ClassVar

from pydantic import (
    BaseModel,
    ConfigDict,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
)

from .hand_rules import RuleError
from .registry import variant_of
from .text import quote


class OptionsModel(BaseModel):
    """The base of every variant's options model."""

    model_config = ConfigDict(extra="forbid", frozen=True, validate_default=True, strict=True)

    added_later: ClassVar[dict[str, Any]] = {}
    """Options that came after the first saves, each with the value that means "as before":
    at that value an option is left out of the dump, so a game's options (and its save file)
    are exactly what they were before it existed."""

    @model_serializer(mode="wrap")
    def _leave_out_what_came_later(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name, before in self.added_later.items():
            if getattr(self, name) == before:
                data.pop(name, None)
        return data


def options_model(variant: str) -> type[OptionsModel]:
    """The options model of a variant; RuleError if the variant is unknown."""
    return variant_of(variant).Options


def _explain(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(x) for x in err["loc"])
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, ") :]
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts)


def _unknown(variant: str, key: str, model: type[OptionsModel]) -> RuleError:
    return RuleError(
        f"unknown rule {quote(key)} for {variant_of(variant).title} "
        f"(known: {', '.join(model.model_fields)})"
    )


def make_options(variant: str, values: dict[str, Any] | OptionsModel | None = None) -> OptionsModel:
    """Build (validate, strictly) a variant's options from a dict; RuleError with a clear
    message."""
    model = options_model(variant)
    if values is None:
        return model()
    if isinstance(values, model):
        return values
    if isinstance(values, BaseModel):
        values = values.model_dump()
    if not isinstance(values, dict):
        raise RuleError(f"the options of {variant_of(variant).title} must be a mapping")
    unknown = sorted(set(values) - set(model.model_fields), key=str)
    if unknown:
        raise _unknown(variant, str(unknown[0]), model)
    try:
        return model(**values)
    except ValidationError as exc:
        raise RuleError(f"bad rule for {variant_of(variant).title}: {_explain(exc)}") from None


# --- command-line text -> typed values ------------------------------------------------------

_NONE_WORDS = {"none", "null", "off", ""}
_TRUE_WORDS = {"true", "yes", "on", "1"}
_FALSE_WORDS = {"false", "no", "off", "0"}
_MAX_DIGITS = 12
"""Longer numbers are refused before Python converts them (no option comes close)."""
_QUOTE = 80


def _short(text: str) -> str:
    """At most about 80 characters of what the user typed, for a one-line message."""
    return text if len(text) <= _QUOTE else text[: _QUOTE - 3] + "..."


def _parts(annotation: Any) -> tuple[list[Any], bool]:
    """The types a field allows, and whether it allows None."""
    origin = typing.get_origin(annotation)
    if origin is typing.Union or origin is types.UnionType:
        args = list(typing.get_args(annotation))
        return [a for a in args if a is not type(None)], type(None) in args
    return [annotation], False


def _typed(key: str, raw: str, annotation: Any) -> Any:
    """The value ``raw`` (text) as the field's type, or the text itself if it is none of them."""
    kinds, allows_none = _parts(annotation)
    word = raw.lower()
    if allows_none and word in _NONE_WORDS:
        return None
    for kind in kinds:
        if kind is bool:
            if word in _TRUE_WORDS:
                return True
            if word in _FALSE_WORDS:
                return False
        elif kind is int:
            digits = raw[1:] if raw[:1] in "+-" else raw
            if digits.isascii() and digits.isdigit():
                if len(digits) > _MAX_DIGITS:
                    raise RuleError(f"bad rule {key}={_short(raw)}: the number is far too large")
                return int(raw)
        elif typing.get_origin(kind) is typing.Literal:
            for choice in typing.get_args(kind):
                if str(choice).lower() == word:
                    return choice
        elif kind is str:
            return raw
    # not one of the field's types: the model refuses it, naming the field and the type
    return raw


def parse_rules(variant: str, items: Iterable[str] | None = None) -> OptionsModel:
    """Options from ``["key=value", ...]`` as given to ``--rule``; RuleError (one line) on bad
    input. Switches take ``true/false/yes/no/on/off/1/0``, numbers are whole numbers, and an
    optional setting takes ``none`` to leave it unset (``rounds=none``)."""
    model = options_model(variant)
    values: dict[str, Any] = {}
    for item in items or ():
        key, sep, raw = item.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or not key:
            raise RuleError(f"bad rule {quote(item)}: expected key=value")
        if key not in model.model_fields:
            raise _unknown(variant, key, model)
        values[key] = _typed(key, raw.strip(), model.model_fields[key].annotation)
    return make_options(variant, values)

