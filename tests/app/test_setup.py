"""Picker -> setup -> table through the keyboard; options validated inline by the model."""

from __future__ import annotations

from textual.widgets import Button, Input, RadioButton

from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.setup import SeatKind, SetupScreen
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
        # the name's message is under that seat's name, not at the top of the form
        assert "two seats are called 'Ann'" in str(setup.query_one("#name-error-1").render())
        assert not setup.query_one("#name-error-0").display


async def test_empty_optional_fields_say_what_they_mean():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press(*["down"] * 4, "enter")  # Indian: decks by the player count
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        decks = setup.query_one("#opt-decks", Input)
        assert decks.value == "" and decks.placeholder.startswith("auto")


async def _setup(pilot, app, *keys: str) -> SetupScreen:
    await pilot.press(*keys, "enter")
    await pilot.pause()
    setup = app.screen
    assert isinstance(setup, SetupScreen)
    return setup


async def test_enter_in_a_field_moves_to_the_next_and_ctrl_g_starts():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _setup(pilot, app)  # Rummy, three seats
        assert app.focused is setup.query_one("#name-0")
        await pilot.press("enter")
        assert app.focused is setup.query_one("#kind-0"), "Enter left the name field"
        await pilot.press("enter")  # on from who plays seat 1, which stays as it was
        assert app.focused is setup.query_one("#name-1") and setup.seat_kind(0) == "human"
        await pilot.press(*"Zoe", "enter")
        assert app.focused is setup.query_one("#kind-1")
        setup.query_one("#opt-target", Input).focus()
        await pilot.press("enter")
        assert app.focused is setup.query_one("#opt-rounds")
        setup.query_one("#seed", Input).focus()
        await pilot.press(*"5", "enter")
        assert app.focused is setup.query_one("#start", Button)
        assert app.screen is setup, "Enter in a field started the game"
        # ctrl+g is the start key, and the footer says so
        shown = {b.binding.key: b.binding.description
                 for b in setup.active_bindings.values() if b.binding.show}
        assert shown.get("ctrl+g") == "Start game"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert [p.name for p in app.screen.state.players] == ["Ann", "Zoe", "Cy"]
        assert app.screen.state.seed == 5


async def test_seat_type_by_mouse_click():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _setup(pilot, app)
        assert [setup.seat_kind(s) for s in range(3)] == ["human", "normal", "normal"]
        # every choice is on show in the seat's row: a click on one picks it
        buttons = list(setup.query_one("#kind-1", SeatKind).query(RadioButton))
        assert [str(b.label) for b in buttons] == ["Human", "Normal", "Easy", "Hard"]
        assert all(b.region.height == 1 and b.region.width for b in buttons)
        assert await pilot.click(buttons[2])
        assert setup.seat_kind(1) == "easy"
        assert await pilot.click(setup.query_one("#kind-0", SeatKind).query(RadioButton)[1])
        assert setup.seat_kind(0) == "normal"
        assert await pilot.click(setup.query_one("#kind-2", SeatKind).query(RadioButton)[0])
        assert setup.seat_kind(2) == "human"
        setup.query_one("#start").scroll_visible(animate=False)  # below the fold at 80x24
        await pilot.pause()
        assert await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert [p.kind for p in app.screen.state.players] == ["normal", "easy", "human"]


async def test_seat_type_by_keyboard():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        setup = await _setup(pilot, app)
        await pilot.press("tab", "tab", "tab")  # Ann's type, Bob's name, Bob's type
        kind = setup.query_one("#kind-1", SeatKind)
        assert app.focused is kind
        # Space keeps what is pressed: the cursor starts on it, not on "Human"
        await pilot.press("space")
        assert setup.seat_kind(1) == "normal"
        await pilot.press("right")
        assert setup.seat_kind(1) == "easy"  # the arrows choose at once
        await pilot.press("left", "left")
        assert setup.seat_kind(1) == "human"
        # the footer names the keys while the seat's type has the focus
        shown = {b.binding.key_display for b in setup.active_bindings.values()
                 if b.binding.show}
        assert "←/→" in shown
        await pilot.press("enter")  # keeps "Human", on to Cy's name
        assert app.focused is setup.query_one("#name-2") and setup.seat_kind(1) == "human"
        await pilot.press("tab", "right", "right", "ctrl+g")  # Cy: normal -> easy -> hard
        await pilot.pause()
        assert [p.kind for p in app.game.players] == ["human", "human", "hard"]


