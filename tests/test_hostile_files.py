"""Hostile files at the save size limit (issue 11, "Refusing any file is fast"): each is refused
by `rummy-tui resume` with one short line and exit 2, listed as unreadable by `saves`, and
never changed. Not timed here: bench/bench_refuse.py times them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_tui import saves
from rummy_tui.core.engine import new_game
from rummy_tui.core.state import PlayerSpec

LIMIT = saves.MAX_SAVE_BYTES


def _save() -> dict:
    state = new_game("remigio-fournier", [PlayerSpec(f"P{i}", "human") for i in range(4)], seed=3)
    return json.loads(saves.dumps(state))


def _filled(key: str, make) -> bytes:
    """A real save with one field grown until the file is just under the limit (the file grows
    by the same number of bytes for each unit of ``make``'s count)."""
    data = _save()

    def size(n: int) -> int:
        return len(json.dumps(dict(data, **{key: make(data, n)})).encode())

    n = 1 + (LIMIT - size(1)) // (size(2) - size(1))
    while size(n) > LIMIT:
        n -= 1
    out = json.dumps(dict(data, **{key: make(data, n)})).encode()
    assert LIMIT - 1000 < len(out) <= LIMIT
    return out


def _huge_name(data: dict, n: int) -> list:
    return [dict(data["players"][0], name="[" * n)] + data["players"][1:]


def _many_players(data: dict, n: int) -> list:
    return data["players"] * n


def _long_log(data: dict, n: int) -> list:
    line = {"type": "drew", "round_no": 1, "player": 0}
    return [line] * n + [dict(line, player=99)]


CASES = {
    "brackets": lambda: b"[" * LIMIT,
    "deep-nesting": lambda: b"[" * (LIMIT // 2 - 1) + b"]" * (LIMIT // 2 - 1),
    "huge-name": lambda: _filled("players", _huge_name),
    "many-players": lambda: _filled("players", _many_players),
    "long-log": lambda: _filled("log", _long_log),
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_hostile_file_at_the_limit_is_refused_in_one_line(case: str, tmp_path: Path):
    path = tmp_path / f"{case}.json"
    data = CASES[case]()
    assert len(data) <= LIMIT
    path.write_bytes(data)
    out = subprocess.run([sys.executable, "-m", "rummy_tui", "resume", str(path)],
                         capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
                         env=dict(os.environ, TERM="dumb"))
    assert out.returncode == 2, out.stderr[-500:]
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert out.stderr.startswith("error: cannot resume:")
    assert len(out.stderr) < 400 + len(str(path))
    (info,) = saves.list_saves(tmp_path)
    assert not info.ok and len(info.reason) <= 300
    assert path.read_bytes() == data
