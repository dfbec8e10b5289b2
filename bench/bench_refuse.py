#!/usr/bin/env python3
"""Benchmark: refusing a hostile save file is fast (issue 11: <= 1 s up to the size limit).

    /work/venv/bin/python bench/bench_refuse.py
    /work/venv/bin/python bench/bench_refuse.py --keep DIR     # keep the hostile files in DIR

Makes hostile files at the size limit (``saves.MAX_SAVE_BYTES``, 4 MB) and times, each in a
fresh process as a player meets it (GC on, each case run once):

- ``rummy-tui resume FILE``: the one-line reason and exit 2;
- ``rummy-tui saves --saves-dir DIR`` and ``saves --json`` on a folder holding only that file
  (what the picker's Resume list reads too).

The cases: 4 MB of ``[``; deep nesting just under the limit (``[[[...]]]``, ``{"a":{"a":...}}``);
a save whose player name, log line or option is one huge string or number (digits, a long
float, an exponent); many players; a 4 MB log (its last line names seat 99); many cards in
the stock; a file one byte over the limit. A start-up line (``resume`` of a missing file,
``saves`` of an empty folder) gives the floor. Target: every command ends in 1 s or less,
with a one-line message (``resume``: exit 2, ``saves``: exit 0 with the file listed as
unreadable). The ``load`` column is the refusal alone (``saves.load_game`` timed inside a
fresh process after its imports), so that start-up on a loaded machine can be told from the
work on the file. Ends with one JSON line;
exits 1 if a target is missed.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from rummy_tui import saves  # noqa: E402
from rummy_tui.core.engine import new_game  # noqa: E402
from rummy_tui.core.state import PlayerSpec  # noqa: E402

LIMIT = saves.MAX_SAVE_BYTES
TARGET_S = 1.0


def _base() -> dict:
    """A real save (Remigio (Fournier), 4 players, a few log lines), as JSON data."""
    state = new_game("remigio-fournier", [PlayerSpec(f"P{i}", "human") for i in range(4)], seed=3)
    return json.loads(saves.dumps(state))


def _fill(data: dict, put, unit: int = 1) -> bytes:
    """The save with ``put(data, n)`` making one field huge, n chosen so that the file is just
    under the limit."""
    probe = json.dumps(put(json.loads(json.dumps(data)), 0)).encode()
    n = (LIMIT - len(probe) - 64) // unit
    out = json.dumps(put(json.loads(json.dumps(data)), n)).encode()
    assert len(out) <= LIMIT, len(out)
    return out


def _set(path: tuple, value) -> "callable":
    def put(d: dict, n: int) -> dict:
        target = d
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value(n)
        return d
    return put


def _raw_number(data: dict, digits_of) -> bytes:
    """The save with ``options.target`` a number literal of (almost) the limit's size."""
    marker = 987654321
    data = json.loads(json.dumps(data))
    data["options"]["target"] = marker
    text = json.dumps(data)
    room = LIMIT - len(text) - 16
    out = text.replace(str(marker), digits_of(room), 1).encode()
    assert len(out) <= LIMIT
    return out


def cases() -> dict[str, bytes]:
    base = _base()
    half = (LIMIT - 2) // 2
    obj_depth = (LIMIT - 2) // len('{"a":}')
    player = base["players"][0]
    log_line = {"type": "note", "round_no": 1, "player": 0, "text": "P0 drew from the stock."}
    bad_line = dict(log_line, player=99)
    return {
        "brackets-4MB": b"[" * LIMIT,
        "deep-list-under-limit": b"[" * half + b"]" * half,
        "deep-object-under-limit": b'{"a":' * obj_depth + b"1" + b"}" * obj_depth,
        "huge-name": _fill(base, _set(("players", 0, "name"), lambda n: "A" * n)),
        "huge-escaped-name": _fill(base, _set(("players", 0, "name"), lambda n: "\x1b[" * n), 7),
        "huge-log-text": _fill(base, _set(("log",), lambda n: [dict(log_line, text="x" * n)])),
        "huge-integer": _raw_number(base, lambda n: "9" * n),
        "huge-float": _raw_number(base, lambda n: "1." + "9" * (n - 2)),
        "huge-exponent": _raw_number(base, lambda n: "1e" + "9" * (n - 2)),
        "many-players": _fill(base, _set(("players",), lambda n: [player] * n),
                              len(json.dumps(player)) + 2),
        "4MB-log": _fill(base, _set(("log",), lambda n: [log_line] * n + [bad_line]),
                         len(json.dumps(log_line)) + 2),
        "many-stock-cards": _fill(base, _set(("state", "stock"), lambda n: ["AS"] * n), 6),
        "over-limit": b" " * (LIMIT + 1),
    }


