"""The save codec follows the engine's dataclasses, and loading is safe in threads (issue 8)."""

from __future__ import annotations

import gc
import json
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pydantic import ValidationError

from rummy_tui import saves
from rummy_tui.core.cards import Card, parse_card
from rummy_tui.core.state import VariantState, per_seat, private
from rummy_tui.saves import codec, schema

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
VALID = sorted((FIXTURES / "valid").glob("*.json"))


@dataclass(frozen=True, slots=True)
class _SixthState(VariantState):
    """A variant state as a sixth rule set might have it."""

    card: Card | None = None
    pile: list[Card] = field(default_factory=list)
    flags: list[bool] = per_seat(False)
    counts: list[int] = per_seat(0)
    passes: int = 0
    secret: Card | None = private(None)


def test_a_variant_state_gets_its_section_of_the_format_from_its_dataclass():
    model = schema.variant_state_model(_SixthState)
    assert list(model.model_fields) == ["card", "pile", "flags", "counts", "passes", "secret"]
    good = {"card": "10H", "pile": ["AS", "JK"], "flags": [True, False], "counts": [0, 3],
            "passes": 2, "secret": None}
    back = codec._decoder(_SixthState)(model.model_validate(good))
    assert back == _SixthState(parse_card("10H"), [parse_card("AS"), parse_card("JK")],
                               [True, False], [0, 3], 2, None)
    assert codec._encoder(_SixthState)(back) == good
    for bad in ({**good, "card": "1Z"}, {**good, "counts": [-1, 0]}, {**good, "flags": [1, 0]},
                {**good, "counts": [0] * 11}, {k: v for k, v in good.items() if k != "passes"},
                {**good, "extra": 1}):
        with pytest.raises(ValidationError):
            model.model_validate(bad)


def test_a_variant_state_field_the_format_cannot_hold_is_refused_at_once():
    @dataclass(frozen=True, slots=True)
    class Odd(VariantState):
        ratio: float = 0.5

    with pytest.raises(TypeError, match="no place in the save format"):
        schema.variant_state_model(Odd)


def test_each_game_writes_only_its_own_section():
    for path in VALID:
        data = json.loads(path.read_bytes())
        own = [k for k in data["state"] if k in schema.SECTIONS]
        assert own == ([data["variant"]] if data["variant"] in schema.SECTIONS else [])
    remi = json.loads((FIXTURES / "valid" / "remi.json").read_bytes())
    remi["state"]["rummy"] = {"melded_before": [False, False], "melded_this_turn": False}
    with pytest.raises(saves.SaveError, match="state.rummy: the state of another game"):
        saves.parse_save(json.dumps(remi).encode())
    del remi["state"]["rummy"], remi["state"]["remi"]
    with pytest.raises(saves.SaveError, match="missing field state.remi"):
        saves.parse_save(json.dumps(remi).encode())


def test_the_codec_writes_the_keys_in_the_order_of_the_format():
    state = saves.load_game(VALID[0])
    data = saves.to_dict(state)
    required = [k for k, f in saves.StateModel.model_fields.items() if f.is_required()]
    assert [k for k in data["state"] if k in required] == required
    if data["history"]:
        assert list(data["history"][0]) == list(saves.schema.RoundResultModel.model_fields)


def test_loading_never_touches_the_garbage_collector(monkeypatch):
    def refuse() -> None:
        raise AssertionError("load_game turned the garbage collector off")

    monkeypatch.setattr(gc, "disable", refuse)
    monkeypatch.setattr(gc, "enable", refuse)
    for path in VALID:
        saves.load_game(path)


def test_loads_in_several_threads_at_once_leave_the_collector_on():
    assert gc.isenabled()
    errors: list[BaseException] = []

    def load_all() -> None:
        try:
            for path in VALID:
                saves.save_info(path)
                saves.load_game(path)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=load_all) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert gc.isenabled()


def test_no_module_of_the_package_is_over_500_lines():
    folder = Path(saves.__file__).parent
    for module in folder.glob("*.py"):
        assert len(module.read_text().splitlines()) <= 500, module.name


def _edits(good: bytes) -> list[bytes]:
    return [
        good,
        b"\xef\xbb\xbf" + good,  # a byte-order mark
        good.replace(b'"seed": ', b'"seed": 1, "seed": ', 1),  # a duplicated key
        good.replace(b'"seed": ', b'"seed": 1.0, "seed": ', 1),
        good.replace(b'"options": {', b'"options": {"x": NaN, ', 1),
        good.replace(b'"round_no": 1', b'"round_no": 1.0', 1),
        good.replace(b'"schema_version": 5', b'"schema_version": 3', 1),
        good.replace(b'"type": "', b'"type": "\\ud800', 1),  # a lone surrogate
        good.replace(b'"seed": ', b'"seed": 1' + b"0" * 5000 + b', "x": ', 1),
    ]


def test_the_fast_reader_and_the_full_one_agree():
    from rummy_tui.saves import validation

    for path in VALID:
        for data in _edits(path.read_bytes()):
            _agree(data)


def _agree(data: bytes) -> None:
    """The fast reader accepts exactly what the full one accepts, as the same model, and
    refuses (rather than passing on) only what the full one refuses too."""
    from rummy_tui.saves import validation

    try:
        fast = validation._read_current(data)
    except saves.SaveError:
        fast = "refused"
    try:
        full = validation._read_any(data, "save")
    except saves.SaveError:
        full = "refused"
    assert fast is None or fast == full, data[:80]
