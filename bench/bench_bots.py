#!/usr/bin/env python3
"""Benchmark: the computer players against each other and against an outside yardstick, the
MinDist agent of bench/mindist_agent.py (issues 15 and 29), with 95% intervals; the whole
turn's thinking time; and a MinDist grading of the bots' decisions.

    nice -n 10 .venv/bin/python bench/bench_bots.py --games 200            # the issue's rows
    nice -n 10 .venv/bin/python bench/bench_bots.py --games 500 --row hard-mindist-indian1
    nice -n 10 .venv/bin/python bench/bench_bots.py --games 100 --row normal-mindist@indian-pool101/2
    nice -n 10 .venv/bin/python bench/bench_bots.py --games 3 --preset remigio-fournier/10
    nice -n 10 .venv/bin/python bench/bench_bots.py --games 200 --grade --row normal-mindist
    nice -n 10 .venv/bin/python bench/bench_bots.py --times --time-games 20
    nice -n 10 .venv/bin/python bench/bench_bots.py --list
    nice -n 10 .venv/bin/python bench/bench_bots.py --games 100 --row hard-mindist-indian1 \
        --set indian_race.ROLL_FEED=0.6      # a bot setting changed for this run (A/B)
    # paired A/B: each game's result kept, then the two runs compared game by game
    nice -n 10 .venv/bin/python bench/bench_bots.py --games 500 --row hard-mindist-indian1 \
        --each a.txt
    nice -n 10 .venv/bin/python bench/bench_bots.py --games 500 --row hard-mindist-indian1 \
        --set indian_race.CANDIDATES=4 --each b.txt
    .venv/bin/python bench/bench_bots.py --compare a.txt b.txt

Rows (``--row NAME``, repeatable; default: every row of the issue, and those of the strict
MinDist agent, the agent's other reading): two sides at a preset.
At 2 players each game seed (``simulate``'s game seeds from ``--seed``) is played twice, once
with the first side in each seat, so both meet the same deals: ``--games N`` gives 2N games.
At N players one seat of the first side plays N-1 of the second, its seat turning with the
game number (N games); an even share of the wins is 1/N. Each win rate is the first side's,
with its 95% (Wilson) interval; a game nobody wins counts as not won.

``--grade`` (Indian rows): every decision of the first side graded by MinDist (the least
number of cards to replace for a declaration, bench/mindist_agent.py): the share of its
discards that leave it further from a declaration than its best discard; of the open cards
it could take, the share it took that bring it no closer, and that it passed that would
bring it closer; its average MinDist after its 1st and 4th turns against the second side's;
the share of its losses in which it ended 2 or more cards from declaring. On the Remigio
rows, by the distance to closing (bench/grade_remigio.py): the discards further than the
best, the missed closes, the open cards taken no nearer and passed that were nearer.

``--times``: ``hard``'s whole turn (every decision from the draw to the discard, close or
declaration: ``choose_action`` only, ``time.process_time``, GC on, settled as the app does
before its first game: rummy_tui/collector.py) at every preset and table
size of TIME_PRESETS, ``hard`` in one seat and ``normal`` in the others, after one untimed
game; p50, p99 and max of ``hard``'s turns and of ``normal``'s. Targets (issue 29):
``hard`` p99 <= 100 ms and max <= 150 ms, ``normal`` p99 <= 2 ms.

``--set MODULE.NAME=VALUE`` (repeatable): a setting of a module of rummy_tui/core/bots
(``indian_race.ROLLS=24``; a dict entry as ``hard_multi.P.race=False``), set to a Python
literal in each row's process before it plays: to compare a setting against the code's
own on the same seeds.

Each row runs in a fresh process. Ends with one JSON line. Run it under ``nice``, one at a
time (the machine is shared).
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # this checkout, not an installed copy
sys.path.insert(0, str(HERE))  # the MinDist agent

ROWS: dict[str, tuple[str, str, str, int, dict[str, Any], float]] = {
    # name: (first side, second side, preset key, players, options, target of the first side)
    "hard-mindist-indian1": ("hard", "mindist", "indian-points", 2, {"decks": 1}, 0.60),
    "hard-mindist-indian2": ("hard", "mindist", "indian-points", 2, {"decks": 2}, 0.60),
    "normal-mindist": ("normal", "mindist", "indian-points", 2, {}, 0.50),
    # the MinDist agent's other reading (bench/mindist_agent.py: choose_strict)
    "hard-strictmindist-indian1": ("hard", "strictmindist", "indian-points", 2, {"decks": 1}, 0.60),
    "hard-strictmindist-indian2": ("hard", "strictmindist", "indian-points", 2, {"decks": 2}, 0.60),
    "normal-strictmindist": ("normal", "strictmindist", "indian-points", 2, {}, 0.50),
    "easy-minscore": ("easy", "minscore", "indian-points", 2, {}, 0.50),
    "hard-normal-rummy": ("hard", "normal", "rummy", 2, {}, 0.60),
    "hard-normal-remi": ("hard", "normal", "remi", 2, {}, 0.60),
    "hard-normal-remigio": ("hard", "normal", "remigio", 2, {}, 0.60),
    "hard-normal-fournier": ("hard", "normal", "remigio-fournier", 2, {}, 0.60),
    "hard-normal-indian-points": ("hard", "normal", "indian-points", 2, {}, 0.60),
    "hard-normal-indian-pool101": ("hard", "normal", "indian-pool101", 2, {}, 0.60),
    "hard-normal-indian-pool201": ("hard", "normal", "indian-pool201", 2, {}, 0.60),
    "hard-normal-indian-deals": ("hard", "normal", "indian-deals", 2, {}, 0.60),
    "hard-3normal-rummy": ("hard", "normal", "rummy", 4, {}, 0.35),
    "hard-3normal-indian": ("hard", "normal", "indian-points", 4, {}, 0.35),
    "hard-3normal-remigio": ("hard", "normal", "remigio", 4, {}, 0.35),
}

TIME_PRESETS = [
    ("rummy", 2), ("rummy", 4), ("remi", 2), ("remi", 4), ("remigio", 2), ("remigio", 6),
    ("remigio-fournier", 4), ("remigio-fournier", 10), ("indian-points", 2),
    ("indian-points", 6), ("indian-pool101", 2), ("indian-deals", 2),
]

AGENTS = ("mindist", "minscore", "strictmindist")
"""The agents of bench/ (mindist_agent.CHOOSERS, imported only when one plays)."""


def _chooser(kind: str) -> Any:
    """``choose(view, rng) -> Action`` for a bot kind of the game or an agent of bench/."""
    if kind in AGENTS:
        import mindist_agent

        return mindist_agent.CHOOSERS[kind]
    from rummy_tui.core.bots import choose_action

    return lambda v, rng: choose_action(kind, v, rng)


def _preset(key: str) -> tuple[str, dict[str, Any]]:
    """A preset's variant and options; a variant's name also does (its default options)."""
    from rummy_tui.core.registry import presets

    for p in presets():
        if p.key == key:
            return p.variant, dict(p.options)
    for p in presets():
        if p.variant == key:
            return p.variant, {}
    raise SystemExit(f"unknown preset {key!r}")


def row_of(name: str) -> tuple[str, str, str, int, dict[str, Any], float]:
    """A row by its name in ROWS, or any pairing written FIRST-SECOND@PRESET/PLAYERS (such as
    ``normal-mindist@indian-points/2``, ``hard-normal@remi/4``; the bench's own ``--preset
    P/N`` is ``hard-normal@P/N``); the sides: easy, normal, hard, mindist, minscore,
    strictmindist."""
    if name in ROWS:
        return ROWS[name]
    try:
        sides, where = name.split("@")
        first, second = sides.split("-")
        preset, n = where.rsplit("/", 1)
        players = int(n)
    except ValueError:
        raise SystemExit(f"unknown row {name!r} (see --list)") from None
    for side in (first, second):
        if side not in ("easy", "normal", "hard", *AGENTS):
            raise SystemExit(f"unknown side {side!r} in {name!r}")
    _preset(preset)
    return (first, second, preset, players, {}, 0.6 if players == 2 else 1.2 / players)


def apply_settings(settings: list[str]) -> None:
    """``MODULE.NAME=VALUE`` (or ``MODULE.DICT.KEY=VALUE``) set in rummy_tui.core.bots."""
    import ast
    import importlib

    for item in settings:
        try:
            where, literal = item.split("=", 1)
            module, *names = where.split(".")
            if not names:
                raise ValueError(item)
            value = ast.literal_eval(literal)
            target: Any = importlib.import_module(f"rummy_tui.core.bots.{module}")
        except (ValueError, SyntaxError, ImportError):
            raise SystemExit(f"bad --set {item!r} (MODULE.NAME=LITERAL)") from None
        for name in names[:-1]:
            target = getattr(target, name, None)
        known = names[-1] in target if isinstance(target, dict) else hasattr(target, names[-1])
        if target is None or not known:
            raise SystemExit(f"bad --set {item!r}: no such setting")
        if isinstance(target, dict):
            target[names[-1]] = value
        else:
            setattr(target, names[-1], value)


def play_game(
    variant: str, options: dict[str, Any], kinds: list[str], gseed: int,
    choose: dict[str, Any], visit: Any = None, label: str = "game",
) -> Any:
    """One game, seat ``q`` played by ``choose[kinds[q]]``, its random stream as
    ``simulate.play_game`` seeds it; the final state. ``visit(state, seen, action)`` is
    called before each choice (``action`` None: the true hands as they are) and after it."""
    import random

    from rummy_tui.core.engine import apply, new_game, view
    from rummy_tui.core.seats import mix
    from rummy_tui.core.simulate import MAX_ROUND_ACTIONS, MAX_ROUNDS
    from rummy_tui.core.state import NextRound, PlayerSpec

    specs = [
        PlayerSpec(f"P{q + 1}", k if k not in AGENTS else "normal")  # type: ignore[arg-type]
        for q, k in enumerate(kinds)
    ]
    state = new_game(variant, specs, seed=gseed, options=options)
    rng = random.Random(mix(gseed, 0xB075))  # as simulate.play_game
    while state.phase != "game_over":
        if state.round_actions > MAX_ROUND_ACTIONS or state.round_no > MAX_ROUNDS:
            raise SystemExit(f"{label}: no end")
        if state.phase == "round_over":
            state = apply(state, NextRound())
            continue
        seen = view(state, state.to_move)
        if visit is not None:
            visit(state, seen, None)
        action = choose[kinds[state.to_move]](seen, rng)
        if visit is not None:
            visit(state, seen, action)
        state = apply(state, action)
    return state


def _grader_module(variant: str) -> Any:
    """The grading of a variant's decisions (``--grade``): by MinDist in Indian, by the
    distance to closing in Remigio; None elsewhere."""
    import importlib

    if variant == "indian":
        return importlib.import_module("grade_mindist")
    if variant.startswith("remigio"):
        return importlib.import_module("grade_remigio")
    return None


def _grader(variant: str) -> Any:
    module = _grader_module(variant)
    return None if module is None else module.Grader()


def play_row(name: str, games: int, seed: int, grade: bool) -> dict[str, Any]:
    """Play a row in this process: the first side's wins and games, and the grading."""
    from rummy_tui.core.simulate import game_seed

    first, second, preset, n, extra, _ = row_of(name)
    variant, options = _preset(preset)
    options.update(extra)
    choose = {first: _chooser(first), second: _chooser(second)}
    grader = _grader(variant) if grade else None
    wins = played = 0
    each = []
    for game in range(1, games + 1):
        gseed = game_seed(seed, game)
        for h in ([0, 1] if n == 2 else [(game - 1) % n]):
            kinds = [second] * n
            kinds[h] = first
            visit = None
            if grader is not None:
                grader.new_game()

                def visit(state: Any, seen: Any, action: Any, h: int = h) -> None:
                    if action is not None:
                        grader.decision(seen, action, mine=seen.player == h)

            state = play_game(variant, options, kinds, gseed, choose, visit, f"{name} game {game}")
            played += 1
            wins += state.winner == h
            each.append((game, h, int(state.winner == h)))
            if grader is not None:
                grader.end(state, h)
    out: dict[str, Any] = {"wins": wins, "games": played, "each": each}
    if grader is not None:
        out["grade"] = grader.report()
    return out