_LOAD_ONLY = r"""
import sys, time
from rummy_tui import saves
t0 = time.perf_counter()
try:
    saves.load_game(sys.argv[1])
except saves.SaveError:
    pass
print(time.perf_counter() - t0)
"""


def _load_only(path: Path) -> float:
    """The refusal alone: ``saves.load_game`` timed inside a fresh process, imports done."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", _LOAD_ONLY, str(path)], capture_output=True,
                         text=True, env=env, timeout=120, check=True)
    return float(out.stdout)


def _run(argv: list[str]) -> tuple[float, int, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT), NO_COLOR="1", COLUMNS="200")
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "rummy_tui", *argv], capture_output=True,
                         text=True, env=env, stdin=subprocess.DEVNULL, timeout=120)
    return time.perf_counter() - t0, out.returncode, (out.stdout + out.stderr).strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="write the hostile files here and keep them")
    args = parser.parse_args()
    made = cases()
    rows = []
    failed = []
    with tempfile.TemporaryDirectory(prefix="bench-refuse-") as tmp:
        top = args.keep or Path(tmp)
        empty = top / "empty"
        empty.mkdir(parents=True, exist_ok=True)
        floor = {
            "resume": _run(["resume", str(top / "missing.json")])[0],
            "saves": _run(["saves", "--saves-dir", str(empty)])[0],
        }
        print(f"start-up floor: resume of a missing file {floor['resume']:.2f} s, "
              f"saves of an empty folder {floor['saves']:.2f} s")
        print(f"{'case':<26}{'bytes':>10}  {'resume':>7}  {'saves':>7}  {'--json':>7}  "
              f"{'load':>6}  message")
        for name, data in made.items():
            folder = top / name
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{name}.json"
            path.write_bytes(data)
            before = path.read_bytes()
            t_resume, rc, msg = _run(["resume", str(path)])
            t_saves, rc_saves, listing = _run(["saves", "--saves-dir", str(folder)])
            t_json, rc_json, listing_json = _run(["saves", "--json", "--saves-dir", str(folder)])
            t_load = _load_only(path)
            lines = msg.splitlines()
            problems = []
            if rc != 2:
                problems.append(f"resume exit {rc}")
            if len(lines) != 1 or len(msg) > 400:
                problems.append(f"resume printed {len(lines)} lines, {len(msg)} characters")
            if rc_saves != 0 or rc_json != 0:
                problems.append(f"saves exit {rc_saves}, saves --json exit {rc_json}")
            elif len(listing_json) > 2000:
                problems.append(f"saves --json printed {len(listing_json)} characters")
            if path.read_bytes() != before:
                problems.append("the file changed")
            slow = max(t_resume, t_saves, t_json)
            if slow > TARGET_S:
                problems.append(f"{slow:.2f} s > {TARGET_S} s")
            print(f"{name:<26}{len(data):>10}  {t_resume:>6.2f}s  {t_saves:>6.2f}s  "
                  f"{t_json:>6.2f}s  {t_load:>5.2f}s  {lines[0][-60:] if lines else ''}"
                  + (f"   <- {'; '.join(problems)}" if problems else ""))
            rows.append({"case": name, "bytes": len(data), "resume_s": round(t_resume, 3),
                         "saves_s": round(t_saves, 3), "saves_json_s": round(t_json, 3),
                         "load_s": round(t_load, 3),
                         "exit": rc, "message": msg[:200], "problems": problems})
            if problems:
                failed.append(name)
    ok = not failed
    print("all refused within the target" if ok else f"MISSED: {', '.join(failed)}")
    print(json.dumps({"bench": "refuse", "limit": LIMIT,
                      "floor_s": {k: round(v, 3) for k, v in floor.items()},
                      "runs": rows, "ok": ok}))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
