#!/usr/bin/env python3
"""Benchmark: how well ``hard`` reads what its Indian discard feeds the next player (issue 29),
against the next player's real hand, which this script (not the bot) may look at.

    nice -n 10 .venv/bin/python bench/bench_feed.py --games 25 --seed 7
    nice -n 10 .venv/bin/python bench/bench_feed.py --games 500 --oracle   # 2 x 1,000 games

Default: at every discard of ``hard`` (a 2-player Indian row, ``--row``) with more than one
throw as near a declaration (indian_race.candidates), each way to pick among those throws is
scored by the true answer (the card thrown brings the next player's real hand nearer):
the share of decisions in which the throw it ranks safest feeds them ("fed"), and the
within-decision AUC (of the pairs of throws one of which feeds and one not, the share it
ranks the right way; 0.5 is blind). The ways: normal's order (its discard first, then the
fewest live partners), hard's own choice, indian_race.sampled_feed (12 sampled hands),
indian_race.feed_chance (the estimate without samples), and the true answer.

``--oracle``: the row played twice on the same seeds, ``hard`` as it is and ``hard`` with
its feed charge from the next player's real hand (a bound on what reading their hand can
win, not a player); each arm's wins, the games won by one arm only, and the share of
``hard``'s discards the next player took because they brought it nearer ("fed").
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import bench_bots  # noqa: E402  (after the path)

from rummy_tui.core.bots import choose_action, indian_race  # noqa: E402
from rummy_tui.core.bots.hard import next_player  # noqa: E402
from rummy_tui.core.bots.mindist import distance  # noqa: E402
from rummy_tui.core.cards import Card  # noqa: E402
from rummy_tui.core.registry import variant_of  # noqa: E402
from rummy_tui.core.seats import mix  # noqa: E402
from rummy_tui.core.simulate import game_seed  # noqa: E402
from rummy_tui.core.state import Discard, TakeDiscard  # noqa: E402

WAYS = ("normal's order", "hard's choice", "sampled_feed", "feed_chance", "true answer")


def _feeds(hand: list[Card], card: Card, wild: int | None) -> bool:
    now = distance(hand, wild)
    return now > 0 and distance(hand + [card], wild, now - 1, now) < now


def tied_throws(seen: Any, rules: Any) -> tuple[Any, Any, Any, list[Card], int] | None:
    """At ``hard``'s discard: the cards each player took and threw this deal (the typed
    events), the live cards, the throws that leave the hand nearest (normal's first) and the
    next player;
    None when there is no choice (fewer than two such throws) or no next player."""
    taken, shed = indian_race._picks_and_throws(seen)
    live = indian_race.live_cards(seen, taken)
    normal = choose_action("normal", seen, random.Random(0))
    assert isinstance(normal, Discard)
    _, ties = indian_race.candidates(seen, rules, normal, live)
    nxt = next_player(seen)
    if len(ties) < 2 or nxt is None:
        return None
    return taken, shed, live, ties, nxt


def _games(row: str, games: int, seed: int, visit: Any | None) -> list[int]:
    """Play the row (``hard`` first), bench_bots' games; ``visit(state, seen, action, h)``
    (when given) before each choice (``action`` None) and after it; the first side's result
    of each game (1 won)."""
    first, second, preset, n, extra, _ = bench_bots.row_of(row)
    if n != 2 or first != "hard":
        raise SystemExit("a 2-player row with hard first")
    variant, options = bench_bots._preset(preset)
    options.update(extra)
    choose = {first: bench_bots._chooser(first), second: bench_bots._chooser(second)}
    results = []
    for game in range(1, games + 1):
        gseed = game_seed(seed, game)
        for h in (0, 1):
            kinds = [second, second]
            kinds[h] = first
            state = bench_bots.play_game(
                variant, options, kinds, gseed, choose,
                None if visit is None
                else lambda state, seen, action, h=h: visit(state, seen, action, h),
                f"game {game}")
            results.append(int(state.winner == h))
    return results


def estimators(row: str, games: int, seed: int) -> dict[str, Any]:
    picks: dict[str, list[int]] = {w: [] for w in WAYS}
    pairs: dict[str, list[float]] = {w: [] for w in WAYS}

    def visit(state: Any, seen: Any, action: Any, h: int) -> None:
        if action is None or seen.player != h or not isinstance(action, Discard):
            return
        rules = variant_of(seen.variant).rules_for(seen)
        wild = rules.melds.wild_rank
        found = tied_throws(seen, rules)
        if found is None:
            return
        taken, shed, live, ties, nxt = found
        truth = [int(_feeds(list(state.hands[nxt]), c, wild)) for c in ties]
        took, threw, size = taken.get(nxt, []), shed.get(nxt, []), seen.hand_counts[nxt]
        rng = random.Random(mix(seed, state.actions))
        scores = {
            "normal's order": [float(i) for i in range(len(ties))],
            "hard's choice": [0.0 if c == action.card else 1.0 for c in ties],
            "sampled_feed": indian_race.sampled_feed(
                ties, live, size, took, threw, wild, rng, indian_race.FEED_SAMPLES),
            "feed_chance": [indian_race.feed_chance(c, live, size, took, threw,
                                                    rules.melds.is_joker) for c in ties],
            "true answer": [float(t) for t in truth],
        }
        for way, s in scores.items():
            picks[way].append(truth[s.index(min(s))])
            for a, ta in zip(s, truth):
                for b, tb in zip(s, truth):
                    if ta > tb:
                        pairs[way].append(1.0 if a > b else 0.5 if a == b else 0.0)

    _games(row, games, seed, visit)
    return {
        w: {"decisions": len(picks[w]), "fed": round(sum(picks[w]) / max(1, len(picks[w])), 4),
            "auc": round(sum(pairs[w]) / max(1, len(pairs[w])), 4)}
        for w in WAYS
    }


def arm(row: str, games: int, seed: int, oracle: bool) -> dict[str, Any]:
    count = {"discards": 0, "fed": 0}
    last: list[Card | None] = [None]
    truth: dict[str, list[Card]] = {}
    plain = indian_race.sampled_feed

    def from_hand(cards: list[Card], live: Any, size: int, took: Any, shed: Any,
                  wild: int | None, rng: Any, samples: int) -> list[float]:
        return [float(_feeds(truth["next"], c, wild)) for c in cards]

    def visit(state: Any, seen: Any, action: Any, h: int) -> None:
        if action is None:
            if state.actions == 0:
                last[0] = None  # a new game
            if seen.player == h:
                truth["next"] = list(state.hands[1 - h])
            return
        if (seen.player != h and isinstance(action, TakeDiscard) and last[0] is not None
                and seen.discard and seen.discard[-1] == last[0]):
            wild = variant_of(seen.variant).rules_for(seen).melds.wild_rank
            count["fed"] += _feeds(list(state.hands[seen.player]), last[0], wild)
        if isinstance(action, Discard):
            last[0] = action.card if seen.player == h else None
            count["discards"] += seen.player == h

    indian_race.sampled_feed = from_hand if oracle else plain
    try:
        results = _games(row, games, seed, visit)
    finally:
        indian_race.sampled_feed = plain
    return {"results": results, **count}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--row", default="hard-normal-indian-points")
    parser.add_argument("--games", type=int, default=25, help="game seeds (2 games each)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--oracle", action="store_true", help="the bound: hard as it is "
                        "against hard fed the true answer, same seeds")
    args = parser.parse_args()
    if not args.oracle:
        report = estimators(args.row, args.games, args.seed)
        for way, r in report.items():
            print(f"  {way:<16} decisions {r['decisions']:>5}  fed {r['fed']:6.1%}  "
                  f"AUC {r['auc']:.3f}")
        print(json.dumps({"row": args.row, "seed": args.seed, **report}))
        return 0
    a = arm(args.row, args.games, args.seed, False)
    b = arm(args.row, args.games, args.seed, True)
    ra, rb = a.pop("results"), b.pop("results")
    out: dict[str, Any] = {"row": args.row, "seed": args.seed, "games": len(ra)}
    for name, r, c in (("hard", ra, a), ("oracle", rb, b)):
        lo, hi = bench_bots.wilson(sum(r), len(r))
        out[name] = {"wins": sum(r), "ci95": [round(lo, 4), round(hi, 4)],
                     "fed": round(c["fed"] / max(1, c["discards"]), 4)}
        print(f"  {name:<7} wins {sum(r) / len(r):6.1%} [{lo:6.1%}, {hi:6.1%}] of {len(r)}, "
              f"fed {out[name]['fed']:6.1%} of {c['discards']} discards")
    out["hard_only"] = sum(1 for x, y in zip(ra, rb) if x and not y)
    out["oracle_only"] = sum(1 for x, y in zip(ra, rb) if y and not x)
    print(f"  won by hard only {out['hard_only']}, by the oracle only {out['oracle_only']}")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
