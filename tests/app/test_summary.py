"""The round summary: multipliers and bonuses, every hand readable at 80x24; game over
standings from the engine."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.widgets import DataTable, Static

from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.picker import PickerScreen
from rummy_tui.app.screens.summary import GameOverScreen, RoundSummaryScreen
from rummy_tui.core.bots import bot_action
from rummy_tui.core.engine import apply, new_game, standings
from rummy_tui.core.state import PlayerSpec

from .test_snapshots import played_until


def _round_over(variant: str, seed: int):
    state = new_game(variant, [PlayerSpec(n, "normal") for n in "ABC"], seed=seed)
    while state.phase in ("draw", "play"):
        state = apply(state, bot_action(state))
    return state


def _cells(screen) -> list[list[str]]:
    table = screen.query_one("#results", DataTable)
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def _summary(state, size=(100, 32)):
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoundSummaryScreen)
        headline = str(screen.query_one("#headline", Static).render())
        hands = str(screen.query_one("#hands", Static).render())
        scroll = screen.query_one(VerticalScroll)
        return headline, _cells(screen), hands, scroll.max_scroll_x


async def test_remigio_shows_the_closing_multiplier_in_the_headline_and_rows():
    state = _round_over("remigio", 1)  # B closes with no joker: x2
    result = state.last_round
    assert result.multiplier == 2
    headline, rows, _, _ = await _summary(state)
    assert "closing multiplier ×2" in headline, headline
    losers = [r for seat, r in enumerate(rows) if seat != result.winner]
    assert all("×2" in r[4] for r in losers), rows


async def test_remigio_shows_x1_too():
    state = _round_over("remigio", 2)
    assert state.last_round.multiplier == 1
    headline, _, _, _ = await _summary(state)
    assert "×1" in headline, headline


async def test_remi_shows_the_closing_bonus_on_the_closer_row():
    # the first seeded round that ends with a closing card (not on an empty stock)
    state = next(s for s in map(lambda seed: _round_over("remi", seed), range(1, 30))
                 if s.last_round.bonus)
    result = state.last_round
    assert result.bonus
    headline, rows, _, _ = await _summary(state)
    assert f"closing bonus {result.bonus}" in headline
    assert f"+{result.bonus} bonus" in rows[result.winner][4], rows


async def test_every_hand_is_readable_at_80x24():
    state = played_until("rummy", "Ann,Bob,cpu:Cy", 21, "round_over")
    _, _, hands, scroll_x = await _summary(state, (80, 24))
    assert scroll_x == 0
    for pr in state.last_round.players:
        for card in pr.hand:
            assert card.symbol() in hands, (card, hands)


async def test_game_over_standings_are_the_engines():
    state = played_until("indian", "Ann,cpu:Bob,cpu:Cy", 5, "game_over", {"format": "pool101"})
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        table = screen.query_one("#standings", DataTable)
        names = [str(table.get_row_at(i)[1]) for i in range(table.row_count)]
        assert names == [state.players[s].name for s in standings(state)]
        marks = [str(table.get_row_at(i)[3]) for i in range(table.row_count)]
        assert marks.count("out") == sum(state.eliminated)
        await pilot.press("escape")  # back to the picker, as "n" does
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert app.game is None


async def test_fournier_summary_says_who_paid_whom():
    state = played_until("remigio-fournier", "Ann,cpu:Bob,cpu:Cy", 3, "round_over")
    result = state.last_round
    closer = state.players[result.winner].name
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, RoundSummaryScreen)
        lines = str(app.screen.query_one("#payments", Static).render()).splitlines()
    losers = [s for s, r in enumerate(result.players) if s != result.winner and r.delta]
    assert len(lines) == len(losers) > 0
    for seat, line in zip(losers, lines):
        r = result.players[seat]
        assert line == (f"{state.players[seat].name} pays {closer} {-r.delta} "
                        f"({r.penalty} × {result.multiplier or 1})")
    assert sum(r.delta for r in result.players) == 0


async def test_game_over_buttons_do_what_their_keys_do():
    # The buttons ran their action as a coroutine never awaited: a click did nothing
    # (mypy's unused-coroutine found it).
    state = played_until("indian", "Ann,cpu:Bob,cpu:Cy", 5, "game_over", {"format": "pool101"})
    app = RummyApp(game=state, bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.click("#new")
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert app.game is None
