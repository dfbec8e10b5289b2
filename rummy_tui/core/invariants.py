"""The game's invariants, checked after every action by ``rummy-tui simulate`` and on every
save that is loaded (saves/validation.py). Issue 3, "Invariants":

- every card of the deck is in exactly one place (hands, stock, discard pile, table melds,
  the Indian wild joker under the stock);
- the variant's own state is of its class, with one entry per player in each per-seat field
  (read from the dataclass);
- hand sizes fit the phase (between turns every player in the deal holds the variant's hand
  size less the cards they laid on the table; the player who has drawn holds one more);
- scores add up (each total is the sum of the round results, and each round's payments
  follow the variant's scoring; balances (Remigio Fournier) add up to zero), and every
  revealed hand is its melds plus its deadwood;
- a round and a game always end (an action limit per round and a round limit per game).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import ALL_CARDS
from .registry import variant_of
from .state import GameState, per_seat_fields

MAX_ROUND_ACTIONS = 20_000
"""A round longer than this is reported as a violation ("a round always ends")."""
MAX_ROUNDS = 2_000
"""A game longer than this is reported as a violation ("a game always ends")."""

_DECKS: dict[tuple[str, int, Any], list[int]] = {}
"""Sorted decks by what decides them: the variant, the player count and the (frozen, so
hashable) options. A few entries in all; cleared if it ever holds 64."""
_LAST_DECK: list[Any] = [None, None]
"""(key, deck) of the last call as identities: the same game asks again after each action,
and hashing a pydantic model on every action would cost more than the check itself."""


def _sorted_deck(state: GameState) -> list[int]:
    last_key = _LAST_DECK[0]
    if (
        last_key is not None
        and last_key[2] is state.options
        and last_key[0] == state.variant
        and last_key[1] == len(state.players)
    ):
        last: list[int] = _LAST_DECK[1]
        return last
    key = (state.variant, len(state.players), state.options)
    deck = _DECKS.get(key)
    if deck is None:
        deck = sorted(variant_of(state.variant).deck(state.options, len(state.players)))
        if len(_DECKS) >= 64:
            _DECKS.clear()
        _DECKS[key] = deck
    _LAST_DECK[0], _LAST_DECK[1] = key, deck
    return deck


def check_invariants(state: GameState, previous: GameState | None = None) -> str | None:
    """The first broken invariant of ``state``, in words, or None.

    With ``previous`` (the state before the last action), the finished rounds are checked
    only when one was added: the history is never changed afterwards.
    """
    # every card in exactly one place
    places: list[int] = list(state.stock)
    places += state.discard
    for hand in state.hands:
        places += hand
    for meld in state.table:
        places += meld.cards
    if state.wild_card is not None:
        places.append(state.wild_card)
    places.sort()
    if places != _sorted_deck(state):
        return _card_difference(state, places)
    # the variant's own state fits the game (the hand sizes below may read it)
    problem = variant_state_problem(state)
    if problem:
        return problem
    rs = variant_of(state.variant)
    # hand sizes fit the phase
    if state.phase in ("draw", "play"):
        if state.out[state.to_move]:
            return f"player {state.to_move} is to move but is out of the deal"
        mover = state.to_move
        playing = state.phase == "play"
        for q, hand in enumerate(state.hands):
            if state.eliminated[q]:
                if hand:
                    return f"eliminated player {q} holds {len(hand)} cards"
                continue
            if state.out[q]:
                # Indian: dropped (13 cards) or wrongly declared (14, the finish card kept)
                if len(hand) not in (13, 14):
                    return f"player {q} is out of the deal with {len(hand)} cards"
                continue
            expected = rs.hand_size_between_turns(state, q)
            if playing and q == mover:
                # the player has drawn: one card more (cards laid this turn are subtracted)
                expected += 1
            if len(hand) != expected:
                return (
                    f"player {q} holds {len(hand)} cards in the {state.phase} phase "
                    f"({'their' if q == mover else 'not their'} turn), expected {expected}"
                )
            if not hand:
                return f"player {q} has an empty hand while the round goes on"
        if state.phase == "draw" and not state.stock and rs.empty_stock(state) != "choice":
            return "a turn begins with an empty stock"
    # scores add up
    if previous is not None and previous.history is state.history:
        if state.scores is not previous.scores and state.scores != previous.scores:
            return "the scores changed during a round"
        return _limits(state)
    totals = [0] * len(state.players)
    for result in state.history:
        for q, r in enumerate(result.players):
            totals[q] += r.delta
            if r.total != totals[q]:
                return f"round {result.round_no}: player {q}'s total {r.total} != {totals[q]}"
        problem = _check_payments(state, result) or _check_shown_hands(state, result)
        if problem:
            return f"round {result.round_no}: {problem}"
    if totals != state.scores:
        return f"scores {state.scores} are not the sum of the rounds {totals}"
    if rs.scores_are_balances and sum(state.scores) != 0:
        return f"the balances {state.scores} do not add up to zero"
    if state.phase == "game_over" and state.winner is None:
        return "the game is over without a winner"
    return _limits(state)


def variant_state_problem(state: GameState) -> str | None:
    """The variant's own state is of its class (``Variant.State``), and each per-seat field
    has one entry per player; None if so."""
    cls = variant_of(state.variant).State or type(None)
    vs = state.vs
    if type(vs) is not cls:
        return f"the variant's own state is a {type(vs).__name__}, not a {cls.__name__}"
    if vs is None:
        return None
    n = len(state.players)
    for name in per_seat_fields(type(vs)):
        count = len(getattr(vs, name))
        if count != n:
            return f"state.{state.variant}.{name} has {count} entries for {n} players"
    return None


def _limits(state: GameState) -> str | None:
    if state.round_actions > MAX_ROUND_ACTIONS:
        return f"round {state.round_no} did not end within {MAX_ROUND_ACTIONS} actions"
    if state.round_no > MAX_ROUNDS:
        return f"the game did not end within {MAX_ROUNDS} rounds"
    return None


def _card_difference(state: GameState, places: list[int]) -> str:
    have = Counter(places)
    want = Counter(_sorted_deck(state))
    extra = have - want
    missing = want - have
    parts = []
    if extra:
        parts.append("duplicated: " + " ".join(str(_card(c)) for c in sorted(extra.elements())))
    if missing:
        parts.append("missing: " + " ".join(str(_card(c)) for c in sorted(missing.elements())))
    return "cards not in exactly one place (" + "; ".join(parts) + ")"


def _card(index: int) -> Any:
    return ALL_CARDS[index]


def _check_payments(state: GameState, result: Any) -> str | None:
    """Each round's score changes follow the variant's scoring (a void hand changes none)."""
    if result.ending == "void":
        return None if not any(r.delta for r in result.players) else "a void hand changed the scores"
    return variant_of(state.variant).check_payments(state, result)


def _check_shown_hands(state: GameState, result: Any) -> str | None:
    """Each player's revealed hand is exactly its melds and deadwood (Indonesian Remi: its
    melds are those on the table, and the hand left is all deadwood)."""
    remi = variant_of(state.variant).results_show_table
    for q, r in enumerate(result.players):
        shown = Counter(r.deadwood)
        if not remi:
            for meld in r.melds:
                shown.update(meld)
        if shown != Counter(r.hand):
            return (
                f"player {q}'s result ({r.note or 'lost'}) shows {len(r.hand)} cards but "
                f"{sum(map(len, r.melds)) if not remi else 0} in melds and "
                f"{len(r.deadwood)} deadwood"
            )
    return None
