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
``--hist N,K,EPS,EPS_TAKE,EPS_TIE`` (repeatable) adds :func:`history_feed`: the next
player's hand read through time (their turns this deal from the typed events; each
particle a hand of theirs now and the stock draws back through their last K turns, weighed
by how well normal's choices from the hands it gives them then explain what they did).

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
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

import bench_bots  # noqa: E402  (after the path)

from rummy_tui.core.bots import choose_action, indian_race  # noqa: E402
from rummy_tui.core.bots.hard import next_player, round_events  # noqa: E402
from rummy_tui.core.bots.indian_play import _ties, deck_counts  # noqa: E402
from rummy_tui.core.bots.mindist import distance, spare_cards  # noqa: E402
from rummy_tui.core.cards import Card  # noqa: E402
from rummy_tui.core.events import Discarded, Drew, StockRebuilt, Took  # noqa: E402
from rummy_tui.core.registry import variant_of  # noqa: E402
from rummy_tui.core.seats import mix  # noqa: E402
from rummy_tui.core.simulate import game_seed  # noqa: E402
from rummy_tui.core.state import Discard, TakeDiscard  # noqa: E402

WAYS = ("normal's order", "hard's choice", "sampled_feed", "feed_chance", "true answer")


# --- the next player's hand through time (branch track) ---------------------------------------

HIST_SAMPLES = 40
"""Particles a decision (each a hand of the next player now and their stock draws back
``HIST_TURNS`` turns)."""
HIST_TURNS = 4
"""Their last turns whose draw and throw weigh a particle (0: every turn this deal)."""
HIST_EPS = 0.15
"""A particle's weight is multiplied by this for each choice of theirs its hands contradict
(a pass of a card that brings the hand nearer, a take of one that does not, a throw that
leaves it farther than another would)."""
HIST_EPS_TAKE = 0.5
"""The same for a take of a card that leaves the hand as near (the MinDist agent takes one
for fewer points)."""
_UP = -1  # the deal's upcard, named once the pile shows it


def opponent_turns(v: Any, q: int) -> list[tuple[Any, ...]]:
    """Player ``q``'s turns this deal from the typed events, oldest first: the open card
    offered (None: no pile), whether they took it, what they threw, the cards taken from
    the pile they held before the draw (the cards their stock draw cannot be), and the
    discard pile as they saw it when they threw."""
    entries = round_events(v)
    pile: list[Card] = [_UP]
    held: Counter[Card] = Counter()
    turns: list[tuple[Any, ...]] = []
    up: list[Card | None] = [None]
    cur: tuple[Card | None, bool, Counter[Card]] | None = None
    for e in entries:
        if isinstance(e, StockRebuilt):
            pile = pile[-1:]
            continue
        if e.player is None:
            continue
        if isinstance(e, Discarded):
            if e.player == q and cur is not None:
                if held[e.card] > 0:
                    held[e.card] -= 1
                turns.append((cur[0], cur[1], e.card, cur[2], list(pile)))
                cur = None
            pile.append(e.card)
        elif isinstance(e, Took):
            if pile and pile[-1] == _UP:
                up[0] = e.card
            if e.player == q:
                cur = (e.card, True, +held)
                held.update(e.cards)
            del pile[-len(e.cards):]
        elif isinstance(e, Drew):
            if e.player == q:
                cur = (pile[-1] if pile else None, False, +held)
    if pile and pile[0] == _UP and v.discard:
        up[0] = v.discard[0]

    def named(cards: list[Card]) -> Counter[Card]:
        return Counter(up[0] if c == _UP else c for c in cards if c != _UP or up[0] is not None)

    return [(up[0] if o == _UP else o, took, y, h, named(seen))
            for o, took, y, h, seen in turns]


def _take_out(cards: list[Card], c: Card) -> bool:
    if c in cards:
        cards.remove(c)
        return True
    return False


