#!/usr/bin/env python3
"""Benchmark: what ``hard``'s Indian discard could win by throws one step FURTHER from a
declaration than the nearest (issue 29, branch far). ``hard`` weighs only the throws that
leave its hand at the nearest MinDist (indian_race.candidates), and MinDist counts a card as
available even when every copy is seen; its rollouts draw live cards only, so they can judge
a hand one card further that keeps more live outs.

    nice -n 10 .venv/bin/python bench/bench_further.py --games 100 --seed 7
    nice -n 10 .venv/bin/python bench/bench_further.py --games 100 --seed 7 --row hard-mindist-indian2
    nice -n 10 .venv/bin/python bench/bench_further.py --bound --games 500 --seed 1   # 2 x 1,000 games

Default: at every discard of ``hard`` (a 2-player Indian row, ``--row``) the live outs of
the nearest throws' kept hands (the live cards that bring them nearer), and the rollouts'
value (indian_race._roll with indian_race.survival, as ``hard`` values a throw) of the
nearest throws and of the two one-further throws with the most live outs, along ``--seqs``
sampled sequences to choose and as many others to value the choice (so the noise of the
choice does not count as a gain): how often the best one-further throw beats the best
nearest one by a margin, and what that is worth in the rollouts' units (a chance to declare
before the other player), per game.

``--bound``: the row played twice on the same seeds (bench_bots' games), ``hard`` as it is
and ``hard`` throwing the best one-further throw when its value along ``--seqs`` sequences
beats the best nearest throw's by ``--margin`` (a separate stream derived from the bot's,
not drawn from it, so the arms differ only where a throw changed): each arm's wins and the
games won by one arm only. A bound on the line (four to eight times ``hard``'s work a
decision), not a player. The bot reads its view only; this script too.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import bench_bots  # noqa: E402  (after the path)
import bench_feed  # noqa: E402

from rummy_tui.core.bots import choose_action, hard_multi, indian_race  # noqa: E402
from rummy_tui.core.bots.mindist import distance  # noqa: E402
from rummy_tui.core.cards import Card  # noqa: E402
from rummy_tui.core.engine import legal_discards  # noqa: E402
from rummy_tui.core.registry import variant_of  # noqa: E402
from rummy_tui.core.state import Discard  # noqa: E402

FURTHER = 2
"""One-further throws valued (the most live outs first)."""


def _rolls(
    rests: list[list[Card]], dists: list[int], live: Any, wild: int | None,
    rng: random.Random, worth: list[float], n: int,
) -> list[float]:
    """Each hand's mean rollout value along the same ``n`` sequences of live cards."""
    pool = sorted(c for c, k in live.items() for _ in range(k))
    depth = min(indian_race.DEPTH, len(pool))
    seqs = [rng.sample(pool, depth) for _ in range(n)]
    return [sum(indian_race._roll(rest, d, s, wild, [0], worth) for s in seqs) / n
            for rest, d in zip(rests, dists)]


def _throws(seen: Any, rules: Any) -> tuple[int, list[Card], list[tuple[int, Card]], Any, Any]:
    """The nearest distance, the nearest throws (hard's candidates), the one-further throws
    with their live outs (most first), the live cards and normal's discard."""
    wild = rules.melds.wild_rank
    is_joker = rules.melds.is_joker
    hand = sorted(seen.hand)
    taken, _ = indian_race._picks_and_throws(seen)
    live = indian_race.live_cards(seen, taken)
    normal = choose_action("normal", seen, random.Random(0))
    least, ties = indian_race.candidates(seen, rules, normal, live)
    further = []
    for c in legal_discards(seen, sorted(set(hand))):
        if c in ties or is_joker(c):
            continue
        rest = indian_race._without(hand, c)
        if least <= 0 or distance(rest, wild) != least + 1:
            continue
        further.append((indian_race.outs(rest, least + 1, live, is_joker, wild, [10**6]), c))
    further.sort(key=lambda t: (-t[0], t[1]))
    return least, ties, further, live, normal



