"""Fixed deals for the engine's scenario tests (no tests here).

``rig`` deals a real game, then replaces the hands, the discard pile, the top of the stock and
the table with the given cards; the rest of the deck goes under the stock in a fixed order, so
every card is still in exactly one place and the invariants hold.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import replace
from typing import Any

from rummy_tui.core.cards import parse_card, parse_cards
from rummy_tui.core.engine import apply
from rummy_tui.core.events import describe
from rummy_tui.core.registry import variant_of
from rummy_tui.core.invariants import check_invariants
from rummy_tui.core.state import GameState, PlayerSpec, TableMeld
from rummy_tui.core.turn import replace_seat
from rummy_tui.core.variants.remi import RemiState
from rummy_tui.core.variants import RuleError


def rig(
    variant: str,
    hands: list[str],
    *,
    discard: str = "",
    stock_top: str = "",
    table: list[tuple[int, str]] | None = None,
    wild: str | None = None,
    options: Any = None,
    to_move: int = 0,
    dealer: int | None = None,
    phase: str = "draw",
    scores: list[int] | None = None,
    seed: int = 1,
    n: int | None = None,
) -> GameState:
    """A game of ``variant`` with these hands (codes, one string per seat).

    ``stock_top`` lists the next cards drawn from the stock, first drawn first; ``discard``
    is bottom to top; ``table`` holds (owner, cards) melds already laid.
    """
    players = n or len(hands)
    state = new_state(variant, players, seed=seed, options=options)
    deck = Counter(variant_of(variant).deck(state.options, players))
    hand_cards = [parse_cards(h) for h in hands] + [[] for _ in range(players - len(hands))]
    discard_cards = parse_cards(discard)
    top_cards = parse_cards(stock_top)
    melds = [(owner, parse_cards(cards)) for owner, cards in (table or [])]
    wild_card = parse_card(wild) if wild else None
    used = [c for h in hand_cards for c in h] + discard_cards + top_cards
    used += [c for _, m in melds for c in m]
    if wild_card is not None:
        used.append(wild_card)
    for c in used:
        deck[c] -= 1
        if deck[c] < 0:
            raise ValueError(f"more {c} than the deck holds")
    rest = sorted(deck.elements())
    state.hands = hand_cards
    state.discard = discard_cards
    state.stock = rest + list(reversed(top_cards))
    state.wild_card = wild_card
    laid = [0] * players
    table_melds = []
    from rummy_tui.core.melds import classify

    rules = variant_of(variant).rules_for(state)
    for owner, cards in melds:
        shape = classify(tuple(cards), rules.melds)
        assert shape is not None, cards
        table_melds.append(TableMeld(owner, list(cards), shape.kind))
        laid[owner] += len(cards)
        if shape.kind == "run" and isinstance(state.vs, RemiState):
            state.vs = replace(state.vs, seq_down=replace_seat(state.vs.seq_down, owner, True))
    state.table = table_melds
    state.laid = laid
    state.to_move = to_move
    if dealer is not None:
        state.dealer = dealer
    state.phase = phase  # type: ignore[assignment]
    if scores is not None:
        state.scores = list(scores)
    return state


def lines(state: Any) -> list[str]:
    """The log of a state or view as the players read it (rendered from its events)."""
    names = [p.name for p in state.players]
    return [describe(e, names, variant_of(state.variant)) for e in state.log]


def new_state(variant: str, players: int, seed: int = 1, options: Any = None) -> GameState:
    from rummy_tui.core.engine import new_game

    return new_game(variant, [PlayerSpec(f"P{i}") for i in range(players)], seed, options)


def play(state: GameState, *actions: Any, check: bool = True) -> GameState:
    """Apply the actions in order, checking the invariants after each (``check=False`` for
    rigged scores, which no round history explains)."""
    for action in actions:
        state = apply(state, action)
        if check:
            problem = check_invariants(state)
            assert problem is None, problem
    return state


def refused(state: GameState, action: Any, words: str) -> None:
    """``action`` raises a RuleError mentioning ``words`` and leaves the state as it was."""
    before = copy.deepcopy(state)
    try:
        apply(state, action)
    except RuleError as exc:
        assert words in str(exc), f"{words!r} not in {str(exc)!r}"
    else:
        raise AssertionError(f"{action!r} was accepted")
    assert state == before


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


def card(text: str) -> Any:
    return parse_card(text)


def scramble_hidden(state: GameState, player: int, rng: random.Random) -> GameState:
    """The same game as ``player`` sees it, with the other hands and the stock re-dealt."""
    other = copy.deepcopy(state)
    hidden = list(other.stock)
    seats = [q for q in range(len(other.hands)) if q != player]
    for q in seats:
        hidden += other.hands[q]
    rng.shuffle(hidden)
    other.stock = hidden[: len(other.stock)]
    rest = hidden[len(other.stock) :]
    for q in seats:
        size = len(other.hands[q])
        other.hands[q], rest = rest[:size], rest[size:]
    return other


def walk_hard_seats(
    variant: str, n: int, seed: int, rng: random.Random, decisions: int, steps: int,
    kinds: Counter[str] | None = None,
) -> tuple[int, int]:
    """Hard seats play (the next seed's game after one ends); at each decision, two states
    that differ from the real one only in what the mover cannot see (``scramble_hidden``)
    must give the same action. Returns the decisions checked and how many of them differ
    from ``normal``'s (so a caller can show the check met the search, not normal's play);
    ``kinds`` counts the checked decisions by their action's class name."""
    from rummy_tui.core.bots import bot_action, choose_action
    from rummy_tui.core.engine import new_game, view
    from rummy_tui.core.state import NextRound

    specs = [PlayerSpec(f"P{q}", "hard") for q in range(n)]
    state = new_game(variant, specs, seed=seed)
    checked = differs = 0
    for _ in range(steps):
        if checked >= decisions:
            break
        if state.phase == "game_over":
            seed += 1
            state = new_game(variant, specs, seed=seed)
        if state.phase == "round_over":
            state = apply(state, NextRound())
            continue
        p = state.to_move
        action = bot_action(state)
        for _ in range(2):
            other = scramble_hidden(state, p, rng)
            assert other.hands[p] == state.hands[p]
            assert bot_action(other) == action
        checked += 1
        if kinds is not None:
            kinds[type(action).__name__] += 1
        differs += choose_action("normal", view(state, p), random.Random(0)) != action
        state = apply(state, action)
    return checked, differs
