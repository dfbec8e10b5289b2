"""What is open over the table does not outlive the turn (issue 30, item 7): the rules
opened during a computer's turn close at the hand-over, so the next player's keys reach the
table."""

from __future__ import annotations

import asyncio

from rummy_tui.app.dialogs.help import HelpScreen
from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.screens.table import TableScreen

from .conftest import make_app
from .driver import pass_device, play_human_move, settle, table_of
from .keys import send_keys, settled


async def test_the_rules_opened_in_a_computer_s_turn_close_at_the_hand_over():
    # The computer waits 6 s, so the rules open well before it moves, even on a busy machine.
    app = make_app("rummy", "Ann,cpu:Cy,Bob", seed=2020, bot_delay=6)
    async with app.run_test(size=(100, 32)) as pilot:
        for _ in range(20):  # to a computer's turn
            for _ in range(1000):  # five 10 ms sleeps for each pilot.pause(0.01) of before
                await asyncio.sleep(0.01)  # not pilot.pause, which draws the screen each time
                if isinstance(app.screen, PassDeviceScreen) or table_of(app).busy \
                        or table_of(app)._my_turn():
                    break
            table = table_of(app)
            if isinstance(app.screen, PassDeviceScreen):
                await pass_device(pilot)
            elif table.busy and not table.session.mover_is_human():
                break
            else:
                await play_human_move(pilot)
        else:
            raise AssertionError("no computer's turn")
        await send_keys(app, ["question_mark"])
        for _ in range(500):
            await asyncio.sleep(0.01)
            if isinstance(app.screen, HelpScreen):
                break
        assert isinstance(app.screen, HelpScreen), app.screen_stack
        for _ in range(1500):  # the computer moves; the pass screen comes up
            await asyncio.sleep(0.02)
            if PassDeviceScreen in map(type, app.screen_stack):
                break
        else:
            raise AssertionError(f"no pass screen: {app.screen_stack}")
        await send_keys(app, ["enter"])
        await settled(app)
        await pilot.pause(0.1)
        assert isinstance(app.screen, TableScreen), app.screen_stack
        table = app.screen
        before = table.state.phase
        await send_keys(app, ["s"])
        await settled(app)
        assert before == "draw" and table.state.phase == "play"


async def test_a_screen_opened_in_the_instant_of_the_hand_over_is_closed_once_drawn():
    # ctrl+p as a computer's move hands the turn over: the palette was closed before it was
    # drawn, and Textual's palette then stopped the app ("No nodes match 'CommandList'")
    from rummy_tui.app.commands import _safe_palette

    app = make_app("rummy", "Ann,Bob", seed=2020, bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        if isinstance(app.screen, PassDeviceScreen):
            await pass_device(pilot)
        table = table_of(app)
        assert isinstance(app.screen, TableScreen) and table.session.viewer is not None
        table.session.viewer = None  # as when the turn has just passed to the other player
        app.push_screen(_safe_palette()(id="--command-palette"))  # not drawn yet
        table._advance()
        for _ in range(300):
            await asyncio.sleep(0.01)
            if isinstance(app.screen, PassDeviceScreen):
                break
        await pilot.pause(0.1)
        assert app._exception is None, app._exception
        assert [type(s).__name__ for s in app.screen_stack[-2:]] == [
            "TableScreen", "PassDeviceScreen"], app.screen_stack
