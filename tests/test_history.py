"""Players and their history (issue 13): where files live, remembered settings, statistics
across games and the ``stats`` / ``--where`` commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from types import SimpleNamespace

import pytest

from rummy_tui import saves, saves_location, settings
from rummy_tui.cli import main
from rummy_tui.core.options import make_options
from rummy_tui.core.simulate import play_game
from rummy_tui.core.state import PlayerResult, PlayerSpec, RoundResult
from rummy_tui.history import records, store

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RUMMY_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("RUMMY_TUI_SAVES", raising=False)
    return tmp_path


# --- where files live ------------------------------------------------------------------------


def test_saves_folder_flag_then_env_then_local_saves_then_user_data(user_dirs, monkeypatch):
    work = user_dirs / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    # an empty folder: the per-user data folder
    assert saves_location.saves_dir(None) == user_dirs / "data" / "saves"
    # an existing ./saves keeps working
    (work / "saves").mkdir()
    assert saves_location.saves_dir(None) == work / "saves"
    monkeypatch.setenv("RUMMY_TUI_SAVES", str(user_dirs / "env"))
    assert saves_location.saves_dir(None) == user_dirs / "env"
    assert saves_location.saves_dir(str(user_dirs / "cli")) == user_dirs / "cli"


def test_user_folders_come_from_platformdirs_without_the_overrides(monkeypatch):
    import platformdirs

    monkeypatch.delenv("RUMMY_TUI_DATA_DIR", raising=False)
    monkeypatch.delenv("RUMMY_TUI_CONFIG_DIR", raising=False)
    assert saves_location.stats_path() == platformdirs.user_data_path(
        "rummy-tui", appauthor=False) / "stats.json"
    assert saves_location.settings_path() == platformdirs.user_config_path(
        "rummy-tui", appauthor=False) / "settings.toml"


def test_where_names_the_folders_and_creates_nothing(user_dirs, monkeypatch, capsys):
    monkeypatch.chdir(user_dirs)
    assert main(["--where"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"saves:      {user_dirs / 'data' / 'saves'}  (the per-user data")
    assert out[1].startswith(f"settings:   {user_dirs / 'config' / 'settings.toml'}")
    assert out[2].startswith(f"statistics: {user_dirs / 'data' / 'stats.json'}")
    assert not (user_dirs / "data").exists() and not (user_dirs / "config").exists()
    assert main(["--saves-dir", str(user_dirs / "mine"), "--where"]) == 0
    assert f"saves:      {user_dirs / 'mine'}  (--saves-dir" in capsys.readouterr().out


# --- settings --------------------------------------------------------------------------------


def test_settings_round_trip_with_awkward_names(user_dirs):
    s = settings.Settings(ascii=True, four_colour=False, theme="nord", bot_delay=0.2)
    s.last["indian-pool101"] = settings.LastSetup(
        [('Ann "the" Ace', "human"), ("Cy\\", "normal")], {"format": "pool101", "wild": True})
    settings.save(s)
    assert settings.load() == s
    assert settings.settings_path().read_text().startswith("# rummy-tui settings")


@pytest.mark.parametrize("text, reason", [
    (b"ascii = yes\n", "not valid TOML"),
    (b"\xff\xfe\x00", "not a text file"),
    (b"asci = true\n", "unknown setting 'asci'"),
    (b"ascii = 1\n", "ascii must be true or false"),
    (b"bot_delay = 99\n", "between 0 and 10 seconds"),
    (b"[last.rummy]\nseats = [{name = '', kind = 'human'}]\n", "at least one visible"),
    # a name is data from outside: checked as every name is (core/names.py), quoted escaped
    (b'[last.rummy]\nseats = [{name = "\\u001b]0;PWN\\u0007A", kind = "human"}]\n',
     "name '\\x1b]0;PWN\\x07A' holds a control character"),
    (b"[last.rummy]\nseats = [{name = 'Al', kind = 'robot'}]\n", "a kind of human"),
])
def test_a_bad_settings_file_is_refused_in_one_line_and_never_written(user_dirs, text, reason):
    path = settings.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(text)
    with pytest.raises(settings.SettingsError) as err:
        settings.load()
    assert reason in str(err.value) and "\n" not in str(err.value)
    st = settings.Store()
    assert not st.writable and reason in st.problem
    assert st.update(ascii=True, four_colour=True) is False
    assert st.remember_setup("rummy", [("Ann", "human")], {}) is False
    assert path.read_bytes() == text


def test_the_store_writes_only_what_changed(user_dirs):
    st = settings.Store()
    assert st.update(four_colour=True) is True
    settings.settings_path().unlink()
    assert st.update(four_colour=True) is True
    assert not settings.settings_path().exists()  # nothing changed: nothing written
    st.remember_setup("remigio", [("Ann", "human"), ("Cy", "easy")],
                      {"eliminate_at": 150, "wrap": False, "none_value": None})
    again = settings.load()
    assert again.four_colour is True and again.ascii is None
    assert again.last["remigio"] == settings.LastSetup(
        [("Ann", "human"), ("Cy", "easy")], {"eliminate_at": 150, "wrap": False})


# --- statistics from a game's history --------------------------------------------------------


def _pr(penalty: int, delta: int, total: int, note: str = "") -> PlayerResult:
    return PlayerResult([], [], [], penalty, delta, total, note)


def _round(no, winner, ending, mult, players) -> RoundResult:
    return RoundResult(no, winner, ending, mult, 0, None, None, players)


def remigio_game() -> SimpleNamespace:
    """Remigio to 100: Ann closes ×2 and ×4, Bob closes once; Cy (a computer) goes out in
    round 2 and sits out round 3."""
    history = [
        _round(1, 0, "closed", 2, [_pr(0, 0, 0), _pr(10, 20, 20), _pr(40, 80, 80)]),
        _round(2, 1, "closed", 1, [_pr(7, 7, 7), _pr(0, 0, 20), _pr(30, 30, 110, "eliminated")]),
        _round(3, 0, "closed", 4, [_pr(0, 0, 7), _pr(25, 100, 120, "eliminated"),
                                    _pr(0, 0, 110, "eliminated")]),
    ]
    return SimpleNamespace(
        variant="remigio", options=make_options("remigio", {}), phase="game_over",
        players=[PlayerSpec("Ann"), PlayerSpec("Bob"), PlayerSpec("Cy", "normal")],
        history=history, winner=0)


def test_a_remigio_game_gives_each_figure():
    when = datetime(2026, 1, 2, 20, 0, tzinfo=timezone.utc)
    rec = records.record_game(remigio_game(), "g1", when)
    assert rec.rounds[2].played == [True, True, False]  # Cy was out before round 3
    stats = {s.label: s for s in records.compute([rec])}
    ann, bob, cy = stats["Ann"], stats["Bob"], stats["Cy (normal)"]
    assert (ann.overall.games, ann.overall.wins, ann.overall.rounds_won) == (1, 1, 2)
    assert ann.overall.closes_by_multiplier == {2: 1, 4: 1}
    assert bob.overall.closes_by_multiplier == {1: 1}
    assert ann.overall.average_penalty == pytest.approx(7 / 3)
    assert (cy.overall.rounds, cy.overall.penalty_total) == (2, 70)
    # points are bad in Remigio: the best round is the lowest change
    assert (bob.by_variant["remigio"].best_round, bob.by_variant["remigio"].worst_round) == (0, 100)
    assert cy.computer and not ann.computer
    h2h = ann.overall.head_to_head[records.player_key("Cy", "normal")]
    assert (h2h.games, h2h.wins, h2h.losses) == (1, 1, 0)
    assert bob.overall.head_to_head[records.player_key("Ann", "human")].losses == 1


def test_json_has_the_documented_shape():
    rec = records.record_game(remigio_game(), "g1")
    data = records.to_json(records.compute([rec]))
    first = data["players"][0]
    assert {"name", "computer", "games", "wins", "rounds_won", "by_variant"} <= set(first)
    cy = next(p for p in data["players"] if p["computer"])
    assert (cy["name"], cy["label"], cy["level"]) == ("Cy", "Cy (normal)", "normal")
    assert first["by_variant"]["remigio"]["remigio_closes_by_multiplier"] == {"2": 1, "4": 1}
    assert first["head_to_head"]["Cy (normal)"] == {"games": 1, "wins": 1, "losses": 0}


def _game(variant, winner, names, when, ending="out", notes=None):
    n = len(names)
    notes = notes or [""] * n
    players = [_pr(0 if q == winner else 5, 5 if q == winner else 0, 0, notes[q])
               for q in range(n)]
    fmt = {"format": "pool101"} if variant == "indian" else {}
    state = SimpleNamespace(
        variant=variant, options=make_options(variant, fmt), phase="game_over",
        players=[PlayerSpec(x) for x in names], winner=winner,
        history=[_round(1, winner, ending, 2 if ending == "rummy" else 1, players)])
    return records.record_game(state, f"{variant}-{when}", datetime(2026, 1, when,
                                                                    tzinfo=timezone.utc))


def test_streaks_rummy_outs_drops_and_wrong_declarations():
    games = [
        _game("rummy", 0, ["Ann", "Bob"], 1, "rummy"),
        _game("rummy", 0, ["Ann", "Bob"], 2),
        _game("rummy", 1, ["Ann", "Bob"], 3),
        _game("rummy", 0, ["ann", "Bob"], 4, "rummy"),  # the same player, typed in lower case
        _game("indian", 1, ["Ann", "Bob", "Dee"], 5, "declared",
              ["dropped", "", "wrong declaration"]),
    ]
    stats = {s.name: s for s in records.compute(list(reversed(games)))}  # any order in
    ann = stats["Ann"]  # the latest spelling
    assert (ann.overall.games, ann.overall.wins, ann.overall.longest_streak) == (5, 3, 2)
    assert ann.by_variant["rummy"].rummy_outs == 2
    assert ann.by_variant["indian"].drops == 1 and stats["Dee"].overall.wrong_declarations == 1
    assert [round(r, 2) for _, r in ann.overall.win_rate_over_time] == [1, 1, 0.67, 0.75, 0.6]
    only_rummy = records.compute(games, "rummy")
    assert {s.name for s in only_rummy} == {"ann", "Bob"}
    assert records.compute(games, "indian-pool101")[0].overall.games == 1


# --- the statistics file ---------------------------------------------------------------------


def _finished(variant="rummy", seed=3, options=None):
    run = play_game(variant, ["normal", "easy"], seed, make_options(variant, options or {}),
                    check=False)
    assert run.state.phase == "game_over"
    return run.state


def test_a_game_is_recorded_once_under_its_id(user_dirs):
    state = _finished()
    assert store.record(state, "20260101-rummy-3") is True
    before = store.stats_path().read_bytes()
    assert store.record(state, "20260101-rummy-3") is False
    assert store.stats_path().read_bytes() == before
    data = store.load()
    assert len(data.games) == 1 and len(data.profiles) == 2
    assert not list(store.stats_path().parent.glob(".*.tmp"))


@pytest.mark.parametrize("content, reason", [
    (b"", "not JSON"),
    (b"[1, 2]", "not a rummy-tui statistics file"),
    (b'{"schema_version": 2, "variant": "rummy"}', "not a rummy-tui statistics file"),
    (b'{"format": "rummy-tui stats", "version": 7}', "version 7"),
    (b'{"format": "rummy-tui stats", "version": 1, "games": [{"game_id": "x"}]}', "games.0"),
])
def test_a_corrupt_or_foreign_stats_file_is_refused_and_untouched(user_dirs, capsys,
                                                                   content, reason):
    path = store.stats_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.raises(store.StatsError, match=reason):
        store.record(_finished(), "g")
    assert main(["stats", "--json"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and reason in err and err.count("\n") == 1
    assert main(["stats", "--rebuild"]) == 2
    assert path.read_bytes() == content


def test_stats_command_json_filters_and_rebuild(user_dirs, capsys, monkeypatch):
    folder = user_dirs / "saves"
    a, b = _finished("rummy", 3), _finished("remigio", 4)
    saves.save_game(a, folder / "game-a.json")
    saves.save_game(b, folder / "game-b.json")
    (folder / "broken.json").write_bytes(b"{")
    # recorded when the saves were last written, to the second, as a rebuild reads them (the
    # clock must not tick between a save and its record, or the two figures differ)
    when = datetime(2026, 3, 1, 12, 0, 0).timestamp()
    for name in ("game-a.json", "game-b.json"):
        os.utime(folder / name, (when, when))
    store.record(a, "game-a", finished_at=datetime.fromtimestamp(when).astimezone())
    store.record(b, "game-b", finished_at=datetime.fromtimestamp(when).astimezone())
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    p1 = next(p for p in data["players"] if p["name"] == "P1-normal")
    wins = sum(s.winner == 0 for s in (a, b))
    assert (p1["games"], p1["wins"], p1["computer"]) == (2, wins, True)
    assert p1["rounds_won"] == sum(r.winner == 0 for s in (a, b) for r in s.history)
    assert set(p1["by_variant"]) == {"rummy", "remigio"}
    assert main(["stats", "--json", "--variant", "remigio", "--player", "p1-normal (normal)"]) == 0
    only = json.loads(capsys.readouterr().out)["players"]
    assert len(only) == 1 and only[0]["games"] == 1
    assert main(["stats", "--player", "Nobody"]) == 2
    assert "no player called 'Nobody'" in capsys.readouterr().err
    assert main(["stats", "--variant", "poker"]) == 2
    capsys.readouterr()
    # rebuild: the same figures from the finished saves, the broken save named and kept
    assert main(["stats", "--rebuild", "--saves-dir", str(folder), "--json"]) == 0
    out, err = capsys.readouterr()
    assert "skipped broken.json" in err and "from 2 finished games" in err
    assert json.loads(out) == data
    assert (folder / "broken.json").read_bytes() == b"{"


def test_stats_text_output(user_dirs, capsys):
    store.record(records_state := _finished("rummy", 5), "r5")  # noqa: F841
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("statistics (2 players)")
    assert "P1-normal (normal) · head to head: P2-easy (easy)" in out


def test_stats_for_one_player_names_the_opponents_and_counts_one_player(user_dirs, capsys):
    store.record(_finished("rummy", 5), "r5")
    assert main(["stats", "--player", "p1-normal (normal)"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("statistics (1 player)"), out
    assert "head to head: P2-easy (easy) " in out, out  # the name as shown, not its key
    assert main(["stats", "--json", "--player", "p1-normal (normal)"]) == 0
    only = json.loads(capsys.readouterr().out)["players"]
    assert list(only[0]["head_to_head"]) == ["P2-easy (easy)"]


def test_the_cli_runs_the_stats_command_in_a_fresh_process(user_dirs):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "rummy_tui", "stats", "--json"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout) == {"players": []}
