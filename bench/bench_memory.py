#!/usr/bin/env python3
"""Benchmark: does memory stay flat over many simulated games? (issues 10 and 11)

    /work/venv/bin/python bench/bench_memory.py                       # 2-player Indian, easy
    /work/venv/bin/python bench/bench_memory.py --variant remigio-fournier --players 10 \\
        --bots normal --games 200 2000

For each game count, a fresh process runs ``core.simulate`` (what ``rummy-tui simulate``
runs) for that many games and reports its maximum resident set size. Target: the largest
count ends within 10% of the smallest. Ends with one JSON line; exits 1 if missed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from rummy_tui.core.simulate import simulate
variant, players, games, bots = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
t0 = time.perf_counter()
result = simulate(variant, players, games, seed=7, bots=[bots] * players)
print(json.dumps({"games": games, "actions": result.actions,
                  "seconds": round(time.perf_counter() - t0, 1),
                  "max_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
                  "violation": None if result.violation is None else str(result.violation)}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--variant", default="indian")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", default="easy")
    parser.add_argument("--games", type=int, nargs="+", default=[200, 2000])
    args = parser.parse_args()
    rows = []
    for games in args.games:
        out = subprocess.run(
            [sys.executable, "-c", CHILD, str(HERE.parent), args.variant, str(args.players),
             str(games), args.bots],
            capture_output=True, text=True, check=True,
        )
        row = json.loads(out.stdout)
        rows.append(row)
        print(f"{args.variant} {args.players} players, {args.bots} bots: {games:>6} games  "
              f"max RSS {row['max_rss_mb']:>7.1f} MB  ({row['seconds']} s)")
    growth = rows[-1]["max_rss_mb"] / rows[0]["max_rss_mb"] - 1
    ok = growth <= 0.10
    print(f"growth {growth:+.1%} (target <= +10%)")
    print(json.dumps({"bench": "memory", "variant": args.variant, "players": args.players,
                      "bots": args.bots, "runs": rows, "growth": round(growth, 3), "ok": ok}))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
