"""The saves folder: names for new games, the Resume list and ``rummy-tui saves``, and which
file ``rummy-tui resume`` means.

Listing runs in the picker's worker thread while the app may autosave: the cache below is
updated by one dict assignment per file, and a file is read through :func:`load_game` only.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..core.state import GameState
from .schema import SaveError
from .store import BACKUP_SUFFIX, load_game, signature
from .variants import preset_of


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
    while os.path.lexists(path) or os.path.lexists(path.with_name(path.name + BACKUP_SUFFIX)):
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
_INFO_CACHE_MAX = 2048
"""Files whose summary is kept (one entry a save seen; the oldest goes first)."""


def save_info(path: str | os.PathLike[str]) -> SaveInfo:
    """What the Resume list shows about one file; never raises for a bad file."""
    path = Path(path)
    try:
        st = os.lstat(path)  # a symbolic link is never followed (load_game says so)
    except OSError as exc:
        return SaveInfo(path, False, f"cannot read ({exc.strerror})")
    key = str(path.absolute())
    cached = _INFO_CACHE.get(key)
    if cached is not None and cached[0] == signature(st):
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
    if len(_INFO_CACHE) >= _INFO_CACHE_MAX and key not in _INFO_CACHE:
        del _INFO_CACHE[next(iter(_INFO_CACHE))]
    _INFO_CACHE[key] = (signature(st), info)
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
