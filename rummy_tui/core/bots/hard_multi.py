"""The ``hard`` computer player in the multi-deck games (issue 15): Indian Rummy and Remigio
(both presets), where melds stay in the hand and a deal is a race to declare or close.

It sees only its :class:`~.state.PlayerView`; the unseen cards and the other players' known
picks come from :class:`~.hard._Knowledge`. It re-chooses ``normal``'s draw (top discard
or stock) and discard; the rest (declaring, closing, dropping) is ``normal``'s, but Indian
Points (one deal decides the game: ``hard`` plays every hand out, but a stalled deal,
``GIVE_UP_TURN``) and Pool and Deals at two (the drop by the chance to win the game).

- Indian: a race (indian_race.py, issue 29): normal's draw, or an open card that leaves the
  hand as near with many more outs; among the throws that leave the hand nearest a
  declaration, the one that declares soonest along sampled draws, less the chance to feed
  the next player. With ``P["race"]`` off, the older play below: MinDist first
  (mindist.py: the least number of cards to replace for a valid declaration). It takes the open card when its best throw then leaves the hand nearer a
  declaration, else draws from the stock, and throws a card that leaves the hand as near
  as any throw (of the ``NEAREST`` likeliest); the rollouts choose among the throws that
  MinDist finds as near (with MinDist off, the draw too). Own-hand rollouts: a fixed number
  of sequences of unseen cards is sampled (the same for every candidate: common random
  numbers); along each, the hand draws alone for six turns and throws as ``normal`` would,
  and a rollout scores the hand's value at its end, or a relief if it could declare on the
  way (the sooner the more). The draw (an open card that makes or half-builds a meld,
  against the stock) is weighed along up to 24 sequences; every discard candidate along
  the same ones, then the two best along up to 72. The
  sequences are played one at a time, and none is begun once the decision has searched a
  fixed count of hands (``P["searches"]``): the turn's time is bounded by a count, never a
  clock. An Indian Points game is won by the first declaration, so speed counts, points
  little; a 2-player deal lasts about 11 turns, so six draws see most of it.
- Remigio: an expectimax over the next stock card (every unseen card, weighed by its
  count), the hand valued by its dead cards and their points weighed three times (a loser pays
  them; twice at three or more seats of the elimination game, ``REMIGIO_TABLE``), less a
  relief for each dead card with a partner among the other dead cards; the eight costliest
  dead cards are tried as the discard.

A hand's value: points per dead card (a card fewer to meld is a turn nearer to going out),
the dead cards' points, and (Indian) a charge when no pure sequence is made; a discard that
the next player is seen collecting is charged too. The work per decision is a fixed count
(no clock), so a seed gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from . import hard
from ..arrange import best_arrangement
from ..cards import Card
from ..engine import is_legal
from ..hand_rules import HandRules
from ..melds import partners
from ..registry import variant_of
from ..state import Action, Discard, DrawStock, PlayerView, TakeDiscard
from ..variants.indian import Drop
from .indian_play import takes_open_card
from .indian_pool import drop_better
from .indian_race import race_discard, race_draw
from .mindist import mindist

P: dict[str, Any] = {
    "dead": 12,  # points per dead card: a card fewer to meld is a turn nearer to going out
    "val": 1.0,  # weight of the dead cards' points
    "no_pure": 25,  # Indian: no pure sequence
    # unseen cards the one-ply expectimax weighs (None: every one); Indian's rollouts draw
    # from every unseen card, and its sample only takes its draws from the random numbers
    "samples": 30,
    "candidates": 4,  # the costliest dead cards tried as the discard (and normal's)
    "partner": 0,  # relief per dead natural with a partner among the other dead naturals
    "danger": True,  # charge a discard the next player is seen collecting
    "mode": "roll",  # "roll": own-hand rollouts; "ply": the one-ply expectimax
    "rolls": 24,  # sampled stock sequences each candidate is played along (the same for all)
    "final_rolls": 72,  # and the "keep" best discards after those, along 48 more
    "keep": 2,
    "min_rolls": 4,  # sequences played whatever the budget says
    # hands a decision may search (arrangement searches not cached within it, about 0.1 to
    # 0.3 ms each): the draw half of it; a count, not a clock (the same game for a seed)
    "searches": 120,
    # Indian: draws and discards chosen by MinDist (mindist.py) first, the rollouts choosing
    # among the ones as near a declaration
    "mindist": True,
    # Indian: the discard by outs and feeding (indian_race.py) among the nearest throws
    "race": True,
    "depth": 6,  # draws per rollout (a 2-player deal lasts about 11 turns: 5 or 6 draws each)
    "done": 60,  # relief for a hand that goes out within the rollout
    "step": 12,  # and per draw to spare
}
"""The search's settings and the hand value's weights, Indian Rummy's (tuned with
bench/bench_bots.py)."""
REMIGIO = {
    "mode": "ply", "val": 3, "candidates": 8, "partner": 5, "samples": None, "mindist": False
}
"""Remigio's changes to them: a loser pays its points (times the closer's multiplier), so
they weigh more, and the rollouts (which keep half-built melds, high cards included) lost
there: 32.5% of 40 games against normal (seed 555), where the one-ply expectimax won 47.5%
of 80, 62.5% with the points weighed double and 65.0% with them weighed three times. Eight
discard candidates and a relief for a dead card with a partner (a half-built set or run, a
draw nearer a meld than a lone card) then took it from 59.3% to 62.9% of the same 1,000
games (seed 1001; bench/README.md). Weighing every unseen card instead of a sample of 30 won
62.1% of 2,000 games on two seeds no setting was chosen on (11011, 13013), at about twice the
CPU (p99 55 ms a decision)."""

REMIGIO_TABLE = {"val": 2}
"""The elimination game at three or more seats: the dead cards' points weighed twice (speed
counts more against three): 34.7% of 2,400 games against 33.8% with 3 (bench/README.md)."""

GIVE_UP_TURN = 200
"""Indian: a deal this long has stalled: drop rather than play on for ever."""


def hard_multi(v: PlayerView, rng: random.Random, normal_action: Action) -> Action:
    """``hard``'s action in Indian Rummy and Remigio, given ``normal``'s for the same view."""
    rs = variant_of(v.variant)
    p = P if Drop in rs.actions else {**P, **REMIGIO}
    if p is not P and len(v.players) >= 3 and rs.elimination_limit(v.options) is not None:
        p = {**p, **REMIGIO_TABLE}
    if v.phase == "draw" and Drop in rs.actions and is_legal(v, Drop()):
        if v.turn >= GIVE_UP_TURN:
            return Drop()
        if isinstance(normal_action, Drop) and p["race"] and _one_deal(v):
            # Points is one deal: a drop gives the game away (16 drops in 200 two-deck
            # games against the MinDist agent), so hard plays every hand out
            normal_action = _draw_instead(v, rs.rules_for(v))
        elif p["race"] and (better := drop_better(v, v.hand, rs.rules_for(v))) is not None:
            # Pool and Deals at two: the drop by the chance to win the game (indian_pool.py)
            if better:
                return Drop()
            if isinstance(normal_action, Drop):
                normal_action = _draw_instead(v, rs.rules_for(v))
    if isinstance(normal_action, (DrawStock, TakeDiscard)):
        if p["mindist"] and p["race"]:
            # normal's (the open card when it brings the hand nearer by the exact distance,
            # evaluate.py; mindist.py's bounds passed 3.3% of such cards, 200 games), or an
            # open card that leaves it as near with many more outs (indian_race.py)
            return race_draw(v, rs.rules_for(v), normal_action)
        if v.discard and v.stock_count:
            return _roll_draw(v, rng, p) if p["mode"] == "roll" else _draw(v, rng, p)
        return normal_action
    if isinstance(normal_action, Discard):
        if p["mindist"] and p["race"]:
            return race_discard(v, rs.rules_for(v), normal_action, rng)
        if p["mode"] == "roll":
            return _roll_discard(v, rng, normal_action, p)
        return _discard(v, rng, normal_action, p)
    return normal_action


def _draw_instead(v: PlayerView, rules: HandRules) -> Action:
    """Indian: normal's draw where it would have dropped (the open card when it brings the
    hand nearer, else the stock)."""
    take = bool(v.discard) and is_legal(v, TakeDiscard(1))
    return TakeDiscard(1) if take and takes_open_card(v, v.hand, rules) else DrawStock()


def _one_deal(v: PlayerView) -> bool:
    """Indian Points: the game is the one deal (its winner wins the game)."""
    return getattr(v.options, "format", None) == "points"


class _Eval(hard._Knowledge):
    """The unseen cards (from the view) and the value of a hand: lower is nearer going out."""

    def __init__(self, v: PlayerView, rng: random.Random, p: dict[str, Any]) -> None:
        super().__init__(v, rng, p["samples"])
        self.p = p
        self.declaration = self.rules.declaration
        self._h: dict[tuple[Card, ...], float] = {}

    def value(self, a: Any) -> float:
        """The value of an arrangement of a hand between turns."""
        dead = a.deadwood
        v: float = self.p["val"] * a.penalty + self.p["dead"] * len(dead)
        relief = self.p["partner"]
        if relief:
            wild = self.wild
            naturals = [c for c in dead if not wild(c)]
            v -= relief * sum(1 for c in naturals if partners(naturals, c))
        if self.declaration:
            if not any(m.kind == "run" and m.pure for m in a.melds):
                v += self.p["no_pure"]
        return v

    def hand_value(self, hand: tuple[Card, ...]) -> float:
        found = self._h.get(hand)
        if found is None:
            a = best_arrangement(hand, self.scoring, self.seq_down)
            found = self._h[hand] = self.value(a)
        return found

    def g(self, hand: tuple[Card, ...]) -> float:
        """The value of ``hand`` (one card over size) after its throw (its costliest non-wild
        dead card, or the best of its few dead cards)."""
        found = self._g.get(hand)
        if found is None:
            a = best_arrangement(hand, self.scoring, self.seq_down)
            throws = _throws(a, self, None, 1)
            best = None
            for c in throws:
                i = hand.index(c)
                val = self.hand_value(hand[:i] + hand[i + 1:])
                if best is None or val < best:
                    best = val
            if best is None:
                best = self.value(a)
            found = self._g[hand] = best
        return found

    def expected(self, hand: list[Card]) -> float:
        """The expected value of ``hand`` after a stock draw and the best throw."""
        hand = sorted(hand)
        if not self.total:
            return self.hand_value(tuple(hand))
        base = tuple(hand)
        now = self.hand_value(base)
        values = self.scoring.values
        wild = self.wild
        a = best_arrangement(base, self.scoring, self.seq_down)
        md = max((values[c] for c in a.deadwood if not wild(c)), default=0)
        wilds = sum(1 for c in hand if wild(c))
        ranks = {c % 13 for c in hand if not wild(c)}
        near: set[int] = set()
        for c in hand:
            if not wild(c):
                s, r = divmod(c, 13)
                near.update(s * 13 + (r + d) % 13 for d in (-2, -1, 1, 2))
        total = 0.0
        for u, k in self.unseen:
            if wilds >= 2 or wild(u) or u % 13 in ranks or u in near:
                val = self.g(tuple(sorted(hand + [u])))
            else:
                # it melds with nothing: thrown, or kept for a costlier dead card
                val = now + min(0.0, self.p["val"] * (values[u] - md))
            total += k * val
        return total / self.total


def _declarable(a: Any) -> bool:
    """Indian: the melds hold two sequences, one of them pure."""
    runs = [m for m in a.melds if m.kind == "run"]
    return len(runs) >= 2 and any(m.pure for m in runs)


def _throws(a: Any, k: _Eval, keep: Card | None, most: int) -> list[Card]:
    """Up to ``most`` distinct non-wild dead cards of ``a``, costliest first (any card when
    every card melds)."""
    values = k.scoring.values
    dead = sorted(
        {c for c in a.deadwood if not k.wild(c) and c != keep}, key=lambda c: (-values[c], c)
    )
    if not dead:
        dead = sorted({c for c in a.cards if c != keep}, key=lambda c: (-values[c], c))
    return dead[:most]


def _draw(v: PlayerView, rng: random.Random, p: dict[str, Any]) -> Action:
    """Take the top discard or draw from the stock."""
    top = v.discard[-1]
    if not is_legal(v, TakeDiscard(1)):
        return DrawStock()
    k = _Eval(v, rng, p)
    hand = list(v.hand)
    joined = tuple(sorted(hand + [top]))
    a = best_arrangement(joined, k.scoring, k.seq_down)
    if top in a.deadwood and not k.wild(top):
        return DrawStock()  # it melds with nothing: the stock can only do as well
    stock = k.expected(hand)
    best = None
    for c in _throws(a, k, top, p["candidates"]):
        i = joined.index(c)
        value = k.hand_value(joined[:i] + joined[i + 1:])
        if best is None or value < best:
            best = value
    if best is not None and best < stock:
        return TakeDiscard(1)
    return DrawStock()


def _discard(v: PlayerView, rng: random.Random, normal: Discard, p: dict[str, Any]) -> Action:
    """The discard whose remaining hand expects the best value after the next draw."""
    k = _Eval(v, rng, p)
    return _best_discard(v, k, normal, lambda rest: k.expected(list(rest)))


def _candidates(v: PlayerView, k: _Eval, normal: Discard) -> list[Card]:
    """The discards weighed: the costliest dead cards, then normal's if not among them."""
    a = best_arrangement(tuple(sorted(v.hand)), k.scoring, k.seq_down)
    candidates = [c for c in _throws(a, k, None, k.p["candidates"]) if is_legal(v, Discard(c))]
    if normal.card not in candidates:
        candidates.append(normal.card)
    return candidates


