"""Statistics written by several processes at once (issue 27): games that end at the same
moment in different processes (two windows, the visitors of ``rummy-tui serve``) all keep
their records. Each change of stats.json holds a lock around its read, change and write."""

from __future__ import annotations

import multiprocessing
import random
import sys
from pathlib import Path

import pytest

from rummy_tui.core.bots import choose_action
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.state import NextRound, PlayerSpec
from rummy_tui.history import store

N = 8


def _finished_game():
    state = new_game("remigio", [PlayerSpec("Ann", "normal"), PlayerSpec("Cy", "normal")],
                     seed=3)
    while state.phase != "game_over":
        if state.phase == "round_over":
            state = apply(state, NextRound())
            continue
        state = apply(state, choose_action("normal", view(state, state.to_move),
                                           random.Random(state.actions)))
    return state


def _record(barrier, state, i: int, path: str, errors) -> None:
    try:
        barrier.wait(timeout=60)
        store.record(state, f"game-{i}", Path(path))
        store.add_profiles([(f"Player {i}", "human")], Path(path))
    except BaseException as exc:  # reported to the test, which fails on it
        errors.put(f"{i}: {exc!r}")


@pytest.mark.skipif(sys.platform == "win32", reason="no flock on Windows: changes not locked")
def test_games_ending_at_once_in_n_processes_are_all_recorded(tmp_path: Path):
    path = tmp_path / "stats.json"
    state = _finished_game()
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(N)
    errors = ctx.Queue()
    workers = [ctx.Process(target=_record, args=(barrier, state, i, str(path), errors))
               for i in range(N)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert all(w.exitcode == 0 for w in workers)
    assert errors.empty(), errors.get()
    stats = store.load(path)
    assert sorted(g.game_id for g in stats.games) == sorted(f"game-{i}" for i in range(N))
    names = {p.name for p in stats.profiles}
    assert {f"Player {i}" for i in range(N)} | {"Ann", "Cy"} <= names


def test_a_symlink_at_the_lock_is_not_followed(tmp_path: Path):
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious\n")
    path = tmp_path / "data" / "stats.json"
    path.parent.mkdir()
    (path.parent / ".stats.json.lock").symlink_to(victim)
    with pytest.raises(store.StatsError, match="cannot lock"):
        store.record(_finished_game(), "g", path)
    assert victim.read_bytes() == b"precious\n" and not path.exists()
