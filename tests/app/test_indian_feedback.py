"""Indian feedback: a wrong declaration is told to the declarer before the hand-over; the
status bar names the format, the deal and the turn as Indian has it."""

from __future__ import annotations

import io

from rich.console import Console

from rummy_tui.app.dialogs.choose import CostlyConfirmDialog, MessageDialog
from rummy_tui.app.dialogs.finish import FinishDialog
from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.seats import Seat
from rummy_tui.app.widgets.table_parts import StatusBar

from .conftest import make_app
from .driver import settle


async def test_a_wrong_declaration_shows_a_modal_before_the_hand_over():
    app = make_app("indian", "Ann,Bob,cpu:Cy", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen) and table.state.to_move == 0
        await pilot.press("s")
        await pilot.press("c")
        await pilot.pause()
        finish = app.screen
        assert isinstance(finish, FinishDialog) and finish.highlighted is not None
        card = finish.highlighted.card
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CostlyConfirmDialog), app.screen_stack
        await pilot.press("y")  # declare anyway
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, MessageDialog), app.screen_stack
        assert dialog.title_text == "Wrong declaration: 80 points, you are out of this deal"
        shown = str(dialog.query_one("#message-body").render())
        assert all(c.symbol() in shown for c in table.state.hands[0])
        # the reason once, and the finish card on a line of its own
        assert shown.count("Not valid: ") == 1, shown
        assert f"Finish slot    {card.symbol()}" in shown.splitlines(), shown
        await pilot.press("enter")
        await settle(pilot)
        assert table.state.out[0]
        assert isinstance(app.screen, PassDeviceScreen)
        console = Console(width=60, record=True, file=io.StringIO())
        ann = next(seat for seat in table.query(Seat) if seat.seat == 0)
        console.print(ann.content)
        assert "out this deal" in console.export_text(), console.export_text()


async def test_indian_status_bar_names_format_deal_and_turn():
    app = make_app("indian", "Ann,cpu:Bob", seed=3, options={"format": "deals", "deals": 3})
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        bar = str(app.screen.query_one(StatusBar).render())
        assert "Indian Rummy — Deals · deal 1 of 3" in bar, bar
        assert "Draw → Discard / Declare" in bar and "Meld" not in bar, bar


async def test_remigio_status_bar_has_no_meld_phase():
    app = make_app("remigio", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        bar = str(app.screen.query_one(StatusBar).render())
        assert "Draw → Discard / Close" in bar, bar
