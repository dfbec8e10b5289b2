"""A game whose saves cannot be written: warned at once, and ctrl+q asks before losing it."""

from __future__ import annotations

from rummy_tui.app.dialogs.choose import ConfirmDialog
from rummy_tui.app.screens.table import TableScreen

from .conftest import make_app
from .driver import pass_device


def _unwritable(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the saves folder should be")
    return str(blocker / "saves")


async def test_a_failed_autosave_is_an_error_on_the_table(tmp_path):
    app = make_app("rummy", "Ann,Bob", seed=1, autosave=True, saves_dir=_unwritable(tmp_path))
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pass_device(pilot)  # the pass screen of the first human
        assert isinstance(app.screen, TableScreen)
        errors = [n for n in app._notifications if n.severity == "error"]
        assert errors and "not being saved" in errors[0].message, list(app._notifications)


async def _at_table_press_ctrl_q(pilot) -> list:
    """Past the pass screen to the table, then ctrl+q; returns the app's exit calls (a stub
    records them, so the test can go on after a quit)."""
    app = pilot.app
    await pass_device(pilot)
    exits: list = []
    app.exit = lambda *a, **k: exits.append(a)  # type: ignore[method-assign]
    await pilot.press("ctrl+q")
    await pilot.pause()
    return exits


async def test_ctrl_q_asks_before_quitting_an_unsaved_game(tmp_path):
    app = make_app("rummy", "Ann,Bob", seed=1, autosave=True, saves_dir=_unwritable(tmp_path))
    async with app.run_test(size=(100, 32)) as pilot:
        exits = await _at_table_press_ctrl_q(pilot)
        assert isinstance(app.screen, ConfirmDialog) and not exits
        assert "could not be saved: quit anyway?" in app.screen.question
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert exits == [()]


async def test_ctrl_q_quits_at_once_when_the_game_is_saved(tmp_path):
    app = make_app("rummy", "Ann,Bob", seed=1, autosave=True, saves_dir=str(tmp_path))
    async with app.run_test(size=(100, 32)) as pilot:
        exits = await _at_table_press_ctrl_q(pilot)
        assert not isinstance(app.screen, ConfirmDialog) and exits == [()]
        assert list(tmp_path.glob("*.json"))
