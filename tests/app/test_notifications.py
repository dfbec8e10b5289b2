"""Messages have a place of their own (issue 12, item 2): the "since your last turn" recap and
the answer to the last key are lines above the hand, never drawn over the table, the hand or
a dialog; toasts (errors) never cover a dialog."""

from __future__ import annotations

from rummy_tui.app.dialogs.choose import ConfirmDialog
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.messages import TableMessages

from .conftest import make_app
from .driver import discard, pass_device, press, settle


async def _hand_overs(size: tuple[int, int], turns: int) -> list[tuple[str, int, int]]:
    """(recap text, top row of the messages, top row of the hand box) at each turn."""
    app = make_app("rummy", "Ann,Bob,cpu:Cy", seed=7)
    seen = []
    async with app.run_test(size=size, notifications=True) as pilot:
        for _ in range(turns):
            await pass_device(pilot)
            table = app.screen
            assert isinstance(table, TableScreen) and table._my_turn()
            messages = table.query_one(TableMessages)
            hand_box = table.query_one("#hand-box")
            seen.append((str(messages.render()), messages.region.y, hand_box.region.y))
            assert messages.region.bottom <= hand_box.region.y
            assert messages.region.y >= table.query_one("#seat-0").region.bottom  # own seat
            await press(pilot, "s")
            await discard(pilot)
            await settle(pilot)
    return seen


async def test_the_recap_has_its_own_lines_above_the_hand():
    seen = await _hand_overs((100, 32), 6)
    assert all(text.startswith("Since your last turn: ") for text, _, _ in seen[1:]), seen
    assert len({(top, hand) for _, top, hand in seen}) == 1, seen  # it stays put


async def test_the_recap_stays_clear_of_the_hand_at_80x24():
    seen = await _hand_overs((80, 24), 4)
    assert all(top + 3 <= hand for _, top, hand in seen), seen


async def test_a_refusal_is_shown_with_the_recap_not_over_it():
    app = make_app("rummy", "Ann,Bob,cpu:Cy", seed=7)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for _ in range(2):
            await pass_device(pilot)
            await press(pilot, "s")
            await discard(pilot)
            await settle(pilot)
        await pass_device(pilot)
        messages = app.screen.query_one(TableMessages)
        assert messages.recap and messages.feedback is None
        await press(pilot, "l")  # before drawing: refused
        await pilot.pause(0.05)
        assert messages.feedback is not None and messages.feedback[0] == "Not allowed"
        text = str(messages.render())
        assert "Since your last turn" in text and "Not allowed" in text


async def test_no_toast_over_a_dialog():
    app = make_app("indian", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await settle(pilot)
        app.notify("a failed save", severity="error", timeout=30)
        await pilot.pause()
        assert list(app.screen.query("Toast"))
        await press(pilot, "r")  # the drop dialog
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        app.notify("while the dialog is up")
        await pilot.pause()
        assert not list(app.screen.query("Toast"))
        await press(pilot, "n")
        await pilot.pause()
        await pilot.pause()
        shown = [str(t.render()) for t in app.screen.query("Toast")]
        assert any("a failed save" in t for t in shown), shown
        assert any("while the dialog is up" in t for t in shown), shown
