"""The card table (issue 30): the others sit around it as seats, each with the card backs in
their hand and every meld they laid down, the turn marker moves from seat to seat, and the
cards grow when the screen has the room."""

from __future__ import annotations

import pytest

from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.card import CardWidget
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.app.widgets.seats import Seat, ring

from .conftest import make_app
from .driver import discard, press, settle, table_of
from .test_table_melds_visible import meld_shown, screen_text, table_of_six

MORE = [("8D 9D 10D", "run"), ("JS JC JD", "set"), ("KS KC KD", "set"),
        ("2C 3C 4C 5C", "run"), ("QS QH QD", "set"), ("4H 5H 6H 7H", "run")]
"""Melds on top of the ten of test_table_melds_visible (Remi's two decks allow them)."""


@pytest.mark.parametrize("variant,players,extra", [
    ("rummy", "Ann,cpu:Bob,cpu:Cy,cpu:Dee,cpu:Eve,cpu:Fay", []),
    ("remi", "Ann,cpu:Bob,cpu:Cy,cpu:Dee", MORE),
])
@pytest.mark.parametrize("size", [(80, 24), (100, 32), (160, 50)])
async def test_every_meld_is_beside_its_owner_at_every_size(variant, players, extra, size):
    app = RummyApp(game=table_of_six(players, variant, extra), bot_delay=0, cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("a")  # arranged: labels under the hand, where there is room
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        text = screen_text(app)
        for number, meld in enumerate(table.state.table, start=1):
            cards = " ".join(c.symbol() for c in meld.cards)
            assert meld_shown(text, number, cards), (number, cards, text)
            # beside its owner: in the owner's seat
            seat = next(s for s in table.query(Seat) if s.seat == meld.owner)
            assert meld_shown("".join(seat.content.plain.split()), number, cards)
        hand_box = table.query_one("#hand-box")
        assert hand_box.region.bottom <= size[1] - 1  # the footer below it
        for seat in table.query(Seat):
            assert seat.region.bottom <= table.query_one("#messages").region.y


@pytest.mark.parametrize("variant,players", [
    ("indian", "Ann,cpu:B,cpu:C,cpu:D,cpu:E,cpu:F"),
    ("remigio-fournier", "Ann," + ",".join(f"cpu:P{i}" for i in range(1, 10))),
    ("remi", "Ann,cpu:Bob,cpu:Cy,cpu:Dee"),
])
async def test_every_seat_is_on_screen_at_80x24(variant, players):
    app = make_app(variant, players, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)
        seats = table.seats()
        assert [s.seat for s in seats] == list(range(len(table.state.players)))  # Ann first
        left, top, right = ring(len(seats) - 1)
        assert left + top + right == len(seats) - 1
        text = screen_text(app)
        for seat in seats:
            assert seat.region.height >= 1 and seat.region.bottom <= table.query_one(
                "#messages").region.y
            player = table.state.players[seat.seat]
            assert player.name in text
            assert f"▒{table.state.hands[seat.seat].__len__()}" in "".join(
                seat.content.plain.split())
        # the sides are to the left and right of the top row
        if left:
            assert seats[1].region.right <= table.query_one("#seats-top").region.x
            assert seats[-1].region.x >= table.query_one("#seats-top").region.right


async def test_the_turn_marker_moves_from_seat_to_seat():
    app = make_app("rummy", "Ann,cpu:Bob,cpu:Cy", seed=3, bot_delay=30)  # Ann plays first
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = table_of(app)

        def marked() -> list[int | None]:
            return [s.seat for s in table.query(Seat) if s.has_class("-turn")]

        assert marked() == [0] and "►" in table.seats()[0].content.plain
        await press(pilot, "s")
        await discard(pilot)
        await pilot.pause()  # Bob thinks for 30 seconds: the marker is at his seat
        assert marked() == [1]
        assert all("►" not in s.content.plain for s in table.query(Seat) if s.seat != 1)


async def test_cards_are_larger_on_a_large_screen():
    sizes = {}
    for size in ((80, 24), (160, 50)):
        app = make_app("rummy", "Ann,cpu:Bob", seed=3)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.pause()  # and laid out: a region is set by the screen's next update
            table = table_of(app)
            hand_card = table.query_one(Hand).query(CardWidget).first()
            pile_card = next(c for c in table.query(CardWidget) if c.has_class("discard-card"))
            sizes[size] = (hand_card.region.size, pile_card.region.size)
            assert hand_card.region.bottom <= size[1] - 2  # the hand whole, over the footer
    (small, small_pile), (large, large_pile) = sizes[(80, 24)], sizes[(160, 50)]
    assert (small.width, small.height) == (4, 3)
    assert large.width > small.width and large.height > small.height
    assert large_pile == large and small_pile == small


@pytest.mark.parametrize("size", [(100, 32), (160, 50)])
def test_the_card_table_snapshot(snap_compare, size):
    """Six seats with their melds; at 160×50 the cards are large."""
    app = RummyApp(game=table_of_six("Ann,cpu:Bob,cpu:Cy,cpu:Dee,cpu:Eve,cpu:Fay"),
                   bot_delay=0, cursor_blink=False)
    assert snap_compare(app, press=["a"], terminal_size=size)
