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
from textual.widgets import DataTable, Footer, Select, Static

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
    StatsScreen #stats-detail { width: 3fr; }
    StatsScreen #stats-detail DataTable { height: auto; max-height: 8; margin: 0 1; }
    StatsScreen .stats-caption { text-style: bold; padding: 1 1 0 1; height: auto; }
    StatsScreen #win-rate { width: 2fr; height: 1fr; }
    StatsScreen #win-rate-text { width: 2fr; height: auto; padding: 1 1; }
    """

    BINDINGS = [
        Binding("escape", "back", "Back", id="stats.back"),
        Binding("b", "back", "Back", show=False, id="stats.back"),
        Binding("v", "next_variant", "Variant", id="stats.variant"),
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
        with Horizontal(id="stats-lower"):
            with Vertical(id="stats-detail"):
                yield Static("", id="variants-caption", classes="stats-caption")
                yield DataTable(cursor_type="none", id="variants")
                yield Static("", id="h2h-caption", classes="stats-caption")
                yield DataTable(cursor_type="none", id="h2h")
            if use_plot(self.app):
                from ..widgets.charts import WinRatePlot  # lazy: plotext is slow to load

                yield WinRatePlot([], id="win-rate")
            else:
                yield Static(id="win-rate-text")
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
        table.clear(columns=True)
        table.add_columns("Player", "Games", "Wins", "Win rate", "Rounds won",
                          "Avg penalty", "Best streak", "Last played")
        for n, s in enumerate(self.stats):
            o = s.overall
            table.add_row(Text(visible(s.label)), str(o.games), str(o.wins), _pct(o.win_rate),
                          f"{o.rounds_won} of {o.rounds}", _avg(o.average_penalty),
                          str(o.longest_streak), (s.last_played or "–")[:10], key=str(n))
        if not self.stats:
            table.add_row(Text("no finished games yet", style="dim"), *[""] * 7)
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
        variants.add_columns("Variant", "Games", "Wins", "Win rate", "Rounds won",
                             "Avg penalty", "Best round", "Worst round", "Streak",
                             "Closes by ×", "Drops", "Wrong decl.", "Special outs")
        for v, line in sorted(s.by_variant.items()):
            counted = stat_columns(v)
            closes = ", ".join(f"×{m}: {c}" for m, c in sorted(line.closes_by_multiplier.items()))
            variants.add_row(Text(VARIANT_TITLES.get(v) or visible(v)), str(line.games), str(line.wins),
                             _pct(line.win_rate), f"{line.rounds_won} of {line.rounds}",
                             _avg(line.average_penalty), _num(line.best_round),
                             _num(line.worst_round), str(line.longest_streak),
                             closes or "–",
                             *(str(n) if column in counted else "–"
                               for column, n in (("drops", line.drops),
                                                 ("wrong declarations", line.wrong_declarations))),
                             f"{line.rummy_outs} {special_out(v)}" if "special outs" in counted
                             else "–")
        labels = labels_of(self.stats)
        self.query_one("#h2h-caption", Static).update(Text(f"{visible(s.label)} head to head"))
        h2h.add_columns("Against", "Games", "Won", "Lost")
        for key, record in sorted(s.overall.head_to_head.items(),
                                  key=lambda kv: (-kv[1].games, labels.get(kv[0], kv[0][0]))):
            h2h.add_row(Text(visible(labels.get(key, key[0]))), str(record.games), str(record.wins),
                        str(record.losses))

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

    def action_back(self) -> None:
        self.app.pop_screen()
