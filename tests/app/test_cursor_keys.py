"""Cursor and selection keys (issue 12, item 5): the card just drawn is marked and under the
cursor; Home and End; Esc clears the selection; u with nothing to undo says so."""

from __future__ import annotations

from rummy_tui.app.dialogs.help import KEYS_MD
from rummy_tui.app.screens.table_bindings import TABLE_BINDINGS
from rummy_tui.app.widgets.card import CardWidget
from rummy_tui.app.widgets.messages import TableMessages

from .conftest import make_app
from .driver import press, table_and_hand


async def test_the_drawn_card_is_marked_and_under_the_cursor():
    app = make_app("rummy", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = await table_and_hand(pilot)
        before = list(hand.cards)
        await press(pilot, "s")
        await pilot.pause()
        drawn = [c for c in hand.cards if c not in before or hand.cards.count(c) > before.count(c)]
        assert len(hand.cards) == len(before) + 1 and drawn
        assert hand.cursor_card() == drawn[0]
        marked = [w.card for w in hand.query(CardWidget) if w.has_class("-new")]
        assert marked == drawn[:1]


async def test_home_end_escape_and_undo_with_nothing_to_undo():
    app = make_app("rummy", "Ann,cpu:Bob", seed=3)
    async with app.run_test(size=(100, 32)) as pilot:
        table, hand = await table_and_hand(pilot)
        await press(pilot, "end")
        assert hand.cursor == len(hand.cards) - 1
        await press(pilot, "home")
        assert hand.cursor == 0
        await press(pilot, "space", "right", "space")
        assert len(hand.selected) == 2
        await press(pilot, "escape")
        assert not hand.selected
        await press(pilot, "u")
        await pilot.pause()
        assert any("Nothing to undo" in m for m in table.query_one(TableMessages).texts())


# How the help writes each key of the table.
_KEY_WORDS = {"left": "←", "right": "→", "home": "Home", "end": "End", "escape": "Esc",
              "shift+left": "shift+←", "shift+right": "shift+→", "less_than_sign": "`<`",
              "greater_than_sign": "`>`", "space": "space", "question_mark": "`?`"}


def test_the_help_lists_every_key_of_the_table():
    """Issue 12: the help's key table (not only the README's) names shift+←/→ and every
    other key the table answers to."""
    missing = []
    for binding in TABLE_BINDINGS:
        for key in binding.key.split(","):
            word = _KEY_WORDS.get(key, key if "+" in key else f"`{key}`")
            if word not in KEYS_MD:
                missing.append(key)
    assert not missing, missing
