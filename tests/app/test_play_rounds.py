"""A complete round of every preset, played through the keyboard on seeded deals, with a
mix of humans and computer players; then the next round starts (or the game ends)."""

from __future__ import annotations

import pytest

from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.screens.summary import GameOverScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.core.bots import rollout as bot_rollout

from .conftest import make_app
from .driver import play_until, table_of

CASES = [
    ("rummy", "Ann,Bob,cpu:Cy", {}, 11),
    ("remi", "Ann,cpu-easy:Bob,Cy", {}, 12),
    ("remigio", "Ann,cpu:Bob", {}, 13),
    ("remigio-fournier", "Ann,Bob,cpu:Cy", {}, 14),
    ("indian", "Ann,cpu-easy:Bob", {"format": "points"}, 15),
    ("indian", "Ann,Bob,cpu:Cy", {"format": "pool101"}, 16),
    ("indian", "cpu:Ann,Bob", {"format": "pool201"}, 17),
    ("indian", "Ann,Bob", {"format": "deals", "deals": 2}, 18),
    ("rummy", "Ann,cpu-hard:Bob", {}, 19),
]


def _round_done(app) -> bool:
    if isinstance(app.screen, GameOverScreen):
        return True
    table = table_of(app)
    return (
        isinstance(app.screen, (TableScreen, PassDeviceScreen))
        and table.state.round_no >= 2
        and table.state.phase == "draw"
    )


# The default run plays the cheapest preset's round; the others are slow (--all, issue 26)
QUICK = "indian-points"


def _case(c: tuple) -> object:
    case_id = f"{c[0]}-{c[2].get('format', '')}".rstrip("-")
    return pytest.param(*c, id=case_id, marks=() if case_id == QUICK else pytest.mark.slow)


@pytest.mark.parametrize("variant,players,options,seed", [_case(c) for c in CASES])
async def test_a_whole_round_through_the_keyboard(variant, players, options, seed, monkeypatch):
    if "cpu-hard" in players:  # the hard player's rollouts with fewer worlds: the same code at
        # a test's cost (this is about the keyboard and the screens, not what the bot decides)
        monkeypatch.setattr(bot_rollout, "WORLDS", 4)
        monkeypatch.setattr(bot_rollout, "REMI_WORLDS", 4)
        monkeypatch.setattr(bot_rollout, "FIRST_WORLDS", 2)
    app = make_app(variant, players, seed=seed, options=options)
    async with app.run_test(size=(100, 32)) as pilot:
        seen = await play_until(pilot, _round_done)
        table = table_of(app)
        state = table.state
        assert seen["summaries"] == 1, seen
        assert seen["moves"] > 0
        assert len(state.history) == 1
        result = state.history[0]
        assert len(result.players) == len(state.players)
        if players.count("cpu") < len(state.players) - 1:
            # Two or more humans: the keyboard was handed over at least once.
            assert seen["passes"] >= 1
        if isinstance(app.screen, GameOverScreen):
            assert state.phase == "game_over"
        else:
            assert state.round_no == 2