def history_weight(
    hand: list[Card], turns: list[Any], wild: int | None, rng: random.Random,
    eps: float, eps_take: float, spent: list[int], normal: Any = None,
) -> float:
    """A sampled hand of the next player now, played back through ``turns`` (newest last):
    each stock draw drawn at random from the cards they could have drawn (their 14 cards
    then, less the takes they held), and the weight of how well normal's choices (take a
    card only when it brings the hand nearer, throw one that leaves it nearest) explain
    what they did. With ``normal`` (the deck, the wild joker card, ``is_joker``, the card
    values and a weight): normal's own throw among the nearest (indian_play.best_discard:
    the fewest unseen partners as they saw them, then the costliest) weighed too, a
    different one multiplied by that weight. 0 when the events cannot be played back."""
    after = sorted(hand)
    w = 1.0
    steps = []
    for o, took, y, held, pile in reversed(turns):
        full = after + [y]
        if took:
            if o is None or not _take_out(full, o):
                return 0.0
            before = full
        else:
            free = list((Counter(full) - held).elements())
            if not free:
                return 0.0
            before = list(full)
            before.remove(rng.choice(free))
        steps.append((sorted(before), o, took, after, y, pile))
        after = sorted(before)
    for before, o, took, after, y, pile in steps:
        w *= _draw_check(before, o, took, wild, eps, eps_take, spent)
        w *= _throw_check(after, y, pile, wild, eps, normal, spent)
    return w


def _draw_check(before: list[Card], o: Card | None, took: bool, wild: int | None,
                eps: float, eps_take: float, spent: list[int]) -> float:
    """The weight of their draw (take or pass of ``o``) from the 13 cards ``before``."""
    if o is None:
        return 1.0
    now = distance(before, wild)
    spent[0] += 2
    if took:
        near = distance(before + [o], wild)
        return eps if near > now else eps_take if near == now else 1.0
    return eps if now > 0 and distance(before + [o], wild, now - 1, now) < now else 1.0


def _throw_check(after: list[Card], y: Card, pile: Counter[Card], wild: int | None,
                 eps: float, normal: Any, spent: list[int]) -> float:
    """The weight of their throw ``y`` that left the 13 cards ``after``."""
    full = after + [y]
    spent[0] += 2
    if normal is None:
        return eps if distance(after, wild) > distance(full, wild) else 1.0
    deck, wild_card, is_joker, values, eps_tie = normal
    least, spare = spare_cards(full, wild)
    if spare:
        unseen = deck - Counter(full) - pile
        if wild_card is not None:
            unseen[wild_card] -= 1
        if min(spare, key=lambda c: (_ties(c, unseen, is_joker), -values[c], c)) == y:
            return 1.0
    if distance(after, wild) > least:
        return eps
    return eps_tie if spare else 1.0


def history_weight_guided(
    hand: list[Card], turns: list[Any], wild: int | None, rng: random.Random,
    eps: float, eps_take: float, spent: list[int], normal: Any = None,
) -> float:
    """:func:`history_weight` with each stock draw chosen in proportion to how well it
    explains the draw of that turn and the throw of the turn before (every card they
    could have drawn tried: sequential importance sampling, the weight the mean)."""
    after = sorted(hand)
    if not turns:
        return 1.0
    w = _throw_check(after, turns[-1][2], turns[-1][4], wild, eps, normal, spent)
    for j in range(len(turns) - 1, -1, -1):
        o, took, y, held, _ = turns[j]
        full = after + [y]
        if took:
            if o is None or not _take_out(full, o):
                return 0.0
            options = [(full, 1)]
        else:
            free = Counter(full) - held
            options = []
            for a, k in sorted(free.items()):
                rest = list(full)
                rest.remove(a)
                options.append((rest, k))
        if not options:
            return 0.0
        likes = []
        for before, k in options:
            like = _draw_check(before, o, took, wild, eps, eps_take, spent)
            if j > 0:
                prev = turns[j - 1]
                like *= _throw_check(before, prev[2], prev[4], wild, eps, normal, spent)
            likes.append(like * k)
        total = sum(likes)
        w *= total / sum(k for _, k in options)
        pick = rng.random() * total
        for (before, _), like in zip(options, likes):
            pick -= like
            if pick <= 0:
                break
        after = sorted(before)
    return w


