"""Snapshots of the picker with saved games and of the setup screen, at 80x24 (issue 12:
the lists share the height, finished games apart, seats chosen by radio buttons).

Update with ``pytest tests/app/test_snapshots_picker.py --snapshot-update`` and look at the
SVGs (as PNG: ``rsvg-convert``; it draws a line's leading spaces as nothing, so an indented
description looks flush left there, though the terminal shows it indented).
"""

from __future__ import annotations

import os
import time

import pytest

from rummy_tui import saves
from rummy_tui.app.app import RummyApp
from rummy_tui.core.engine import new_game

from .conftest import seats
from .test_snapshots import played_until

WHEN = 1_795_000_000  # 2026-11-18 11:06 UTC: the first save's "last played"


@pytest.fixture
def saves_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")  # the dates shown are local times
    time.tzset()
    folder = tmp_path / "saves"
    folder.mkdir()
    games = [
        ("a.json", new_game("remigio", seats("Ann,[b]Bob[/b],cpu:Cy"), seed=3)),
        ("b.json", new_game("rummy", seats("Ann,cpu:Bob"), seed=4)),
        ("c.json", played_until("remigio", "Ann,cpu:Cy", 3, "game_over")),
    ]
    for n, (name, state) in enumerate(games):
        saves.save_game(state, folder / name)
        os.utime(folder / name, (WHEN - 60 * n, WHEN - 60 * n))
    (folder / "d.json").write_bytes(b"{")
    os.utime(folder / "d.json", (WHEN - 600, WHEN - 600))
    yield folder
    monkeypatch.undo()  # the time zone the tests run in, again
    time.tzset()


async def _saves_read(pilot) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


def test_picker_with_saves_80x24(snap_compare, saves_folder):
    app = RummyApp(cursor_blink=False, saves_dir=str(saves_folder))
    assert snap_compare(app, run_before=_saves_read, terminal_size=(80, 24))


def test_picker_resume_list_focused_100x32(snap_compare, saves_folder):
    app = RummyApp(cursor_blink=False, saves_dir=str(saves_folder))
    assert snap_compare(app, run_before=_saves_read, press=["tab", "down"],
                        terminal_size=(100, 32))


def test_setup_80x24(snap_compare):
    assert snap_compare(RummyApp(cursor_blink=False), press=["enter", "tab", "right"],
                        terminal_size=(80, 24))
