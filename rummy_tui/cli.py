"""The ``rummy-tui`` command line.

With no sub-command it opens the app at the variant picker. Each sub-command lives in its
own module under ``rummy_tui.commands`` with ``add_parser(subparsers)`` and ``run(args)``;
add a new one to ``COMMANDS``. Every failure the user can cause ends in one line on stderr
and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from .core.text import one_line, quote
from .commands.play import display_options, run_picker
from .commands.stats import run_where

# sub-command name -> module under rummy_tui.commands
COMMANDS: dict[str, str] = {
    "arrange": "arrange",
    "simulate": "simulate",
    "new": "play",
    "resume": "play",
    "saves": "saves",
    "schema": "saves",
    "serve": "serve",
    "host": "host",
    "join": "join",
    "stats": "stats",
    "completion": "completion",
}


class UsageError(Exception):
    """A malformed command line: reported in one line, exit 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        # argparse quotes the bad value whole ("invalid choice: '...'"): cut it to 80
        # characters and escape what would act on the terminal (core/text.py)
        message = re.sub(r"'([^']*)'", lambda m: quote(m.group(1)), message)
        raise UsageError(f"{self.prog}: {one_line(message)}")


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="rummy-tui",
        description="Hot-seat rummy in the terminal. With no command, opens the game.",
    )
    parser.add_argument("--version", action="store_true",
                        help="print the versions of rummy-tui, Textual, Rich, pydantic and "
                             "Python (for a bug report), and exit")
    display_options(parser, None)  # --ascii/--no-ascii, --theme
    parser.add_argument("--saves-dir", help="where games are saved (default: ./saves if the "
                        "current folder has one, else the per-user data folder; see --where)")
    parser.add_argument("--where", action="store_true",
                        help="print where saves, settings and statistics are kept, and exit")
    sub = parser.add_subparsers(dest="command", parser_class=OneLineParser)
    seen: set[str] = set()
    for module_name in dict.fromkeys(COMMANDS.values()):
        try:
            module = importlib.import_module(f"rummy_tui.commands.{module_name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"rummy_tui.commands.{module_name}":
                continue  # a command that is not built yet
            raise
        module.add_parser(sub)
        seen.add(module_name)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except UsageError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    if args.version:
        from .installed import version_report

        print(version_report())
        return 0
    if args.where:
        return run_where(args)
    if args.command is None:
        args.run = run_picker
    try:
        return int(args.run(args) or 0)
    except UsageError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: one line, the traceback in a crash log, exit 1
        from .crash import report_crash  # lazy: needed only after a crash

        report_crash(exc, getattr(args, "saves_dir", None))
        return 1
