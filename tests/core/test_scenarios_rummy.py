"""Basic Rummy (seed 002) played on fixed deals: every rule of rules-notes, one test each."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from test_engine_support import card, cards, lines, new_state, play, refused, rig

from rummy_tui.core.engine import legal_actions, new_game
from rummy_tui.core.events import StockRebuilt
from rummy_tui.core.state import (
    Discard,
    DrawStock,
    LayOff,
    Meld,
    NextRound,
    PlayerSpec,
    TakeDiscard,
)
from rummy_tui.core.variants.remigio import Close
from rummy_tui.core.variants import RuleError

P1_HAND = "KS KH QD JC 2C 3C 5C 7C 9C 10C"  # 10+10+10+10+2+3+5+7+9+10 = 76, no meld


@pytest.mark.parametrize("n,size", [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_deal_sizes_upcard_and_first_player(n, size):
    state = new_state("rummy", n, seed=11)
    assert all(len(h) == size for h in state.hands)
    assert len(state.discard) == 1  # the upcard
    assert len(state.stock) == 52 - n * size - 1
    # the player to the dealer's left starts; play goes clockwise
    assert state.direction == 1
    assert state.to_move == (state.dealer + 1) % n
    assert state.phase == "draw"


@pytest.mark.parametrize("n", [1, 7])
def test_player_count(n):
    with pytest.raises(RuleError, match="Basic Rummy is for 2 to 6 players"):
        new_game("rummy", [PlayerSpec(f"P{i}") for i in range(n)], seed=1)


def test_bad_option_is_refused_with_its_name():
    with pytest.raises(RuleError, match="target"):
        new_game("rummy", ["A", "B"], seed=1, options={"target": 0})


def test_rummy_all_out_in_one_turn_doubles_and_reaches_the_target():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D 10D", P1_HAND], stock_top="KD")
    state = play(
        state,
        DrawStock(),
        Meld(cards("AS 2S 3S")),
        Meld(cards("4H 5H 6H")),
        Meld(cards("7D 8D 9D 10D")),
        Discard(card("KD")),
    )
    result = state.last_round
    assert result.ending == "rummy" and result.winner == 0 and result.multiplier == 2
    assert result.players[1].penalty == 76
    assert state.scores == [152, 0]
    # 152 >= the default target of 150
    assert state.phase == "game_over" and state.winner == 0


def test_going_out_after_an_earlier_meld_is_not_doubled():
    state = rig(
        "rummy",
        ["4H 5H 6H 7D 8D 9D 10D", P1_HAND],
        table=[(0, "AS 2S 3S")],
        stock_top="KD",
    )
    state.vs = replace(state.vs, melded_before=[True, False])
    state = play(
        state, DrawStock(), Meld(cards("4H 5H 6H")), Meld(cards("7D 8D 9D 10D")), Discard(card("KD"))
    )
    assert state.last_round.ending == "out" and state.last_round.multiplier == 1
    assert state.scores == [76, 0]
    assert state.phase == "round_over"


def test_melds_laid_in_an_earlier_turn_spoil_rummy():
    state = rig(
        "rummy",
        ["AS 2S 3S 4H 5H 6H 7D 8D 9D JC", "KS KH QD 2C 3C 5C 7C 9C 10C QC"],
        stock_top="KD 6C 10D 4C",
    )
    state = play(state, DrawStock(), Meld(cards("AS 2S 3S")), Discard(card("KD")))
    state = play(state, DrawStock(), Discard(card("6C")))
    state = play(state, DrawStock(), Meld(cards("4H 5H 6H")), Meld(cards("7D 8D 9D 10D")))
    state = play(state, Discard(card("JC")))
    assert state.last_round.ending == "out" and state.last_round.multiplier == 1


def test_may_not_discard_the_card_just_taken_from_the_discard_pile():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", P1_HAND], discard="10D")
    state = play(state, TakeDiscard())
    refused(state, Discard(card("10D")), "you may not discard the card you just took")
    assert Discard(card("10D")) not in legal_actions(state)
    play(state, Discard(card("KC")))


def test_only_the_top_discard_may_be_taken():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", P1_HAND], discard="4C 10D")
    refused(state, TakeDiscard(2), "only the top card")


def _two_melds_down(first: str):
    """P0 holds ``first`` 2D 4D 6D 9S KC 3C and has 10S JS QS on the table; P1 has 5H 6H 7H."""
    return rig(
        "rummy",
        [f"{first} 2D 4D 6D 9S KC 3C", "AS AH AD 5S 5D 5C 9C"],
        table=[(1, "5H 6H 7H"), (0, "10S JS QS")],
        stock_top="4C",
    )


def test_lay_off_onto_an_opponents_meld():
    state = play(_two_melds_down("8H"), DrawStock(), LayOff(cards("8H"), 0))
    assert state.table[0].owner == 1
    assert list(state.table[0].cards) == list(cards("5H 6H 7H 8H"))
    assert lines(state)[-1] == "P0 laid off 8♥"
    # and onto one's own meld
    state = play(state, LayOff(cards("9S"), 1))
    assert list(state.table[1].cards) == list(cards("9S 10S JS QS"))


def test_lay_off_that_does_not_fit_is_refused():
    state = play(_two_melds_down("8C"), DrawStock())
    refused(state, LayOff(cards("8C"), 0), "does not fit")
    refused(state, LayOff(cards("8C"), 5), "no such meld")


def test_going_out_by_laying_off():
    state = rig(
        "rummy",
        ["9H", "AS AH AD 5S 5D 5C"],
        table=[(1, "5H 6H 7H 8H"), (0, "2S 3S 4S"), (0, "JC QC KC"), (0, "10D 10S 10C")],
        stock_top="10H",
    )
    state.vs = replace(state.vs, melded_before=[True, True])
    state = play(state, DrawStock(), LayOff(cards("9H 10H"), 0))
    assert state.last_round.ending == "out" and state.last_round.winner == 0
    # P1 holds A A A 5 5 5 = 18
    assert state.scores == [18, 0]


def test_keeping_only_the_taken_discard_is_refused():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D 10D", P1_HAND], discard="JS")
    state = play(state, TakeDiscard(), Meld(cards("AS 2S 3S")), Meld(cards("4H 5H 6H")))
    refused(state, Meld(cards("7D 8D 9D 10D")), "keep only the card you took")
    state = play(state, Meld(cards("7D 8D 9D")), Discard(card("10D")))
    assert state.phase == "draw" and state.to_move == 1


def test_last_card_must_be_a_discard_option():
    state = rig(
        "rummy",
        ["AS 2S 3S 4H 5H 6H 7D 8D 9D 10D", P1_HAND],
        stock_top="JD",
        options={"last_card_discard": True},
    )
    state = play(state, DrawStock(), Meld(cards("AS 2S 3S")), Meld(cards("4H 5H 6H")))
    # melding 7-8-9-10-J of diamonds would empty the hand
    refused(state, Meld(cards("7D 8D 9D 10D JD")), "the last card must be a discard")
    state = play(state, Meld(cards("7D 8D 9D 10D")), Discard(card("JD")))
    assert state.last_round.ending == "rummy"


def test_ace_is_low_only_unless_the_option():
    other = "JH KH QD JC 2C 3C 5C 7C 9C 10C"
    state = rig("rummy", ["QS KS AS 4H 5H 6H 7D 8D 9D KC", other], stock_top="2D")
    state = play(state, DrawStock())
    refused(state, Meld(cards("QS KS AS")), "not a meld")
    high = rig(
        "rummy", ["QS KS AS 4H 5H 6H 7D 8D 9D KC", other], stock_top="2H",
        options={"ace_high": True},
    )
    high = play(high, DrawStock(), Meld(cards("QS KS AS")))
    assert list(high.table[0].cards) == list(cards("QS KS AS"))


def test_stock_is_rebuilt_from_the_discard_pile_except_its_top_card():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", P1_HAND], discard="2H 3H 4C 6C")
    # leave a single card in the stock: the next draw empties it
    rest = state.stock[:-1]
    state.stock = state.stock[-1:]
    state.discard = state.discard + rest
    top_before = None
    state = play(state, DrawStock())
    drawn = state.hands[0][-1]
    state = play(state, Discard(card("KC")))
    # P1's turn begins with an empty stock: rebuilt from every discard but the top (KC)
    assert state.rebuilds == 1
    assert state.discard == [card("KC")]
    assert sorted(state.stock) == sorted(rest + list(cards("2H 3H 4C 6C")))
    assert isinstance(state.log[-1], StockRebuilt)
    assert "shuffled into a new stock" in lines(state)[-1]
    assert top_before is None and drawn not in state.stock


def test_hand_is_void_when_the_stock_runs_out_after_two_rebuilds():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", P1_HAND])
    state.rebuilds = 2
    rest = state.stock[:-1]
    state.stock = state.stock[-1:]
    state.discard = state.discard + rest
    state = play(state, DrawStock(), Discard(card("KC")))
    assert state.phase == "round_over"
    assert state.last_round.ending == "void" and state.last_round.winner is None
    assert state.scores == [0, 0]
    state = play(state, NextRound())
    assert state.round_no == 2 and state.phase == "draw"


def test_void_option_off_keeps_rebuilding():
    state = rig(
        "rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", P1_HAND],
        options={"void_after_two_rebuilds": False},
    )
    state.rebuilds = 2
    rest = state.stock[:-1]
    state.stock = state.stock[-1:]
    state.discard = state.discard + rest
    state = play(state, DrawStock(), Meld(cards("AS 2S 3S")), Discard(card("KC")))
    assert state.phase == "draw" and state.rebuilds == 3


def test_the_deal_passes_to_the_left():
    state = new_state("rummy", 3, seed=5)
    dealer = state.dealer
    state.phase = "round_over"
    state.history = []
    state = play(state, NextRound())
    assert state.dealer == (dealer + 1) % 3
    assert state.to_move == (dealer + 2) % 3


def test_fixed_number_of_hands_option():
    state = rig(
        "rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D 10D", P1_HAND], stock_top="KD",
        options={"rounds": 1, "target": 1000},
    )
    state = play(
        state, DrawStock(), Meld(cards("AS 2S 3S")), Meld(cards("4H 5H 6H")),
        Meld(cards("7D 8D 9D 10D")), Discard(card("KD")),
    )
    assert state.phase == "game_over" and state.winner == 0


def test_no_close_in_rummy():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", P1_HAND], stock_top="2D")
    state = play(state, DrawStock())
    refused(state, Close(card("KC")), "no closing in Basic Rummy")


def _stock_of_one(state):
    """The stock holds one card (drawn next); the rest of it lies under the discard pile."""
    rest = state.stock[:-1]
    state.stock = state.stock[-1:]
    state.discard = state.discard + rest
    return state


def test_a_second_rebuild_even_when_nobody_melded_since_the_first():
    # issue 9: nobody melds through a whole rebuilt stock (a player may be holding back to
    # go rummy); the stock is rebuilt a second time all the same, and the hand goes on
    state = _stock_of_one(rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", P1_HAND]))
    state.rebuilds = 1
    state.log = state.log + [StockRebuilt(round_no=1)]
    state = play(state, DrawStock(), Discard(card("KC")))
    assert state.phase == "draw" and state.rebuilds == 2 and len(state.stock) > 0
    assert state.discard == [card("KC")]


def test_only_the_third_time_the_stock_runs_out_is_the_hand_void():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", P1_HAND])
    for rebuilds, void in ((0, False), (1, False), (2, True)):
        s = _stock_of_one(copy.deepcopy(state))
        s.rebuilds = rebuilds
        s = play(s, DrawStock(), Discard(card("KC")))
        assert (s.phase == "round_over") == void, rebuilds
        assert s.rebuilds == (rebuilds if void else rebuilds + 1)


def test_with_the_void_option_off_the_rebuild_limit_ends_the_hand():
    options = {"void_after_two_rebuilds": False, "rebuild_limit": 5}
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", P1_HAND], options=options)
    going = _stock_of_one(copy.deepcopy(state))
    going.rebuilds = 4
    going = play(going, DrawStock(), Discard(card("KC")))
    assert going.phase == "draw" and going.rebuilds == 5
    ended = _stock_of_one(copy.deepcopy(state))
    ended.rebuilds = 5
    ended = play(ended, DrawStock(), Discard(card("KC")))
    assert ended.phase == "round_over" and ended.last_round.ending == "void"
    assert ended.scores == [0, 0]


def test_the_rebuild_limit_defaults_to_20_and_never_ends_a_hand_before_rules_notes():
    assert new_state("rummy", 2).options.rebuild_limit == 20
    with pytest.raises(RuleError, match="rebuild_limit"):
        new_state("rummy", 2, options={"void_after_two_rebuilds": False, "rebuild_limit": 1})
