"""Every rule edge of the arrangement search, on concrete hands (shared/rules-notes.md)."""

from __future__ import annotations

import pytest

from rummy_tui import arrange
from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.cards import CardError, parse_cards
from rummy_tui.core.variants import RuleError, hand_rules


def melds(result):
    return sorted((m.kind, m.pure, " ".join(c.code for c in m.cards)) for m in result.melds)


def codes(cards):
    return [c.code for c in cards]


# --- rummy -------------------------------------------------------------------------------


def test_rummy_ace_is_low_only():
    r = arrange("AS 2S 3S QH KH AH", "rummy")
    assert melds(r) == [("run", True, "AS 2S 3S")]
    assert codes(r.deadwood) == ["AH", "QH", "KH"]
    assert r.penalty == 1 + 10 + 10


def test_rummy_ace_high_option_makes_q_k_a_a_run_and_aces_worth_15():
    r = arrange("QH KH AH 5C", "rummy", ace_high=True)
    assert melds(r) == [("run", True, "QH KH AH")]
    assert r.penalty == 5
    assert arrange("AH 5C", "rummy", ace_high=True).penalty == 20
    # never round the corner, and one ace is never at both ends
    assert arrange("KH AH 2H", "rummy", ace_high=True).melds == ()


def test_rummy_card_in_a_set_or_a_run_goes_where_it_saves_most():
    # 7H is wanted by the run 5H-6H-7H and the set 7H 7D 7C; only the set of four can spare it
    r = arrange("5H 6H 7H 7S 7D 7C", "rummy")
    assert r.penalty == 0 and r.can_go_out
    assert melds(r) == [("run", True, "5H 6H 7H"), ("set", True, "7S 7D 7C")]
    # with a set of three, one of them loses
    r = arrange("5H 6H 7H 7D 7C KS", "rummy")
    assert r.penalty == 10 + 7 + 7 or r.penalty == 10 + 5 + 6
    assert r.penalty == min(10 + 7 + 7, 10 + 5 + 6)


def test_rummy_values():
    r = arrange("AS 5D 10C JH QS KD", "rummy")
    assert r.penalty == 1 + 5 + 10 + 10 + 10 + 10 and not r.can_go_out


def test_rummy_sets_are_three_or_four():
    r = arrange("9S 9H 9D 9C", "rummy")
    assert melds(r) == [("set", True, "9S 9H 9D 9C")] and r.can_go_out
    assert arrange("9S 9H", "rummy").melds == ()


# --- remi --------------------------------------------------------------------------------


def test_remi_values_and_no_ace_in_a_sequence():
    r = arrange("AS 2S 3S 4H", "remi")
    assert melds(r) == []  # A-2-3 is no sequence in Remi
    assert r.penalty == 15 + 5 + 5 + 5


def test_remi_number_runs_and_j_q_k_only():
    assert melds(arrange("8S 9S 10S", "remi")) == [("run", True, "8S 9S 10S")]
    assert melds(arrange("JD QD KD", "remi")) == [("run", True, "JD QD KD")]
    assert arrange("9C 10C JC", "remi").melds == ()  # 10-J is no link
    assert arrange("10C JC QC", "remi").melds == ()
    r = arrange("8S 9S 10S JS QS KS", "remi")
    assert melds(r) == [("run", True, "8S 9S 10S"), ("run", True, "JS QS KS")]


def test_remi_set_counts_only_beside_a_sequence():
    r = arrange("5H 5D 5C 9C", "remi")
    assert r.melds == () and r.penalty == 20
    r = arrange("5H 5D 5C 2S 3S 4S", "remi")
    assert melds(r) == [("run", True, "2S 3S 4S"), ("set", True, "5H 5D 5C")]
    assert r.penalty == 0 and r.can_go_out
    # aces may form a set
    assert melds(arrange("AS AH AD 2C 3C 4C", "remi"))[1] == ("set", True, "AS AH AD")


def test_remi_sequence_down_lets_a_set_count_alone():
    hr = hand_rules("remi")
    hand = parse_cards("5H 5D 5C 9C")
    assert best_arrangement(hand, hr).penalty == 20
    r = best_arrangement(hand, hr, sequence_down=True)
    assert r.penalty == 5 and melds(r) == [("set", True, "5H 5D 5C")]


# --- remigio -----------------------------------------------------------------------------


def test_remigio_ace_low_or_high_and_wrap_option():
    assert melds(arrange("QS KS AS", "remigio")) == [("run", True, "QS KS AS")]
    assert melds(arrange("AS 2S 3S", "remigio")) == [("run", True, "AS 2S 3S")]
    assert arrange("KS AS 2S", "remigio").melds == ()
    assert melds(arrange("KS AS 2S", "remigio", wrap=True)) == [("run", True, "KS AS 2S")]


def test_remigio_sets_may_repeat_a_card_and_have_no_size_limit():
    r = arrange("7S 7S 7H", "remigio")
    assert melds(r) == [("set", True, "7S 7S 7H")]
    r = arrange("7S 7S 7H 7H 7D 7C", "remigio")
    assert len(r.melds) == 1 and r.can_go_out  # one set of six, or two sets


