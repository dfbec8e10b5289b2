"""A browser seat and a terminal seat at one hosted table (issue 28), in a real browser.

``rummy-tui host --web-port`` (a subprocess) holds a 2-player Basic Rummy table for Bob and
Chen. Bob plays in headless Chromium (through Playwright, as test_serve_browser.py) at the
address the host printed for him; Chen is a scripted protocol client (tests/net/helpers.py)
in a thread of its own, playing a normal computer player's moves whenever it is his turn.
Bob draws and discards with the keyboard, twice, Chen playing between (the host's save,
written after every change, says who did what); the page shows Bob's hand and never Chen's:
no card of Chen's that was never played in the open is in its text. The waits are long
(60 s and more): the machine may be busy.
"""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from net.helpers import Client, my_move
from .page_probe import (
    PROBE_SCRIPT, free_port, game_processes, screen_mark, unniced_environment, wait_for_text,
)
from .test_serve_browser import ARTIFACTS, browser  # noqa: F401 (the browser fixture)

pytestmark = pytest.mark.browser

BOB = 0
WAIT = 90.0
"""Seconds any one step may take (a busy machine; each step is polled, so a quick one is
quick)."""


def table(saves: Path) -> Any:
    """The hosted game as the host saved it last (it saves after every change, atomically)."""
    from rummy_tui.saves import load_game

    found = list(saves.glob("[0-9]*-rummy-*.json"))
    assert len(found) == 1, found
    return load_game(found[0])


def log(saves: Path) -> list[str]:
    from rummy_tui.core.events import describe
    from rummy_tui.core.registry import variant_of

    state = table(saves)
    names = [p.name for p in state.players]
    return [describe(e, names, variant_of(state.variant)) for e in state.log]


def bob_did(saves: Path, what: str) -> int:
    return sum(1 for line in log(saves) if line.startswith("Bob ") and what in line)


def until(done: Callable[[], bool], timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def press_until(page: Any, key: str, done: Callable[[], bool], *, mark: int = 0,
                ask: tuple[str, str] | None = None) -> None:
    """Press ``key`` until ``done()``: again every 10 s, as a key that reached the page before
    the seat's screen knew it was its turn does nothing. ``ask``: (a question the table may
    ask first, the key that answers it)."""
    deadline = time.monotonic() + WAIT
    page.keyboard.press(key)
    pressed = time.monotonic()
    while not done():
        assert time.monotonic() < deadline, f"{key!r} did nothing"
        if ask is not None and ask[0] in page.evaluate("window.rummyProbe.text")[mark:]:
            page.keyboard.press(ask[1])
            mark = screen_mark(page)
            pressed = time.monotonic()
        elif time.monotonic() - pressed > 10:
            page.keyboard.press(key)
            pressed = time.monotonic()
        time.sleep(0.1)


class Chen(threading.Thread):
    """The terminal seat: a scripted client that plays its turns until told to stop."""

    def __init__(self, port: int, code: str) -> None:
        super().__init__(name="chen", daemon=True)
        self.port, self.code = port, code
        self.turns = 0
        self.error: BaseException | None = None
        self.joined = threading.Event()
        self.stopping = threading.Event()

    def run(self) -> None:
        try:
            asyncio.run(self._play())
        except BaseException as exc:  # reported by the test
            self.error = exc

    async def _play(self) -> None:
        async with aiohttp.ClientSession() as session:
            client = await Client(session, self.port).connect()
            await client.hello(self.code)
            await client.until("welcome")
            self.joined.set()
            ready: set[int] = set()
            while not self.stopping.is_set():
                try:
                    message = await client.recv(0.5)
                except asyncio.TimeoutError:
                    continue
                assert message is not None, "the host closed Chen's connection"
                assert message.type != "refused", message.reason
                if message.type != "view" or client.view is None:
                    continue
                move = my_move(client.view, ready)
                if move is not None:
                    if type(move).__name__ == "Discard":
                        self.turns += 1
                    await client.act(move)
            await client.close()


@pytest.fixture
def hosted(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], list[str], int, Path]]:
    """The host, and its four lines: Bob's join line and address, then Chen's."""
    port, web_port = free_port(), free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "rummy_tui", "host", "--variant", "rummy", "--seats",
         "remote:Bob,remote:Chen", "--seed", "11", "--saves-dir", str(tmp_path),
         "--bot-delay", "0", "--port", str(port), "--web-port", str(web_port)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
        env=unniced_environment())  # Bob's game at the host's priority (see there)
    assert proc.stdout is not None
    lines = [proc.stdout.readline().rstrip("\n") for _ in range(4)]
    try:
        yield proc, lines, port, tmp_path
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            pytest.fail("the host did not stop on ctrl+c")
    assert game_processes(tmp_path) == [], "a browser seat's game outlived the host"


