"""Indonesian Remi (seed 000) on fixed deals: pick-ups, the forced meld, sets after a sequence,
the closing bonus, the empty stock, the dealer."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_engine_support import card, cards, lines, new_state, play, refused, rig

from rummy_tui.core.engine import legal_actions, new_game
from rummy_tui.core.state import Discard, DrawStock, LayOff, Meld, NextRound, TakeDiscard
from rummy_tui.core.variants.remi import EndOnEmptyStock
from rummy_tui.core.variants import RuleError

OTHER = "KH JH 9D 10C AD 2H 3H"


def test_deal_no_upcard_and_the_dealer_plays_first():
    state = new_state("remi", 4, seed=3)
    assert all(len(h) == 7 for h in state.hands)
    assert state.discard == []
    assert len(state.stock) == 52 - 28
    assert state.to_move == state.dealer
    # the first player can only draw from the stock
    assert legal_actions(state) == [DrawStock()]
    refused(state, TakeDiscard(), "the discard pile is empty")


@pytest.mark.parametrize("n", [1, 5])
def test_player_count(n):
    with pytest.raises(RuleError, match="Indonesian Remi is for 2 to 4 players"):
        new_game("remi", [f"P{i}" for i in range(n)], seed=1)


def test_pick_up_of_the_third_discard_takes_two_more_then_the_forced_meld():
    state = rig("remi", ["5H 6H 2C 9S KD QC AS", OTHER], discard="3S 7H 3D JS")
    state = play(state, TakeDiscard(3))
    # 7H and the two cards above it (3D, JS) are in the hand now
    assert sorted(state.hands[0]) == sorted(cards("5H 6H 2C 9S KD QC AS 7H 3D JS"))
    assert state.discard == [card("3S")]
    assert state.vs.must_meld == card("7H")
    assert lines(state)[-1] == "P0 took 7♥ from the discard pile with 3♦ J♠ above it"
    refused(state, Discard(card("AS")), "you must first meld the card you took")
    assert not any(isinstance(a, Discard) for a in legal_actions(state))
    assert Meld(cards("5H 6H 7H")) in legal_actions(state)
    state = play(state, Meld(cards("5H 6H 7H")))
    assert state.vs.must_meld is None and state.vs.seq_down[0]
    state = play(state, Discard(card("AS")))
    assert len(state.hands[0]) == 6 and state.to_move == 1


def test_pick_up_that_forms_no_meld_is_refused():
    state = rig("remi", ["5H 6H 2C 9S KD QC AS", OTHER], discard="3S 7C 3D JS")
    refused(state, TakeDiscard(3), "forms a meld at once")
    refused(state, TakeDiscard(1), "forms a meld at once")
    refused(state, TakeDiscard(4), "top 3 discards")


def test_pick_up_that_would_leave_nothing_to_discard_is_refused():
    # two cards in hand (one came with an earlier pick-up): melding 5H 6H 7H leaves nothing
    state = rig(
        "remi", ["5H 6H", OTHER], table=[(0, "2D 3D 4D"), (0, "8S 8H 8D")], discard="7H"
    )
    state.vs = replace(state.vs, extra=[1, 0])
    refused(state, TakeDiscard(), "keeping a card to discard")


def test_a_set_is_refused_before_any_sequence():
    state = rig("remi", ["8S 8H 8D 2C 3C 4C KD", OTHER], stock_top="AS")
    state = play(state, DrawStock())
    refused(state, Meld(cards("8S 8H 8D")), "a set only after you have a sequence")
    # laying the sequence first in the same turn counts
    state = play(state, Meld(cards("2C 3C 4C")), Meld(cards("8S 8H 8D")))
    assert [m.kind for m in state.table] == ["run", "set"]


def test_set_pick_up_needs_a_sequence_first():
    # 8C would make a set with 8S 8H, but P0 has no sequence down and none in hand
    state = rig("remi", ["8S 8H 2C 5D KD QC AS", OTHER], discard="8C")
    refused(state, TakeDiscard(), "a set needs a sequence on the table first")
    # with a sequence in hand it may be laid first this turn
    state = rig("remi", ["8S 8H 2C 3C 4C QC AS", OTHER], discard="8C")
    state = play(state, TakeDiscard())
    refused(state, Meld(cards("8S 8H 8C")), "a set only after you have a sequence")
    state = play(state, Meld(cards("2C 3C 4C")), Meld(cards("8S 8H 8C")), Discard(card("AS")))
    # with a sequence already down a set pick-up is fine
    state = rig(
        "remi", ["8S 8H 2D KD", OTHER], table=[(0, "5C 6C 7C")], discard="8C"
    )
    play(state, TakeDiscard(), Meld(cards("8S 8H 8C")), Discard(card("KD")))


def test_runs_are_number_cards_or_j_q_k_never_an_ace_and_10_j_no_link():
    state = rig("remi", ["9S 10S JS QS KS AS 2S", OTHER], stock_top="3S")
    state = play(state, DrawStock())
    refused(state, Meld(cards("9S 10S JS")), "not a meld")
    refused(state, Meld(cards("AS 2S 3S")), "not a meld")
    refused(state, Meld(cards("QS KS AS")), "not a meld")
    play(state, Meld(cards("JS QS KS")))


def test_no_laying_off():
    state = rig("remi", ["8C 2D 4D 6D", OTHER], table=[(0, "5C 6C 7C")], stock_top="3S")
    state = play(state, DrawStock())
    refused(state, LayOff(cards("8C"), 0), "no laying off")


def test_closing_card_scores_ten_times_its_value():
    state = rig(
        "remi",
        ["2S 3S AH", "KS QH 9C 4D AC 2H 6S"],
        table=[(0, "5D 6D 7D 8D")],
        stock_top="4S",
    )
    state = play(state, DrawStock(), Meld(cards("2S 3S 4S")), Discard(card("AH")))
    result = state.last_round
    assert result.ending == "closed" and result.winner == 0 and result.bonus == 150
    assert result.closing_card == card("AH")
    # P0: melds 4 x 5 + 3 x 5 = 35, nothing in hand, + 10 x 15 for the ace
    assert result.players[0].delta == 35 + 150
    # P1: nothing on the table, K Q 9 4 A 2 6 in hand = 10 + 10 + 5 + 5 + 15 + 5 + 5
    assert result.players[1].delta == -55
    assert state.scores == [185, -55]


def test_must_keep_a_card_to_discard():
    state = rig(
        "remi", ["2S 3S", OTHER], table=[(0, "5D 6D 7D"), (0, "8H 9H 10H")], stock_top="4S"
    )
    state.vs = replace(state.vs, extra=[1, 0])
    state = play(state, DrawStock())
    refused(state, Meld(cards("2S 3S 4S")), "keep a card to discard")


def test_round_ends_when_the_stock_is_empty_and_no_discard_is_taken():
    state = rig("remi", ["2S 3S 4S KD 9C QH 10D", OTHER], discard="JC")
    state.discard = state.discard + state.stock
    state.stock = []
    assert EndOnEmptyStock() in legal_actions(state)
    refused(state, DrawStock(), "the stock is empty")
    state = play(state, EndOnEmptyStock())
    result = state.last_round
    assert result.ending == "empty_stock" and result.winner is None and result.bonus == 0
    # nothing on the table: everyone loses the value of the hand
    assert result.players[0].delta == -(5 * 3 + 10 + 5 + 10 + 5)


def test_end_on_empty_stock_is_refused_while_the_stock_lasts():
    state = rig("remi", ["2S 3S 4S KD 9C QH 10D", OTHER])
    refused(state, EndOnEmptyStock(), "the stock is not empty")


def test_the_lowest_total_deals_next_ties_to_the_dealers_left():
    state = new_state("remi", 4, seed=2)
    state.dealer = 1
    state.phase = "round_over"
    state.scores = [10, 30, -5, -5]
    state = play(state, NextRound(), check=False)
    # players 2 and 3 tie at -5; 2 is nearer the previous dealer's left
    assert state.dealer == 2 and state.to_move == 2
    state.phase = "round_over"
    state.scores = [-5, 30, 10, -5]
    state = play(state, NextRound(), check=False)
    assert state.dealer == 3


def test_game_ends_at_the_target_highest_total_wins():
    state = rig("remi", ["2S 3S AH", OTHER], table=[(0, "5D 6D 7D 8D")], stock_top="4S",
                scores=[400, 480])
    state = play(state, DrawStock(), Meld(cards("2S 3S 4S")), Discard(card("AH")), check=False)
    assert state.scores == [585, 425]
    assert state.phase == "game_over" and state.winner == 0


# --- the pick-up melds with cards held before it (issue 9) -------------------------------------


def test_a_pick_up_may_not_meld_with_the_cards_that_come_with_it():
    # only 6H in hand could go with 7H; 8H lies above 7H in the pile, so it does not count
    state = rig("remi", ["6H 2C 9S KD QC AS 4D", OTHER], discard="3S 7H 8H JS")
    refused(state, TakeDiscard(3), "7♥ must form a meld with cards you held before taking it")
    assert TakeDiscard(3) not in legal_actions(state)
    assert legal_actions(state) == [DrawStock()]


def test_the_forced_meld_uses_only_cards_held_before_the_pick_up():
    state = rig("remi", ["5H 6H 2C 9S KD QC AS", OTHER], discard="3S 7H 8H JS")
    state = play(state, TakeDiscard(3))
    assert state.vs.must_meld == card("7H") and state.vs.came_with == list(cards("8H JS"))
    refused(state, Meld(cards("6H 7H 8H")), "7♥ must form a meld with cards you held before")
    refused(state, Meld(cards("5H 6H 7H 8H")), "7♥ must form a meld with cards you held before")
    melds = [sorted(a.cards) for a in legal_actions(state) if isinstance(a, Meld)]
    assert melds == [sorted(cards("5H 6H 7H"))]
    state = play(state, Meld(cards("5H 6H 7H")))
    assert state.vs.must_meld is None and state.vs.came_with == []
    play(state, Discard(card("8H")))


def test_the_cards_that_came_with_it_may_be_melded_after_the_forced_meld():
    state = rig("remi", ["5H 6H 9S 9C", OTHER], table=[(0, "2D 3D 4D")], discard="3S 7H 9H QC")
    state = play(state, TakeDiscard(3))
    # 9H came with 7H: its set waits until 7H is down
    refused(state, Meld(cards("9S 9C 9H")), "may be melded only after 7♥")
    state = play(state, Meld(cards("5H 6H 7H")), Meld(cards("9S 9C 9H")))
    assert [m.kind for m in state.table] == ["run", "run", "set"]
    state = play(state, Discard(card("QC")))
    assert state.phase == "round_over" and state.last_round.winner == 0


def test_a_set_pick_up_needs_a_sequence_of_cards_held_before():
    # 8C makes a set with 8S 8H, but the only sequence, 2C 3C 4C, needs 4C from above 8C
    state = rig("remi", ["8S 8H 2C 3C KD QC AS", OTHER], discard="5D 8C 4C JD")
    refused(state, TakeDiscard(3), "8♣ must form a meld with cards you held before taking it")
    # with the sequence held before, the set pick-up is allowed, the sequence goes first,
    # and it may not use a card that came with 8C
    state = rig("remi", ["8S 8H 2C 3C 4C QC AS", OTHER], discard="5D 8C 5C JD")
    state = play(state, TakeDiscard(3))
    refused(state, Meld(cards("3C 4C 5C")), "may be melded only after 8♣")
    assert Meld(cards("2C 3C 4C")) in legal_actions(state)
    play(state, Meld(cards("2C 3C 4C")), Meld(cards("8S 8H 8C")), Discard(card("5C")))


def test_a_meld_before_the_forced_one_must_keep_the_cards_held_before_to_meld_it():
    # 2D 3D 4D is a sequence, but 7H melds only with 5H 6H: those must stay in the hand
    state = rig("remi", ["5H 6H 2D 3D 4D KD AS", OTHER], discard="3S 7H 8H")
    state = play(state, TakeDiscard(2))
    play(state, Meld(cards("2D 3D 4D")), Meld(cards("5H 6H 7H")), Discard(card("8H")))
