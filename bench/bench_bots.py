#!/usr/bin/env python3
"""Benchmark: ``hard`` against ``normal`` (issue 15), tournaments side by side with the seats
swapped, and ``hard``'s thinking time per decision in CPU time.

    nice -n 10 /work/venv/bin/python bench/bench_bots.py --games 200
    nice -n 10 /work/venv/bin/python bench/bench_bots.py --games 1000 --preset rummy/2
    nice -n 10 /work/venv/bin/python bench/bench_bots.py --games 5 --preset remigio-fournier/10

Each game seed (``simulate``'s game seeds from ``--seed``) is played twice at 2 players, once
with ``hard`` in each seat, so both bots meet the same deals. At N players one ``hard`` seat
plays N-1 ``normal`` seats, its seat turning with the game number; an even share of the wins
is 1/N. Each win rate is printed with its 95% (Wilson) interval. A decision's time is
``choose_action`` alone (``time.process_time``, GC on, every decision of ``hard`` timed once);
p50 and p99 over all of them; targets p50 <= 100 ms, p99 <= 400 ms. Each preset runs in a
fresh process. Ends with one JSON line. Run it under ``nice`` and one at a time.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout, not an installed copy

PRESETS = ["rummy/2", "indian/2", "remigio/2", "remi/2", "rummy/4"]
"""The issue's presets: 2 players each, and hard + 3 normal at Basic Rummy."""
TARGETS = {"rummy/2": 0.60, "indian/2": 0.58, "remigio/2": 0.60, "remi/2": 0.56}


def play(variant: str, n: int, games: int, seed: int) -> dict:
    """Play the tournament in this process: wins of ``hard``, games, decision times (ms)."""
    import random

    from rummy_tui.core.bots import choose_action
    from rummy_tui.core.engine import apply, new_game, view
    from rummy_tui.core.seats import mix
    from rummy_tui.core.simulate import MAX_ROUND_ACTIONS, MAX_ROUNDS, game_seed
    from rummy_tui.core.state import NextRound, PlayerSpec

    clock = time.process_time
    times: list[float] = []
    wins = played = 0
    hard_seats = [0, 1] if n == 2 else [None]
    for game in range(1, games + 1):
        gseed = game_seed(seed, game)
        for hs in hard_seats:
            h = hs if hs is not None else (game - 1) % n
            kinds = ["normal"] * n
            kinds[h] = "hard"
            specs = [PlayerSpec(f"P{q + 1}-{k}", k) for q, k in enumerate(kinds)]  # type: ignore[arg-type]
            state = new_game(variant, specs, seed=gseed)
            rng = random.Random(mix(gseed, 0xB075))  # as simulate.play_game
            while state.phase != "game_over":
                if state.round_actions > MAX_ROUND_ACTIONS or state.round_no > MAX_ROUNDS:
                    raise SystemExit(f"{variant}/{n} game {game}: no end")
                if state.phase == "round_over":
                    state = apply(state, NextRound())
                    continue
                p = state.to_move
                seen = view(state, p)
                if p == h:
                    t0 = clock()
                    action = choose_action("hard", seen, rng)
                    times.append((clock() - t0) * 1000)
                else:
                    action = choose_action("normal", seen, rng)
                state = apply(state, action)
            played += 1
            wins += state.winner == h
    return {"wins": wins, "games": played, "times": times}


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="game seeds per preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--preset", action="append", help="VARIANT/PLAYERS (repeatable; default: the issue's)"
    )
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        variant, n = args.one.split("/")
        json.dump(play(variant, int(n), args.games, args.seed), sys.stdout)
        return 0
    report: dict = {}
    print(f"hard against normal, {args.games} seeds per preset (seats swapped at 2 players), "
          f"seed {args.seed}, fresh process each, GC on, CPU time")
    for preset in args.preset or PRESETS:
        start = time.perf_counter()
        out = subprocess.run(
            [sys.executable, __file__, "--one", preset, "--games", str(args.games),
             "--seed", str(args.seed)],
            capture_output=True, text=True,
        )
        if out.returncode:
            print(f"  {preset}: failed: {out.stderr.strip().splitlines()[-1:]}", flush=True)
            report[preset] = {"error": out.stderr.strip()[-2000:]}
            continue
        r = json.loads(out.stdout)
        n = int(preset.split("/")[1])
        lo, hi = wilson(r["wins"], r["games"])
        rate = r["wins"] / r["games"]
        ordered = sorted(r["times"])
        p50, p99 = quantile(ordered, 0.5), quantile(ordered, 0.99)
        target = TARGETS.get(preset, 1.2 / n if n > 2 else 0.5)
        report[preset] = {
            "games": r["games"], "hard_wins": r["wins"], "win_rate": round(rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)], "even": round(1 / n, 4),
            "target": target, "decisions": len(ordered), "p50_ms": round(p50, 2),
            "p99_ms": round(p99, 2), "max_ms": round(ordered[-1], 2) if ordered else 0,
            "seconds": round(time.perf_counter() - start, 1),
        }
        print(f"  {preset:<22} games {r['games']:>5}  hard {rate:6.1%} [{lo:6.1%}, {hi:6.1%}]"
              f"  (target {target:.0%}, even {1 / n:.0%})  decisions {len(ordered):>7}"
              f"  p50 {p50:7.2f} ms  p99 {p99:7.2f} ms", flush=True)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
