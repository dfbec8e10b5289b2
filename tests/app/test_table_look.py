"""The table at a glance (issue 12, items 5, 7 and 8): the player's own order of the hand
(shift+left/right) kept through draws and saved, the mark on the opponent's last discard, the
direction of play, undo in the footer, the four-colour toggle and the piles' fixed width."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from textual.app import App

from rummy_tui import saves
from rummy_tui.app.app import RummyApp
from rummy_tui.app.session import TableSession
from rummy_tui.app.widgets.card import CardWidget
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.app.widgets.messages import TableMessages
from rummy_tui.app.widgets.piles import Piles
from rummy_tui.app.widgets.table_parts import ActionLog
from rummy_tui.core.cards import parse_card, parse_cards
from rummy_tui.core.variants.indian.declaration import check_declaration
from rummy_tui.core.engine import apply, new_game, view as engine_view
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Discard, DrawStock

from .conftest import make_app, seats
from .driver import press, settle, table_and_hand, table_of


def _footer_keys(app: RummyApp) -> set[str]:
    """The actions the footer shows now (Textual's own list of active bindings)."""
    return {b.binding.action for b in app.screen.active_bindings.values()
            if b.binding.show and b.enabled}


async def test_shift_arrows_move_the_card_and_the_order_survives_a_draw():
    app = make_app("rummy", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = await table_and_hand(pilot)
        before = list(hand.cards)
        await press(pilot, "home", "shift+right", "shift+right")
        moved = before[1:3] + before[:1] + before[3:]
        assert hand.cards == moved and hand.cursor == 2  # the cursor goes with the card
        await press(pilot, "shift+left")
        assert hand.cards == before[1:2] + before[:1] + before[2:] and hand.cursor == 1
        await press(pilot, "shift+right", "s")  # draw: the drawn card goes to the right
        await pilot.pause()
        assert hand.cards[:-1] == moved and len(hand.cards) == len(moved) + 1
        await press(pilot, "home", "x")  # a discard keeps the order of the rest
        await settle(pilot)
        assert [c for c in hand.cards if c in moved[1:]][:len(moved) - 1] == [
            c for c in moved[1:] if c in hand.cards][:len(moved) - 1]


async def test_the_order_is_saved_and_comes_back_on_resume(tmp_path: Path):
    state = new_game("rummy", seats("Ann,cpu:Bob"), seed=3)
    app = RummyApp(game=state, saves_dir=str(tmp_path), bot_delay=0, cursor_blink=False)
    app.autosave = True
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        hand = table_of(app).query_one(Hand)
        await press(pilot, "end", "shift+left", "shift+left", "s")
        await pilot.pause()
        order = list(hand.cards)
        path = app.save_path
    loaded = saves.load_game(path)
    assert loaded.hand_order[0] == order
    resumed = RummyApp(game=loaded, save_path=path, bot_delay=0, cursor_blink=False)
    async with resumed.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        assert table_of(resumed).query_one(Hand).cards == order


def test_an_older_save_without_hand_order_loads_and_a_new_one_writes_it_empty(tmp_path: Path):
    """Version-3 saves (no hand_order) load with the engine's order; a game nobody arranged
    writes an empty hand_order, which loads back as none."""
    older = Path(__file__).parents[1] / "fixtures" / "saves" / "v3" / "rummy.json"
    assert "hand_order" not in older.read_text()
    assert saves.load_game(older).hand_order == []
    state = new_game("rummy", seats("Ann,Bob"), seed=3)
    path = tmp_path / "g.json"
    saves.save_game(state, path)
    assert json.loads(path.read_text())["state"]["hand_order"] == []
    assert saves.load_game(path).hand_order == []


def test_a_card_moved_across_an_arranged_group_joins_the_next_group():
    s = TableSession(new_game("rummy", seats("Ann,Bob"), seed=4))
    seat = s.advance().seat  # type: ignore[union-attr]
    s.handed_over(seat)
    s.arrange(seat)
    order, sizes = s.hand_order(seat)
    assert sizes and len(sizes) > 1
    last_of_first = sizes[0] - 1
    assert s.move_card(seat, last_of_first, 1) == last_of_first  # the border moves
    new_order, new_sizes = s.hand_order(seat)
    assert new_order == order and new_sizes == [sizes[0] - 1, sizes[1] + 1, *sizes[2:]] \
        or sizes[0] == 1 and new_sizes == [sizes[1] + 1, *sizes[2:]]
    assert s.move_card(seat, 0, 1) == 1  # within a group: the cards swap
    assert s.hand_order(seat)[0][:2] == [order[1], order[0]]


def test_the_last_discard_is_its_players_until_taken_and_found_again_on_resume():
    state = new_game("rummy", seats("Ann,Bob"), seed=3)
    s = TableSession(state)
    assert s.last_discarder() is None  # the upcard is nobody's
    ann = state.to_move
    state = apply(state, DrawStock())
    state = apply(state, Discard(state.hands[ann][0]))
    s.commit(state)
    assert s.last_discarder() == ann
    assert TableSession(state).last_discarder() == ann  # a resumed game reads the log
    bob = state.to_move
    state = apply(state, DrawStock())
    s.commit(state)
    assert s.last_discarder() == ann  # still on top after a draw from the stock
    assert TableSession(state).last_discarder() == ann
    from rummy_tui.core.state import TakeDiscard

    taken = apply(s.state, Discard(state.hands[bob][0]))
    s.commit(taken)
    assert s.last_discarder() == bob
    taken = apply(taken, TakeDiscard(1))
    s.commit(taken)
    assert s.last_discarder() is None and TableSession(taken).last_discarder() is None


async def test_the_opponents_last_discard_is_marked_on_the_pile():
    app = make_app("rummy", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        piles = table_of(app).query_one(Piles)
        await press(pilot, "s", "x")
        await settle(pilot)
        state = table_of(app).state
        bob_discarded = table_of(app).session.last_discarder()
        assert bob_discarded == 1
        label = str(piles.query_one("#discarded-by").render())
        assert "Bob" in label
        top = piles.query(".discard-card").first(CardWidget)
        assert top.card == state.discard[-1] and top.has_class("-theirs")
        await press(pilot, "d")  # taken: the mark goes
        await pilot.pause()
        assert str(piles.query_one("#discarded-by").render()).strip() == ""
        assert not any(w.has_class("-theirs") for w in piles.query(CardWidget))


async def test_undo_with_nothing_to_undo_says_so_and_the_footer_hides_undo():
    app = make_app("rummy", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert "undo" not in _footer_keys(app)
        await press(pilot, "u")
        assert any("Nothing to undo" in m for m in table.query_one(TableMessages).texts())
        await press(pilot, "s", "a")  # an arrangement can be undone
        await pilot.pause()
        assert "undo" in _footer_keys(app)
        await press(pilot, "u")
        await pilot.pause()
        assert "undo" not in _footer_keys(app)


async def test_direction_of_play_is_on_the_table():
    for variant, arrow, way in (("rummy", "↻", "clockwise"),
                                ("remigio-fournier", "↺", "anticlockwise")):
        app = make_app(variant, "Ann,cpu:Bob,cpu:Cy", seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            box = table_of(app).query_one("#log-box")
            assert str(box.border_subtitle) == f"{arrow} {way}"
            assert f"{arrow} {way}" in app.export_screenshot().replace("&#160;", " ")


async def test_ten_seats_fit_at_80x24_with_the_hand_whole():
    app = make_app("remigio-fournier", "Ann," + ",".join(f"cpu:P{i}" for i in range(9)), seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        box = table.query_one("#table-top")
        assert box.region.bottom <= table.query_one("#messages").region.y
        seats = table.seats()
        assert len(seats) == 10 and all(  # every seat on screen, over the message lines
            0 < s.region.height and s.region.bottom <= box.region.bottom for s in seats[1:])
        hand = table.query_one("#hand-box")
        assert hand.region.bottom <= 23 and table.query_one("#status").region.y == 0


async def test_the_four_colour_toggle_repaints_the_hand_at_once():
    app = make_app("rummy", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = await table_and_hand(pilot)
        diamond = next(w for w in hand.query(CardWidget) if w.card.suit == 2)

        def ink() -> set:
            # the colour the card's middle line is drawn in, as the terminal gets it
            return {seg.style.color for seg in diamond.render_line(1)
                    if seg.text.strip() and seg.style and seg.style.color}

        red = ink()
        assert diamond.has_class("-red") and red
        table.action_toggle_four_colour()
        await pilot.pause()
        assert diamond.has_class("-diamonds") and not diamond.has_class("-red")
        assert ink() != red  # blue, not red: painted at once
        table.action_toggle_four_colour()
        await pilot.pause()
        assert ink() == red


async def test_the_piles_keep_their_width_as_the_stock_runs_down():
    from dataclasses import replace

    app = make_app("rummy", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = table_of(app)
        piles = table.query_one(Piles)
        pv = table.session.view()
        widths = []
        for count in (104, 31, 9, 0):  # three decks' stock down to an empty one
            piles.show(replace(pv, stock_count=count), "Bartholomew the Long")
            await pilot.pause()
            widths.append((piles.outer_size.width, table.query_one("#log-box").region.x))
        assert len(set(widths)) == 1, widths


def test_the_groups_of_a_hand_are_named_in_the_variants_words():
    hand = parse_cards("7S 8S 9S QH QD QC 2C 5D")
    rummy = TableSession(new_game("rummy", seats("Ann,Bob"), seed=4))
    rummy.viewer = 0
    assert rummy.group_labels(hand, [3, 3, 2]) == ["Run", "Set", "Deadwood"]
    assert rummy.group_labels(hand, [8]) == []  # nothing to tell apart
    indian = TableSession(new_game("indian", seats("Ann,Bob"), seed=4))
    indian.viewer = 0
    labels = indian.group_labels(hand, [3, 3, 2])
    assert labels[1:] == ["Set", "Invalid"] and labels[0] in ("Pure sequence", "Sequence")


@pytest.mark.parametrize("hand", [
    "3S 4S 5S 9H 7C JH KD KC KH AS AD AC AH",  # valid, sevens wild: 9♥ 7♣ J♥ a sequence
    "8H 9H 7C JH KD KC KH AS AD AC 3D 3C 3S",  # no pure sequence
    "3S 4S 5S 9H 10H 2C 5D 8C KD KC QH AS 6D",  # a pure sequence, much in no group
])
def test_the_indian_hand_and_the_declare_dialog_name_the_groups_alike(hand):
    """Issue 12: the labels under an Indian hand come from the core's declaration check,
    the one the declare dialog and the summary show, with the same hand rules."""
    state = new_game("indian", seats("Ann,Bob"), seed=4).copy()
    state.wild_card = parse_card("7D")
    session = TableSession(state)
    session.viewer = 0
    pv = session.view()
    check = check_declaration(parse_cards(hand), variant_of("indian").rules_for(pv))
    order = [card for group in check.groups for card in group.cards]
    labels = session.group_labels(order, [len(group.cards) for group in check.groups])
    assert labels == [group.label for group in check.groups]


async def test_an_arranged_hand_has_its_groups_named_under_the_cards():
    from rummy_tui.app.widgets.hand import GroupLabels

    app = make_app("remi", "Ann,cpu:Bob", seed=4)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        hand = table_of(app).query_one(Hand)
        assert not hand.query(GroupLabels)
        await press(pilot, "a")
        await pilot.pause()
        line = hand.query_one(GroupLabels)
        text = line.render().plain
        assert "Sequence" in text and "Deadwood" in text, text
        # each label starts under the first card of its group and ends under its last
        cards = list(hand.query(CardWidget))
        starts = [0, *sorted(hand.group_starts)]
        ends = [*(s - 1 for s in starts[1:]), len(cards) - 1]
        assert [(x, x + width) for x, width, _ in line.segments] == [
            (cards[a].region.x - line.region.x, cards[b].region.right - line.region.x)
            for a, b in zip(starts, ends)]


def test_a_meld_keeps_the_order_of_the_cards_left():
    from rummy_tui.core.state import Meld

    for seed in range(1, 60):
        s = TableSession(new_game("rummy", seats("Ann,Bob"), seed=seed))
        seat = s.advance().seat  # type: ignore[union-attr]
        s.handed_over(seat)
        s.commit(s.play(DrawStock()))
        melds = [a for a in s.legal() if isinstance(a, Meld)]
        if melds:
            break
    else:
        raise AssertionError("no seed with a meld after the first draw")
    order, _ = s.hand_order(seat)
    s.move_card(seat, len(order) - 1, -1)
    s.move_card(seat, 0, 1)
    moved, _ = s.hand_order(seat)
    s.commit(s.play(melds[0], undoable=True))
    left, _ = s.hand_order(seat)
    rest = list(moved)
    for card in melds[0].cards:
        rest.remove(card)
    assert left == rest
    assert s.saved_state().hand_order[seat] == rest


async def test_a_wrapped_hand_drops_its_labels_when_the_terminal_gets_short():
    from rummy_tui.app.widgets.hand import GroupLabels
    from rummy_tui.core.cards import parse_cards

    app = make_app("remi", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(80, 32)) as pilot:
        table, hand = await table_and_hand(pilot)
        cards = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH 2H 3H 4H 5H")
        hand.show(cards, groups=[13, 5], labels=["Sequence", "Sequence"])
        await pilot.pause()
        assert len(hand.query(GroupLabels)) == 2  # two rows of cards, each labelled
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert not hand.query(GroupLabels)
        screen = app.screen.region
        assert all(screen.contains_region(w.region) for w in hand.query(CardWidget))


async def test_remis_three_discards_carry_their_keys():
    app = make_app("remi", "Ann,cpu:Bob", seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        cards = list(table_of(app).query_one(Piles).query(".discard-card").results(CardWidget))
        assert [c.corner for c in cards] == ["1", "2", "3"]
        shown = [c for c in cards if c.display]
        assert all(str(c.render()).startswith(c.corner) for c in shown)


async def test_ascii_mode_draws_the_new_marks_in_ascii():
    app = make_app("rummy", "Ann,cpu:Bob", seed=3, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "s", "x")
        await settle(pilot)
        table = table_of(app)
        bar = str(table.query_one("#status").render())
        assert "Draw -> Meld -> Discard" in bar, bar
        assert str(table.query_one("#log-box").border_subtitle) == "clockwise"
        assert str(table.query_one("#discarded-by").render()).startswith("^ Bob")


@pytest.mark.parametrize("variant,words", [("indian", "A new deal."), ("rummy", "A new round.")])
async def test_an_empty_log_speaks_of_a_new_deal_in_indian(variant, words):
    """Issue 12: Indian's word is "deal" (Variant.round_word), in the log box too."""
    view = replace(engine_view(new_game(variant, seats("Ann,Bob"), seed=4), 0), log=[])

    class LogApp(App[None]):
        def compose(self):
            yield ActionLog()

    app = LogApp()
    async with app.run_test(size=(60, 10)) as pilot:
        log = app.query_one(ActionLog)
        log.show(view, ascii=False)
        await pilot.pause()
        assert str(log.render()) == words
