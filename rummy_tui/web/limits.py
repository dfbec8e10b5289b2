"""The limits of ``rummy-tui serve``: what one visitor may ask of the server (issue 27).

- **Games**: at most ``max_games`` game processes at once, and ``max_games_per_client`` from one
  client (:class:`GameSlots`; :func:`client_key` says who is one client). Past a cap the
  visitor gets a :class:`Refusal`: 429 when their own cap is reached, 503 when the server's.
- **Terminal sizes**: 20 to 500 columns and 10 to 200 rows, from the websocket's query string
  (:func:`query_size`) and from ``resize`` messages (:func:`message_size`).
- **Messages**: at most :data:`MAX_MESSAGE_BYTES`, each textual.js's ``[kind, data]``
  (:func:`parse_envelope`).
- **CPU**: games run under ``nice -n 10`` (:data:`GAME_NICENESS`), or the niceness that
  ``$RUMMY_TUI_GAME_NICENESS`` says (:func:`game_niceness`).

No third-party import: ``rummy-tui serve --help`` reads the defaults before the web extra is
known to be installed.
"""

from __future__ import annotations

import ipaddress
import json
import math
import os
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass

DEFAULT_MAX_GAMES = 16
"""Game processes at once, in all (each is a Python process of 50 to 60 MB)."""
DEFAULT_MAX_GAMES_PER_CLIENT = 4
"""Game processes at once from one client address (a few tabs, a reload while the last game
is still quitting). Behind a proxy every visitor has the proxy's address."""
MAX_GAMES_LIMIT = 1000
"""The most ``--max-games`` and ``--max-games-per-client`` may say."""
COLUMNS = (20, 500)
ROWS = (10, 200)
"""A visitor's terminal, in cells: whatever the browser asks is brought into these bounds."""
DEFAULT_SIZE = (80, 24)
MAX_MESSAGE_BYTES = 64 * 1024
"""The largest websocket message taken from a browser (textual.js sends keys, pastes and
sizes); a larger one closes the connection (1009, message too big)."""
RETRY_AFTER_SECONDS = 30
_QUERY_INT = re.compile(r"[+-]?[0-9]{1,9}")
GAME_NICENESS = 10
"""Game processes run at a lower CPU priority than the server: when a flood starts many at
once, their start-up (about a second of CPU each) must not keep the server from answering
other visitors (bench/bench_serve_flood.py: 2.4 s to answer a page without it, 0.3 s with
it, on 2 loaded cores). With the CPU to spare, it changes nothing."""
NICENESS_ENV = "RUMMY_TUI_GAME_NICENESS"
"""Sets the games' niceness instead of :data:`GAME_NICENESS`: 0 to 19, 0 for the server's own
priority. It reaches ``host --web-port``'s server too (a child process, same environment).
For a machine whose other work the games should not yield to; the test suite sets 0 for the
servers it starts: at nice 10 beside other tests' busy processes in one scheduling group (a
CI run), a game got a few per cent of a core (its first screen took 29 s beside two busy
processes, and longer beside more)."""
_NICENESS = re.compile(r"[0-9]{1,2}")


def game_niceness(environ: Mapping[str, str] = os.environ) -> int:
    """The games' niceness: :data:`NICENESS_ENV` when it is set (not empty), else
    :data:`GAME_NICENESS`. ValueError (one line) when it is not a whole number 0 to 19."""
    text = environ.get(NICENESS_ENV, "").strip()
    if not text:
        return GAME_NICENESS
    if not _NICENESS.fullmatch(text) or int(text) > 19:
        shown = repr(text[:20]) + ("…" if len(text) > 20 else "")  # escaped, and short
        raise ValueError(f"${NICENESS_ENV} must be a whole number from 0 to 19, not {shown}")
    return int(text)


def bounded(value: int, bounds: tuple[int, int]) -> int:
    low, high = bounds
    return max(low, min(high, value))


def query_size(query: Mapping[str, str]) -> tuple[int, int]:
    """The terminal size a websocket's ``?width=&height=`` asks for, within bounds; a value
    that is not a whole number is the default (80 by 24)."""
    size = []
    for key, default, bounds in (("width", DEFAULT_SIZE[0], COLUMNS),
                                 ("height", DEFAULT_SIZE[1], ROWS)):
        text = query.get(key, "").strip()
        size.append(bounded(int(text), bounds) if _QUERY_INT.fullmatch(text) else default)
    return size[0], size[1]


def message_size(data: object) -> tuple[int, int] | None:
    """The size a ``["resize", {"width": W, "height": H}]`` message asks for, within bounds;
    None when it does not give two numbers."""
    if not isinstance(data, dict):
        return None
    size = []
    for key, bounds in (("width", COLUMNS), ("height", ROWS)):
        value = data.get(key)
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        if isinstance(value, float):
            if not math.isfinite(value):
                return None
            value = int(value)
        size.append(bounded(value, bounds))
    return size[0], size[1]


def parse_envelope(text: str) -> tuple[str, object] | None:
    """textual.js's message, ``[kind, data]`` (data may be missing: ``["blur"]``); None for
    anything else."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, too many digits, nested too deep
        return None
    if not isinstance(envelope, list) or not 1 <= len(envelope) <= 2:
        return None
    if not isinstance(envelope[0], str):
        return None
    return envelope[0], envelope[1] if len(envelope) == 2 else None


def font_size(query: Mapping[str, str]) -> int:
    text = query.get("fontsize", "").strip()
    return bounded(int(text), (6, 48)) if _QUERY_INT.fullmatch(text) else 16


@dataclass(frozen=True)
class Refusal:
    """Why a game is not started: the HTTP status and the page's words."""

    status: int
    headline: str
    detail: str


def _games(count: int) -> str:
    return f"{count} game" if count == 1 else f"{count} games"


class GameSlots:
    """The game processes running, in all and per client address. :meth:`take` and
    :meth:`give_back` do not await: between a check and its count nothing else runs."""

    def __init__(self, max_games: int, max_games_per_client: int) -> None:
        self.max_games = max_games
        self.max_games_per_client = max_games_per_client
        self.by_client: Counter[str] = Counter()

    @property
    def total(self) -> int:
        return sum(self.by_client.values())

    def refusal(self, client: str) -> Refusal | None:
        """Why one more game from ``client`` would be refused; None if it would not. The
        client's own cap is told first: it is the one that client can do something about."""
        if self.by_client[client] >= self.max_games_per_client:
            return Refusal(429, "Too many games from your address",
                           f"One address may have {_games(self.max_games_per_client)} open "
                           "at once. Close a tab that has a game open, or wait a moment for "
                           "one that was just closed to finish saving.")
        if self.total >= self.max_games:
            return Refusal(503, "The table is full",
                           f"This server runs at most {_games(self.max_games)} at once, and "
                           "all of them are in play.")
        return None

    def take(self, client: str) -> Refusal | None:
        refusal = self.refusal(client)
        if refusal is None:
            self.by_client[client] += 1
        return refusal

    def give_back(self, client: str) -> None:
        self.by_client[client] -= 1
        if self.by_client[client] <= 0:
            del self.by_client[client]


def client_key(address: str) -> str:
    """An IPv4 address is itself; an IPv6 one is its /64 network: one machine is commonly
    given a whole /64, and could take a new address of it for every connection."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
