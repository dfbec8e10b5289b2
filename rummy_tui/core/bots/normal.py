"""The easy and normal computer players, and the helpers of their choices that the hard
players reuse (what fits, what to throw, when to drop). They see only a
:class:`~rummy_tui.core.state.PlayerView` (their own hand, the table, the discard pile,
counts), never another hand or the stock order. :mod:`rummy_tui.core.bots` dispatches.

- ``easy``: plausible but weak. It takes the top discard when it seems to fit (a pair or a
  suit neighbour) about half the time, lays down the melds it finds, closes or declares when
  its hand is complete, and otherwise throws a random dead card. It never drops.

Neither misses a finish: before each discard every card is tried for a declaration or a
close (``_finish``), whatever the least-points arrangement leaves dead.
- ``normal``: plays through the arrangement search. It takes a discard only when that makes
  its hand better, melds, lays off, throws its costliest dead card, closes or declares as soon
  as it can, and uses Remi's top-three pick-up. In Indian it plays for the declaration
  (mindist.py): it takes the open card when it brings the hand nearer a declaration
  (MinDist), throws the card that leaves the hand nearest (ties: the card fewest unseen
  cards group with, then the costliest), and drops only when playing on loses more on
  expectation than the drop costs. In Basic Rummy "costliest
  dead card" means the costliest of the dead cards with the fewest partners (cards of its
  rank, or of its suit within two ranks): a dead king next to a dead queen is a half-built
  run, kept over a lone nine (bench/README.md, "The normal bot's discard").
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import Card
from ..arrange import ArrangedMeld, best_arrangement
from ..engine import is_legal, legal_discards
from ..melds import classify, partners
from ..state import Action, Discard, DrawStock, LayOff, Meld, PlayerView, TakeDiscard
from ..variants.indian import Drop
from ..variants.remi import EndOnEmptyStock
from ..hand_rules import HandRules, relaxed
from ..registry import variant_of
from .indian_play import best_discard, should_drop, takes_open_card
from .mindist import distance

_DRAW = DrawStock()
_TAKE = TakeDiscard(1)


# --- shared helpers ----------------------------------------------------------------------------


def _rules(v: PlayerView) -> HandRules:
    return variant_of(v.variant).rules_for(v)




def _fits(hand: Sequence[Card], card: Card) -> bool:
    """A quick guess: ``card`` pairs with a card of its rank or sits next to one of its suit."""
    if card == 52:
        return True
    rank = card % 13
    near = (card - 1, card + 1, card - 2, card + 2)
    suit = card // 13
    for c in hand:
        if c == 52:
            return True
        if c % 13 == rank or (c in near and c // 13 == suit):
            return True
    return False


def _remi_pickups(v: PlayerView) -> list[TakeDiscard]:
    out = []
    for depth in variant_of(v.variant).pickup_depths:
        if depth > len(v.discard):
            break
        action = TakeDiscard(depth)
        if is_legal(v, action):
            out.append(action)
    return out


def _melds_to_lay(v: PlayerView, hand: list[Card], rules: HandRules) -> Action | None:
    """The first meld of the best arrangement that the rules let the player lay now."""
    rs = variant_of(v.variant)
    seq_down = rs.sequence_down(v, v.player)
    must = rs.card_to_meld(v)
    if must is not None:
        # Remi: the card taken from the discard pile is melded first
        arrangement = best_arrangement(hand, rules, seq_down)
        for m in arrangement.melds:
            if must in m.cards and is_legal(v, Meld(m.cards)):
                return Meld(m.cards)
        others = [c for c in hand if c != must]
        trios = [
            (must, others[i], others[j])
            for i in range(len(others))
            for j in range(i + 1, len(others))
        ]
        for trio in trios:
            if classify(trio, rules.melds) is not None and is_legal(v, Meld(trio)):
                return Meld(trio)
        # a set pick-up with no sequence down: lay a sequence from the hand first
        for i in range(len(others)):
            for j in range(i + 1, len(others)):
                for k in range(j + 1, len(others)):
                    run = (others[i], others[j], others[k])
                    shape = classify(run, rules.melds)
                    if shape is not None and shape.kind == "run" and is_legal(v, Meld(run)):
                        return Meld(run)
        return None
    arrangement = best_arrangement(hand, rules, seq_down)
    # a sequence first: in Remi it lets the sets follow in the same turn
    for m in sorted(arrangement.melds, key=lambda m: m.kind != "run"):
        action = Meld(m.cards)
        if is_legal(v, action):
            return action
    return None


def _may_fit(cards: Sequence[Card], card: Card) -> bool:
    """A quick necessary condition for a lay-off (no jokers in Basic Rummy): the rank of a
    set, or the suit of a run next to one of its cards. The engine has the final word."""
    first = cards[0]
    if first % 13 == cards[-1] % 13:  # a set
        return card % 13 == first % 13
    if card // 13 != first // 13:
        return False
    ranks = {c % 13 for c in cards}
    r = card % 13
    return (r - 1) % 13 in ranks or (r + 1) % 13 in ranks


def _lay_off(v: PlayerView, hand: list[Card], candidates: Sequence[Card]) -> Action | None:
    for c in candidates:
        for i, meld in enumerate(v.table):
            if not _may_fit(meld.cards, c):
                continue
            action = LayOff((c,), i)
            if is_legal(v, action):
                return action
    return None


# --- easy --------------------------------------------------------------------------------------


def _easy(v: PlayerView, rng: random.Random) -> Action:
    rs = variant_of(v.variant)
    hand = v.hand
    if v.phase == "draw":
        if rs.pickup_must_meld:  # Remi
            picks = _remi_pickups(v)
            if not v.stock_count:
                return picks[0] if picks else EndOnEmptyStock()
            if picks:
                # a pick-up melds at once, which scores: even the easy bot takes one
                return _normal_remi_draw(v, hand, _rules(v))
            return _DRAW
        if v.discard and _fits(hand, v.discard[-1]) and rng.random() < 0.5:
            return _TAKE
        return _DRAW
    rules = _rules(v)
    if rs.last_discard_closes:
        return _remi_play(v, hand, rules, rng, weak=True)
    if rs.table_melds:
        # Basic Rummy: lay down the melds found, then maybe lay off, then throw at random
        arrangement = best_arrangement(hand, rules)
        for m in arrangement.melds:
            action = Meld(m.cards)
            if is_legal(v, action):
                return action
        dead = list(arrangement.deadwood)
        if rs.lay_off and v.table and dead and rng.random() < 0.5:
            lay = _lay_off(v, hand, dead)
            if lay is not None:
                return lay
    else:
        scoring = relaxed(rules) if rules.declaration else rules
        arrangement = best_arrangement(hand, scoring)
        dead = list(arrangement.deadwood)
        # every card is tried, whatever the least-points arrangement leaves dead
        finish = _finish(v, hand, rules, dead, arrangement.melds)
        if finish is not None:
            return finish
    allowed = legal_discards(v, dead) or legal_discards(v, hand)
    return Discard(rng.choice(allowed))


def _finish(
    v: PlayerView,
    hand: list[Card],
    rules: HandRules,
    dead: Sequence[Card],
    melds: Sequence[ArrangedMeld] = (),
) -> Action | None:
    """Close (Remigio) or declare (Indian) if some discard leaves a complete hand.

    ``dead`` and ``melds``: the hand's best arrangement without the declaration condition
    (Indian: ``relaxed(rules)``; elsewhere ``rules``)."""
    rs = variant_of(v.variant)
    order = list(dead) + sorted(set(hand) - set(dead), key=lambda c: -rules.values[c])
    if not rules.specials or not _special_in_reach(hand):
        # Without Remigio's special hands (or none in reach), a discard ``c`` finishes only
        # if the whole hand has an arrangement with ``c`` alone as deadwood (the rest's
        # melds, the declaration met): so the best arrangement of the whole hand meets the
        # declaration and costs at
        # most what ``c`` costs. One search of the whole hand rules out most discards; the
        # first discard of ``order`` that finishes is the same as when all are tried.
        order, sure = _may_finish(hand, rules, order, dead, melds)
    else:
        sure = None
    best: tuple[int, Action] | None = None
    if rs.finish is None:
        return None
    finish = rs.finish_with
    # with special hands (Remigio) the best multiplier wins; otherwise the first that goes out
    closes = rules.specials
    for c in order:
        if c == sure and not closes:
            return finish(c)
        rest = list(hand)
        rest.remove(c)
        arrangement = best_arrangement(rest, rules)
        if arrangement.can_go_out:
            action = finish(c)
            if not closes:
                return action
            score = arrangement.multiplier or 1
            if best is None or score > best[0]:
                best = (score, action)
    return None if best is None else best[1]


_COST_W = 64
"""The arrangement search's cost of a deadwood card: value * 64 + 1 (core/arrange/search.py)."""


