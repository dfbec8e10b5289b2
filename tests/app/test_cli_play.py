"""``rummy-tui new`` with bad arguments: one line on stderr, exit 2, no traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rummy_tui.cli import main

BAD = [
    ["new", "--variant", "nope", "--players", "Ann,Bob"],
    ["new", "--variant", "rummy", "--players", "Ann"],
    ["new", "--variant", "rummy", "--players", "Ann,,Bob"],
    ["new", "--variant", "rummy", "--players", "Ann,bot:Bob"],
    ["new", "--variant", "rummy", "--players", "Ann,Ann"],
    ["new", "--variant", "remi", "--players", "A,B,C,D,E"],
    ["new", "--variant", "rummy", "--players", "Ann,Bob", "--rule", "nope=1"],
    ["new", "--variant", "rummy", "--players", "Ann,Bob", "--rule", "target=-5"],
    ["new", "--variant", "rummy", "--players", "Ann,Bob", "--rule", "target"],
    ["new", "--variant", "rummy", "--players", "Ann,Bob", "--seed", "x"],
    ["new", "--variant", "indian", "--players", "Ann,Bob", "--rule", "format=pool7"],
    ["new", "--players", "Ann,Bob"],
]


@pytest.mark.parametrize("argv", BAD, ids=[" ".join(a[1:]) for a in BAD])
def test_bad_new_arguments_are_one_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: "), err
    assert err.count("\n") == 1, err
    assert "Traceback" not in err


def test_bad_variant_in_a_real_process():
    out = subprocess.run(
        [sys.executable, "-m", "rummy_tui", "new", "--variant", "nope", "--players", "A,B"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "nope" in out.stderr
    assert "Traceback" not in out.stderr


def test_players_spelling():
    from rummy_tui.commands.play import parse_players

    specs = parse_players(" Ann , cpu:Cy, cpu-easy:Dee ")
    assert [(s.name, s.kind) for s in specs] == [
        ("Ann", "human"), ("Cy", "normal"), ("Dee", "easy")]


def test_resume_without_a_save_is_one_line(tmp_path, capsys):
    assert main(["--saves-dir", str(tmp_path), "resume"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1
