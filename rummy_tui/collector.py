"""The garbage collector, settled once by a program before its games (issue 10).

A program's imports (modules, functions, types; with the app, its screens) are tens of
thousands of long-lived objects. ``settle_collector`` collects what is garbage now, then
freezes the rest out of the collector's reach (``gc.freeze``): a full collection then scans
only what was made since (the games, the search's tables, mostly untracked tuples of ints),
about 3 ms of CPU instead of 17-28 ms, inside some computer player's turn (bench/README.md,
"A computer player's turn"). Frozen objects are still freed when nothing refers to them.

It changes the whole process, so no library module does it, at import or in a call: the
programs that want it call it once their imports are done: the app's table screen (a new or
a resumed game), ``rummy-tui simulate`` and the benchmarks. Not in the rules core: a program
of its own, not the rules, decides how its process collects.
"""

from __future__ import annotations

import gc

_SETTLED: list[bool] = []


def settle_collector() -> None:
    """Collect, then freeze what is alive: once a process, so later games' garbage is
    collected as usual."""
    if not _SETTLED:
        _SETTLED.append(True)
        gc.collect()
        gc.freeze()