def _nearest(v: PlayerView, k: _Eval, hand: tuple[Card, ...], normal: Discard) -> list[Card]:
    """Indian: the throws that leave the hand nearest a declaration by MinDist, in the order
    of :func:`_candidates` (then the rest by value): the rollouts choose among them."""
    legal = [c for c in _throw_order(k, hand) if is_legal(v, Discard(c))][:NEAREST]
    if not legal:
        return [normal.card]
    dist = {c: mindist(_without(hand, c), k.rules) for c in legal}
    least = min(dist.values())
    near = [c for c in legal if dist[c] == least]
    values = k.scoring.values
    order = [c for c in _candidates(v, k, normal) if c in near]
    order += sorted((c for c in near if c not in order), key=lambda c: (-values[c], c))
    return order[: k.p["candidates"]]


NEAREST = 9
"""Indian: the throws whose MinDist is worked out (in :func:`_throw_order`'s order): a card
with many partners is seldom the nearest throw, and each costs a search of its own."""


def _throw_order(k: _Eval, hand: tuple[Card, ...]) -> list[Card]:
    """The hand's distinct cards, the naturals with the fewest partners first (the likeliest
    throws), then the other naturals, then the wild cards (thrown only when nothing else is
    as near)."""
    values = k.scoring.values
    wild = k.wild
    naturals = [c for c in hand if not wild(c)]
    return sorted(set(hand), key=lambda c: (wild(c), partners(naturals, c), -values[c], c))


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _charge(k: _Eval, card: Card) -> float:
    """The charge for feeding ``card`` to the next player (when the settings ask for it)."""
    return k.danger(card) if k.p["danger"] else 0.0


