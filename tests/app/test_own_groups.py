"""Groups the player makes (issue 30): the selected cards become a group (g), labelled by the
rules core (Pure sequence, Sequence, Set, Invalid), which keeps its place and its label
across draws and discards, as the Indian apps' groups do; G undoes them. The hand box
counts the hand as grouped when that differs from the best arrangement's count."""

from __future__ import annotations

import pytest

from rummy_tui.app.rules import best_arrangement, carry_groups, group_together, rules_for
from rummy_tui.app.widgets.hand import Hand, InfoLine
from rummy_tui.core.cards import parse_cards
from rummy_tui.core.groups import grouped_penalty
from rummy_tui.core.hand_rules import relaxed

from .conftest import make_app
from .driver import discard, move_cursor_to, press, select_cards, settle, table_and_hand


async def draw_and_group_a_meld(pilot, table, hand):
    """Draw from the stock, then select the best arrangement's first meld and group it (g):
    the state after the draw and the meld's cards."""
    await press(pilot, "s")
    state = table.state
    meld = best_arrangement(hand.cards, relaxed(rules_for(state))).melds[0].cards
    await select_cards(pilot, hand, meld)
    await press(pilot, "g")
    await pilot.pause()
    return state, meld


def _groups(hand: Hand) -> list[list]:
    out: list[list] = [[]]
    for i, card in enumerate(hand.cards):
        if i in hand.group_starts:
            out.append([])
        out[-1].append(card)
    return out


@pytest.mark.parametrize("variant,seed", [("indian", 9), ("remigio", 4)])
async def test_a_group_of_ones_own_keeps_its_place_and_label(variant, seed):
    app = make_app(variant, "Ann,cpu:Bob", seed=seed)
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = await table_and_hand(pilot)
        state, meld = await draw_and_group_a_meld(pilot, table, hand)
        *rest, mine = _groups(hand)
        assert sorted(mine) == sorted(meld) and not hand.selected
        label = hand.labels[-1]
        assert label in ("Pure sequence", "Sequence", "Set", "Run")
        # the hand box counts the hand as grouped (when that is not the best count)
        count = grouped_penalty([*rest, mine], rules_for(state))
        info = str(table.query_one(InfoLine).render())
        assert f"as grouped {count}" in info or f"penalty {count}" in info, info
        # a discard from outside the group, the others' turns, a draw: the group stays
        await move_cursor_to(pilot, hand, 0)
        await discard(pilot)
        await settle(pilot)
        assert table._my_turn()
        await press(pilot, "s")
        await pilot.pause()
        groups = _groups(hand)
        assert mine in groups, (mine, groups)
        assert hand.labels[groups.index(mine)] == label
        assert len(groups[-1]) == 1 and groups[-1][0] not in mine  # the card drawn
        # G: the groups go, the order stays
        cards = list(hand.cards)
        await press(pilot, "G")
        await pilot.pause()
        assert hand.cards == cards and not hand.group_starts and not hand.labels


async def test_g_without_a_selection_says_how():
    app = make_app("indian", "Ann,cpu:Bob", seed=9)
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = await table_and_hand(pilot)
        await press(pilot, "g")
        await pilot.pause()
        assert "Select the cards to group" in table.query_one("TableMessages").texts()[0]
        assert not hand.group_starts


async def test_the_footer_offers_group_where_the_hand_is_shown_whole():
    for variant, shown in (("indian", True), ("rummy", False)):
        app = make_app(variant, "Ann,cpu:Bob", seed=9)
        async with app.run_test(size=(100, 32)) as pilot:
            table, _ = await table_and_hand(pilot)
            keys = {b.binding.key: b.binding for b in table.active_bindings.values()}
            assert keys["g"].show is shown, variant


def test_carried_groups_follow_the_cards():
    order = parse_cards("3H 4H 5H KD QC 7S")
    # KD discarded, 9C drawn: KD's group shrinks, the new card makes a group of its own
    hand = parse_cards("3H 4H 5H QC 7S 9C")
    assert carry_groups(order, [3, 2, 1], hand) == [3, 1, 1, 1]
    # a whole group gone
    assert carry_groups(order, [3, 2, 1], parse_cards("3H 4H 5H KD QC")) == [3, 2]


