"""Remembered settings (issue 13): a small TOML file in the per-user config folder.

What is remembered: ASCII suits, the four-colour deck, the theme, the computer speed, and for
each picker entry the last seats and options. The player's own keys, ``[keymap]``, are only
read (rummy_tui/keymap.py) and written back as they were. A flag on the command line wins for that run
and is not written back: only what is changed inside the app is remembered.

The file is read with the standard library's ``tomllib`` and written with ``tomli-w`` (a small,
well-kept writer: names that players type are quoted and escaped correctly, which a
hand-rolled writer would have to get right for every character). The file is read like a
save (issue 27): at most 256 KB, then strictly by a pydantic model (no setting this version
does not know, no value of the wrong type, every number and every text bounded, no control
characters); nesting too deep for the TOML reader and numbers of thousands of digits are
refused too. A file that fails is refused with a one-line reason: the app then runs with
the defaults, says so (a line on stderr from the command line, a notification in the app),
and never writes over it, not even when a setting is changed later in that run (the file
stays as it is until the user mends or removes it; see README, "Where files live").

This module does not import Textual (pydantic is loaded by the rules core anyway).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

import tomli_w
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from .atomic import write_atomic
from .core.names import PlayerNameError, check_name
from .keymap import KeymapError
from .keymap import table as keymap_table
from .saves_location import settings_path

MAX_SETTINGS_BYTES = 256 * 1024
KINDS = ("human", "normal", "easy", "hard")


class SettingsError(Exception):
    """The settings file cannot be used: the reason, in one line."""


@dataclass
class LastSetup:
    """The seats and options of the last game started from one picker entry."""

    seats: list[tuple[str, str]] = field(default_factory=list)
    """(name, kind) per seat; kind is human, normal, easy or hard."""
    options: dict[str, Any] = field(default_factory=dict)


@dataclass
class Settings:
    ascii: bool | None = None
    four_colour: bool | None = None
    theme: str | None = None
    bot_delay: float | None = None
    """Seconds between a computer player's moves."""
    motion: bool | None = None
    """false: no brief highlight of a card that moves (issue 30); NO_COLOR and Textual's
    TEXTUAL_ANIMATIONS=none turn it off too."""
    last: dict[str, LastSetup] = field(default_factory=dict)
    """Picker entry key (``rummy``, ``indian-pool101``, ...) -> its last setup."""
    keymap: dict[str, str] = field(default_factory=dict)
    """``[keymap]``: binding id -> keys, as the player wrote them (rummy_tui/keymap.py checks
    each entry when the app starts; all are written back as they were)."""

    # --- TOML ---------------------------------------------------------------------------
    def to_toml(self) -> bytes:
        data: dict[str, Any] = {}
        for name in ("ascii", "four_colour", "theme", "bot_delay", "motion"):
            value = getattr(self, name)
            if value is not None:
                data[name] = value
        if self.keymap:
            data["keymap"] = dict(self.keymap)
        if self.last:
            data["last"] = {
                key: {
                    "seats": [{"name": n, "kind": k} for n, k in setup.seats],
                    # TOML has no null: an option left unset is simply not written
                    "options": {k: v for k, v in setup.options.items() if v is not None},
                }
                for key, setup in sorted(self.last.items())
            }
        header = "# rummy-tui settings (rummy-tui --where shows this file)\n"
        return (header + tomli_w.dumps(data)).encode()


_PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029]*$"
"""No control characters (nor line separators) in text from the file, as in a save."""
_MAX_NUMBER = 10**12
"""No whole number in the file is larger (or smaller than its negative), as in a save."""


class _Model(BaseModel):
    # strict: a file that says "yes" or 1 for a switch, or "0.5" for a number, is refused
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _Seat(_Model):
    name: Annotated[str, Field(max_length=64)]  # blank: check_name says why
    kind: Literal["human", "normal", "easy", "hard"] = "human"

    @field_validator("name")
    @classmethod
    def _a_name(cls, name: str) -> str:
        try:  # the one check of a name: no control characters reach the screen
            return check_name(name)
        except PlayerNameError as exc:
            raise ValueError(str(exc)) from None


_Key = Annotated[str, Field(min_length=1, max_length=40, pattern=_PRINTABLE)]
_Option = Annotated[bool | Annotated[int, Field(ge=-_MAX_NUMBER, le=_MAX_NUMBER)]
                    | Annotated[str, Field(max_length=100, pattern=_PRINTABLE)],
                    Field(union_mode="left_to_right")]


class _Last(_Model):
    seats: Annotated[list[_Seat], Field(max_length=10)] = []
    options: Annotated[dict[_Key, _Option], Field(max_length=40)] = {}


class _File(_Model):
    """The settings file, as read: every setting optional, nothing else allowed."""

    ascii: bool | None = None
    four_colour: bool | None = None
    theme: Annotated[str, Field(min_length=1, max_length=60, pattern=_PRINTABLE)] | None = None
    bot_delay: Annotated[float, Field(ge=0, le=10, allow_inf_nan=False)] | None = None
    motion: bool | None = None
    last: Annotated[dict[_Key, _Last], Field(max_length=100)] = {}


_UNION_BRANCHES = ("bool", "constrained-int", "constrained-str")


