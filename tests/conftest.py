"""Suite-wide switches: the slow and browser tests run with ``--all`` (CI and the README's test
command), and are deselected — never skipped — in a plain ``pytest`` run, so the default run stays
quick while a developer edits.

- ``@pytest.mark.slow``: fuzz, brute-force reference proofs and long hypothesis runs;
- ``@pytest.mark.browser``: tests that drive a real browser against ``rummy-tui serve``.

What is slow (issue 26: the default run stays under 3 CPU-minutes): a case that costs over about
1 CPU-s and whose behaviour a quick case already covers — the other presets of a whole-round walk,
the other sizes of a screen check, the costlier cross-products of a parametrised test (mark them
with ``pytest.param(..., marks=pytest.mark.slow)``). Every test function keeps at least one cheap
case in the default run; the only test of a behaviour stays quick when it is cheap. The only test
of a behaviour may be slow when it runs a whole tool or process over and over and costs several
CPU-s (mypy over the package, the kill -9 loop, an Indian deal played to its end to send a burst
of Enters): CI's ``--all`` keeps it, and its mark says why. Judge by a test's CPU time (its process
and children, ``resource.getrusage``), not by wall time on a busy machine.
"""

from __future__ import annotations

import gc
import os
import shutil
import tempfile

import pytest

# No test reads or writes the settings and statistics of the user running the suite
# (rummy_tui/saves_location.py): each test process gets empty per-user folders of its own.
_USER_DIRS = tempfile.mkdtemp(prefix="rummy-tui-test-user-")
os.environ["RUMMY_TUI_CONFIG_DIR"] = os.path.join(_USER_DIRS, "config")
os.environ["RUMMY_TUI_DATA_DIR"] = os.path.join(_USER_DIRS, "data")
os.environ["RUMMY_TUI_LOG_DIR"] = os.path.join(_USER_DIRS, "log")  # crash logs (crash.py)

OPT_IN = ("slow", "browser")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all",
        action="store_true",
        default=False,
        help="also run the tests marked slow or browser (CI does)",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a long fuzz or brute-force test; runs with --all")
    config.addinivalue_line("markers", "browser: drives Chromium through Playwright; runs with --all")


def pytest_collection_finish(session: pytest.Session) -> None:
    """The collector of each test process (issue 26): the app tests build and drop thousands of
    Textual objects a test, and with Python's default thresholds (700, 10, 10) the collector
    ran so often that it cost about a fifth of their CPU. The imports and the collected tests
    live as long as the process: they are frozen out of its reach (as ``settle_collector`` does
    for the app), and young objects are collected every 50,000 allocations instead of 700.
    Garbage is still collected, only in fewer, larger passes; no test depends on when."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 10)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--all"):
        return
    # ``-m slow`` (or any -m naming a marker) asks for them explicitly: leave the choice to it.
    if config.getoption("-m"):
        return
    kept, deselected = [], []
    for item in items:
        (deselected if any(item.get_closest_marker(m) for m in OPT_IN) else kept).append(item)
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(_USER_DIRS, ignore_errors=True)
