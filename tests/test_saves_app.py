"""The app and the saves (issue 5): autosave after every completed action, ctrl+s, and a
resumed game that opens where it stopped. The app's own screens are tested in tests/app."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui import saves
from rummy_tui.app.app import RummyApp
from rummy_tui.core.engine import new_game
from rummy_tui.core.state import PlayerSpec


def _app(tmp_path: Path, state=None, **kwargs) -> RummyApp:
    if state is None:
        state = new_game("rummy", [PlayerSpec("Ann"), PlayerSpec("Bob", "normal")], seed=5)
    app = RummyApp(game=state, saves_dir=str(tmp_path), bot_delay=0, cursor_blink=False,
                   **kwargs)
    app.autosave = True
    return app


async def _settle(pilot, app: RummyApp, phase: str = "draw") -> None:
    """Let the computer players move until it is the human's turn in ``phase``."""
    for _ in range(100):
        await pilot.pause()
        g = app.game
        if g is not None and g.players[g.to_move].kind == "human" and g.phase == phase:
            return
    raise AssertionError("the human's turn never came")


async def test_autosave_after_every_action(tmp_path: Path):
    app = _app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        await _settle(pilot, app)
        files = sorted(tmp_path.glob("*.json"))
        assert len(files) == 1 and app.save_path == files[0]
        assert saves.load_game(files[0]) == app.game
        await pilot.press("s")  # draw from the stock
        await _settle(pilot, app, "play")
        assert saves.load_game(files[0]) == app.game
        assert saves.load_game(files[0]).phase == "play"
        # the backup is the save before
        backup = saves.load_game(files[0].with_name(files[0].name + ".bak"))
        assert backup.phase == "draw" and backup.actions == app.game.actions - 1


async def test_ctrl_s_saves_at_once(tmp_path: Path):
    app = _app(tmp_path)
    app.autosave = False
    async with app.run_test(size=(100, 32)) as pilot:
        await _settle(pilot, app)
        assert list(tmp_path.glob("*.json")) == []
        await pilot.press("ctrl+s")
        await pilot.pause()
        files = list(tmp_path.glob("*.json"))
        assert len(files) == 1 and saves.load_game(files[0]) == app.game


async def test_a_resumed_game_opens_where_it_stopped(tmp_path: Path):
    first = _app(tmp_path)
    async with first.run_test(size=(100, 32)) as pilot:
        await _settle(pilot, first)
        await pilot.press("s")
        await _settle(pilot, first, "play")
        stopped = first.game
        path = first.save_path
    resumed_state = saves.load_game(path)
    assert resumed_state == stopped
    second = _app(tmp_path, resumed_state, save_path=path)
    async with second.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert second.game == stopped
        await pilot.press("x")  # discard the card under the cursor: the game goes on
        await _settle(pilot, second)
        assert second.game.actions > stopped.actions
    # still one game in the folder, saved at its latest state
    assert sorted(p.name for p in tmp_path.glob("*.json")) == [path.name]
    assert saves.load_game(path) == second.game
