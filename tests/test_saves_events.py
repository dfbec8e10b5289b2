"""Version 4 -> 5 (issue 26): the log holds events; older logs of English lines are read back
into events once, by the migration.

The version-4 files in tests/fixtures/saves/v4/ were written by the version-4 code (commit
96a1a2d): the fixture games of that time and the games stopped mid-turn
(make_fixtures.MIDTURN), among them Indian with missed turns and a drop.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from rummy_tui import saves
from rummy_tui.core.engine import apply
from rummy_tui.core.events import Dealt, Drew, Note, RoundEnded, Took, describe
from rummy_tui.core.registry import variant_of
from rummy_tui.saves import SaveError
from rummy_tui.saves.legacy_log import read_line
from test_saves_migrations import REPLAYS_CHANGED

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
V4 = sorted((FIXTURES / "v4").glob("*.json"))
_spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
assert _spec is not None and _spec.loader is not None
make_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_fixtures)


def test_there_are_version_4_files_of_every_variant_and_mid_turn():
    raws = [json.loads(p.read_bytes()) for p in V4]
    assert all(r["schema_version"] == 4 for r in raws)
    assert {r["variant"] for r in raws} == set(variant_of(r["variant"]).key for r in raws) == {
        "rummy", "remi", "remigio", "remigio-fournier", "indian"}
    assert {p.stem for p in V4} == set(make_fixtures.GAMES) | set(make_fixtures.MIDTURN)
    assert all(set(e) == {"round_no", "player", "text"} for r in raws for e in r["log"])


@pytest.mark.parametrize("path", V4, ids=lambda p: p.stem)
def test_a_version_4_log_becomes_the_events_todays_engine_logs(path: Path):
    before = path.read_bytes()
    state = saves.load_game(path)
    assert path.read_bytes() == before  # loading migrates in memory only
    assert not [e for e in state.log if isinstance(e, Note)]  # every line was read
    name = path.stem
    if name in REPLAYS_CHANGED:
        replayed = state  # today's bots play that game another way: it goes on from the file
    else:
        replayed = (make_fixtures.game(name) if name in make_fixtures.GAMES
                    else make_fixtures.midturn(name))
        assert state.log == replayed.log and state == replayed
    # the words are the old ones, but for Indian's "Round N over", which says "Deal" now
    old = [e["text"] for e in json.loads(before)["log"]]
    names = [p.name for p in state.players]
    new = [describe(e, names, variant_of(state.variant)) for e in state.log]
    changed = [(a, b) for a, b in zip(old, new) if a != b]
    if state.variant == "indian":
        assert changed and all(a.replace("Round ", "Deal ", 1) == b for a, b in changed)
    else:
        assert not changed
    # and it goes on as it would have, through a save each move
    for _ in range(20):
        if state.phase == "game_over":
            break
        action = make_fixtures.bot_move(state)
        state = apply(saves.parse_save(saves.dumps(state)), action)
        replayed = apply(replayed, action)
        assert state == replayed


@pytest.mark.parametrize("name", sorted(make_fixtures.GAMES))
def test_a_migrated_version_4_file_is_todays_save_of_the_same_game(name: str):
    state = saves.load_game(FIXTURES / "v4" / f"{name}.json")
    assert saves.dumps(state) == (FIXTURES / "valid" / f"{name}.json").read_bytes()


NAMES = ["Ann", "Ann B", "Cy"]


def test_an_old_line_is_read_only_when_it_says_exactly_what_its_event_says():
    assert read_line(1, 0, "Ann drew from the stock", NAMES, "rummy") == Drew(round_no=1, player=0)
    took = read_line(2, 1, "Ann B took 7♥ from the discard pile with 3♦ J♠ above it", NAMES, "remi")
    assert isinstance(took, Took) and took.player == 1 and len(took.above) == 2
    assert read_line(1, None, "Round 1: Ann B deals; Ann plays first.", NAMES, "rummy") == \
        Dealt(round_no=1, dealer=1, first=0)
    ended = read_line(3, None, "Round 3 over: Ann +5, Cy -5", NAMES, "indian")
    assert ended == RoundEnded(round_no=3, deltas=(5, None, -5))
    # a line of another wording, another player's line, a damaged card: kept as they were
    for player, text in [(0, "Ann shuffled the deck"), (2, "Ann drew from the stock"),
                         (0, "Ann discarded 1Z"), (None, "Round 3 over: Bob +5"),
                         (0, "Ann took 7♥ from the discard pile  "),
                         (None, "Round 2 over: Ann +5, Cy -5")]:  # its round is 1
        assert read_line(1, player, text, NAMES, "rummy") == Note(round_no=1, player=player,
                                                                   text=text)


def test_a_note_is_shown_as_written_and_never_read_again(tmp_path: Path):
    raw = json.loads((FIXTURES / "v4" / "rummy.json").read_bytes())
    raw["log"].append({"round_no": raw["state"]["round_no"], "player": 0,
                       "text": "Ann said hello"})
    path = tmp_path / "old.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    state = saves.load_game(path)
    note = state.log[-1]
    assert note == Note(round_no=raw["state"]["round_no"], player=0, text="Ann said hello")
    assert describe(note, [p.name for p in state.players], variant_of("rummy")) == "Ann said hello"
    again = saves.parse_save(saves.dumps(state))
    assert again.log == state.log  # a version-5 file is not migrated: the note stays a note


def _v5(change) -> bytes:
    raw = json.loads((FIXTURES / "valid" / "rummy.json").read_bytes())
    change(raw["log"])
    return json.dumps(raw).encode()


@pytest.mark.parametrize("change,words", [
    (lambda log: log.append({"type": "shouted", "round_no": 1, "player": 0}), "log"),
    (lambda log: log[-1].update(extra=1), "log"),
    (lambda log: log[-1].update(player=7), "seat 7"),
    (lambda log: log[-1].update(round_no="2"), "log"),
    (lambda log: log.append({"type": "note", "round_no": 1, "player": None,
                             "text": "x" * 1001}), "log"),
    (lambda log: log.append({"type": "note", "round_no": 1, "player": None,
                             "text": "\x1b[31m"}), "log"),
    (lambda log: log.append({"type": "round_ended", "round_no": 1, "player": None,
                             "deltas": [1, 2, 3, 4]}), "scores 4 players"),
    (lambda log: log.append({"type": "took", "round_no": 1, "player": 0, "card": "1Z",
                             "above": []}), "log"),
])
def test_a_damaged_event_is_refused_in_one_line(change, words: str):
    with pytest.raises(SaveError) as caught:
        saves.parse_save(_v5(change))
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_a_damaged_version_4_log_is_refused_not_guessed():
    raw = json.loads((FIXTURES / "v4" / "rummy.json").read_bytes())
    raw["log"][3] = {"round_no": 1, "player": 0}
    with pytest.raises(SaveError, match="log"):
        saves.parse_save(json.dumps(raw).encode())
