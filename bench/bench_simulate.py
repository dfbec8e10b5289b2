"""Benchmark: ``rummy-tui simulate`` against RLCard's gin-rummy env, and the normal bot's turn.

    /work/venv/bin/python bench/bench_simulate.py                # both parts
    /work/venv/bin/python bench/bench_simulate.py --seconds 20   # longer runs
    /work/venv/bin/python bench/bench_simulate.py --no-rlcard    # ours only
    /work/venv/bin/python bench/bench_simulate.py --no-bots      # throughput only

Part 1 (issue 3, "Speed"): easy bots on 2-player Basic Rummy through ``core.simulate`` (the
code behind ``rummy-tui simulate``: views, bot choices, ``apply`` and the invariant checks
after every action) against RLCard's ``gin-rummy`` environment driven by two
``RandomAgent``s (``env.step`` per decision), side by side in one run, each for the same
wall time. RLCard is not a project dependency: it lives in ``bench/.venv-rlcard``
(git-ignored), made on first use, and runs in a subprocess. Target: ours >= 2x.

Part 2: the time a ``normal`` bot takes for a whole turn (all its decisions from the draw
to the discard, close or declaration), over whole games of every preset. Target: p99 <= 50 ms.

Part 3 (issue 10), with ``--indian``: ``core.simulate`` on 2-player Indian (Points) with easy
bots, ``--indian`` games from seed 1, in CPU time (``time.process_time``: the cores are
shared, so the wall clock is noisy), each run a fresh process with the collector on. With
``--against DIR`` (another checkout, e.g. ``git worktree add /tmp/sim-base 099b702^``, the
code when issue 10 was filed) the same games run there too, the two alternating
``--rounds`` times, and the ratio of the medians is printed. Target: >= 3x that baseline.
Part 3 runs this checkout's sources (pure Python); ``--installed`` runs the package installed
in the Python that runs the script instead (a ``pip install .`` build compiles the search
with mypyc, see setup.py).

    /work/venv/bin/python bench/bench_simulate.py --no-rummy --no-bots --indian 300 \
        --against /tmp/sim-base

Ends with one JSON line; exits 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

RLCARD_SIDE = r"""
import json, sys, time
import numpy as np
import rlcard
from rlcard.agents import RandomAgent

seconds = float(sys.argv[1])
env = rlcard.make("gin-rummy", config={"seed": 0})
np.random.seed(0)
agents = [RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)]
env.set_agents(agents)
decisions = games = 0
start = time.perf_counter()
while time.perf_counter() - start < seconds:
    state, player = env.reset()
    while not env.is_over():
        action = agents[player].step(state)
        state, player = env.step(action)
        decisions += 1
    games += 1
elapsed = time.perf_counter() - start
print(json.dumps({"decisions": decisions, "games": games, "seconds": elapsed,
                  "decisions_per_second": decisions / elapsed}))
"""


def rlcard_python() -> Path:
    venv = HERE / ".venv-rlcard"
    python = venv / "bin" / "python"
    if not python.exists():
        print("setting up RLCard in bench/.venv-rlcard ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "rlcard"], check=True)
    return python


def time_rlcard(seconds: float) -> dict:
    out = subprocess.run(
        [str(rlcard_python()), "-c", RLCARD_SIDE, str(seconds)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def time_ours(seconds: float, seed: int = 1) -> dict:
    from rummy_tui.core.simulate import simulate

    simulate("rummy", 2, 3, seed=seed + 999)  # warm the caches and the imports
    actions = games = 0
    elapsed = 0.0
    batch = 0
    while elapsed < seconds:
        batch += 1
        result = simulate("rummy", 2, 20, seed=seed + batch)
        if result.violation is not None:
            raise SystemExit(f"violation: {result.violation}")
        actions += result.actions
        games += result.games
        elapsed += result.seconds
    return {
        "actions": actions,
        "games": games,
        "seconds": elapsed,
        "actions_per_second": actions / elapsed,
    }


PRESETS = [
    ("rummy", 2), ("rummy", 4), ("rummy", 6),
    ("remi", 2), ("remi", 4),
    ("remigio", 2), ("remigio", 6),
    ("remigio-fournier", 4), ("remigio-fournier", 10),
    ("indian", 2), ("indian", 6),
]


def time_normal_turns(games: int) -> dict:
    """Per-turn thinking time of normal bots (ms), over whole games of every preset."""
    from rummy_tui.core.bots import choose_action
    from rummy_tui.core.engine import apply, new_game, view
    from rummy_tui.core.simulate import MAX_ROUND_ACTIONS
    from rummy_tui.core.state import NextRound, PlayerSpec

    per_variant: dict[str, list[float]] = {}
    for variant, n in PRESETS:
        times = per_variant.setdefault(f"{variant}/{n}", [])
        for game in range(games):
            state = new_game(variant, [PlayerSpec(f"P{i}", "normal") for i in range(n)], seed=game)
            rng = random.Random(game)
            turn_ms = 0.0
            mover = state.to_move
            while state.phase != "game_over" and state.round_actions < MAX_ROUND_ACTIONS:
                if state.phase == "round_over":
                    state = apply(state, NextRound())
                    continue
                if state.to_move != mover or state.phase == "draw" and turn_ms:
                    times.append(turn_ms)
                    turn_ms = 0.0
                    mover = state.to_move
                t0 = time.perf_counter()
                action = choose_action("normal", view(state, state.to_move), rng)
                turn_ms += (time.perf_counter() - t0) * 1000
                state = apply(state, action)
            if turn_ms:
                times.append(turn_ms)
    summary = {}
    everything: list[float] = []
    for key, times in per_variant.items():
        everything += times
        summary[key] = _stats(times)
    summary["all"] = _stats(everything)
    return summary


INDIAN_SIDE = r"""
import json, sys, time
if sys.argv[1]:  # a checkout; else the installed package
    sys.path.insert(0, sys.argv[1])
