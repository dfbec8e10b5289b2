"""Remembered settings (issue 13): a small TOML file in the per-user config folder.

What is remembered: ASCII suits, the four-colour deck, the theme, the computer speed, and for
each picker entry the last seats and options. The player's own keys, ``[keymap]``, are only
read (rummy_tui/keymap.py) and written back as they were. A flag on the command line wins for that run
and is not written back: only what is changed inside the app is remembered.

The file is read with the standard library's ``tomllib`` and written with ``tomli-w`` (a small,
well-kept writer: names that players type are quoted and escaped correctly, which a
hand-rolled writer would have to get right for every character). A file that is not valid
TOML, or holds a setting this version does not know or a value of the wrong type, is refused
with a one-line reason: the app then runs with the defaults and never writes over it.

This module imports neither pydantic nor Textual (it is read before the picker opens).
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tomli_w

from .atomic import write_atomic
from .core.names import PlayerNameError, check_name
from .core.text import quote
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
    last: dict[str, LastSetup] = field(default_factory=dict)
    """Picker entry key (``rummy``, ``indian-pool101``, ...) -> its last setup."""
    keymap: dict[str, str] = field(default_factory=dict)
    """``[keymap]``: binding id -> keys, as the player wrote them (rummy_tui/keymap.py checks
    each entry when the app starts; all are written back as they were)."""

    # --- TOML ---------------------------------------------------------------------------
    def to_toml(self) -> bytes:
        data: dict[str, Any] = {}
        for name in ("ascii", "four_colour", "theme", "bot_delay"):
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


def _expect(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        raise SettingsError(f"{where} must be a {_kind_name(kind)}, not {quote(value)}")
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    names = {bool: "true or false", str: "string", int: "number", float: "number",
             list: "list", dict: "table"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return names.get(kinds[0], kinds[0].__name__)


def parse(data: dict[str, Any]) -> Settings:
    """Check a parsed TOML document; raises :class:`SettingsError` with a one-line reason."""
    settings = Settings()
    for key, value in data.items():
        if key in ("ascii", "four_colour"):
            setattr(settings, key, _expect(value, bool, key))
        elif key == "theme":
            theme = _expect(value, str, key)
            if not theme or len(theme) > 60:
                raise SettingsError("theme must be a theme's name")
            settings.theme = theme
        elif key == "bot_delay":
            delay = float(_expect(value, (int, float), key))
            if not (math.isfinite(delay) and 0 <= delay <= 10):
                raise SettingsError("bot_delay must be between 0 and 10 seconds")
            settings.bot_delay = delay
        elif key == "keymap":
            try:
                settings.keymap = keymap_table(value)
            except KeymapError as exc:
                raise SettingsError(str(exc)) from None
        elif key == "last":
            for preset, entry in _expect(value, dict, "last").items():
                settings.last[preset] = _parse_last(preset, entry)
        else:
            raise SettingsError(f"unknown setting {quote(key)} (is this a rummy-tui settings file?)")
    return settings


def _parse_last(preset: str, entry: Any) -> LastSetup:
    where = f"last.{preset}"
    _expect(entry, dict, where)
    setup = LastSetup()
    for key, value in entry.items():
        if key == "seats":
            for n, seat in enumerate(_expect(value, list, f"{where}.seats"), start=1):
                _expect(seat, dict, f"{where}.seats[{n}]")
                name = _expect(seat.get("name"), str, f"{where}.seats[{n}].name")
                kind = _expect(seat.get("kind", "human"), str, f"{where}.seats[{n}].kind")
                if kind not in KINDS:
                    raise SettingsError(f"{where}.seats[{n}]: a kind of {', '.join(KINDS)}")
                try:  # the one check of a name: no control characters reach the screen
                    name = check_name(name)
                except PlayerNameError as exc:
                    raise SettingsError(f"{where}.seats[{n}]: {exc}") from None
                setup.seats.append((name, kind))
            if len(setup.seats) > 10:
                raise SettingsError(f"{where}.seats: at most 10 seats")
        elif key == "options":
            for name, option in _expect(value, dict, f"{where}.options").items():
                _expect(option, (bool, int, str), f"{where}.options.{name}")
                setup.options[name] = option
        else:
            raise SettingsError(f"unknown setting {where}.{key}")
    return setup


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
        raise SettingsError(f"{path}: not valid TOML ({exc})") from None
    try:
        return parse(data)
    except SettingsError as exc:
        raise SettingsError(f"{path}: {exc}") from None


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (raises OSError)."""
    write_atomic(settings_path() if path is None else path, settings.to_toml())


class Store:
    """The settings of one run: what the file said, and whether it may be written.

    A file that could not be read is never written over (``problem`` says why)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = settings_path() if path is None else path
        self.problem = ""
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
        try:
            save(self.settings, self.path)
        except OSError as exc:
            self.problem = f"{self.path}: cannot write ({exc.strerror or exc})"
            return False
        return True
