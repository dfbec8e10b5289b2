"""Notifications stay in one place: hand-overs must not push the toasts down the screen."""

from __future__ import annotations

from textual.widgets._toast import Toast, ToastHolder, ToastRack

from rummy_tui.app.screens.table import TableScreen

from .conftest import make_app
from .driver import press, settle


async def _hand_overs(size: tuple[int, int], turns: int) -> list[tuple[int, int, int]]:
    """(toast holders in the rack, top row, bottom row of the recap toast) at each turn."""
    app = make_app("rummy", "Ann,Bob,cpu:Cy", seed=7)
    seen = []
    async with app.run_test(size=size, notifications=True) as pilot:
        for _ in range(turns):
            await press(pilot, "enter")
            await pilot.pause(0.05)
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen) and table._my_turn()
            rack = table.query_one(ToastRack)
            toasts = list(rack.query(Toast))
            assert len(toasts) == 1, toasts
            region = toasts[0].region
            seen.append((len(rack.query(ToastHolder)), region.y, region.bottom))
            await press(pilot, "s")
            await press(pilot, "x")
            await settle(pilot)
    return seen


async def test_the_recap_toast_stays_put_over_many_hand_overs():
    seen = await _hand_overs((100, 32), 8)
    assert all(holders == 1 for holders, _, _ in seen), seen
    assert len({top for _, top, _ in seen}) == 1, seen
    # Below the players / piles / log row, above the hand box.
    top = seen[0][1]
    assert 8 <= top and all(bottom <= 32 - 1 - 7 for _, _, bottom in seen), seen


async def test_the_recap_toast_clears_the_hand_at_80x24():
    seen = await _hand_overs((80, 24), 6)
    assert len({top for _, top, _ in seen}) == 1, seen
    assert all(bottom <= 24 - 1 - 7 for _, _, bottom in seen), seen


async def test_a_refusal_replaces_the_recap_instead_of_stacking_over_the_hand():
    app = make_app("rummy", "Ann,Bob,cpu:Cy", seed=7)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for _ in range(2):
            await press(pilot, "enter")
            await settle(pilot)
            await press(pilot, "s")
            await press(pilot, "x")
            await settle(pilot)
        await press(pilot, "enter")
        await settle(pilot)
        assert [n.title for n in app._notifications] == ["Since your last turn"]
        await press(pilot, "l")  # before drawing: refused
        await pilot.pause(0.05)
        assert [n.title for n in app._notifications] == ["Not allowed"]
        toasts = list(app.screen.query_one(ToastRack).query(Toast))
        assert len(toasts) == 1 and toasts[0].region.bottom <= 24 - 1 - 7, toasts[0].region
