"""The MinDist sparring agent of bench/ (issue 29): its MinDist against the engine's own
declaration check, its declarations, and that it plays from its view alone."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import parse_cards
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.invariants import check_invariants
from rummy_tui.core.state import DrawStock, NextRound, PlayerSpec, TakeDiscard
from rummy_tui.core.variants.indian import Declare, hand_rules

from test_engine_support import scramble_hidden

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import mindist_agent  # noqa: E402
from mindist_agent import mindist  # noqa: E402


def _one_replacement_declares(hand: list, rules) -> bool:  # type: ignore[no-untyped-def]
    """By brute force: some card of the hand, replaced by some card, leaves a declaration."""
    for i in range(len(hand)):
        for c in range(53):
            other = list(hand)
            other[i] = c
            if other.count(c) <= rules.max_copies and best_arrangement(other, rules).can_go_out:
                return True
    return False


@pytest.mark.parametrize(
    ("text", "wild", "decks", "expected"),
    [
        # two sequences one pure, a set, a set: declares
        ("2S 3S 4S 5S 7H 8H 9H KC KD KH 4C 4D 4H", 6, 1, 0),
        # the impure sequence is short of its joker: one card away
        ("2S 3S 4S 5S 7H 9H KH KC KD KS 4C 4D 4H", 6, 1, 1),
        # a wild card completes it (7H 6D 9H: 6s wild)
        ("2S 3S 4S 5S 7H 6D 9H KC KD KH 4C 4D 4H", 6, 1, 0),
        # no pure sequence: the wild card playing as itself makes one (5D 6D 7D, 6s wild)
        ("5D 6D 7D QS KS AS 9C 9D 9H 3C 3D 3H 3S", 6, 1, 0),
        # Q-K-A is a sequence, K-A-2 is not
        ("QS KS AS 2S 3S 4S 7C 7D 7H 9C 9D 9H 9S", 5, 1, 0),
        ("KS AS 2S 5S 6S 7S 7C 7D 7H 9C 9D 9H 9S", 10, 1, 1),
        # two decks: the same card twice, in two sequences
        ("5H 6H 7H 5H 6H 7H 8H 2C 2D 2S JD JC JS", 3, 2, 0),
    ],
)
def test_mindist_on_known_hands(text: str, wild: int, decks: int, expected: int) -> None:
    hand = parse_cards(text)
    rules = hand_rules(wild=wild, decks=decks)
    assert mindist(hand, rules) == expected
    assert (expected == 0) == best_arrangement(hand, rules).can_go_out


def test_mindist_agrees_with_the_engine_near_a_declaration() -> None:
    """MinDist 0 exactly when the engine accepts the declaration, and at most 1 exactly
    when one replaced card makes one, on hands built near a declaration."""
    rng = random.Random(29)
    checked = 0
    while checked < 12:
        decks = rng.choice((1, 2))
        rules = hand_rules(wild=rng.randint(1, 13), decks=decks)
        s, r = rng.randrange(4), rng.randint(1, 10)
        hand = [s * 13 + (r - 1 + i) % 13 for i in range(4)]
        s2, r2 = rng.randrange(4), rng.randint(1, 11)
        hand += [s2 * 13 + r2 - 1 + i for i in range(3)]
        for _ in range(2):
            rank = rng.randrange(13)
            hand += [q * 13 + rank for q in rng.sample(range(4), 3)]
        for i in rng.sample(range(13), rng.randint(0, 2)):
            hand[i] = rng.randrange(53)
        if max(hand.count(c) for c in hand) > decks:
            continue
        d = mindist(hand, rules)
        assert (d == 0) == best_arrangement(hand, rules).can_go_out, hand
        if d <= 2:
            assert (d <= 1) == (d == 0 or _one_replacement_declares(hand, rules)), hand
        checked += 1


def _indian_state(hand_text: str, wild_text: str):  # type: ignore[no-untyped-def]
    state = new_game("indian", [PlayerSpec("A", "normal"), PlayerSpec("B", "normal")], seed=3)
    while state.phase != "play":
        state = apply(state, mindist_agent.choose(view(state, state.to_move), random.Random(0)))
    p = state.to_move
    hand = parse_cards(hand_text)
    pool = [c for c in state.stock + state.hands[p] if c not in hand]
    state.stock = pool[: len(state.stock)]
    state.hands[p] = hand
    state.wild_card = parse_cards(wild_text)[0]
    return state, p


def test_the_agent_declares_what_the_least_points_arrangement_hides() -> None:
    """The issue's hand: 3s wild; the least-points arrangement leaves 2S 2D 4D dead, yet
    AC to the finish slot declares (10S JS QS, 5S 6S JK 8S, 2S 2D 2C, 4S 4D 3H)."""
    state, p = _indian_state("2S 4S 5S 6S 8S 10S JS QS 3H 2D 4D AC 2C JK", "3C")
    action = mindist_agent.choose(view(state, p), random.Random(0))
    assert isinstance(action, Declare)
    rest = list(state.hands[p])
    rest.remove(action.finish)
    assert best_arrangement(rest, hand_rules(wild=3, decks=1)).can_go_out


def test_the_strict_agent_takes_the_open_card_only_when_it_brings_the_hand_nearer() -> None:
    """2D melds with nothing in this hand (6s wild): after it, throwing QD leaves the hand as
    near (MinDist 2) for 8 fewer points. The MinDist agent takes it for the points, the
    strict reading draws from the stock; 5H, which makes the 5s a set, both take."""
    state = new_game("indian", [PlayerSpec("A", "normal"), PlayerSpec("B", "normal")], seed=3)
    assert state.phase == "draw"
    p = state.to_move
    hand = parse_cards("2S 3S 4S 7H 8H 9H KC KD KH 5C 5D JS QD")
    rules = hand_rules(wild=6, decks=1)
    assert mindist(hand, rules) == 2
    for top, strict_takes in (("2D", False), ("5H", True)):
        card = parse_cards(top)[0]
        pool = [c for c in state.stock + state.hands[p] + state.discard
                if c not in hand and c != card]
        state.hands[p] = list(hand)
        state.discard = [card]
        state.stock = pool[: len(state.stock)]
        state.wild_card = parse_cards("6C")[0]
        seen = view(state, p)
        assert mindist_agent.choose(seen, random.Random(0)) == TakeDiscard(1)
        expected = TakeDiscard(1) if strict_takes else DrawStock()
        assert mindist_agent.choose_strict(seen, random.Random(0)) == expected


@pytest.mark.parametrize("agent", ["mindist", "minscore", "strictmindist"])
def test_the_agent_plays_legal_whole_deals_from_its_view_alone(agent: str) -> None:
    """Whole Indian deals against ``normal``: every action legal, the invariants hold, and
    the agent's choice is the same when the cards it cannot see are dealt otherwise."""
    from rummy_tui.core.bots import choose_action

    choose = mindist_agent.CHOOSERS[agent]
    rng = random.Random(1)
    for seed in (11, 12):
        state = new_game("indian", [PlayerSpec("A", "normal"), PlayerSpec("B", "normal")],
                         seed=seed)
        while state.phase != "game_over":
            if state.phase == "round_over":
                state = apply(state, NextRound())
                continue
            p = state.to_move
            if p == 0:
                action = choose(view(state, p), random.Random(0))
                other = scramble_hidden(state, p, rng)
                assert choose(view(other, p), random.Random(0)) == action
            else:
                action = choose_action("normal", view(state, p), random.Random(0))
            previous, state = state, apply(state, action)
            assert check_invariants(state, previous) is None
