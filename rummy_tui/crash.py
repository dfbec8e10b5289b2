"""What an unexpected error does: one line on stderr, the traceback in a crash log, exit 1.

Used by the command line (cli.py) for errors outside the app, and by the app for errors
inside it (Textual would otherwise print its own traceback and let the process exit 0).
The game itself is saved after every action, and once more by the app before it stops, so
``rummy-tui resume`` goes on from where the error happened.

Crash logs go to the per-user log folder (``platformdirs``' ``user_log_dir``:
``~/.local/state/rummy-tui/log`` on Linux), or ``$RUMMY_TUI_LOG_DIR``; never into the saves
folder, which holds games only (issue 27).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

from .core.text import clip, visible
from .saves_location import APP_NAME

LOG_ENV = "RUMMY_TUI_LOG_DIR"


def crash_log_dir() -> Path:
    """Where crash logs go: ``$RUMMY_TUI_LOG_DIR``, else the per-user log folder."""
    env = os.environ.get(LOG_ENV, "").strip()
    if env:
        return Path(env).expanduser()
    from platformdirs import user_log_path  # lazy: needed only after a crash

    return user_log_path(APP_NAME, appauthor=False)


def write_crash_log(exc: BaseException, saves_dir: str | None = None) -> Path | None:
    """Write the traceback to ``crash-<time>-<pid>.log`` in the per-user log folder (else
    the temporary folder); the path, or None if no folder could take it. ``saves_dir`` is
    not used (kept for the callers)."""
    text = "".join(traceback.format_exception(exc))
    inner = getattr(exc, "error", None)  # Textual's WorkerFailed: the worker's own error
    if isinstance(inner, BaseException) and inner is not exc:
        text += "\nraised in the worker by:\n\n" + "".join(traceback.format_exception(inner))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = f"crash-{stamp}-{os.getpid()}.log"
    for folder in (crash_log_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            with open(path, "x", encoding="utf-8") as f:
                f.write(f"rummy-tui crashed: {sys.argv!r}\n\n{text}")
            return path
        except OSError:
            continue
    return None


def crash_line(exc: BaseException, log: Path | None, game_saved: bool = False,
               save_problem: str = "") -> str:
    """The one line shown for a crash. ``save_problem``: why the last moves were not saved
    ("not saved: disk full"); then the line says so instead of promising a saved game."""
    what = clip(" ".join(f"{type(exc).__name__}: {exc}".split()), 120)
    where = f"the details are in {visible(log)}" if log else "no crash log could be written"
    saved = " The game is saved: rummy-tui resume goes on from there." if game_saved else ""
    if save_problem and not game_saved:
        saved = (f" The last moves were {clip(' '.join(save_problem.split()), 80)}; "
                 "the last good save is kept.")
    return f"error: rummy-tui stopped on an unexpected error ({what}); {where}.{saved}"


def report_crash(exc: BaseException, saves_dir: str | None = None) -> Path | None:
    log = write_crash_log(exc, saves_dir)
    print(crash_line(exc, log), file=sys.stderr)
    return log
