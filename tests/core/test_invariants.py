"""Properties of the engine (style.md, "Rules"): random legal play of every preset at every
player count keeps every invariant, ``apply`` never changes the state it is given, every
illegal action is refused with the state unchanged, and a view hides what it must."""

from __future__ import annotations

import copy
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from test_engine_support import lines, scramble_hidden

from rummy_tui.core.bots import choose_action
from rummy_tui.core.cards import ALL_CARDS
from rummy_tui.core.engine import apply, is_legal, legal_actions, new_game, view
from rummy_tui.core.invariants import check_invariants
from rummy_tui.core.state import (
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextRound,
    PlayerSpec,
    TakeDiscard,
)
from rummy_tui.core.variants.indian import Declare, Drop, MissTurn
from rummy_tui.core.variants.remi import EndOnEmptyStock
from rummy_tui.core.variants.remigio import Close
from rummy_tui.core.variants import RuleError

COUNTS = {
    "rummy": range(2, 7),
    "remi": range(2, 5),
    "remigio": range(2, 7),
    "remigio-fournier": range(2, 11),
    "indian": range(2, 7),
}
PRESETS = [(v, n) for v, counts in COUNTS.items() for n in counts]
STEPS = 120

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
"""Random seeds, 25 a preset (hypothesis remembers and replays any that failed): the long
property tests run with ``pytest --all`` (marked slow); the default suite keeps the
fixed-seed tests below."""


def _game(variant: str, n: int, seed: int, options=None):
    return new_game(
        variant, [PlayerSpec(f"P{i}", "easy") for i in range(n)], seed=seed, options=options
    )


def _step(state, rng: random.Random):
    """Half the time a random legal action, half the time an easy bot's (rounds then end)."""
    if state.phase == "round_over":
        return NextRound()
    if rng.random() < 0.5:
        actions = legal_actions(state)
        assert actions, f"no legal action in phase {state.phase}"
        return rng.choice(actions)
    return choose_action("easy", view(state, state.to_move), rng)


TIMED = {"turn_timer": 30}
"""Indian with the turn timer on: MissTurn is then among the legal actions."""


@pytest.mark.parametrize(
    "variant,n,options", [(v, n, None) for v, n in PRESETS] + [("indian", 3, TIMED)]
)
@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_holds_the_invariants(variant, n, options, seed):
    rng = random.Random(seed)
    state = _game(variant, n, seed, options)
    assert check_invariants(state) is None
    for _ in range(STEPS):
        if state.phase == "game_over":
            break
        action = _step(state, rng)
        before = copy.deepcopy(state)
        new = apply(state, action)
        assert state == before, f"apply changed its input ({action!r})"
        problem = check_invariants(new, state)
        assert problem is None, f"after {action!r}: {problem}"
        assert check_invariants(new) is None
        state = new


def _random_action(state, rng: random.Random):
    hand = state.hands[state.to_move] if state.hands[state.to_move] else [ALL_CARDS[0]]
    pool = list(hand) + [rng.choice(ALL_CARDS) for _ in range(3)]
    pick = lambda k: tuple(rng.choice(pool) for _ in range(k))  # noqa: E731
    kind = rng.randrange(11)
    return [
        lambda: DrawStock(),
        lambda: TakeDiscard(rng.randrange(0, 5)),
        lambda: Meld(pick(rng.randrange(0, 6))),
        lambda: LayOff(pick(rng.randrange(0, 3)), rng.randrange(-1, 4)),
        lambda: Discard(rng.choice(pool)),
        lambda: Close(rng.choice(pool)),
        lambda: Declare(rng.choice(pool)),
        lambda: Drop(),
        lambda: EndOnEmptyStock(),
        lambda: NextRound(),
        lambda: MissTurn(),
    ][kind]()


@pytest.mark.parametrize(
    "variant,n,options",
    [(v, n, None) for v, n in PRESETS if n in (2, 3, 7)] + [("indian", 3, TIMED)],
)
@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_illegal_actions_are_refused_with_the_state_unchanged(variant, n, options, seed):
    rng = random.Random(seed)
    state = _game(variant, n, seed, options)
    for _ in range(60):
        if state.phase == "game_over":
            break
        for _ in range(6):
            action = _random_action(state, rng)
            before = copy.deepcopy(state)
            legal = is_legal(state, action)
            try:
                new = apply(state, action)
            except RuleError as exc:
                assert str(exc), "a rule error names its rule"
                assert not legal, f"{action!r} was refused but is_legal said yes: {exc}"
                assert state == before
                continue
            assert legal, f"{action!r} was accepted but is_legal said no"
            assert state == before
            assert check_invariants(new) is None
        state = apply(state, _step(state, rng))


def test_every_listed_legal_action_is_accepted():
    rng = random.Random(5)
    for variant, n in PRESETS[::3]:
        state = _game(variant, n, 17)
        for _ in range(40):
            if state.phase == "game_over":
                break
            for action in legal_actions(state):
                apply(state, action)  # raises if a listed action is refused
            state = apply(state, _step(state, rng))


def test_a_state_always_offers_an_action_until_the_game_ends():
    rng = random.Random(9)
    for variant, n in PRESETS:
        state = _game(variant, n, 3)
        for _ in range(150):
            if state.phase == "game_over":
                assert legal_actions(state) == []
                break
            assert legal_actions(state)
            state = apply(state, _step(state, rng))


# --- views -------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant,n", [(v, n) for v, n in PRESETS if n in (2, 4)])
def test_a_view_does_not_depend_on_other_hands_or_the_stock_order(variant, n):
    rng = random.Random(1)
    state = _game(variant, n, 21)
    checked = 0
    for _ in range(80):
        if state.phase in ("draw", "play"):
            for player in range(n):
                mine = view(state, player)
                assert mine.hand == state.hands[player]
                assert mine.hand_counts == [len(h) for h in state.hands]
                assert mine.stock_count == len(state.stock)
                other = scramble_hidden(state, player, rng)
                assert view(other, player) == mine
                checked += 1
        if state.phase == "game_over":
            break
        state = apply(state, _step(state, rng))
    assert checked > 0


def test_a_view_has_no_field_for_hidden_cards():
    state = _game("rummy", 3, 4)
    fields = set(view(state, 0).__slots__)  # type: ignore[attr-defined]
    assert "hands" not in fields and "stock" not in fields and "seed" not in fields


_CARD_WORD = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]|JK")


@pytest.mark.parametrize("variant", list(COUNTS))
def test_log_never_names_a_card_drawn_from_the_stock(variant):
    rng = random.Random(2)
    state = _game(variant, 3, 8)
    for _ in range(300):
        if state.phase == "game_over":
            break
        state = apply(state, _step(state, rng))
    drawn = [text for text in lines(state) if "drew" in text]
    assert drawn
    for text in drawn:
        assert text.endswith("drew from the stock") and not _CARD_WORD.search(text), text
