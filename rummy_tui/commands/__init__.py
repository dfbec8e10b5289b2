"""The sub-commands of ``rummy-tui`` (cli.py), and what they share for bad input: a quoted
piece of it is cut to :data:`QUOTE_LIMIT` characters, and every number is bounded.

Start-up: ``cli.py`` imports every command module to build the parser, so ``rummy-tui
--help`` loads them all. At module level they import only the rules core's variants (which
the parser's choices need anyway); Textual, Rich, the save models (pydantic), the statistics
store, the settings and the web server are imported inside the functions that run a command,
so that ``--help``, ``saves`` and ``simulate`` never load Textual and start in a few tenths of
a second. Each such import says ``# lazy`` or is covered by its module's docstring."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from ..core.options import parse_rules
# one quoting for every message (core/text.py): escaped, at most QUOTE_LIMIT characters
from ..core.text import QUOTE_LIMIT, quote  # noqa: F401  (re-exported to the commands)
from ..core.variants import RuleError


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``, else one short line."""

    def parse(text: str) -> int:
        stripped = text.strip()
        # read no more than a number in range can have: int() of thousands of digits is
        # slow, and above 4300 it raises Python's digit-limit error
        if len(stripped) > len(str(max(abs(low), abs(high)))) + 1:
            raise argparse.ArgumentTypeError(
                f"{quote(text)} is not a whole number from {low} to {high}")
        try:
            value = int(stripped)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{quote(text)} is not a whole number from {low} to {high}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}")
        return value

    parse.__name__ = "whole number"
    return parse


def command(sub: Any, name: str, run: Callable[[argparse.Namespace], int], help: str,
            description: str | None = None) -> argparse.ArgumentParser:
    """Adds one sub-command: its line in ``rummy-tui --help``, the longer text of
    ``rummy-tui NAME --help``, and the function that runs it."""
    parser = sub.add_parser(name, help=help, description=description)
    parser.set_defaults(run=run)
    return parser


def saves_dir_option(parser: argparse.ArgumentParser, help: str) -> None:
    """``--saves-dir`` accepted after the sub-command too; SUPPRESS keeps a top-level
    ``--saves-dir`` intact when this one is not given."""
    parser.add_argument("--saves-dir", default=argparse.SUPPRESS, help=help)


MAX_SEED = 2**63 - 1
"""Seeds are whole numbers from 0 to 2**63 - 1 (what a save holds)."""


def parse_rule_args(variant: str, items: list[str]) -> object:
    """``parse_rules`` of the core for the ``--rule KEY=VALUE`` items, with a one-line
    RuleError for an absurdly long item (a number of thousands of digits would otherwise
    reach Python's int-digit limit as a traceback)."""
    for item in items:
        if len(item) > 100:
            raise RuleError(f"bad rule {quote(item)}: too long to be an option")
    try:
        return parse_rules(variant, items)
    except RuleError:
        raise
    except ValueError as exc:
        raise RuleError(f"bad rule: {quote(exc)}") from None
