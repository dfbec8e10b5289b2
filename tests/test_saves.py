"""Save files (issue 5): round trips, resuming, the saves folder, backups and migrations."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from dataclasses import fields
from pathlib import Path

import pytest

from rummy_tui import saves
from rummy_tui.core.engine import apply, new_game
from rummy_tui.core.options import make_options
from rummy_tui.core.state import GameState, PlayerSpec
from rummy_tui.saves import SaveError, SaveFile

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves"
# the fixture games and the bot driver live with the fixtures, which they regenerate
_spec = importlib.util.spec_from_file_location("make_fixtures", FIXTURES / "make_fixtures.py")
assert _spec and _spec.loader
make_fixtures = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_fixtures)
GAMES, bot_move, drive, game = (make_fixtures.GAMES, make_fixtures.bot_move,
                                make_fixtures.drive, make_fixtures.game)

VALID = sorted((FIXTURES / "valid").glob("*.json"))


def _game(variant: str, seats: list[tuple[str, str]], seed: int, **options: object) -> GameState:
    return new_game(variant, [PlayerSpec(n, k) for n, k in seats], seed=seed,  # type: ignore[arg-type]
                    options=make_options(variant, options))


SHORT_GAMES = [
    # whole games, kept short by their options so the suite stays fast
    ("rummy", [("Ann", "human"), ("Bob", "normal")], 101, {"target": 60}),
    ("rummy", [("A", "easy"), ("B", "normal"), ("C", "easy"), ("D", "normal")], 102,
     {"target": 40, "ace_high": True}),
    ("remi", [("Ann", "normal"), ("Bob", "easy"), ("Cy", "normal")], 103, {"target": 150}),
    ("remigio", [("Ana", "normal"), ("Bea", "easy"), ("Cris", "normal")], 104,
     {"eliminate_at": 40}),
    ("remigio-fournier", [(f"P{i}", "normal") for i in range(8)], 105, {"target": 80}),
    # (seed 136: with seed 106 normal now declares in 14 actions, too short to resume)
    ("indian", [("Asha", "normal"), ("Ravi", "easy")], 136, {}),
    ("indian", [("Asha", "normal"), ("Ravi", "normal"), ("Meena", "easy")], 107,
     {"format": "pool101"}),
    ("indian", [("Asha", "normal"), ("Ravi", "easy")], 108, {"format": "deals", "deals": 3}),
]


# --- the format ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_fixture_loads_and_saves_byte_identical(path: Path, tmp_path: Path):
    state = saves.load_game(path)
    out = tmp_path / "again.json"
    saves.save_game(state, out)
    assert out.read_bytes() == path.read_bytes()
    assert saves.load_game(out) == state


@pytest.mark.parametrize("variant,seats,seed,options", SHORT_GAMES,
                         ids=[f"{g[0]}-{g[2]}" for g in SHORT_GAMES])
def test_save_load_save_is_byte_identical_at_every_point(variant, seats, seed, options,
                                                         tmp_path: Path):
    # every 7th action of a whole game, including round_over and game_over states
    state = _game(variant, seats, seed, **options)
    seen_phases = set()
    step = 0
    while True:
        if step % 7 == 0 or state.phase in ("round_over", "game_over"):
            first = saves.dumps(state)
            loaded = saves.parse_save(first)
            assert loaded == state
            assert saves.dumps(loaded) == first
            seen_phases.add(state.phase)
        if state.phase == "game_over":
            break
        state = apply(state, bot_move(state))
        step += 1
    assert {"draw", "game_over"} <= seen_phases


def test_the_model_reads_back_exactly_what_is_written():
    # dumps() builds the JSON by hand for speed; the pydantic model must agree with it
    state = game("remigio")
    data = json.loads(saves.dumps(state))
    assert data == saves.to_dict(state)
    assert SaveFile.model_validate(data).model_dump(mode="json") == data
    assert set(data) == set(SaveFile.model_fields)


def test_every_gamestate_field_is_saved():
    # a field added to GameState without a place in the save would be lost on resume (the
    # codec takes its fields from the dataclasses; the variant's own state is its section)
    from rummy_tui.saves.codec import state_field_names
    from rummy_tui.saves.schema import OMITTED_WHEN_EMPTY, SECTIONS, SHARED_STATE_KEYS, TOP_LEVEL

    for variant in ("rummy", "remi", "indian", "remigio"):
        state = game(variant)
        own = set()
        if variant in SECTIONS:
            own = {f"{variant}.{k}" for k in SECTIONS[variant][1].model_fields}
            assert own == {f"{variant}.{f.name}" for f in fields(state.vs)}
        else:
            assert state.vs is None
        names = state_field_names(state)
        assert names == set(TOP_LEVEL) | set(SHARED_STATE_KEYS) | own, variant
        data = json.loads(saves.dumps(state))
        # (hand_groups only when a hand has groups: none in these games)
        assert set(data["state"]) == (set(SHARED_STATE_KEYS) - OMITTED_WHEN_EMPTY) | (
            {variant} if own else set())


def test_cards_are_canonical_codes_and_the_file_reveals_every_hand():
    state = game("indian")
    data = json.loads(saves.dumps(state))
    assert data["schema_version"] == saves.SCHEMA_VERSION
    assert data["preset"] == "indian-pool101"
    assert data["players"][0] == {"name": "Asha", "kind": "human"}
    hands = data["state"]["hands"]
    assert [len(h) for h in hands] == [len(h) for h in state.hands]
    assert hands[0] == [c.code for c in state.hands[0]]
    assert data["state"]["wild_card"] == state.wild_card.code
    codes = {c for h in hands for c in h} | set(data["state"]["stock"])
    assert codes <= {c.code for c in __import__("rummy_tui.core.cards", fromlist=["x"]).ALL_CARDS}
    assert "10" in "".join(codes) or "JK" in codes


def test_cards_must_be_canonical_codes():
    # the file is written by the program: "th" for 10H is damage, named as such
    raw = json.loads((FIXTURES / "valid" / "rummy.json").read_bytes())
    raw["state"]["hands"][0][0] = raw["state"]["hands"][0][0].lower()
    with pytest.raises(SaveError, match=r"state.hands.0.0: unknown card code"):
        saves.parse_save(json.dumps(raw).encode())


def test_a_byte_order_mark_is_accepted():
    data = (FIXTURES / "valid" / "rummy.json").read_bytes()
    assert saves.parse_save(b"\xef\xbb\xbf" + data) == saves.parse_save(data)


def test_schema_command_prints_the_json_schema(capsys):
    # the command line's main in this process (issue 26); a subprocess runs `rummy-tui schema`
    # in test_schema_into_a_closed_pipe_is_not_a_traceback
    from rummy_tui.cli import main

    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["title"] == "rummy-tui save file"
    assert "schema_version" in schema["required"]
    assert schema["properties"]["schema_version"]["const"] == saves.SCHEMA_VERSION
    assert {"variant", "preset", "options", "players", "seed", "state", "history",
            "log"} <= set(schema["properties"])


# --- resuming --------------------------------------------------------------------------------


@pytest.mark.parametrize("variant,seats,seed,options", SHORT_GAMES,
                         ids=[f"{g[0]}-{g[2]}" for g in SHORT_GAMES])
def test_a_resumed_game_ends_exactly_like_the_uninterrupted_one(variant, seats, seed, options,
                                                                  tmp_path: Path):
    whole = drive(_game(variant, seats, seed, **options))
    assert whole.phase == "game_over"

    # the same game, saved and resumed from the file every 23 actions
    path = tmp_path / "game.json"
    state = _game(variant, seats, seed, **options)
    resumes = 0
    while state.phase != "game_over":
        state = drive(state, 23)
        saves.save_game(state, path)
        state = saves.load_game(path)
        resumes += 1
    assert resumes > 1
    assert state.winner == whole.winner
    assert state.scores == whole.scores
    assert state.history == whole.history
    assert saves.dumps(state) == saves.dumps(whole)


def test_resumed_mid_turn_the_engine_and_bots_agree(tmp_path: Path):
    # a save in the middle of a turn (after the draw) resumes with the same legal moves
    from rummy_tui.core.engine import legal_actions

    state = _game("rummy", [("Ann", "normal"), ("Bob", "normal")], 5)
    while state.phase != "play":
        state = apply(state, bot_move(state))
    saves.save_game(state, tmp_path / "g.json")
    back = saves.load_game(tmp_path / "g.json")
    assert back.phase == "play"
    assert legal_actions(back) == legal_actions(state)
    assert bot_move(back) == bot_move(state)


# --- writing: atomic, with a backup ------------------------------------------------------------


def test_save_keeps_the_previous_save_as_backup(tmp_path: Path):
    path = tmp_path / "g.json"
    first = game("rummy")
    second = drive(first, 5)
    saves.save_game(first, path)
    assert not (tmp_path / "g.json.bak").exists()
    saves.save_game(second, path)
    assert saves.load_game(tmp_path / "g.json.bak") == first
    assert saves.load_game(path) == second
    third = drive(second, 5)
    saves.save_game(third, path)
    assert saves.load_game(tmp_path / "g.json.bak") == second
    # no temporary files are left behind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "g.json.bak"]


def test_an_unreadable_file_is_never_lost_by_saving_over_it(tmp_path: Path):
    path = tmp_path / "g.json"
    state = game("rummy")
    saves.save_game(state, path)
    saves.save_game(drive(state, 3), path)
    good_backup = (tmp_path / "g.json.bak").read_bytes()
    path.write_bytes(b"{ damaged")
    saves.save_game(drive(state, 6), path)
    assert (tmp_path / "g.json.unreadable").read_bytes() == b"{ damaged"
    assert (tmp_path / "g.json.bak").read_bytes() == good_backup
    assert saves.load_game(path) == drive(state, 6)


def test_a_failed_save_raises_save_error_and_leaves_the_old_save(tmp_path: Path):
    path = tmp_path / "g.json"
    state = game("rummy")
    saves.save_game(state, path)
    before = path.read_bytes()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(SaveError, match="cannot save"):
        saves.save_game(state, blocker / "sub" / "g.json")  # a file where a folder should be
    assert path.read_bytes() == before


# --- the saves folder ------------------------------------------------------------------------


def test_saves_dir_precedence(monkeypatch, tmp_path: Path):
    monkeypatch.delenv(saves.SAVES_ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "saves").mkdir()  # ./saves is used when the current folder has one
    assert saves.saves_dir(None) == tmp_path / "saves"
    monkeypatch.setenv(saves.SAVES_ENV, str(tmp_path / "env"))
    assert saves.saves_dir(None) == tmp_path / "env"
    assert saves.saves_dir(str(tmp_path / "cli")) == tmp_path / "cli"


def test_new_save_path_never_reuses_a_name(tmp_path: Path):
    state = game("remi")
    first = saves.new_save_path(state, tmp_path)
    assert first.parent == tmp_path and first.suffix == ".json"
    assert state.variant in first.name and str(state.seed) in first.name
    saves.save_game(state, first)
    second = saves.new_save_path(state, tmp_path)
    assert second != first and not second.exists()


def test_list_saves_and_most_recent(tmp_path: Path):
    old, new = game("rummy"), game("indian")
    saves.save_game(old, tmp_path / "old.json")
    saves.save_game(new, tmp_path / "new.json")
    (tmp_path / "broken.json").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("not a save")
    os.utime(tmp_path / "old.json", (1_000_000, 1_000_000))
    os.utime(tmp_path / "broken.json", (3_000_000_000, 3_000_000_000))  # the newest file

    infos = saves.list_saves(tmp_path)
    assert [i.path.name for i in infos] == ["broken.json", "new.json", "old.json"]
    broken, fresh, stale = infos
    assert not broken.ok and broken.reason == "empty file"
    assert fresh.ok and fresh.variant == "indian" and fresh.preset == "indian-pool101"
    assert fresh.players == ["Asha", "Ravi", "Meena"]
    assert fresh.kinds == ["human", "normal", "easy"]
    assert fresh.round_no == new.round_no and fresh.scores == new.scores
    assert stale.last_played is not None and stale.last_played.year == 1970
    # the newest file is unreadable: resume the newest one that can be read
    assert saves.most_recent(tmp_path) == tmp_path / "new.json"
    assert saves.most_recent(tmp_path / "nowhere") is None
    assert saves.list_saves(tmp_path / "nowhere") == []


def test_saves_command_lists_every_file(tmp_path: Path):
    saves.save_game(game("remigio"), tmp_path / "a.json")
    (tmp_path / "b.json").write_bytes(b"\x00\x01binary")
    env = dict(os.environ, RUMMY_TUI_SAVES=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "rummy_tui", "saves", "--json"], env=env,
                         capture_output=True, text=True, check=True)
    listed = {Path(i["path"]).name: i for i in json.loads(out.stdout)}
    assert set(listed) == {"a.json", "b.json"}
    assert listed["a.json"]["ok"] is True and listed["a.json"]["variant"] == "remigio"
    assert listed["a.json"]["players"][0] == {"name": "Ana", "kind": "human"}
    assert listed["b.json"]["ok"] is False and "binary" in listed["b.json"]["reason"]

    table = subprocess.run([sys.executable, "-m", "rummy_tui", "--saves-dir", str(tmp_path),
                            "saves"], capture_output=True, text=True, check=True).stdout
    assert "a.json" in table and "remigio" in table and "Ana" in table
    assert "b.json" in table and "UNREADABLE" in table


def test_saves_command_on_a_file_instead_of_a_folder(tmp_path: Path, capsys):
    # in this process (issue 26): the test above runs `rummy-tui saves` in subprocesses
    from rummy_tui.cli import main

    target = tmp_path / "file"
    target.write_text("x")
    assert main(["saves", "--saves-dir", str(target)]) == 2
    out = capsys.readouterr()
    assert out.err.count("\n") == 1 and "not a folder" in out.err
    assert "Traceback" not in out.err


# --- migrations ------------------------------------------------------------------------------


def test_a_version_1_save_is_migrated():
    v1 = FIXTURES / "v1" / "rummy-v1.json"
    raw = json.loads(v1.read_bytes())
    assert raw["schema_version"] == 1 and "preset" not in raw
    assert raw["players"][0] == {"name": "Ann", "human": True, "strength": None}
    before = v1.read_bytes()

    state = saves.load_game(v1)
    assert v1.read_bytes() == before  # loading migrates in memory only
    assert [(p.name, p.kind) for p in state.players] == [
        ("Ann", "human"), ("Bob", "normal"), ("Cy", "easy")]
    # the migrated game is exactly the version-2 save of the same game
    assert saves.dumps(state) == (FIXTURES / "valid" / "rummy.json").read_bytes()


def test_a_version_2_fournier_save_is_settled_between_the_players():
    # version 2 moved only the closer's total; version 3 has each loser pay the closer
    v2 = FIXTURES / "v2" / "remigio-fournier-v2.json"
    raw = json.loads(v2.read_bytes())
    assert raw["schema_version"] == 2
    old = raw["history"]
    assert any(r["winner"] is not None for r in old)
    state = saves.load_game(v2)
    assert sum(state.scores) == 0
    for before, after in zip(old, state.history):
        w = before["winner"]
        for q, (b, a) in enumerate(zip(before["players"], after.players)):
            if q == w:
                assert a.delta == b["delta"]  # the closer collected as before
            else:
                assert a.delta == -b["penalty"] * before["multiplier"]
    assert state.last_round is state.history[-1]
    assert [r.total for r in state.history[-1].players] == state.scores
    # other variants' version-2 files only change their version number (to 3)
    rummy = json.loads((FIXTURES / "v3" / "rummy.json").read_bytes())
    rummy["schema_version"] = 2
    assert saves.parse_save(json.dumps(rummy).encode()) == saves.load_game(
        FIXTURES / "v3" / "rummy.json")


def test_migration_chain_is_complete_and_refuses_bad_version_1_seats():
    assert sorted(saves.MIGRATIONS) == list(range(1, saves.SCHEMA_VERSION))
    raw = json.loads((FIXTURES / "v1" / "rummy-v1.json").read_bytes())
    raw["players"][1] = {"name": "Bob", "human": True, "strength": "normal"}
    with pytest.raises(SaveError, match="players.1"):
        saves.parse_save(json.dumps(raw).encode())


def test_every_fixture_game_is_still_the_same():
    # the fixture games are regenerated from seeds; if this fails, the engine or the bots
    # changed behaviour (fine), and the valid fixtures must still load (the other tests)
    for name in GAMES:
        state = game(name)
        assert saves.parse_save(saves.dumps(state)) == state


def test_find_save_by_path_id_or_file_name(tmp_path: Path):
    state = game("remi")
    path = saves.new_save_path(state, tmp_path)
    saves.save_game(state, path)
    assert saves.find_save(path, tmp_path / "elsewhere") == path
    assert saves.find_save(path.stem, tmp_path) == path
    assert saves.find_save(path.name, tmp_path) == path
    missing = saves.find_save("no-such-game", tmp_path)
    with pytest.raises(SaveError, match="no such file"):
        saves.load_game(missing)


def test_save_info_describes_a_game_in_one_line(tmp_path: Path):
    saves.save_game(game("rummy-over"), tmp_path / "over.json")
    (tmp_path / "bad.json").write_text("{")
    over, bad = sorted(saves.list_saves(tmp_path), key=lambda i: i.path.name, reverse=True)
    assert over.finished and over.describe().startswith("rummy · won by ")
    assert "Ann" in over.describe() and "\n" not in over.describe()
    assert bad.describe().startswith("bad.json: unreadable (truncated")


def _mixed_play(variant: str, n: int, seed: int, options: dict) -> list[GameState]:
    """States of a game where computer moves are mixed with random legal moves, which reach
    states the bots alone would not."""
    import random

    from rummy_tui.core.engine import legal_actions
    from rummy_tui.core.variants import RuleError

    rng = random.Random(seed)
    state = _game(variant, [(f"P{i}", ("normal", "easy")[i % 2]) for i in range(n)], seed,
                  **options)
    states = [state]
    for _ in range(1500):
        if state.phase == "game_over":
            break
        action = rng.choice(legal_actions(state)) if rng.random() < 0.3 else bot_move(state)
        try:
            state = apply(state, action)
        except RuleError:
            state = apply(state, rng.choice(legal_actions(state)))
        states.append(state)
    return states


@pytest.mark.parametrize("variant,n,options", [
    ("rummy", 6, {"target": 60}), ("remi", 4, {"target": 150}),
    ("remigio", 3, {"eliminate_at": 40, "stop_at_two": True}),
    ("remigio-fournier", 10, {"target": 100}), ("indian", 6, {"format": "pool101"}),
    ("indian", 3, {"format": "deals", "deals": 3}),
])
def test_no_state_the_engine_reaches_is_refused(variant, n, options):
    # the checks on loading must never refuse a real game
    for seed in (1, 2):
        for state in _mixed_play(variant, n, seed, options)[::4]:
            assert saves.check(state) == [], (seed, state.phase, state.round_no)


def test_schema_into_a_closed_pipe_is_not_a_traceback():
    # `rummy-tui schema | head -1`: the reader may go before the writer has finished
    child = subprocess.Popen([sys.executable, "-m", "rummy_tui", "schema"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()
    err = child.stderr.read().decode()
    child.wait(timeout=60)
    assert "Traceback" not in err, err


@pytest.mark.skipif(os.name != "posix", reason="POSIX file modes")
def test_saves_are_private_to_their_owner(tmp_path: Path):
    # a save reveals every hand: other accounts on the machine may not read it
    path = tmp_path / "g.json"
    saves.save_game(game("rummy"), path)
    saves.save_game(drive(game("rummy"), 2), path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "g.json.bak").stat().st_mode & 0o777 == 0o600


def test_old_temporary_files_of_a_killed_write_are_cleared(tmp_path: Path):
    path = tmp_path / "g.json"
    old = tmp_path / ".g.json.abc123.tmp"
    fresh = tmp_path / ".g.json.def456.tmp"
    other = tmp_path / ".h.json.abc123.tmp"
    for f in (old, fresh, other):
        f.write_text("{")
    os.utime(old, (1_000_000, 1_000_000))
    os.utime(other, (1_000_000, 1_000_000))
    saves._KNOWN_GOOD.pop(str(path.absolute()), None)
    saves.save_game(game("rummy"), path)
    assert not old.exists()
    assert fresh.exists()  # perhaps a write in progress
    assert other.exists()  # another game's


def test_most_recent_prefers_a_game_in_progress(tmp_path: Path):
    saves.save_game(game("rummy"), tmp_path / "playing.json")
    saves.save_game(game("rummy-over"), tmp_path / "over.json")
    os.utime(tmp_path / "playing.json", (1_000_000, 1_000_000))
    assert saves.most_recent(tmp_path) == tmp_path / "playing.json"
    (tmp_path / "playing.json").unlink()
    assert saves.most_recent(tmp_path) == tmp_path / "over.json"


def test_saves_module_does_not_import_the_ui():
    code = (
        "import sys, rummy_tui.saves, rummy_tui.commands.saves; "
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual','rich'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == ""


def test_indian_turn_timer_state_round_trips(tmp_path: Path):
    # missed turns and the card drawn this turn are part of the game: a resumed game with the
    # timer on must know them (a third miss is a middle drop; a miss after the draw discards
    # the card drawn)
    import random

    from rummy_tui.core.variants.indian import MissTurn

    rng = random.Random(3)
    state = _game("indian", [("Asha", "human"), ("Ravi", "normal"), ("Meena", "easy")], 31,
                  format="pool101", turn_timer=30)
    seen_missed = seen_drawn = False
    for _ in range(400):
        if state.phase == "game_over":
            break
        if state.phase in ("draw", "play") and rng.random() < 0.3:
            action = MissTurn()
        else:
            action = bot_move(state)
        state = apply(state, action)
        seen_missed = seen_missed or any(state.vs.missed)
        seen_drawn = seen_drawn or state.vs.drawn is not None
        data = saves.dumps(state)
        back = saves.parse_save(data)
        assert back == state
        assert saves.dumps(back) == data
    assert seen_missed and seen_drawn
    raw = json.loads(saves.dumps(state))
    raw["state"]["indian"]["missed"] = [1]
    with pytest.raises(SaveError, match="state.indian.missed has 1 entries for 3 players"):
        saves.parse_save(json.dumps(raw).encode())


def test_resume_accepts_a_game_id_from_the_saves_folder(tmp_path: Path):
    # `rummy-tui resume <game-id>` as `rummy-tui saves` shows it; a bad id is one line, exit 2
    state = game("remi")
    path = saves.new_save_path(state, tmp_path)
    saves.save_game(state, path)
    assert saves.find_save(path.stem, tmp_path) == path
    out = subprocess.run([sys.executable, "-m", "rummy_tui", "--saves-dir", str(tmp_path),
                          "resume", "no-such-game"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert "no such file" in out.stderr
