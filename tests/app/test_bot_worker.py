"""A computer player thinks in a thread worker (issue 15): the screen answers keys while it
thinks, its move lands when it has chosen, and a choice for a table that was left is dropped."""

from __future__ import annotations

import asyncio
import threading

import pytest

from rummy_tui.app.screens import table as table_module
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.core.bots import bot_action

from .conftest import make_app
from .driver import settle, table_of


class SlowBot:
    """``bot_action`` held back until the test lets it go."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started = threading.Event()
        self.done = threading.Event()
        self.calls = 0

    def __call__(self, state):  # type: ignore[no-untyped-def]
        self.calls += 1
        self.started.set()
        assert self.go.wait(10), "the test never let the computer player go"
        try:
            return bot_action(state)
        finally:
            self.done.set()


async def until(condition, seconds: float = 10) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(seconds * 200)):
        if condition():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("timed out")


async def _bot_thinking(pilot, slow: SlowBot) -> TableScreen:  # type: ignore[no-untyped-def]
    """The table once the computer player, first to move (seed 4), is thinking."""
    await until(slow.started.is_set)
    table = table_of(pilot.app)
    assert table.state.to_move == 1 and table.state.actions == 0
    return table


@pytest.fixture
def slow(monkeypatch):  # type: ignore[no-untyped-def]
    """The table's computer players think through a held ``SlowBot``."""
    held = SlowBot()
    monkeypatch.setattr(table_module, "bot_action", held)
    return held


async def test_the_screen_answers_keys_while_the_computer_player_thinks(slow):
    app = make_app("rummy", "Ann,cpu:Bob", seed=4)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _bot_thinking(pilot, slow)
        before = table.state
        assert table.busy and any(w.is_running for w in app.workers)
        hand = table.query_one(Hand)
        cursor = hand.cursor
        # the event loop is free: a key moves the cursor on the human's hand at once
        await pilot.press("right" if cursor == 0 else "left")
        assert hand.cursor != cursor
        assert table.state is before, "nothing was played while the bot thinks"
        slow.go.set()
        await settle(pilot)
        assert table._my_turn() and table.state.actions > before.actions
        assert slow.calls >= 2  # a draw and a discard at least, each in the worker


async def test_a_choice_made_after_the_table_was_left_is_not_played(slow, monkeypatch):
    app = make_app("rummy", "Ann,cpu:Bob", seed=4)
    async with app.run_test(size=(100, 32)) as pilot:
        table = await _bot_thinking(pilot, slow)
        before = table.state
        committed: list[object] = []
        monkeypatch.setattr(table, "commit", committed.append)
        app.pop_screen()
        await pilot.pause()
        slow.go.set()
        await until(slow.done.is_set)
        for _ in range(5):  # what the thread hands back is run on the event loop
            await pilot.pause(0.05)
        assert committed == [] and table.state is before


@pytest.mark.parametrize("kind", ["normal", pytest.param("hard", marks=pytest.mark.slow)])
async def test_computer_players_play_a_whole_round_through_the_worker(kind):
    app = make_app("rummy", f"cpu-{kind}:Ann,cpu:Bob", seed=6)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = table_of(pilot.app)
        assert table.state.phase in ("round_over", "game_over")
        assert table.state.actions > 10


async def test_an_error_while_the_computer_player_thinks_ends_the_app_with_a_crash_log(
    monkeypatch, tmp_path
):
    def broken(state):  # type: ignore[no-untyped-def]
        raise ZeroDivisionError("the bot's own bug")

    monkeypatch.setattr(table_module, "bot_action", broken)
    app = make_app("rummy", "Ann,cpu:Bob", seed=4, report_crashes=True, saves_dir=tmp_path,
                   autosave=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await until(lambda: app.crash is not None)
        await pilot.pause()
    assert "the bot's own bug" in str(app.crash)
    assert app.return_code == 1
    assert app.crash_log is not None and "ZeroDivisionError" in app.crash_log.read_text()