def history_feed(
    cards: list[Card], live: Counter[Card], size: int, took: list[Card], turns: list[Any],
    wild: int | None, rng: random.Random, samples: int, depth: int, eps: float,
    eps_take: float, normal: Any = None, guided: bool = False,
) -> tuple[list[float], int]:
    """For each card of ``cards``, the weighted share of ``samples`` particles of the next
    player's hand (the cards they took and hold, the rest drawn from the live cards, weighed
    by :func:`history_weight` over their last ``depth`` turns, 0 every turn) that it brings
    nearer; and the distance searches spent."""
    pool = sorted(c for c, k in live.items() for _ in range(k))
    known = sorted(took)[:size]
    need = size - len(known)
    spent = [0]
    if need < 0 or need > len(pool) or not cards:
        return [0.0] * len(cards), 0
    recent = turns[-depth:] if depth else turns
    helped = [0.0] * len(cards)
    total = 0.0
    for _ in range(samples):
        hand = known + rng.sample(pool, need)
        w = (history_weight_guided if guided else history_weight)(
            hand, recent, wild, rng, eps, eps_take, spent, normal)
        if w <= 0:
            continue
        now = distance(hand, wild)
        spent[0] += 1
        if now <= 0:
            continue
        total += w
        for i, c in enumerate(cards):
            spent[0] += 1
            if distance(hand + [c], wild, now - 1, now) < now:
                helped[i] += w
    if total <= 0:
        return [0.0] * len(cards), spent[0]
    return [h / total for h in helped], spent[0]


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


def estimators(
    row: str, games: int, seed: int,
    hists: tuple[tuple[int, int, float, float, float], ...] = (),
) -> dict[str, Any]:
    named = {f"history {n}/{k}/{e}/{et}/{tie}": (n, k, e, et, tie)
             for n, k, e, et, tie in hists}
    ways = WAYS + tuple(named)
    picks: dict[str, list[int]] = {w: [] for w in ways}
    pairs: dict[str, list[float]] = {w: [] for w in ways}
    searches: dict[str, list[int]] = {w: [] for w in named}

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
        turns = opponent_turns(seen, nxt) if named else []
        for i, (way, (n, k, e, et, tie)) in enumerate(named.items()):
            normal = (None if tie >= 1 else
                      (deck_counts(seen), seen.wild_card, rules.melds.is_joker, rules.values, tie))
            scores[way], spent = history_feed(
                ties, live, size, took, turns, wild, random.Random(mix(seed, state.actions, i)),
                abs(n), k, e, et, normal, n < 0)
            searches[way].append(spent)
        for way, s in scores.items():
            picks[way].append(truth[s.index(min(s))])
            for a, ta in zip(s, truth):
                for b, tb in zip(s, truth):
                    if ta > tb:
                        pairs[way].append(1.0 if a > b else 0.5 if a == b else 0.0)

    _games(row, games, seed, visit)
    out: dict[str, Any] = {
        w: {"decisions": len(picks[w]), "fed": round(sum(picks[w]) / max(1, len(picks[w])), 4),
            "auc": round(sum(pairs[w]) / max(1, len(pairs[w])), 4)}
        for w in ways
    }
    for w, spent in searches.items():
        out[w]["searches"] = round(sum(spent) / max(1, len(spent)), 1)
    return out


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
    parser.add_argument("--hist", action="append", default=[],
                        metavar="N,K,EPS,EPS_TAKE,EPS_TIE",
                        help="also score history_feed: N particles, the last K turns (0 "
                        "all), the weights (EPS_TIE 1: normal's own throw not weighed; "
                        "N < 0: each draw chosen by what it explains; repeatable)")
    args = parser.parse_args()
    if not args.oracle:
        hists = []
        for spec in args.hist:
            try:
                n, k, e, et, tie = spec.split(",")
                hists.append((int(n), int(k), float(e), float(et), float(tie)))
            except ValueError:
                parser.error(f"--hist wants N,K,EPS,EPS_TAKE,EPS_TIE, not {spec!r}")
        report = estimators(args.row, args.games, args.seed, tuple(hists))
        for way, r in report.items():
            extra = f"  searches {r['searches']:.0f}" if "searches" in r else ""
            print(f"  {way:<16} decisions {r['decisions']:>5}  fed {r['fed']:6.1%}  "
                  f"AUC {r['auc']:.3f}{extra}")
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