def _best(candidates: list[Card], values: list[float]) -> Card:
    """The candidate of least value, the first of equals (within rounding)."""
    best_card, best_value = candidates[0], values[0]
    for c, value in zip(candidates[1:], values[1:]):
        if value < best_value - 1e-9:
            best_card, best_value = c, value
    return best_card


def _best_discard(
    v: PlayerView, k: _Eval, normal: Discard, worth: Callable[[tuple[Card, ...]], float]
) -> Action:
    """Among normal's discard and the costliest dead cards, the one whose remaining hand
    is worth least (plus the charge for feeding the next player)."""
    candidates = _candidates(v, k, normal)
    if len(candidates) <= 1:
        return normal
    hand = tuple(sorted(v.hand))
    values = [worth(_without(hand, c)) + _charge(k, c) for c in candidates]
    return Discard(_best(candidates, values))


# --- own-hand rollouts ----------------------------------------------------------------------


class _Roller(_Eval):
    """Plays the hand alone for a few stock draws along sampled sequences of unseen cards
    (the same sequences for every candidate), throwing as ``normal`` does: the dead card with
    the fewest partners, then the costliest. The score of a rollout is the hand's value at
    its end, or a relief when it went out on the way; lower is better."""

    def __init__(self, v: PlayerView, rng: random.Random, p: dict[str, Any]) -> None:
        super().__init__(v, rng, p)
        pool = [c for c, k in self.all_unseen for _ in range(k)]
        depth = min(self.p["depth"], max(1, v.stock_count))
        rolls = max(self.p["rolls"], self.p["final_rolls"])
        self.seqs = [rng.sample(pool, min(depth, len(pool))) for _ in range(rolls)]
        self._step: dict[tuple[Card, ...], tuple[bool, tuple[Card, ...]]] = {}
        self.searches = 0
        """Hands searched (not found in this decision's caches): the work done so far."""

    def hand_value(self, hand: tuple[Card, ...]) -> float:
        if hand not in self._h:
            self.searches += 1
        return super().hand_value(hand)

    def step(self, hand: tuple[Card, ...]) -> tuple[bool, tuple[Card, ...]]:
        """(goes out, the hand after normal's throw) for a hand one card over size."""
        found = self._step.get(hand)
        if found is None:
            self.searches += 1
            a = best_arrangement(hand, self.scoring, self.seq_down)
            dead = a.deadwood
            out = len(dead) <= 1 and (not self.declaration or _declarable(a))
            pool = [c for c in dead if not self.wild(c)] or list(dead) or list(hand)
            values = self.scoring.values
            c = min(pool, key=lambda c: (partners(hand, c), -values[c], c))
            i = hand.index(c)
            found = self._step[hand] = (out, hand[:i] + hand[i + 1:])
        return found

    def score(self, hand: tuple[Card, ...], first: Card | None = None) -> float:
        """The mean score of the hand (between turns) over the first ``rolls`` sequences;
        ``first``: a card taken before them (the top discard), which shortens each sequence
        by one."""
        rolls: int = self.p["rolls"]
        return self.sum_scores(hand, first, 0, rolls) / rolls

    def sum_scores(self, hand: tuple[Card, ...], first: Card | None, lo: int, hi: int) -> float:
        """The sum of the hand's scores over the sequences ``lo`` to ``hi``."""
        total = 0.0
        for seq in self.seqs[lo:hi]:
            cards = ([first] + seq[:-1]) if first is not None else seq
            h = hand
            val = None
            for t, u in enumerate(cards):
                out, h = self.step(tuple(sorted(h + (u,))))
                if out:
                    val = -self.p["done"] - self.p["step"] * (len(cards) - 1 - t)
                    break
            total += self.hand_value(h) if val is None else val
        return total