def test_a_browser_seat_and_a_terminal_seat_take_turns(
    hosted: tuple[subprocess.Popen[str], list[str], int, Path],
    browser: object,  # noqa: F811 (the fixture)
) -> None:
    proc, lines, port, saves = hosted
    assert lines[0].startswith("Bob: rummy-tui join "), (lines, proc.poll())
    assert lines[2].startswith("Chen: rummy-tui join "), lines
    bob_url = lines[1].partition(": ")[2]
    assert bob_url.startswith("http://127.0.0.1:") and bob_url.endswith(lines[0].split()[-1])
    chen = Chen(port, lines[2].split()[-1])
    chen.start()
    assert chen.joined.wait(60), chen.error
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(  # type: ignore[attr-defined]
        viewport={"width": 1100, "height": 720})
    try:
        context.add_init_script(PROBE_SCRIPT)
        page = context.new_page()
        page.goto(bob_url)
        mark = wait_for_text(page, "Bob's hand", timeout=90)
        for turn in (1, 2):
            # the host's save says when it is Bob's turn and what he did: the page's text
            # repaints old log lines, so it cannot tell a new move from an old one
            until(lambda: table(saves).to_move == BOB and table(saves).phase == "draw")
            press_until(page, "s", lambda: bob_did(saves, "drew from the stock") >= turn)
            mark = screen_mark(page)
            # the card drawn has the cursor; when it completes a meld the table asks first
            # ("It is in your meld ..."): yes
            press_until(page, "x", lambda: bob_did(saves, "discarded") >= turn,
                        ask=("It is in your meld", "y"), mark=mark)
            page.screenshot(path=ARTIFACTS / f"hosted-turn-{turn}.png")
        # Chen, on his terminal seat, played between Bob's turns
        until(lambda: table(saves).to_move == BOB)
        lines = log(saves)
        bob = [i for i, line in enumerate(lines)
               if line.startswith("Bob ") and "discarded" in line]
        assert len(bob) == 2
        assert any(line.startswith("Chen ") and "discarded" in line
                   for line in lines[bob[0]:bob[1]]), lines
        assert chen.error is None, chen.error
        assert chen.turns >= 2
        text = page.evaluate("window.rummyProbe.text")
        assert "Bob's hand" in text
        assert "Chen's hand" not in text  # the browser seat never shows the other hand
        # ... nor any card of it that was never played in the open (Bob's screen was sent
        # only Bob's view: no card of Chen's but those the log names)
        final = table(saves)
        public = "\n".join(log(saves))
        hidden = [c.symbol() for c in final.hands[1] if c.symbol() not in public]
        assert hidden, "Chen holds no card that was never shown"
        assert [label for label in hidden if label in text] == []
        # the check can fail: Bob's own cards are in the page's text, each as its label
        assert [c.symbol() for c in final.hands[BOB] if c.symbol() not in text] == []
    finally:
        chen.stopping.set()
        chen.join(30)
        context.close()
    assert chen.error is None, chen.error
