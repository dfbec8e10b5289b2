"""Round summary (every hand revealed, with its best arrangement) and game over."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Footer, Static

from ...core.engine import new_game, standings
from ...core.groups import INVALID
from ...core.registry import variant_of
from ...core.state import GameState, RoundResult
from ...core.variants.indian.declaration import check_declaration
from ..presets import VARIANT_TITLES
from ..typed import rummy_app
from ..widgets.table_parts import cards_text

_ENDINGS = {
    "out": "went out",
    "closed": "closed",
    "declared": "declared",
    "empty_stock": "the stock ran out",
    "void": "the hand is void",
    "last_in": "is the last player in the deal",
}


def round_word(state: GameState) -> str:
    """"round", or what the rule text calls it (Indian: "deal")."""
    return str(variant_of(state.variant).round_word)


def round_headline(state: GameState, result: RoundResult) -> str:
    names = [p.name for p in state.players]
    v = variant_of(state.variant)
    if v.special_out and result.ending == v.special_out:
        ending = v.special_out_text  # Basic Rummy's "went rummy"
    else:
        ending = _ENDINGS.get(result.ending, result.ending)
    word = round_word(state).capitalize()
    if result.winner is not None:
        text = f"{word} {result.round_no}: {names[result.winner]} {ending}"
    else:
        text = f"{word} {result.round_no}: {ending}"
    extras = []
    mult = _multiplier_text(state, result)
    if mult:
        extras.append(mult)
    if result.bonus:
        extras.append(f"{v.bonus_name} {result.bonus}")
    if result.closing_card is not None:
        extras.append(f"{v.closing_card_name} {result.closing_card.symbol()}")
    return text + (f" ({', '.join(extras)})" if extras else "") + "."


SPECIAL_NAMES = {"flush": "Flush", "straight_flush": "Straight flush", "remigio": "Remigio"}


def _multiplier_text(state: GameState, result: RoundResult) -> str:
    """The round's multiplier as the rules name it: Remigio's closing multiplier always
    (×1 to ×10, with its special hand), Rummy's doubling for going rummy."""
    mult = result.multiplier or 1
    v = variant_of(state.variant)
    closing = v.closing_multiplier and result.ending == "closed"
    if not closing and mult == 1:
        return ""
    text = f"×{mult}"
    if result.special:
        text = f"{SPECIAL_NAMES.get(result.special, result.special.replace('_', ' '))} {text}"
    elif v.special_out and result.ending == v.special_out:
        text = f"{v.special_out} {'doubles' if mult == 2 else 'multiplies'}: {text}"
    return ("closing multiplier " if closing else "") + text


def _row_extras(state: GameState, result: RoundResult, seat: int) -> str:
    """What multiplied or added to this row's score (where it applies)."""
    pr = result.players[seat]
    extras = []
    mult = result.multiplier or 1
    closing = variant_of(state.variant).closing_multiplier and result.ending == "closed"
    if (closing or mult != 1) and pr.delta:
        extras.append(f"×{mult}")
    if result.bonus and seat == result.winner:
        extras.append(f"+{result.bonus} bonus")
    return " ".join(extras)


