"""The picker's Resume list: readable saves resume, unreadable ones show why and stay as
they are."""

from __future__ import annotations

import io
import os

from rich.console import Console
from textual.widgets import OptionList, Static

from rummy_tui import saves
from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.picker import PickerScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.core.engine import new_game
from rummy_tui.core.options import make_options

from .conftest import seats
from .driver import open_picker
from .test_snapshots import played_until


def plain(option) -> str:
    """An entry of a list as the player reads it (its lines joined by " / ")."""
    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    console.print(option.prompt)
    return " / ".join(line.strip() for line in console.export_text().splitlines()
                      if line.strip())


def entries(options: OptionList) -> list[str]:
    return [plain(options.get_option_at_index(i)) for i in range(options.option_count)]


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
        assert resume.display and resume.option_count == 4  # two headings, two files
        prompts = {plain(resume.get_option_at_index(i)): resume.get_option_at_index(i)
                   for i in range(4)}
        good_line = next(p for p in prompts if "Ann" in p)
        bad_line = next(p for p in prompts if "broken.json" in p)
        assert "round 1" in good_line and "Bob" in good_line
        assert "cannot be read: truncated" in bad_line and prompts[bad_line].disabled
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


async def test_resume_list_shows_titles_and_keeps_finished_games_apart(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    live = new_game("indian", seats("[b]Ann[/b],cpu:Bob"), seed=4,
                    options=make_options("indian", {"format": "pool101"}))
    saves.save_game(live, folder / "20261101-100000-indian-4.json")
    over = played_until("remigio", "Ann,cpu:Cy", 3, "game_over")
    done = folder / "20261102-100000-remigio-3.json"
    saves.save_game(over, done)
    (folder / "zz.json").write_bytes(b"[")
    before = (done.read_bytes(), os.stat(done).st_mtime_ns)
    app = RummyApp(cursor_blink=False, bot_delay=0, saves_dir=str(folder), autosave=True)
    async with app.run_test(size=(100, 32)) as pilot:
        picker = await open_picker(app, pilot)
        resume = picker.query_one("#resume-list", OptionList)
        lines = entries(resume)
        # sections: in progress, then finished, then the unreadable; a heading each
        assert [lines.index(h) for h in ("In progress", "Finished: Enter shows the result",
                                         "Cannot be read (left as they are)")] == [0, 2, 4]
        # the picker's title, never the preset's key or the file's name; a name as text
        assert lines[1].startswith("Indian Rummy — Pool 101 · deal 1 / [b]Ann[/b] 0 · Bob 0")
        assert lines[3].startswith("Remigio · won by ")
        assert "finished" in lines[3]
        assert not any("indian-pool101" in line or "20261101" in line for line in lines)
        headings = [resume.get_option_at_index(i) for i in (0, 2, 4)]
        assert all(h.disabled for h in headings)  # the cursor never stops on a heading
        # a finished game opens its result, read-only: no table, nothing written or locked
        await pilot.press("r")
        await pilot.pause()
        assert resume.highlighted == 1
        await pilot.press("down", "enter")
        await pilot.pause()
        from rummy_tui.app.screens.summary import GameOverScreen

        assert isinstance(app.screen, GameOverScreen)
        assert app.game is None and app.save_path is None
        assert "wins the game of Remigio" in str(app.screen.query_one("#winner").render())
    assert (done.read_bytes(), os.stat(done).st_mtime_ns) == before
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        ["20261101-100000-indian-4.json", done.name, "zz.json"])


async def test_the_help_line_follows_the_focus(tmp_path):
    folder, _, _, _ = _folder(tmp_path)
    app = RummyApp(cursor_blink=False, bot_delay=0, saves_dir=str(folder))
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await open_picker(app, pilot)
        hint = picker.query_one("#picker-hint", Static)
        assert "Enter: set up" in str(hint.render())
        await pilot.press("tab")
        assert app.focused is picker.query_one("#resume-list")
        assert "Enter: play on" in str(hint.render())
        await pilot.press("tab")
        assert "Enter: set up" in str(hint.render())
        assert hint.region.width >= len(str(hint.render()))  # on one line, not cut


async def test_no_list_is_cut_short_above_empty_rows(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    for n in range(6):
        saves.save_game(new_game("rummy", seats("Ann,cpu:Bob"), seed=n), folder / f"{n}.json")
    for saves_dir, sizes in ((None, [(100, 32), (80, 24)]), (folder, [(100, 32), (80, 24)])):
        for size in sizes:
            app = RummyApp(cursor_blink=False, bot_delay=0,
                           saves_dir=None if saves_dir is None else str(saves_dir))
            async with app.run_test(size=size) as pilot:
                picker = await open_picker(app, pilot)
                await pilot.pause()
                lists = [w for w in picker.query(OptionList) if w.display]
                cut = [w.id for w in lists if w.max_scroll_y > 0]
                box = picker.query_one("#picker-box")
                footer_top = size[1] - 1
                # a list may scroll only when there is no room left below the box
                assert not cut or box.region.bottom == footer_top, (size, cut, box.region)
                if saves_dir is None and size == (100, 32):
                    assert not cut  # the eight rule sets fit: all on show
                for w in lists:  # every list shows at least a few entries
                    assert w.region.height >= 5, (size, w.id, w.region)


async def test_a_symlinked_lock_is_refused_from_the_resume_list(tmp_path):
    """Issue 27 item 6: a symbolic link planted at a save's lock file is not followed; the
    game is not opened, and the file it points to is unchanged after quitting."""
    from rummy_tui.saves.lock import lock_path

    folder = tmp_path / "saves"
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    saves.save_game(new_game("rummy", seats("Ann,cpu:Bob"), seed=4), folder / "g.json")
    lock_path(folder / "g.json").symlink_to("../victim.txt")
    app = RummyApp(cursor_blink=False, bot_delay=0, saves_dir=str(folder))
    async with app.run_test(size=(100, 32)) as pilot:
        await open_picker(app, pilot)
        await pilot.press("r")
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, TableScreen)
        assert any("symbolic link" in n.message for n in app._notifications)
        await pilot.press("ctrl+q")
    assert victim.read_bytes() == b"precious\n"
