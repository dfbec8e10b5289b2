"""Motion that tells the story (issue 30): the card drawn lights up a moment in the hand, and
so does the card that lands on the discard pile (the player's own discard, an opponent's);
off with ``motion = false`` in settings.toml, under NO_COLOR and with reduced motion."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui.app.widgets import card as card_module
from rummy_tui.app.widgets.card import MOVED, CardWidget
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.app.widgets.piles import Piles
from rummy_tui.settings import Store

from .conftest import make_app
from .driver import press, settle, table_of


def _moved(app) -> tuple[list, list]:
    """The highlighted cards: in the hand, on the discard pile."""
    table = table_of(app)
    return ([w.card for w in table.query_one(Hand).query(CardWidget) if w.has_class(MOVED)],
            [w.card for w in table.query_one(Piles).query(CardWidget) if w.has_class(MOVED)])


async def _until_gone(pilot, app) -> None:
    for _ in range(200):  # the highlight's own timer takes it off (bounded wait, not timed)
        if _moved(app) == ([], []):
            return
        await pilot.pause(0.05)
    raise AssertionError(f"the highlight stayed: {_moved(app)}")


@pytest.fixture
def colour(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("TEXTUAL_ANIMATIONS", raising=False)


async def test_the_drawn_card_and_the_discard_light_up_and_go_out(colour, monkeypatch):
    # lit long enough to be looked at on a busy machine (at 0.8 s a CI run once found the
    # discard's highlight gone before it looked)
    monkeypatch.setattr(card_module, "MOVED_SECONDS", 2.5)
    # Ann plays first; Bob waits 30 seconds before he moves
    app = make_app("rummy", "Ann,cpu:Bob", seed=7, bot_delay=30)
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = table_of(app), None
        await pilot.pause()
        assert table.state.to_move == 0 and _moved(app) == ([], [])
        await press(pilot, "s")
        await pilot.pause()
        hand = table.query_one(Hand)
        drawn, on_pile = _moved(app)
        assert drawn == hand.new_cards and len(drawn) == 1 and on_pile == []
        await _until_gone(pilot, app)
        card = hand.cursor_card()
        await press(pilot, "x")
        await pilot.pause()
        assert _moved(app) == ([], [card])  # the discard, on the pile
        await _until_gone(pilot, app)


async def test_an_opponents_fresh_discard_lights_up(colour, monkeypatch):
    monkeypatch.setattr(card_module, "MOVED_SECONDS", 60.0)  # still lit when looked at
    app = make_app("rummy", "Ann,cpu:Bob", seed=7)
    async with app.run_test(size=(100, 32)) as pilot:
        await press(pilot, "s", "x")
        await settle(pilot)  # Bob moves: his discard lands on the pile
        table = table_of(app)
        assert table.session.last_discarder() == 1
        assert _moved(app)[1] == [table.state.discard[-1]]


@pytest.mark.parametrize("how", ["setting", "NO_COLOR", "reduced motion"])
async def test_no_motion_with_the_setting_off_or_no_colour(colour, monkeypatch, tmp_path: Path,
                                                           how):
    settings = None
    if how == "setting":
        path = tmp_path / "settings.toml"
        path.write_text("motion = false\n", encoding="utf-8")
        settings = Store(path)
        assert settings.settings.motion is False and not settings.problem
    elif how == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    app = make_app("rummy", "Ann,cpu:Bob", seed=7, bot_delay=30, settings=settings)
    if how == "reduced motion":
        app.animation_level = "none"  # what TEXTUAL_ANIMATIONS=none sets
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await press(pilot, "s")
        await pilot.pause()
        assert table_of(app).query_one(Hand).new_cards  # still marked as drawn (issue 12)
        assert _moved(app) == ([], [])
        await press(pilot, "x")
        await pilot.pause()
        assert _moved(app) == ([], [])
