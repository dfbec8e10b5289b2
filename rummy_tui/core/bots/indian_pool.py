"""``hard``'s drop and throw in Indian Pool and Deals with one other player left (issue
29): by the chance to win the GAME, not the deal's points.

A deal's outcome moves the game's scores: in Pool the loser adds its count (or the drop)
and is eliminated at 101 (201); in Deals the winner collects the loser's count, and after
the last deal the higher total wins. So a drop is worth what it leaves of the game:

- :func:`pool_value` and :func:`deals_value`: the chance to win the game from scores at the
  start of a deal, each deal won with even odds and the loser counting as the losers of
  `hard` and `normal`'s deals did (``DEAL_LOSS``); a table built once per format.
- :func:`drop_better` (its two chances: :func:`drop_chances`, which the hint shows): at the
  start of a turn, the drop's value against playing on: the chance to win the deal
  (``normal``'s :func:`~.indian_play.win_chance` by the distance to a declaration and the
  turns played) times the game's value with the other's count added (``DEAL_LOSS``), plus
  the chance to lose it times the value with one's own count added (``BEATEN``: by the
  distance and the hand's count now).
- :func:`throw_values`: among the throws the race weighs (indian_race.py), the chance to
  win the game each leaves: the race's value as the chance to win the deal, the kept
  hand's count if beaten (in place of the thrown card's points alone).

So in the last deal of Deals a player ahead by more than twice the drop drops (the drop
wins the game), one behind never does; in Pool a drop that keeps one under the limit
where a loss could eliminate is worth more than its points, a drop at the limit nothing.
Views only: the scores, the eliminated players, the deal number and one's hand. The work
is a distance and an arrangement search a drop, one arrangement search a throw weighed,
and table look-ups.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from ..arrange import best_arrangement
from ..cards import Card
from ..hand_rules import HandRules
from ..registry import variant_of
from ..state import PlayerView
from .indian_play import win_chance
from .mindist import distance

__all__ = [
    "beaten_at", "beaten_counts", "deals_value", "drop_better", "drop_chances", "game_after",
    "pool_value", "throw_values",
]

DEAL_LOSS: tuple[tuple[int, int], ...] = (
    (5, 6), (10, 23), (15, 27), (20, 46), (25, 19), (30, 15), (35, 11), (40, 6), (45, 4),
    (50, 4), (55, 1), (60, 4), (65, 4), (70, 8), (75, 7), (80, 48),
)
"""(count, deals): what the loser of a deal counted (a drop included), to the nearest 5,
in 235 deals of `hard` against `normal` at Pool 101 (80 games, seed 900): 217 declared
(mean 40: low when the loser had its two sequences, 80 when not), 18 first drops."""

BEATEN: dict[tuple[int, int], tuple[int, int, int]] = {
    (1, 0): (11, 13, 16), (1, 1): (16, 21, 25), (1, 2): (20, 40, 62), (1, 3): (21, 62, 69),
    (1, 4): (79, 80, 80),
    (2, 0): (12, 15, 16), (2, 1): (15, 22, 28), (2, 2): (16, 22, 35), (2, 3): (19, 63, 71),
    (2, 4): (19, 74, 80),
    (3, 0): (10, 20, 24), (3, 1): (10, 22, 24), (3, 2): (16, 25, 41), (3, 3): (18, 40, 71),
    (3, 4): (20, 33, 80),
}
"""(distance 1-3, the hand's count now by 20s: 0-19 ... 80): the quartiles of what the hand
counted when the other player declared, the same deals (2,431 turns; a distance of 4 or
more as 3, of 0 as 1; the few cells with under 10 turns set from their neighbours). Near
a declaration it counts little; with a count of 80 now (no pure sequence and second
sequence) often 80 still."""

SLACK = 0.0
"""The drop must be worth this much more of the game than playing on."""
SCORES = True
"""False: ``normal``'s drop (by the deal's points) instead, to compare (bench_bots --set)."""
THROWS = True
"""False: the throws by the race and the card's points alone (``indian_race.POINTS``)."""


@cache
def _loss() -> tuple[tuple[int, float], ...]:
    """``DEAL_LOSS`` as (count, chance)."""
    total = sum(k for _, k in DEAL_LOSS)
    return tuple((c, k / total) for c, k in DEAL_LOSS)


def _if_won(after: Callable[[float, float], float]) -> float:
    """The game's value once the deal is won: the other's count added (``DEAL_LOSS``)."""
    return sum(w * after(0, c) for c, w in _loss())


def _if_beaten(after: Callable[[float, float], float], counts: tuple[float, ...]) -> float:
    """The game's value once the deal is lost, one's count any of ``counts`` alike."""
    return sum(after(c, 0) for c in counts) / len(counts)


STEP = 5
"""The pool table's grid (points): scores between its points are interpolated."""


