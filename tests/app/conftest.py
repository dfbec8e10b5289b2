"""Shared helpers for the app tests: apps on seeded deals with instant computer players."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_tui.app.app import RummyApp
from rummy_tui.core.engine import new_game
from rummy_tui.core.options import make_options
from rummy_tui.core.state import PlayerSpec


def seats(text: str) -> list[PlayerSpec]:
    """"Ann,Bob,cpu:Cy,cpu-easy:Dee" as player specs (the CLI's spelling)."""
    from rummy_tui.commands.play import parse_players

    return parse_players(text)


def make_app(variant: str, players: str, seed: int = 1, options: dict[str, Any] | None = None,
             **kwargs: Any) -> RummyApp:
    state = new_game(variant, seats(players), seed=seed,
                     options=make_options(variant, options or {}))
    kwargs.setdefault("bot_delay", 0)
    return RummyApp(game=state, cursor_blink=False, **kwargs)


@pytest.fixture
def app_factory():
    return make_app


@pytest.fixture(autouse=True)
def _empty_saves_folder(tmp_path, monkeypatch):
    """The picker lists the saves folder: never the one of the directory the tests run in."""
    folder = tmp_path / "saves-of-this-test"
    monkeypatch.setenv("RUMMY_TUI_SAVES", str(folder))
    return folder
