"""After a resume the hand is shown in a deterministic order: the saved hand's own order
(the sort / arrange choice is a display preference and is not part of the save)."""

from __future__ import annotations

from rummy_tui import saves
from rummy_tui.app.app import RummyApp
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.core.engine import new_game

from .conftest import seats
from .driver import settle


async def _order_after_resume(path) -> list:
    app = RummyApp(game=saves.load_game(path), save_path=path, bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        return list(app.screen.query_one(Hand).cards)


async def test_resumed_hand_order_is_the_saved_order(tmp_path):
    state = new_game("rummy", seats("Ann,cpu:Bob"), seed=11)
    path = tmp_path / "g.json"
    saves.save_game(state, path)
    first = await _order_after_resume(path)
    second = await _order_after_resume(path)
    assert first == second
    assert first == list(saves.load_game(path).hands[0])
