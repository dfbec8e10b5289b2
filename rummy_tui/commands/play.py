"""Playing: ``rummy-tui`` (the picker), ``rummy-tui new`` and ``rummy-tui resume``.

Everything the user can get wrong on the command line is checked here, before Textual is
imported, and reported in one line with exit status 2. The app, the engine, the save
models and the settings are imported inside the functions that need them (start-up:
commands/__init__.py).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core.state import PlayerSpec
from ..core.text import one_line, visible
from ..core.variants import VARIANTS, RuleError
from . import MAX_SEED, bounded_int, command, parse_rule_args, quote


class PlayError(Exception):
    """A bad argument to ``new`` or ``resume``: one line, exit 2."""


def parse_players(text: str) -> list[Any]:
    """``"Ann,Bob,cpu:Cy,cpu-easy:Dee"`` -> player specs (``cpu:`` normal, ``cpu-easy:``, ``cpu-hard:``)."""
    from ..core.names import PlayerNameError, check_names
    if len(text) > 1000:
        raise PlayError(f"bad --players: {len(text)} characters is far too long for a table")
    specs = []
    for raw in text.split(","):
        item = raw.strip()
        kind = "human"
        prefix, sep, rest = item.partition(":")
        if sep:
            kinds = {"cpu": "normal", "cpu-normal": "normal", "cpu-easy": "easy",
                     "cpu-hard": "hard", "human": "human"}
            if prefix.strip().lower() not in kinds:
                raise PlayError(f"bad --players entry {quote(item)}: use a name, cpu:NAME, "
                                "cpu-easy:NAME or cpu-hard:NAME")
            kind = kinds[prefix.strip().lower()]
            item = rest.strip()
        specs.append(PlayerSpec(item, kind))  # type: ignore[arg-type]
    try:  # the one check of a name (core/names.py), as the setup screen and saves use it
        names = check_names([s.name for s in specs])
    except PlayerNameError as exc:
        raise PlayError(f"bad --players: {exc}") from None
    return [PlayerSpec(name, s.kind) for name, s in zip(names, specs)]


def build_game(args: argparse.Namespace) -> Any:
    from ..core.engine import new_game

    variant = args.variant.strip().lower()
    if variant not in VARIANTS:
        raise PlayError(f"unknown variant {quote(args.variant)} (choose from {', '.join(VARIANTS)})")
    players = parse_players(args.players)
    try:
        options = parse_rule_args(variant, args.rule or [])
        return new_game(variant, players, seed=args.seed, options=options)
    except RuleError as exc:
        raise PlayError(str(exc)) from None


def _app_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """The app's settings: a flag given on the command line wins for this run; otherwise
    the remembered setting (rummy_tui/settings.py), otherwise the default."""
    from ..settings import Store

    store = Store()
    if store.problem:  # the app says so too, in a notification; the file is never written
        print(f"warning: settings not read, using the defaults: {store.problem}",
              file=sys.stderr)
    remembered = store.settings
    delay = getattr(args, "bot_delay", None)
    if delay is None:
        delay = remembered.bot_delay if remembered.bot_delay is not None else 0.6
    return {
        "ascii": bool(remembered.ascii if getattr(args, "ascii", None) is None else args.ascii),
        "theme": getattr(args, "theme", None),
        "four_colour": bool(getattr(args, "four_colour", False) or remembered.four_colour),
        "bot_delay": float(delay),
        "saves_dir": getattr(args, "saves_dir", None),
        "autosave": True,
        "settings": store,
        "record_stats": True,
        "report_crashes": True,
        "handle_signals": True,
    }


def _run_app(app: Any) -> int:
    """Run the app; an unexpected error inside it is one line and exit status 1, SIGTERM
    or SIGHUP one line and 128 + the signal's number."""
    from ..app.terminal import tolerate_bad_bytes

    tolerate_bad_bytes()  # a byte that is not UTF-8 from the terminal (app/terminal.py)
    app.run()
    if app.crash is not None:
        from ..crash import crash_line

        problem = app.save_problem if not app.crash_saved else ""
        print(crash_line(app.crash, app.crash_log,
                         game_saved=app.crash_saved or (app.save_path is not None
                                                        and not problem),
                         save_problem=problem), file=sys.stderr)
        return 1
    if app.stopped_by is not None:
        import signal

        saved = " The game is saved: rummy-tui resume goes on from there." if (
            app.game is not None and app.save_path is not None and not app.save_problem
            and app.game.phase != "game_over") else ""
        print(f"rummy-tui stopped on {signal.Signals(app.stopped_by).name}.{saved}",
              file=sys.stderr)
        return 128 + app.stopped_by
    if not app.return_code and getattr(app, "_exit_renderables", None):
        return 1  # Textual stopped on an error it printed itself: never exit 0 after one
    return int(app.return_code or 0)


def run_picker(args: argparse.Namespace) -> int:
    from ..app.app import RummyApp

    return _run_app(RummyApp(**_app_kwargs(args)))


def run_new(args: argparse.Namespace) -> int:
    try:
        state = build_game(args)
    except PlayError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    from ..app.app import RummyApp

    return _run_app(RummyApp(game=state, **_app_kwargs(args)))


