#!/usr/bin/env python3
"""Benchmark: the size of the bait lever against the MinDist agent (issue 29): how often
``hard``'s throws as near a declaration include a card the agent will take though it brings
it no nearer (a stock draw it gives up), judged on the agent's REAL hand (this script, not
the bot, may look at it).

    nice -n 10 .venv/bin/python bench/bench_bait.py --games 20 --seed 7
    nice -n 10 .venv/bin/python bench/bench_bait.py --games 20 --row hard-mindist-indian2

At every discard of ``hard`` with more than one throw as near (indian_race.candidates), each
throw is put to the agent's take rule (bench/mindist_agent.py: its best discard after taking
the card leaves a lower (MinDist, points)): a "feed" when the card brings it nearer, a "bait"
when it takes the card all the same. Counted: the decisions with a bait among the throws, the
ones where ``hard`` threw a bait, and where it threw none though one was there; the agent's
takes of ``hard``'s discards, nearer or not; and, for the throws that do not feed, the share
taken by the card's points less those of the card the agent threw last (-6 to 6, clipped).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import bench_feed  # noqa: E402  (after the path)
import mindist_agent  # noqa: E402

from rummy_tui.core.cards import Card  # noqa: E402
from rummy_tui.core.hand_rules import HandRules  # noqa: E402
from rummy_tui.core.registry import variant_of  # noqa: E402
from rummy_tui.core.state import Discard, TakeDiscard  # noqa: E402


def takes(hand: list[Card], card: Card, rules: HandRules) -> tuple[bool, bool]:
    """The agent's take rule on its real ``hand``: does it take ``card``, and is it nearer."""
    def score(cards: list[Card]) -> tuple[int, ...]:
        return (mindist_agent.mindist(cards, rules),) + mindist_agent.points(cards, rules)

    now = score(hand)
    joined = hand + [card]
    after = min(score(joined[:i] + joined[i + 1:]) for i in range(len(joined)))
    return after < now, after[0] < now[0]


def measure(row: str, games: int, seed: int) -> dict[str, Any]:
    c: Counter[str] = Counter()
    gap: dict[int, list[int]] = {}
    last: dict[str, Card | None] = {"mine": None, "theirs": None}

    def visit(state: Any, seen: Any, action: Any, h: int) -> None:
        if action is None:
            if state.actions == 0:
                last.update(mine=None, theirs=None)
            return
        rules = variant_of(seen.variant).rules_for(seen)
        if (seen.player != h and seen.phase == "draw" and last["mine"] is not None
                and seen.discard and seen.discard[-1] == last["mine"]):
            took = isinstance(action, TakeDiscard)
            _, nearer = takes(list(state.hands[seen.player]), last["mine"], rules)
            c["offers"] += 1
            c["taken_nearer"] += took and nearer
            c["taken_no_nearer"] += took and not nearer
        if isinstance(action, Discard):
            last["mine" if seen.player == h else "theirs"] = action.card
            if seen.player != h:
                last["mine"] = None
        if seen.player != h or not isinstance(action, Discard):
            return
        found = bench_feed.tied_throws(seen, rules)
        if found is None:
            return
        _, _, _, ties, nxt = found
        rule = [takes(list(state.hands[nxt]), t, rules) for t in ties]
        bait = [t and not n for t, n in rule]
        c["decisions"] += 1
        c["throws"] += len(ties)
        c["bait_throws"] += sum(bait)
        c["feed_throws"] += sum(n for _, n in rule)
        c["with_bait"] += any(bait)
        if action.card in ties:
            chosen = bait[ties.index(action.card)]
            c["threw_bait"] += chosen
            c["threw_none_of_them"] += not chosen and any(bait)
        theirs = last["theirs"]
        if theirs is not None:
            for t, b, (_, n) in zip(ties, bait, rule):
                if not n:
                    d = max(-6, min(6, rules.values[t] - rules.values[theirs]))
                    gap.setdefault(d, [0, 0])
                    gap[d][0] += b
                    gap[d][1] += 1

    results = bench_feed._games(row, games, seed, visit)
    return {"row": row, "seed": seed, "games": len(results), "wins": sum(results), **c,
            "taken_by_points_gap": {d: f"{b}/{n}" for d, (b, n) in sorted(gap.items())}}


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--row", default="hard-mindist-indian1")
    parser.add_argument("--games", type=int, default=20, help="game seeds (2 games each)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(json.dumps(measure(args.row, args.games, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
