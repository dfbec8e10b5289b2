"""``normal``'s Indian play by the distance to a declaration (mindist.py, issue 29): the
open card taken when it brings the hand nearer, the discard that leaves it nearest, and the
drop as a decision, from the expected loss of playing on against the drop's cost. Views
only: what it counts as unseen is what the view shows (its hand, the discard pile, the
table, the wild joker card)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable

from ..cards import Card
from ..engine import legal_discards
from ..hand_rules import HandRules
from ..registry import variant_of
from ..state import PlayerView
from .mindist import distance, remember, spare_cards

__all__ = [
    "best_discard", "loss_if_beaten", "should_drop", "takes_open_card", "unseen", "win_chance",
]


# --- what the view shows ------------------------------------------------------------------------


_DECKS: dict[tuple[str, int, object], Counter[Card]] = {}


def deck_counts(v: PlayerView) -> Counter[Card]:
    """The whole deck of this game, card by card with its count (cached; never mutate it)."""
    n = len(v.players)
    key = (v.variant, n, v.options)
    deck = _DECKS.get(key)
    if deck is None:
        if len(_DECKS) >= 64:
            _DECKS.clear()
        deck = _DECKS[key] = Counter(variant_of(v.variant).deck(v.options, n))
    return deck


def unseen(v: PlayerView) -> Counter[Card]:
    """The cards this player has not seen, with their counts: the deck without its own
    hand, the discard pile, the table and the wild joker card shown under the stock."""
    left = Counter(deck_counts(v))
    left.subtract(v.hand)
    left.subtract(v.discard)
    for meld in v.table:
        left.subtract(meld.cards)
    if v.wild_card is not None:
        left[v.wild_card] -= 1
    return left


def _ties(c: Card, live: Counter[Card], is_joker: Callable[[Card], bool]) -> int:
    """Unseen cards that would make a group with ``c``: its rank in another suit, its suit
    within two ranks (what keeping ``c`` may still come to)."""
    if is_joker(c):
        return 99
    rank, suit = c % 13, c // 13
    count = 0
    for x, k in live.items():
        if k <= 0 or x == 52:
            continue
        if x % 13 == rank and x != c or x // 13 == suit and 0 < abs(x % 13 - rank) <= 2:
            count += k
    return count


def best_discard(v: PlayerView, hand: list[Card], rules: HandRules) -> Card:
    """Indian: the discard that leaves the hand nearest a declaration (MinDist); among
    those, the card that had the fewest unseen cards to make a group with, then the
    costliest (the points at risk). A joker only when nothing else may go."""
    wild = rules.melds.wild_rank
    is_joker = rules.melds.is_joker
    least, spare = spare_cards(hand, wild)
    ties = legal_discards(v, spare)
    if not ties:
        # no natural is replaced in a nearest grouping (or none may go): each one tried
        distinct = sorted(set(hand))
        naturals = [c for c in distinct if not is_joker(c)] or distinct
        allowed = legal_discards(v, naturals) or legal_discards(v, distinct) or distinct
        scored = []
        for c in allowed:
            rest = list(hand)
            rest.remove(c)
            scored.append((distance(rest, wild, least, least + 1), c))
        least = min(d for d, _ in scored)
        ties = [c for d, c in scored if d == least]
    if len(ties) == 1:
        choice = ties[0]
    else:
        live = unseen(v)
        values = rules.values
        choice = min(ties, key=lambda c: (_ties(c, live, is_joker), -values[c], c))
    rest = list(hand)
    rest.remove(choice)
    remember(rest, wild, least)
    return choice


def takes_open_card(v: PlayerView, hand: list[Card], rules: HandRules) -> bool:
    """Indian: take the open card whenever it brings the hand nearer a declaration."""
    wild = rules.melds.wild_rank
    now = distance(hand, wild)
    return distance(list(hand) + [v.discard[-1]], wild, now - 1, now) < now


# --- drops ---------------------------------------------------------------------------------------

_BASE = (3.5, 2.3, 0.8, -0.1, -0.6, -1.1)
"""The log-odds of winning a 2-player deal at the deal, by distance (0-5; beyond, 0.5 less
a card), and ``_PACE`` less each turn of one's own: fitted to 2,000 positions of 200 deals
of `normal` against itself (Indian Points, 2 players): at distance 1, 2, 3, 4, 5 it won
91%, 67%, 43%, 34%, 23% of the deals from its first three turns, 72%, 48%, 28%, 17% from
turns 3-5, 65%, 44%, 25% from turns 6-8."""
_PACE = 0.15
_GAIN = 40
"""What a winner collects from each other player in the deal (Points, Deals; in Pool, what
each other player scores): about what a losing hand counted in those deals (35 to 55)."""
_MARGIN = 5
"""The expected loss must pass the drop's cost by a quarter and this many points: a drop
only on a clear loss (the chances are rough, and a drop gives up every chance to win)."""


def win_chance(dist: int, turn: int, opponents: int) -> float:
    """A rough chance to win the deal from this distance, ``turn`` turns of one's own in,
    against ``opponents`` players still in the deal (even odds against one become 1 in
    ``opponents + 1``)."""
    base = _BASE[dist] if dist < len(_BASE) else _BASE[-1] - 0.5 * (dist + 1 - len(_BASE))
    one = 1.0 / (1.0 + math.exp(_PACE * turn - base))
    return one / (1.0 + (max(1, opponents) - 1) * one)


def loss_if_beaten(dist: int, turn: int = 0) -> int:
    """What the hand is likely to count if another player declares: about 40 near a
    declaration early, more far from one and later (the same deals: 35 to 68), at most
    the cap of 80."""
    return min(80, 32 + 4 * dist + (3 * turn) // 2)


def should_drop(v: PlayerView, hand: list[Card], rules: HandRules) -> bool:
    """Indian, before the draw: drop when playing on loses more on expectation than the
    drop costs (20 or 40; Pool 201: 25 or 50), by a clear margin. Playing on: the chance
    to win times what the others would pay (in Points and Deals) or score (in Pool, where
    a winner scores nothing but a pool is won by standing against the others) against the
    chance to lose times what the hand would count."""
    cost = variant_of(v.variant).drop_cost(v, v.player)
    if cost is None:
        return False
    active = sum(1 for o in v.out if not o)
    opponents = max(1, active - 1)
    dist = distance(hand, rules.melds.wild_rank)
    turn = v.turn // max(1, active)
    p = win_chance(dist, turn, opponents)
    gain = _GAIN * opponents
    expected_loss = (1 - p) * loss_if_beaten(dist, turn) - p * gain
    return expected_loss > cost[1] * 1.25 + _MARGIN