def _may_finish(
    hand: list[Card],
    rules: HandRules,
    order: list[Card],
    dead: Sequence[Card],
    melds: Sequence[ArrangedMeld],
) -> tuple[list[Card], Card | None]:
    """The discards of ``order`` that may leave a complete hand (no special hands): those
    whose deadwood cost is at least that of the whole hand's best arrangement, when that
    arrangement meets the declaration (Indian). A necessary condition only: each one left
    is still searched. And a discard sure to finish: the one deadwood card of the whole
    hand's best arrangement, whose melds are then the rest of the hand, complete.

    ``dead`` and ``melds`` (the best arrangement without the declaration condition) are
    the whole hand's best arrangement when they meet the declaration anyway: no search."""
    if not rules.declaration or _meets_declaration(melds, rules):
        deadwood: Sequence[Card] = dead
    else:
        whole = best_arrangement(hand, rules)
        if not whole.melds:
            return [], None  # no arrangement of the hand meets the declaration, nor of a part
        deadwood = whole.deadwood
    values = rules.values
    least = sum(values[c] * _COST_W + 1 for c in deadwood)
    sure = deadwood[0] if len(deadwood) == 1 else None
    return [c for c in order if values[c] * _COST_W + 1 >= least], sure


def _meets_declaration(melds: Sequence[ArrangedMeld], rules: HandRules) -> bool:
    """Indian: two sequences, one of them pure (each meld classified again)."""
    runs = 0
    pure = False
    for m in melds:
        shape = classify(tuple(m.cards), rules.melds)
        if shape is not None and shape.kind == "run":
            runs += 1
            pure = pure or shape.pure
    return runs >= 2 and pure


