"""Players and their history in the app (issue 13): a finished game is recorded once, the
Statistics screen, the line charts and their text fallback, remembered settings and seats."""

from __future__ import annotations

import json

import pytest
from textual.widgets import DataTable, Input, Select, Static

from rummy_tui import saves, settings
from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.picker import PickerScreen
from rummy_tui.app.screens.setup import SetupScreen
from rummy_tui.app.screens.stats import StatsScreen
from rummy_tui.app.screens.summary import GameOverScreen, RoundSummaryScreen, ScoreChart
from rummy_tui.app.widgets.charts import ScorePlot, WinRatePlot
from rummy_tui.history import store

from .test_snapshots import played_until
from .test_summary import _round_over


@pytest.fixture(autouse=True)
def user_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RUMMY_TUI_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def _rows(table: DataTable) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def _open(app: RummyApp, size=(100, 32)):
    return app.run_test(size=size)


async def test_a_finished_game_is_recorded_once_even_when_resumed(tmp_path):
    state = played_until("rummy", "cpu:A,cpu:B", 21, "game_over")
    folder = tmp_path / "saves"
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False, autosave=True,
                   saves_dir=str(folder), record_stats=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        path = app.save_path
    data = store.load()
    assert [g.game_id for g in data.games] == [path.stem]
    before = store.stats_path().read_bytes()
    resumed = RummyApp(game=saves.load_game(path), save_path=path, bot_delay=0,
                       cursor_blink=False, autosave=True, record_stats=True)
    async with resumed.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
    assert store.stats_path().read_bytes() == before
    game = store.load().games[0]
    assert game.winner == state.winner and len(game.rounds) == len(state.history)


async def test_statistics_screen_from_the_picker_shows_each_player(user_dirs):
    a = played_until("rummy", "cpu:A,cpu:B", 21, "game_over")
    b = played_until("rummy", "cpu:A,cpu:B", 22, "game_over")
    store.record(a, "game-a")
    store.record(b, "game-b")
    app = RummyApp(cursor_blink=False, bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        rows = {r[0]: r for r in _rows(screen.query_one("#players", DataTable))}
        for seat, name in enumerate(["A (normal)", "B (normal)"]):
            wins = sum(g.winner == seat for g in (a, b))
            rounds_won = sum(r.winner == seat for g in (a, b) for r in g.history)
            rounds = len(a.history) + len(b.history)
            assert rows[name][1:5] == ["2", str(wins), f"{wins * 50}%",
                                       f"{rounds_won} of {rounds}"], rows
        assert screen.query_one(WinRatePlot).lines[0][1][-1] in (0, 0.5, 1)
        h2h = _rows(screen.query_one("#h2h", DataTable))
        assert h2h[0][:2] == ["B (normal)" if rows and _rows(
            screen.query_one("#players", DataTable))[0][0] == "A (normal)" else "A (normal)", "2"]
        await pilot.press("escape")
        assert isinstance(app.screen, PickerScreen)


async def test_statistics_screen_with_ascii_draws_text_and_says_why_a_file_is_refused():
    path = store.stats_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"format": "something else"}')
    app = RummyApp(cursor_blink=False, bot_delay=0, ascii=True)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        problem = str(screen.query_one("#stats-problem", Static).render())
        assert "not a rummy-tui statistics file" in problem and "left as it is" in problem
        assert not screen.query(WinRatePlot)
        assert "Win rate over time" in str(screen.query_one("#win-rate-text", Static).render())
    assert path.read_bytes() == b'{"format": "something else"}'


async def test_round_summary_shows_a_line_chart_at_100x32():
    state = _round_over("remigio", 1)
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)
        plot = app.screen.query_one(ScorePlot)
        region = plot.region
        assert region.height >= 8 and region.bottom <= 32 - 4, region  # above the button
        rendered = str(plot.render())
        assert "eliminated at 100" in rendered and "A" in rendered


