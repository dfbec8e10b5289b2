"""``rummy-tui simulate`` and core.simulate: whole games, determinism, the JSON line, failure."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import rummy_tui.core.invariants as invariants_module
import rummy_tui.core.simulate as simulate_module
from rummy_tui.cli import main
from rummy_tui.core.simulate import play_game, simulate

FIELDS = [
    "variant",
    "players",
    "games",
    "rounds",
    "turns",
    "actions",
    "invariant_violations",
    "wins",
    "seconds",
    "games_per_second",
    "actions_per_second",
]
TIMING = {"seconds", "games_per_second", "actions_per_second"}

ALL = [
    ("rummy", 2), ("rummy", 6), ("remi", 2), ("remi", 3), ("remi", 4), ("remigio", 2),
    ("remigio", 6), ("remigio-fournier", 3), ("remigio-fournier", 10), ("indian", 2),
    ("indian", 6),
]


@pytest.mark.parametrize("variant,n", ALL)
def test_whole_games_end_without_violations(variant, n):
    result = simulate(variant, n, 2, seed=3)
    assert result.violation is None, result.violation
    assert result.invariant_violations == 0
    assert sum(result.wins.values()) == 2
    assert result.rounds >= 2 and result.turns > 0 and result.actions >= result.turns


def test_normal_bots_and_mixed_seats():
    result = simulate("rummy", 3, 2, seed=1, bots=["easy", "normal", "normal"])
    assert result.violation is None
    assert list(result.wins) == ["P1-easy", "P2-normal", "P3-normal"]


@pytest.mark.parametrize("fmt", ["pool101", "pool201", "deals"])
def test_indian_formats(fmt):
    result = simulate("indian", 3, 1, seed=2, options={"format": fmt}, bots=["normal"])
    assert result.violation is None and sum(result.wins.values()) == 1


def test_same_seed_same_result_and_a_game_can_be_replayed_alone():
    a = simulate("remigio", 3, 3, seed=77).to_json()
    b = simulate("remigio", 3, 3, seed=77).to_json()
    strip = lambda j: {k: v for k, v in j.items() if k not in TIMING}  # noqa: E731
    assert strip(a) == strip(b)
    c = simulate("remigio", 3, 3, seed=78).to_json()
    assert strip(a) != strip(c)
    # game 2 of seed 77 played on its own is the same game
    from rummy_tui.core.simulate import game_seed

    alone = play_game("remigio", ["easy"] * 3, game_seed(77, 2))
    assert alone.problem is None and alone.state.winner is not None


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rummy_tui", "simulate", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_cli_prints_one_json_line_with_exactly_the_fields():
    out = _cli("--variant", "rummy", "--players", "2", "--games", "3", "--seed", "5")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert list(data) == FIELDS
    assert data["variant"] == "rummy" and data["players"] == 2 and data["games"] == 3
    assert data["invariant_violations"] == 0
    assert sum(data["wins"].values()) == 3
    # no progress bar when the output is not a terminal
    assert out.stderr == ""
    again = _cli("--variant", "rummy", "--players", "2", "--games", "3", "--seed", "5")
    other = json.loads(again.stdout)
    assert {k: v for k, v in data.items() if k not in TIMING} == {
        k: v for k, v in other.items() if k not in TIMING
    }


@pytest.mark.parametrize(
    "args,words",
    [
        (["--variant", "remi", "--players", "5"], "Indonesian Remi is for 2 to 4 players"),
        (["--variant", "rummy", "--players", "2", "--rule", "target=x"], "target"),
        (["--variant", "rummy", "--players", "2", "--rule", "nope=1"], "unknown rule 'nope'"),
        (["--variant", "no-such-game", "--players", "2"], "invalid choice: 'no-such-game'"),
        (["--variant", "rummy", "--players", "2", "--bots", "easy,expert"], "unknown bot 'expert'"),
        (["--variant", "rummy", "--players", "3", "--bots", "easy,normal"], "--bots names 2"),
        (["--variant", "rummy", "--players", "2", "--games", "0"], "--games must be"),
    ],
)
def test_cli_bad_input_is_one_line_exit_2(args, words, capsys):
    # the command line's main in this process (issue 26: a subprocess each cost 0.3 CPU-s);
    # the JSON line above goes through python -m rummy_tui as a user runs it
    from rummy_tui.cli import main

    code = main(["simulate", *args])
    out = capsys.readouterr()
    assert code == 2
    assert words in out.err
    assert len(out.err.strip().splitlines()) == 1
    assert "Traceback" not in out.err and out.out == ""


def test_a_violation_exits_1_naming_the_seed_and_game(monkeypatch, capsys):
    calls = {"n": 0}
    real = simulate_module.check_invariants

    def broken(state, previous=None):
        calls["n"] += 1
        if calls["n"] == 500:
            return "a card went missing (test)"
        return real(state, previous)

    monkeypatch.setattr(simulate_module, "check_invariants", broken)
    code = main(["simulate", "--variant", "rummy", "--players", "2", "--games", "5", "--seed", "9"])
    out = capsys.readouterr()
    assert code == 1
    data = json.loads(out.out.strip().splitlines()[-1])
    assert data["invariant_violations"] == 1
    assert "a card went missing (test)" in out.err
    assert "--seed 9" in out.err and "in game " in out.err


def test_an_endless_round_is_reported(monkeypatch):
    monkeypatch.setattr(invariants_module, "MAX_ROUND_ACTIONS", 10)
    result = simulate("rummy", 2, 1, seed=1)
    assert result.invariant_violations == 1
    assert "did not end within 10 actions" in result.violation.message


def test_the_deck_cache_is_keyed_on_what_decides_the_deck():
    """Issue 10: one entry per (variant, players, options), not one per game for ever."""
    invariants_module._DECKS.clear()
    simulate("indian", 2, 6, seed=3)
    simulate("indian", 2, 6, seed=4)
    assert len(invariants_module._DECKS) == 1
    simulate("remigio-fournier", 4, 1, seed=3)
    assert len(invariants_module._DECKS) == 2
