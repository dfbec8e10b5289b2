"""Every meld on the table is on screen (issue 30, item 3): at 80×24 with three to six
players, no meld may scroll out of sight (each beside its owner's seat: test_table_seats)."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest

from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.app.widgets.seats import meld_text
from rummy_tui.core.cards import parse_cards
from rummy_tui.core.engine import new_game
from rummy_tui.core.options import make_options
from rummy_tui.core.state import TableMeld

from .conftest import seats
from .driver import settle

# Sets and runs, as many as a game of six might lay down before anyone goes out.
MELDS = [("AS AH AD", "set"), ("2S 2H 2D", "set"), ("3S 3H 3D", "set"), ("4S 4H 4D", "set"),
         ("5S 5H 5D", "set"), ("6S 6H 6D", "set"), ("7C 8C 9C", "run"), ("10C JC QC", "run"),
         ("7S 8S 9S 10S", "run"), ("JH QH KH", "run")]


def table_of_six(players: str, variant: str = "rummy", more: list | None = None):
    """Ann to move with a table of melds from every seat; the other cards dealt out again
    (each hand keeps its size while it can)."""
    state = new_game(variant, seats(players), seed=3, options=make_options(variant, {})).copy()
    n = len(state.players)
    laid = [TableMeld(owner=i % n, cards=parse_cards(cards), kind=kind)
            for i, (cards, kind) in enumerate(MELDS + (more or []))]
    used = Counter(c for meld in laid for c in meld.cards)
    pool = [c for c in [*state.stock, *(c for h in state.hands for c in h)]]
    left = Counter(pool) - used
    rest = sorted(left.elements())
    sizes = [min(len(h), 3) for h in state.hands]
    hands = []
    for size in sizes:
        hands.append(rest[:size])
        rest = rest[size:]
    state.hands, state.stock, state.table = hands, rest, laid
    state.to_move, state.phase = 0, "draw"
    return state


def meld_shown(text: str, number: int, cards: str) -> bool:
    """The meld in the screen's text (spaces taken out), loose or in its closest writing
    (a seat short of rows writes "1 A♠♥♦", "7 7-9♣": widgets/seats.py)."""
    cards_ = parse_cards(cards)
    loose = f"{number}" + "".join(c.symbol() for c in cards_)
    close = "".join(meld_text(number, cards_, 2).plain.split())
    return loose in text or close in text


def screen_text(app) -> str:
    text = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot()))
    return "".join(text.split())  # the SVG places each run: spaces are not in it


@pytest.mark.parametrize("players", ["Ann,cpu:Bob,cpu:Cy", "Ann,cpu:Bob,cpu:Cy,cpu:Dee,cpu:Eve,cpu:Fay"])
@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
async def test_every_meld_on_the_table_is_on_screen(players, size):
    app = RummyApp(game=table_of_six(players), bot_delay=0, cursor_blink=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("a")  # arranged: a line of labels under the hand
        await pilot.pause()
        assert table.query_one(Hand).labels
        text = screen_text(app)
        for number, (cards, _) in enumerate(MELDS, start=1):
            assert meld_shown(text, number, cards), (number, cards, text)
        # and every seat in the players' box
        for player in table.state.players:
            assert player.name in text


def test_six_players_at_80x24_snapshot(snap_compare):
    app = RummyApp(game=table_of_six("Ann,cpu:Bob,cpu:Cy,cpu:Dee,cpu:Eve,cpu:Fay"), bot_delay=0,
                   cursor_blink=False)
    assert snap_compare(app, press=["a"], terminal_size=(80, 24))
