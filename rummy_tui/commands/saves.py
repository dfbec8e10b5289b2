"""``rummy-tui saves [--json]`` lists the saves folder; ``rummy-tui schema`` prints the JSON
Schema of a save file (issue 5). Neither command ever changes a file. The save models
(pydantic) are imported when a command runs (start-up: commands/__init__.py)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ..core.text import json_safe, one_line, visible
from . import command, saves_dir_option


def _emit(text: str) -> int:
    """Print, and end quietly when the reader has gone (``rummy-tui schema | head``). The
    text's parts from outside (file names, names) are escaped where they are put in; this
    is the last guard before stdout (core/text.py)."""
    try:
        sys.stdout.write(visible(text, one_line=False) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # Python's advice: point stdout at devnull so the flush at exit does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 141  # what a shell reports for a process ended by SIGPIPE
    return 0


def add_parser(sub: Any) -> None:
    saves = command(
        sub, "saves", run_saves,
        help="list the saved games (unreadable files are marked with the reason)",
        description="List every *.json file in the saves folder: --saves-dir, else "
        "$RUMMY_TUI_SAVES, else ./saves if the current folder has one, else the per-user data "
        "folder (rummy-tui --where). Unreadable files are listed with the reason.",
    )
    saves.add_argument("--json", action="store_true", help="one JSON array instead of a table")
    saves_dir_option(saves, "the saves folder (default: see rummy-tui --where)")
    command(sub, "schema", run_schema, help="print the JSON Schema of a save file")


def _when(info: Any) -> str:
    return "-" if info.last_played is None else info.last_played.strftime("%Y-%m-%d %H:%M")


def run_saves(args: argparse.Namespace) -> int:
    from ..saves import SaveError, list_saves, saves_dir

    directory = saves_dir(getattr(args, "saves_dir", None))
    try:
        infos = list_saves(directory)
    except SaveError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    if args.json:
        return _emit(json_safe(json.dumps([i.to_json() for i in infos], ensure_ascii=False,
                                          indent=2)))
    if not infos:
        return _emit(f"no saved games in {visible(directory)}")
    lines = [f"saved games in {visible(directory)} (most recent first):"]
    for info in infos:
        if info.ok:
            who = ", ".join(
                visible(n) if k == "human" else f"{visible(n)} ({k} bot)"
                for n, k in zip(info.players, info.kinds)
            )
            scores = " ".join(str(s) for s in info.scores)
            state = (f"game over, {visible(info.winner)} won" if info.finished
                     else f"round {info.round_no}")
            lines.append(f"  {visible(info.path.name)}  {_when(info)}  {info.preset}  {state}  "
                         f"players: {who}  scores: {scores}")
        else:
            lines.append(f"  {visible(info.path.name)}  {_when(info)}  "
                         f"UNREADABLE: {visible(info.reason)}")
    return _emit("\n".join(lines))


def run_schema(args: argparse.Namespace) -> int:
    from ..saves import json_schema

    return _emit(json_safe(json.dumps(json_schema(), indent=2, ensure_ascii=False)))