def play_times(variant_key: str, n: int, games: int, seed: int) -> dict[str, Any]:
    """``hard``'s and ``normal``'s whole turns (CPU ms) over ``games`` games, one ``hard``."""
    import random

    from rummy_tui.collector import settle_collector
    from rummy_tui.core.bots import choose_action
    from rummy_tui.core.engine import apply, new_game, view
    from rummy_tui.core.seats import mix
    from rummy_tui.core.simulate import game_seed
    from rummy_tui.core.state import NextRound, PlayerSpec

    settle_collector()  # as the app does before its first game (imports out of the GC's reach)
    variant, options = _preset(variant_key)
    clock = time.process_time
    turns: dict[str, list[float]] = {"hard": [], "normal": []}
    for game in range(0, games + 1):  # game 0: untimed, builds the tables once
        gseed = game_seed(seed, game + 1)
        h = game % n
        kinds = ["normal"] * n
        kinds[h] = "hard"
        specs = [PlayerSpec(f"P{q + 1}", k) for q, k in enumerate(kinds)]  # type: ignore[arg-type]
        state = new_game(variant, specs, seed=gseed, options=options)
        rng = random.Random(mix(gseed, 0xB075))
        current: int | None = None
        spent = 0.0
        while state.phase != "game_over":
            if state.phase == "round_over":
                state = apply(state, NextRound())
                continue
            p = state.to_move
            if state.phase == "draw" and current is not None:
                if game:
                    turns[kinds[current]].append(spent)
                current, spent = None, 0.0
            if current is None:
                current = p
            t0 = clock()
            action = choose_action(kinds[p], view(state, p), rng)
            spent += (clock() - t0) * 1000
            state = apply(state, action)
            if state.phase != "play" or state.to_move != p:
                if game:
                    turns[kinds[p]].append(spent)
                current, spent = None, 0.0
    return turns


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _run(args: list[str]) -> tuple[dict[str, Any] | None, str]:
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True)
    if out.returncode:
        return None, (out.stderr.strip().splitlines() or ["exit " + str(out.returncode)])[-1]
    return json.loads(out.stdout), ""


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="game seeds per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--row", action="append", help="a row's name (repeatable; --list), "
                        "or FIRST-SECOND@PRESET/PLAYERS")
    parser.add_argument("--preset", action="append", help="PRESET/PLAYERS: hard vs normal there")
    parser.add_argument("--grade", action="store_true",
                        help="grade decisions by MinDist (Indian) or the distance to closing "
                             "(Remigio)")
    parser.add_argument("--times", action="store_true", help="the whole-turn times instead")
    parser.add_argument("--time-games", type=int, default=20, help="games per timed preset")
    parser.add_argument("--time-preset", action="append", help="PRESET/PLAYERS to time")
    parser.add_argument("--list", action="store_true", help="list the rows and stop")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="a bot setting for this run (repeatable)")
    parser.add_argument("--each", metavar="FILE",
                        help="append each game's result to FILE (row, game, seat, won)")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"),
                        help="two --each files compared game by game, and stop")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    parser.add_argument("--one-times", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.list:
        for name, (a, b, preset, n, extra, target) in ROWS.items():
            print(f"{name:<28} {a} vs {b}, {preset}/{n} {extra or ''} target {target:.0%}")
        return 0
    if args.compare:
        return compare(*args.compare)
    apply_settings(args.set)
    if args.one:
        json.dump(play_row(args.one, args.games, args.seed, args.grade), sys.stdout)
        return 0
    if args.one_times:
        key, n = args.one_times.rsplit("/", 1)
        json.dump(play_times(key, int(n), args.time_games, args.seed), sys.stdout)
        return 0
    report: dict[str, Any] = {"seed": args.seed, "set": args.set}
    if args.times:
        return _times(args, report)
    names = (args.row or []) + [f"hard-normal@{p}" for p in args.preset or []]
    names = names or list(ROWS)
    for name in names:
        row_of(name)
    print(f"{args.games} game seeds per row (seats swapped at 2 players), seed {args.seed}, "
          "fresh process each; first side's wins, 95% Wilson interval")
    for name in names:
        first, second, preset, n, extra, target = row_of(name)
        start = time.perf_counter()
        cmd = ["--one", name, "--games", str(args.games), "--seed", str(args.seed)]
        cmd += [f"--set={item}" for item in args.set]
        r, err = _run(cmd + (["--grade"] if args.grade else []))
        if r is None:
            print(f"  {name}: failed: {err}", flush=True)
            report[name] = {"error": err}
            continue
        if args.each:
            with open(args.each, "a", encoding="utf-8") as f:
                f.writelines(f"{name} {g} {h} {w}\n" for g, h, w in r["each"])
        lo, hi = wilson(r["wins"], r["games"])
        rate = r["wins"] / r["games"]
        report[name] = {
            "first": first, "second": second, "preset": preset, "players": n,
            "options": extra, "games": r["games"], "wins": r["wins"],
            "win_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)],
            "target": round(target, 4), "seconds": round(time.perf_counter() - start, 1),
        }
        label = f"{first} vs {second}, {preset}/{n}{' ' + str(extra) if extra else ''}"
        print(f"  {label:<52} games {r['games']:>5}  {first} {rate:6.1%} "
              f"[{lo:6.1%}, {hi:6.1%}]  (target {target:.0%})", flush=True)
        if "grade" in r:
            report[name]["grade"] = r["grade"]
            describe = _grader_module(_preset(preset)[0]).describe
            for line in describe(r["grade"], first, second):
                print("      " + line, flush=True)
    print(json.dumps(report))
    return 0


def compare(a_file: str, b_file: str) -> int:
    """Two ``--each`` files game by game, for each row both played: the win rates on the
    games both hold, the difference in points with its standard error (from the games that
    only one side of the comparison won: sqrt(lost + won) / n), and those counts."""
    def load(path: str) -> dict[tuple[str, int, int], int]:
        try:
            with open(path, encoding="utf-8") as f:
                rows = [line.split() for line in f if line.strip()]
            return {(r[0], int(r[1]), int(r[2])): int(r[3]) for r in rows}
        except (OSError, ValueError, IndexError) as e:
            raise SystemExit(f"bench_bots: cannot read {path}: {e}") from None

    a, b = load(a_file), load(b_file)
    for name in sorted({k[0] for k in a} & {k[0] for k in b}):
        keys = [k for k in a if k[0] == name and k in b]
        n = len(keys)
        lost = sum(1 for k in keys if a[k] and not b[k])
        won = sum(1 for k in keys if b[k] and not a[k])
        ra, rb = sum(a[k] for k in keys) / n, sum(b[k] for k in keys) / n
        print(f"{name}: {n} games, A {ra:.1%}, B {rb:.1%}, B - A {100 * (rb - ra):+.1f} points "
              f"(s.e. {100 * math.sqrt(lost + won) / n:.1f}), won by A only {lost}, B only {won}")
    return 0


def _times(args: argparse.Namespace, report: dict[str, Any]) -> int:
    todo = [(k, int(n)) for k, n in (p.rsplit("/", 1) for p in args.time_preset)] \
        if args.time_preset else TIME_PRESETS
    print(f"whole-turn CPU time (GC on), {args.time_games} games per preset after one untimed, "
          "one hard seat, the others normal, fresh process each")
    for key, n in todo:
        r, err = _run(["--one-times", f"{key}/{n}", "--time-games", str(args.time_games),
                       "--seed", str(args.seed), *[f"--set={item}" for item in args.set]])
        if r is None:
            print(f"  {key}/{n}: failed: {err}", flush=True)
            report[f"{key}/{n}"] = {"error": err}
            continue
        hard, normal = sorted(r["hard"]), sorted(r["normal"])
        row = {
            "hard_turns": len(hard), "hard_p50_ms": round(quantile(hard, 0.5), 2),
            "hard_p99_ms": round(quantile(hard, 0.99), 2),
            "hard_max_ms": round(hard[-1], 2) if hard else 0,
            "normal_turns": len(normal), "normal_p50_ms": round(quantile(normal, 0.5), 3),
            "normal_p99_ms": round(quantile(normal, 0.99), 3),
            "normal_max_ms": round(normal[-1], 3) if normal else 0,
        }
        report[f"{key}/{n}"] = row
        print(f"  {key + '/' + str(n):<22} hard turns {row['hard_turns']:>6}  p50 "
              f"{row['hard_p50_ms']:7.2f}  p99 {row['hard_p99_ms']:7.2f}  max "
              f"{row['hard_max_ms']:7.2f} ms   normal p50 {row['normal_p50_ms']:6.3f}  p99 "
              f"{row['normal_p99_ms']:6.3f}  max "
              f"{row['normal_max_ms']:6.3f} ms", flush=True)
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
