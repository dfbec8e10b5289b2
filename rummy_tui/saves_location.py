"""Where rummy-tui keeps its files, without importing the save-file model (pydantic).

- **Saves**: ``--saves-dir``, else ``$RUMMY_TUI_SAVES``, else ``./saves`` when the current
  folder has one (a project checkout, or a folder used before this rule), else ``saves`` in
  the per-user data folder (``platformdirs``: ``~/.local/share/rummy-tui`` on Linux).
- **Settings**: ``settings.toml`` in the per-user config folder (``~/.config/rummy-tui``).
- **Statistics and player profiles**: ``stats.json`` in the per-user data folder.

``$RUMMY_TUI_CONFIG_DIR`` and ``$RUMMY_TUI_DATA_DIR`` replace the two per-user folders (the
test suite points them at a temporary folder; ``rummy-tui serve`` points each browser
visitor's game at folders of its own, rummy_tui/web/server.py). Nothing here creates, moves or deletes a
file: the folders are made when something is first written to them.

The picker asks for the saves folder first: an empty or missing one costs no pydantic import,
which keeps start-up to the interactive picker fast (bench/bench_app.py).
"""

from __future__ import annotations

import os
from pathlib import Path

SAVES_ENV = "RUMMY_TUI_SAVES"
CONFIG_ENV = "RUMMY_TUI_CONFIG_DIR"
DATA_ENV = "RUMMY_TUI_DATA_DIR"
DEFAULT_SAVES_DIR = "saves"
APP_NAME = "rummy-tui"
SETTINGS_FILE = "settings.toml"
STATS_FILE = "stats.json"


def _env_path(name: str) -> Path | None:
    value = os.environ.get(name, "").strip()
    return Path(value).expanduser() if value else None


def user_data_dir() -> Path:
    """The per-user data folder (saves when there is no ./saves, statistics)."""
    env = _env_path(DATA_ENV)
    if env is not None:
        return env
    from platformdirs import user_data_path  # lazy: ~6 ms, only without the env variable

    return user_data_path(APP_NAME, appauthor=False)


def user_config_dir() -> Path:
    """The per-user config folder (settings.toml)."""
    env = _env_path(CONFIG_ENV)
    if env is not None:
        return env
    from platformdirs import user_config_path  # lazy: see user_data_dir

    return user_config_path(APP_NAME, appauthor=False)


def saves_dir_and_reason(cli_value: str | os.PathLike[str] | None = None) -> tuple[Path, str]:
    """The saves folder and why it is that one (``rummy-tui --where`` shows the reason)."""
    if cli_value:
        return Path(cli_value).expanduser(), "--saves-dir"
    env = _env_path(SAVES_ENV)
    if env is not None:
        return env, f"${SAVES_ENV}"
    local = Path.cwd() / DEFAULT_SAVES_DIR
    if local.is_dir():
        return local, "./saves exists in the current folder"
    return user_data_dir() / DEFAULT_SAVES_DIR, "the per-user data folder"


def saves_dir(cli_value: str | os.PathLike[str] | None = None) -> Path:
    """Where saves go: ``--saves-dir``, else ``$RUMMY_TUI_SAVES``, else ``./saves`` if the
    current folder has one, else ``saves`` in the per-user data folder."""
    return saves_dir_and_reason(cli_value)[0]


def settings_path() -> Path:
    return user_config_dir() / SETTINGS_FILE


def stats_path() -> Path:
    return user_data_dir() / STATS_FILE


def where(cli_value: str | os.PathLike[str] | None = None) -> list[tuple[str, Path, str]]:
    """(what, path, note) for each place rummy-tui reads or writes."""
    saves, reason = saves_dir_and_reason(cli_value)
    return [
        ("saves", saves, reason),
        ("settings", settings_path(), f"${CONFIG_ENV}" if _env_path(CONFIG_ENV)
         else "the per-user config folder"),
        ("statistics", stats_path(), f"${DATA_ENV}" if _env_path(DATA_ENV)
         else "the per-user data folder"),
    ]


def has_save_files(directory: Path) -> bool:
    """Whether the folder holds any ``*.json`` file (readable or not)."""
    try:
        return any(entry.name.endswith(".json") for entry in os.scandir(directory))
    except OSError:
        return False
