"""Picker -> setup -> table through the keyboard; options validated inline by the model."""

from __future__ import annotations

from textual.widgets import Input

from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.setup import SetupScreen
from rummy_tui.app.screens.table import TableScreen


async def test_picker_setup_table():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "down", "down", "down", "enter")  # Pool 101
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert setup.query_one("#opt-format").value == "pool101"
        setup.query_one("#seed", Input).value = "77"
        await pilot.press("ctrl+g")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        state = table.state
        assert state.variant == "indian" and state.options.format == "pool101"
        assert state.seed == 77
        assert [(p.name, p.kind) for p in state.players] == [
            ("Ann", "human"), ("Bob", "normal"), ("Cy", "normal")]


async def test_bad_options_are_shown_under_their_field_and_block_the_start():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")  # Rummy
        await pilot.pause()
        setup = app.screen
        setup.query_one("#opt-target", Input).value = "0"
        setup.query_one("#opt-rounds", Input).value = "many"
        setup.query_one("#name-1", Input).value = "Ann"
        await pilot.pause()
        assert "greater than or equal to 1" in str(setup.query_one("#err-target").render())
        assert "whole number" in str(setup.query_one("#err-rounds").render())
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is setup
        assert "two seats are called 'Ann'" in str(setup.query_one("#seats-error").render())


async def test_empty_optional_fields_say_what_they_mean():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press(*["down"] * 4, "enter")  # Indian: decks by the player count
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        decks = setup.query_one("#opt-decks", Input)
        assert decks.value == "" and decks.placeholder.startswith("auto")
