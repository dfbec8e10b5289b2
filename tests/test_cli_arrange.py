"""``rummy-tui arrange`` as a user runs it: the command line's ``main`` with its arguments, its
standard input and its output; the first checks run it in a subprocess through ``python -m
rummy_tui``, exactly as a user does (issue 26: the rest call ``main`` in this process, the same
code without an interpreter's start-up each)."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys

import pytest

from rummy_tui.cli import main

FIELDS = {"variant", "cards", "melds", "deadwood", "penalty", "can_go_out", "special", "multiplier"}


def run_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rummy_tui", "arrange", *args],
        input=stdin, capture_output=True, text=True, timeout=60,
    )


def run(*args: str, stdin: str | None = None, prefix: tuple[str, ...] = ()
        ) -> subprocess.CompletedProcess:
    """``rummy-tui [prefix] arrange args`` in this process: what it printed and its exit code."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin or "")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main([*prefix, "arrange", *args])
    finally:
        sys.stdin = old_stdin
    return subprocess.CompletedProcess(["rummy-tui", *prefix, "arrange", *args], code,
                                       out.getvalue(), err.getvalue())


def test_json_output_has_exactly_the_fields():
    out = run_process("--variant", "indian", "--wild", "7", "--json",
              "AS", "2S", "3S", "5H", "6H", "7S", "9D", "9C", "JK", "4D", "4C", "KH", "KS")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == FIELDS
    assert data["variant"] == "indian"
    assert data["penalty"] == 26 and data["can_go_out"] is False
    assert data["special"] is None and data["multiplier"] is None
    laid = [c for m in data["melds"] for c in m["cards"]] + data["deadwood"]
    assert sorted(laid) == sorted(data["cards"])
    assert {"kind": "run", "pure": True, "cards": ["AS", "2S", "3S"]} in data["melds"]


def test_remigio_json_has_special_and_multiplier():
    out = run("--variant", "remigio", "--json", *"AS 2S 3S 4S 5S 6S 7S 8S 9S 10S".split())
    data = json.loads(out.stdout)
    assert data["special"] == "straight_flush" and data["multiplier"] == 6


def test_rule_option():
    out = run("--variant", "rummy", "--rule", "ace_high=true", "--json", "QS", "KS", "AS")
    assert json.loads(out.stdout)["penalty"] == 0


def test_human_output_shows_melds_deadwood_and_penalty():
    out = run_process("--variant", "rummy", "AS", "2S", "3S", "9C", "9D", "9H", "KD")
    assert out.returncode == 0, out.stderr
    assert "deadwood" in out.stdout and "penalty 10" in out.stdout
    assert "A♠ 2♠ 3♠" in out.stdout and "K♦" in out.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["--variant", "rummy", "AS", "XX"], "'XX'"),
        (["--variant", "rummy", "AS", "AS"], "2 copies of AS"),
        (["--variant", "indian", "7S", "7S", "7S"], "3 copies of 7S"),
        (["--variant", "canasta", "AS"], "unknown variant"),
        (["--variant", "indian", "--wild", "Z", "AS"], "wild"),
        (["--variant", "indian", "--wild", "0", "AS"], "wild"),
        (["AS", "2S"], "--variant"),
        (["--variant", "rummy"], "no cards given"),
        (["--variant", "indian", "--json", "--wild", "7"], "no cards given"),
    ],
)
def test_bad_input_one_line_and_exit_2(args, words):
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], out.stderr
    assert "Traceback" not in out.stderr


def test_stdin_lines_in_order_errors_in_place_exit_1():
    lines = [
        {"variant": "indian", "cards": ["AS", "2S", "3S", "5H", "6H", "7S"], "wild": "7"},
        "not json",
        {"variant": "rummy", "cards": ["AS", "ZZ"]},
        {"variant": "remigio", "cards": ["7S", "7S", "7H"]},
        {"variant": "nope", "cards": []},
        {"variant": "rummy", "cards": ["QS", "KS", "AS"], "rules": {"ace_high": True}},
    ]
    text = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n"
    out = run_process("--stdin", stdin=text)
    assert out.returncode == 1
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert answers[0]["variant"] == "indian" and answers[0]["can_go_out"] is True
    assert set(answers[1]) == {"error"}
    assert "ZZ" in answers[2]["error"]
    assert answers[3]["melds"][0]["kind"] == "set"
    assert "unknown variant" in answers[4]["error"]
    assert answers[5]["penalty"] == 0


def test_stdin_all_good_exit_0():
    text = json.dumps({"variant": "rummy", "cards": ["AS", "2S", "3S"]}) + "\n"
    out = run("--stdin", stdin=text)
    assert out.returncode == 0 and json.loads(out.stdout)["can_go_out"] is True


# --- issue 27 item 8: one option parser (the one of new and simulate) ----------------------


@pytest.mark.parametrize(
    "variant, rule, words",
    [
        ("rummy", "ace_high=x", "ace_high"),
        ("rummy", "target=²", "target"),
        ("rummy", "target=500", "does not change how a hand is arranged"),
        ("rummy", "wrap=true", "unknown rule 'wrap'"),
        ("remigio", "wrap=ten", "wrap"),
        ("remigio", "wrap=[b]", "wrap"),
        ("indian", "decks=-1", "greater than or equal to 1"),
        ("indian", "decks=9", "less than or equal to 4"),
        ("indian", "decks=" + "9" * 5000, "too long"),
    ],
)
def test_a_bad_rule_is_one_line_and_exit_2(tmp_path, monkeypatch, variant, rule, words):
    monkeypatch.chdir(tmp_path)
    out = run("--variant", variant, "--rule", rule, "AS", "2S", "3S",
              prefix=("--saves-dir", str(tmp_path)))
    assert out.returncode == 2, out.stderr
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], out.stderr
    assert "unexpected error" not in out.stderr and len(lines[0]) < 300
    assert list(tmp_path.iterdir()) == []  # no crash log


def test_a_rule_left_unset_takes_its_default():
    out = run("--variant", "indian", "--rule", "decks=none", "--json", "AS", "AS")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["deadwood"] == ["AS", "AS"]


@pytest.mark.parametrize(
    "rules, words",
    [
        ({"decks": -1}, "greater than or equal to 1"),
        ({"decks": "2"}, "valid integer"),
        ({"decks": True}, "valid integer"),
        ({"decks": 10**30}, "less than or equal to 4"),
        ([], "'rules' must be an object"),
    ],
)
def test_stdin_rules_are_checked_like_new(rules, words):
    line = json.dumps({"variant": "indian", "cards": ["AS"], "rules": rules}) + "\n"
    out = run("--stdin", stdin=line)
    assert out.returncode == 1
    error = json.loads(out.stdout)["error"]
    assert words in error and "at most -1" not in error
