"""Remigio (seeds 001 and 004) on fixed deals: closing, multipliers, elimination, Fournier."""

from __future__ import annotations

import pytest
from test_engine_support import card, cards, lines, new_state, play, refused, rig

from rummy_tui.core.engine import legal_actions, new_game
from rummy_tui.core.invariants import check_invariants
from rummy_tui.core.state import Discard, DrawStock, Meld, NextRound, TakeDiscard
from rummy_tui.core.variants.remigio import Close
from rummy_tui.core.variants import RuleError

P1 = "KS QD JC 9S 6D 5C 3S KD 2C 8S"  # no meld: 10+10+10+9+6+5+3+10+2+8 = 73
P2 = "2S 4D 6C 8H 10S QC AC 3D 5H 7S"  # no meld: 2+4+6+8+10+10+1+3+5+7 = 56


def test_deal_and_seats():
    state = new_state("remigio", 6, seed=4)
    assert all(len(h) == 10 for h in state.hands)
    assert len(state.discard) == 1
    assert len(state.stock) == 108 - 60 - 1
    assert state.direction == 1 and state.to_move == (state.dealer + 1) % 6


@pytest.mark.parametrize(
    "variant,n,title",
    [("remigio", 7, "Remigio is for 2 to 6"), ("remigio", 1, "Remigio is for 2 to 6"),
     ("remigio-fournier", 11, r"Remigio \(Fournier\) is for 2 to 10")],
)
def test_player_count(variant, n, title):
    with pytest.raises(RuleError, match=title):
        new_game(variant, [f"P{i}" for i in range(n)], seed=1)


def test_melds_stay_in_the_hand():
    state = rig("remigio", ["AH 2H 3H 4S 5S 6S 7D 8D 9D JK", P1], stock_top="KC")
    state = play(state, DrawStock())
    refused(state, Meld(cards("AH 2H 3H")), "melds stay in your hand")


