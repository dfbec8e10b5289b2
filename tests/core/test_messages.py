"""Rule errors read well: display names (never the variant keys) and proper plurals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_engine_support import cards, lines, new_state, play, refused, rig

import rummy_tui.core.engine as engine
from rummy_tui.core.engine import check_action, is_legal, view
from rummy_tui.core.options import parse_rules
from rummy_tui.core.state import DrawStock, LayOff, Meld, TakeDiscard
from rummy_tui.core.variants.indian import Declare, Drop
from rummy_tui.core.variants.remi import EndOnEmptyStock
from rummy_tui.core.variants.remigio import Close
from rummy_tui.core.variants import RuleError, hand_rules

REMI_HAND = "2S 3S 4S 7H 8H 9H KD"


@pytest.mark.parametrize("pile,words", [("5C", "only 1 card"), ("5C 6C", "only 2 cards")])
def test_the_discard_pile_count_is_pluralised(pile, words):
    state = rig("remi", [REMI_HAND, "2C 3C 4C 7D 8D 9D KC"], discard=pile)
    refused(state, TakeDiscard(3), words)
    with pytest.raises(RuleError, match=f"^the discard pile has {words}$"):
        check_action(state, TakeDiscard(3))


@pytest.mark.parametrize(
    "variant,phase,action,words",
    [
        ("rummy", "play", Close(0), "there is no closing in Basic Rummy"),
        ("rummy", "play", Declare(0), "there is no declaring in Basic Rummy"),
        ("remigio", "play", Meld((0, 1, 2)), "in Remigio melds stay in your hand"),
        ("remi", "play", LayOff((0,), 0), "there is no laying off in Indonesian Remi"),
        # Remigio has no melds on the table: its refusal does not speak of them (issue 12),
        # and it says so before a draw too (not "draw a card first")
        ("remigio", "play", LayOff((0,), 0),
         "there is no laying off in Remigio: each player's melds stay in their own hand"),
        ("remigio-fournier", "draw", LayOff((0,), 0),
         "there is no laying off in Remigio (Fournier): each player's melds stay in their own"),
        ("indian", "draw", Meld((0, 1, 2)), "in Indian Rummy melds stay in your hand until the deal ends"),
        ("remigio-fournier", "draw", Drop(), "there is no dropping in Remigio (Fournier)"),
        # one message for every move a game does not have (its module defines its moves)
        ("indian", "draw", EndOnEmptyStock(),
         "there is no ending the round on an empty stock in Indian Rummy"),
        ("remi", "draw", Close(0), "there is no closing in Indonesian Remi"),
    ],
)
def test_messages_name_the_game_not_its_key(variant, phase, action, words):
    state = new_state(variant, 2)
    if phase == "play":
        state = play(state, DrawStock())
    if isinstance(action, LayOff) and variant == "remi":
        state = rig("remi", [REMI_HAND, "2C 3C 4C 7D 8D 9D KC"], table=[(1, "5C 6C 7C")],
                    phase="play")
    refused(state, action, words)
    # the same words reach a player who asks through their view
    with pytest.raises(RuleError) as caught:
        check_action(view(state, state.to_move), action)
    assert words in str(caught.value)
    assert not is_legal(state, action)


def test_setup_messages_use_display_names():
    with pytest.raises(RuleError, match=r"bad rule for Indian Rummy: turn_timer"):
        parse_rules("indian", ["turn_timer=5"])
    with pytest.raises(RuleError, match="Indian Rummy with 3 players needs at least 2 decks"):
        new_state("indian", 3, options={"decks": 1})
    with pytest.raises(RuleError, match="^Basic Rummy has no wild rank"):
        hand_rules("rummy", wild="5")


def test_no_rule_error_in_the_engine_shows_a_variant_key():
    # every f-string RuleError of the turn machinery names the game by its title
    source = Path(engine.__file__).read_text(encoding="utf-8")
    assert not re.search(r"RuleError\(f\"[^\"]*\{(state|src)\.variant\}", source)


@pytest.mark.parametrize("variant", ["remigio", "remigio-fournier", "indian"])
@pytest.mark.parametrize("phase", ["draw", "play"])
def test_a_lay_off_refusal_without_table_melds_never_speaks_of_the_table(variant, phase):
    state = new_state(variant, 2)
    if phase == "play":
        state = play(state, DrawStock())
    with pytest.raises(RuleError) as caught:
        check_action(view(state, state.to_move), LayOff((state.hands[state.to_move][0],), 0))
    assert "table" not in str(caught.value) and "no laying off" in str(caught.value)


def test_a_meld_is_logged_in_the_order_the_table_shows_it():
    state = rig("rummy", ["9S 7S 8S KD 2C", "2H 3H 4H 7D 8D"], phase="play")
    after = play(state, Meld(cards("9S 8S 7S")), check=False)  # chosen in this order
    assert after.log[-1].cards == tuple(after.table[-1].cards) == cards("7S 8S 9S")
    assert lines(after)[-1].endswith("melded 7♠ 8♠ 9♠")
