"""The shared steps of a turn and of a round's end, used by the engine and by the variants'
own actions: take cards from a hand, check the phase, log an event (core/events.py), pass
the turn, rebuild the stock, score the round.

Every function here works on ``new``, a fresh copy of the state that the engine owns and
may still change; the given state is never touched.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .cards import ACE, ALL_CARDS, Card
from .events import Eliminated, Event, GameEnded, RoundEnded, StockRanOut, StockRebuilt
from .hand_rules import RuleError
from .registry import variant_of
from .seats import mix, next_seat
from .state import GameState, PlayerView, RoundResult

SYMBOL = [c.symbol() for c in ALL_CARDS]


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(SYMBOL[c] for c in cards)


def name(state: GameState | PlayerView, seat: int) -> str:
    return state.players[seat].name


def remove(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card] | None:
    """``hand`` without ``cards`` (as a multiset), or None if some are not in it."""
    rest = list(hand)
    try:
        for c in cards:
            rest.remove(c)
    except ValueError:
        return None
    return rest


def need_phase(state: GameState | PlayerView, phase: str) -> None:
    if state.phase == phase:
        return
    if state.phase == "play":
        raise RuleError("you have already drawn this turn")
    if state.phase == "draw":
        raise RuleError("draw a card first: from the stock or the discard pile")
    raise RuleError(f"the {variant_of(state.variant).round_word} is over")


def log(state: GameState, event: Event) -> None:
    """Add ``event`` to the log (a new list: states share the log they keep)."""
    state.log = state.log + [event]


def with_hand(hands: list[list[Card]], p: int, cards: list[Card]) -> list[list[Card]]:
    """The hands with seat ``p``'s replaced: a new list, so states share the hands they keep."""
    hands = list(hands)
    hands[p] = cards
    return hands


def replace_seat(values: list, p: int, value: object) -> list:  # type: ignore[type-arg]
    """A per-seat list with seat ``p``'s entry replaced (a new list: states share the old)."""
    values = list(values)
    values[p] = value
    return values


def meld_order(cards: Sequence[Card], kind: str) -> list[Card]:
    """Runs in rank order (an ace after a king plays high); sets by suit."""
    if kind == "set":
        return sorted(cards)
    ranks = {c % 13 + 1 for c in cards}
    high_ace = ACE in ranks and 13 in ranks
    return sorted(cards, key=lambda c: 14 if (high_ace and c % 13 == 0) else c % 13 + 1)


def next_turn(new: GameState) -> None:
    """End the turn of ``new.to_move``; the next player in the deal begins with a draw."""
    v = variant_of(new.variant)
    v.on_turn_end(new)
    new.taken = None
    v.clear_turn(new)
    new.to_move = next_seat(new.out, new.to_move, new.direction)
    new.phase = "draw"
    new.turn += 1
    if not new.stock:
        what = v.empty_stock(new)
        if what == "rebuild":
            rebuild(new)
        elif what == "void":
            log(new, StockRanOut(round_no=new.round_no))
            end_round(new, None, "void", None)
        # "choice" (Remi): the player takes a discard or ends the round


def rebuild(new: GameState) -> None:
    """The discard pile except its top card is shuffled into a new stock."""
    top = new.discard[-1]
    stock = new.discard[:-1]
    new.rebuilds += 1
    random.Random(mix(new.seed, new.round_no, new.rebuilds)).shuffle(stock)
    new.stock = stock
    new.discard = [top]
    variant_of(new.variant).on_rebuild(new)
    log(new, StockRebuilt(round_no=new.round_no))


def end_round(new: GameState, winner: int | None, ending: str, closing: Card | None) -> None:
    """Score the round, eliminate, and end the round or the game."""
    v = variant_of(new.variant)
    results, multiplier, bonus, special = v.score_round(new, winner, ending, closing)
    scores = list(new.scores)
    for q, r in enumerate(results):
        scores[q] += r.delta
        r.total = scores[q]
    new.scores = scores
    result = RoundResult(new.round_no, winner, ending, multiplier, bonus, special, closing, results)
    new.history = new.history + [result]
    new.last_round = result
    before = new.eliminated
    new.eliminated = list(before)
    new.taken = None
    v.clear_turn(new)
    v.eliminate(new)
    deltas = tuple(None if e else r.delta for r, e in zip(results, before))
    log(new, RoundEnded(round_no=new.round_no, deltas=deltas))
    for q, (was, now) in enumerate(zip(before, new.eliminated)):
        if now and not was:
            log(new, Eliminated(round_no=new.round_no, player=q))
    champion = v.game_winner(new)
    if champion is None:
        new.phase = "round_over"
    else:
        new.phase = "game_over"
        new.winner = champion
        log(new, GameEnded(round_no=new.round_no, player=champion))
