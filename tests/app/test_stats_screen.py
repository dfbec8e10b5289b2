"""The statistics screen at 80×24 (issue 30, item 10): the tables fit, no header or name
is cut; Indian's figures speak of deals."""

from __future__ import annotations

import pytest
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Select

from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.stats import StatsScreen
from rummy_tui.history import store

from .test_snapshots import played_until


def _stats_app(tmp_path, monkeypatch) -> RummyApp:
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("RUMMY_TUI_CONFIG_DIR", str(tmp_path / "config"))
    store.record(played_until("indian", "Ann,cpu:Cy", 22, "game_over", {"format": "pool101"}),
                 "game-a")
    store.record(played_until("remi", "Ann,cpu:Cy", 21, "game_over"), "game-b")
    return RummyApp(cursor_blink=False, bot_delay=0)


def _headers(table: DataTable) -> list[str]:
    return [str(c.label) for c in table.ordered_columns]


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_the_statistics_fit(tmp_path, monkeypatch, size):
    app = _stats_app(tmp_path, monkeypatch)
    async with app.run_test(size=size) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        for name in ("#players", "#variants", "#h2h"):
            table = screen.query_one(name, DataTable)
            assert table.virtual_size.width <= table.size.width, (name, table.virtual_size,
                                                                  table.size)
            # no cell is cut: each column as wide as its widest cell
            for column in table.ordered_columns:
                cells = [table.get_cell_at(Coordinate(r, table.get_column_index(column.key)))
                         for r in range(table.row_count)]
                widest = max([len(str(c)) for c in cells] + [len(str(column.label))])
                assert column.width >= widest, (name, column.label, cells)


def test_the_statistics_snapshot_80x24(tmp_path, monkeypatch, snap_compare):
    app = _stats_app(tmp_path, monkeypatch)
    assert snap_compare(app, press=["s"], terminal_size=(80, 24))


async def test_indian_statistics_count_deals(tmp_path, monkeypatch):
    app = _stats_app(tmp_path, monkeypatch)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#variant", Select).value = "indian"
        await pilot.pause()
        headers = _headers(screen.query_one("#players", DataTable))
        assert any("Deals" in h for h in headers) and not any("Rounds" in h for h in headers)


@pytest.mark.parametrize("keys", [["c"], ["tab", "tab", "tab", "tab"]])
async def test_the_chart_is_reached_by_keys_at_80x24(tmp_path, monkeypatch, keys):
    """Issue 30: at 80×24 the chart lies under the tables, and only the mouse wheel
    reached it. The c key (or Tab) focuses it, and it is scrolled into view."""
    app = _stats_app(tmp_path, monkeypatch)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        chart = screen.query_one("#win-rate, #win-rate-text")
        lower = screen.query_one("#stats-lower")

        def on_screen() -> bool:
            region = chart.region
            return region.height > 0 and lower.region.contains_region(region) \
                and region.bottom <= 24

        assert not on_screen()  # under the tables: out of sight at first
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            if chart.has_focus:
                break
        await pilot.pause()
        assert chart.has_focus and on_screen(), (chart.region, lower.region)
        if keys == ["c"]:
            await pilot.press("c")  # and back to the players
            await pilot.pause()
            assert screen.query_one("#players", DataTable).has_focus
