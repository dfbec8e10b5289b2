"""The statistics file: player profiles and one record per finished game (issue 13).

``stats.json`` in the per-user data folder (``rummy-tui --where``). Every change reads the
file, adds to it and writes it back atomically, holding a lock (:func:`_changing`) so that
games ending at the same moment in several processes all keep their records. A game is recorded under its game id (the
save's name) once: a finished game resumed, or seen again by ``stats --rebuild``, is not
counted twice. A file that cannot be read, is not a rummy-tui statistics file or fails a
check is refused with a one-line :class:`StatsError` and never written over.
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..atomic import write_atomic
from ..core.text import clip
from ..saves_location import stats_path
from .records import GameRecord, Kind, Name, player_key, record_game

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

FORMAT: Final = "rummy-tui stats"
VERSION: Final = 1
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


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise StatsError("a key is written twice in one object")
    return found


def parse(raw: bytes, name: str = "stats") -> StatsFile:
    """The statistics in ``raw``, read like a save: JSON with no key twice, then strictly by
    the models (``"3"`` is not 3, every number bounded); StatsError with a one-line reason."""
    try:
        data = json.loads(raw, object_pairs_hook=_unique_keys)
    except StatsError as exc:
        raise StatsError(f"{name}: {exc}") from None
    except RecursionError:
        raise StatsError(f"{name}: not a statistics file (nested too deeply)") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise StatsError(f"{name}: not a statistics file (not JSON: {str(exc)[:80]})") from None
    except ValueError:  # a number of more than 4300 digits (Python's conversion limit)
        raise StatsError(f"{name}: not a statistics file (a number is absurdly long)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StatsError(f"{name}: not a rummy-tui statistics file")
    if data.get("version") != VERSION or type(data.get("version")) is not int:
        shown = clip(repr(data.get("version")))  # repr: escaped, as a number reads (1.0, 7)
        raise StatsError(f"{name}: statistics version {shown} is not one this "
                         f"version reads ({VERSION})")
    try:
        stats = StatsFile.model_validate_json(raw, strict=True)
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
        with open(path, "rb") as f:
            raw = f.read(MAX_STATS_BYTES + 1)
        if len(raw) > MAX_STATS_BYTES:  # it grew after the stat
            raise StatsError(f"{path}: too large for a statistics file")
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


LOCK_WAIT = 10.0
"""Seconds a change waits for another process's change of the statistics to finish."""


@contextmanager
def _changing(path: Path) -> Iterator[None]:
    """Hold the statistics' lock for one read-modify-write.

    Several game processes can finish games at the same moment (two windows, the visitors of
    ``rummy-tui serve``): each reads stats.json, adds its record and writes the file back, so
    without a lock the second write would drop the first one's record. An exclusive
    ``fcntl.flock`` on ``.stats.json.lock`` beside the file makes the changes take turns; the
    OS drops it when a process ends however it ends, so a crash never leaves it held. The
    write itself stays atomic (readers never need the lock). The lock file is opened without
    following a symbolic link. Where there is no flock (Windows) changes are not locked.
    """
    if fcntl is None:  # pragma: no cover - Windows
        yield
        return
    lock = path.with_name(f".{path.name}.lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
                     | getattr(os, "O_NONBLOCK", 0), 0o600)
    except OSError as exc:
        raise StatsError(f"cannot lock {lock}: {exc.strerror or exc}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StatsError(f"cannot lock {lock}: not a regular file")
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise StatsError(f"{path}: busy (another game has been writing it for "
                                     f"{LOCK_WAIT:.0f} seconds)") from None
                time.sleep(0.01)
        yield
    finally:
        os.close(fd)  # closing drops the flock


def record(state: Any, game_id: str, path: Path | None = None,
           finished_at: datetime | None = None) -> bool:
    """Record a finished game once: True if it was added, False if its id was there."""
    if state.phase != "game_over":
        raise ValueError("only a finished game is recorded")
    path = stats_path() if path is None else path
    rec = record_game(state, game_id, finished_at)
    with _changing(path):
        stats = load(path)
        if game_id in stats.game_ids():
            return False
        stats.add_profiles([(p.name, p.kind) for p in rec.players])
        stats.games.append(rec)
        save(stats, path)
    return True


def add_profiles(seats: list[tuple[str, str]], path: Path | None = None) -> bool:
    """Make a profile for every new name (the setup screen's seats)."""
    path = stats_path() if path is None else path
    with _changing(path):
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

    path = stats_path() if path is None else path
    load(path)  # refused before the saves are read
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
    with _changing(path):
        return _rebuilt(games, path), problems


def _rebuilt(games: dict[str, GameRecord], path: Path) -> int:
    old = load(path)
    fresh = empty()
    fresh.profiles = list(old.profiles)
    fresh.games = sorted(games.values(), key=lambda g: (g.finished_at.timestamp(), g.game_id))
    fresh.add_profiles([(p.name, p.kind) for g in fresh.games for p in g.players])
    save(fresh, path)
    return len(fresh.games)