class ScoreChart(Static):
    """Totals after each round, one line per player: a bar per round, scaled to the game."""

    DEFAULT_CSS = """
    ScoreChart { height: auto; padding: 0 1; }
    """

    BARS = "▁▂▃▄▅▆▇█"

    def __init__(self, state: GameState, ascii: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state = state
        self.ascii = ascii

    def on_mount(self) -> None:
        self.update(self.chart())

    def chart(self) -> Text:
        state = self.state
        history = state.history
        what = "balance" if variant_of(state.variant).scores_are_balances else "total"
        text = Text(f"Score history ({what} after each {round_word(state)})\n", style="bold")
        if not history:
            text.append("no rounds yet", style="dim")
            return text
        totals = [[r.players[i].total for r in history] for i in range(len(state.players))]
        low = min(min(t) for t in totals)
        high = max(max(t) for t in totals)
        span = max(1, high - low)
        bars = "_.-=#" if self.ascii else self.BARS
        width = max(len(p.name) for p in state.players)
        shown = history[-40:]
        for seat, player in enumerate(state.players):
            row = totals[seat][-len(shown):]
            text.append(f"{player.name:<{width}} ")
            for value in row:
                level = round((value - low) / span * (len(bars) - 1))
                text.append(bars[max(0, level)], style="bold")
            numbers = " → ".join(str(v) for v in row[-8:])
            text.append(f"  {'… ' if len(row) > 8 else ''}{numbers}\n")
        return text


def score_chart(screen: Screen[Any] | ModalScreen[Any], state: GameState) -> Static | Any:
    """The score history as a line chart (textual-plotext), or as text with ``--ascii`` or
    in a terminal too small for a chart."""
    from ..widgets.charts import ScorePlot, use_plot  # lazy: plotext is slow to load

    app = screen.app
    if use_plot(app):
        return ScorePlot(state, id="score-plot")
    return ScoreChart(state, app.ascii)  # type: ignore[attr-defined]


def _hand_text(pr: Any, ascii: bool, four: bool) -> Text:
    """One revealed hand: its melds in brackets, then | and the deadwood."""
    hand = Text()
    for meld in pr.melds:
        hand.append("[")
        hand.append_text(cards_text(list(meld), ascii, four))
        hand.append("] ")
    if pr.deadwood:
        hand.append("| ")
        hand.append_text(cards_text(list(pr.deadwood), ascii, four))
    if not pr.melds and not pr.deadwood:
        hand.append_text(cards_text(list(pr.hand), ascii, four) or Text("—"))
    return hand


def _labelled_hand_text(pr: Any, rules: Any, finish: Any, ascii: bool, four: bool) -> Text:
    """Indian: each group labelled as the Indian apps do (Pure sequence, Sequence, Set; the
    cards in no group: Invalid), and the declarer's finish card apart. A hand without two
    sequences, one pure, counts every card: its groups are shown with the reason."""
    why = ""
    if pr.melds:
        checked = check_declaration([c for m in pr.melds for c in m] + list(pr.deadwood), rules)
    else:
        checked = check_declaration(list(pr.hand), rules)
        why = checked.reasons[0] if checked.reasons else ""
    groups: list[tuple[str, list[Any]]] = [(g.label, list(g.cards)) for g in checked.groups]
    if finish is not None:
        groups.append(("Finish slot", [finish]))
    hand = Text()
    for i, (label, cards) in enumerate(groups):
        if i:
            hand.append(" · ", style="dim")
        hand.append(f"{label} ", style="bold red" if label == INVALID else "bold")
        hand.append_text(cards_text(cards, ascii, four))
    if why:
        hand.append(f" ({why}: every card counts)", style="dim")
    return hand


def _hands(state: GameState, result: RoundResult, ascii: bool, four: bool) -> Text:
    """Every hand, one player a paragraph: a DataTable cell does not wrap, and 14 cards
    with brackets do not fit 80 columns beside the scores."""
    # a game of declarations (Indian) labels each group as its declaration counts it
    rules = variant_of(state.variant).rules_for(state)
    labelled = rules.declaration
    text = Text("Hands (groups)\n" if labelled else "Hands (melds | deadwood)\n", style="bold")
    width = max(len(p.name) for p in state.players)
    for seat, (player, pr) in enumerate(zip(state.players, result.players)):
        text.append(f"{player.name:<{width}}  ", style="bold" if seat == result.winner else "")
        if labelled and (pr.melds or pr.deadwood):
            declared = seat == result.winner and result.ending == "declared"
            text.append_text(_labelled_hand_text(
                pr, rules, result.closing_card if declared else None, ascii, four))
        else:
            text.append_text(_hand_text(pr, ascii, four))
        text.append("\n")
    return text


def _results_table(state: GameState, result: RoundResult, ascii: bool, four: bool) -> DataTable:
    table: DataTable = DataTable(zebra_stripes=True, cursor_type="row", id="results")
    table.add_columns("Player", round_word(state).capitalize(), "Total", "Penalty", "Note")
    for seat, (player, pr) in enumerate(zip(state.players, result.players)):
        note = " ".join(t for t in (pr.note, _row_extras(state, result, seat)) if t)
        delta = f"{pr.delta:+d}" if pr.delta else "0"
        table.add_row(Text(player.name, style="bold" if seat == result.winner else ""),
                      delta, str(pr.total), str(pr.penalty), note, key=str(seat))
    return table


class RoundSummaryScreen(ModalScreen[None]):
    """Every hand revealed with its best arrangement; Enter deals the next round."""

    DEFAULT_CSS = """
    RoundSummaryScreen { align: center middle; background: $background 90%; }
    RoundSummaryScreen > Vertical {
        width: 100%; height: 100%; background: $surface; padding: 0 1;
    }
    RoundSummaryScreen #headline { text-style: bold; padding: 1 1 0 1; height: auto; }
    RoundSummaryScreen DataTable { height: auto; margin: 1 0; }
    RoundSummaryScreen #hands { height: auto; margin-bottom: 1; }
    RoundSummaryScreen #summary-body.with-plot { height: auto; max-height: 60%; }
    RoundSummaryScreen Button { margin: 0 1; }
    RoundSummaryScreen #summary-buttons { height: auto; }
    """

    BINDINGS = [
        Binding("enter", "next", "Continue", priority=True, id="summary.continue"),
        Binding("question_mark", "app.help", "Rules", id="app.help"),
    ]

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        app = rummy_app(self)
        state = self.state
        result = state.last_round
        with Vertical():
            if result is None:
                yield Static("The round is over.", id="headline")
            else:
                yield Static(Text(round_headline(state, result)), id="headline")
                paid = variant_of(state.variant).round_payments(
                    [p.name for p in state.players], result)
                if paid:
                    yield Static(Text("\n".join(paid)), id="payments")
            chart = score_chart(self, state)
            plot = not isinstance(chart, ScoreChart)
            # the line chart takes the room left under the results; the text chart scrolls
            # with them
            with VerticalScroll(id="summary-body", classes="with-plot" if plot else ""):
                if result is not None:
                    yield _results_table(state, result, app.ascii, app.four_colour)
                    yield Static(_hands(state, result, app.ascii, app.four_colour),
                                 id="hands")
                if not plot:
                    yield chart
            if plot:
                yield chart
            label = ("See the result" if state.phase == "game_over"
                     else f"Play the next {round_word(state)}")  # not "Deal the next deal"
            with Horizontal(id="summary-buttons"):
                yield Button(f"{label} (Enter)", variant="primary", id="next")
        yield Footer()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_next(self) -> None:
        self.dismiss(None)


class GameOverScreen(Screen[None]):
    """The winner, the standings and the score history; play again or start something new."""

    DEFAULT_CSS = """
    GameOverScreen { align: center top; }
    GameOverScreen #winner { text-style: bold; padding: 1 2; height: auto; width: 1fr;
                             content-align: center middle; background: $boost; }
    GameOverScreen DataTable { height: auto; margin: 1 2; }
    GameOverScreen #gameover-buttons { height: auto; align: center middle; }
    GameOverScreen Button { margin: 0 1; }
    GameOverScreen #score-plot { margin: 0 2; }
    """

    BINDINGS = [
        Binding("p", "play_again", "Play again", id="game_over.play_again"),
        Binding("n", "app.new_game", "New game", id="game_over.new_game"),
        Binding("escape", "app.new_game", "New game", show=False,  # back, as elsewhere
                id="game_over.new_game"),
        Binding("s", "app.statistics", "Statistics", id="game_over.statistics"),
        Binding("ctrl+q", "app.quit", "Quit", id="app.quit"),
    ]

    def __init__(self, state: GameState) -> None:
        super().__init__()
        self.state = state

    def compose(self) -> ComposeResult:
        state = self.state
        title = VARIANT_TITLES.get(state.variant, state.variant)
        if state.winner is not None:
            headline = f"{state.players[state.winner].name} wins the game of {title}!"
        else:
            headline = f"The game of {title} is over."
        yield Static(Text(headline), id="winner")  # a name is data, never markup
        table: DataTable = DataTable(cursor_type="row", id="standings")
        rules = variant_of(state.variant)
        table.add_columns("Place", "Player", "Balance" if rules.scores_are_balances else "Score", "")
        for place, seat in enumerate(self.standings(), start=1):
            player = state.players[seat]
            mark = "winner" if seat == state.winner else (
                "out" if state.eliminated[seat] else "")
            score = rules.score_text(state.scores[seat], state.options)
            table.add_row(str(place), Text(player.name), score, mark)
        yield table
        yield score_chart(self, state)
        with Horizontal(id="gameover-buttons"):
            yield Button("Play again (p)", variant="primary", id="again")
            yield Button("New game (n)", id="new")
            yield Button("Statistics (s)", id="stats")
            yield Button("Quit (ctrl+q)", id="quit")
        yield Footer()

    def standings(self) -> list[int]:
        """The seats best first, as the engine ranks them for this variant."""
        return standings(self.state)

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        action = {"again": "play_again", "new": "app.new_game", "quit": "app.quit",
                  "stats": "app.statistics"}
        await self.run_action(action[event.button.id or "new"])

    def action_play_again(self) -> None:
        state = self.state
        fresh = new_game(state.variant, list(state.players), seed=state.seed + 1,
                         options=state.options)
        rummy_app(self).start_game(fresh)
