"""Damage real saves at random: loading must either give a state that passes every check or
raise SaveError with a one-line reason. Any other exception would be a traceback for the
user (issue 5: "there is never a traceback")."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rummy_tui import saves
from rummy_tui.saves import SaveError

from test_saves_codec import _agree  # noqa: E402  (tests/ is on the path: rootdir)

VALID = sorted((Path(__file__).resolve().parent / "fixtures" / "saves" / "valid").glob("*.json"))
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 7, 99, 10**30, -(10**30), 1.5, "", "x", "JK", "10H", "ZZ",
    "\u00e9", [], {}, [None], ["AS"], {"a": 1}, "\ud7ff", "A" * 2000,
]


def _leaves(value: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, path + (k,))] + [path]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _leaves(v, path + (i,))] + [path]
    return [path]


def _set(root: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    target = root
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return root


def _delete(root: Any, path: tuple) -> None:
    target = root
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]


def _load_outcome(data: bytes) -> str:
    # the fast reader (pydantic-core on the bytes) never accepts what the full one refuses,
    # and reads the same model when both accept
    _agree(data)
    try:
        state = saves.parse_save(data)
    except SaveError as exc:
        reason = str(exc)
        assert reason and "\n" not in reason
        return "refused"
    # accepted: then it is a game the engine can go on with, and it saves back the same
    assert saves.check(state) == []
    again = saves.dumps(state)
    assert saves.dumps(saves.parse_save(again)) == again
    return "accepted"


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_random_json_damage_never_escapes_as_another_exception(path: Path):
    rng = random.Random(path.name)
    good = json.loads(path.read_bytes())
    leaves = _leaves(good)
    outcomes = {"refused": 0, "accepted": 0}
    for _ in range(150):
        raw = json.loads(json.dumps(good))
        for _ in range(rng.choice((1, 1, 2, 3))):
            where = rng.choice(leaves)
            try:
                if where and rng.random() < 0.2:
                    _delete(raw, where)
                else:
                    raw = _set(raw, where, rng.choice(ODD_VALUES))
            except (KeyError, IndexError, TypeError):
                continue  # an earlier change removed this place
        outcomes[_load_outcome(json.dumps(raw).encode())] += 1
    assert outcomes["refused"] > 100


@pytest.mark.parametrize("path", VALID[:3], ids=lambda p: p.stem)
def test_random_byte_damage_never_escapes_as_another_exception(path: Path):
    rng = random.Random(path.name + "bytes")
    good = path.read_bytes()
    for _ in range(150):
        data = bytearray(good)
        kind = rng.randrange(5)
        i = rng.randrange(len(data))
        if kind == 0:
            data[i] = rng.randrange(256)
        elif kind == 1:
            del data[i: i + rng.randrange(1, 200)]
        elif kind == 2:
            data[i:i] = data[rng.randrange(len(data)):][: rng.randrange(1, 80)]
        elif kind == 3:  # a digit changed: the most plausible silent damage
            digits = [k for k, b in enumerate(data) if 48 <= b <= 57]
            k = rng.choice(digits)
            data[k] = 48 + (data[k] - 48 + rng.randrange(1, 10)) % 10
        else:  # two card codes swapped between places: still a complete deck
            text = data.decode()
            codes = [m for m in ('"AS"', '"10H"', '"7C"', '"KD"', '"QS"') if m in text]
            if len(codes) >= 2:
                a, b = rng.sample(codes, 2)
                text = text.replace(a, "\0").replace(b, a).replace("\0", b)
            data = bytearray(text.encode())
        _load_outcome(bytes(data))
