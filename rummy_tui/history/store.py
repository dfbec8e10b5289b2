"""The statistics file: player profiles and one record per finished game (issue 13).

``stats.json`` in the per-user data folder (``rummy-tui --where``). Every change reads the
file, adds to it and writes it back atomically. A game is recorded under its game id (the
save's name) once: a finished game resumed, or seen again by ``stats --rebuild``, is not
counted twice. A file that cannot be read, is not a rummy-tui statistics file or fails a
check is refused with a one-line :class:`StatsError` and never written over.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..atomic import write_atomic
from ..core.text import clip
from ..saves_location import stats_path
from .records import GameRecord, Kind, Name, player_key, record_game

FORMAT = "rummy-tui stats"
VERSION = 1
MAX_STATS_BYTES = 64 * 1024 * 1024


class StatsError(Exception):
    """The statistics file cannot be used: the reason, in one line."""


class Profile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: Name
    kind: Kind = "human"
    created: datetime


class StatsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", title="rummy-tui statistics file")

    format: Literal["rummy-tui stats"]
    version: Literal[1]
    profiles: list[Profile] = Field(default_factory=list)
    games: Annotated[list[GameRecord], Field(description="finished games, one per game id")] = (
        Field(default_factory=list))

    def game_ids(self) -> set[str]:
        return {g.game_id for g in self.games}

    def add_profiles(self, seats: list[tuple[str, str]]) -> bool:
        """A profile for each (name, kind) not known yet; True if any was added."""
        known = {player_key(p.name, p.kind) for p in self.profiles}
        added = False
        for name, kind in seats:
            key = player_key(name, kind)
            if key not in known and name.strip():
                known.add(key)
                self.profiles.append(Profile(name=name.strip(), kind=kind,  # type: ignore[arg-type]
                                             created=datetime.now().astimezone()))
                added = True
        return added

    def known_names(self) -> list[str]:
        """The human players' names, the most recently seen first."""
        last: dict[str, tuple[float, str]] = {}
        for p in self.profiles:
            if p.kind == "human":
                last.setdefault(p.name.casefold(), (p.created.timestamp(), p.name))
        for g in self.games:
            for seat in g.players:
                if seat.kind == "human":
                    when = g.finished_at.timestamp()
                    if when >= last.get(seat.name.casefold(), (float("-inf"), ""))[0]:
                        last[seat.name.casefold()] = (when, seat.name)
        return [name for _, name in sorted(last.values(), key=lambda t: -t[0])]


def empty() -> StatsFile:
    return StatsFile(format=FORMAT, version=VERSION)


def _explain(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return f"{where + ': ' if where else ''}{err['msg']}{more}"


def parse(raw: bytes, name: str = "stats") -> StatsFile:
    try:
        data = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as exc:
        raise StatsError(f"{name}: not a statistics file (not JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError(f"{name}: not a rummy-tui statistics file")
    if data.get("version") != VERSION:
        shown = clip(repr(data.get("version")))
        raise StatsError(f"{name}: statistics version {shown} is not one this "
                         f"version reads ({VERSION})")
    try:
        stats = StatsFile.model_validate(data)
    except ValidationError as exc:
        raise StatsError(f"{name}: {_explain(exc)}") from None
    ids = [g.game_id for g in stats.games]
    if len(ids) != len(set(ids)):
        raise StatsError(f"{name}: a game is recorded twice")
    return stats


def load(path: Path | None = None) -> StatsFile:
    """The statistics (empty when there is no file yet). Never writes."""
    path = stats_path() if path is None else path
    try:
        if os.stat(path).st_size > MAX_STATS_BYTES:
            raise StatsError(f"{path}: too large for a statistics file")
        raw = path.read_bytes()
    except FileNotFoundError:
        return empty()
    except IsADirectoryError:
        raise StatsError(f"{path}: is a folder, not a statistics file") from None
    except OSError as exc:
        raise StatsError(f"{path}: cannot read ({exc.strerror})") from None
    return parse(raw, str(path))


def save(stats: StatsFile, path: Path | None = None) -> None:
    path = stats_path() if path is None else path
    data = stats.model_dump_json(indent=1).encode()
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise StatsError(f"cannot write {path}: {exc.strerror or exc}") from None


def record(state: Any, game_id: str, path: Path | None = None,
           finished_at: datetime | None = None) -> bool:
    """Record a finished game once: True if it was added, False if its id was there."""
    if state.phase != "game_over":
        raise ValueError("only a finished game is recorded")
    stats = load(path)
    if game_id in stats.game_ids():
        return False
    rec = record_game(state, game_id, finished_at)
    stats.add_profiles([(p.name, p.kind) for p in rec.players])
    stats.games.append(rec)
    save(stats, path)
    return True


def add_profiles(seats: list[tuple[str, str]], path: Path | None = None) -> bool:
    """Make a profile for every new name (the setup screen's seats)."""
    stats = load(path)
    if stats.add_profiles(seats):
        save(stats, path)
        return True
    return False


def rebuild(saves_folder: Path, path: Path | None = None) -> tuple[int, list[str]]:
    """Recompute the game records from the finished saves in ``saves_folder`` (profiles are
    kept). Returns (games recorded, one line per save that could not be read). A statistics
    file that cannot be read is refused, not replaced."""
    from .. import saves  # lazy: the save models (pydantic), for a rebuild only

    old = load(path)
    games: dict[str, GameRecord] = {}
    problems: list[str] = []
    for info in saves.list_saves(saves_folder):
        if not info.ok:
            problems.append(f"{info.path.name}: {info.reason}")
            continue
        if not info.finished:
            continue
        try:
            state = saves.load_game(info.path)
        except (saves.SaveError, OSError) as exc:
            problems.append(f"{info.path.name}: {exc}")
            continue
        when = (info.last_played or datetime.now(timezone.utc)).astimezone()
        games.setdefault(info.game_id, record_game(state, info.game_id, when))
    fresh = empty()
    fresh.profiles = list(old.profiles)
    fresh.games = sorted(games.values(), key=lambda g: (g.finished_at.timestamp(), g.game_id))
    fresh.add_profiles([(p.name, p.kind) for g in fresh.games for p in g.players])
    save(fresh, path)
    return len(fresh.games), problems
