"""Keys before drawing (and in variants without table melds) give the engine's reason and
open no dialog; 1, 2, 3 are Remi's keys only. Lay off (``l``) asks which meld only when more
than one takes the cards."""

from __future__ import annotations

from collections import Counter

from rummy_tui.app.app import RummyApp
from rummy_tui.app.dialogs.choose import ChooseMeldDialog, ConfirmDialog
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.app.widgets.messages import TableMessages
from rummy_tui.core.cards import parse_card, parse_cards
from rummy_tui.core.engine import check_action, new_game
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Meld, TableMeld
from rummy_tui.core.variants import RuleError

from .conftest import make_app, seats
from .driver import select_cards, settle, table_of


def _messages(app) -> list[str]:
    return table_of(app).query_one(TableMessages).texts()


async def _at_my_turn(pilot):
    await settle(pilot)
    table = pilot.app.screen
    assert isinstance(table, TableScreen) and table._my_turn()
    return table


async def _press(pilot, key):
    table_of(pilot.app).query_one(TableMessages).clear_feedback()
    await pilot.press(key)
    await pilot.pause()


async def test_indian_c_before_drawing_says_draw_first_without_the_dialog():
    app = make_app("indian", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_my_turn(pilot)
        before = table.state
        await _press(pilot, "c")
        assert not isinstance(app.screen, ConfirmDialog)
        assert any("draw a card first" in m for m in _messages(app)), _messages(app)
        assert table.state is before


async def test_rummy_l_and_m_before_drawing_say_draw_first():
    app = make_app("rummy", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_my_turn(pilot)
        for key in ("l", "m"):
            await _press(pilot, key)
            assert not isinstance(app.screen, ChooseMeldDialog)
            assert any("draw a card first" in m for m in _messages(app)), (key, _messages(app))
            assert not any("Select" in m for m in _messages(app)), _messages(app)


async def test_remi_c_before_drawing_says_draw_first_and_never_lay_off():
    app = make_app("remi", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        await _at_my_turn(pilot)
        await _press(pilot, "c")
        assert any("draw a card first" in m for m in _messages(app)), _messages(app)
        await _press(pilot, "s")
        await _press(pilot, "c")
        assert not any("lay" in m and "off" in m for m in _messages(app)), _messages(app)


async def test_indian_and_remigio_m_and_l_say_melds_stay_in_the_hand():
    for variant, players in (("indian", "Ann,cpu:Bob"), ("remigio", "Ann,cpu:Bob")):
        app = make_app(variant, players, seed=3)
        async with app.run_test(size=(100, 32)) as pilot:
            table = await _at_my_turn(pilot)
            await _press(pilot, "s")
            assert table.state.phase == "play"
            try:
                check_action(table.state, Meld(()))
            except RuleError as exc:
                reason = str(exc)
            await _press(pilot, "m")
            assert _messages(app) == [reason], (variant, _messages(app))
            await _press(pilot, "l")
            assert not isinstance(app.screen, ChooseMeldDialog)
            assert _messages(app) and "Select" not in _messages(app)[0], _messages(app)


async def test_key_1_takes_the_discard_only_in_remi():
    app = make_app("rummy", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_my_turn(pilot)
        before = table.state
        await _press(pilot, "1")
        assert table.state is before and table.state.phase == "draw"
        assert not table.check_action("take_nth", (2,))
        # not in silence (issue 30): the game takes only the top discard
        assert any("only the top discard" in m for m in _messages(app)), _messages(app)
    app = make_app("remi", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_my_turn(pilot)
        await _press(pilot, "1")
        assert table.state.phase == "play" or _messages(app), "1 did nothing in Remi"


async def test_the_drop_dialog_states_the_cost_from_the_options():
    for fmt, cost in (("points", 20), ("pool201", 25)):
        app = make_app("indian", "Ann,cpu:Bob", seed=3, options={"format": fmt})
        async with app.run_test(size=(100, 32)) as pilot:
            table = await _at_my_turn(pilot)
            await _press(pilot, "r")
            assert isinstance(app.screen, ConfirmDialog)
            assert f"first drop costs {cost} points" in app.screen.question
            await _press(pilot, "n")
            assert table.state.phase == "draw"


async def test_m_with_nothing_selected_after_drawing_says_how_to_select():
    app = make_app("rummy", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        await _at_my_turn(pilot)
        await _press(pilot, "s")
        await _press(pilot, "m")
        assert any("Select the cards" in m for m in _messages(app)), _messages(app)


async def test_undo_before_the_draw_speaks_of_no_draw():
    app = make_app("rummy", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_my_turn(pilot)
        assert table.state.phase == "draw"
        await _press(pilot, "u")
        said = _messages(app)
        assert said and "Nothing to undo yet" in said[0] and "draw" not in said[0], said


async def test_lay_off_with_no_meld_on_the_table_says_so():
    app = make_app("rummy", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_my_turn(pilot)
        await _press(pilot, "s")
        assert not table.state.table
        await _press(pilot, "l")
        said = _messages(app)
        assert said == ["There is no meld on the table yet to lay off onto."], said


def _two_melds_on_the_table(hand: str) -> RummyApp:
    """Ann to play (drawn) at Basic Rummy with ``hand``; Bob laid 10♦ J♦ Q♦ and K♣ K♥ K♠."""
    state = new_game("rummy", seats("Ann,cpu:Bob"), seed=2).copy()
    run, kings, mine = parse_cards("10D JD QD"), parse_cards("KC KH KS"), parse_cards(hand)
    rest = sorted((Counter(variant_of("rummy").deck(state.options, 2))
                   - Counter(run + kings + mine)).elements())
    state.hands = [mine, rest[:4]]
    state.discard, state.stock = rest[4:5], rest[5:]
    state.table = [TableMeld(1, run, "run"), TableMeld(1, kings, "set")]
    state.laid = [0, 6]
    state.to_move, state.phase = 0, "play"
    return RummyApp(game=state, cursor_blink=False, bot_delay=0)


async def test_lay_off_onto_the_one_meld_that_takes_the_card_asks_nothing():
    app = _two_melds_on_the_table("9D 2C 5H 7S 4D")
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_my_turn(pilot)
        hand = table.query_one(Hand)
        await select_cards(pilot, hand, (parse_card("9D"),))
        await _press(pilot, "l")
        assert not isinstance(app.screen, ChooseMeldDialog)
        assert table.state.table[0].cards == parse_cards("9D 10D JD QD")
        assert parse_card("9D") not in table.state.hands[0]


async def test_lay_off_with_two_melds_that_take_the_card_asks_which():
    app = _two_melds_on_the_table("KD 2C 5H 7S 4D")
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _at_my_turn(pilot)
        await select_cards(pilot, table.query_one(Hand), (parse_card("KD"),))
        await _press(pilot, "l")
        assert isinstance(app.screen, ChooseMeldDialog)
        await _press(pilot, "down")
        await _press(pilot, "enter")
        assert parse_card("KD") in table.state.table[1].cards
        assert table.state.table[0].cards == parse_cards("10D JD QD")
