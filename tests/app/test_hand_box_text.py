"""The hand box's text is never cut (issue 30, item 6): the line under the hand keeps its
reason at 80 and 100 columns, and a one-card group's label is a mark, not a cut word."""

from __future__ import annotations

import html
import re

import pytest

from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import GroupLabels, Hand, InfoLine

from .conftest import make_app
from .driver import settle
from .test_arrange_display import check_the_counted_order
from .keys import send_keys, settled


def screen_text(app) -> str:
    return "".join(html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).split())


@pytest.mark.parametrize("size", [(80, 24), pytest.param((100, 32), marks=pytest.mark.slow)])
async def test_the_reason_under_an_arranged_hand_is_whole(size):
    seen = seen_counted = 0
    for seed in (1, 2, 3, 4, 5, 9):
        app = make_app("indian", "Ann,cpu:Bob", seed=seed, options={"format": "deals"})
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            await send_keys(app, ["s", "a"])
            await settled(app)
            await pilot.pause()
            info = table.query_one(InfoLine)
            # the same games as test_arrange_display's (its 100x32 walk is slow): the order
            # shown is the arrangement that is counted (issue 26: one walk, both checks)
            seen_counted += check_the_counted_order(table, str(info.render()))
            if "not counted yet" not in info.text:
                continue
            seen += 1
            shown = "".join(str(info.render()).split())
            assert shown.endswith("needstwosequences,onepure"), shown
            assert "needstwosequences,onepure" in screen_text(app)
            hand = table.query_one(Hand)
            rows = [str(line.render()) for line in hand.query(GroupLabels)]
            assert not any(re.search(r"\b(Inva|Dead)\b", row) for row in rows), rows
    assert seen, "no seed grouped a hand that does not count yet"
    assert seen_counted, "no seed had a counted arrangement"


def test_a_one_card_group_is_marked_not_cut():
    line = GroupLabels([(0, 4, "Invalid"), (6, 4, "Deadwood"), (12, 14, "Pure sequence")])
    text = str(line.render())
    assert "Inva" not in text and "Dead" not in text, text
    assert text.count("✗") == 2 and "Pure sequence" in text, text
    plain = GroupLabels([(0, 4, "Invalid")], ascii=True)
    assert str(plain.render()).strip() == "x"


def test_an_arranged_hand_that_does_not_count_yet_at_80x24(snap_compare):
    # seed 9: the hand groups into melds that do not count yet (no pure sequence)
    app = make_app("indian", "Ann,cpu:Bob", seed=9, options={"format": "deals"})
    assert snap_compare(app, press=["s", "a"], terminal_size=(80, 24))
