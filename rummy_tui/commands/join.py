"""``rummy-tui join HOST:PORT CODE``: take a remote seat at a table that ``rummy-tui host``
holds, on this terminal.

The address and the code are checked here first (one line and exit 2 when they cannot be
one); then the seat is taken once (``net.client.first_view``), so that a host that cannot
be reached (exit 1) or that refuses the code (exit 2) is one line on stderr before any
screen opens. The app then opens the table on that view (app/screens/remote_table.py) and
keeps the connection, reconnecting by itself after a drop; running the command again with
the same code takes the seat back too.

The joined game is the host's: nothing is saved and no statistics are recorded here (the
host does both). The network client (aiohttp) comes with the web extra.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..core.text import one_line
from . import command

def run_join(args: argparse.Namespace) -> int:
    from ..net.client import JoinError, Unreachable, check_code, parse_address

    try:
        host, port = parse_address(args.address)
        code = check_code(args.code)
    except JoinError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    try:
        import aiohttp  # noqa: F401  (the extra is here: checked before connecting)
    except ImportError as exc:
        from ..installed import web_extra_needed

        print(f"error: {web_extra_needed('join', 'aiohttp', exc)}", file=sys.stderr)
        return 2
    import asyncio

    from ..net.client import TableClient, first_view

    try:
        welcome, view = asyncio.run(first_view(host, port, code, secure=args.tls))
    except Unreachable as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 1
    except JoinError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    from ..app.app import RummyApp
    from ..app.screens.remote_table import RemoteTableScreen
    from .play import _app_kwargs, _run_app

    def table() -> Any:
        client = TableClient(host, port, code, lambda _: None, secure=args.tls)
        return RemoteTableScreen(client, welcome, view)

    kwargs = _app_kwargs(args)
    kwargs.update(autosave=False, record_stats=False)  # the host's game: the host saves it
    return _run_app(RummyApp(start_screen=table, **kwargs))


def add_parser(sub: Any) -> None:
    join = command(
        sub, "join", run_join, help="take a seat at a table hosted with rummy-tui host",
        description="Join a table that rummy-tui host holds, with the line its invitation "
                    "gives: rummy-tui join HOST:PORT CODE. The seat comes back after a "
                    "dropped connection (by itself, or by running the same line again).")
    join.add_argument("address", metavar="HOST:PORT",
                      help="the host's address and port, as the invitation gives them")
    join.add_argument("code", metavar="CODE", help="the invitation's code (one seat's)")
    join.add_argument("--tls", action="store_true",
                      help="the host serves TLS (it runs with --certfile): connect with wss://")
