"""Benchmark of save files (issue 5): a game with 50 rounds of history, autosaved and loaded.

Targets: an autosave (build the JSON, write a temporary file, fsync, keep the backup,
os.replace, fsync the folder) in 20 ms or less, and a load (read, parse, validate the
types, rebuild the GameState, check the invariants) in 50 ms or less.

    /work/venv/bin/python bench/bench_saves.py [--rounds 50] [--variant rummy] [--repeat 200]

Prints p50 / p99 / max for each step and one JSON line at the end. The saves are written to
a temporary folder on the same disk as the current directory (fsync cost is the disk's).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

from rummy_tui import saves
from rummy_tui.core.bots import choose_action
from rummy_tui.core.engine import apply, mix, new_game, view
from rummy_tui.core.options import make_options
from rummy_tui.core.state import GameState, PlayerSpec

SEATS = {
    "rummy": 4, "remi": 4, "remigio": 6, "remigio-fournier": 10, "indian": 6,
}
LONG_GAME = {
    # options that let a game run to at least the wanted number of rounds
    "rummy": {"target": 100_000},
    "remi": {"target": 100_000},
    "remigio": {"eliminate_at": 100_000},
    "remigio-fournier": {"target": 100_000},
    "indian": {"format": "deals", "deals": 6},  # at most 6 deals: use another variant for 50
}


def long_game(variant: str, rounds: int, seed: int = 1) -> GameState:
    """A game in its (rounds + 1)th round, with ``rounds`` rounds of history and its log."""
    n = SEATS[variant]
    state = new_game(variant, [PlayerSpec(f"Player {i + 1}", "normal") for i in range(n)],
                     seed=seed, options=make_options(variant, LONG_GAME[variant]))
    while len(state.history) < rounds and state.phase != "game_over":
        p = state.to_move
        rng = random.Random(mix(state.seed, 0xB07, state.actions))
        state = apply(state, choose_action("normal", view(state, p), rng))
    # a few moves into the next round, so the save is mid-turn like a real autosave
    for _ in range(5):
        if state.phase == "game_over":
            break
        p = state.to_move
        rng = random.Random(mix(state.seed, 0xB07, state.actions))
        state = apply(state, choose_action("normal", view(state, p), rng))
    return state


def _stats(samples: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in samples)
    return {
        "p50_ms": round(statistics.median(ms), 3),
        "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 3),
        "max_ms": round(ms[-1], 3),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--variant", default="rummy", choices=sorted(SEATS))
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()

    t0 = time.perf_counter()
    state = long_game(args.variant, args.rounds)
    print(f"game: {args.variant}, {len(state.players)} players, {len(state.history)} rounds "
          f"of history, {len(state.log)} log lines (built in {time.perf_counter() - t0:.1f} s)")

    with tempfile.TemporaryDirectory(dir=".") as tmp:
        path = Path(tmp) / "bench.json"
        saves.save_game(state, path)
        size = path.stat().st_size
        dumps_t, save_t, load_t = [], [], []
        for _ in range(args.repeat):
            a = time.perf_counter()
            saves.dumps(state)
            b = time.perf_counter()
            saves.save_game(state, path)
            c = time.perf_counter()
            loaded = saves.load_game(path)
            d = time.perf_counter()
            dumps_t.append(b - a)
            save_t.append(c - b)
            load_t.append(d - c)
        assert loaded == state

    result = {
        "variant": args.variant,
        "rounds": len(state.history),
        "log_lines": len(state.log),
        "bytes": size,
        "json_only": _stats(dumps_t),
        "autosave": _stats(save_t),
        "load": _stats(load_t),
        "targets_ms": {"autosave": 20, "load": 50},
    }
    result["ok"] = result["autosave"]["p50_ms"] <= 20 and result["load"]["p50_ms"] <= 50
    print(f"file: {size / 1024:.0f} KB")
    for key in ("json_only", "autosave", "load"):
        s = result[key]
        print(f"{key:>9}: p50 {s['p50_ms']:.2f} ms  p99 {s['p99_ms']:.2f} ms  "
              f"max {s['max_ms']:.2f} ms")
    print(json.dumps(result))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
