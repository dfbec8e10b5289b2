"""``hard``'s search in the one-deck games (Basic Rummy, Indonesian Remi): determinised
rollouts (issue 15).

From its :class:`~.state.PlayerView` alone the bot deals the unseen cards again, a fixed
number of times (``WORLDS``): each other player gets the cards the log shows they took from
the discard pile and still hold, and a random draw of the rest of the unseen cards; what is
left, shuffled, is the stock. Each candidate action is applied in every one of these worlds
(the same worlds for every candidate: common random numbers) and the deal is played out
with ``normal`` for every seat. A candidate's value is the mean over the worlds of the deal's
score for the bot less the mean of the others' (Basic Rummy's doubling for "rummy", Remi's
closing bonus and melds on the table included). The first candidate is the default; another
is chosen only when it beats the default by a standard error of the paired difference (a
deal's score swings by tens of points from world to world, the candidates differ by a few).
The work per decision is fixed (worlds and candidates, no clock), so a seed gives the same
game; and bounded: no world is begun once the rollouts have played the decision's share of
``TURN_ACTIONS`` (:func:`budget`, read from the view), so a long deal at a full table costs
fewer worlds, not more time.

The candidates are few, the decisions where ``normal``'s habits cost most:

- the draw: the top discard (Remi: each pick-up the rules allow) against the stock;
- meld timing: laying ``normal``'s meld or lay-off now, against holding it back and
  discarding (Basic Rummy: a hand that goes out in one turn scores double, and at 3+ seats
  holding back is the default, ``HOLD_FIRST``; Remi: a hand that melds all but one card can
  close, and its closing card earns a bonus);
- the discard: ``normal``'s card, the expectimax's (hard.py) and the next dead card.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..arrange import best_arrangement
from ..cards import Card
from ..engine import apply, is_legal, view
from ..melds import partners
from ..registry import variant_of
from ..events import Drew, Took
from ..state import (
    Action, Discard, DrawStock, GameState, LayOff, Meld, PlayerView, PublicState, TakeDiscard,
)

Policy = Callable[[PlayerView, random.Random], Action]
"""A bot's chooser: ``normal``, which every seat plays in a rollout (bots hands it in)."""

WORLDS = 32
"""Deals of the unseen cards per decision (each candidate is played out in every one)."""
REMI_WORLDS = 16
"""Remi's: its deals are longer (about 70 actions against Basic Rummy's 47), and 32 worlds
took a p99 of 478 ms per decision (40 games)."""
FIRST_WORLDS = 10
"""Worlds after which an alternative that trails the default is dropped."""
MARGIN = 1.0
"""Standard errors by which a candidate must beat the default to be chosen instead."""
TURN_ACTIONS = 4000
"""Rollout actions (each: a view, ``normal``'s choice, its application) a turn's decisions may
spend together: a count, not a clock, so a seed plays the same game. It bounds the turn where
the worlds alone did not: a deal runs longer at more seats and late in the stock (Remi 4:
p99 136 ms a turn, max 223 ms)."""
MIN_ACTIONS = 200
"""Added to every budget after the draw (a lay-off or a meld late in a turn still gets some)."""
MIN_WORLDS = 6
"""Worlds played out whatever the budget says (fewer tell the candidates apart by chance)."""
HOLD_FIRST = True
"""Basic Rummy at 3+ seats: holding a meld or a lay-off back is the default, and laying it
the alternative that must beat it by a standard error (at 2 seats laying is the default). A
hand laid down at once goes "rummy" and scores double; at 4 seats the others also lay off on
a meld put down early. With three ``normal`` players it won 50.0% and 47.2% of 800 games
(seeds 1 and 11) where laying first won 33.9% and 35.0% of the same games (bench/README.md,
branch rummy4b)."""
ROLLOUT_LIMIT = 400
"""Actions after which a rollout stops with no score (a deal that will not end)."""

_PUBLIC = tuple(PublicState.__dataclass_fields__)


def worlds(v: PlayerView, taken: dict[int, list[Card]], unseen: list[tuple[Card, int]],
           rng: random.Random, count: int | None = None) -> list[GameState] | None:
    """``count`` states consistent with the view: the other hands hold what they are known to
    have taken from the pile, the rest dealt from the unseen cards; None when the view's
    counts do not add up (the caller then keeps ``normal``'s move)."""
    if count is None:
        count = REMI_WORLDS if variant_of(v.variant).last_discard_closes else WORLDS
    pool_all = sorted(c for c, k in unseen for _ in range(k))
    n = len(v.players)
    known: dict[int, list[Card]] = {}
    for q in range(n):
        if q == v.player or v.out[q]:
            continue
        known[q] = list(taken.get(q, ()))[: v.hand_counts[q]]
    # the taken cards are not in ``unseen`` (hard.py leaves them out): the pool is the rest
    need = sum(v.hand_counts[q] - len(known[q]) for q in known) + v.stock_count
    if need != len(pool_all):
        return None
    out = []
    base = {name: getattr(v, name) for name in _PUBLIC}
    base["log"] = []
    base["history"] = []
    for i in range(count):
        pool = list(pool_all)
        rng.shuffle(pool)
        hands: list[list[Card]] = [[] for _ in range(n)]
        hands[v.player] = list(v.hand)
        for q, held in known.items():
            size = v.hand_counts[q] - len(held)
            hands[q] = sorted(held + pool[:size])
            del pool[:size]
        s = GameState(
            **base, seed=rng.randrange(1 << 32), hands=hands, stock=pool, laid=[0] * n,
            round_actions=0, deck_size=0, vs=v.vs, hand_order=[],
        )
        out.append(s)
    return out


