"""The picker's Resume list: readable saves resume, unreadable ones show why and stay as
they are."""

from __future__ import annotations

from textual.widgets import OptionList

from rummy_tui import saves
from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.picker import PickerScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.core.engine import new_game

from .conftest import seats


def _folder(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    state = new_game("rummy", seats("Ann,cpu:Bob"), seed=4)
    good = folder / "good.json"
    saves.save_game(state, good)
    bad = folder / "broken.json"
    bad.write_bytes(b'{"schema_version": 1, "variant": "rummy", "trunc')
    return folder, state, good, bad


async def test_resume_list_resumes_a_save_and_marks_a_broken_one(tmp_path):
    folder, state, good, bad = _folder(tmp_path)
    before = bad.read_bytes()
    app = RummyApp(cursor_blink=False, bot_delay=0, saves_dir=str(folder))
    async with app.run_test(size=(100, 32)) as pilot:
        await app.workers.wait_for_complete()  # the saves folder is read in a thread
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        resume = picker.query_one("#resume-list", OptionList)
        assert resume.display and resume.option_count == 2
        prompts = {str(resume.get_option_at_index(i).prompt): resume.get_option_at_index(i)
                   for i in range(2)}
        good_line = next(p for p in prompts if "Ann" in p)
        bad_line = next(p for p in prompts if "broken.json" in p)
        assert "round 1" in good_line and "Bob" in good_line
        assert "unreadable" in bad_line and prompts[bad_line].disabled
        await pilot.press("r")
        await pilot.pause()
        assert app.focused is resume
        # The broken file cannot be highlighted; Enter opens the good one.
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert str(app.save_path) == str(good)
        assert app.game.seed == state.seed and app.game.players == state.players
    assert bad.read_bytes() == before


async def test_palette_command_resume(tmp_path):
    folder, _, _, _ = _folder(tmp_path)
    app = RummyApp(cursor_blink=False, bot_delay=0, saves_dir=str(folder))
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        app.action_resume()
        await pilot.pause()
        assert app.focused is app.screen.query_one("#resume-list", OptionList)


async def test_no_resume_section_without_saves():
    app = RummyApp(cursor_blink=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert not app.screen.query_one("#resume-list").display
