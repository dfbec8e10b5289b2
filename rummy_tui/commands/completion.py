"""``rummy-tui completion SHELL``: print a tab-completion script for the shell (issue 30).

The script is made by shtab from this very parser (sub-commands, options, the variants, the
themes, the computer levels), and is static: nothing of rummy-tui runs while the shell
completes, unlike argcomplete's hook, so completing is instant and needs no Python. Install it
once, e.g. ``rummy-tui completion bash > ~/.local/share/bash-completion/completions/rummy-tui``
(README, Commands).

The parser's free-text options that take one of a known list (``--variant``, which answers a
wrong name in its own words rather than argparse's) are given their choices on a copy made for
the script only.
"""

from __future__ import annotations

import argparse
from typing import Any

from . import command
from .saves import _emit  # ends quietly when the reader has gone

SHELLS = ("bash", "zsh", "tcsh")
"""The shells shtab writes scripts for (fish and PowerShell are not supported yet)."""


def _with_choices(parser: argparse.ArgumentParser) -> None:
    """Fill in what the shell may offer where the parser checks the value itself."""
    import shtab

    from ..core.variants import VARIANTS

    seen: set[int] = set()

    def walk(p: argparse.ArgumentParser) -> None:
        if id(p) in seen:
            return
        seen.add(id(p))
        for action in p._actions:
            if action.dest == "variant" and action.choices is None:
                action.choices = list(VARIANTS)
            elif action.dest == "saves_dir":
                action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]
            elif action.dest == "save":
                action.complete = shtab.FILE  # type: ignore[attr-defined]
            elif action.dest == "theme" and action.choices is None:
                from textual.theme import BUILTIN_THEMES

                action.choices = sorted(BUILTIN_THEMES)
            if isinstance(action, argparse._SubParsersAction):
                for sub in action.choices.values():
                    walk(sub)

    walk(parser)


def run(args: argparse.Namespace) -> int:
    import shtab

    from ..cli import build_parser  # lazy: cli imports this module

    parser = build_parser()
    _with_choices(parser)
    return _emit(shtab.complete(parser, shell=args.shell).rstrip("\n"))


def add_parser(sub: Any) -> None:
    parser = command(
        sub, "completion", run, help="print a shell's tab-completion script (bash, zsh, tcsh)",
        description="Print a tab-completion script for rummy-tui. bash: rummy-tui completion "
                    "bash > ~/.local/share/bash-completion/completions/rummy-tui; zsh: "
                    "rummy-tui completion zsh > ~/.zfunc/_rummy-tui (with ~/.zfunc in "
                    "fpath); then open a new shell.")
    parser.add_argument("shell", choices=SHELLS, help="the shell: " + ", ".join(SHELLS))
