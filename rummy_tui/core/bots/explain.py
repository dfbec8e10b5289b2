"""Why a move is good, as facts (issue 29: "the hint teaches"). The app's hint asks ``hard``
for its move and this module for the reasons, and puts them into words; nothing here is
text, nothing here reads the log's words (only its typed events).

The facts come from the arrangement search, on the player's view alone:

- ``finishes``: the move itself ends the round for the player (declare, close), or lets it
  finish this turn (a card taken that completes the hand; a meld or lay-off after which the
  cards left meld but for one to discard);
- ``distance``: after the move, 0 when the hand could finish at once, 1 when one card from
  the stock or the pile would let it finish (draw it, throw one, declare or close or go out),
  else None (further: ``dead`` says how far);
- ``outs``: the unseen cards, copies counted, that would finish it (distance 1) or, further
  away, fit one of its groups; "unseen": not in the player's hand, the discard pile, on the
  table, the wild joker, nor a card another player is known to hold (taken from the pile
  this round and not played since);
- ``dead``: the cards in no group after the move, and before it (the hand's best
  arrangement without Indian's declaration condition);
- ``points``: the hand's count after the move (what it would pay if the round ended now,
  the cap included), and before it; ``card_dead``: the card the move throws was in no group;
  ``drop_cost``: what a drop costs now (Indian); ``game_drop`` and ``game_play``: in Pool
  and Deals with one other player, the chance to win the game after the drop and after
  playing the deal on (indian_pool.py's, what ``hard`` drops by).

Going out in Basic Rummy and Remi is by melding the whole hand, discarding the last card:
one card away is a hand that, with it, melds all but at most one card (lay-offs not
counted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..arrange import Arrangement, best_arrangement
from ..cards import Card
from ..events import Discarded, LaidOff, Melded, Took
from ..hand_rules import HandRules, relaxed
from ..registry import variant_of
from ..state import Action, Discard, DrawStock, LayOff, Meld, PlayerView, TakeDiscard
from ..variants.indian import Declare, Drop
from ..variants.remigio import Close
from .indian_pool import drop_chances

__all__ = ["Reason", "explain", "unseen_cards"]

_COST_W = 64
"""The arrangement search's cost of a deadwood card: value * 64 + 1 (core/arrange/search.py)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """The facts behind a move (see the module's docstring)."""

    action: Action
    card: Card | None
    """The card the move names (thrown, taken, put in the finish slot), or None."""
    finishes: bool = False
    distance: int | None = None
    outs: int = 0
    dead: int = 0
    dead_before: int = 0
    points: int = 0
    points_before: int = 0
    card_dead: bool = False
    drop_cost: int | None = None
    game_drop: float | None = None
    game_play: float | None = None
    melded_points: int = 0
    """A meld or lay-off: the points it takes out of the hand."""


def unseen_cards(v: PlayerView) -> Counter[Card]:
    """The cards the player has not seen where they are, copies counted: the deck less the
    own hand, the discard pile, the table, the wild joker, and the cards others took from
    the pile this round and have not played since (typed events)."""
    left = _deck(v)
    seen: list[Card] = list(v.hand) + list(v.discard)
    for meld in v.table:
        seen.extend(meld.cards)
    if v.wild_card is not None:
        seen.append(v.wild_card)
    held: dict[int, list[Card]] = {}
    for e in v.log:
        if e.round_no != v.round_no or e.player is None or e.player == v.player:
            continue
        if isinstance(e, Took):
            held.setdefault(e.player, []).extend((*e.above, e.card))
        elif isinstance(e, Discarded):
            _forget(held.get(e.player), (e.card,))
        elif isinstance(e, (Melded, LaidOff)):
            _forget(held.get(e.player), e.cards)
    for cards in held.values():
        seen.extend(cards)
    left.subtract(seen)
    return +left  # drops the counts at or below 0


def _forget(known: list[Card] | None, cards: Sequence[Card]) -> None:
    if known is None:
        return
    for c in cards:
        if c in known:
            known.remove(c)


def explain(v: PlayerView, action: Action) -> Reason:
    """The facts behind ``action`` for the player whose view ``v`` is (their turn)."""
    rs = variant_of(v.variant)
    rules = rs.rules_for(v)
    hand = list(v.hand)
    loose = relaxed(rules) if rules.declaration else rules
    before = best_arrangement(hand, loose)
    dead = len(before.deadwood)
    points = best_arrangement(hand, rules).penalty if hand else 0
    base = Reason(action, None, dead=dead, dead_before=dead, points=points, points_before=points)
    if isinstance(action, (Declare, Close)):
        card = action.finish if isinstance(action, Declare) else action.discard
        return replace(base, card=card, finishes=True, distance=0,
                       card_dead=card in before.deadwood)
    if isinstance(action, Drop):
        cost = rs.drop_cost(v, v.player)
        chances = drop_chances(v, hand, rules)
        return replace(base, drop_cost=None if cost is None else cost[1],
                       game_drop=None if chances is None else chances[0],
                       game_play=None if chances is None else chances[1])
    if isinstance(action, (Meld, LayOff)):
        rest = _without(hand, action.cards)
        after = _after(v, rules, loose, rest, base)
        gone = sum(rules.values[c] for c in action.cards)
        # going out by melding: the cards left meld but for one to discard (or none)
        out = rs.finish is None and _finishes(rest, rules, False)
        return replace(after, card=action.cards[0], melded_points=gone, finishes=out)
    if isinstance(action, Discard):
        after = _after(v, rules, loose, _without(hand, (action.card,)), base)
        return replace(after, card=action.card, card_dead=action.card in before.deadwood)
    if isinstance(action, TakeDiscard):
        taken = list(v.discard[-action.depth:])
        card = taken[0]
        joined = hand + taken
        if rs.finish is not None and _finishes(joined, rules, True):
            return replace(base, card=card, finishes=True, distance=0)
        after = _after(v, rules, loose, _best_throw(joined, loose, taken), base)
        return replace(after, card=card,
                       card_dead=card in best_arrangement(joined, loose).deadwood)
    if isinstance(action, DrawStock):
        top = v.discard[-1] if v.discard else None
        fits = top is not None and top not in best_arrangement(hand + [top], loose).deadwood
        return replace(base, card=top, card_dead=not fits)
    return base


def _without(hand: list[Card], cards: Sequence[Card]) -> list[Card]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


def _best_throw(joined: list[Card], loose: HandRules, keep: Sequence[Card]) -> list[Card]:
    """The hand after taking, less its costliest card in no group (not the one taken)."""
    arrangement = best_arrangement(joined, loose)
    dead = [c for c in arrangement.deadwood if c not in keep] or [
        c for c in joined if c not in keep
    ]
    return _without(joined, (max(dead, key=lambda c: (loose.values[c], c)),))


def _after(v: PlayerView, rules: HandRules, loose: HandRules, rest: list[Card],
           base: Reason) -> Reason:
    """The facts of the hand ``rest`` a move leaves: its distance, outs, dead cards, points."""
    rs = variant_of(v.variant)
    closing = rs.finish is not None
    arrangement = best_arrangement(rest, loose)
    unseen = unseen_cards(v)
    finishing = 0
    fitting = 0
    for x, copies in unseen.items():
        joined = rest + [x]
        if _finishes(joined, rules, closing):
            finishing += copies
        elif x not in best_arrangement(joined, loose).deadwood:
            fitting += copies
    distance: int | None = None
    if _complete(rest, rules, closing):
        distance = 0
    elif finishing or _one_away(rest, rules, closing, unseen, _deck(v)):
        distance = 1
    return replace(
        base,
        distance=distance,
        outs=finishing if distance == 1 else fitting,
        dead=len(arrangement.deadwood),
        points=best_arrangement(rest, rules).penalty if rest else 0,
    )


def _complete(hand: list[Card], rules: HandRules, closing: bool) -> bool:
    """The hand as it stands is finished: every card in a meld (Indian: a declaration)."""
    if not hand:
        return True
    arrangement = best_arrangement(hand, rules)
    return arrangement.can_go_out if closing else not arrangement.deadwood


def _deck(v: PlayerView) -> Counter[Card]:
    """The game's deck: each card and its copies."""
    return Counter(variant_of(v.variant).deck(v.options, len(v.players)))