async def test_a_refused_name_is_said_under_its_field_as_text():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        setup = await _setup(pilot, app)
        name = setup.query_one("#name-2", Input)
        error = setup.query_one("#name-error-2")
        assert not error.display
        name.value = "   "
        await pilot.pause()
        assert error.display and "at least one visible character" in str(error.render())
        assert error.region.y == name.region.y + 1  # right under the name
        # a name is data: brackets are shown, never read as markup
        setup.query_one("#name-0", Input).value = "[b]x[/b]"
        name.value = "[B]X[/B]"
        await pilot.pause()
        assert str(error.render()) == "two seats are called '[B]X[/B]'"
        name.value = "Cy"
        await pilot.pause()
        assert not error.display
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.state.players[0].name == "[b]x[/b]"


async def test_enter_on_a_drop_down_moves_on_and_space_opens_it():
    from textual.widgets import Select

    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        setup = await _setup(pilot, app)  # Rummy
        seats = setup.query_one("#seats", Select)
        seats.focus()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert not seats.expanded, "Enter opened the list"
        assert app.focused is not seats
        seats.focus()
        await pilot.press("space")
        await pilot.pause()
        assert seats.expanded


async def test_the_turn_timer_field_and_its_help_agree_on_none():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press(*["down"] * 4, "enter")  # Indian
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        timer = setup.query_one("#opt-turn_timer", Input)
        help_line = str(setup.query_one("#opt-turn_timer").parent.parent.query(".setup-help")
                        .first().render())
        assert timer.placeholder == "none" and "none" in help_line, (timer.placeholder,
                                                                     help_line)
        timer.value = "none"
        values, errors = setup.option_values()
        assert values["turn_timer"] is None and "turn_timer" not in errors


async def test_the_chosen_seat_type_is_marked_in_the_text_not_by_colour_alone():
    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        setup = await _setup(pilot, app)

        def marks(seat: int) -> list[str]:
            return [str(b.render()).strip()[1] for b in
                    setup.query_one(f"#kind-{seat}", SeatKind).query(RadioButton)]

        assert marks(0) == ["●", "○", "○", "○"]  # Ann: human
        assert marks(1) == ["○", "●", "○", "○"]  # Bob: normal
        await pilot.press("tab", "tab", "tab", "right")  # Bob: normal -> easy
        assert setup.seat_kind(1) == "easy"
        assert marks(1) == ["○", "○", "●", "○"]


async def test_keys_typed_in_a_burst_leave_one_choice_on_a_seat_and_it_is_the_seats():
    # a terminal hands keys over in one read: RadioSet turned buttons off from each
    # button's own message, and those came in any order (two buttons left on: QA in tmux)
    from textual import events

    app = RummyApp(bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        setup = await _setup(pilot, app)
        keys = ["tab", "tab", "tab", "right", "right", "right", "left",  # Bob: hard
                "tab", "tab", "right", "right", "right", "space"]  # Cy: human
        for key in keys:
            app.post_message(events.Key(key, None))
        await pilot.pause(0.3)
        for seat, kind in enumerate(["human", "hard", "human"]):
            buttons = list(setup.query_one(f"#kind-{seat}", SeatKind).query(RadioButton))
            on = [b for b in buttons if b.value]
            assert len(on) == 1, (seat, [b.value for b in buttons])
            assert setup.seat_kind(seat) == kind
            assert str(on[0].label).lower() == kind
            assert on[0].has_class("-selected") or seat == 0  # the cursor is on the choice
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert [p.kind for p in app.game.players] == ["human", "hard", "human"]
