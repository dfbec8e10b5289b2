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


MARKERS = ("●", "x", "+", "o", "◆", "*", "#", "@", "%", "=")
"""One mark a player, so that the lines differ without colour too (``NO_COLOR``)."""


def marker(seat: int) -> str:
    return MARKERS[seat % len(MARKERS)]


LINE_COLORS = ("blue+", "green+", "cyan+", "magenta+", "yellow", "gray", "blue", "green",
               "cyan", "magenta")
"""A colour a player (plotext's own order, red left out: the line across is red)."""


def draw_lines(plt: Any, lines: list[tuple[list[float], list[float]]]) -> None:
    """Each player's line (``lines[seat]``: x and y), thin, and over them every player's mark
    at the data points only: plotext's ``plot`` with a marker draws the mark all along the
    line, so one deal looked like a staircase of many points."""
    for seat, (xs, ys) in enumerate(lines):
        # quarter blocks: the browser's font (web/fonts) has them, not braille
        plt.plot(xs, ys, marker="hd", color=LINE_COLORS[seat % len(LINE_COLORS)])
    for seat, (xs, ys) in enumerate(lines):
        plt.scatter(xs, ys, marker=marker(seat), color=LINE_COLORS[seat % len(LINE_COLORS)])


def legend(names: list[str]) -> str:
    """Who is which line, for the title: the legend inside the plot covered data points."""
    return "   ".join(f"{marker(i)} {name}" for i, name in enumerate(names))


def plot_rows(height: int) -> int:
    """The rows of a plot's canvas in a widget this tall: the frame, the x ticks, the x
    label and the title take five."""
    return max(2, height - 5)


def y_ticks(low: int, high: int, rows: int, goal: int | None = None) -> list[int]:
    """Whole ticks two rows apart or more (plotext writes one label a row: two ticks on one
    row showed the later one), the goal among them, so the line across is labelled with its
    own value (issue 30: "target 150" was drawn on the row labelled 200)."""
    ticks = [int(t) for t in whole_ticks(low, high, max(2, min(6, rows // 2 + 1)))]
    if goal is not None:
        unit = max(1, high - low) / max(1, rows - 1)
        ticks = sorted([t for t in ticks if abs(t - goal) >= 2 * unit] + [goal])
    return ticks


def _set_y_ticks(plt: Any, ticks: list[int]) -> None:
    """Whole numbers, written as such (plotext takes floats and would write 150.0)."""
    plt.yticks([float(t) for t in ticks], [str(t) for t in ticks])


def use_plot(app: Any) -> bool:
    """A real chart, or the plain-text fallback (``--ascii``, a terminal below 60×24)."""
    size = app.size
    return not app.ascii and size.width >= MIN_WIDTH and size.height >= MIN_HEIGHT


class ScorePlot(PlotextPlot):
    """Each player's total after each round, one line (and mark) per player, with the target
    or the elimination limit drawn across at its value."""

    DEFAULT_CSS = "ScorePlot { height: 1fr; min-height: 8; }"

    def __init__(self, state: Any, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state = state
        self._range = (0, 1)
        self._goal: int | None = None

    def on_mount(self) -> None:
        state = self.state
        plt = self.plt
        plt.clear_data()
        history = state.history
        # every line starts at 0 before round 1, so that one round is a line, not a dot
        rounds = [0] + [r.round_no for r in history]
        word = variant_of(state.variant).round_word  # Indian: "deal"
        values = [0]
        lines: list[tuple[list[float], list[float]]] = []
        for seat in range(len(state.players)):
            totals = [0] + [r.players[seat].total for r in history]
            values += totals
            lines.append((rounds, totals))
        draw_lines(plt, lines)
        xlabel = word
        goal = goal_line(state.variant, state.options)
        if goal is not None:
            value, what = goal
            values.append(value)
            plt.hline(value, "red")
            xlabel += f"   (the line across: {what} {value})"
            self._goal = value
        self._range = (min(values), max(values))
        plt.ylim(*self._range)
        plt.title(f"Score after each {word}:   " + legend([p.name for p in state.players]))
        plt.xlabel(xlabel)
        plt.xticks(whole_ticks(0, rounds[-1], 8))

    def render(self) -> Any:
        low, high = self._range
        _set_y_ticks(self.plt, y_ticks(low, high, plot_rows(self.size.height), self._goal))
        return super().render()


class WinRatePlot(PlotextPlot):
    """Each player's win rate (in %) after each of their games, one line (and mark) per
    player."""

    DEFAULT_CSS = """
    WinRatePlot { height: 1fr; min-height: 8; border: round $primary 60%; }
    """
    TITLE = "Win rate over time (%)"

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
        # the title and the legend on the border: plotext leaves out a title wider than
        # the plot (the Statistics chart had none at 80 columns)
        self.border_title = self.TITLE
        self.border_subtitle = legend([name for name, _ in lines])
        plt.xlabel("games played")
        plt.ylim(0, 100)
        longest = max((len(rates) for _, rates in lines), default=1)
        plt.xticks(whole_ticks(1, max(2, longest), 8))
        draw_lines(plt, [(list(range(1, len(rates) + 1)), [r * 100 for r in rates])
                         for _, rates in lines])
        self.refresh()

    def render(self) -> Any:
        _set_y_ticks(self.plt, y_ticks(0, 100, plot_rows(self.size.height)))
        return super().render()
