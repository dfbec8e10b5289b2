"""The ``hard`` computer player (issue 15): ``normal``'s play, with its two decisions that
matter most made by an expectimax over the next draw, and in the one-deck games with table
melds (Basic Rummy, Indonesian Remi) the draw, the discard and meld timing played out by
determinised rollouts (rollout.py) between the expectimax's choice and normal's.

It sees only its :class:`~.state.PlayerView`. From the view it works out the unseen cards:
the deck less its own hand, the discard pile, the table melds, the Indian wild card and the
cards another player is known to hold (taken from the discard pile this round, per the log,
and not shown since). Every unseen card is equally likely to be the next card of the stock.

- The draw (not Remi): take the top discard when the hand it makes, after its best throw,
  counts less than the hand expected after a stock draw (by a margin: a taken card tells
  the others what it collects).
- The discard: for each card it may throw, the expected count of the hand after the next
  stock draw and that turn's best throw, over every unseen card weighted by its copies left,
  plus a charge for a card the next player is likely to use (its rank or suit neighbourhood
  was taken from the pile by them this round; less if they refused such a card).

In the other games everything else (melds, closing, declaring, dropping) is ``normal``'s;
Indian Rummy, Remigio and Fournier go to ``hard_multi``. The search is exact over the
unseen card kinds, with a fixed amount of work per decision (no clock), so a seed gives the
same game; the arrangements met within a decision are cached by the arrangement search.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..arrange import best_arrangement
from ..cards import Card
from ..engine import is_legal
from ..events import Discarded, Drew, Event, LaidOff, Melded, Took
from ..hand_rules import relaxed
from ..registry import variant_of
from ..seats import next_seat
from . import rollout
from .indian_play import deck_counts
from .rollout import Policy
from ..state import Action, Discard, DrawStock, LayOff, Meld, PlayerView, TakeDiscard
from ..variants.indian import Drop

SEARCH = True
"""Basic Rummy and Remi: play candidates out (rollout.py); off, the expectimax alone."""
TAKE_MARGIN = 0
"""Points a taken discard must save over the stock's expectation (it shows the others what
the hand collects)."""
DANGER_TAKEN = 4
"""Charge for throwing a card of a rank, or next in suit to a card, the next player took."""
DANGER_REFUSED = -1
"""Relief for a card of a rank the next player refused from the top of the pile."""

NO_PURE = 25
"""Indian: points charged to a hand without a pure sequence."""
GIVE_UP_TURN = 200
"""Indian: a deal this long has stalled (neither hand can come together): drop rather than
play on for ever."""
SAMPLES = 30
"""Unseen cards sampled per decision when the rules have several decks or jokers."""
CANDIDATES = 4
"""Throws weighed per decision with several decks or jokers (the costliest dead cards)."""


def hard(v: PlayerView, rng: random.Random, normal_action: Action, normal: Policy) -> Action:
    """``hard``'s action in Basic Rummy and Remi, given ``normal``'s for the same view and
    ``normal`` itself (the rollouts' policy for every seat; bots passes it, so this module
    does not import bots): the draw, the discard and meld timing are chosen again; every
    other action is kept."""
    rs = variant_of(v.variant)
    if (
        v.phase == "draw"
        and v.turn >= GIVE_UP_TURN
        and Drop in rs.actions
        and is_legal(v, Drop())
    ):
        return Drop()
    if rs.table_melds and SEARCH:
        return _one_deck(v, rng, normal_action, normal)
    if isinstance(normal_action, (DrawStock, TakeDiscard)) and not rs.pickup_must_meld:
        if v.discard and v.stock_count:
            return _draw(v, rng)
        return normal_action
    if isinstance(normal_action, Discard):
        if rs.table_melds and not rs.last_discard_closes and len(v.players) > 2:
            # Basic Rummy at 3+ seats: the expectimax discard lost to normal's (16% of the
            # wins where 25% is even, 600 games at 4 players), so normal's is kept
            return normal_action
        return _discard(v, rng, normal_action)
    return normal_action


def _one_deck(
    v: PlayerView, rng: random.Random, normal_action: Action, normal: Policy
) -> Action:
    """Basic Rummy and Remi: the expectimax's choice, or a few candidates played out
    (rollout.py)."""
    rs = variant_of(v.variant)
    k = _Knowledge(v, rng)
    if v.phase == "draw":
        if not rs.pickup_must_meld:
            if not (v.discard and v.stock_count):
                return normal_action
            base = _draw(v, rng)
            top = v.discard[-1]
            a = best_arrangement(tuple(sorted(v.hand + [top])), k.scoring, k.seq_down)
            if top in a.deadwood:
                return base  # the discard melds with nothing: the stock
        else:
            base = normal_action
        candidates = rollout.draw_candidates(v, base, normal_action)
    elif isinstance(normal_action, (Discard, Meld, LayOff)):
        base = normal_action
        expect = None
        if isinstance(normal_action, Discard):
            found = _discard(v, rng, normal_action)
            expect = found.card if isinstance(found, Discard) else None
            if expect is not None and len(v.players) == 2:
                base = Discard(expect)
        candidates = rollout.play_candidates(v, normal_action, expect, k.rules)
    else:
        return normal_action
    if not candidates:
        return base
    found_worlds = rollout.worlds(v, k.taken, k.unseen, rng)
    if found_worlds is None:
        return base
    return rollout.choose(v, candidates, found_worlds, normal)


# --- what the view shows ------------------------------------------------------------------------


class _Knowledge:
    """The unseen cards and the next player's known picks, read from one view."""

    def __init__(
        self, v: PlayerView, rng: random.Random, samples: int | None = SAMPLES
    ) -> None:
        self.v = v
        rules = variant_of(v.variant).rules_for(v)
        self.rules = rules
        self.scoring = relaxed(rules) if rules.declaration else rules
        self.wild = rules.melds.is_joker
        self.seq_down = variant_of(v.variant).sequence_down(v, v.player)
        self.taken, self.refused = _picks(v)
        unseen = Counter(deck_counts(v))
        unseen.subtract(v.hand)
        unseen.subtract(v.discard)
        for meld in v.table:
            unseen.subtract(meld.cards)
        if v.wild_card is not None:
            unseen[v.wild_card] -= 1
        for q, cards in self.taken.items():
            if q != v.player:
                unseen.subtract(cards)
        self.unseen = sorted((c, k) for c, k in unseen.items() if k > 0)
        self.all_unseen = self.unseen
        """Every unseen card with its count (``unseen`` may be a sample of them)."""
        self.exact = rules.max_copies == 1 and rules.max_jokers == 0
        if not self.exact and samples is not None:
            # several decks or jokers: the search is dearer, so a fixed sample of the unseen
            # cards (the same for every candidate) stands for them (``None``: all of them)
            pool = [c for c, k in self.unseen for _ in range(k)]
            if len(pool) > samples:
                pool = sorted(rng.sample(pool, samples))
            self.unseen = sorted(Counter(pool).items())
        self.total = sum(k for _, k in self.unseen)
        # points per dead card added to a hand's count: a card fewer to meld is a turn
        # nearer to going out, which wins the round (each game's own weight)
        self.weight = variant_of(v.variant).bot_count_weight
        self._g: dict[tuple[Card, ...], float] = {}

    def g(self, hand: tuple[Card, ...]) -> float:
        """The count of ``hand`` (one card over size) after its best throw (approximated by
        throwing its costliest non-wild dead card)."""
        found = self._g.get(hand)
        if found is None:
            a = best_arrangement(hand, self.scoring, self.seq_down)
            values = self.scoring.values
            dead = [values[c] for c in a.deadwood if not self.wild(c)]
            if not dead:
                dead = [values[c] for c in a.deadwood]
            w = self.weight * (len(a.deadwood) - 1) if a.deadwood else 0
            found = self._g[hand] = a.penalty - max(dead, default=0) + w + self.unready(a)
        return found

    def expected(self, hand: list[Card]) -> float:
        """The expected count of ``hand`` after a stock draw and the best throw."""
        if not self.total:
            a = best_arrangement(tuple(sorted(hand)), self.scoring, self.seq_down)
            return a.penalty + self.weight * len(a.deadwood) + self.unready(a)
        base = best_arrangement(tuple(sorted(hand)), self.scoring, self.seq_down)
        values = self.scoring.values
        wild = self.wild
        dead_vals = [values[c] for c in base.deadwood if not wild(c)]
        md = max(dead_vals, default=0)
        wilds = sum(1 for c in hand if wild(c))
        ranks = {c % 13 for c in hand if not wild(c)}
        near: set[int] = set()
        for c in hand:
            if c == 52 or wild(c):
                continue
            s, r = divmod(c, 13)
            for d in (-2, -1, 1, 2):
                near.add(s * 13 + (r + d) % 13)
        total = 0.0
        for u, k in self.unseen:
            if wilds >= 2 or u == 52 or wild(u) or u % 13 in ranks or u in near:
                val = self.g(tuple(sorted(hand + [u])))
            else:
                # the card melds with nothing: it is thrown, or replaces a costlier dead card
                vu = values[u]
                val = base.penalty if vu >= md else base.penalty + vu - md
                val += self.weight * len(base.deadwood) + self.unready(base)
            total += k * val
        return total / self.total

    def unready(self, a: Any) -> int:
        """Indian: the charge for an arrangement without a pure sequence (no declaration
        can be made without one, however low the count)."""
        if not self.rules.declaration:
            return 0
        return 0 if any(m.kind == "run" and m.pure for m in a.melds) else NO_PURE

    def danger(self, card: Card) -> float:
        """Charge for throwing ``card`` to the next player."""
        v = self.v
        nxt = next_player(v)
        if nxt is None or self.wild(card):
            return 0.0
        charge = 0.0
        s, r = divmod(card, 13)
        for c in self.taken.get(nxt, ()):
            if c == 52 or self.wild(c):
                continue
            cs, cr = divmod(c, 13)
            if cr == r or (cs == s and min((cr - r) % 13, (r - cr) % 13) <= 2):
                charge = DANGER_TAKEN
                break
        for c in self.refused.get(nxt, ()):
            if c != 52 and c % 13 == r:
                charge += DANGER_REFUSED
                break
        return charge


