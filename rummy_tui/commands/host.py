"""``rummy-tui host``: hold one table that remote players join (issue 28), headless.

``rummy-tui host --variant V --seats "remote:Bob,remote:Chen,cpu:Ravi" [--rule k=v]
[--host H] [--port P] [--web-port P] [--resume FILE] [--certfile F --keyfile F]``
prints one line per remote seat on stdout, ``NAME: rummy-tui join HOST:PORT CODE``, and
serves until interrupted (ctrl+c, SIGTERM), autosaving the game after every change. It
listens on 127.0.0.1 unless ``--host`` says otherwise, and then prints ``serve``'s warning.
A local seat (a name with no prefix) needs the app's screen: a headless host refuses it
(the picker's "Host a table" seats local players). With ``--web-port P`` it serves the
table to browsers too (``rummy-tui serve --join``, a child process: host_web.py) and
prints, after each seat's join line, ``NAME: http://HOST:P/?code=CODE``. The server
(aiohttp, the web extra) is imported when the command runs.

While it serves, it reads commands on its standard input, one a line: ``cpu NAME [easy|normal|
hard]`` hands a remote seat to a computer player, ``back NAME`` gives it back to its player,
``say TEXT`` writes a chat line to the table, ``who`` prints who is connected.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from pathlib import Path
from typing import Any

from ..core.options import make_options
from ..core.registry import preset_aliases
from ..core.text import clip, one_line, visible
from ..core.variants import RuleError
from . import bounded_int, command, parse_rule_args, quote, saves_dir_option
from ..net import DEFAULT_PORT
from .play import _positive_float
from .serve import ServeError, _port, check_host

DEFAULT_HOST = "127.0.0.1"


class HostError(Exception):
    """A bad argument or a file that cannot be used: one line, exit 2."""


def _new_table(args: argparse.Namespace) -> tuple[Any, list[Any], Path | None]:
    """(state, seats, save path or None for a new one) from --variant/--seats/--rule."""
    from ..core.engine import new_game
    from ..core.state import PlayerSpec
    from ..net.invites import SeatsError, parse_seats

    if not args.variant or not args.seats:
        raise HostError("give --variant and --seats (or --resume FILE)")
    key = args.variant.strip().lower()
    aliases = preset_aliases()
    if key not in aliases:
        raise HostError(f"unknown variant {quote(args.variant)} (choose from "
                        f"{', '.join(aliases)})")
    variant, preset_options = aliases[key]
    try:
        seated = parse_seats(args.seats)
    except SeatsError as exc:
        raise HostError(str(exc)) from None
    local = [name for name, seat in seated if seat.kind == "local"]
    if local:
        raise HostError(f"{quote(local[0])} is a local seat, and a headless host has no screen "
                        "for it: make it remote:NAME (and join from this machine), or host "
                        "from the app's picker (Host a table)")
    if not any(seat.kind == "remote" for _, seat in seated):
        raise HostError("no remote seat: give at least one remote:NAME in --seats")
    players = [PlayerSpec(name, "human" if seat.kind == "remote" else seat.bot)
               for name, seat in seated]
    try:
        parsed: Any = parse_rule_args(variant, args.rule or [])
        # a picker entry's options (indian-pool101), then the --rule items over them
        given = {item.partition("=")[0].strip().replace("-", "_") for item in args.rule or []}
        values = {**preset_options, **{k: getattr(parsed, k) for k in given}}
        state = new_game(variant, players, seed=args.seed, options=make_options(variant, values))
    except RuleError as exc:
        raise HostError(str(exc)) from None
    return state, [seat for _, seat in seated], None


def _resumed_table(args: argparse.Namespace) -> tuple[Any, list[Any], Path]:
    """(state, seats, save path) of ``--resume FILE``; ``args.host``/``args.port`` not given
    are the address the table was served on (the invitations' lines stay true)."""
    from ..net.invites import SeatsError, check_players, load_invites
    from ..saves import SaveError, load_game

    if args.variant or args.seats or args.rule:
        raise HostError("--resume takes the game and its seats from the save: leave out "
                        "--variant, --seats and --rule")
    path = Path(args.resume)
    try:
        state = load_game(path)
        invitations = load_invites(path, len(state.players))
        check_players([p.kind for p in state.players], invitations.seats)
    except (SaveError, SeatsError) as exc:
        raise HostError(str(exc)) from None
    seats = invitations.seats
    if any(seat.kind == "local" for seat in seats):
        raise HostError("this table has a local seat: resume it from the app (the picker's "
                        "Resume list)")
    if args.host is None:
        args.host = invitations.host
    if args.port is None:
        args.port = invitations.port
    return state, seats, path


def run_host(args: argparse.Namespace) -> int:
    try:
        state, seats, path = _resumed_table(args) if args.resume else _new_table(args)
        args.host = DEFAULT_HOST if args.host is None else args.host
        args.port = DEFAULT_PORT if args.port is None else args.port
        warning = check_host(args.host)
        if bool(args.certfile) != bool(args.keyfile):
            raise HostError("TLS needs both --certfile and --keyfile")
        if args.web_port is not None and args.certfile:
            raise HostError("--web-port serves browsers over plain http: leave out "
                            "--certfile/--keyfile, or put both behind a TLS reverse proxy")
        if args.web_port is not None and args.web_port == args.port:
            raise HostError("--web-port must differ from --port")
    except (ServeError, HostError) as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    try:
        from ..net.host import Host, tls_context
        from ..net.table import NetTable
    except ImportError as exc:
        from ..installed import web_extra_needed

        print(f"error: {web_extra_needed('host', 'aiohttp', exc)}", file=sys.stderr)
        return 2
    if args.web_port is not None:
        from ..installed import web_extra_needed
        from .host_web import web_extra_missing

        if web_extra_missing():
            print(f"error: --web-port: {web_extra_needed('serve', 'textual-serve')}",
                  file=sys.stderr)
            return 2
    context = None
    if args.certfile:
        import ssl

        try:
            context = tls_context(args.certfile, args.keyfile)
        except (OSError, ssl.SSLError) as exc:
            print(f"error: cannot use --certfile/--keyfile: {one_line(exc)}", file=sys.stderr)
            return 2
    from .. import saves
    from ..saves.lock import SaveLock, SaveLocked

    if path is None:
        path = saves.new_save_path(state, saves.saves_dir(getattr(args, "saves_dir", None)))
    lock = SaveLock(path)
    try:
        lock.acquire()
    except SaveLocked as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"error: cannot lock {quote(path)}: {exc.strerror or one_line(exc)}",
              file=sys.stderr)
        return 1
    if warning:
        print(warning.replace("a full game here", "a seat at this table if they have "
                              "its invitation"), file=sys.stderr, flush=True)

    def problem(text: str) -> None:
        print(f"warning: {one_line(text)}", file=sys.stderr, flush=True)

    table = NetTable(state, seats, save_path=path, record_stats=True,
                     bot_delay=args.bot_delay, on_problem=problem)
    try:
        return asyncio.run(_serve(Host([table]), table, args, context))
    finally:
        lock.release()