from rummy_tui.core.simulate import simulate
games, seed = int(sys.argv[2]), int(sys.argv[3])
t0 = time.process_time()
result = simulate("indian", 2, games, seed, None, ["easy"])
cpu = time.process_time() - t0
print(json.dumps({"actions": result.actions, "games": games, "cpu_seconds": cpu,
                  "violations": result.invariant_violations,
                  "actions_per_cpu_second": result.actions / cpu}))
"""


def time_indian(checkout: Path | str, games: int, seed: int = 1) -> dict:
    """2-player Indian, easy bots, in a fresh process with ``checkout`` first on the path
    (``""``: the package installed in this Python)."""
    out = subprocess.run(
        [sys.executable, "-c", INDIAN_SIDE, str(checkout), str(games), str(seed)],
        capture_output=True, text=True, check=True, cwd=HERE,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def indian_part(games: int, against: Path | None, rounds: int, installed: bool = False) -> dict:
    ours: Path | str = "" if installed else HERE.parent
    sides = {"ours": ours} | ({"against": against} if against else {})
    runs: dict[str, list[dict]] = {k: [] for k in sides}
    for _ in range(rounds):
        for key, checkout in sides.items():
            runs[key].append(time_indian(checkout, games))
    out: dict = {}
    for key, rows in runs.items():
        rate = statistics.median(r["actions_per_cpu_second"] for r in rows)
        out[key] = {"actions": rows[0]["actions"], "games": games,
                    "actions_per_cpu_second": round(rate, 1),
                    "runs": [round(r["actions_per_cpu_second"], 1) for r in rows]}
        each = ", ".join(f"{r['actions_per_cpu_second']:,.0f}" for r in rows)
        print(f"indian : {rate:>10,.0f} actions per CPU second ({key}: {sides[key] or 'installed'}, "
              f"{rows[0]['actions']:,} actions in {games} games, runs {each})")
    if against:
        out["ratio"] = round(out["ours"]["actions_per_cpu_second"]
                             / out["against"]["actions_per_cpu_second"], 2)
        print(f"ratio  : {out['ratio']:.2f}x (target >= 3x the code when issue 10 was filed)")
    return out


def _stats(times: list[float]) -> dict:
    ordered = sorted(times)
    p = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {
        "turns": len(ordered),
        "p50_ms": round(statistics.median(ordered), 3),
        "p99_ms": round(p(0.99), 3),
        "max_ms": round(ordered[-1], 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time per side")
    parser.add_argument("--games", type=int, default=4, help="games per preset for part 2")
    parser.add_argument("--no-rlcard", action="store_true")
    parser.add_argument("--no-bots", action="store_true")
    parser.add_argument("--no-rummy", action="store_true", help="skip part 1 (and RLCard)")
    parser.add_argument("--indian", type=int, metavar="GAMES", default=0,
                        help="part 3: this many 2-player Indian games, CPU time")
    parser.add_argument("--against", type=Path, metavar="DIR",
                        help="part 3 also on this checkout (the baseline)")
    parser.add_argument("--rounds", type=int, default=3, help="part 3 runs per side")
    parser.add_argument("--installed", action="store_true",
                        help="part 3: ours is the installed package (compiled, if built so), "
                             "not this checkout")
    args = parser.parse_args()
    report: dict = {}
    ok = True
    if args.indian:
        report["indian"] = indian_part(args.indian, args.against, args.rounds, args.installed)
        if args.against:
            ok &= report["indian"]["ratio"] >= 3.0
    if not args.no_rummy:
        ours = time_ours(args.seconds)
        report["ours"] = ours
        print(
            f"ours   : {ours['actions_per_second']:>10,.0f} actions/s  "
            f"({ours['actions']:,} actions, {ours['games']} games of 2-player rummy, easy bots, "
            f"invariants checked after every action)"
        )
    if not args.no_rummy and not args.no_rlcard:
        rl = time_rlcard(args.seconds)
        report["rlcard"] = rl
        ratio = ours["actions_per_second"] / rl["decisions_per_second"]
        report["ratio"] = round(ratio, 2)
        print(
            f"rlcard : {rl['decisions_per_second']:>10,.0f} decisions/s "
            f"({rl['decisions']:,} decisions, {rl['games']} games of gin-rummy, random agents)"
        )
        print(f"ratio  : {ratio:.2f}x (target >= 2x)")
        ok &= ratio >= 2.0
    if not args.no_bots:
        bots = time_normal_turns(args.games)
        report["normal_turn_ms"] = bots
        print("normal bot, one whole turn (ms):")
        for key, s in bots.items():
            print(f"  {key:<22} turns {s['turns']:>6}  p50 {s['p50_ms']:>7.3f}  "
                  f"p99 {s['p99_ms']:>7.3f}  max {s['max_ms']:>8.3f}")
        print(f"p99 over all presets: {bots['all']['p99_ms']} ms (target <= 50 ms)")
        ok &= bots["all"]["p99_ms"] <= 50.0
    report["ok"] = ok
    print(json.dumps(report))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
