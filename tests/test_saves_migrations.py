"""Version 3 -> 4 (issue 8): each rule set's own state moves into a section named for it.

The version-3 files in tests/fixtures/saves/v3/ were written by the version-3 code (commit
774919d), before the state was split: the fixture games of that time and three games
stopped in the middle of a turn with the variants' own state set (make_fixtures.MIDTURN).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from rummy_tui import saves
from rummy_tui.core.engine import apply
from rummy_tui.core.registry import variant_of
from rummy_tui.saves import SaveError
from rummy_tui.saves.schema import SECTIONS, SHARED_STATE_KEYS

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
V3 = sorted((FIXTURES / "v3").glob("*.json"))
_spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
assert _spec is not None and _spec.loader is not None
make_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_fixtures)

REPLAYS_CHANGED: dict[str, str] = {
    "indian-timer": "issue 29: the normal bot plays Indian for the declaration (MinDist), so "
    "the bots' game recorded in version 3 goes another way",
    "indian": "issue 29: the same (the normal bot's Indian play and drops)",
}
"""Fixture games (file stem -> the change) that today's engine and bots no longer play as
the version that wrote them did, because a rule or a bot was changed on purpose since
(docs/ARCHITECTURE.md, "How to change a rule"). The frozen files are never rewritten: they
still load and migrate (every test above and below, and tests/test_saves_events.py); only
the comparisons with a replay by today's engine leave them out."""


def _replayed(names: list[str]) -> list[str]:
    return [n for n in names if n not in REPLAYS_CHANGED]


# every key of a version-3 ``state`` that is not shared any more, and whose it became
V3_OWN = {
    "rummy": ("melded_before", "melded_this_turn"),
    "remi": ("must_meld", "came_with", "seq_down", "extra"),
    "indian": ("has_drawn", "drops", "missed", "drawn"),
}
V3_OTHERS = {"must_meld", "extra", "has_drawn", "melded_before", "melded_this_turn", "seq_down",
             "drops", "drawn", "missed", "melded_since_rebuild", "came_with"}


def test_there_are_version_3_files_of_every_variant_and_mid_turn():
    raws = [json.loads(p.read_bytes()) for p in V3]
    assert all(r["schema_version"] == 3 for r in raws)
    assert {r["variant"] for r in raws} == {"rummy", "remi", "remigio", "remigio-fournier",
                                             "indian"}
    assert set(make_fixtures.MIDTURN) <= {p.stem for p in V3}


@pytest.mark.parametrize("path", V3, ids=lambda p: p.stem)
def test_a_version_3_file_moves_the_games_own_fields_into_its_section(path: Path):
    raw = json.loads(path.read_bytes())
    before = path.read_bytes()
    migrated = saves.migrate(json.loads(before))
    assert migrated["schema_version"] == saves.SCHEMA_VERSION
    old, new = raw["state"], migrated["state"]
    variant = raw["variant"]
    # the shared fields as they were (and no hand order, new in v4); the other games' fields gone
    # (hand_groups, written only when a hand has groups, is in none of them)
    shared = [k for k in SHARED_STATE_KEYS if k != "hand_groups"]
    kept = [k for k in shared if k != "hand_order"]
    assert {k: new[k] for k in kept} == {k: old[k] for k in kept}
    assert "hand_order" not in old and new["hand_order"] == []
    assert set(new) == set(shared) | ({variant} if variant in V3_OWN else set())
    if variant in V3_OWN:
        section = new[variant]
        assert list(section) == list(V3_OWN[variant])
        for key in V3_OWN[variant]:
            if key in old:
                assert section[key] == old[key]
    state = saves.load_game(path)
    assert path.read_bytes() == before  # loading migrates in memory only
    assert type(state.vs) is (variant_of(variant).State or type(None))
    # and it saves as a today's file that loads to the same game
    again = saves.dumps(state)
    assert json.loads(again)["schema_version"] == saves.SCHEMA_VERSION
    assert saves.parse_save(again) == state


@pytest.mark.parametrize("name", _replayed(sorted(make_fixtures.MIDTURN)))
def test_a_version_3_game_stopped_mid_turn_goes_on_exactly_as_it_would_have(name: str):
    # replayed by today's engine from the same seed, it is the same game, own state and all
    state = saves.load_game(FIXTURES / "v3" / f"{name}.json")
    replayed = make_fixtures.midturn(name)
    assert state == replayed
    assert state.vs is not None and state.vs == replayed.vs
    for _ in range(40):
        if state.phase == "game_over":
            break
        action = make_fixtures.bot_move(state)
        state = apply(saves.parse_save(saves.dumps(state)), action)
        replayed = apply(replayed, action)
        assert state == replayed


@pytest.mark.parametrize("name", _replayed(["rummy", "rummy-over", "remi", "remigio-fournier"]))
def test_a_migrated_fixture_game_is_todays_save_of_the_same_game(name: str):
    # these fixture games play today exactly as they did: their migrated files are byte for
    # byte today's fixtures
    state = saves.load_game(FIXTURES / "v3" / f"{name}.json")
    assert state == make_fixtures.game(name)
    assert saves.dumps(state) == (FIXTURES / "valid" / f"{name}.json").read_bytes()


def test_what_version_3_left_out_is_filled_in():
    # Indian's missed turns and card drawn, Remi's cards taken with the card to meld: written
    # only when they mattered
    indian = json.loads((FIXTURES / "v3" / "indian.json").read_bytes())
    assert "missed" not in indian["state"] and "drawn" not in indian["state"]
    section = saves.migrate(indian)["state"]["indian"]
    assert section["missed"] == [0] * len(indian["players"]) and section["drawn"] is None
    remi = json.loads((FIXTURES / "v3" / "remi.json").read_bytes())
    assert "came_with" not in remi["state"]
    assert saves.migrate(remi)["state"]["remi"]["came_with"] == []


def test_a_version_3_file_without_a_field_its_game_needs_is_refused():
    rummy = json.loads((FIXTURES / "v3" / "rummy.json").read_bytes())
    del rummy["state"]["melded_before"]
    with pytest.raises(SaveError, match="missing field state.melded_before"):
        saves.parse_save(json.dumps(rummy).encode())
    rummy = json.loads((FIXTURES / "v3" / "rummy.json").read_bytes())
    rummy["state"] = []
    with pytest.raises(SaveError, match="expected an object"):
        saves.parse_save(json.dumps(rummy).encode())


def test_version_4_sections_are_what_the_migration_makes():
    # (a rule set added later may have a section too: no older file has its variant)
    assert {"remigio", "remigio-fournier"}.isdisjoint(SECTIONS)
    for key, fields in V3_OWN.items():
        assert tuple(SECTIONS[key][1].model_fields) == fields
    assert set().union(*V3_OWN.values()) | {"melded_since_rebuild"} == V3_OTHERS
