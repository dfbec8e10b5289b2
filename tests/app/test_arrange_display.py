"""Auto-arrange shows the arrangement that is counted: its melds in order, then deadwood."""

from __future__ import annotations

import pytest

from rummy_tui.app.rules import best_arrangement, rules_for
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import Hand, InfoLine
from rummy_tui.core.registry import variant_of

from .conftest import make_app
from .driver import settle


def check_the_counted_order(table: TableScreen, info: str) -> bool:
    """After s and a: the hand shows the counted arrangement, its melds in order then its
    deadwood, or says why a grouping is not counted yet. True when an arrangement counted."""
    state = table.state
    hand = table.query_one(Hand)
    seq = variant_of(state.variant).sequence_down(state, 0)
    counted = best_arrangement(hand.cards, rules_for(state), seq)
    order, sizes = table.session.seats[0].groups
    assert order == list(hand.cards)
    if counted.melds:
        expected = [c for m in counted.melds for c in m.cards] + list(counted.deadwood)
        assert order == expected, state.seed
        assert sizes[:len(counted.melds)] == [len(m.cards) for m in counted.melds]
        assert "not counted" not in info
        return True
    if len(sizes) > 1:
        assert "not counted yet: needs two sequences, one pure" in info, info
    return False


# The same six games at 80x24 are walked, with these checks, by test_hand_box_text's quick
# case: this 100x32 walk (six games, ~2 CPU-s) is another size of the same check (issue 26).
@pytest.mark.slow
async def test_indian_arrange_shows_the_counted_melds():
    seen_counted = 0
    for seed in (9, 1, 2, 3, 4, 5):
        app = make_app("indian", "Ann,cpu:Bob", seed=seed, options={"format": "deals"})
        async with app.run_test(size=(100, 32)) as pilot:
            await settle(pilot)
            table = app.screen
            assert isinstance(table, TableScreen)
            await pilot.press("s")
            await pilot.press("a")
            await pilot.pause()
            seen_counted += check_the_counted_order(table, str(table.query_one(InfoLine).render()))
    assert seen_counted, "no seed had a counted arrangement"
