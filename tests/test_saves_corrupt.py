"""Damaged saves (issue 5): each is refused with a one-line reason naming what is wrong, by
load_game, by `rummy-tui saves --json` and by `rummy-tui resume`, and the file is left
exactly as it was: same bytes, same modification time, same name, no file added."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummy_tui import saves
from rummy_tui.saves import SaveError

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
CORRUPT = FIXTURES / "corrupt"

# fixture -> words the one-line reason must contain
EXPECTED = {
    "truncated.json": "truncated",
    "not-json.json": "not JSON",
    "wrong-types.json": "state.round_no",
    "number-as-text.json": "state.scores.0",
    "duplicated-card.json": "duplicated: 6H",
    "missing-field.json": "missing field state.stock",
    "unknown-version.json": "unknown schema_version 99",
    "no-version.json": "no schema_version",
    "binary.json": "binary",
    "empty.json": "empty file",
    "hand-size.json": "holds 5 cards",
    "no-such-player.json": "player to move (seat 7) does not exist",
    "scores-mismatch.json": "not the sum of the rounds",
    "unknown-card.json": 'unknown card code "1Z"',
    "bad-option.json": "options",
    "list.json": "not a save file",
    "deep.json": "nested too deeply",
    "history-cut.json": "with 0 finished rounds in the history",
    "winner-too-soon.json": "a winner is named but the game is not over",
}


def _snapshot(folder: Path) -> dict[str, tuple[str, int]]:
    return {p.name: (hashlib.sha256(p.read_bytes()).hexdigest(), p.stat().st_mtime_ns)
            for p in sorted(folder.iterdir())}


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    """A saves folder holding a copy of every damaged fixture and a huge file."""
    folder = tmp_path / "saves"
    shutil.copytree(CORRUPT, folder)
    # "huge": sparse, so it costs nothing on disk; it must be refused from its size alone
    with open(folder / "huge.json", "wb") as f:
        f.truncate(saves.MAX_SAVE_BYTES + 1)
    return folder


def test_every_kind_of_damage_has_a_fixture():
    assert sorted(p.name for p in CORRUPT.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_damaged_save_is_refused_and_left_untouched(name: str, damaged: Path):
    before = _snapshot(damaged)
    with pytest.raises(SaveError) as caught:
        saves.load_game(damaged / name)
    reason = str(caught.value)
    assert EXPECTED[name] in reason
    assert "\n" not in reason and len(reason) < 300
    assert _snapshot(damaged) == before


def test_huge_file_is_refused_without_being_read(damaged: Path, monkeypatch):
    def no_reading(*args, **kwargs):
        raise AssertionError("a huge file was opened")

    monkeypatch.setattr("builtins.open", no_reading)
    start = time.perf_counter()
    with pytest.raises(SaveError, match="too large"):
        saves.load_game(damaged / "huge.json")
    assert time.perf_counter() - start < 0.5


def test_folder_and_missing_file_are_refused(tmp_path: Path):
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(SaveError, match="is a folder"):
        saves.load_game(tmp_path / "dir.json")
    with pytest.raises(SaveError, match="no such file"):
        saves.load_game(tmp_path / "absent.json")


def test_saves_json_marks_every_damaged_file(damaged: Path):
    good = FIXTURES / "valid" / "rummy.json"
    shutil.copy(good, damaged / "good.json")
    before = _snapshot(damaged)
    out = subprocess.run([sys.executable, "-m", "rummy_tui", "saves", "--json",
                          "--saves-dir", str(damaged)], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    listed = {Path(i["path"]).name: i for i in json.loads(out.stdout)}
    assert set(listed) == set(EXPECTED) | {"huge.json", "good.json"}
    assert listed["good.json"]["ok"] is True
    for name, reason in EXPECTED.items():
        assert listed[name]["ok"] is False
        assert reason in listed[name]["reason"], (name, listed[name]["reason"])
    assert "too large" in listed["huge.json"]["reason"]
    assert _snapshot(damaged) == before


@pytest.mark.parametrize("name", ["truncated.json", "duplicated-card.json", "binary.json",
                                  "empty.json", "unknown-version.json", "huge.json"])
def test_resume_refuses_with_exit_2_and_one_line(name: str, damaged: Path, monkeypatch, capsys):
    before = _snapshot(damaged)
    if name == "truncated.json":  # as a user meets it: python -m rummy_tui in a subprocess
        out = subprocess.run([sys.executable, "-m", "rummy_tui", "resume", str(damaged / name)],
                             capture_output=True, text=True, timeout=60,
                             env=dict(os.environ, TERM="dumb"))
        code, err = out.returncode, out.stderr
    else:  # the command line's main in this process (issue 26: an interpreter's start-up less)
        from rummy_tui.cli import main
        from rummy_tui.commands import play

        def started(app: object) -> int:
            raise AssertionError("the damaged save was resumed: the app started")

        monkeypatch.setattr(play, "_run_app", started)  # an app run here would be a bug
        code, err = main(["resume", str(damaged / name)]), capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    assert EXPECTED.get(name, "too large") in err
    assert _snapshot(damaged) == before