def test_straight_flush_close_multiplies_by_six_and_eliminates():
    state = rig("remigio", ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", P1], stock_top="KC")
    state = play(state, DrawStock())
    assert Close(card("KC")) in legal_actions(state)
    state = play(state, Close(card("KC")))
    result = state.last_round
    assert result.ending == "closed" and result.special == "straight_flush"
    assert result.multiplier == 6 and result.closing_card == card("KC")
    assert result.players[1].penalty == 73 and result.players[1].delta == 438
    assert state.scores == [0, 438]
    # 438 >= 100: eliminated, and the last player left wins
    assert state.eliminated == [False, True]
    assert state.phase == "game_over" and state.winner == 0


@pytest.mark.parametrize(
    "hand,special,multiplier",
    [
        ("AH 3H 5H 7H 9H JH KH 2H 4H 6H", "flush", 4),
        ("AH 3H 5H 7H 9H JH KH 2H 4H JK", "flush", 3),
        ("AH 2H 3H 4H 5H JK 7H 8H 9H 10H", "straight_flush", 5),
        ("7S 7H 7D 7C 7S 7H 7D 7C JK JK", "remigio", 10),
        ("AH 2H 3H 4S 5S 6S 7D 8D 9D 9C", None, 1),  # 9C alone: no close at all (below)
        ("AH 2H 3H 4S 5S 6S 7D 8D 9D 10D", None, 2),
        ("AH 2H 3H 4S 5S 6S 7D 8D 9D JK", None, 1),
    ],
)
def test_multipliers(hand, special, multiplier):
    state = rig("remigio", [hand, P1], stock_top="KC")
    state = play(state, DrawStock())
    if hand.endswith("9C"):
        refused(state, Close(card("KC")), "you may close only when the 10 cards")
        return
    state = play(state, Close(card("KC")))
    assert state.last_round.special == special
    assert state.last_round.multiplier == multiplier
    assert state.last_round.players[1].delta == 73 * multiplier


def test_elimination_at_100_then_the_game_goes_on_without_that_player():
    state = rig(
        "remigio", ["AH 2H 3H 4S 5S 6S 7D 8D 9D JK", P1, P2], stock_top="KC", scores=[0, 60, 0]
    )
    state = play(state, DrawStock(), Close(card("KC")), check=False)
    assert [r.delta for r in state.last_round.players] == [0, 73, 56]
    assert state.scores == [0, 133, 56]
    assert state.eliminated == [False, True, False]
    assert state.phase == "round_over"
    assert any(text == "P1 is eliminated" for text in lines(state))
    state = play(state, NextRound(), check=False)
    assert state.hands[1] == [] and state.out[1]
    assert len(state.hands[0]) == len(state.hands[2]) == 10
    assert state.to_move != 1


def test_stop_at_two_option_lower_score_wins():
    state = rig(
        "remigio",
        ["AH 2H 3H 4S 5S 6S 7D 8D 9D JK", P1, P2],
        stock_top="KC",
        scores=[0, 60, 0],
        options={"stop_at_two": True},
    )
    state = play(state, DrawStock(), Close(card("KC")), check=False)
    assert state.phase == "game_over" and state.winner == 0


def test_a_custom_elimination_threshold():
    state = rig(
        "remigio", ["AH 2H 3H 4S 5S 6S 7D 8D 9D JK", P1], stock_top="KC",
        options={"eliminate_at": 500},
    )
    state = play(state, DrawStock(), Close(card("KC")))
    assert state.scores == [0, 73] and state.phase == "round_over"


def test_duplicates_from_the_second_deck_make_a_set():
    state = rig("remigio", ["7S 7S 7H AH 2H 3H 4S 5S 6S 9D", P1], stock_top="KC")
    state = play(state, DrawStock(), Discard(card("KC")))
    assert state.phase == "draw"
    state = rig("remigio", ["7S 7S 7H AH 2H 3H 4S 5S 6S 9D", P1], stock_top="9D")
    state = play(state, DrawStock())
    # 7S 7S 7H | A-2-3 hearts | 4-5-6 spades | 9D: throwing one 9D leaves the other unmelded
    refused(state, Close(card("9D")), "you may close only")


def test_wrap_option():
    hand = "QH KH AH 2H 4S 5S 6S 7D 8D 9D"
    state = rig("remigio", [hand, P1], stock_top="KC")
    state = play(state, DrawStock())
    refused(state, Close(card("KC")), "you may close only")
    state = rig("remigio", [hand, P1], stock_top="KC", options={"wrap": True})
    state = play(state, DrawStock(), Close(card("KC")))
    assert state.last_round.winner == 0


def test_only_the_top_discard_and_no_lay_down():
    state = rig("remigio", ["AH 2H 3H 4S 5S 6S 7D 8D 9D JK", P1], discard="4C 5C")
    refused(state, TakeDiscard(2), "only the top card")
    state = play(state, TakeDiscard())
    # the card taken may be discarded again in Remigio
    play(state, Discard(card("5C")))


# --- Fournier --------------------------------------------------------------------------------


def test_fournier_losers_pay_the_closer():
    state = rig(
        "remigio-fournier", ["AH 2H 3H 4S 5S 6S 7D 8D 9D 10D", P1, P2], stock_top="KC"
    )
    state = play(state, DrawStock(), Close(card("KC")))
    result = state.last_round
    assert result.multiplier == 2
    # each loser pays the closer their penalty x 2; the balances add up to zero
    assert [r.penalty for r in result.players] == [0, 73, 56]
    assert [r.delta for r in result.players] == [(73 + 56) * 2, -146, -112]
    assert state.scores == [258, -146, -112] and sum(state.scores) == 0
    assert state.phase == "round_over"  # target 300 not reached
    assert check_invariants(state) is None


def test_fournier_balances_rank_the_standings_and_a_balance_reaches_the_target():
    from rummy_tui.core.engine import standings

    # P1 collected 100 earlier and paid 50; P2 collected 80 and paid nothing
    state = rig(
        "remigio-fournier", ["AH 2H 3H 4S 5S 6S 7D 8D 9D 10D", P1, P2], stock_top="KC",
        scores=[0, 50, 80],
    )
    assert standings(state) == [2, 1, 0]
    state = play(state, DrawStock(), Close(card("KC")), check=False)
    # P0 gains 258 from a balance of 0: not yet 300; P1 now -96, P2 -32
    assert state.scores == [258, 50 - 146, 80 - 112]
    assert standings(state) == [0, 2, 1]
    assert state.phase == "round_over"


def test_fournier_point_value_option():
    assert new_state("remigio-fournier", 3).options.point_value == 1
    state = new_state("remigio-fournier", 3, options={"point_value": 5})
    assert state.options.point_value == 5
    with pytest.raises(RuleError, match="point_value"):
        new_state("remigio-fournier", 3, options={"point_value": 0})


def test_fournier_target_and_fixed_rounds():
    state = rig(
        "remigio-fournier", ["AH 2H 3H 4S 5S 6S 7D 8D 9D 10D", P1, P2], stock_top="KC",
        options={"target": 200},
    )
    state = play(state, DrawStock(), Close(card("KC")))
    assert state.phase == "game_over" and state.winner == 0
    state = rig(
        "remigio-fournier", ["AH 2H 3H 4S 5S 6S 7D 8D 9D 10D", P1, P2], stock_top="KC",
        options={"rounds": 1, "target": 10_000},
    )
    state = play(state, DrawStock(), Close(card("KC")))
    assert state.phase == "game_over" and state.winner == 0


def test_fournier_plays_anticlockwise_from_a_random_leader():
    leaders = set()
    for seed in range(12):
        state = new_state("remigio-fournier", 5, seed=seed)
        assert state.direction == -1
        # the dealer sits on the leader's left; the leader plays first
        assert state.to_move == (state.dealer - 1) % 5
        leaders.add(state.to_move)
    assert len(leaders) > 1
    state = rig("remigio-fournier", ["AH 2H 3H 4S 5S 6S 7D 8D 9D 10D", P1, P2], stock_top="KC")
    state = play(state, DrawStock(), Discard(card("KC")))
    assert state.to_move == 2


def test_fournier_deal_passes_anticlockwise():
    state = new_state("remigio-fournier", 4, seed=9)
    dealer = state.dealer
    state.phase = "round_over"
    state = play(state, NextRound())
    assert state.dealer == (dealer - 1) % 4


@pytest.mark.parametrize("n,size", [(2, 108), (6, 108), (7, 162), (10, 162)])
def test_fournier_three_decks_for_seven_to_ten(n, size):
    state = new_state("remigio-fournier", n, seed=1)
    total = len(state.stock) + len(state.discard) + sum(len(h) for h in state.hands)
    assert total == size
    assert sum(1 for c in state.stock + state.discard + sum(state.hands, []) if c == 52) == (
        6 if n >= 7 else 4
    )


def test_fournier_round_summary_says_who_pays_whom_and_balances_show_their_worth():
    from rummy_tui.core.variants.remigio import balance_text, payments

    state = rig(
        "remigio-fournier", ["AH 2H 3H 4S 5S 6S 7D 8D 9D 10D", P1, P2], stock_top="KC"
    )
    state = play(state, DrawStock(), Close(card("KC")))
    names = ["Ann", "Bob", "Cy"]
    assert payments(names, state.last_round) == [
        "Bob pays Ann 146 (73 × 2)", "Cy pays Ann 112 (56 × 2)"]
    assert balance_text(258, 1) == "+258"
    assert balance_text(-146, 5) == "-146 (worth -730)"
