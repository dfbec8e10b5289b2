"""Computer players play whole games, with the game's invariants (core/invariants.py)
checked after every action. ``rummy-tui simulate`` (commands/simulate.py) drives
:func:`simulate`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import BOT_KINDS, choose_action
from .engine import apply, new_game, view
from .invariants import MAX_ROUND_ACTIONS, MAX_ROUNDS, check_invariants
from .state import GameState, NextRound, PlayerSpec
from .hand_rules import RuleError
from .registry import variant_of
from .seats import mix
from .text import quote

__all__ = ["MAX_ROUNDS", "MAX_ROUND_ACTIONS", "check_invariants", "play_game", "simulate"]


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
            if phase == "draw":  # a draw, a drop, or Remi's end on an empty stock
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
            raise RuleError(f"unknown bot {quote(kind)} (choose from {', '.join(BOT_KINDS)})")
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