def test_remigio_jokers_are_wild_worth_20_and_need_a_natural():
    r = arrange("5S JK 7S 9D", "remigio")
    assert melds(r) == [("run", False, "5S JK 7S")]
    assert r.penalty == 9
    r = arrange("JK JK 9D", "remigio")  # 9D + two jokers is a meld
    assert r.can_go_out and r.penalty == 0
    r = arrange("JK JK", "remigio")  # no natural card: no meld
    assert r.melds == () and r.penalty == 40


def test_remigio_multipliers():
    def closing(text):
        r = arrange(text, "remigio")
        return r.can_go_out, r.special, r.multiplier

    # all melded, no jokers: x2; with a joker: x1
    assert closing("AS 2S 3S 7H 7D 7C 9C 10C JC QC") == (True, None, 2)
    assert closing("AS 2S 3S 7H 7D JK 9C 10C JC QC") == (True, None, 1)
    # flush: x4 without jokers, x3 with; it closes even unmelded
    assert closing("AS 3S 5S 7S 9S JS KS 2S 4S 8S") == (True, "flush", 4)
    r = arrange("AS 3S 5S 7S 9S JS KS KS 2S JK", "remigio")
    assert (r.can_go_out, r.special, r.multiplier) == (True, "flush", 3)
    assert r.penalty > 0  # a loser holding it still pays on the arrangement
    # straight flush (a ten-card run): x6 / x5
    assert closing("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S") == (True, "straight_flush", 6)
    assert closing("AS 2S 3S 4S JK 6S 7S 8S 9S 10S") == (True, "straight_flush", 5)
    # Remigio: ten of one rank, jokers allowed: x10
    assert closing("7S 7S 7H 7H 7D 7D 7C 7C JK JK") == (True, "remigio", 10)
    # no closing hand: no multiplier
    assert closing("AS 2S 3S 7H 7D 7C 9C 10C JC 2D") == (False, None, None)
    # the special hands are about the ten shown cards
    assert arrange("AS 3S 5S 7S 9S JS KS 2S 4S", "remigio").special is None


def test_remigio_spare_jokers_go_into_melds():
    r = arrange("AS 2S 3S JK JK", "remigio")
    assert r.can_go_out and r.penalty == 0 and len(r.melds) == 1


# --- indian ------------------------------------------------------------------------------


def test_indian_needs_two_sequences_one_pure_else_everything_counts():
    # one pure sequence and a set: nothing is grouped
    r = arrange("AS 2S 3S 9D 9C 9H 5C", "indian")
    assert r.melds == () and r.penalty == 10 + 2 + 3 + 27 + 5
    # two pure sequences: only the ungrouped cards count
    r = arrange("AS 2S 3S 5H 6H 7H 9D 9C 9H 5C", "indian")
    assert r.penalty == 5 and len(r.melds) == 3


def test_indian_impure_second_sequence_and_pure_first():
    r = arrange("AS 2S 3S 5H 6H JK KC", "indian")
    assert melds(r) == [("run", False, "5H 6H JK"), ("run", True, "AS 2S 3S")]
    assert r.penalty == 10
    # two impure sequences are not enough
    r = arrange("AS 2S JK 5H 6H JK KC", "indian", decks=2)
    assert r.melds == () and r.penalty == 10 + 2 + 5 + 6 + 10


def test_indian_q_k_a_yes_k_a_2_no():
    assert len(arrange("QS KS AS 2H 3H 4H", "indian").melds) == 2
    assert arrange("KS AS 2S 2H 3H 4H", "indian").melds == ()


def test_indian_sets_need_different_suits():
    r = arrange("7S 7S 7H AD 2D 3D 5C 6C 7C", "indian")
    # 7S 7S 7H is no set; 7S 7H + a third suit would be
    assert all(m.kind == "run" for m in r.melds)
    assert r.penalty == 7 + 7 + 7  # 7S 7S 7H stay ungrouped
    r = arrange("7S 7D 7H AD 2D 3D 5C 6C 8C JK", "indian")
    assert ("set", True, "7S 7H 7D") in melds(r)


def test_indian_wild_card_playing_as_itself_keeps_a_sequence_pure():
    r = arrange("6S 7S 8S 4H 5H 7C", "indian", wild="7")
    assert ("run", True, "6S 7S 8S") in melds(r)  # 7S as itself
    assert ("run", False, "4H 5H 7C") in melds(r)  # 7C as the six of hearts
    assert r.penalty == 0 and r.can_go_out
    # without a second wild card there is no second sequence: everything counts
    r = arrange("6S 7S 8S 4H 5H 9C", "indian", wild="7")
    assert r.melds == () and r.penalty == 6 + 0 + 8 + 4 + 5 + 9


def test_indian_a_spare_wild_card_twin_of_a_natural_makes_its_run_impure():
    # 5s wild: one 5S plays as itself in 4S 5S 6S, its twin is a spare joker and goes to the
    # end of that run (the other pure run is kept pure): 4S 5S 6S 5S is no pure sequence,
    # though every card in it is one the run holds
    r = arrange("4S 5S 6S 9H 10H JH 5S", "indian", wild=5)
    assert melds(r) == [("run", False, "4S 5S 6S 5S"), ("run", True, "9H 10H JH")]
    assert r.penalty == 0


