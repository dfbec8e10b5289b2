"""Save files (issue 5; the format is described in docs/SAVES.md).

A save is one JSON object built from the engine's :class:`~rummy_tui.core.state.GameState`
and turned back into one; cards are written as their canonical codes (``10H``, ``JK``).
The package, by job:

- ``schema``: the format (pydantic models), its version, :class:`SaveError`;
- ``codec``: GameState <-> JSON, field lists taken from the engine's dataclasses;
- ``migrations``: older versions brought up to the current one;
- ``validation``: bytes -> a checked GameState, with a one-line reason for anything wrong;
- ``store``: reading and atomically writing one file, with its backup;
- ``listing``: the saves folder (Resume list, ``rummy-tui saves``, ``resume``);
- ``variants``: the little the format knows about each rule set.

Nothing here imports Textual or Rich (the CLI and tests load it without the UI), and nothing
touches process-wide state such as the garbage collector: the picker loads saves in a worker
thread while the app autosaves.
"""

from __future__ import annotations

from ..saves_location import DEFAULT_SAVES_DIR, SAVES_ENV, saves_dir
from .codec import dumps, to_dict, to_state
from .listing import (
    SaveInfo,
    find_save,
    game_id,
    list_saves,
    most_recent,
    new_save_path,
    save_info,
)
from .migrations import MIGRATIONS, migrate
from .schema import (
    MAX_SAVE_BYTES,
    SCHEMA_VERSION,
    SaveError,
    SaveFile,
    StateModel,
    json_schema,
)
from .store import _KNOWN_GOOD, BACKUP_SUFFIX, load_game, save_game
from .validation import check, parse_save
from .variants import preset_of

__all__ = [
    "BACKUP_SUFFIX",
    "DEFAULT_SAVES_DIR",
    "MAX_SAVE_BYTES",
    "MIGRATIONS",
    "SAVES_ENV",
    "SCHEMA_VERSION",
    "SaveError",
    "SaveFile",
    "SaveInfo",
    "StateModel",
    "check",
    "dumps",
    "find_save",
    "game_id",
    "json_schema",
    "list_saves",
    "load_game",
    "migrate",
    "most_recent",
    "new_save_path",
    "parse_save",
    "preset_of",
    "save_game",
    "save_info",
    "saves_dir",
    "to_dict",
    "to_state",
]
