"""Card notation and decks (shared/rules-notes.md, "Card notation"; each variant's deck)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy_tui.core.cards import (
    ALL_CARDS,
    JOKER,
    CardError,
    make_deck,
    parse_card,
    parse_cards,
    parse_rank,
)


@pytest.mark.parametrize(
    "text, code",
    [("AS", "AS"), ("as", "AS"), ("10H", "10H"), ("th", "10H"), ("T♥", "10H"), ("10♡", "10H"),
     ("qc", "QC"), ("Q♣", "QC"), ("jk", "JK"), ("JK", "JK"), ("k♦", "KD"), (" 7s ", "7S")],
)
def test_codes_are_read_in_any_case_with_t_and_suit_symbols(text, code):
    assert parse_card(text).code == code


@pytest.mark.parametrize("bad", ["", "1S", "11S", "ZZ", "AX", "10", "S", "JKR", "A♠♠"])
def test_a_bad_code_is_refused_naming_the_token(bad):
    with pytest.raises(CardError) as info:
        parse_card(bad)
    assert repr(bad) in str(info.value)


def test_parse_cards_takes_a_list_or_one_string():
    assert parse_cards("AS, 10h  JK") == parse_cards(["AS", "10H", "JK"])


@given(st.sampled_from(ALL_CARDS))
def test_every_card_round_trips_through_its_code(card):
    assert parse_card(card.code) is card
    assert parse_card(card.code.lower()) is card
    assert parse_card(card.symbol()) is card


def test_ranks_and_suits():
    card = parse_card("QH")
    assert (card.rank, card.suit, card.is_red) == (12, 1, True)
    assert JOKER.is_joker and JOKER.rank == 0
    assert [parse_rank(x) for x in ("A", "t", "10", "q", 7)] == [1, 10, 10, 12, 7]
    for bad in ("0", "14", "JK", "", 0, 14):
        with pytest.raises(CardError):
            parse_rank(bad)


@pytest.mark.parametrize(
    "decks, jokers, size, copies, printed",
    [
        (1, 0, 52, 1, 0),  # rummy, remi
        (2, 2, 108, 2, 4),  # remigio: 2 x 52 + 4 jokers
        (3, 2, 162, 3, 6),  # remigio (Fournier), 7-10 players: 3 x (52 + 2)
        (1, 1, 53, 1, 1),  # indian, 2 players: 52 + 1
        (2, 1, 106, 2, 2),  # indian, 3-6 players: 2 x (52 + 1)
    ],
)
def test_each_variants_deck(decks, jokers, size, copies, printed):
    deck = make_deck(decks, jokers)
    counts = Counter(deck)
    assert len(deck) == size
    assert counts[JOKER] == printed
    assert {counts[c] for c in ALL_CARDS[:52]} == {copies}