@cache
def _pool_table(limit: int) -> tuple[tuple[float, ...], ...]:
    """The chance to win a 2-player pool (eliminated at ``limit``) at the start of a deal,
    on a grid of ``STEP`` points: ``table[i][j]`` for one's score ``STEP * i``, the other's
    ``STEP * j``. Deals won with even odds, lost with ``DEAL_LOSS``."""
    loss = _loss()
    n = -(-limit // STEP)  # grid points below the limit
    table = [[0.0] * n for _ in range(n)]
    for s in range(2 * n - 2, -1, -1):  # by the total, highest first: a deal only adds
        for i in range(max(0, s - n + 1), min(n, s + 1)):
            j = s - i
            won = lost = 0.0
            for c, w in loss:
                k = c // STEP
                won += w * (1.0 if j + k >= n else table[i][j + k])
                lost += w * (0.0 if i + k >= n else table[i + k][j])
            table[i][j] = 0.5 * won + 0.5 * lost
    return tuple(tuple(row) for row in table)


def pool_value(mine: float, theirs: float, limit: int) -> float:
    """The chance to win a 2-player pool from these scores at the start of a deal (0 at or
    past the limit, 1 when the other is), between the grid's points interpolated."""
    if mine >= limit:
        return 0.0
    if theirs >= limit:
        return 1.0
    table = _pool_table(limit)
    last = len(table) - 1
    x, y = mine / STEP, theirs / STEP
    i, j = min(int(x), last), min(int(y), last)
    fx, fy = x - i, y - j
    i2, j2 = min(i + 1, last), min(j + 1, last)
    return (table[i][j] * (1 - fx) * (1 - fy) + table[i2][j] * fx * (1 - fy)
            + table[i][j2] * (1 - fx) * fy + table[i2][j2] * fx * fy)


@lru_cache(maxsize=8192)
def deals_value(margin: int, left: int) -> float:
    """The chance to win a 2-player Deals game ``margin`` points ahead of the other player
    (one's total less theirs) with ``left`` deals still to play: the higher total wins, a
    tie plays one more deal (even odds). A deal moves the margin by twice the count the
    winner collects (``DEAL_LOSS``), won with even odds."""
    if left <= 0:
        return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
    if abs(margin) > 2 * 80 * left:
        return 1.0 if margin > 0 else 0.0
    total = 0.0
    for c, w in _loss():
        total += w * 0.5 * (deals_value(margin + 2 * c, left - 1)
                            + deals_value(margin - 2 * c, left - 1))
    return total


def beaten_counts(dist: int, count: int) -> tuple[int, int, int]:
    """What the hand likely counts if the other player declares: three equally likely
    values (``BEATEN``) by its distance to a declaration and its ``count`` now."""
    return BEATEN[(min(3, max(1, dist)), min(4, max(0, count) // 20))]


def beaten_at(dist: int, count: int) -> tuple[float, float, float]:
    """:func:`beaten_counts` between the count's buckets interpolated (each bucket at its
    middle, 80 at 80), so a card's points move it."""
    d = min(3, max(1, dist))
    x = min(80, max(0, count))
    if x <= 10:
        return BEATEN[(d, 0)]
    i = min(3, int((x - 10) // 20))
    lo, hi = 20 * i + 10, (20 * i + 30 if i < 3 else 80)
    f = min(1.0, (x - lo) / (hi - lo))
    a, b = BEATEN[(d, i)], BEATEN[(d, i + 1)]
    return (a[0] + f * (b[0] - a[0]), a[1] + f * (b[1] - a[1]), a[2] + f * (b[2] - a[2]))


def throw_values(
    v: PlayerView, rules: HandRules, rests: list[list[Card]], dist: int, chances: list[float]
) -> list[float] | None:
    """Pool or Deals at two: for each hand kept (``rests``, ``dist`` from a declaration)
    with its chance to win the deal, the chance to win the game: the deal won, the other's
    count added (``DEAL_LOSS``); lost, the hand's (:func:`beaten_at`, by its count). None
    elsewhere (Points, more players)."""
    after = game_after(v) if THROWS else None
    if after is None:
        return None
    won = _if_won(after)
    out = []
    for rest, chance in zip(rests, chances):
        r = min(1.0, max(0.0, chance))
        beaten = beaten_at(dist, best_arrangement(rest, rules).penalty)
        out.append(r * won + (1 - r) * _if_beaten(after, beaten))
    return out


def game_after(v: PlayerView) -> Callable[[float, float], float] | None:
    """Pool or Deals with one other player in the game and the deal: the chance to win the
    game once this deal has added ``mine`` points to one's count and ``theirs`` to the
    other's (as a function of the two); None elsewhere (more players, Points)."""
    fmt = getattr(v.options, "format", "points")
    if fmt == "points":
        return None
    others = [q for q in range(len(v.players)) if q != v.player and not v.eliminated[q]]
    if len(others) != 1 or v.out[others[0]]:
        return None
    me, other = v.scores[v.player], v.scores[others[0]]
    if fmt == "deals":
        left = max(0, v.options.deals - v.round_no)
        margin = me - other
        return lambda mine, theirs: deals_value(round(margin - 2 * mine + 2 * theirs), left)
    limit = v.options.pool_limit
    return lambda mine, theirs: pool_value(me + mine, other + theirs, limit)


def drop_chances(v: PlayerView, hand: list[Card], rules: HandRules) -> tuple[float, float] | None:
    """Pool or Deals with one other player in the game (and the deal): the chance to win the
    game after a drop now, and after playing the deal on; None elsewhere (more players,
    Points, or no drop allowed)."""
    after = game_after(v)
    found = variant_of(v.variant).drop_cost(v, v.player)
    if after is None or found is None:
        return None
    dist = distance(hand, rules.melds.wild_rank)
    count = best_arrangement(hand, rules).penalty
    p = win_chance(dist, v.turn // 2, 1)
    play_on = p * _if_won(after) + (1 - p) * _if_beaten(after, beaten_counts(dist, count))
    return after(found[1], 0), play_on


def drop_better(v: PlayerView, hand: list[Card], rules: HandRules) -> bool | None:
    """Pool or Deals with one other player in the game (and the deal): True when the drop
    leaves a better chance to win the game than playing on, False when it does not; None
    elsewhere (more players, Points)."""
    chances = drop_chances(v, hand, rules) if SCORES else None
    if chances is None:
        return None
    drop, play_on = chances
    # a drop that wins the game for certain is taken (the beaten counts are rough)
    return drop >= 1.0 or drop > play_on + SLACK
