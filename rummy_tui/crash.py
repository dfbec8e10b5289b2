"""What an unexpected error does: one line on stderr, the traceback in a crash log, exit 1.

Used by the command line (cli.py) for errors outside the app, and by the app for errors
inside it (Textual would otherwise print its own traceback and let the process exit 0).
The game itself is saved after every action, and once more by the app before it stops, so
``rummy-tui resume`` goes on from where the error happened.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

from .saves_location import saves_dir as find_saves_dir


def write_crash_log(exc: BaseException, saves_dir: str | None = None) -> Path | None:
    """Write the traceback to ``crash-<time>-<pid>.log`` in the saves folder (else the
    temporary folder); the path, or None if no folder could take it."""
    text = "".join(traceback.format_exception(exc))
    inner = getattr(exc, "error", None)  # Textual's WorkerFailed: the worker's own error
    if isinstance(inner, BaseException) and inner is not exc:
        text += "\nraised in the worker by:\n\n" + "".join(traceback.format_exception(inner))
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = f"crash-{stamp}-{os.getpid()}.log"
    for folder in (find_saves_dir(saves_dir), Path(tempfile.gettempdir())):
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
    what = " ".join(f"{type(exc).__name__}: {exc}".split())[:120]
    where = f"the details are in {log}" if log else "no crash log could be written"
    saved = " The game is saved: rummy-tui resume goes on from there." if game_saved else ""
    if save_problem and not game_saved:
        saved = (f" The last moves were {' '.join(save_problem.split())[:80]}; "
                 "the last good save is kept.")
    return f"error: rummy-tui stopped on an unexpected error ({what}); {where}.{saved}"


def report_crash(exc: BaseException, saves_dir: str | None = None) -> Path | None:
    log = write_crash_log(exc, saves_dir)
    print(crash_line(exc, log), file=sys.stderr)
    return log
