"""The Statistics screen (issue 13): every player's record across finished games, from the
picker (key s) and from game over.

A table of players (all variants, or one chosen above it); for the highlighted player, a
table per variant and the head-to-head records; and a chart of the win rate over time
(plain text with ``--ascii`` or in a small terminal). The statistics file is only read here:
one that cannot be read is named with its reason and left as it is.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Footer, Select, Static

from ...core.registry import variant_of
from ...core.text import one_line, visible
from ...history import store
from ...history.records import compute, labels_of, special_out, stat_columns
from ..presets import VARIANT_TITLES

ALL = "all"


def _pct(rate: float) -> str:
    return f"{rate * 100:.0f}%"


def _num(value: int | None) -> str:
    return "–" if value is None else f"{value:+d}"


def _avg(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}"


def _fill(table: DataTable[Any], headers: list[str], rows: list[list[Any]],
          keys: list[str] | None = None) -> None:
    """The table's columns as wide as their widest cell, then its rows: columns sized from
    the header alone cut a name ("Cy (nor", issue 30) when the rows came after."""
    table.clear(columns=True)
    for i, header in enumerate(headers):
        cells = [row[i] for row in rows]
        width = max([Text(header).cell_len] + [
            (c if isinstance(c, Text) else Text(str(c))).cell_len for c in cells])
        table.add_column(header, width=width)
    for n, row in enumerate(rows):
        table.add_row(*row, key=None if keys is None else keys[n])


def win_rate_text(lines: list[tuple[str, list[float]]]) -> Text:
    """The plain-text win-rate chart: the rate after each of the last games, per player."""
    text = Text("Win rate over time (after each game)\n", style="bold")
    if not lines:
        text.append("no finished games yet", style="dim")
        return text
    width = max(len(name) for name, _ in lines)
    for name, rates in lines:
        shown = " ".join(f"{r * 100:.0f}" for r in rates[-12:])
        text.append(f"{name:<{width}}  {'… ' if len(rates) > 12 else ''}{shown}\n")
    return text


class StatsScreen(Screen[None]):
    """Statistics across games; Esc goes back to where it was opened."""

    DEFAULT_CSS = """
    StatsScreen #stats-title { text-style: bold; padding: 0 1; height: 1; }
    StatsScreen #stats-problem { color: $error; padding: 0 1; height: auto; }
    StatsScreen #stats-top { height: 1; padding: 0 1; }
    StatsScreen #stats-top Select { width: 32; }
    StatsScreen #stats-top Static { width: auto; padding: 0 1 0 0; }
    StatsScreen #players { height: auto; max-height: 12; margin: 1 1 0 1; }
    StatsScreen #stats-lower { height: 1fr; min-height: 10; }
    StatsScreen #stats-detail { width: 3fr; height: auto; }
    StatsScreen #stats-detail DataTable { height: auto; max-height: 14; margin: 0 1; }
    /* below 100 columns the chart goes under the tables, which get the whole width */
    StatsScreen #stats-lower.-narrow { layout: vertical; overflow-y: auto; }
    StatsScreen #stats-lower.-narrow #stats-detail { width: 1fr; }
    StatsScreen #stats-lower.-narrow #win-rate { width: 1fr; height: 12; }
    StatsScreen .stats-caption { text-style: bold; padding: 1 1 0 1; height: auto; }
    StatsScreen #win-rate { width: 2fr; height: 1fr; }
    StatsScreen #win-rate-text { width: 2fr; height: auto; padding: 1 1; }
    StatsScreen #win-rate:focus { border: round $accent; }
    StatsScreen #win-rate-text:focus { background: $boost; }
    """

    BINDINGS = [
        Binding("escape", "back", "Back", id="stats.back"),
        Binding("b", "back", "Back", show=False, id="stats.back"),
        Binding("v", "next_variant", "Variant", id="stats.variant"),
        Binding("c", "chart", "Chart", id="stats.chart"),
        Binding("ctrl+q", "app.quit", "Quit", id="app.quit"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.problem = ""
        self.games: list[Any] = []
        self.profiles: list[tuple[str, str]] = []
        self.stats: list[Any] = []

    def compose(self) -> ComposeResult:
        from ..widgets.charts import use_plot  # lazy: plotext is slow to load

        yield Static("Statistics across games", id="stats-title")
        yield Static("", id="stats-problem")
        with Horizontal(id="stats-top"):
            yield Static("Variant:")
            choices = [("All variants", ALL)] + [(t, k) for k, t in VARIANT_TITLES.items()]
            yield Select(choices, value=ALL, allow_blank=False, id="variant", compact=True)
        yield DataTable(cursor_type="row", zebra_stripes=True, id="players")
        with Horizontal(id="stats-lower", classes="-narrow" if self.app.size.width < 100
                        else ""):
            with Vertical(id="stats-detail"):
                yield Static("", id="variants-caption", classes="stats-caption")
                yield DataTable(cursor_type="none", id="variants")
                yield Static("", id="h2h-caption", classes="stats-caption")
                yield DataTable(cursor_type="none", id="h2h")
            if use_plot(self.app):
                from ..widgets.charts import WinRatePlot  # lazy: plotext is slow to load

                chart: Widget = WinRatePlot([], id="win-rate")
            else:
                chart = Static(id="win-rate-text")
            # Focusable, so that Tab and the c key reach it: below 100 columns the chart
            # sits under the tables, out of sight at 24 rows (issue 30: only the mouse
            # wheel scrolled to it). Textual scrolls a focused widget into view.
            chart.can_focus = True
            yield chart
        yield Footer()

    def on_mount(self) -> None:
        try:
            data = store.load()
        except store.StatsError as exc:
            self.problem = (f"The statistics cannot be read: {one_line(exc)} (the file is left "
                            "as it is)")
        else:
            self.games = list(data.games)
            self.profiles = [(p.name, p.kind) for p in data.profiles]
        problem = self.query_one("#stats-problem", Static)
        problem.update(Text(self.problem))
        problem.display = bool(self.problem)
        self.refresh_stats()
        self.query_one("#players", DataTable).focus()

    # --- figures ----------------------------------------------------------------------
    def variant(self) -> str | None:
        value = self.query_one("#variant", Select).value
        return None if value == ALL or not isinstance(value, str) else value

    def refresh_stats(self) -> None:
        variant = self.variant()
        self.stats = compute(self.games, variant, None if variant else self.profiles)
        table = self.query_one("#players", DataTable)
        # short headers: the table fits 80 columns (issue 30: "Las", and a scrollbar)
        word = variant_of(variant).round_word if variant else "round"  # Indian: deals
        headers = ["Player", "Games", "Wins", "Win %", f"{word.capitalize()}s won",
                   "Avg pen.", "Streak", "Last"]
        rows: list[list[Any]] = []
        for s in self.stats:
            o = s.overall
            rows.append([Text(visible(s.label)), str(o.games), str(o.wins), _pct(o.win_rate),
                         f"{o.rounds_won} of {o.rounds}", _avg(o.average_penalty),
                         str(o.longest_streak), (s.last_played or "–")[:10]])
        if self.stats:
            _fill(table, headers, rows, [str(n) for n in range(len(rows))])
        else:
            _fill(table, headers, [[Text("no finished games yet", style="dim"), *[""] * 7]])
        self._show_chart()
        self._show_player(0)

    def _show_chart(self) -> None:
        lines = [(visible(s.label), [r for _, r in s.overall.win_rate_over_time])
                 for s in self.stats if s.overall.games][:8]
        from ..widgets.charts import WinRatePlot  # lazy: plotext is slow to load

        plots = self.query(WinRatePlot)
        if plots:
            plots.first().draw(lines)
        else:
            self.query_one("#win-rate-text", Static).update(win_rate_text(lines))

    def _show_player(self, index: int) -> None:
        variants = self.query_one("#variants", DataTable)
        h2h = self.query_one("#h2h", DataTable)
        variants.clear(columns=True)
        h2h.clear(columns=True)
        if not 0 <= index < len(self.stats):
            self.query_one("#variants-caption", Static).update("")
            self.query_one("#h2h-caption", Static).update("")
            return
        s = self.stats[index]
        self.query_one("#variants-caption", Static).update(Text(f"{visible(s.label)} by variant"))
        # a column a variant, a row a figure: thirteen figures side by side did not fit
        # (issue 30: "Indones" and a scrollbar at 80 columns); a figure no variant of this
        # player's has is left out
        lines = sorted(s.by_variant.items())
        counted = {v: stat_columns(v) for v, _ in lines}
        figures: list[tuple[str, list[str]]] = [
            ("Games", [str(line.games) for _, line in lines]),
            ("Wins", [str(line.wins) for _, line in lines]),
            ("Win rate", [_pct(line.win_rate) for _, line in lines]),
            ("Rounds won", [f"{line.rounds_won} of {line.rounds} "
                            f"{variant_of(v).round_word}s" for v, line in lines]),
            ("Avg penalty", [_avg(line.average_penalty) for _, line in lines]),
            ("Best round", [_num(line.best_round) for _, line in lines]),
            ("Worst round", [_num(line.worst_round) for _, line in lines]),
            ("Best streak", [str(line.longest_streak) for _, line in lines]),
            ("Closes by ×", [", ".join(f"×{m}: {c}" for m, c in sorted(
                line.closes_by_multiplier.items())) or "–" for _, line in lines]),
            ("Drops", [str(line.drops) if "drops" in counted[v] else "–"
                       for v, line in lines]),
            ("Wrong decl.", [str(line.wrong_declarations) if "wrong declarations" in counted[v]
                             else "–" for v, line in lines]),
            ("Special outs", [f"{line.rummy_outs} {special_out(v)}" if "special outs" in counted[v]
                              else "–" for v, line in lines]),
        ]
        _fill(variants, ["", *(VARIANT_TITLES.get(v) or visible(v) for v, _ in lines)],
              [[name, *cells] for name, cells in figures if any(c != "–" for c in cells)])
        labels = labels_of(self.stats)
        self.query_one("#h2h-caption", Static).update(Text(f"{visible(s.label)} head to head"))
        _fill(h2h, ["Against", "Games", "Won", "Lost"], [
            [Text(visible(labels.get(key, key[0]))), str(record.games), str(record.wins),
             str(record.losses)]
            for key, record in sorted(s.overall.head_to_head.items(),
                                      key=lambda kv: (-kv[1].games,
                                                      labels.get(kv[0], kv[0][0])))])

    @on(DataTable.RowHighlighted, "#players")
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        self._show_player(event.cursor_row)

    @on(Select.Changed, "#variant")
    def _variant_changed(self) -> None:
        self.refresh_stats()

    def action_next_variant(self) -> None:
        select = self.query_one("#variant", Select)
        keys = [ALL, *VARIANT_TITLES]
        value = select.value if select.value in keys else ALL
        select.value = keys[(keys.index(value) + 1) % len(keys)]

    def action_chart(self) -> None:
        """The c key: the chart, in view and focused (c again: back to the players)."""
        chart = self.query_one("#win-rate, #win-rate-text")
        if chart.has_focus:
            self.query_one("#players", DataTable).focus()
            self.query_one("#stats-lower").scroll_home(animate=False)
        else:
            chart.focus()
            chart.scroll_visible(animate=False)

    def action_back(self) -> None:
        self.app.pop_screen()
