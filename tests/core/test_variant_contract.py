"""The contract of a rule set (issue 26): ``Variant`` is an abstract base class, a game's
own moves are its own, and the facts the app and the statistics ask keep their answers."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest
from test_engine_support import new_state, play, refused

from rummy_tui.core.cards import Card
from rummy_tui.core.engine import is_legal, view
from rummy_tui.core.hand_rules import HandRules
from rummy_tui.core.options import make_options
from rummy_tui.core.registry import variant_of, variants
from rummy_tui.core.state import Action, DrawStock, GameState, PlayerResult
from rummy_tui.core.variant import Variant
from rummy_tui.core.variants import VARIANTS


class _Unfinished(Variant[None]):
    key = "unfinished"
    title = "Unfinished"

    def arrange_rules(self, wild: Any = None, **rules: Any) -> HandRules:
        raise AssertionError

    def hand_rules(self, options: Any, wild_rank: int | None = None) -> HandRules:
        raise AssertionError

    def game_winner(self, state: GameState) -> int | None:
        return None
    # no score_round


def test_a_rule_set_without_a_required_hook_cannot_be_made() -> None:
    with pytest.raises(TypeError, match="score_round"):
        _Unfinished()  # type: ignore[abstract]


def test_the_required_hooks_are_the_abstract_ones() -> None:
    assert Variant.__abstractmethods__ == {"arrange_rules", "hand_rules", "score_round",
                                           "game_winner"}


OWN = sorted({t for v in variants() for t in v.actions}, key=lambda t: t.__name__)


def _instance(kind: type) -> Action:
    made: Action = kind(Card(0)) if fields(kind) else kind()
    return made


@pytest.mark.parametrize("key", VARIANTS)
@pytest.mark.parametrize("kind", OWN, ids=lambda t: t.__name__)
def test_a_move_of_another_game_is_refused_with_one_message(key: str, kind: type) -> None:
    v = variant_of(key)
    if kind in v.actions:
        return  # its own move: its rules are tested with the game
    action = _instance(kind)
    words = f"there is no {kind.move} in {v.title}"  # type: ignore[attr-defined]
    for state in (new_state(key, 2 if v.max_players < 3 else 3),):
        refused(state, action, words)  # before the draw: the move, not "draw first"
        played = play(state, DrawStock())
        refused(played, action, words)
        assert not is_legal(view(played, played.to_move), action)


def test_each_games_own_moves_are_defined_in_its_module() -> None:
    for v in variants():
        for kind in v.actions:
            assert issubclass(kind, Action) and kind.move
            assert kind.__module__ == type(v).__module__, (kind, v.key)


@pytest.mark.parametrize("key", VARIANTS)
def test_a_finishing_move_is_one_of_the_games_own(key: str) -> None:
    v = variant_of(key)
    if v.finish is None:
        assert v.finish_label == "Go out"
        return
    assert v.finish in v.actions and v.finish_title and v.finish_hint
    assert type(v.finish_with(Card(5))) is v.finish


@pytest.mark.parametrize("key,options,good,goal", [
    ("rummy", {}, True, (150, "target")),
    ("rummy", {"rounds": 3}, True, None),
    ("remi", {}, True, (500, "target")),
    ("remigio", {}, False, (100, "eliminated at")),
    ("remigio-fournier", {}, True, (300, "target")),
    ("indian", {}, True, None),
    ("indian", {"format": "pool101"}, False, (101, "eliminated at")),
    ("indian", {"format": "pool201"}, False, (201, "eliminated at")),
    ("indian", {"format": "deals"}, True, None),
])
def test_whether_a_high_total_is_good_and_the_goal_line(key: str, options: dict[str, Any],
                                                        good: bool, goal: Any) -> None:
    v = variant_of(key)
    opts = make_options(key, options)
    assert v.high_is_good(opts) is good
    assert v.goal_line(opts) == goal


def test_the_variant_state_is_read_typed() -> None:
    from rummy_tui.core.variants.remi import RemiState

    state = new_state("remi", 2)
    remi = variant_of("remi")
    assert isinstance(remi.vs(state), RemiState)
    assert variant_of("remigio").vs(new_state("remigio", 2)) is None


def test_a_score_round_result_is_plain_data() -> None:
    # the abstract hook's result type is the one the engine adds up
    state = new_state("rummy", 2)
    results, multiplier, bonus, special = variant_of("rummy").score_round(state, None, "void",
                                                                          None)
    assert all(isinstance(r, PlayerResult) for r in results)
    assert (multiplier, bonus, special) == (1, 0, None)
