"""The saves' caches are bounded (issue 11, "Memory stays flat"): filled past their bound, they
keep at most it, and a forgotten file is simply read again."""

from __future__ import annotations

from rummy_tui import saves
from rummy_tui.core.engine import new_game
from rummy_tui.core.simulate import play_game
from rummy_tui.core.state import PlayerSpec
from rummy_tui.saves import codec, listing, store


def _state(seed: int):
    return new_game("rummy", [PlayerSpec("Ann", "human"), PlayerSpec("Bob", "easy")], seed=seed)


def test_listing_and_known_good_files_are_bounded(tmp_path, monkeypatch):
    monkeypatch.setattr(listing, "_INFO_CACHE", {})
    monkeypatch.setattr(listing, "_INFO_CACHE_MAX", 3)
    monkeypatch.setattr(store, "_KNOWN_GOOD", {})
    monkeypatch.setattr(store, "_KNOWN_GOOD_MAX", 3)
    for i in range(8):
        saves.save_game(_state(i), tmp_path / f"g{i}.json")
        assert len(store._KNOWN_GOOD) <= 3
    infos = saves.list_saves(tmp_path)
    assert len(infos) == 8 and all(info.ok for info in infos)
    assert len(listing._INFO_CACHE) <= 3
    assert all(info.ok for info in saves.list_saves(tmp_path))  # read again, still good


def test_the_log_line_cache_is_bounded(monkeypatch):
    monkeypatch.setattr(codec, "_LINE_CACHE", {})
    monkeypatch.setattr(codec, "_LINE_CACHE_MAX", 2)
    monkeypatch.setattr(codec, "_BLOCKS", {})
    state = play_game("rummy", ["easy", "easy"], seed=1).state
    assert len(state.log) > 2
    first = codec.dumps(state)
    codec._BLOCKS.clear()
    assert codec.dumps(state) == first
    assert len(codec._LINE_CACHE) <= 2
