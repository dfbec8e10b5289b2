"""Where saved games live, without importing the save-file model (pydantic).

The picker asks this first: an empty or missing saves folder costs no pydantic import, which
keeps start-up to the interactive picker fast (bench/bench_app.py).
"""

from __future__ import annotations

import os
from pathlib import Path

SAVES_ENV = "RUMMY_TUI_SAVES"
DEFAULT_SAVES_DIR = "saves"


def saves_dir(cli_value: str | os.PathLike[str] | None = None) -> Path:
    """Where saves go: ``--saves-dir``, else ``$RUMMY_TUI_SAVES``, else ``./saves``."""
    if cli_value:
        return Path(cli_value).expanduser()
    env = os.environ.get(SAVES_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    return Path.cwd() / DEFAULT_SAVES_DIR


def has_save_files(directory: Path) -> bool:
    """Whether the folder holds any ``*.json`` file (readable or not)."""
    try:
        return any(entry.name.endswith(".json") for entry in os.scandir(directory))
    except OSError:
        return False