def _searches(v: PlayerView, p: dict[str, Any]) -> int:
    """The hands a decision may search: ``p["searches"]``, less for a two-deck (or larger)
    hand, whose search costs more."""
    rules = variant_of(v.variant).rules_for(v)
    budget: int = p["searches"]
    return budget if rules.max_copies == 1 else budget // 2


def _roll_draw(v: PlayerView, rng: random.Random, p: dict[str, Any]) -> Action:
    """Take the top discard when the rollouts score the hand with it better (both played
    along the same sequences, one at a time, until the decision's searches are spent)."""
    top = v.discard[-1]
    if not is_legal(v, TakeDiscard(1)):
        return DrawStock()
    k = _Roller(v, rng, p)
    hand = tuple(sorted(v.hand))
    a = best_arrangement(tuple(sorted(hand + (top,))), k.scoring, k.seq_down)
    if top in a.deadwood and not k.wild(top):
        naturals = [c for c in hand if not k.wild(c)]
        if not partners(naturals, top):
            return DrawStock()  # it neither melds nor half-builds a meld: the stock
        # a card that half-builds a set or a run brings the hand nearer a declaration
        # (MinDist: 12% of the draws passed such a card when only a made meld was taken)
    if p["mindist"]:
        # nearer a declaration by MinDist after the best throw: take; else the stock, whose
        # card may bring it nearer where the open card does not, and which shows the others
        # nothing (left to the rollouts, 13% of the draws took an open card no nearer)
        now = mindist(hand, k.rules)
        joined = tuple(sorted(hand + (top,)))
        for c in _throw_order(k, hand):
            if mindist(_without(joined, c), k.rules) < now:
                return TakeDiscard(1)  # one card changed: it is one nearer, the most it can be
        return DrawStock()
    budget = _searches(v, p) // 2
    take = stock = 0.0
    for j in range(p["rolls"]):
        if j >= p["min_rolls"] and k.searches >= budget:
            break
        take += k.sum_scores(hand, top, j, j + 1)
        stock += k.sum_scores(hand, None, j, j + 1)
    if take < stock:
        return TakeDiscard(1)
    return DrawStock()


