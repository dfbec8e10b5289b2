"""Every answer to a key is visible (issue 30, item 2): the recap of what the others did
never pushes the answer (a hint, a refusal, a warning) out of the message lines, at any
size, in any game."""

from __future__ import annotations

import html
import re

import pytest

from rummy_tui.app.dialogs.choose import ConfirmDialog
from rummy_tui.app.dialogs.finish import FinishDialog
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.messages import TableMessages

from .conftest import make_app
from .driver import pass_device, play_human_move, press, settle, table_of
from .keys import settled


def screen_text(app) -> str:
    """What is on the terminal, as plain text (the SVG's text runs, row after row)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg))


def on_screen(app, message: str) -> bool:
    """The message's words are on the screen, in order (wrapped over rows or not)."""
    screen = " ".join(screen_text(app).split())
    words = " ".join(message.split())
    return words in screen


async def _to_a_turn_with_a_recap(pilot, moves: int) -> TableScreen:
    """Play ``moves`` human moves as the normal player would, then stop at the next human
    turn that opens with a recap."""
    app = pilot.app
    for _ in range(moves):
        await settle(pilot)
        if not isinstance(app.screen, TableScreen):
            await press(pilot, "enter")
            continue
        await play_human_move(pilot)
    for _ in range(40):
        await settle(pilot)
        if not isinstance(app.screen, TableScreen):
            await pass_device(pilot)
        table = table_of(app)
        if table._my_turn() and table.query_one(TableMessages).recap:
            return table
        await play_human_move(pilot)
    raise AssertionError("no turn with a recap")


def _answer(table: TableScreen) -> str:
    feedback = table.query_one(TableMessages).feedback
    assert feedback is not None, "the key got no answer"
    return (f"{feedback[0]}: " if feedback[0] else "") + feedback[1]


async def _check_keys(pilot, table: TableScreen) -> list[str]:
    app = pilot.app
    seen = []
    for key in ("h", "x", "m", "c", "l"):
        table.query_one(TableMessages).clear_feedback()
        await press(pilot, key)
        await settled(app)
        if isinstance(app.screen, (ConfirmDialog, FinishDialog)):
            await press(pilot, "escape")  # a question is an answer on its own
            await settled(app)
            continue
        if table.query_one(TableMessages).feedback is None:
            continue  # the key opened nothing and said nothing: checked elsewhere
        answer = _answer(table)
        assert on_screen(app, answer), (key, answer, screen_text(app)[-3000:])
        seen.append(key)
    return seen


@pytest.mark.parametrize("size", [  # the smallest screen quick, the others slow (issue 26)
    pytest.param((100, 32), marks=pytest.mark.slow),
    pytest.param((100, 40), marks=pytest.mark.slow),
    (80, 24)])
async def test_the_issue_s_rummy_turn_shows_every_answer(size):
    app = make_app("rummy", "Ann,Bob,cpu:Cy", seed=101, options={"target": 20})
    async with app.run_test(size=size) as pilot:
        await pass_device(pilot)
        await press(pilot, "s", "x")
        await pass_device(pilot)
        await press(pilot, "s", "home", "right", "right", "x")
        await settled(app)
        if isinstance(app.screen, ConfirmDialog):
            await press(pilot, "y")
        await pass_device(pilot)
        table = table_of(app)
        assert table.query_one(TableMessages).recap
        assert "h" in await _check_keys(pilot, table)
        # a wrong lay-off: the refusal's reason is on screen
        await press(pilot, "s", "home", "l")  # 9♠ onto 5♠ 5♥ 5♣
        await settled(app)
        await pilot.pause()
        await press(pilot, "enter")
        await settled(app)
        answer = _answer(table)
        assert on_screen(app, answer), (answer, screen_text(app)[-3000:])


@pytest.mark.parametrize("variant", ["indian", "remi", "rummy"])
async def test_every_answer_is_visible_at_80x24(variant):
    app = make_app(variant, "Ann,Bob,cpu:Cy", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        table = await _to_a_turn_with_a_recap(pilot, 4)
        assert len(await _check_keys(pilot, table)) >= 2
