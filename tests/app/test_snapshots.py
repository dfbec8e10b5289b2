"""Snapshots of the key screens at a fixed size, seeded, with the text cursor not blinking.

Update with ``pytest tests/app/test_snapshots.py --snapshot-update`` and look at the SVGs.
"""

from __future__ import annotations

from typing import Any

import random

from rummy_tui.app.app import RummyApp
from rummy_tui.core.bots import choose_action
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.options import make_options

from .conftest import make_app, seats

SIZE = (100, 32)


def played_until(variant: str, players: str, seed: int, phase: str,
                 options: dict[str, Any] | None = None) -> Any:
    """A game played by the computer on every seat until ``phase`` (outside the app)."""
    # Every seat is played by the computer here, whatever the seat's kind.
    state = new_game(variant, seats(players), seed=seed,
                     options=make_options(variant, options or {}))
    for _ in range(20000):
        if state.phase == phase:
            return state
        if state.phase == "round_over":
            from rummy_tui.core.state import NextRound

            state = apply(state, NextRound())
            continue
        pv = view(state, state.to_move)
        state = apply(state, choose_action("normal", pv, random.Random(state.actions)))
    raise AssertionError(f"{variant} never reached {phase}")


def test_picker(snap_compare):
    assert snap_compare(RummyApp(cursor_blink=False), terminal_size=SIZE)


def test_setup(snap_compare):
    assert snap_compare(RummyApp(cursor_blink=False), press=["down", "enter"],
                        terminal_size=SIZE)


def test_pass_screen(snap_compare):
    assert snap_compare(make_app("rummy", "Ann,Bob", seed=5), terminal_size=SIZE)


def test_table_rummy(snap_compare):
    assert snap_compare(make_app("rummy", "Ann,Bob,cpu:Cy", seed=5),
                        press=["enter", "s", "right", "space"], terminal_size=SIZE)


def test_table_indian_80x24(snap_compare):
    assert snap_compare(make_app("indian", "Ann,cpu:Bob", seed=7), press=["a"],
                        terminal_size=(80, 24))


def test_round_summary(snap_compare):
    state = played_until("rummy", "Ann,Bob,cpu:Cy", 21, "round_over")
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False)
    assert snap_compare(app, terminal_size=SIZE)


def test_game_over(snap_compare):
    state = played_until("indian", "Ann,cpu:Bob", 22, "game_over", {"format": "points"})
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False)
    assert snap_compare(app, press=["enter"], terminal_size=SIZE)
