#!/usr/bin/env python3
"""Benchmark: does memory stay flat over many simulated games? (issues 10 and 11)

    /work/venv/bin/python bench/bench_memory.py                       # 2-player Indian, easy
    /work/venv/bin/python bench/bench_memory.py --variant remigio-fournier --players 10 \\
        --bots normal --games 200 2000

One fresh process (the garbage collector on) runs ``core.simulate`` (what ``rummy-tui
simulate`` runs) for the largest count and reports, when each count of games is reached, its
resident set size (VmRSS now, and the maximum so far) and the sizes of the search's caches.
Target: the maximum RSS after the largest count within 10% of that after the smallest.
``--tracemalloc`` also prints the allocations that grew most between the first and the last
count, by line (slower: use it to find what grows). Ends with one JSON line; exits 1 if missed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, resource, sys, time, tracemalloc
sys.path.insert(0, sys.argv[1])
from rummy_tui.core.arrange import search as arrange, tables as arrange_tables
from rummy_tui.core.simulate import simulate
from rummy_tui.collector import settle_collector
settle_collector()  # as rummy-tui simulate does
variant, players, bots = sys.argv[2], int(sys.argv[3]), sys.argv[4]
counts = sorted(int(g) for g in sys.argv[5].split(","))
trace = sys.argv[6] == "1"
if trace:
    tracemalloc.start(1)
snaps = []
t0 = time.perf_counter()

def rss_mb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0

def progress(game):
    if game in counts:
        print(json.dumps({"games": game, "seconds": round(time.perf_counter() - t0, 1),
                          "rss_mb": round(rss_mb(), 1),
                          "max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
                                              / 1024, 1),
                          "suit_tables": len(arrange_tables.TABLES),
                          "run_options": len(arrange_tables.OPTIONS),
                          "results": len(arrange._RESULTS)}), flush=True)
        if trace:
            snaps.append(tracemalloc.take_snapshot())

result = simulate(variant, players, counts[-1], seed=7, bots=[bots] * players, progress=progress)
if result.violation is not None:
    print(json.dumps({"violation": str(result.violation)}), flush=True)
if trace and len(snaps) > 1:
    for stat in snaps[-1].compare_to(snaps[0], "lineno")[:15]:
        print("# " + str(stat), flush=True)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--variant", default="indian")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="easy")
    parser.add_argument("--games", type=int, nargs="+", default=[200, 2000])
    parser.add_argument("--tracemalloc", action="store_true",
                        help="print the allocations that grew most (slower)")
    args = parser.parse_args()
    proc = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(HERE.parent), args.variant, str(args.players),
         args.bots, ",".join(map(str, args.games)), "1" if args.tracemalloc else "0"],
        stdout=subprocess.PIPE, text=True,
    )
    rows = []
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("# "):
            print(line.rstrip())
            continue
        row = json.loads(line)
        if "violation" in row:
            print(f"invariant violation: {row['violation']}")
            return 1
        rows.append(row)
        print(f"{args.variant} {args.players} players, {args.bots} bots: {row['games']:>6} games  "
              f"RSS {row['rss_mb']:>6.1f} MB (max {row['max_rss_mb']:>6.1f})  "
              f"caches {row['suit_tables']}/{row['run_options']}/{row['results']}  "
              f"({row['seconds']} s)", flush=True)
    if proc.wait() != 0 or len(rows) < 2:
        print("the simulation failed")
        return 1
    growth = rows[-1]["max_rss_mb"] / rows[0]["max_rss_mb"] - 1
    now = rows[-1]["rss_mb"] / rows[0]["rss_mb"] - 1
    ok = growth <= 0.10
    print(f"growth of the maximum RSS {growth:+.1%} (target <= +10%); of RSS now {now:+.1%}")
    print(json.dumps({"bench": "memory", "variant": args.variant, "players": args.players,
                      "bots": args.bots, "runs": rows, "growth": round(growth, 3), "rss_now_growth": round(now, 3),
                      "ok": ok}))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
