"""Line charts (issue 13) drawn with textual-plotext: the score history of a game and the
win rate over time. Imported only when a chart is shown (plotext is slow to import, and
start-up to the picker is measured), and only where it fits: with ``--ascii`` or in a small
terminal the callers show a plain-text chart instead (:func:`use_plot`)."""

from __future__ import annotations

from typing import Any

from textual_plotext import PlotextPlot

MIN_WIDTH = 60
MIN_HEIGHT = 24


def use_plot(app: Any) -> bool:
    """A real chart, or the plain-text fallback (``--ascii``, a terminal below 60×24)."""
    size = app.size
    return not app.ascii and size.width >= MIN_WIDTH and size.height >= MIN_HEIGHT


class ScorePlot(PlotextPlot):
    """Each player's total after each round, one line per player, with the target or the
    elimination limit drawn across."""

    DEFAULT_CSS = "ScorePlot { height: 1fr; min-height: 8; }"

    def __init__(self, state: Any, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state = state

    def on_mount(self) -> None:
        from ...history.records import goal_line

        state = self.state
        plt = self.plt
        plt.clear_data()
        history = state.history
        rounds = [r.round_no for r in history] or [0]
        title = "Score after each round"
        for seat, player in enumerate(state.players):
            totals = [r.players[seat].total for r in history] or [0]
            plt.plot(rounds, totals, label=player.name, marker="braille")
        goal = goal_line(state.variant, state.options)
        if goal is not None:
            value, what = goal
            plt.hline(value, "red")
            title += f" (red line: {what} {value})"
        plt.title(title)
        plt.xlabel("round")
        if len(rounds) <= 12:
            plt.xticks(rounds)


class WinRatePlot(PlotextPlot):
    """Each player's win rate (in %) after each of their games, one line per player."""

    DEFAULT_CSS = "WinRatePlot { height: 1fr; min-height: 8; }"

    def __init__(self, lines: list[tuple[str, list[float]]], id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines = lines

    def on_mount(self) -> None:
        self.draw(self.lines)

    def draw(self, lines: list[tuple[str, list[float]]]) -> None:
        self.lines = lines
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title("Win rate over time (%, after each game)")
        plt.xlabel("games played")
        plt.ylim(0, 100)
        for name, rates in lines:
            plt.plot(list(range(1, len(rates) + 1)), [r * 100 for r in rates], label=name,
                     marker="braille")
        self.refresh()
