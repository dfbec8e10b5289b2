#!/usr/bin/env python3
"""Benchmark of the arrangement search (issues 2 and 10): per-hand times as a player meets them.

    python bench/bench_arrange.py                 # everything, RLCard side by side
    python bench/bench_arrange.py --hands 4000 --seed 7
    python bench/bench_arrange.py --no-rlcard     # only ours
    python bench/bench_arrange.py --openspiel     # also OpenSpiel's C++ min_deadwood, if it installs
    python bench/bench_arrange.py --installed     # the installed package, not this checkout

By default it times this checkout's sources: pure Python. ``--installed`` times the package as
installed in the Python that runs it. A ``pip install .`` build (the README's) compiles the
search with mypyc (setup.py); an editable install is the checkout again. The first line of the
report says which it timed.

Run it with the project's Python (the package installed). Every set of hands is timed in a
fresh process, the garbage collector on, after a warm-up of at most 50 other hands, and each
hand is timed once: what a player meets, table building and collections included. Sets, dealt
from a seeded generator:

- rummy: 10-card one-deck hands, half random, half meld-rich (two or three runs and sets, the
  rest random). Timed the same way with RLCard's gin-rummy ``melding.get_best_meld_clusters``
  plus its deadwood count, on the same hands. RLCard is not a project dependency: this script
  makes a venv of its own for it (``bench/.venv-rlcard``, git-ignored) and runs it in a
  subprocess. Both sides must find the same deadwood on every hand, or the script fails.
- indian: 13-card hands from two decks of 52 + 1 printed joker, the wild rank drawn from the
  rest of the deck as in a real deal; meld-rich ones (two or three runs or sets, some with a
  joker or a wild card); and hands holding 6 to 10 jokers and wild cards.
- remigio: 10-card meld-rich hands from 2 x 52 + 4 jokers, some melds with a joker.

Our times are for the public call ``rummy_tui.arrange(codes, variant, wild=...)``, card
parsing and checks included, plus reading ``.melds``, ``.deadwood`` and ``.penalty``.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if "--installed" not in sys.argv:
    sys.path.insert(0, str(HERE.parent))  # this checkout, not an installed copy
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
DECK52 = [r + s for s in SUITS for r in RANKS]


def rummy_hands(rng: random.Random, n: int) -> list[list[str]]:
    """Half random, half meld-rich 10-card hands from one deck."""
    hands = []
    for i in range(n):
        if i % 2 == 0:
            hands.append(rng.sample(DECK52, 10))
            continue
        hand: list[str] = []
        for _ in range(rng.choice((2, 3))):
            if rng.random() < 0.5:
                suit = rng.choice(SUITS)
                start = rng.randrange(0, 11)
                length = rng.choice((3, 3, 4, 5))
                meld = [RANKS[r] + suit for r in range(start, min(13, start + length))]
            else:
                rank = rng.choice(RANKS)
                meld = [rank + s for s in rng.sample(SUITS, rng.choice((3, 3, 4)))]
            for card in meld:
                if card not in hand and len(hand) < 10:
                    hand.append(card)
        rest = [c for c in DECK52 if c not in hand]
        hand += rng.sample(rest, 10 - len(hand))
        rng.shuffle(hand)
        hands.append(hand)
    return hands


def indian_deck() -> list[str]:
    return (DECK52 + ["JK"]) * 2


def indian_hands(rng: random.Random, n: int) -> list[tuple[list[str], str]]:
    hands = []
    for _ in range(n):
        deck = indian_deck()
        rng.shuffle(deck)
        hand, wild_card = deck[:13], deck[13]
        wild = "A" if wild_card == "JK" else wild_card[:-1]  # a printed joker makes aces wild
        hands.append((hand, wild))
    return hands


def joker_heavy_hands(rng: random.Random, n: int) -> list[tuple[list[str], str]]:
    hands = []
    for _ in range(n):
        wild = rng.choice(RANKS)
        flexible = [wild + s for s in SUITS] * 2 + ["JK", "JK"]
        plain = [c for c in indian_deck() if c != "JK" and c[:-1] != wild]
        k = rng.randint(6, 10)
        hand = rng.sample(flexible, k) + rng.sample(plain, 13 - k)
        rng.shuffle(hand)
        hands.append((hand, wild))
    return hands


def _meld(rng: random.Random, wild: str | None, jokers: bool) -> list[str]:
    """One run (maybe with a joker in it) or one set, as card codes."""
    if rng.random() < 0.6:
        suit = rng.choice(SUITS)
        length = rng.choice((3, 3, 4, 4, 5))
        start = rng.randrange(0, 14 - length)
        meld = [RANKS[r] + suit for r in range(start, start + length)]
    else:
        rank = rng.choice(RANKS)
        meld = [rank + s for s in rng.sample(SUITS, rng.choice((3, 3, 4)))]
    if jokers and rng.random() < 0.4:
        meld[rng.randrange(len(meld))] = "JK" if wild is None or rng.random() < 0.5 else (
            wild + rng.choice(SUITS)
        )
    return meld


def rich_hands(
    rng: random.Random, n: int, size: int, deck: list[str], melds: tuple[int, ...], wild: bool
) -> list[tuple[list[str], str | None]]:
    """Meld-rich hands: a few runs and sets (some with a joker or wild card), the rest dealt
    from what is left of the deck."""
    hands = []
    for _ in range(n):
        w = rng.choice(RANKS) if wild else None
        left = list(deck)
        hand: list[str] = []
        for _ in range(rng.choice(melds)):
            for card in _meld(rng, w, True):
                if card in left and len(hand) < size:
                    left.remove(card)
                    hand.append(card)
        rng.shuffle(left)
        hand += left[: size - len(hand)]
        rng.shuffle(hand)
        hands.append((hand, w))
    return hands


def indian_rich_hands(rng: random.Random, n: int) -> list[tuple[list[str], str | None]]:
    """13 cards, 2 x (52 + 1), a wild rank: two or three runs or sets, some with jokers."""
    return rich_hands(rng, n, 13, indian_deck(), (2, 3, 3), True)


def remigio_rich_hands(rng: random.Random, n: int) -> list[list[str]]:
    """10 cards, 2 x 52 + 4 jokers: two or three runs or sets, some with jokers."""
    deck = DECK52 * 2 + ["JK"] * 4
    return [h for h, _ in rich_hands(rng, n, 10, deck, (2, 3, 3), False)]


SETS = {
    "rummy": lambda rng, n: [(h, "rummy", None) for h in rummy_hands(rng, n)],
    "indian": lambda rng, n: [(h, "indian", w) for h, w in indian_hands(rng, n)],
    "indian-rich": lambda rng, n: [(h, "indian", w) for h, w in indian_rich_hands(rng, n)],
    "indian-jokers": lambda rng, n: [(h, "indian", w) for h, w in joker_heavy_hands(rng, n)],
    "remigio-rich": lambda rng, n: [(h, "remigio", None) for h in remigio_rich_hands(rng, n)],
}
WARM_UP = 50


def time_set(name: str, n: int, seed: int) -> dict:
    """In this (fresh) process: warm up on 50 other hands, then time each hand once, GC on."""
    from rummy_tui import arrange
    from rummy_tui.collector import settle_collector

    settle_collector()  # as the programs do: the imports frozen out of the collector's reach
    jobs = SETS[name](random.Random(f"{seed}-{name}"), n)
    warm = SETS[name](random.Random(f"{seed}-{name}-warm"), WARM_UP)
    clock, cpu = time.perf_counter_ns, time.thread_time_ns
    for cards, variant, wild in warm:
        arrange(cards, variant, wild).penalty
    times, cpu_times, penalties = [], [], []
    for cards, variant, wild in jobs:
        c0 = cpu()
        t0 = clock()
        result = arrange(cards, variant, wild)
        result.melds, result.deadwood
        penalty = result.penalty
        times.append((clock() - t0) / 1000)
        cpu_times.append((cpu() - c0) / 1000)
        penalties.append(penalty)
    return {"times": times, "cpu": cpu_times, "penalties": penalties, "gc": gc.isenabled()}


def time_ours(name: str, n: int, seed: int) -> dict:
    """One set in a fresh process of this script."""
    out = subprocess.run(
        [sys.executable, __file__, "--one", name, "--hands", str(n), "--seed", str(seed)]
        + (["--installed"] if "--installed" in sys.argv else []),
        capture_output=True, text=True, check=True,
    )
    return json.loads(out.stdout)


RLCARD_SIDE = r"""
import gc, json, sys, time
from rlcard.games.gin_rummy.utils import melding, utils
hands = json.load(sys.stdin)
warm, timed = hands["warm"], hands["timed"]
def run(hand_texts):
    times, counts = [], []
    clock = time.perf_counter_ns
    for texts in hand_texts:
        hand = [utils.card_from_text(t) for t in texts]  # not timed: RLCard's own Card objects
        t0 = clock()
        best = melding.get_best_meld_clusters(hand)
        if best:
            count = utils.get_deadwood_count(hand, best[0])
        else:
            count = sum(utils.get_deadwood_value(c) for c in hand)
        times.append((clock() - t0) / 1000)
        counts.append(count)
    return times, counts
