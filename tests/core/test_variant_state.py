"""The variant's own part of the state (issue 8): typed per variant, made per deal, never
changed in place, and shown in views only as far as it is public."""

from __future__ import annotations

import copy
import random
from dataclasses import FrozenInstanceError, fields

import pytest

from rummy_tui.core.bots import choose_action
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.invariants import check_invariants
from rummy_tui.core.options import make_options
from rummy_tui.core.registry import variant_of
from rummy_tui.core.seats import mix
from rummy_tui.core.state import (
    DrawStock,
    GameState,
    PlayerSpec,
    PlayerView,
    PublicState,
    per_seat_fields,
)
from rummy_tui.core.variants.indian import MissTurn
from rummy_tui.core.variants.indian import IndianState
from rummy_tui.core.variants.remi import RemiState
from rummy_tui.core.variants.rummy import RummyState


def _game(variant: str, n: int, seed: int, **options: object) -> GameState:
    players = [PlayerSpec(f"P{q}", "normal") for q in range(n)]
    return new_game(variant, players, seed=seed, options=make_options(variant, options))


def _bot(state: GameState) -> object:
    rng = random.Random(mix(state.seed, state.actions))
    return choose_action("normal", view(state, state.to_move), rng)


def test_each_variant_names_its_own_state_class():
    expected = {"rummy": RummyState, "remi": RemiState, "remigio": None,
                "remigio-fournier": None, "indian": IndianState}
    assert {key: variant_of(key).State for key in expected} == expected


@pytest.mark.parametrize("variant,n", [("rummy", 3), ("remi", 4), ("indian", 6), ("remigio", 5)])
def test_a_deal_makes_a_fresh_variant_state_with_one_entry_per_seat(variant, n):
    state = _game(variant, n, 5)
    cls = variant_of(variant).State
    if cls is None:
        assert state.vs is None
        return
    assert state.vs == cls.new(n)
    for name in per_seat_fields(cls):
        assert len(getattr(state.vs, name)) == n


def test_the_variant_state_is_frozen():
    state = _game("remi", 2, 1)
    with pytest.raises(FrozenInstanceError):
        state.vs.must_meld = None  # type: ignore[misc]


@pytest.mark.parametrize("variant,options", [
    ("remi", {}), ("rummy", {}), ("indian", {"turn_timer": 30, "format": "pool101"}),
])
def test_apply_never_changes_the_given_states_variant_part(variant, options):
    # the engine copies the state shallowly: a hook that changed the shared variant part in
    # place would change the state it was given (and undo, and the previous autosave)
    state = _game(variant, 3, 11, **options)
    rng = random.Random(2)
    changed = 0
    for _ in range(300):
        if state.phase == "game_over":
            break
        before = copy.deepcopy(state.vs)
        if options.get("turn_timer") and state.phase in ("draw", "play") and rng.random() < 0.2:
            action = MissTurn()
        else:
            action = _bot(state)
        new = apply(state, action)
        assert state.vs == before, action
        changed += new.vs is not state.vs
        state = new
        assert check_invariants(state) is None
    assert changed > 5


def test_a_view_shows_the_public_part_and_never_the_card_drawn_from_the_stock():
    state = _game("indian", 3, 4, turn_timer=30)
    mover = state.to_move
    state = apply(state, DrawStock())
    assert state.vs.drawn is not None
    for seat in range(3):
        shown = view(state, seat).vs
        assert isinstance(shown, IndianState) and shown.drawn is None
        assert shown.has_drawn == state.vs.has_drawn and shown.missed == state.vs.missed
    assert view(state, mover).hand[-1] == state.vs.drawn  # the mover sees it in the hand
    remi = _game("remi", 2, 3)
    assert view(remi, 0).vs is remi.vs  # nothing private: the same (frozen) object


def test_a_view_is_made_of_the_public_fields_of_the_state():
    public = {f.name for f in fields(PublicState)}
    assert public <= {f.name for f in fields(GameState)}
    own = {f.name for f in fields(PlayerView)} - public
    assert own == {"player", "hand", "hand_counts", "stock_count", "vs"}
    state = _game("rummy", 2, 9)
    shown = view(state, 1)
    assert all(getattr(shown, n) == getattr(state, n) for n in public)
    assert not {"seed", "hands", "stock"} & {f.name for f in fields(PlayerView)}


def test_a_wrong_variant_state_is_an_invariant_violation():
    state = _game("remi", 2, 1)
    state.vs = RummyState.new(2)
    assert "not a RemiState" in (check_invariants(state) or "")
    state.vs = RemiState.new(3)
    assert check_invariants(state) == "state.remi.seq_down has 3 entries for 2 players"
