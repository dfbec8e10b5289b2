"""The engine contract (docs/ARCHITECTURE.md): new_game, apply, legal_actions, view."""

from __future__ import annotations

import copy

import pytest
from test_engine_support import card, cards, lines, play, refused, rig

from rummy_tui.core.bots import bot_action
from rummy_tui.core.engine import (
    apply,
    legal_actions,
    new_game,
    view,
    view_legal_actions,
)
from rummy_tui.core.events import Discarded, Drew, Took
from rummy_tui.core.registry import variant_of
from rummy_tui.core.seats import next_seat
from rummy_tui.core.state import (
    Discard,
    DrawStock,
    GameState,
    Meld,
    NextRound,
    PlayerSpec,
    TakeDiscard,
)
from rummy_tui.core.variants import VARIANTS, RuleError


def test_same_seed_same_deal_and_another_seed_another():
    a = new_game("indian", ["a", "b", "c"], seed=42)
    b = new_game("indian", ["a", "b", "c"], seed=42)
    c = new_game("indian", ["a", "b", "c"], seed=43)
    assert a == b
    assert (a.hands, a.stock) != (c.hands, c.stock)


def test_no_seed_picks_one_and_keeps_it():
    state = new_game("rummy", [PlayerSpec("Ann"), PlayerSpec("Bob", "normal")])
    assert isinstance(state.seed, int)
    again = new_game("rummy", ["Ann", "Bob"], seed=state.seed)
    assert again.hands == state.hands and again.stock == state.stock


@pytest.mark.parametrize("bad", [-1, "7", 1.5])
def test_bad_seed(bad):
    with pytest.raises(RuleError, match="seed"):
        new_game("rummy", ["a", "b"], seed=bad)


def test_unknown_variant():
    with pytest.raises(RuleError, match="unknown variant 'no-such-game'"):
        new_game("no-such-game", ["a", "b"], seed=1)


def test_phases_are_enforced():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "KS KH QD JC 2C 3C 5C 7C 9C 10C"])
    refused(state, Discard(card("KC")), "draw a card first")
    refused(state, NextRound(), "the round is not over")
    state = play(state, DrawStock())
    refused(state, DrawStock(), "you have already drawn this turn")
    refused(state, TakeDiscard(), "you have already drawn this turn")
    refused(state, Discard(card("QS")), "not in your hand")
    refused(state, "draw", "not an action")  # type: ignore[arg-type]


def test_round_over_and_game_over_accept_only_what_they_should():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D 10D", "2C 3C 4D 5D 6D 7C 8C 9C 10C JD"],
                stock_top="KD", options={"target": 1000})
    state = play(state, DrawStock(), Meld(cards("AS 2S 3S")), Meld(cards("4H 5H 6H")),
                 Meld(cards("7D 8D 9D 10D")), Discard(card("KD")))
    assert state.phase == "round_over"
    assert legal_actions(state) == [NextRound()]
    refused(state, DrawStock(), "the round is over")
    finished = copy.deepcopy(state)
    finished.phase = "game_over"
    assert legal_actions(finished) == []
    refused(finished, NextRound(), "the game is over")


def test_log_texts_follow_the_contract():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "KS KH QD JC 2C 3C 5C 7C 9C 10C"],
                discard="8C")
    state = play(state, TakeDiscard(), Discard(card("KC")))
    assert state.log[-2:] == [
        Took(round_no=1, player=0, card=card("8C")),
        Discarded(round_no=1, player=0, card=card("KC")),
    ]
    assert lines(state)[-2:] == ["P0 took 8♣ from the discard pile", "P0 discarded K♣"]
    state = play(state, DrawStock())
    assert state.log[-1] == Drew(round_no=1, player=1)  # no card: it is P1's alone
    assert lines(state)[-1] == "P1 drew from the stock"


def test_view_legal_actions_match_the_state_for_the_mover_only():
    state = new_game("remigio", ["a", "b", "c"], seed=5)
    mover = state.to_move
    assert view_legal_actions(view(state, mover)) == legal_actions(state)
    other = (mover + 1) % 3
    assert view_legal_actions(view(state, other)) == []
    with pytest.raises(RuleError):
        view(state, 7)


def test_next_seat_skips_players_out():
    assert next_seat([False, True, False, False], 0, 1) == 2
    assert next_seat([False, True, False, False], 0, -1) == 3
    assert next_seat([False, True, True, True], 0, 1) == 0


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_resumed_game_goes_on_exactly_as_it_would_have(variant):
    """The RNG is part of the state: a copy (what a save and load give back) plays the same
    stock and the same computer moves."""
    players = [PlayerSpec("a", "normal"), PlayerSpec("b", "easy"), PlayerSpec("c", "normal")]
    state = new_game(variant, players[:variant_of(variant).max_players], seed=31)
    for _ in range(40):
        if state.phase == "game_over":
            break
        state = apply(state, bot_action(state))
    resumed: GameState = copy.deepcopy(state)
    for _ in range(200):
        if state.phase == "game_over":
            break
        action = bot_action(state)
        assert bot_action(resumed) == action
        state = apply(state, action)
        resumed = apply(resumed, action)
        assert resumed == state


@pytest.mark.parametrize(
    "variant,hands,wild",
    [
        ("remigio", ["AH 2H 3H 4S 5S 6S 7D 8D 9D JK", "KS QD JC 9S 6D 5C 3S KD 2C 8S"], None),
        (
            "indian",
            ["AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD KD", "JS QS KS 8H 9H 10H 3D 7D 9D 2C 4C 6C AC"],
            "5D",
        ),
    ],
)
def test_remigio_and_indian_rebuild_the_stock_from_the_discard_pile(variant, hands, wild):
    state = rig(variant, hands, discard="5S", wild=wild)
    rest = state.stock[:-1]
    state.stock = state.stock[-1:]
    state.discard = state.discard + rest
    state = play(state, DrawStock())
    thrown = state.hands[0][0]
    state = play(state, Discard(thrown))
    assert state.rebuilds == 1 and state.discard == [thrown]
    assert sorted(state.stock) == sorted([card("5S")] + rest)
    assert state.phase == "draw" and state.to_move == 1
    if wild:
        assert state.wild_card == card(wild) and state.wild_card not in state.stock[-1:]


@pytest.mark.parametrize("variant,n", [("rummy", 2), ("remi", 3), ("indian", 2)])
def test_legal_discards_are_the_cards_is_legal_allows(variant, n):
    """legal_discards makes the checks that do not depend on the card once: it must agree
    with is_legal card by card, on the state and on the mover's view, in every phase."""
    import random

    from rummy_tui.core.bots import choose_action
    from rummy_tui.core.engine import is_legal, legal_discards

    state = new_game(variant, [PlayerSpec(f"P{i}", "easy") for i in range(n)], seed=5)
    rng = random.Random(5)
    allowed_some = refused_some = 0
    for _ in range(300):
        if state.phase == "game_over":
            break
        for src in (state, view(state, state.to_move), view(state, (state.to_move + 1) % n)):
            hand = src.hand if hasattr(src, "hand") else src.hands[src.to_move]
            asked = list(hand) + [card("KS"), card("2H")]
            want = [c for c in asked if is_legal(src, Discard(c))]
            assert legal_discards(src, asked) == want
            allowed_some += bool(want)
            refused_some += len(want) < len(asked)
        state = apply(state, choose_action("easy", view(state, state.to_move), rng))
    assert allowed_some and refused_some
