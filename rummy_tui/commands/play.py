"""Playing: ``rummy-tui`` (the picker), ``rummy-tui new`` and ``rummy-tui resume``.

Everything the user can get wrong on the command line is checked here, before Textual is
imported, and reported in one line with exit status 2.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any



class PlayError(Exception):
    """A bad argument to ``new`` or ``resume``: one line, exit 2."""


def parse_players(text: str) -> list[Any]:
    """``"Ann,Bob,cpu:Cy,cpu-easy:Dee"`` -> player specs (``cpu:`` normal, ``cpu-easy:``)."""
    from ..core.state import PlayerSpec

    specs = []
    for raw in text.split(","):
        item = raw.strip()
        kind = "human"
        prefix, sep, rest = item.partition(":")
        if sep:
            kinds = {"cpu": "normal", "cpu-normal": "normal", "cpu-easy": "easy",
                     "human": "human"}
            if prefix.strip().lower() not in kinds:
                raise PlayError(f"bad --players entry {item!r}: use a name, cpu:NAME or "
                                "cpu-easy:NAME")
            kind = kinds[prefix.strip().lower()]
            item = rest.strip()
        if not item:
            raise PlayError(f"bad --players {text!r}: every seat needs a name")
        if len(item) > 16:
            raise PlayError(f"bad --players: name {item!r} is longer than 16 characters")
        specs.append(PlayerSpec(item, kind))  # type: ignore[arg-type]
    names = [s.name for s in specs]
    for name in names:
        if names.count(name) > 1:
            raise PlayError(f"bad --players: two seats are called {name!r}")
    return specs


def build_game(args: argparse.Namespace) -> Any:
    from ..core.engine import new_game
    from ..core.options import parse_rules
    from ..core.variants import VARIANTS, RuleError

    variant = args.variant.strip().lower()
    if variant not in VARIANTS:
        raise PlayError(f"unknown variant {args.variant!r} (choose from {', '.join(VARIANTS)})")
    players = parse_players(args.players)
    try:
        options = parse_rules(variant, args.rule or [])
        return new_game(variant, players, seed=args.seed, options=options)
    except RuleError as exc:
        raise PlayError(str(exc)) from None


def _app_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """The app's settings: a flag given on the command line wins for this run; otherwise
    the remembered setting (rummy_tui/settings.py), otherwise the default."""
    from ..settings import Store

    store = Store()
    remembered = store.settings
    delay = getattr(args, "bot_delay", None)
    if delay is None:
        delay = remembered.bot_delay if remembered.bot_delay is not None else 0.6
    return {
        "ascii": bool(getattr(args, "ascii", False) or remembered.ascii),
        "four_colour": bool(getattr(args, "four_colour", False) or remembered.four_colour),
        "bot_delay": float(delay),
        "saves_dir": getattr(args, "saves_dir", None),
        "autosave": True,
        "settings": store,
        "record_stats": True,
    }


def run_picker(args: argparse.Namespace) -> int:
    from ..app.app import RummyApp

    RummyApp(**_app_kwargs(args)).run()
    return 0


def run_new(args: argparse.Namespace) -> int:
    try:
        state = build_game(args)
    except PlayError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from ..app.app import RummyApp

    RummyApp(game=state, **_app_kwargs(args)).run()
    return 0


def run_resume(args: argparse.Namespace) -> int:
    """Resume a saved game (``rummy_tui.saves`` reads and checks it): a file, or the most
    recent save in the saves folder."""
    try:
        from .. import saves
    except ImportError:
        print("error: resuming is not available in this version", file=sys.stderr)
        return 2
    try:
        path = args.save
        if path is not None:
            # a path, or a game id / file name in the saves folder (rummy-tui saves lists them)
            path = saves.find_save(path, saves.saves_dir(getattr(args, "saves_dir", None)))
        if path is None:
            path = saves.most_recent(saves.saves_dir(getattr(args, "saves_dir", None)))
            if path is None:
                print("error: there is no saved game to resume", file=sys.stderr)
                return 2
        state = saves.load_game(path)
    except (saves.SaveError, OSError, ValueError) as exc:
        print(f"error: cannot resume: {exc}", file=sys.stderr)
        return 2
    from ..app.app import RummyApp

    RummyApp(game=state, save_path=path, **_app_kwargs(args)).run()
    return 0


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError("between 0 and 10 seconds")
    return value


def _table_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ascii", action="store_true", default=argparse.SUPPRESS,
                        help="plain letters for the suits")
    parser.add_argument("--four-colour", "--four-color", dest="four_colour",
                        action="store_true", help="a four-colour deck")
    parser.add_argument("--bot-delay", type=_positive_float, default=None,
                        help="seconds between a computer player's moves (default 0.6)")


def add_parser(sub: Any) -> None:
    new = sub.add_parser("new", help="start a game straight at the table")
    new.add_argument("--variant", required=True,
                     help="rummy, remi, remigio, remigio-fournier or indian")
    new.add_argument("--players", required=True,
                     help='seats, e.g. "Ann,Bob,cpu:Cy" (cpu: normal bot, cpu-easy: easy bot)')
    new.add_argument("--seed", type=int, default=None, help="a seed for a repeatable deal")
    new.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                     help="a variant option, e.g. target=200 (repeatable)")
    _table_options(new)
    new.set_defaults(run=run_new)

    resume = sub.add_parser("resume", help="resume a saved game")
    resume.add_argument("save", nargs="?", default=None,
                        help="a save file or name (default: the latest)")
    _table_options(resume)
    resume.set_defaults(run=run_resume)
