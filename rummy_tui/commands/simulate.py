"""``rummy-tui simulate``: computer players play whole games with every invariant checked.

    rummy-tui simulate --variant V --players N --games G --seed S [--rule k=v ...]
                       [--bots easy,normal,hard,...]

Ends with one JSON line (issue 3): variant, players, games, rounds, turns, actions,
invariant_violations, wins, seconds, games_per_second, actions_per_second. The same seed
gives the same line apart from the timing fields. A progress bar is shown only when stderr
is a terminal. On a violation: exit 1, and the first violation is printed on stderr with the
seed and the game number that reproduce it. The simulator and Rich's progress bar are
imported when the command runs (start-up: commands/__init__.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from ..core.registry import variant_of
from ..core.text import one_line
from ..core.variants import VARIANTS, RuleError
from . import MAX_SEED, bounded_int, command, parse_rule_args


def add_parser(subparsers: Any) -> None:
    parser = command(
        subparsers, "simulate", run,
        help="computer players play whole games; invariants checked after every action",
        description="Computer players play whole games; the invariants are checked after "
        "every action. Ends with one JSON line.",
    )
    parser.add_argument("--variant", required=True, choices=VARIANTS)
    parser.add_argument("--players", type=bounded_int(0, 99), required=True)
    parser.add_argument("--games", type=bounded_int(0, 10_000_000), default=1)
    parser.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=0)
    parser.add_argument(
        "--rule", action="append", default=[], metavar="KEY=VALUE", help="a game option"
    )
    parser.add_argument(
        "--bots",
        default="easy",
        help="one bot kind for every seat, or one per seat, comma-separated (easy, normal, hard)",
    )
    parser.add_argument(
        "--no-progress", action="store_true", help="never show the progress bar"
    )


def _usage(message: str) -> int:
    print(f"error: {one_line(message)}", file=sys.stderr)
    return 2


def run(args: argparse.Namespace) -> int:
    from ..collector import settle_collector
    from ..core.simulate import simulate

    if args.games < 1:
        return _usage("--games must be at least 1")
    if args.seed < 0:
        return _usage("--seed must be 0 or more")
    bots = [b.strip() for b in str(args.bots).split(",") if b.strip()]
    try:
        options = parse_rule_args(args.variant, args.rule)
        # a bad player count or bot list is reported before any game starts
        variant = variant_of(args.variant)
        variant.check_players(args.players)
        variant.check_options(options, args.players)
    except RuleError as exc:
        return _usage(str(exc))

    progress: Callable[[int], None] | None = None
    bar = None
    if not args.no_progress and sys.stderr.isatty() and sys.stdout.isatty():
        # Rich belongs here, never in the rules core
        from rich.console import Console
        from rich.progress import Progress

        bar = Progress(console=Console(stderr=True), transient=True)
        task = bar.add_task(f"{args.variant} x{args.players}", total=args.games)
        bar.start()

        def show(done: int) -> None:
            bar.update(task, completed=done)

        progress = show

    settle_collector()  # the imports done: full collections stay short in the games
    try:
        result = simulate(
            args.variant,
            args.players,
            args.games,
            args.seed,
            options=options,
            bots=bots,
            progress=progress,
        )
    except RuleError as exc:
        if bar is not None:
            bar.stop()
        return _usage(str(exc))
    finally:
        if bar is not None:
            bar.stop()
    print(json.dumps(result.to_json()))
    if result.violation is not None:
        v = result.violation
        print(
            f"invariant violation in game {v.game} (round {v.round_no}, after {v.action_no} "
            f"actions): {v.message}\n"
            f"reproduce: rummy-tui simulate --variant {args.variant} --players {args.players} "
            f"--games {v.game} --seed {v.seed}"
            + "".join(f" --rule {r}" for r in args.rule)
            + f" --bots {','.join(bots)}",
            file=sys.stderr,
        )
        return 1
    return 0