def lever(row: str, games: int, seed: int, seqs: int) -> dict[str, Any]:
    recs: list[dict[str, Any]] = []

    def visit(state: Any, seen: Any, action: Any, h: int) -> None:
        if action is None or seen.player != h or not isinstance(action, Discard):
            return
        rules = variant_of(seen.variant).rules_for(seen)
        wild = rules.melds.wild_rank
        least, ties, further, live, _ = _throws(seen, rules)
        if least <= 0:
            return
        hand = sorted(seen.hand)
        tie_outs = [indian_race.outs(indian_race._without(hand, c), least, live,
                                     rules.melds.is_joker, wild, [10**6]) for c in ties]
        rec: dict[str, Any] = {"outs": max(o or 0 for o in tie_outs)}
        top = [c for _, c in further[:FURTHER]]
        if top:
            rests = [indian_race._without(hand, c) for c in ties + top]
            dists = [least] * len(ties) + [least + 1] * len(top)
            rng = random.Random(hash((state.seed, state.actions, 1)))
            worth = indian_race.survival(seen)
            rec["k"] = len(ties)
            rec["sel"] = _rolls(rests, dists, live, wild, rng, worth, seqs)
            rec["ev"] = _rolls(rests, dists, live, wild, rng, worth, seqs)
        recs.append(rec)

    played = len(bench_feed._games(row, games, seed, visit))
    n = max(1, len(recs))
    out: dict[str, Any] = {
        "row": row, "seed": seed, "games": played, "decisions": len(recs),
        "nearest_no_live_out": round(sum(r["outs"] == 0 for r in recs) / n, 4),
        "nearest_at_most_2_live_outs": round(sum(r["outs"] <= 2 for r in recs) / n, 4),
    }
    for margin in (0.0, 0.01, 0.02, 0.03, 0.05):
        gains = []
        for r in recs:
            if "sel" not in r:
                continue
            k, sel, ev = r["k"], r["sel"], r["ev"]
            i = max(range(k), key=lambda x: sel[x])
            j = max(range(k, len(sel)), key=lambda x: sel[x])
            if sel[j] > sel[i] + margin:
                gains.append(ev[j] - ev[i])
        out[f"margin {margin}"] = {
            "taken": round(len(gains) / n, 4),
            "value per game (points of wins)": round(100 * sum(gains) / max(1, played), 2),
        }
    return out


def bound(row: str, games: int, seed: int, seqs: int, margin: float) -> dict[str, Any]:
    base = bench_feed._games(row, games, seed, None)
    plain = indian_race.race_discard
    taken = [0, 0]

    def further_discard(v: Any, rules: Any, normal: Discard, rng: Any = None) -> Discard:
        # the generator's words only (ints hash the same in every process; None does not)
        sub = random.Random(hash(rng.getstate()[1])) if rng is not None else None
        chosen = plain(v, rules, normal, rng)
        if sub is None or sum(1 for o in v.out if not o) != 2:
            return chosen
        taken[1] += 1
        least, ties, further, live, _ = _throws(v, rules)
        top = [c for _, c in further[:FURTHER]]
        if least <= 0 or not top or not live:
            return chosen
        hand = sorted(v.hand)
        rests = [indian_race._without(hand, c) for c in ties + top]
        dists = [least] * len(ties) + [least + 1] * len(top)
        vals = _rolls(rests, dists, live, rules.melds.wild_rank, sub, indian_race.survival(v), seqs)
        k = len(ties)
        i = max(range(k), key=lambda x: vals[x])
        j = max(range(k, len(vals)), key=lambda x: vals[x])
        if vals[j] > vals[i] + margin:
            taken[0] += 1
            return Discard((ties + top)[j])
        return chosen

    hard_multi.race_discard = further_discard
    try:
        line = bench_feed._games(row, games, seed, None)
    finally:
        hard_multi.race_discard = plain
    only_line = sum(1 for a, b in zip(base, line) if b > a)
    only_base = sum(1 for a, b in zip(base, line) if a > b)
    n = len(base)
    return {
        "row": row, "seed": seed, "games": n, "hard": round(sum(base) / n, 4),
        "one_further": round(sum(line) / n, 4),
        "one_further_ci95": [round(x, 4) for x in bench_bots.wilson(sum(line), n)],
        "won_by_one_arm_only": {"hard": only_base, "one_further": only_line},
        "difference": round((only_line - only_base) / n, 4),
        "difference_se": round(math.sqrt(only_line + only_base) / n, 4),
        "throws_changed": taken[0], "discards": taken[1],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--row", default="hard-normal-indian-points")
    ap.add_argument("--games", type=int, default=20, help="game seeds (2 games each)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--seqs", type=int, default=128, help="rollout sequences (default 128)")
    ap.add_argument("--margin", type=float, default=0.02, help="--bound: the value margin")
    ap.add_argument("--bound", action="store_true", help="play the row with and without")
    args = ap.parse_args()
    if args.games < 1 or args.games > 100_000 or args.seqs < 1 or args.seqs > 4096:
        raise SystemExit("--games 1..100000, --seqs 1..4096")
    if args.bound:
        out = bound(args.row, args.games, args.seed, args.seqs, args.margin)
    else:
        out = lever(args.row, args.games, args.seed, args.seqs)
    for key, value in out.items():
        print(f"{key}: {value}")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