def run_resume(args: argparse.Namespace) -> int:
    """Resume a saved game (``rummy_tui.saves`` reads and checks it): a file, or the most
    recent save in the saves folder."""
    try:
        from .. import saves
    except ImportError:
        print("error: resuming is not available in this version", file=sys.stderr)
        return 2
    path = args.save
    try:
        if path is not None:
            # a path, or a game id / file name in the saves folder (rummy-tui saves lists them)
            path = saves.find_save(path, saves.saves_dir(getattr(args, "saves_dir", None)))
        if path is None:
            path = saves.most_recent(saves.saves_dir(getattr(args, "saves_dir", None)))
            if path is None:
                print("error: there is no saved game to resume", file=sys.stderr)
                return 2
        state = saves.load_game(path)
    except OSError as exc:  # its message holds the whole path: quote at most 80 characters
        print(f"error: cannot resume{_named(path)}: {exc.strerror or 'cannot read'}",
              file=sys.stderr)
        return 2
    except (saves.SaveError, ValueError) as exc:
        reason = str(exc).removeprefix(f"{path}: ").removeprefix(f"{visible(path)}: ")
        print(f"error: cannot resume{_named(path)}: {one_line(reason)}", file=sys.stderr)
        return 2
    from ..net import is_hosted

    if is_hosted(path):  # hot-seat would show the remote seats' hands at this keyboard
        print(f"error: cannot resume{_named(path)}: it is a hosted table: host it again with "
              "rummy-tui host --resume, or from the picker's Resume list", file=sys.stderr)
        return 2
    lock, read_only = _lock_or_ask(path, args)
    if lock is None and not read_only:
        return 2
    from ..app.app import RummyApp

    return _run_app(RummyApp(game=state, save_path=path, save_lock=lock, read_only=read_only,
                             **_app_kwargs(args)))


def _named(path: Any) -> str:
    return "" if path is None else f": {quote(path)}"


def _lock_or_ask(path: Any, args: argparse.Namespace) -> tuple[Any, bool]:
    """One window per save: (the lock, False), or (None, True) to open the game read-only,
    or (None, False) after saying why not."""
    from ..saves.lock import SaveLock, SaveLocked

    lock = SaveLock(path)
    try:
        lock.acquire(take_over=bool(getattr(args, "take_over", False)))
        return lock, False
    except OSError as exc:
        print(f"error: cannot lock {quote(path)}: {exc.strerror or one_line(exc)}",
              file=sys.stderr)
        return None, False
    except SaveLocked as exc:
        if getattr(args, "read_only", False):
            return None, True
        choices = "--read-only to look at it" + (
            ", or --take-over (that window is gone)" if exc.stale else "")
        if not (sys.stdin.isatty() and sys.stderr.isatty()):
            print(f"error: {one_line(exc)}; resume with {choices}", file=sys.stderr)
            return None, False
        keys = "r = read-only, t = take it over, q = quit" if exc.stale else \
            "r = read-only, q = quit"
        print(f"{one_line(exc)}. Open it anyway? ({keys}) ", end="", file=sys.stderr, flush=True)
        try:
            answer = input().strip().lower()[:1]
        except (EOFError, KeyboardInterrupt):
            answer = "q"
        if answer == "r":
            return None, True
        if answer == "t" and exc.stale:
            lock.acquire(take_over=True)
            return lock, False
        return None, False


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {quote(text)}") from None
    if not 0 <= value <= 10:
        raise argparse.ArgumentTypeError("between 0 and 10 seconds")
    return value


def theme_name(text: str) -> str:
    """An argparse ``type``: the name of one of Textual's themes (``--theme``)."""
    from textual.theme import BUILTIN_THEMES  # lazy: only when --theme is given

    name = text.strip().lower()
    if name not in BUILTIN_THEMES:
        raise argparse.ArgumentTypeError(
            f"unknown theme {quote(text, 40)} (choose from {', '.join(sorted(BUILTIN_THEMES))})")
    return name


ASCII_HELP = ("cards as plain letters (10S, KH) instead of suit symbols; --no-ascii: the "
              "symbols, whatever is remembered")
THEME_HELP = "one of Textual's colour themes for this run (textual-dark, nord, gruvbox, ...)"


def display_options(parser: argparse.ArgumentParser, default: Any) -> None:
    """``--ascii``/``--no-ascii`` and ``--theme`` (before a command, or after new/resume:
    SUPPRESS there keeps the one given before)."""
    parser.add_argument("--ascii", action=argparse.BooleanOptionalAction, default=default,
                        help=ASCII_HELP)
    parser.add_argument("--theme", type=theme_name, default=default, metavar="NAME",
                        help=THEME_HELP)


def _table_options(parser: argparse.ArgumentParser) -> None:
    display_options(parser, argparse.SUPPRESS)
    parser.add_argument("--four-colour", "--four-color", dest="four_colour",
                        action="store_true", help="a four-colour deck")
    parser.add_argument("--bot-delay", type=_positive_float, default=None,
                        help="seconds between a computer player's moves (default 0.6)")


def add_parser(sub: Any) -> None:
    new = command(sub, "new", run_new, help="start a game straight at the table")
    new.add_argument("--variant", required=True,
                     help=", ".join(VARIANTS[:-1]) + " or " + VARIANTS[-1])
    new.add_argument("--players", required=True,
                     help='seats, e.g. "Ann,Bob,cpu:Cy" (cpu: normal bot, cpu-easy: easy bot, cpu-hard: hard bot)')
    new.add_argument("--seed", type=bounded_int(0, MAX_SEED), default=None, help="a seed for a repeatable deal")
    new.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                     help="a variant option, e.g. target=200 (repeatable)")
    _table_options(new)

    resume = command(sub, "resume", run_resume, help="resume a saved game")
    resume.add_argument("save", nargs="?", default=None,
                        help="a save file or name (default: the latest)")
    resume.add_argument("--read-only", action="store_true",
                        help="open a game that is open in another window, without saving")
    resume.add_argument("--take-over", action="store_true",
                        help="take a game whose other window is gone (a stale lock)")
    _table_options(resume)
