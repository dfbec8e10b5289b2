"""The garbage collector is settled by programs, never by a library module (issues 10, 26).

``gc.freeze()`` changes the whole process: importing the rules core or the search, arranging
hands and playing games freeze nothing; ``collector.settle_collector()`` freezes what lives
long once, and the programs that want it (the app's table screen, ``rummy-tui simulate``)
call it. Each check runs in a fresh interpreter: this one has imported everything already.
"""

from __future__ import annotations

import subprocess
import sys


def _run(code: str) -> list[int]:
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    )
    return [int(n) for n in out.stdout.split()]


def test_importing_and_using_the_library_freezes_nothing():
    (frozen,) = _run(
        "import gc\n"
        "import rummy_tui\n"
        "from rummy_tui.core.arrange import best_arrangement, multi\n"
        "from rummy_tui.core.engine import new_game\n"
        "from rummy_tui.core.simulate import simulate\n"
        "rummy_tui.arrange('JK 7S 7S 8S 9H', 'indian', '4')\n"
        "new_game('indian', ['a', 'b'], seed=1)\n"
        "simulate('remigio', 3, 1, 5, None, ['easy'] * 3)\n"
        "print(gc.get_freeze_count())\n"
    )
    assert frozen == 0


def test_settling_freezes_what_lives_long_once():
    before, first, second = _run(
        "import gc\n"
        "from rummy_tui.collector import settle_collector\n"
        "from rummy_tui.core.engine import new_game\n"
        "before = gc.get_freeze_count()\n"
        "settle_collector()\n"
        "first = gc.get_freeze_count()\n"
        "new_game('indian', ['a', 'b'], seed=2)\n"
        "settle_collector()\n"
        "print(before, first, gc.get_freeze_count())\n"
    )
    assert before == 0
    assert first > 10_000  # the modules, functions and types of the imports
    assert second == first  # once a process: later games' garbage is collected as usual


def test_rummy_tui_simulate_settles_the_collector():
    (frozen,) = _run(
        "import contextlib, gc, io\n"
        "from rummy_tui.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    code = main(['simulate', '--variant', 'rummy', '--players', '2', '--no-progress'])\n"
        "assert code == 0, code\n"
        "print(gc.get_freeze_count())\n"
    )
    assert frozen > 10_000