def next_player(v: PlayerView) -> int | None:
    """Who plays after this seat (the next one still in the deal), or None if nobody does."""
    q = next_seat(v.out, v.player, v.direction)
    return None if q == v.player else q


def round_events(v: PlayerView) -> list[Event]:
    """This round's typed events in the view, oldest first."""
    entries = []
    for e in reversed(v.log):
        if e.round_no != v.round_no:
            break
        entries.append(e)
    entries.reverse()
    return entries


def _picks(v: PlayerView) -> tuple[dict[int, list[Card]], dict[int, list[Card]]]:
    """From this round's events: the cards each player took from the pile and still holds
    (as far as the table shows), and the top discards each player refused (drew from the
    stock instead)."""
    entries = round_events(v)
    taken: dict[int, list[Card]] = {}
    refused: dict[int, list[Card]] = {}
    pile: list[Card] = []
    for e in entries:
        q = e.player
        if q is None or not 0 <= q < len(v.players):
            continue
        if isinstance(e, Discarded):
            pile.append(e.card)
            held = taken.get(q)
            if held and e.card in held:
                held.remove(e.card)
        elif isinstance(e, Took):
            cards = e.cards
            taken.setdefault(q, []).extend(cards)
            del pile[-len(cards):]
        elif isinstance(e, Drew):
            if pile:
                refused.setdefault(q, []).append(pile[-1])
        elif isinstance(e, (Melded, LaidOff)):
            held = taken.get(q)
            if held:
                for c in e.cards:
                    if c in held:
                        held.remove(c)
    return taken, refused