def _explain(exc: ValidationError) -> str:
    """The first problem, in one line (a value quoted in part only)."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = [str(x) for x in first["loc"]]
    option = bool(loc) and loc[-1] in _UNION_BRANCHES  # a remembered option: three types
    if option:
        loc = loc[:-1]
        errors = [e for e in errors if [str(x) for x in e["loc"][:-1]] != loc]
    where = ".".join(loc)
    for n in range(len(loc)):  # list positions 1-based, as a person counts seats
        if loc[n].isdigit():
            where = where.replace(f".{loc[n]}", f"[{int(loc[n]) + 1}]", 1)
    got = first.get("input")
    kind = first["type"]
    # a value error (a name: core/names.py) quotes the value itself
    found = "" if isinstance(got, (dict, list)) or kind == "value_error" else \
        f" (found {repr(got)[:40]})"
    if kind == "extra_forbidden":
        text = f"unknown setting {where!r} (is this a rummy-tui settings file?)"
    elif kind == "string_pattern_mismatch":
        text = f"{where}: contains control characters"
    elif option:
        text = (f"{where} must be true or false, a whole number of at most 12 digits or a "
                f"text of at most 100 characters{found}")
    elif where == "bot_delay":
        text = f"bot_delay must be between 0 and 10 seconds{found}"
    elif where.endswith(".name") and kind != "value_error":
        text = f"{where}: a name of 1 to 24 characters{found}"
    elif where.endswith(".kind"):
        text = f"{where} must be a kind of human, normal, easy or hard{found}"
    elif kind == "bool_type":
        text = f"{where} must be true or false{found}"
    else:
        msg = first["msg"].removeprefix("Value error, ")
        text = f"{where}: {msg[:1].lower()}{msg[1:]}{found}" if where else msg
    if len(errors) > 1:
        text += f" (and {len(errors) - 1} more)"
    return text


def parse(data: dict[str, Any]) -> Settings:
    """Check a parsed TOML document; raises :class:`SettingsError` with a one-line reason."""
    data = dict(data)
    keymap: dict[str, str] = {}
    if "keymap" in data:  # its own checks, entry by entry (rummy_tui/keymap.py)
        try:
            keymap = keymap_table(data.pop("keymap"))
        except KeymapError as exc:
            raise SettingsError(str(exc)) from None
    try:
        found = _File.model_validate(data)
    except ValidationError as exc:
        raise SettingsError(_explain(exc)) from None
    except RecursionError:
        raise SettingsError("nested too deeply for a settings file") from None
    return Settings(
        ascii=found.ascii, four_colour=found.four_colour, theme=found.theme,
        bot_delay=found.bot_delay, motion=found.motion, keymap=keymap,
        last={key: LastSetup([(seat.name, seat.kind) for seat in entry.seats],
                             dict(entry.options))
              for key, entry in found.last.items()})


def load(path: Path | None = None) -> Settings:
    """The settings in the file (defaults when there is none). Never writes."""
    path = settings_path() if path is None else path
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_SETTINGS_BYTES + 1)
    except FileNotFoundError:
        return Settings()
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read ({exc.strerror})") from None
    if len(raw) > MAX_SETTINGS_BYTES:
        raise SettingsError(f"{path}: too large for a settings file")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SettingsError(f"{path}: not a text file") from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"{path}: not valid TOML ({str(exc)[:80]})") from None
    except RecursionError:  # 50,000 "[" or 3,000 "{a=": tomllib reads nesting recursively
        raise SettingsError(f"{path}: nested too deeply for a settings file") from None
    except ValueError:  # a number of more than 4300 digits (Python's conversion limit)
        raise SettingsError(f"{path}: a number in it is absurdly long") from None
    try:
        return parse(data)
    except SettingsError as exc:
        raise SettingsError(f"{path}: {exc}") from None


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (raises OSError)."""
    write_atomic(settings_path() if path is None else path, settings.to_toml())


def _signature(path: Path) -> tuple[int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns, st.st_ino)


class Store:
    """The settings of one run: what the file said, and whether it may be written.

    A file that could not be read is never written over (``problem`` says why)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = settings_path() if path is None else path
        self.problem = ""
        self._seen = _signature(self.path)
        try:
            self.settings = load(self.path)
        except SettingsError as exc:
            self.settings = Settings()
            self.problem = str(exc)

    @property
    def writable(self) -> bool:
        return not self.problem

    def update(self, **changes: Any) -> bool:
        """Set these settings and write the file; False if it is not written."""
        changed = False
        for name, value in changes.items():
            if getattr(self.settings, name) != value:
                setattr(self.settings, name, value)
                changed = True
        return self.write() if changed else True

    def remember_setup(self, preset: str, seats: list[tuple[str, str]],
                       options: dict[str, Any]) -> bool:
        setup = LastSetup(list(seats), {k: v for k, v in options.items()
                                        if isinstance(v, (bool, int, str))})
        if self.settings.last.get(preset) == setup:
            return True
        self.settings.last[preset] = setup
        return self.write()

    def write(self) -> bool:
        if not self.writable:
            return False
        if _signature(self.path) != self._seen:
            # changed by someone else since it was read: written over only if it still reads
            try:
                load(self.path)
            except SettingsError as exc:
                self.problem = str(exc)
                return False
        data = self.settings.to_toml()
        try:  # never write a file the next start would refuse
            parse(tomllib.loads(data.decode()))
        except (SettingsError, tomllib.TOMLDecodeError) as exc:
            self.problem = f"{self.path}: not written ({exc})"
            return False
        try:
            write_atomic(self.path, data)
            self._seen = _signature(self.path)
        except OSError as exc:
            self.problem = f"{self.path}: cannot write ({exc.strerror or exc})"
            return False
        return True
