"""The table's keys: phase enforcement with the engine's reasons, undo, sort, go out."""

from __future__ import annotations

from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.core.cards import make_deck, parse_cards
from rummy_tui.core.engine import new_game
from rummy_tui.core.state import PlayerSpec

from .conftest import make_app
from .driver import settle


def _messages(app) -> list[str]:
    from rummy_tui.app.widgets.messages import TableMessages

    from .driver import table_of

    return table_of(app).query_one(TableMessages).texts()


async def test_discard_before_drawing_is_refused_with_the_rule():
    app = make_app("rummy", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        before = table.state
        # Discard is not legal yet: not in the footer, and refused by the engine.
        assert not table.check_action("discard", ())
        assert table.check_action("draw_stock", ())
        await pilot.press("x")
        await pilot.pause()
        assert table.state is before
        assert any("draw" in m.lower() for m in _messages(app)), _messages(app)


async def test_undo_restores_a_meld_but_never_a_draw():
    app = make_app("rummy", "Ann,cpu:Bob", seed=2)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("s")
        await pilot.pause()
        drawn = table.state
        assert not table.check_action("undo", ())  # a draw is never undone
        await pilot.press("a")  # an arrangement can be undone
        await pilot.pause()
        assert table.check_action("undo", ())
        await pilot.press("u")
        await pilot.pause()
        assert table.state is drawn
        assert not table.check_action("undo", ())


async def test_sort_by_rank_then_suit_keeps_the_cards():
    app = make_app("indian", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        hand = app.screen.query_one(Hand)
        cards = sorted(hand.cards)
        await pilot.press("o")
        await pilot.pause()
        ranks = [c.rank for c in hand.cards if not c.is_joker]
        assert ranks == sorted(ranks)
        await pilot.press("o")
        await pilot.pause()
        suits = [c.suit for c in hand.cards if not c.is_joker]
        assert suits == sorted(suits)
        assert sorted(hand.cards) == cards


async def test_go_out_lays_the_melds_and_discards_the_last_card():
    # Ann holds two runs and an odd card; the stock gives her JH: c goes out.
    state = new_game("rummy", [PlayerSpec("Ann"), PlayerSpec("Bob", "normal")], seed=1)
    mine = parse_cards("AS 2S 3S 4S 7H 8H 9H 10H QD")
    top = parse_cards("JH")[0]
    others = [c for c in make_deck() if c not in mine and c != top]
    state = state.copy()
    state.hands = [mine, others[:10]]
    state.discard = [others[10]]
    state.stock = others[11:] + [top]
    state.to_move = 0
    state.phase = "draw"
    from rummy_tui.app.app import RummyApp

    app = RummyApp(game=state, bot_delay=0, cursor_blink=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        table = app.screen
        assert table.check_action("go_out", ())
        await pilot.press("c")
        await settle(pilot)
        assert table.state.history, "the round did not end"
        assert table.state.history[-1].winner == 0