# --- the two decisions ------------------------------------------------------------------------


def _draw(v: PlayerView, rng: random.Random) -> Action:
    """Take the top discard or draw from the stock."""
    top = v.discard[-1]
    if not is_legal(v, TakeDiscard(1)):
        return DrawStock()
    k = _Knowledge(v, rng)
    hand = list(v.hand)
    stock = k.expected(hand)
    joined = sorted(hand + [top])
    a = best_arrangement(tuple(joined), k.scoring, k.seq_down)
    if top in a.deadwood and not k.wild(top):
        return DrawStock()  # it melds with nothing: the stock can only do as well
    # after taking: the best throw other than the card taken, against the stock's card
    # and its best throw on average
    best = None
    throws = sorted(set(joined))
    if not k.exact:
        throws = _costliest_dead(a, k, top) or throws
    for c in throws:
        if c == top and joined.count(c) == 1:
            continue
        rest = tuple(x for i, x in enumerate(joined) if i != joined.index(c))
        ra = best_arrangement(rest, k.scoring, k.seq_down)
        value = ra.penalty + k.weight * len(ra.deadwood) + k.unready(ra)
        if best is None or value < best:
            best = value
    if best is not None and best + TAKE_MARGIN < stock:
        return TakeDiscard(1)
    return DrawStock()


def _costliest_dead(a: Any, k: _Knowledge, keep: Card | None) -> list[Card]:
    """Up to CANDIDATES distinct non-wild dead cards of arrangement ``a``, costliest first."""
    values = k.scoring.values
    dead = sorted(
        {c for c in a.deadwood if not k.wild(c) and c != keep}, key=lambda c: (-values[c], c)
    )
    return dead[:CANDIDATES]


def _discard(v: PlayerView, rng: random.Random, normal: Discard) -> Action:
    """The discard whose remaining hand expects the lowest count after the next draw."""
    hand = list(v.hand)
    k = _Knowledge(v, rng)
    candidates = [c for c in sorted(set(hand)) if is_legal(v, Discard(c))]
    if len(candidates) <= 1:
        return normal
    rs = variant_of(v.variant)
    if rs.last_discard_closes:
        # Remi: normal keeps melds back and may be holding a closing card; choose only
        # among the dead cards normal would consider
        a = best_arrangement(tuple(sorted(hand)), k.rules, k.seq_down)
        dead = set(a.deadwood)
        if normal.card not in dead:
            return normal
        candidates = [c for c in candidates if c in dead]
        if len(candidates) <= 1:
            return normal
    if not k.exact:
        a = best_arrangement(tuple(sorted(hand)), k.scoring, k.seq_down)
        costly = _costliest_dead(a, k, None)
        candidates = [c for c in candidates if c in costly or c == normal.card]
        if len(candidates) <= 1:
            return normal
    best_card, best_value = normal.card, None
    for c in candidates:
        rest = list(hand)
        rest.remove(c)
        value = k.expected(rest) + k.danger(c)
        if best_value is None or value < best_value - 1e-9:
            best_card, best_value = c, value
    return Discard(best_card)