def _roll_discard(
    v: PlayerView, rng: random.Random, normal: Discard, p: dict[str, Any]
) -> Action:
    """The discard whose remaining hand scores best over the rollouts, in two rounds: every
    candidate along the first ``rolls`` sequences, then the ``keep`` best of them along up
    to ``final_rolls`` (the same sequences again and the rest). Most of the work goes where
    the choice is close, which more rollouts per candidate showed is where games are won
    (bench/README.md). The sequences are played one at a time for every candidate left, and
    none is begun once the decision's searches are spent (after ``min_rolls``): a count, so
    the work, and the choice, are fixed by the view and the seed."""
    k = _Roller(v, rng, p)
    hand = tuple(sorted(v.hand))
    if p["mindist"]:
        candidates = _nearest(v, k, hand, normal)
    else:
        candidates = _candidates(v, k, normal)
    if len(candidates) <= 1:
        return Discard(candidates[0]) if candidates else normal
    first, final = p["rolls"], max(p["rolls"], p["final_rolls"])
    budget = _searches(v, p)
    rests = [_without(hand, c) for c in candidates]
    charges = [_charge(k, c) for c in candidates]
    sums = [0.0] * len(candidates)
    played = 0
    for j in range(first):
        if j >= p["min_rolls"] and k.searches >= budget // 2:
            break
        for i, rest in enumerate(rests):
            sums[i] += k.sum_scores(rest, None, j, j + 1)
        played += 1
    ranked = sorted(range(len(candidates)), key=lambda i: (sums[i] / played + charges[i], i))
    kept = sorted(ranked[: p["keep"]])
    for j in range(played, final):
        if k.searches >= budget:
            break
        for i in kept:
            sums[i] += k.sum_scores(rests[i], None, j, j + 1)
        played += 1
    values = [sums[i] / played + charges[i] for i in kept]
    return Discard(_best([candidates[i] for i in kept], values))