def rollout(
    state: GameState, me: int, normal: Policy, limit: int = ROLLOUT_LIMIT
) -> tuple[float, int]:
    """Play the deal out with ``normal`` for everyone: the bot's deal score less the mean of
    the others' (0 for a deal that does not end within ``limit`` actions), and the actions
    it took."""
    rng = random.Random(0)  # normal draws nothing from it; fixed for safety
    s = state
    start_round = s.round_no
    for done in range(limit):
        if s.phase in ("round_over", "game_over"):
            break
        s = apply(s, normal(view(s, s.to_move), rng))
    else:
        return 0.0, limit
    result = s.last_round
    if result is None or result.round_no != start_round:
        return 0.0, done
    deltas = [r.delta for r in result.players]
    others = [d for q, d in enumerate(deltas) if q != me and not state.out[q]]
    return deltas[me] - (sum(others) / len(others) if others else 0.0), done


def budget(v: PlayerView) -> int:
    """The rollout actions this decision may spend: ``TURN_ACTIONS`` shared by the turn's
    decisions (the draw half of it; each meld or lay-off already made this turn leaves the
    next decision less), all read from the view, so the work is fixed by the view alone."""
    if v.phase == "draw":
        return TURN_ACTIONS // 2
    made = 0
    for e in reversed(v.log):
        if e.player != v.player or isinstance(e, (Drew, Took)):
            break
        made += 1
    return TURN_ACTIONS // (2 * (made + 1)) + MIN_ACTIONS


def choose(
    v: PlayerView, candidates: list[Action], found: list[GameState], normal: Policy,
    spend: int | None = None,
) -> Action:
    """The first candidate (the default), unless another one's rollouts beat it over the same
    worlds by more than ``MARGIN`` standard errors of the paired difference. The worlds are
    played in two steps: an alternative that trails the default after the first
    ``FIRST_WORLDS`` is dropped; and no world is begun once the rollouts have taken the
    decision's budget of actions (``spend``, or :func:`budget`), after ``MIN_WORLDS`` (fixed
    rules and counts, so the work is still fixed by the view and the seed)."""
    me = v.player
    base: list[float] = []
    rows: dict[int, list[float]] = {i: [] for i in range(1, len(candidates))}
    first = min(FIRST_WORLDS, len(found) // 2)
    left = budget(v) if spend is None else spend
    for lo, hi in ((0, first), (first, len(found))):
        for world in found[lo:hi]:
            if left <= 0 and len(base) >= MIN_WORLDS:
                break  # the budget is spent: decide on the worlds played so far
            score, used = rollout(apply(world, candidates[0]), me, normal)
            base.append(score)
            left -= used
            for i in list(rows):
                try:
                    after = apply(world, candidates[i])
                except Exception:  # noqa: BLE001 - a candidate this world refuses: dropped
                    del rows[i]
                    continue
                score, used = rollout(after, me, normal)
                rows[i].append(score)
                left -= used
        for i in list(rows):
            if sum(rows[i]) <= sum(base[: len(rows[i])]):
                del rows[i]
        if not rows or left <= 0 and len(base) >= MIN_WORLDS:
            break
    best, best_gain = candidates[0], 0.0
    w = len(base)
    for i, row in rows.items():
        diffs = [a - b for a, b in zip(row, base)]
        mean = sum(diffs) / w
        var = sum((d - mean) ** 2 for d in diffs) / max(1, w - 1)
        if mean > MARGIN * (var / w) ** 0.5 and mean > best_gain:
            best, best_gain = candidates[i], mean
    return best


# --- candidates ---------------------------------------------------------------------------------


def draw_candidates(v: PlayerView, base: Action, normal: Action) -> list[Action]:
    """The draws worth playing out: the default first; Basic Rummy: normal's draw when it
    differs; Remi: the stock against normal's pick-up."""
    out: list[Action] = [base]
    if variant_of(v.variant).pickup_must_meld:
        if isinstance(base, TakeDiscard) and v.stock_count:
            out.append(DrawStock())
    elif normal != base:
        out.append(normal)
    return out if len(out) > 1 else []


def dead_order(v: PlayerView, hand: list[Card], rules: Any, seq_down: bool) -> list[Card]:
    """The hand's dead cards the way ``normal`` ranks its throws (fewest partners, costliest)."""
    a = best_arrangement(tuple(sorted(hand)), rules, seq_down)
    dead = sorted(set(a.deadwood), key=lambda c: (partners(hand, c), -rules.values[c], c))
    return [c for c in dead if is_legal(v, Discard(c))]


def play_candidates(v: PlayerView, normal: Action, expect: Card | None, rules: Any) -> list[Action]:
    """Meld now or hold back; the expectimax's throw or normal's."""
    rs = variant_of(v.variant)
    hand = list(v.hand)
    seq_down = rs.sequence_down(v, v.player)
    if isinstance(normal, (Meld, LayOff)):
        if rs.card_to_meld(v) is not None:
            return []  # Remi's forced meld
        a = best_arrangement(tuple(sorted(hand)), rules, seq_down)
        if len(a.deadwood) <= 1 and not rs.last_discard_closes:
            return []  # Basic Rummy: it goes out this turn
        dead = dead_order(v, hand, rules, seq_down)
        if not dead:
            return []
        if HOLD_FIRST and len(v.players) > 2 and not rs.last_discard_closes:
            return [Discard(dead[0]), normal]
        return [normal, Discard(dead[0])]
    if not isinstance(normal, Discard) or expect is None or expect == normal.card:
        return []
    if len(v.players) > 2:
        return [normal, Discard(expect)]  # at 3+ seats the expectimax throw alone lost
    return [Discard(expect), normal]
