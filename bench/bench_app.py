"""Benchmarks of the app (issue 4, "Speed"): run as a script, not a test.

1. Start-up to an interactive variant picker, against a bare Textual "hello" app, measured
   side by side: each run is a fresh interpreter that starts the app headless and exits as
   soon as the first screen is ready; the two are run alternately, and the medians compared
   (target: rummy-tui <= 1.5 x hello). rummy-tui starts through its real front door
   (``rummy_tui.cli.main([])``), so the command-line parsing is included.
2. Key latency on the table with a 13-card hand (Indian Rummy): the time from a key press
   to the screen being repainted, median and p90 over a few hundred presses of the keys a
   player uses most (cursor, select, sort, arrange) (target: median <= 30 ms).

    python bench/bench_app.py [--runs 15] [--presses 300]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import tempfile
import sys
import time

HELLO = r"""
import time
t0 = time.perf_counter()
from textual.app import App
from textual.widgets import Static

class Hello(App):
    def compose(self):
        yield Static("hello")

async def ready(pilot):
    await pilot.pause()
    pilot.app.exit()

Hello().run(headless=True, auto_pilot=ready)
"""

RUMMY = r"""
import time
t0 = time.perf_counter()
import rummy_tui.app.app as appmod

async def ready(pilot):
    await pilot.pause()
    assert type(pilot.app.screen).__name__ == "PickerScreen", pilot.app.screen
    pilot.app.exit()

_run = appmod.RummyApp.run
appmod.RummyApp.run = lambda self, **kw: _run(self, headless=True, auto_pilot=ready)
from rummy_tui.cli import main
main([])
"""


# An installed package has its bytecode compiled at install time (pip does it), as Textual's
# has here; an editable checkout run with PYTHONDONTWRITEBYTECODE=1 would instead compile
# rummy-tui from source at every start. Let the children write and use bytecode, and warm up
# once, so that both apps start as they do when installed.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
# A first start: an empty saves folder. With saves present the picker is interactive just as
# soon, but the process (which this bench times to its exit) also waits for the thread that
# reads them; pass --with-saves-dir DIR to time that case.
_ENV["RUMMY_TUI_SAVES"] = tempfile.mkdtemp(prefix="rummy-bench-saves-")


def _time(code: str) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, env=_ENV)
    return time.perf_counter() - t0


def bench_startup(runs: int) -> None:
    hello: list[float] = []
    rummy: list[float] = []
    _time(HELLO), _time(RUMMY)  # warm the file cache and the bytecode
    for _ in range(runs):
        hello.append(_time(HELLO))
        rummy.append(_time(RUMMY))
    h, r = statistics.median(hello), statistics.median(rummy)
    print(f"start-up, {runs} runs each, alternated (process start to ready, then exit)")
    print(f"  bare Textual hello app : median {h * 1000:7.1f} ms  "
          f"(min {min(hello) * 1000:.1f})")
    print(f"  rummy-tui picker       : median {r * 1000:7.1f} ms  "
          f"(min {min(rummy) * 1000:.1f})")
    print(f"  ratio {r / h:.2f} x   (target <= 1.50 x)")


async def _settled(app) -> None:
    """Until every message pump of the screen is idle for a few turns of the event loop."""
    quiet = 0
    while quiet < 3:
        await asyncio.sleep(0)
        nodes = [app, app.screen, *app.screen.walk_children()]
        if all(node._message_queue.empty() for node in nodes):
            quiet += 1
        else:
            quiet = 0


async def _press_and_paint(app, key: str) -> float:
    """Deliver a key as the terminal driver does, let the app handle it, then repaint.

    Textual repaints on a frame timer; the bench does not wait for the timer but runs the
    repaint itself as soon as the key has been handled (the same code the timer runs), so
    the time is the app's work and not the frame rate or the test pilot's idle polling.
    """
    from textual import events

    t0 = time.perf_counter()
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    app._driver.send_message(event)
    for _ in range(2):  # a re-mounted hand (sort, arrange) settles in a second pass
        await _settled(app)
        app.screen._on_timer_update()
    return time.perf_counter() - t0


async def _latency(presses: int) -> list[float]:
    from rummy_tui.app.app import RummyApp
    from rummy_tui.core.engine import new_game
    from rummy_tui.core.state import PlayerSpec

    state = new_game("indian", [PlayerSpec("Ann"), PlayerSpec("Bob")], seed=1)
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False)
    keys = ["right", "right", "space", "left", "space", "o", "right", "a"]
    times: list[float] = []
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")  # the pass screen
        await pilot.pause()
        assert len(app.screen.query_one("Hand").cards) == 13
        for i in range(presses):
            times.append(await _press_and_paint(app, keys[i % len(keys)]))
        by_key: dict[str, list[float]] = {}
        for i, t in enumerate(times):
            by_key.setdefault(keys[i % len(keys)], []).append(t)
        for key, ts in by_key.items():
            print(f"    {key:6} median {statistics.median(ts) * 1000:6.1f} ms")
    return times


def bench_keys(presses: int) -> None:
    times = sorted(asyncio.run(_latency(presses)))
    med = statistics.median(times)
    p90 = times[int(len(times) * 0.9)]
    print(f"key press on the table, 13-card hand, {presses} presses "
          "(cursor, select, sort, arrange)")
    print(f"  median {med * 1000:.1f} ms   p90 {p90 * 1000:.1f} ms   "
          f"max {times[-1] * 1000:.1f} ms   (target: median <= 30 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--presses", type=int, default=300)
    parser.add_argument("--with-saves-dir", help="time start-up with this saves folder")
    args = parser.parse_args()
    if args.with_saves_dir:
        _ENV["RUMMY_TUI_SAVES"] = os.path.abspath(args.with_saves_dir)
    bench_startup(args.runs)
    bench_keys(args.presses)


if __name__ == "__main__":
    main()
