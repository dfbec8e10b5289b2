"""The save codec follows the engine's dataclasses, and loading is safe in threads (issue 8)."""

from __future__ import annotations

import gc
import threading
from dataclasses import dataclass, field
from pathlib import Path

from rummy_tui import saves
from rummy_tui.core.cards import Card
from rummy_tui.saves import codec

VALID = sorted((Path(__file__).resolve().parent / "fixtures" / "saves" / "valid").glob("*.json"))


@dataclass
class _Part:
    must_meld: Card | None = None
    seq_down: list[bool] = field(default_factory=list)


@dataclass
class _Reshaped:
    """A state shaped as the core may shape it: shared fields plus a typed part."""

    round_no: int
    hands: list[list[Card]]
    part: _Part


def test_a_grouped_part_is_read_and_written_flat_by_its_field_names():
    card = Card(5)
    state = _Reshaped(2, [[card], []], _Part(card, [True, False]))
    items = {name: value for name, value, _ in codec.state_items(state)}
    assert items == {"round_no": 2, "hands": [[card], []], "must_meld": card,
                     "seq_down": [True, False]}
    flat = {"round_no": 2, "hands": [[card.code], []], "must_meld": card.code,
            "seq_down": [True, False]}
    assert codec._build(_Reshaped, flat, {}) == state


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
        good.replace(b'"schema_version": 3', b'"schema_version": 1', 1),
        good.replace(b'"text": "', b'"text": "\\ud800', 1),  # a lone surrogate
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
