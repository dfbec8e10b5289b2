"""Indian 13-card Rummy (seed 003) on fixed deals: the wild joker, declarations right and
wrong, drops, the cap, and the Points / Pool / Deals formats."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine_support import card, lines, new_state, play, refused, rig

from rummy_tui.core.engine import legal_actions, new_game, view
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Discard, DrawStock, Meld, NextRound
from rummy_tui.core.variants.indian import Declare, Drop
from rummy_tui.core.variants import RuleError

WINNER = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD KD"  # four pure sequences (5H as itself)
LOSER_NO_SECOND = "KS QS JS 9H 3D 4D 7S 8H 10C JC QH 2C AC"  # one pure: all 103 count, cap 80
LOSER_GROUPED = "JS QS KS 8H 9H 10H 3D 7D 9D 2C 4C 6C AC"  # two pure: 3+7+9+2+4+6+10 = 41
JUNK = "2D 4S 6D 8S 10H QC KH 3C 5S 7H 9S JH AH"


def test_deal_wild_joker_and_decks():
    two = new_state("indian", 2, seed=1)
    assert all(len(h) == 13 for h in two.hands) and len(two.discard) == 1
    assert two.wild_card is not None and two.wild_card not in two.stock
    assert len(two.stock) == 53 - 26 - 1 - 1
    six = new_state("indian", 6, seed=1)
    assert len(six.stock) == 106 - 78 - 2
    assert view(six, 0).wild_card == six.wild_card
    assert any("wild joker" in text for text in lines(six))


def test_more_decks_option_and_too_few_refused():
    state = new_state("indian", 3, seed=1, options={"decks": 3})
    assert len(state.stock) + len(state.discard) + 39 + 1 == 159
    with pytest.raises(RuleError, match="needs at least 2 decks"):
        new_game("indian", ["a", "b", "c"], seed=1, options={"decks": 1})


@pytest.mark.parametrize("n", [1, 7])
def test_player_count(n):
    with pytest.raises(RuleError, match="Indian Rummy is for 2 to 6 players"):
        new_game("indian", [f"P{i}" for i in range(n)], seed=1)


def test_valid_declaration_losers_capped_at_80():
    state = rig("indian", [WINNER, LOSER_NO_SECOND], stock_top="2H", wild="5D")
    state = play(state, DrawStock())
    assert Declare(card("2H")) in legal_actions(state)
    state = play(state, Declare(card("2H")))
    result = state.last_round
    assert result.ending == "declared" and result.winner == 0
    assert result.players[1].penalty == 80
    # Points: one deal, the winner collects the losers' points
    assert state.scores == [80, -80]
    assert state.phase == "game_over" and state.winner == 0


def test_loser_with_two_sequences_counts_only_ungrouped_cards():
    state = rig("indian", [WINNER, LOSER_GROUPED], stock_top="2H", wild="5D")
    state = play(state, DrawStock(), Declare(card("2H")))
    assert state.last_round.players[1].penalty == 41
    assert state.scores == [41, -41]


def test_wrong_declaration_costs_80_and_the_others_play_on():
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], stock_top="5C", wild="5D")
    state = play(state, DrawStock(), Declare(card("5C")))
    assert state.out == [True, False, False] and state.vs.drops[0] == 80
    assert state.phase == "draw" and state.to_move == 1
    assert "declared wrongly: 80 points" in lines(state)[-1]
    # P1 declares properly later: P0 pays 80, P2 their ungrouped cards
    state = play(state, DrawStock())
    drawn = state.hands[1][-1]
    state = play(state, Declare(drawn))
    result = state.last_round
    assert result.winner == 1
    assert [r.penalty for r in result.players] == [80, 0, 41]
    assert result.players[0].note == "wrong declaration"
    assert state.scores == [-80, 121, -41]


def test_wrong_declaration_with_two_players_hands_the_deal_to_the_other():
    state = rig("indian", [JUNK, WINNER], stock_top="5C", wild="5D")
    state = play(state, DrawStock(), Declare(card("5C")))
    assert state.last_round.ending == "last_in" and state.last_round.winner == 1
    assert state.scores == [-80, 80]
    assert state.phase == "game_over" and state.winner == 1


def test_first_drop_20_and_middle_drop_40():
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], wild="5D")
    state = play(state, Drop())
    assert state.vs.drops[0] == 20 and state.out[0]
    assert "a first drop, 20 points" in lines(state)[-1]
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], wild="5D")
    state.vs = replace(state.vs, has_drawn=[True, False, False])
    state = play(state, Drop())
    assert state.vs.drops[0] == 40
    # P1 drops before any draw: P2 is the last player in the deal and wins it
    state = play(state, Drop())
    result = state.last_round
    assert result.ending == "last_in" and result.winner == 2
    assert [r.penalty for r in result.players] == [40, 20, 0]
    assert state.scores == [-40, -20, 60]


def test_drop_only_before_drawing():
    state = rig("indian", [JUNK, WINNER], stock_top="5C", wild="5D")
    state = play(state, DrawStock())
    refused(state, Drop(), "only at the start of your turn")


def test_pool_201_drops_are_25_and_50():
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], wild="5D", options={"format": "pool201"})
    state.vs = replace(state.vs, has_drawn=[True, False, False])
    state = play(state, Drop(), Drop())
    assert [r.penalty for r in state.last_round.players] == [50, 25, 0]
    # pools: the losers add their points, the winner adds nothing
    assert state.scores == [50, 25, 0]


def test_pool_101_elimination():
    state = rig(
        "indian", [JUNK, WINNER, LOSER_GROUPED], wild="5D", options={"format": "pool101"},
        scores=[90, 30, 0],
    )
    state.vs = replace(state.vs, has_drawn=[True, False, False])
    state = play(state, Drop(), Drop(), check=False)
    assert state.scores == [130, 50, 0]
    assert state.eliminated == [True, False, False]
    assert state.phase == "round_over"
    state = play(state, NextRound(), check=False)
    assert state.hands[0] == [] and state.out[0] and state.to_move != 0
    assert len(state.hands[1]) == len(state.hands[2]) == 13


def test_pool_101_last_player_left_wins():
    state = rig(
        "indian", [JUNK, WINNER], stock_top="5C", wild="5D", options={"format": "pool101"},
        scores=[30, 90],
    )
    state = play(state, DrawStock(), Declare(card("5C")), check=False)
    # P0's wrong declaration: 80 -> 110 >= 101, eliminated; P1 is the last player left
    assert state.scores == [110, 90]
    assert state.phase == "game_over" and state.winner == 1


def test_deals_format_plays_the_fixed_number_of_deals():
    state = rig("indian", [JUNK, WINNER], stock_top="5C", wild="5D",
                options={"format": "deals", "deals": 2})
    state = play(state, DrawStock(), Declare(card("5C")))
    assert state.phase == "round_over" and state.scores == [-80, 80]
    state = play(state, NextRound())
    assert state.round_no == 2 and all(len(h) == 13 for h in state.hands)
    # the second deal: whoever moves drops at once
    state = play(state, Drop())
    # either way P1 stays ahead: [-100, 100] or [-60, 60]
    assert state.phase == "game_over" and state.winner == 1
    assert state.scores[1] == -state.scores[0] > 0


def test_printed_joker_as_wild_card_makes_aces_wild():
    hand = "2S 3S 4S 6H 7H AD 9C 10C JC QC QD KD AC"  # AD plays 8H, AC plays AD
    state = rig("indian", [hand, LOSER_GROUPED.replace("AC", "5C")], stock_top="8S", wild="JK")
    state = play(state, DrawStock(), Declare(card("8S")))
    assert state.last_round.ending == "declared"
    # the same hand with fives wild is a wrong declaration
    state = rig("indian", [hand, LOSER_GROUPED.replace("AC", "5C")], stock_top="8S", wild="5D")
    state = play(state, DrawStock(), Declare(card("8S")))
    assert state.last_round.ending == "last_in" and state.last_round.winner == 1


def test_indian_has_no_table_melds():
    state = rig("indian", [WINNER, LOSER_GROUPED], stock_top="2H", wild="5D")
    state = play(state, DrawStock())
    refused(state, Meld(tuple(state.hands[0][:3])), "melds stay in your hand")
    play(state, Discard(card("2H")))


def test_the_drop_cost_and_a_wrong_declaration_are_asked_of_the_variant():
    """The app asks these hooks (the drop's confirmation, the wrong declaration's dialog)
    instead of reading Indian's own state."""
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], wild="5D")
    indian = variant_of("indian")
    assert indian.drop_cost(view(state, 0), 0) == ("first", 20)
    state.vs = replace(state.vs, has_drawn=[True, False, False])
    assert indian.drop_cost(view(state, 0), 0) == ("middle", 40)
    dropped = play(state, Drop())
    assert dropped.vs.drops[0] == 40 and indian.wrong_declaration(dropped, 0) == 0
    state = rig("indian", [JUNK, WINNER, LOSER_GROUPED], wild="5D")
    wrong = play(state, DrawStock(), Declare(card("2D")))
    assert indian.wrong_declaration(wrong, 0) == 80 and indian.wrong_declaration(wrong, 1) == 0
    rummy = new_state("rummy", 2)
    assert variant_of("rummy").drop_cost(rummy, 0) is None
    assert variant_of("rummy").wrong_declaration(rummy, 0) == 0
