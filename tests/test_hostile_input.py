"""Hostile input (issue 11): names, numbers and saves from the command line and from files
get one short line and a non-zero exit, never a traceback; nothing is ever changed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_tui import saves
from rummy_tui.cli import main
from rummy_tui.commands.play import PlayError, parse_players
from rummy_tui.core.engine import new_game
from rummy_tui.core.events import describe
from rummy_tui.core.names import MAX_NAME, cells
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import PlayerSpec
from rummy_tui.saves.lock import SaveLock, SaveLocked

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
ROOT = Path(__file__).resolve().parent.parent
LONG = "9" * 5000


def _one_short_line(err: str) -> None:
    assert err.startswith("error: "), err[:300]
    assert err.count("\n") == 1, err[:300]
    assert "Traceback" not in err
    assert len(err) < 400, len(err)


# --- the command line ------------------------------------------------------------------------

BAD = [
    ["new", "--variant", "rummy", "--players", "[/],\x1b[31mRED"],
    ["new", "--variant", "rummy", "--players", "a\tb,Bob"],
    ["new", "--variant", "rummy", "--players", "a\x07b,Bob"],
    ["new", "--variant", "rummy", "--players", "Ann,Bo\u202eb"],
    ["new", "--variant", "rummy", "--players", "Ann, "],
    ["new", "--variant", "rummy", "--players", "Ann,\u200b"],
    ["new", "--variant", "rummy", "--players", "Ann,ann"],
    ["new", "--variant", "rummy", "--players", "Ann," + "B" * (MAX_NAME + 1)],
    ["new", "--variant", "rummy", "--players", "Ann,Bob", "--seed", LONG],
    ["new", "--variant", "rummy", "--players", "Ann,Bob", "--seed", "-1"],
    ["new", "--variant", "rummy", "--players", "Ann,Bob", "--rule", "target=" + LONG],
    ["new", "--variant", "x" * 5000, "--players", "Ann,Bob"],
    ["simulate", "--variant", "rummy", "--players", LONG],
    ["simulate", "--variant", "rummy", "--players", "2", "--games", LONG],
    ["simulate", "--variant", "rummy", "--players", "2", "--seed", LONG],
    ["simulate", "--variant", "rummy", "--players", "2", "--rule", "target=" + LONG],
    ["simulate", "--variant", "y" * 5000, "--players", "2"],
    ["arrange", "--variant", "rummy", "--rule", "target=" + LONG, "AS", "2S", "3S"],
]


@pytest.mark.parametrize("argv", BAD, ids=lambda a: " ".join(x[:12] for x in a)[:60])
def test_bad_arguments_are_one_short_line_and_exit_2(argv, capsys):
    assert main(argv) == 2
    _one_short_line(capsys.readouterr().err)


@given(st.text(st.characters(codec=None), min_size=0, max_size=24))
@settings(max_examples=300, deadline=None)
def test_any_name_is_refused_in_one_line_or_kept_as_data(name):
    # every Unicode category, through the command line's parser
    try:
        specs = parse_players(f"{name.replace(',', '_')},Zed")
    except PlayError as exc:
        text = str(exc)
        assert "\n" not in text and len(text) < 200
        return
    shown = specs[0].name
    assert 0 < cells(shown) <= MAX_NAME
    # nothing that drives the terminal or reorders the text, and something to see
    assert not any(unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") for ch in shown)
    assert not any(ch in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                   "\u2066\u2067\u2068\u2069" for ch in shown), ascii(shown)
    assert any(ch.isprintable() and not ch.isspace() for ch in shown), ascii(shown)


# --- saves -------------------------------------------------------------------------------------


def _raw(name: str = "rummy.json") -> dict:
    return json.loads((FIXTURES / "valid" / name).read_bytes())


def _refusal(raw: dict, tmp_path: Path) -> str:
    path = tmp_path / "g.json"
    data = json.dumps(raw).encode()
    path.write_bytes(data)
    with pytest.raises(saves.SaveError) as caught:
        saves.load_game(path)
    assert path.read_bytes() == data
    reason = str(caught.value)
    assert "\n" not in reason and len(reason) <= 300
    return reason


@pytest.mark.parametrize("key,value", [("target", "150"), ("target", True),
                                       ("target", 150.0), ("ace_high", "yes")])
def test_options_load_strictly(key, value, tmp_path):
    raw = _raw()
    raw["options"][key] = value
    reason = _refusal(raw, tmp_path)
    # the save's schema or the core's strict options model may be the one to say it
    assert f"options.{key}" in reason or f"options: bad rule for Basic Rummy: {key}:" in reason


def test_wrap_yes_is_refused(tmp_path):
    raw = _raw("remigio.json")
    raw["options"]["wrap"] = "yes"
    assert "wrap: Input should be a valid boolean" in _refusal(raw, tmp_path)


def test_a_changed_winner_of_a_finished_game_is_refused(tmp_path):
    raw = _raw("rummy-over.json")
    winner = raw["state"]["winner"]
    raw["state"]["winner"] = 1 - winner
    assert "winner" in _refusal(raw, tmp_path)


@pytest.mark.parametrize("where", ["preset", "written_by", "name"])
def test_long_reasons_are_cut(where, tmp_path):
    raw = _raw()
    if where == "name":
        raw["players"][0]["name"] = "x" * 1_000_000
    else:
        raw[where] = "x" * 1_000_000
    _refusal(raw, tmp_path)


@pytest.mark.parametrize("value", [10**30, -(10**30), LONG])
def test_numbers_in_saves_are_bounded(value, tmp_path):
    raw = _raw()
    raw["seed"] = value if not isinstance(value, str) else int(value[:4000])
    _refusal(raw, tmp_path)
    raw = _raw()
    raw["state"]["scores"][0] = value if not isinstance(value, str) else int(value[:4000])
    _refusal(raw, tmp_path)


def test_a_file_over_the_limit_is_refused_unread(tmp_path):
    path = tmp_path / "big.json"
    with open(path, "wb") as f:
        f.truncate(saves.MAX_SAVE_BYTES + 1)
    start = time.perf_counter()
    with pytest.raises(saves.SaveError, match="too large"):
        saves.load_game(path)
    assert time.perf_counter() - start < 1


def test_names_from_an_older_save_load_and_are_shown_safely(tmp_path):
    # written by an older version: a direction control, a zero-width name, a repeated name
    state = new_game("rummy", [PlayerSpec("Bo\u202eb"), PlayerSpec("\u200b"),
                               PlayerSpec("Cy"), PlayerSpec("cy")], seed=3)
    path = tmp_path / "old.json"
    saves.save_game(state, path)
    loaded = saves.load_game(path)
    names = [p.name for p in loaded.players]
    assert names == ["Bo?b", "?", "Cy", "cy 2"]
    lines = [describe(e, names, variant_of(loaded.variant)) for e in loaded.log]
    assert lines and all("\u202e" not in line for line in lines)


def test_a_markup_name_loads_unchanged(tmp_path):
    state = new_game("rummy", [PlayerSpec("[/]"), PlayerSpec("[red]x[/]")], seed=5)
    path = tmp_path / "g.json"
    saves.save_game(state, path)
    assert [p.name for p in saves.load_game(path).players] == ["[/]", "[red]x[/]"]


# --- one window per save: two real processes -------------------------------------------------

HOLDER = textwrap.dedent("""
    import sys, time
    from rummy_tui.saves.lock import SaveLock
    lock = SaveLock(sys.argv[1])
    lock.acquire()
    print("held", flush=True)
    sys.stdin.readline()
""")


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_a_second_window_is_refused_while_the_first_lives(tmp_path):
    path = tmp_path / "g.json"
    saves.save_game(new_game("rummy", [PlayerSpec("Ann"), PlayerSpec("Bob")], seed=1), path)
    before = path.read_bytes()
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], env=_env(),
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(SaveLocked) as caught:
            SaveLock(path).acquire()
        assert caught.value.pid == holder.pid and not caught.value.stale
        assert "open in another window (pid" in str(caught.value)
        # the command line, in a third process, without a terminal to ask on
        out = subprocess.run([sys.executable, "-m", "rummy_tui", "resume", str(path)],
                             env=_env(), capture_output=True, text=True, timeout=120,
                             stdin=subprocess.DEVNULL)
        assert out.returncode == 2
        _one_short_line(out.stderr)
        assert f"open in another window (pid {holder.pid})" in out.stderr
        assert "--read-only" in out.stderr
    finally:
        holder.kill()
        holder.wait()
    # the lock died with its process (even killed): the game can be opened again
    lock = SaveLock(path)
    lock.acquire()
    lock.release()
    assert path.read_bytes() == before