async def test_game_over_chart_and_the_text_fallback():
    state = played_until("indian", "Ann,cpu:Bob", 22, "game_over", {"format": "pool101"})
    # (Below 80x24 the too-small screen covers the game, so only --ascii gives the fallback.)
    for ascii, size, kind in ((False, (100, 32), ScorePlot), (True, (100, 32), ScoreChart),
                              (False, (80, 24), ScorePlot)):
        app = RummyApp(game=state, bot_delay=0, cursor_blink=False, ascii=ascii)
        async with app.run_test(size=size) as pilot:
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)
            assert app.screen.query(kind), (ascii, size)
            await pilot.press("s")
            assert isinstance(app.screen, StatsScreen)


async def test_setup_remembers_seats_options_and_table_settings(user_dirs):
    path = settings.settings_path()
    app = RummyApp(cursor_blink=False, bot_delay=0, settings=settings.Store())
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")  # Rummy
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#name-0", Input).value = "Zed"
        setup.query_one("#seats", Select).value = 2
        setup.query_one("#opt-target", Input).value = "200"
        setup.query_one("#four-colour", Select).value = True
        await pilot.pause()
        setup.action_start()
        await pilot.pause()
    saved = settings.load()
    assert saved.last["rummy"].seats == [("Zed", "human"), ("Bob", "normal")]
    assert saved.last["rummy"].options["target"] == 200
    assert saved.four_colour is True and saved.ascii is None  # only what was changed
    app = RummyApp(cursor_blink=False, bot_delay=0, settings=settings.Store(),
                   four_colour=True, ascii=True)  # as the command line sets them
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        assert setup.query_one("#name-0", Input).value == "Zed"
        assert setup.query_one("#seats", Select).value == 2
        assert setup.query_one("#opt-target", Input).value == "200"
    assert settings.load().ascii is None  # a flag is not remembered
    assert path.exists()


async def test_setup_offers_known_names_and_new_names_become_profiles(user_dirs):
    store.add_profiles([("Priya", "human"), ("Cy", "normal")])
    app = RummyApp(cursor_blink=False, bot_delay=0, record_stats=True)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        setup = app.screen
        name = setup.query_one("#name-0", Input)
        assert name.suggester is not None
        assert await name.suggester.get_suggestion("pr") == "Priya"
        name.value = "Quinn"
        await pilot.pause()
        setup.action_start()
        await pilot.pause()
    known = {(p.name, p.kind) for p in store.load().profiles}
    assert {("Priya", "human"), ("Cy", "normal"), ("Quinn", "human")} <= known


async def test_a_bad_settings_file_is_named_and_left_alone(user_dirs):
    path = settings.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b"theme = [1, 2\n")
    app = RummyApp(cursor_blink=False, bot_delay=0, settings=settings.Store())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        texts = [n.message for n in app._notifications]
        assert any("not valid TOML" in t for t in texts), texts
        app.four_colour = True
        app.theme = "nord"
        await pilot.pause()
    assert path.read_bytes() == b"theme = [1, 2\n"


async def test_the_theme_is_remembered(user_dirs):
    app = RummyApp(cursor_blink=False, bot_delay=0, settings=settings.Store())
    async with app.run_test(size=(100, 32)) as pilot:
        app.theme = "nord"
        await pilot.pause()
    assert settings.load().theme == "nord"
    app = RummyApp(cursor_blink=False, bot_delay=0, settings=settings.Store())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.theme == "nord"


def test_json_of_a_recorded_game_matches_the_state(user_dirs, capsys):
    from rummy_tui.cli import main

    state = played_until("remigio", "Ann,cpu:Cy", 3, "game_over")
    store.record(state, "r3")
    assert main(["stats", "--json", "--player", "Cy (normal)"]) == 0
    (cy,) = json.loads(capsys.readouterr().out)["players"]
    assert cy["computer"] and cy["wins"] == int(state.winner == 1)
    closes = sum(r.winner == 1 and r.ending == "closed" for r in state.history)
    assert sum(cy["by_variant"]["remigio"]["remigio_closes_by_multiplier"].values()) == closes