def test_grouping_moves_the_chosen_cards_to_a_group_at_the_right_end():
    moved, sizes = group_together([3, 3], 6, [1, 4])
    assert moved == [0, 2, 3, 5, 1, 4] and sizes == [2, 2, 2]
    moved, sizes = group_together([], 4, [0, 1, 2, 3])
    assert moved == [0, 1, 2, 3] and sizes == [4]


async def test_the_groups_are_saved_and_come_back(tmp_path):
    """The groups are part of the save, like the hand's order: a resumed game shows them
    (and a save without groups is written as before: no ``hand_groups`` key)."""
    import json

    from rummy_tui import saves
    from rummy_tui.app.app import RummyApp

    from .driver import table_of

    app = make_app("indian", "Ann,cpu:Bob", seed=9, saves_dir=tmp_path)
    app.autosave = True
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = await table_and_hand(pilot)
        assert "hand_groups" not in json.loads(app.save_path.read_text())["state"]
        state, meld = await draw_and_group_a_meld(pilot, table, hand)
        order, groups, labels = list(hand.cards), _groups(hand), hand.labels
        path = app.save_path
    loaded = saves.load_game(path)
    assert loaded.hand_order[0] == order
    assert loaded.hand_groups[0] == [len(g) for g in groups]
    resumed = RummyApp(game=loaded, save_path=path, bot_delay=0, cursor_blink=False)
    async with resumed.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        hand = table_of(resumed).query_one(Hand)
        assert hand.cards == order and _groups(hand) == groups and hand.labels == labels


async def test_the_declare_dialog_shows_the_players_own_groups_when_they_are_valid():
    """Issue 30: the declare dialog shows the groups as the player made them (their order)
    when they make a valid declaration without the finish card; else the engine's."""
    from rummy_tui.app.dialogs.finish import FinishDialog
    from rummy_tui.core.cards import parse_card

    from .test_finish_dialogs import VALID, app_for, draw_and_point_at, rigged

    app = app_for(rigged("indian", VALID, "2D", wild="7D"))
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = await draw_and_point_at(pilot, "2D")
        for group in ("KD KC KH", "AS AD AC AH", "3S 4S 5S", "9H 7C JH"):
            await select_cards(pilot, hand, tuple(parse_cards(group)))
            await press(pilot, "g")
        await pilot.pause()
        assert hand.labels == ("Invalid", "Set", "Set", "Pure sequence", "Sequence")
        await move_cursor_to(pilot, hand, hand.cards.index(parse_card("2D")))
        await press(pilot, "c")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, FinishDialog) and dialog.highlighted.ok
        assert dialog.detail_text().splitlines()[1:] == [
            "Set            K♦ K♣ K♥", "Set            A♠ A♦ A♣ A♥",
            "Pure sequence  3♠ 4♠ 5♠", "Sequence       9♥ 7♣ J♥", "Finish slot    2♦"]


async def test_the_hand_box_says_what_the_hand_counts_as_grouped():
    from .test_finish_dialogs import VALID, app_for, draw_and_point_at, rigged

    app = app_for(rigged("indian", VALID, "2D", wild="7D"))
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = await draw_and_point_at(pilot, "2D")
        await select_cards(pilot, hand, tuple(parse_cards("KD KC KH")))
        await press(pilot, "g")
        await pilot.pause()
        info = str(table.query_one(InfoLine).render())
        # no pure sequence among the groups: every card counts, at most 80; the best
        # arrangement leaves 2♦ alone
        assert "penalty 2" in info and "as grouped 80" in info, info
        for group in ("AS AD AC AH", "3S 4S 5S", "9H 7C JH"):
            await select_cards(pilot, hand, tuple(parse_cards(group)))
            await press(pilot, "g")
        await pilot.pause()
        info = str(table.query_one(InfoLine).render())
        assert "penalty 2" in info and "as grouped" not in info, info  # the same count


def test_saved_groups_that_do_not_fit_the_hand_are_left_out():
    from rummy_tui.app.session import TableSession
    from rummy_tui.core.engine import new_game
    from rummy_tui.core.state import PlayerSpec

    state = new_game("indian", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "human")],
                     seed=3).copy()
    state.hand_order = [list(h) for h in state.hands]
    state.hand_groups = [[3, 10], [5, 5]]  # Bob's do not add up to his 13 cards
    session = TableSession(state)
    session.viewer = 0
    assert session.hand_order(0)[1] == [3, 10]
    assert session.hand_order(1)[1] is None
