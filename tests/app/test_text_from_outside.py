"""Every text from outside is data (issue 27 item 3): a corpus of escapes fed to every source
(save file names, save contents, settings.toml, stats.json, command-line values) never
reaches stdout, stderr or the rendered screen raw."""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from textual.widgets import Input

from rummy_tui import saves, settings
from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.picker import PickerScreen
from rummy_tui.app.screens.setup import SetupScreen
from rummy_tui.app.screens.stats import StatsScreen
from rummy_tui.cli import main
from rummy_tui.core.engine import new_game
from rummy_tui.core.simulate import play_game
from rummy_tui.core.options import make_options
from rummy_tui.core.text import UNSAFE
from rummy_tui.history import store

from .conftest import seats

ROOT = Path(__file__).resolve().parents[2]

CORPUS = [
    "\x1b[2J\x1b[H", "\x1b]0;PWN\x07A", "\x9b31m", "\u202eevil", "a\u2028b", "a\u2029b",
    "x\ny", "\x85z", "\u2066q\u2069", "\x7fdel", "\u200e\u061c", "\x00nul", "\rcr", "\tt",
]


def _raw(text: str, lines: bool = True) -> set[str]:
    """The characters of ``text`` that act on a terminal (newlines allowed between lines)."""
    return set(text) & (UNSAFE - ({"\n"} if lines else set()))


def _bytes_raw(data: bytes) -> set[str]:
    return _raw(data.decode("utf-8", "surrogateescape").replace("\udcff", ""))


def _saves_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    for n, item in enumerate(CORPUS):
        if "\x00" in item:
            continue  # no file name can hold NUL
        (folder / f"{item}-{n}.json").write_bytes(b'{"schema_version": 1, "trunc')
    os.makedirs(folder, exist_ok=True)
    (folder / os.fsdecode(b"latin1-\xff.json")).write_bytes(b"not json")
    # a readable save under a name of escapes, whose players' names are escapes too
    state = new_game("rummy", seats("Ann,cpu:Bob"), seed=4)
    good = folder / "\x1b]0;PWN\x07good.json"
    saves.save_game(state, good)
    data = json.loads(good.read_text())
    data["players"][0]["name"] = "\u202eAnn\u2028x"
    data["players"][1]["name"] = "\u2066Bob\u2069"
    good.write_text(json.dumps(data))
    return folder


def _stats_file(tmp_path: Path) -> None:
    state = play_game("rummy", ["normal", "easy"], 3, make_options("rummy", {}),
                      check=False).state
    store.record(state, "g1")
    path = store.stats_path()
    data = json.loads(path.read_text())
    names = {p["name"] for p in data["profiles"]}
    text = path.read_text()
    for name, hostile in zip(sorted(names), ["\x1b]0;PWN\x07A", "\x9b2J\u202eZed\u2028"]):
        text = text.replace(json.dumps(name), json.dumps(hostile))
    data = json.loads(text)
    data["profiles"].append({"name": "\x1b[2J\u2029Eve", "kind": "human",
                             "created": "2026-01-01T00:00:00+00:00"})
    path.write_text(json.dumps(data))


@pytest.fixture
def outside(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RUMMY_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("RUMMY_TUI_SAVES", str(tmp_path / "saves"))
    folder = _saves_folder(tmp_path)
    _stats_file(tmp_path)
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.toml").write_text(
        '[last.rummy]\nseats = [{name = "\\u001b]0;PWN\\u0007A", kind = "human"}, '
        '{name = "a\\u2028b", kind = "normal"}]\n', encoding="utf-8")
    return folder


def _run(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "rummy_tui", *args], capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120,
                          stdin=subprocess.DEVNULL)


def test_the_command_line_lists_print_nothing_raw(outside):
    out = _run("saves")
    assert out.returncode == 0, out.stderr
    assert not _bytes_raw(out.stdout), out.stdout
    files = [p for p in os.listdir(outside) if p.endswith(".json")]
    # one line a file: a newline in a file name does not split its line
    assert len(out.stdout.decode().splitlines()) == 1 + len(files)
    assert "\\x1b]0;PWN\\x07good.json" in out.stdout.decode()
    assert "latin1-\\udcff.json" in out.stdout.decode()

    out = _run("saves", "--json")
    assert out.returncode == 0 and not _bytes_raw(out.stdout), out.stdout
    listed = json.loads(out.stdout)
    assert "\x1b]0;PWN\x07good" in {entry["game_id"] for entry in listed}  # the same data

    for args in (["stats"], ["stats", "--json"], ["--where"]):
        out = _run(*args)
        assert out.returncode == 0, out.stderr
        assert not _bytes_raw(out.stdout) and not _bytes_raw(out.stderr), out.stdout
        if args == ["stats"]:  # (its output, not a second run of it: issue 26)
            assert "\\x1b]0;PWN\\x07A" in out.stdout.decode()