def test_indian_wild_and_printed_jokers_are_worth_zero_and_the_cap_is_80():
    r = arrange("7H JK KS KD QC QD JS JH 10C 10D 9S 9H 8C", "indian", wild="7")
    assert r.melds == ()  # no pure sequence possible
    assert r.penalty == 80  # 10*6 + 10 + 10 + 9 + 9 + 8 = 106, capped
    r = arrange("7H JK 2C", "indian", wild="7")
    assert r.penalty == 2


def test_indian_printed_joker_as_wild_card_makes_aces_wild():
    r = arrange("AH 5S 6S 7S 9C 10C", "indian", wild="JK")
    assert r.can_go_out and ("run", False, "9C 10C AH") in melds(r)


def test_indian_can_go_out_is_a_valid_declaration():
    r = arrange("AS 2S 3S 4S 5H 6H 7H 9C 9D 9H JK KD KC", "indian", wild="5")
    assert r.can_go_out and r.penalty == 0 and not r.deadwood


# --- input -------------------------------------------------------------------------------


def test_card_notation_is_flexible():
    r = arrange(["as", "T♥", "10h", "jk"], "remigio")
    assert codes(r.cards) == ["AS", "10H", "10H", "JK"]
    # any iterable, Card objects among the codes: every card read, once
    mixed = (c for c in ["AS", parse_cards("2S")[0], "3s", "T♥"])
    assert codes(arrange(mixed, "rummy").cards) == ["AS", "2S", "3S", "10H"]


@pytest.mark.parametrize(
    "cards, variant, kwargs, error, words",
    [
        ("AS ZZ", "rummy", {}, CardError, "'ZZ'"),
        ("AS AS", "rummy", {}, RuleError, "AS"),
        ("JK", "rummy", {}, RuleError, "joker"),
        ("7S 7S 7S", "remigio", {}, RuleError, "7S"),
        ("JK JK JK", "indian", {}, RuleError, "joker"),
        ("AS", "no-such-game", {}, RuleError, "unknown variant"),
        ("AS", "indian", {"wild": "14"}, RuleError, "wild"),
        ("AS", "rummy", {"wild": "7"}, RuleError, "wild"),
        ("AS", "rummy", {"colour": True}, RuleError, "rule"),
        (" ".join(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AH", "2H"]), "rummy", {}, RuleError, "14"),
    ],
)
def test_bad_input_is_refused_with_a_reason(cards, variant, kwargs, error, words):
    with pytest.raises(error) as info:
        arrange(cards, variant, **kwargs)
    assert words.lower() in str(info.value).lower()


def test_three_decks_for_fournier():
    r = arrange("7S 7S 7S JK JK JK", "remigio-fournier")
    assert r.can_go_out


def test_best_arrangement_is_cached_and_equal_to_arrange():
    hr = hand_rules("indian", wild=7)
    hand = parse_cards("AS 2S 3S 5H 6H 7S 9D 9C JK 4D 4C KH KS")
    first = best_arrangement(hand, hr)
    assert best_arrangement(hand, hr) is first
    assert first == arrange(hand, "indian", wild=7)


# --- the seed texts' own examples (shared/seeds) ------------------------------------------


def test_seed_003_examples():
    # J♣-2♥(WJ)-K♣ is an impure sequence when twos are wild; 5♠-6♠-7♠-8♠ is pure
    two_seqs_two_sets = "5S 6S 7S 8S JC 2H KC 9D 9H 9C QD QS QC"
    r = arrange(two_seqs_two_sets, "indian", wild="2")
    assert r.can_go_out and r.penalty == 0
    assert ("run", False, "JC 2H KC") in melds(r) and ("run", True, "5S 6S 7S 8S") in melds(r)
    # three sequences and a set; Q♥-K♥-A♥ is a sequence
    r = arrange("QH KH AH 5S 6S 7S JC 2H KC 4D 4S 4C 4H", "indian", wild="2")
    assert r.can_go_out and [m.kind for m in r.melds].count("run") == 3
    # all cards in sequences
    r = arrange("AS 2S 3S 4S 5H 6H 7H 8H 9D 10D JD QD KD", "indian")
    assert r.can_go_out and all(m.kind == "run" for m in r.melds)
    # a loser counts the unmatched cards: face cards and aces 10, 2♣ is 2, jokers 0
    r = arrange("5S 6S 7S JC 2H KC AD 2C JK 9H", "indian", wild="2")
    assert r.penalty == 9  # A♦ with two of the three jokers is a third sequence; 9♥ is left
    assert not r.can_go_out and [c.code for c in r.deadwood] == ["9H"]


def test_seed_001_remigio_needs_both_jokers():
    r = arrange("7S 7S 7H 7H 7D 7D 7C 7C JK JK", "remigio")
    assert (r.special, r.multiplier) == ("remigio", 10)