run(warm)
times, counts = run(timed)
json.dump({"times": times, "counts": counts}, sys.stdout)
"""


def rlcard_python() -> Path:
    venv = HERE / ".venv-rlcard"
    python = venv / "bin" / "python"
    if not python.exists():
        print("setting up RLCard in bench/.venv-rlcard ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "rlcard"], check=True)
    return python


def time_rlcard(warm: list[list[str]], timed: list[list[str]]):
    def text(card: str) -> str:
        return card.replace("10", "T")

    payload = json.dumps(
        {
            "warm": [[text(c) for c in h] for h in warm],
            "timed": [[text(c) for c in h] for h in timed],
        }
    )
    out = subprocess.run(
        [str(rlcard_python()), "-c", RLCARD_SIDE],
        input=payload, capture_output=True, text=True, check=True,
    )
    data = json.loads(out.stdout)
    return data["times"], data["counts"]


OPENSPIEL_SIDE = r"""
import gc, json, sys, time
import pyspiel
from pyspiel import gin_rummy
hands = json.load(sys.stdin)
utils = gin_rummy.GinRummyUtils(13, 4, 10)
def run(hand_ids):
    times, counts = [], []
    clock = time.perf_counter_ns
    for ids in hand_ids:
        t0 = clock()
        count = utils.min_deadwood(ids)
        times.append((clock() - t0) / 1000)
        counts.append(count)
    return times, counts