# --- normal ------------------------------------------------------------------------------------


def _normal(v: PlayerView, rng: random.Random) -> Action:
    rs = variant_of(v.variant)
    rules = _rules(v)
    hand = v.hand
    if v.phase == "draw":
        if Drop in rs.actions and is_legal(v, Drop()):
            if should_drop(v, hand, rules):
                return Drop()
        if rs.pickup_must_meld:
            return _normal_remi_draw(v, hand, rules)
        if v.discard and rules.declaration:
            return _TAKE if takes_open_card(v, hand, rules) else _DRAW
        if v.discard and _improves(v, hand, v.discard[-1], rules):
            return _TAKE
        return _DRAW
    if rs.last_discard_closes:
        return _remi_play(v, hand, rules, rng, weak=False)
    if rs.table_melds:
        action = _melds_to_lay(v, hand, rules)
        if action is not None:
            return action
        arrangement = best_arrangement(hand, rules, rs.sequence_down(v, v.player))
        dead = sorted(arrangement.deadwood, key=lambda c: -rules.values[c])
        if rs.lay_off and v.table:
            action = _lay_off(v, hand, dead)
            if action is not None:
                return action
        allowed = legal_discards(v, dead) or legal_discards(v, hand)
        return Discard(min(allowed, key=lambda c: (partners(hand, c), -rules.values[c], c)))
    # Remigio and Indian: melds stay in the hand
    if rules.declaration and distance(hand, rules.melds.wild_rank, 0, 1):
        # MinDist is 0 exactly when some discard leaves a declaration (tests/core/
        # test_mindist.py): none to look for, card by card
        return Discard(best_discard(v, hand, rules))
    scoring = relaxed(rules) if rules.declaration else rules
    arrangement = best_arrangement(hand, scoring)
    dead = list(arrangement.deadwood)
    # every card is tried, whatever the least-points arrangement leaves dead (issue 29: a
    # declaration hid behind three dead cards)
    finish = _finish(v, hand, rules, dead, arrangement.melds)
    if finish is not None:
        return finish
    if rules.declaration:
        return Discard(best_discard(v, hand, rules))
    return Discard(_costliest(hand, dead, scoring, rules.declaration, arrangement.melds))


def _costliest(
    hand: list[Card],
    dead: list[Card],
    rules: HandRules,
    keep_wild: bool,
    melds: Sequence[ArrangedMeld] = (),
) -> Card:
    """The dead card whose loss leaves the best hand: the highest value, jokers kept.

    When every card is melded (``melds``: the hand's best arrangement under ``rules``), the
    card whose removal costs least, a natural before a joker: the first natural that leaves
    a hand counting nothing, as soon as one is found. A natural whose meld stays a meld
    without it is one such, so the cards after the first of those are never searched."""
    values = rules.values
    wild = rules.melds.is_joker
    pool = [c for c in dead if not wild(c)] or dead
    if not pool:
        # every card is melded: throw the card whose removal costs least
        spare = _spare_natural(melds, rules)
        best_card, best_pen = hand[0], None
        for c in sorted(set(hand)):
            if spare is not None and c >= spare:
                return spare  # nothing after it can cost less, nor a natural as little
            rest = list(hand)
            rest.remove(c)
            pen = best_arrangement(rest, rules).penalty
            if best_pen is None or pen < best_pen or (pen == best_pen and wild(best_card)):
                best_card, best_pen = c, pen
            if pen == 0 and not wild(c):
                return c  # the least a hand can count, and ties keep the first natural
        return best_card
    return max(pool, key=lambda c: (values[c], c))


