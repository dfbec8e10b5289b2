"""Computer players play whole games, with the game's invariants checked after every action.

``rummy-tui simulate`` (commands/simulate.py) drives :func:`simulate`. The invariants
(issue 3, "Invariants"):

- every card of the deck is in exactly one place (hands, stock, discard pile, table melds,
  the Indian wild joker under the stock);
- hand sizes fit the phase (between turns every player in the deal holds the variant's hand
  size less the cards they laid on the table; the player who has drawn holds one more);
- scores add up (each total is the sum of the round results, and each round's payments
  follow the variant's scoring; Remigio (Fournier)'s balances add up to zero), and every
  revealed hand is its melds plus its deadwood;
- a round and a game always end (an action limit per round and a round limit per game).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import BOT_KINDS, choose_action
from .cards import ALL_CARDS
from .engine import apply, new_game, view
from .state import (
    DrawStock,
    Drop,
    EndOnEmptyStock,
    GameState,
    NextRound,
    PlayerSpec,
    TakeDiscard,
)
from .hand_rules import RuleError
from .registry import variant_of
from .seats import mix

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
        return _LAST_DECK[1]
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
    if state.variant == "remigio-fournier" and sum(state.scores) != 0:
        return f"the balances {state.scores} do not add up to zero"
    if state.phase == "game_over" and state.winner is None:
        return "the game is over without a winner"
    return _limits(state)


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


# --- the simulation ---------------------------------------------------------------------------


@dataclass
class Violation:
    game: int
    seed: int
    round_no: int
    action_no: int
    message: str


@dataclass
class SimulationResult:
    variant: str
    players: int
    games: int
    rounds: int = 0
    turns: int = 0
    actions: int = 0
    invariant_violations: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    violation: Violation | None = None

    def to_json(self) -> dict[str, Any]:
        seconds = round(self.seconds, 3)
        return {
            "variant": self.variant,
            "players": self.players,
            "games": self.games,
            "rounds": self.rounds,
            "turns": self.turns,
            "actions": self.actions,
            "invariant_violations": self.invariant_violations,
            "wins": self.wins,
            "seconds": seconds,
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
        }


def game_seed(seed: int, game: int) -> int:
    """The seed of game number ``game`` (1-based) of a simulation: reproducible alone."""
    return mix(seed, 0x51A1, game) & 0xFFFFFFFF


def seat_names(bots: Sequence[str]) -> list[str]:
    return [f"P{q + 1}-{kind}" for q, kind in enumerate(bots)]


@dataclass
class GameRun:
    state: GameState
    actions: int = 0
    turns: int = 0
    rounds: int = 0
    problem: str | None = None


_TURN_STARTS = (DrawStock, TakeDiscard, Drop, EndOnEmptyStock)


def play_game(
    variant: str,
    bots: Sequence[str],
    seed: int,
    options: Any = None,
    check: bool = True,
) -> GameRun:
    """One whole game by computer players: the final state, the actions applied, the turns
    played and the first violation (or None)."""
    specs = [PlayerSpec(name, kind) for name, kind in zip(seat_names(bots), bots)]  # type: ignore[arg-type]
    state = new_game(variant, specs, seed=seed, options=options)
    rng = random.Random(mix(seed, 0xB075))
    kinds = list(bots)
    run = GameRun(state)
    if check:
        run.problem = check_invariants(state)
        if run.problem:
            return run
    next_round = NextRound()
    turn_starts = _TURN_STARTS
    actions = turns = 0
    while True:
        phase = state.phase
        if phase == "game_over":
            break
        if phase == "round_over":
            action: Any = next_round
        else:
            p = state.to_move
            action = choose_action(kinds[p], view(state, p), rng)
            if type(action) in turn_starts:
                turns += 1
        try:
            previous, state = state, apply(state, action)
        except RuleError as exc:
            run.problem = (
                f"a {kinds[state.to_move]} bot chose an illegal action {action!r}: {exc}"
            )
            break
        actions += 1
        if check:
            problem = check_invariants(state, previous)
            if problem:
                run.problem = problem
                break
        elif state.round_actions > MAX_ROUND_ACTIONS or state.round_no > MAX_ROUNDS:
            run.problem = check_invariants(state) or "action limit"
            break
    run.state = state
    run.actions = actions
    run.turns = turns
    run.rounds = state.round_no
    return run


def simulate(
    variant: str,
    players: int,
    games: int,
    seed: int,
    options: Any = None,
    bots: Sequence[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` whole games; stop at the first violation."""
    if bots is None or not bots:
        kinds = ["easy"] * players
    elif len(bots) == 1:
        kinds = list(bots) * players
    elif len(bots) == players:
        kinds = list(bots)
    else:
        raise RuleError(f"--bots names {len(bots)} players but --players is {players}")
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise RuleError(f"unknown bot {kind!r} (choose from {', '.join(BOT_KINDS)})")
    variant_of(variant).check_players(players)
    names = seat_names(kinds)
    result = SimulationResult(variant, players, games, wins={n: 0 for n in names})
    start = time.perf_counter()
    for game in range(1, games + 1):
        gseed = game_seed(seed, game)
        run = play_game(variant, kinds, gseed, options)
        result.actions += run.actions
        result.rounds += run.rounds
        result.turns += run.turns
        if run.problem is not None:
            result.invariant_violations += 1
            result.violation = Violation(game, seed, run.rounds, run.actions, run.problem)
            break
        if run.state.winner is not None:
            result.wins[names[run.state.winner]] += 1
        if progress is not None:
            progress(game)
    result.seconds = time.perf_counter() - start
    return result