COMMANDS = [
    lambda x: ["resume", x],
    lambda x: ["resume", f"/no/such/{x}.json"],
    lambda x: ["arrange", "--variant", "rummy", "AS", x],
    lambda x: ["arrange", "--variant", "indian", "--wild", x, "AS"],
    lambda x: ["arrange", "--variant", "rummy", "--rule", f"{x}=1", "AS"],
    lambda x: ["simulate", "--variant", "rummy", "--players", "2", "--bots", x],
    lambda x: ["stats", "--player", x],
    lambda x: ["stats", "--variant", x],
    lambda x: ["new", "--variant", "rummy", "--players", f"A{x}n,Bob"],
    lambda x: ["new", "--variant", x, "--players", "Ann,Bob"],
    lambda x: ["new", "--variant", "rummy", "--players", "Ann,Bob", "--rule", f"target={x}"],
    lambda x: ["serve", "--public-url", x],
    lambda x: ["serve", "--port", x],
    lambda x: [x],
    lambda x: ["simulate", "--variant", x],
]


@pytest.fixture
def no_app(monkeypatch):
    """A command line that would open the game is a failure here, not a hang."""
    def refuse(app):
        raise AssertionError("the game was opened")

    monkeypatch.setattr("rummy_tui.commands.play._run_app", refuse)


@pytest.mark.parametrize("command", range(len(COMMANDS)))
def test_every_error_quotes_input_escaped_on_one_line(outside, capsys, no_app, command):
    for item in CORPUS:
        code = main(COMMANDS[command](item))
        captured = capsys.readouterr()
        assert not _raw(captured.out + captured.err), (item, captured)
        # (" \tt" can be a card's rank: "t" is ten; every other input here is refused)
        assert code == 0 or captured.err.count("\n") == 1, (item, captured.err)


@pytest.mark.parametrize("command", range(len(COMMANDS)))
def test_every_error_quotes_at_most_80_characters(outside, capsys, no_app, command):
    long = "\x1b" + "x" * 5000
    assert main(COMMANDS[command](long)) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 300, err
    assert "x" * 81 not in err


def test_a_save_with_a_long_unknown_field_quotes_80_characters(tmp_path):
    state = new_game("rummy", seats("Ann,Bob"), seed=4)
    path = tmp_path / "g.json"
    saves.save_game(state, path)
    data = json.loads(path.read_text())
    data["\x1b" + "k" * 5000] = 1
    path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError) as caught:
        saves.load_game(path)
    reason = str(caught.value)
    assert "unknown field" in reason and "k" * 81 not in reason and "\x1b" not in reason


def _screen_text(app: RummyApp) -> str:
    """The screen as exported (SVG), its entities read back: what the terminal would get."""
    text = re.sub(r"<[^>]*>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


async def test_the_screens_show_text_from_outside_escaped(outside):
    app = RummyApp(cursor_blink=False, bot_delay=0, settings=settings.Store(),
                   record_stats=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.workers.wait_for_complete()  # the Resume list is read in a thread
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        shot = _screen_text(app)
        assert not _raw(shot), _raw(shot)
        # the settings' seat name was refused, its reason shown escaped
        assert "\\x1b]0;PWN" in app.settings.problem, app.settings.problem
        assert [n.title for n in app._notifications] == ["Settings not read"]
        app.screen.action_resume()
        await pilot.pause()
        for _ in range(len(CORPUS) + 2):  # every entry of the Resume list on screen
            await pilot.press("down")
            assert not _raw(_screen_text(app))
        await pilot.press("escape")

        await pilot.press("s")  # Statistics: names from stats.json
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        shot = _screen_text(app)
        assert not _raw(shot) and "PWN" in shot
        for _ in range(3):
            await pilot.press("down")
            assert not _raw(_screen_text(app))
        await pilot.press("escape")
        await pilot.pause()

        app.screen.query_one("#picker-list").focus()
        await pilot.press("enter")  # Rummy's setup: known names from stats.json
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert not _raw(_screen_text(app))
        names = [i.value for i in setup.query(Input) if i.id and i.id.startswith("name-")]
        assert names and not any(_raw(n, lines=False) for n in names)
        setup.query_one("#name-0", Input).focus()
        await pilot.press("P")  # the suggester offers only names that are names
        assert not _raw(_screen_text(app))


async def test_a_valid_settings_name_is_offered_and_an_invalid_one_is_not(outside):
    # the same screen, with settings the loader accepts but a stats.json name it cannot
    (outside.parent / "config" / "settings.toml").write_text(
        '[last.rummy]\nseats = [{name = "Zoë", kind = "human"}, '
        '{name = "Bob", kind = "normal"}]\n', encoding="utf-8")
    app = RummyApp(cursor_blink=False, bot_delay=0, settings=settings.Store(),
                   record_stats=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert setup.query_one("#name-0", Input).value == "Zoë"
        assert all(not _raw(n) for n in setup.known) and "\x1b[2J\u2029Eve" not in setup.known
        assert not _raw(_screen_text(app))
