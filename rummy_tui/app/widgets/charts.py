"""Line charts (issue 13) drawn with textual-plotext: the score history of a game and the
win rate over time. Imported only when a chart is shown (plotext is slow to import, and
start-up to the picker is measured), and only where it fits: with ``--ascii`` or in a small
terminal the callers show a plain-text chart instead (:func:`use_plot`)."""

from __future__ import annotations

from typing import Any

from textual_plotext import PlotextPlot

from ...core.registry import variant_of
from ...history.records import goal_line

MIN_WIDTH = 60
MIN_HEIGHT = 24


def whole_ticks(low: float, high: float, count: int = 6) -> list[float]:
    """About ``count`` round whole numbers from ``low`` to ``high`` (plotext's own ticks are
    decimals such as 128.3, which no score is)."""
    span = max(1.0, high - low)
    raw = span / max(1, count - 1)
    step = 1
    for base in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000):
        step = base
        if base >= raw:
            break
    first = -int(-low // step) * step  # the first multiple of step at or above low
    ticks: list[float] = list(range(first, int(high) + 1, step)) or [int(low)]
    return ticks  # whole numbers (plotext takes floats)


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
        state = self.state
        plt = self.plt
        plt.clear_data()
        history = state.history
        # every line starts at 0 before round 1, so that one round is a line, not a dot
        rounds = [0] + [r.round_no for r in history]
        word = variant_of(state.variant).round_word  # Indian: "deal"
        title = f"Score after each {word}"
        values = [0]
        for seat, player in enumerate(state.players):
            totals = [0] + [r.players[seat].total for r in history]
            values += totals
            plt.plot(rounds, totals, label=player.name, marker="braille")
        goal = goal_line(state.variant, state.options)
        if goal is not None:
            value, what = goal
            values.append(value)
            plt.hline(value, "red")
            title += f" (red line: {what} {value})"
        plt.title(title)
        plt.xlabel(word)
        plt.yticks(whole_ticks(min(values), max(values)))
        plt.xticks(whole_ticks(0, rounds[-1], 8))


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
        plt.yticks([0, 25, 50, 75, 100])
        longest = max((len(rates) for _, rates in lines), default=1)
        plt.xticks(whole_ticks(1, max(2, longest), 8))
        for name, rates in lines:
            plt.plot(list(range(1, len(rates) + 1)), [r * 100 for r in rates], label=name,
                     marker="braille")
        self.refresh()
