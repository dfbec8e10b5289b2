"""``rummy-tui serve``: play in a web browser (the optional ``web`` extra, textual-serve).

Checks the command line, then runs :class:`rummy_tui.web.server.RummyServer`. It binds to
loopback unless ``--host`` names another address, and then warns: there is no login, and
every visitor gets a full game (and a process) on this machine. ``--max-games`` and
``--max-games-per-client`` cap those processes (defaults in ``rummy_tui.web.limits``). The web
server's modules are imported when the command runs: the extra may be missing, and ``--help``
must stay fast (``web.hosts`` and ``web.limits`` import nothing from
the extra).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any
from urllib.parse import urlsplit

from ..core.text import clip, one_line
from ..web.hosts import is_loopback
from ..web.limits import DEFAULT_MAX_GAMES, DEFAULT_MAX_GAMES_PER_CLIENT, MAX_GAMES_LIMIT
from . import bounded_int, command, quote

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


class ServeError(Exception):
    """A bad argument to ``serve``: one line, exit 2."""


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {quote(text)}") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is 1 to 65535, not {port}")
    return port


def check_host(host: str) -> str | None:
    """The warning to print for this host (None for loopback). An empty host would bind
    every interface: refused."""
    if not host.strip():
        raise ServeError("--host must name an address (127.0.0.1 is this machine only)")
    if is_loopback(host):
        return None
    return (f"warning: serving on {clip(host)}, not just this machine: there is no login, and "
            "anyone who can reach this address and port gets a full game here")


def check_public_url(url: str | None) -> str | None:
    if url is None:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ServeError(f"--public-url must be an http:// or https:// address, got {quote(url)}")
    return url.rstrip("/")


def check_join(address: str | None) -> str | None:
    """``--join HOST:PORT``, as ``rummy-tui join`` reads it (net/client.py)."""
    if address is None:
        return None
    from ..net.client import JoinError, parse_address

    try:
        host, port = parse_address(address)
    except JoinError as exc:
        raise ServeError(f"--join: {exc}") from None
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def run_serve(args: argparse.Namespace) -> int:
    try:
        warning = check_host(args.host)
        public_url = check_public_url(args.public_url)
        join = check_join(getattr(args, "join", None))
    except ServeError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    try:
        from ..web.server import RummyServer
    except ImportError as exc:
        from ..installed import web_extra_needed

        print(f"error: {web_extra_needed('serve', 'textual-serve', exc)}", file=sys.stderr)
        return 2
    from ..saves_location import saves_dir
    from ..web.limits import game_niceness

    try:
        niceness = game_niceness()
    except ValueError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    if warning:
        print(warning, file=sys.stderr, flush=True)
    if getattr(args, "exit_with_parent", False):
        from .host_web import exit_with_parent

        exit_with_parent()
    ascii, theme = getattr(args, "ascii", None), getattr(args, "theme", None)
    app_args = ([] if ascii is None else ["--ascii" if ascii else "--no-ascii"]) + (
        ["--theme", theme] if theme else [])
    server = RummyServer(saves_root=saves_dir(getattr(args, "saves_dir", None)).resolve(),
                         host=args.host, port=args.port, public_url=public_url,
                         app_args=app_args, max_games=args.max_games,
                         max_games_per_client=args.max_games_per_client, join=join,
                         niceness=niceness)
    try:
        server.serve()
    except OSError as exc:  # the port is taken, the address is not this machine's, ...
        print(f"error: cannot serve on {clip(args.host)} port {args.port}: "
              f"{exc.strerror or one_line(exc)}", file=sys.stderr)
        return 1
    return 0


def add_parser(sub: Any) -> None:
    serve = command(
        sub, "serve", run_serve, help="play in a web browser (needs the optional web extra)",
        description="Serve the game to web browsers: each visitor gets their own games. "
                    "Binds to this machine only (127.0.0.1) unless --host says otherwise.")
    serve.add_argument("--host", default=DEFAULT_HOST,
                       help="the address to listen on (default 127.0.0.1: this machine only; "
                            "anything else lets other machines play, with no login)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT,
                       help=f"the port (default {DEFAULT_PORT})")
    serve.add_argument("--public-url", default=None, metavar="URL",
                       help="the address browsers use, when it is not http://HOST:PORT "
                            "(behind a proxy)")
    serve.add_argument("--join", default=None, metavar="HOST:PORT",
                       help="serve the seats of the table that rummy-tui host holds at "
                            "HOST:PORT: each invitation's address, URL/?code=CODE, opens "
                            "its seat in the browser (rummy-tui join)")
    serve.add_argument("--exit-with-parent", action="store_true",
                       help=argparse.SUPPRESS)  # the host's child: stdin is the host's pipe
    serve.add_argument("--max-games", type=bounded_int(1, MAX_GAMES_LIMIT),
                       default=DEFAULT_MAX_GAMES, metavar="N",
                       help="game processes at once, in all (default "
                            f"{DEFAULT_MAX_GAMES}; each takes 50 to 60 MB); past it a visitor "
                            "gets a short page saying the table is full (HTTP 503)")
    serve.add_argument("--max-games-per-client", type=bounded_int(1, MAX_GAMES_LIMIT),
                       default=DEFAULT_MAX_GAMES_PER_CLIENT, metavar="N",
                       help="game processes at once from one client address (default "
                            f"{DEFAULT_MAX_GAMES_PER_CLIENT}; HTTP 429 past it). Behind a "
                            "proxy every visitor has the proxy's address: raise it")
