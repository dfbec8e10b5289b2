"""The score chart draws its line across at its value, keeps its legend off the data, and
tells the players apart without colour (issue 30, items 5 and 10)."""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult

from rummy_tui.app.widgets.charts import MARKERS, ScorePlot, WinRatePlot

from rummy_tui.history.records import goal_line

from .test_snapshots import played_until

TICK = re.compile(r"^\s*(-?\d+)\s*[┤├]")


class ChartApp(App[None]):
    def __init__(self, chart) -> None:
        super().__init__()
        self.chart = chart

    def compose(self) -> ComposeResult:
        yield self.chart


def the_line_across(lines: list[str]) -> list[str]:
    """The rows of the plot where the line across is drawn (a run of ─ inside the frame)."""
    return [line for line in lines if "────────" in line and TICK.match(line)]


GAMES = [("rummy", "Ann,cpu:Bob,cpu:Cy", 21, {"target": 150}),
         ("rummy", "Ann,cpu:Bob", 22, {"target": 60}),
         ("remigio", "Ann,cpu:Bob,cpu:Cy", 23, {}),
         ("indian", "Ann,cpu:Bob", 22, {"format": "pool101"})]


@pytest.mark.parametrize("height", [9, 10, 12, 14, 17, 20])
@pytest.mark.parametrize("variant,players,seed,options", GAMES)
async def test_the_line_across_is_drawn_at_its_value(variant, players, seed, options, height):
    state = played_until(variant, players, seed, "game_over", options)
    goal = goal_line(state.variant, state.options)[0]
    app = ChartApp(ScorePlot(state))
    async with app.run_test(size=(90, height)) as pilot:
        await pilot.pause()
        plot = app.query_one(ScorePlot)
        lines = plot.render().plain.splitlines()
        across = the_line_across(lines)
        assert across, lines
        for line in across:
            assert TICK.match(line).group(1) == str(goal), "\n".join(lines)
        # the legend is in the title, above the canvas: no data point under it
        title = lines[0]
        for seat, player in enumerate(state.players):
            assert f"{MARKERS[seat]} {player.name}" in title, title


async def test_the_win_rate_chart_has_a_title_and_marks_without_colour(monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    chart = WinRatePlot([("Ann", [1.0, 0.5, 0.67]), ("Bob", [0.0, 0.5, 0.33])])
    app = ChartApp(chart)
    async with app.run_test(size=(80, 16)) as pilot:
        await pilot.pause()
        text = chart.render().plain
        assert str(chart.border_title).startswith("Win rate over time")
        assert f"{MARKERS[0]} Ann" in str(chart.border_subtitle)
        assert f"{MARKERS[1]} Bob" in str(chart.border_subtitle)
        assert MARKERS[0] in text and MARKERS[1] in text, text


async def test_a_players_mark_is_at_the_data_points_only_and_a_line_joins_them():
    # one deal of Pool 101: each line has two points, deal 0 and deal 1 (the marks used to
    # be drawn all along the line, a staircase of a dozen "points" for one deal)
    state = played_until("indian", "Ann,cpu:Bob", 22, "round_over", {"format": "pool101"})
    assert len(state.history) == 1
    app = ChartApp(ScorePlot(state))
    async with app.run_test(size=(90, 24)) as pilot:
        await pilot.pause()
        canvas = app.query_one(ScorePlot).render().plain.splitlines()[1:]  # below the title
        text = "\n".join(canvas)
        for seat in range(2):
            assert 1 <= text.count(MARKERS[seat]) <= 2, text
        blocks = sum(text.count(c) for c in "▖▗▘▙▚▛▜▝▞▟▀▄▌▐█")
        assert blocks > 40, text  # the lines between them, across the width
