"""The mouse does what the keys do: draw by clicking the stock or the discard pile, pick a
card by clicking it."""

from __future__ import annotations

from rummy_tui.app.widgets.card import CardWidget
from rummy_tui.app.widgets.hand import Hand

from .conftest import make_app
from .driver import settle


async def test_click_the_stock_then_a_card():
    app = make_app("rummy", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        before = len(table.state.hands[0])
        await pilot.click("#stock-back")
        await pilot.pause()
        assert len(table.state.hands[0]) == before + 1
        assert table.state.phase == "play"
        hand = table.query_one(Hand)
        third = list(hand.query(CardWidget))[2]
        await pilot.click(third)
        await pilot.pause()
        assert hand.selected_cards() == [hand.cards[2]]


async def test_click_the_discard_pile():
    app = make_app("rummy", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        top = table.state.discard[-1]
        await pilot.click(".discard-card")
        await pilot.pause()
        assert top in table.state.hands[0]