run(hands["warm"])
times, counts = run(hands["timed"])
json.dump({"times": times, "counts": counts}, sys.stdout)
"""


def time_openspiel(warm: list[list[str]], timed: list[list[str]]):
    python = HERE / ".venv-openspiel" / "bin" / "python"
    if not python.exists():
        print("setting up OpenSpiel in bench/.venv-openspiel ...", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(python.parent.parent)], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "open_spiel"], check=True)

    # OpenSpiel's gin rummy numbers a card rank-major within a suit: suit * 13 + rank,
    # suits in the order s, c, d, h.
    order = {"S": 0, "C": 1, "D": 2, "H": 3}

    def ids(hand: list[str]) -> list[int]:
        return [order[c[-1]] * 13 + RANKS.index(c[:-1]) for c in hand]

    payload = json.dumps(
        {"warm": [ids(h) for h in warm], "timed": [ids(h) for h in timed]}
    )
    out = subprocess.run(
        [str(python), "-c", OPENSPIEL_SIDE], input=payload, capture_output=True, text=True
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr.strip().splitlines()[-1] if out.stderr else "failed")
    data = json.loads(out.stdout)
    return data["times"], data["counts"]


def what_is_timed() -> str:
    """Which rummy_tui the timings are of: where it is, and whether its search is compiled."""
    out = subprocess.run(
        [sys.executable, "-c", "import rummy_tui.core.arrange.multi as m; print(m.__file__)"],
        capture_output=True, text=True, check=True,
        cwd=HERE,
        env=dict(os.environ, PYTHONPATH="" if "--installed" in sys.argv else str(HERE.parent)),
    ).stdout.strip()
    kind = "compiled with mypyc" if out.endswith((".so", ".pyd")) else "pure Python"
    return f"rummy_tui at {Path(out).parents[3]} (search {kind})"


def stats(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)
    n = len(ordered)
    return ordered[n // 2], ordered[min(n - 1, int(n * 0.99))], ordered[-1]


def row(name: str, times: list[float]) -> str:
    p50, p99, most = stats(times)
    return f"{name:<44} {len(times):>6} {p50:>9.1f} {p99:>9.1f} {most:>10.1f}"


TARGETS = {  # (p50, p99, max) in microseconds, issue 10
    "indian": (60, 400, 5000),
    "indian-rich": (60, 400, 5000),
    "indian-jokers": (150, 1000, 5000),
    "remigio-rich": (60, 400, 5000),
}
LABELS = {
    "rummy": "rummy 10 cards: rummy-tui",
    "indian": "indian 13 cards, 2 decks, wild rank",
    "indian-rich": "indian 13 cards, meld-rich",
    "indian-jokers": "indian 13 cards, 6-10 jokers and wild cards",
    "remigio-rich": "remigio 10 cards, meld-rich with jokers",
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--hands", type=int, default=2000, help="hands per set (default 2000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-rlcard", action="store_true", help="skip the RLCard side")
    parser.add_argument("--openspiel", action="store_true", help="also time OpenSpiel")
    parser.add_argument("--installed", action="store_true",
                        help="time the installed package (compiled, if built so), "
                             "not this checkout")
    parser.add_argument("--one", choices=sorted(SETS), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:  # the child process of one set
        json.dump(time_set(args.one, args.hands, args.seed), sys.stdout)
        return 0

    n = args.hands
    ours = {name: time_ours(name, n, args.seed) for name in SETS}
    lines = [f"{'per hand, microseconds':<44} {'hands':>6} {'p50':>9} {'p99':>9} {'max':>10}"]
    lines.append(row(LABELS["rummy"], ours["rummy"]["times"]))
    failed = False
    targets = []
    summary_us = {}
    if not args.no_rlcard:
        rummy = [h for h, _, _ in SETS["rummy"](random.Random(f"{args.seed}-rummy"), n)]
        warm = [h for h, _, _ in SETS["rummy"](random.Random(f"{args.seed}-rummy-warm"), WARM_UP)]
        rl_times, rl_counts = time_rlcard(warm, rummy)
        lines.append(row("rummy 10 cards: RLCard best clusters+count", rl_times))
        summary_us["rlcard"] = rl_times
        our_counts = ours["rummy"]["penalties"]
        wrong = [i for i, (a, b) in enumerate(zip(our_counts, rl_counts)) if a != b]
        if wrong:
            i = wrong[0]
            print(f"MISMATCH with RLCard on {len(wrong)} hands, e.g. {rummy[i]}: "
                  f"ours {our_counts[i]}, RLCard {rl_counts[i]}", file=sys.stderr)
            failed = True
        (o50, o99, _), (r50, r99, _) = stats(ours["rummy"]["times"]), stats(rl_times)
        targets.append((f"rummy p50 <= 0.25 x RLCard p50 ({o50:.1f} <= {r50 / 4:.1f} us)",
                        o50 <= r50 / 4))
        targets.append((f"rummy p99 <= 0.1 x RLCard p99 ({o99:.1f} <= {r99 / 10:.1f} us)",
                        o99 <= r99 / 10))
    if args.openspiel:
        try:
            rummy = [h for h, _, _ in SETS["rummy"](random.Random(f"{args.seed}-rummy"), n)]
            warm = [h for h, _, _ in SETS["rummy"](random.Random(f"{args.seed}-rummy-warm"), WARM_UP)]
            os_times, os_counts = time_openspiel(warm, rummy)
            lines.append(row("rummy 10 cards: OpenSpiel min_deadwood (C++)", os_times))
            if os_counts != ours["rummy"]["penalties"]:
                print("note: OpenSpiel's deadwood differs on some hands", file=sys.stderr)
        except Exception as exc:  # optional: report and go on
            lines.append(f"OpenSpiel: not measured ({exc})")
    for name, (t50, t99, tmax) in TARGETS.items():
        times = ours[name]["times"]
        lines.append(row(LABELS[name], times))
        p50, p99, most = stats(times)
        targets.append((f"{name} p50 <= {t50} us ({p50:.1f})", p50 <= t50))
        targets.append((f"{name} p99 <= {t99} us ({p99:.1f})", p99 <= t99))
        targets.append((f"{name} max <= {tmax} us ({most:.1f})", most <= tmax))
    lines.append("CPU time of the same calls (leaves out the moments another process had the core):")
    for name in SETS:
        lines.append(row("  " + LABELS[name], ours[name]["cpu"]))
    for name in SETS:
        summary_us[name] = ours[name]["times"]
        summary_us[name + "_cpu"] = ours[name]["cpu"]

    load = os.getloadavg()[0]
    print(f"timed: {what_is_timed()}")
    print(f"python {sys.version.split()[0]}, seed {args.seed}, fresh process per set, GC on, "
          f"{WARM_UP}-hand warm-up, each hand once; {os.cpu_count()} cpus, load average "
          f"{load:.2f} at the end")
    print("\n".join(lines))
    print()
    for text, ok in targets:
        print(f"{'ok  ' if ok else 'MISS'} {text}")
    summary = {
        "bench": "arrange",
        "seed": args.seed,
        "hands": n,
        "us": {
            name: dict(zip(("p50", "p99", "max"), (round(x, 1) for x in stats(times))))
            for name, times in summary_us.items()
        },
        "targets_met": all(ok for _, ok in targets),
        "timed": what_is_timed(),
    }
    print(json.dumps(summary))
    return 1 if failed or not summary["targets_met"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