def _spare_natural(melds: Sequence[ArrangedMeld], rules: HandRules) -> Card | None:
    """The lowest natural card whose meld is still a meld without it (or None)."""
    wild = rules.melds.is_joker
    spare = None
    for m in melds:
        cards = m.cards
        if len(cards) <= 3:
            continue
        for i, c in enumerate(cards):
            if wild(c) or (spare is not None and c >= spare):
                continue
            if classify(cards[:i] + cards[i + 1 :], rules.melds) is not None:
                spare = c
    return spare


def _special_in_reach(hand: list[Card]) -> bool:
    """Remigio: 10 of one suit or one rank (jokers count) might close as a special hand."""
    jokers = sum(1 for c in hand if c == 52)
    suits = [0] * 4
    ranks = [0] * 13
    for c in hand:
        if c != 52:
            suits[c // 13] += 1
            ranks[c % 13] += 1
    return max(suits) + jokers >= 10 or max(ranks) + jokers >= 10


def _improves(v: PlayerView, hand: list[Card], card: Card, rules: HandRules) -> bool:
    """Would taking ``card`` (and throwing the costliest dead card) lower the hand's count?"""
    scoring = relaxed(rules) if rules.declaration else rules
    now = best_arrangement(hand, scoring)
    joined = list(hand) + [card]
    after = best_arrangement(joined, scoring)
    if card in after.deadwood:
        return False
    dead = [c for c in after.deadwood if c != card]
    throw = max((scoring.values[c] for c in dead), default=0)
    return after.penalty - throw < now.penalty


def _remi_play(v: PlayerView, hand: list[Card], rules: HandRules, rng: random.Random, weak: bool) -> Action:
    """Indonesian Remi after the draw. Melds score on the table and count against the hand,
    but a player can close (discard the last card, x10 bonus) only from a hand that melds
    all but one card, so a meld that would leave one or two cards after the discard is held
    back while the stock lasts."""
    rs = variant_of(v.variant)
    if rs.card_to_meld(v) is not None:
        action = _melds_to_lay(v, hand, rules)
        if action is not None:
            return action
    seq_down = rs.sequence_down(v, v.player)
    arrangement = best_arrangement(hand, rules, seq_down)
    melds = sorted(arrangement.melds, key=lambda m: m.kind != "run")
    left = len(arrangement.deadwood)
    closing: Card | None = None
    if melds and left == 0:
        # everything melds: keep the card whose loss leaves the rest all melded, close with it
        for c in sorted(set(hand), key=lambda c: -rules.values[c]):
            rest = list(hand)
            rest.remove(c)
            alt = best_arrangement(rest, rules, seq_down)
            if not alt.deadwood:
                closing = c
                melds = sorted(alt.melds, key=lambda m: m.kind != "run")
                left = 1
                break
    in_play = sum(1 for o in v.out if not o)
    if melds and (left == 1 or left >= 4 or v.stock_count <= 4 * in_play):
        for m in melds:
            action = Meld(m.cards)
            if is_legal(v, action):
                return action
    dead = [c for c in arrangement.deadwood] or ([closing] if closing is not None else [])
    if not dead:
        dead = list(hand)
    dead.sort(key=lambda c: (partners(hand, c), -rules.values[c], c))
    if weak and rng.random() < 0.3:
        return Discard(rng.choice(dead[:3]))
    return Discard(dead[0])


def _normal_remi_draw(v: PlayerView, hand: list[Card], rules: HandRules) -> Action:
    picks = _remi_pickups(v)
    if not picks:
        return _DRAW if v.stock_count else EndOnEmptyStock()
    # any pick-up melds at once, which scores; the stock may give nothing
    # the pick-up whose cards leave the least in hand after melding them
    seq_down = variant_of(v.variant).sequence_down(v, v.player)

    def cost(action: TakeDiscard) -> tuple[int, int]:
        joined = list(hand) + list(v.discard[-action.depth :])
        arrangement = best_arrangement(joined, rules, seq_down)
        return (arrangement.penalty, -action.depth)

    return min(picks, key=cost)
