"""Names are data, never markup (issue 11): a save with a ``[/]`` name resumes, any name
shows on the pass screen as it is; a failed save stays marked; a crash exits 1 with a log."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.app import App

from rummy_tui import saves
from rummy_tui.app.app import RummyApp
from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.widgets.save_mark import SaveMark
from rummy_tui.commands.play import PlayError, parse_players
from rummy_tui.core.engine import new_game
from rummy_tui.core.state import PlayerSpec

from .driver import play_human_move, settle

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ["[/]", "[red]x[/]", "[b]", "[@click=app.quit]q[/]", "\\[", "a\\", "[link=x]y"]


def _plain(widget) -> str:
    return str(widget.render())


async def test_a_save_with_markup_names_resumes_and_shows_them_as_typed(tmp_path):
    state = new_game("rummy", [PlayerSpec("[/]"), PlayerSpec("[red]x[/]")], seed=5)
    path = tmp_path / "g.json"
    saves.save_game(state, path)
    app = RummyApp(game=saves.load_game(path), save_path=path, bot_delay=0,
                   cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        seen = set()
        for _ in range(8):  # a few turns: hand-overs, log lines, border titles
            if isinstance(app.screen, PassDeviceScreen):
                seen.add(_plain(app.screen.query_one("#pass-title")))
                await pilot.press("enter")
            else:
                await play_human_move(pilot)
            await settle(pilot)
        log = _plain(app.screen.query_one("ActionLog"))
    assert app.return_code in (None, 0)
    assert any("Pass to [red]x[/]" in t or "Pass to [/]" in t for t in seen), seen
    assert "[/]" in log or "[red]x[/]" in log


class _PassApp(App[None]):
    pass


async def _pass_titles(names: list[str]) -> list[tuple[str, str]]:
    shown = []
    app = _PassApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for name in names:
            screen = PassDeviceScreen(name)
            await app.push_screen(screen)
            await pilot.pause()
            shown.append((_plain(screen.query_one("#pass-title")),
                          str(screen.query_one("#pass-ready").label)))
            app.pop_screen()
            await pilot.pause()
    return shown


async def test_markup_in_names_is_shown_as_typed_on_the_pass_screen():
    for name, (title, button) in zip(HOSTILE, await _pass_titles(HOSTILE)):
        assert title == f"Pass to {name} — press Enter"
        assert button == f"I am {name}"


@pytest.mark.slow
@given(st.lists(st.text(st.characters(codec=None), min_size=1, max_size=16),
                min_size=1, max_size=8))
@settings(max_examples=15, deadline=None)
def test_any_accepted_name_shows_on_the_pass_screen_as_typed(names):
    # every Unicode category: through the command line's check, then the pass screen
    import asyncio

    accepted = []
    for name in names:
        try:
            accepted.append(parse_players(f"{name.replace(',', '_')},Zed")[0].name)
        except PlayError as exc:
            assert "\n" not in str(exc)
    if not accepted:
        return
    shown = asyncio.run(_pass_titles(accepted))
    for name, (title, button) in zip(accepted, shown):
        assert title == f"Pass to {name} — press Enter"
        assert button == f"I am {name}"


# --- a failed save stays in view ----------------------------------------------------------


async def test_a_failed_save_stays_marked_on_every_screen_until_a_save_succeeds(
        tmp_path, monkeypatch):
    real = saves.save_game

    def disk_full(state, path):
        raise saves.SaveError(f"cannot save to {path}: No space left on device")

    monkeypatch.setattr(saves, "save_game", disk_full)
    state = new_game("rummy", [PlayerSpec("Ann"), PlayerSpec("Bob", "normal")], seed=2)
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False, autosave=True,
                   saves_dir=str(tmp_path))
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        for _ in range(3):
            await play_human_move(pilot)
            await settle(pilot)
            assert app.save_problem == "not saved: disk full"
            mark = app.screen.query_one(SaveMark)
            assert mark.display and "not saved: disk full" in _plain(mark)
        app.clear_notifications()
        await pilot.press("question_mark")  # another full screen: the rules
        await pilot.pause()
        assert app.screen.query_one(SaveMark).display
        await pilot.press("escape")
        monkeypatch.setattr(saves, "save_game", real)
        await play_human_move(pilot)
        await settle(pilot)
        assert app.save_problem == ""
        assert not app.screen.query_one(SaveMark).display


# --- an unexpected error --------------------------------------------------------------------

CRASHER = textwrap.dedent("""
    import sys
    from rummy_tui.app.app import RummyApp

    run = RummyApp.run
    RummyApp.run = lambda self, **kw: run(self, headless=True, size=(100, 32))

    def boom(self):
        self.set_timer(0.3, lambda: 1 / 0)

    RummyApp.on_ready = boom
    from rummy_tui.cli import main
    sys.exit(main(sys.argv[1:]))
""")


def test_an_unexpected_error_exits_1_with_a_crash_log_and_the_game_saved(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RUMMY_TUI_LOG_DIR": str(tmp_path / "log")}
    out = subprocess.run(
        [sys.executable, "-c", CRASHER, "--saves-dir", str(tmp_path), "new", "--variant",
         "rummy", "--players", "[/],Bob", "--seed", "5"],
        env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert out.returncode == 1, out.stderr[-2000:]
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr[-2000:]
    assert "ZeroDivisionError" in lines[0] and "resume" in lines[0]
    logs = list((tmp_path / "log").glob("crash-*.log"))  # the log folder, not the saves
    assert len(logs) == 1 and str(logs[0]) in lines[0] and not list(tmp_path.glob("crash-*"))
    assert "Traceback" in logs[0].read_text() and "ZeroDivisionError" in logs[0].read_text()
    game = [p for p in tmp_path.glob("*.json")]
    assert len(game) == 1
    assert [p.name for p in saves.load_game(game[0]).players] == ["[/]", "Bob"]
