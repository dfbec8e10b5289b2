"""Driving ``rummy-tui serve`` in a browser: shared by the browser test and bench/bench_serve.py.

Starting the server on a free loopback port, finding the system's Chromium, setting up a game
with keys, and watching the page from inside the browser:

xterm.js draws the terminal on a canvas, so the page has no text to query. This script, added
to the page before textual.js runs, wraps ``WebSocket`` and keeps what the game process sends:
the text of the screen updates with the escape sequences taken out (``window.rummyProbe.text``,
enough to wait for a word to be painted), and the time each update arrived and the time xterm.js
had drawn it (the next animation frame), to time a key press against its repaint.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from rummy_tui.web.limits import NICENESS_ENV

REPO = Path(__file__).resolve().parents[2]

PROBE_SCRIPT = r"""
(() => {
  const probe = { text: "", updates: [], keys: [], pongs: [], connecting: null, opened: null };
  probe.ping = () => probe.socket.send(JSON.stringify(["ping", "probe-" + performance.now()]));
  window.rummyProbe = probe;
  const decoder = new TextDecoder();
  const ansi = /\x1b(?:\[[0-9;?<>=]*[ -\/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])/g;
  const Native = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    probe.connecting = performance.now();
    socket.addEventListener("open", () => { probe.opened = performance.now(); });
    probe.socket = socket;
    socket.addEventListener("message", (event) => {
      if (typeof event.data === "string") {
        // textual-serve answers ["ping", id] itself, without the game: the transport's floor
        const [kind, id] = JSON.parse(event.data);
        if (kind === "pong" && String(id).startsWith("probe-")) {
          probe.pongs.push(performance.now() - Number(String(id).slice(6)));
        }
        return;
      }
      const arrived = performance.now();
      const update = { arrived, painted: null, size: event.data.byteLength, end: 0 };
      probe.updates.push(update);
      probe.text += decoder.decode(new Uint8Array(event.data), { stream: true }).replace(ansi, "");
      update.end = probe.text.length;
      // textual.js's own listener, added after this one, hands the bytes to xterm.js, which
      // parses them in a task of its own (setTimeout) and draws them in the next animation
      // frame. So: a task after textual.js's listener, a task after xterm.js's parse, an
      // animation frame after xterm.js's, and a task once that frame is rendered.
      setTimeout(() => setTimeout(() => requestAnimationFrame(() => setTimeout(() => {
        update.painted = performance.now();
      }))));
    });
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, Native);
  // The time from the last key press to the drawing of the first screen update after it
  // (null until it is drawn): the key-to-repaint time bench/bench_serve.py reports.
  probe.keyToRepaint = () => {
    const key = probe.keys[probe.keys.length - 1];
    if (!key) return null;
    const update = probe.updates.find((u) => u.arrived >= key.at);
    return update && update.painted !== null ? update.painted - key.at : null;
  };
  // When the update that brought the text at `offset` was drawn (ms after navigation start).
  probe.paintedAt = (offset) => {
    const update = probe.updates.find((u) => u.end > offset);
    return update ? update.painted : null;
  };
  document.addEventListener("keydown", (event) => {
    probe.keys.push({ key: event.key, at: performance.now() });
  }, true);
})();
"""


def screen_mark(page) -> int:  # type: ignore[no-untyped-def]
    """How much screen text has arrived so far: wait for what comes after it."""
    return int(page.evaluate("window.rummyProbe ? window.rummyProbe.text.length : 0"))


def wait_for_text(page, text: str, after: int = 0, timeout: float = 60.0,  # type: ignore[no-untyped-def]
                  regex: bool = False) -> int:
    """Wait until ``text`` (a JavaScript regular expression if ``regex``) has been sent to the
    page after the mark ``after`` (Playwright's sync API); returns the mark just past it, to
    wait for what comes next."""
    try:
        handle = _wait_for(page, text, after, timeout, regex)
    except Exception as exc:  # Playwright's TimeoutError: say what the page had instead
        seen = page.evaluate("window.rummyProbe ? window.rummyProbe.text : ''")
        raise AssertionError(f"no {text!r} after mark {after} in {timeout} s; the page's "
                             f"text since: {seen[after:][-600:]!r}") from exc
    return int(handle.json_value())


def _wait_for(page, text: str, after: int, timeout: float, regex: bool):  # type: ignore[no-untyped-def]
    return page.wait_for_function(
        """([text, after, regex]) => {
            const probe = window.rummyProbe;
            if (!probe) return false;
            if (!regex) {
                const at = probe.text.indexOf(text, after);
                return at < 0 ? false : at + text.length;
            }
            const found = new RegExp(text).exec(probe.text.slice(after));
            return found ? after + found.index + found[0].length : false;
        }""",
        arg=[text, after, regex],
        timeout=timeout * 1000,
    )


def find_chromium() -> str | None:
    """The system's Chromium: $RUMMY_TUI_CHROMIUM, else chromium / chromium-browser on PATH."""
    named = os.environ.get("RUMMY_TUI_CHROMIUM", "").strip()
    if named:
        return named
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def chromium_args() -> list[str]:
    """Chromium refuses to run as root with its sandbox (CI containers run as root)."""
    return ["--no-sandbox"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


def unniced_environment() -> dict[str, str]:
    """This environment, with the games of a server it starts at the server's own priority
    (``$RUMMY_TUI_GAME_NICENESS=0``; ``host --web-port``'s child server inherits it). Under
    ``nice -n 10`` a game competes with the other test worker's busy processes (one scheduling
    group in a CI run) at a tenth of their weight: it got a few per cent of a core (its first
    screen took 29 s beside two busy processes, and longer beside more: past the 90 s a wait
    gives it). Its niceness has its own test (test_serve_cli.py)."""
    return {**os.environ, NICENESS_ENV: "0"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerFailed(RuntimeError):
    """rummy-tui serve did not start (the message holds its output)."""


def start_server(saves: Path, log: Path, timeout: float = 30.0,
                 serve_args: Sequence[str] = ()) -> tuple[subprocess.Popen, str]:  # type: ignore[type-arg]
    """``python -m rummy_tui --saves-dir SAVES serve --port P [SERVE_ARGS]`` on a free loopback
    port, from this checkout; returns the process and its address once the page answers."""
    port = free_port()
    env = unniced_environment()
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "rummy_tui", "--saves-dir", str(saves), "serve",
             "--port", str(port), *serve_args],
            stdout=out, stderr=subprocess.STDOUT, env=env, cwd=REPO,
        )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + timeout
    while True:
        if server.poll() is not None:
            raise ServerFailed(f"rummy-tui serve exited ({server.returncode}):\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return server, url
        except OSError:
            pass
        if time.monotonic() > deadline:
            stop_server(server)
            raise ServerFailed(f"rummy-tui serve did not answer on {url}:\n{log.read_text()}")
        time.sleep(0.2)


def stop_server(server: subprocess.Popen, timeout: float = 15.0) -> bool:  # type: ignore[type-arg]
    """ctrl+c, as a player would stop it; False if it had to be killed."""
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=timeout)
        return True
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()
        return False


def start_two_player_rummy(page, mark: int) -> int:  # type: ignore[no-untyped-def]
    """From the picker (painted after ``mark``): a Basic Rummy game for Ann (human) and Bob
    (computer), with keys only; returns once it is Ann's turn."""
    for attempt in range(3):
        page.keyboard.press("Enter")  # Rummy
        mark = wait_for_text(page, "New game: Rummy", mark)
        mark = wait_for_text(page, "esc Back", mark)  # the footer: the name field has the focus
        page.wait_for_timeout(1000)  # the focus settles on the name field
        page.keyboard.press("Shift+Tab")  # to Players
        page.keyboard.press(" ")  # open the list: space, as Enter moves on (the overlay takes the focus)
        try:
            mark = wait_for_text(page, "Dismiss menu", mark, timeout=15)
            break
        except AssertionError:
            if attempt == 2:
                raise
        # A key lost as the screen mounted (the space then went into a name, or the focus was
        # elsewhere; a busy CI run met both): back to the picker, and set the game up afresh.
        # Two Escapes: the first closes the list if it did open; the picker ignores Escape.
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        mark = wait_for_text(page, "choose a game", mark)
    page.keyboard.press("ArrowUp")  # 3 -> 2
    page.keyboard.press("Enter")
    mark = wait_for_text(page, r"Players\s+2\s", mark, regex=True)
    page.keyboard.press("Control+g")  # start (Enter only moves between the fields)
    return wait_for_text(page, "Ann to play", mark, timeout=90)  # after Bob, if he began


def game_processes(saves: Path) -> list[int]:
    """The app processes of the visitors of a server whose saves folder is ``saves``."""
    marker = str(saves / "web-visitors").encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if marker in (entry / "cmdline").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                continue
    return found
