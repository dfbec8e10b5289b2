"""Strict save loading (issue 27 item 10): the version is a whole number, every option is
written, and a key written twice in one object is refused, not read as its last value."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_tui import saves
from rummy_tui.core.engine import new_game
from rummy_tui.core.options import options_model
from rummy_tui.core.state import PlayerSpec

FIXTURES = Path(__file__).parent / "fixtures" / "saves"


def _text(variant: str = "rummy") -> str:
    state = new_game(variant, [PlayerSpec("Ann"), PlayerSpec("Bob")], seed=5)
    return saves.dumps(state).decode()


def _refusal(data: bytes | dict) -> str:
    raw = data if isinstance(data, bytes) else json.dumps(data).encode()
    with pytest.raises(saves.SaveError) as caught:
        saves.parse_save(raw, "g.json")
    reason = str(caught.value)
    assert "\n" not in reason and len(reason) < 200
    return reason


@pytest.mark.parametrize("version", [4.0, 3.0, True, "4", [4]])
def test_the_version_is_a_whole_number(version):
    data = json.loads(_text())
    assert "schema_version" in _refusal(dict(data, schema_version=version))


@pytest.mark.parametrize("variant", ["rummy", "remi", "remigio", "remigio-fournier", "indian"])
def test_every_option_must_be_written(variant):
    data = json.loads(_text(variant))
    model = options_model(variant)
    for key in model.model_fields:
        if key in model.added_later:
            continue
        options = {k: v for k, v in data["options"].items() if k != key}
        assert _refusal(dict(data, options=options)) == f"g.json: missing field options.{key}"


def test_an_option_that_came_later_may_be_left_out_at_its_old_value():
    data = json.loads(_text("rummy"))
    assert "rebuild_limit" not in data["options"]  # the writer leaves it out at 20
    saves.parse_save(json.dumps(data).encode(), "g.json")


@pytest.mark.parametrize("key, where", [
    ('"schema_version": 5', "schema_version"),
    ('"seed": 5', "seed"),
    ('"target": 150', "target"),
    ('"name": "Ann"', "name"),
    ('"round_no": 1', "round_no"),
])
def test_a_key_written_twice_is_refused(key, where):
    text = _text()
    assert key in text
    twice = text.replace(key, f"{key}, {key}", 1).encode()
    assert f'the key "{where}" is written twice' in _refusal(twice)
    # also when the file is not otherwise a current save (the slow reader)
    older = twice.replace(b'"schema_version": 5', b'"schema_version": 4', 1)
    if where != "schema_version":
        assert "written twice" in _refusal(older)


@pytest.mark.parametrize("path", sorted(p for d in ("valid", "v1", "v2", "v3")
                                        for p in (FIXTURES / d).glob("*.json")),
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_fixture_still_loads(path):
    saves.load_game(path)