def _one_away(
    hand: list[Card], rules: HandRules, closing: bool, unseen: Counter[Card], deck: Counter[Card]
) -> bool:
    """Some card, seen or not, would let the hand finish (its outs were all seen)."""
    held = Counter(hand)
    for card, copies in sorted(deck.items()):
        if card in unseen or held[card] >= copies:
            continue  # tried already, or no copy of it can come
        if _finishes(hand + [card], rules, closing):
            return True
    return False


def _finishes(hand: list[Card], rules: HandRules, closing: bool) -> bool:
    """This hand (one card over the hand size) finishes this turn: with a finishing move
    (Indian, Remigio) some card set apart leaves a complete hand; else (going out by
    melding) all but at most one card meld."""
    if not closing:
        return len(best_arrangement(hand, rules).deadwood) <= 1
    whole: Arrangement = best_arrangement(hand, rules)
    if rules.specials:
        candidates = sorted(set(hand))
    else:
        # a card c finishes only if the whole hand has an arrangement with c alone as
        # deadwood: so the best arrangement costs at most what c costs (and meets the
        # declaration, when there is one)
        if rules.declaration and not whole.melds:
            return False
        least = sum(rules.values[c] * _COST_W + 1 for c in whole.deadwood)
        candidates = [c for c in sorted(set(hand)) if rules.values[c] * _COST_W + 1 >= least]
    for c in candidates:
        if best_arrangement(_without(hand, (c,)), rules).can_go_out:
            return True
    return False