async def _serve(host: Any, table: Any, args: argparse.Namespace, context: Any) -> int:
    from ..net.invites import join_command, write_invites
    from ..net.protocol import join_address

    try:
        port = await host.start(args.host, args.port, context)
    except OSError as exc:
        print(f"error: cannot listen on {clip(args.host)} port {args.port}: "
              f"{exc.strerror or one_line(exc)}", file=sys.stderr)
        await host.stop()
        return 1
    try:
        # the invitations beside the save once the host is listening (a host that could not
        # start leaves no file behind), before anyone is told them
        write_invites(table.save_path, table.seats, args.host, port)
    except OSError as exc:
        print(f"error: cannot write the invitations beside {quote(table.save_path)}: "
              f"{exc.strerror or one_line(exc)}", file=sys.stderr)
        await host.stop()
        return 1
    web = None
    if args.web_port is not None:
        from .. import saves
        from .host_web import WebServeError, WebServer, join_target

        web = WebServer(host=args.host, port=args.web_port, join=join_target(args.host, port),
                        saves=saves.saves_dir(getattr(args, "saves_dir", None)).resolve())
        try:
            await web.start()
        except (OSError, WebServeError) as exc:
            print(f"error: cannot serve browsers on port {args.web_port}: {one_line(exc)}",
                  file=sys.stderr)
            await host.stop()
            return 1
    address = join_address(args.host, port, context is not None)
    names = [p.name for p in table.state.players]
    for seat, code in table.code_seats():
        print(f"{visible(names[seat])}: {join_command(address, code)}", flush=True)
        if web is not None:
            from .host_web import web_url

            print(f"{visible(names[seat])}: {web_url(args.host, args.web_port, code)}",
                  flush=True)
    print(f"saving to {visible(table.save_path)}", file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    commands = loop.create_task(_console(table, stop))
    try:
        await stop.wait()
    finally:
        commands.cancel()
        if web is not None:
            await web.stop()
        await host.stop()
    print("host stopped; the game is saved: rummy-tui host --resume "
          f"{visible(table.save_path)} goes on with the same invitations", file=sys.stderr)
    return 0


async def _console(table: Any, stop: asyncio.Event) -> None:
    """The host's commands on standard input (see the module docstring). The lines are read
    by a daemon thread: a thread of the loop's executor, blocked in ``readline``, would keep
    the process from ending after ctrl+c until a line was typed."""
    import threading

    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str] = asyncio.Queue()

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(lines.put_nowait, line)
        loop.call_soon_threadsafe(lines.put_nowait, "")

    threading.Thread(target=read, name="rummy-tui-host-console", daemon=True).start()
    while True:
        line = await lines.get()
        if not line:
            return  # no console (stdin closed): serve on
        print(_command(table, line[:500]), file=sys.stderr, flush=True)


def _command(table: Any, line: str) -> str:
    from ..core.names import same_name

    word, _, rest = line.strip().partition(" ")
    names = [p.name for p in table.state.players]

    def seat_of(text: str) -> int | None:
        found = [i for i, n in enumerate(names) if same_name(n, text.strip())]
        return found[0] if found else None

    if word == "who":
        return "; ".join(
            f"{visible(n)}: {s.kind}" + (" (connected)" if s.link is not None else
                                         " (disconnected)" if s.kind == "remote" else "")
            + (f", played by a {s.bot} computer player" if s.standin else "")
            for n, s in zip(names, table.seats))
    if word in ("cpu", "back"):
        name, _, strength = rest.strip().rpartition(" ") if word == "cpu" else (rest, "", "")
        if word == "cpu" and strength not in ("easy", "normal", "hard"):
            name, strength = rest, "normal"
        seat = seat_of(name)
        if seat is None or table.seats[seat].kind != "remote":
            return f"no remote seat called {quote(name.strip())}"
        table.hand_to_computer(seat, strength if word == "cpu" else None)
        return (f"{visible(names[seat])}'s seat is played by a {strength} computer player"
                if word == "cpu" else f"{visible(names[seat])}'s seat waits for its player")
    if word == "say" and rest.strip():
        table.say(rest.strip()[:200])
        return "said"
    return "commands: who | cpu NAME [easy|normal|hard] | back NAME | say TEXT"


def add_parser(sub: Any) -> None:
    host = command(
        sub, "host", run_host, help="host a table that players join from other terminals",
        description="Host one table, headless: prints one line per remote seat, "
                    "NAME: rummy-tui join HOST:PORT CODE, and serves until interrupted. "
                    "Listens on 127.0.0.1 (this machine only) unless --host says otherwise. "
                    "Needs aiohttp (the web extra).")
    host.add_argument("--variant", help="the game (as rummy-tui new --variant)")
    host.add_argument("--seats", help='the seats in order, e.g. "remote:Bob,remote:Chen,'
                      'cpu:Ravi" (remote: a player who joins; cpu:, cpu-easy:, cpu-hard: '
                      "a computer player)")
    host.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                      help="a variant option, e.g. target=200 (repeatable)")
    host.add_argument("--seed", type=bounded_int(0, 2**63 - 1), default=None,
                      help="a seed for a repeatable deal")
    host.add_argument("--host", default=None,
                      help="the address to listen on (default 127.0.0.1: this machine only; "
                           "with --resume, the address the table was served on)")
    host.add_argument("--port", type=_port, default=None,
                      help=f"the port (default {DEFAULT_PORT}; with --resume, the port the "
                           "table was served on)")
    host.add_argument("--resume", metavar="FILE", default=None,
                      help="go on with a hosted game's save: the same seats and invitations")
    host.add_argument("--certfile", default=None, help="TLS: the certificate (PEM)")
    host.add_argument("--keyfile", default=None, help="TLS: the private key (PEM)")
    host.add_argument("--bot-delay", type=_positive_float, default=0.6,
                      help="seconds before a computer player's move (default 0.6)")
    host.add_argument("--web-port", type=_port, default=None, metavar="P",
                      help="serve the table to browsers too, on port P (as rummy-tui serve "
                           "--join does): prints NAME: http://HOST:P/?code=CODE after each "
                           "join line (needs textual-serve, the web extra)")
    saves_dir_option(host, "where the game is saved")
