"""Auto-arrange shows the arrangement that is counted: its melds in order, then deadwood."""

from __future__ import annotations

from rummy_tui.app.rules import best_arrangement, rules_for
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import Hand, InfoLine
from rummy_tui.core.registry import variant_of

from .conftest import make_app
from .driver import settle


async def _arranged(variant, seed, options=None):
    app = make_app(variant, "Ann,cpu:Bob", seed=seed, options=options)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("s")
        await pilot.press("a")
        await pilot.pause()
        state = table.state
        hand = table.query_one(Hand)
        seq = variant_of(state.variant).sequence_down(state, 0)
        counted = best_arrangement(hand.cards, rules_for(state), seq)
        order, sizes = table.session.seats[0].groups
        info = str(table.query_one(InfoLine).render())
        return counted, list(hand.cards), order, sizes, info


async def test_indian_arrange_shows_the_counted_melds():
    seen_counted = seen_relaxed = 0
    for seed in (9, 1, 2, 3, 4, 5):
        counted, cards, order, sizes, info = await _arranged("indian", seed, {"format": "deals"})
        assert order == cards
        if counted.melds:
            seen_counted += 1
            expected = [c for m in counted.melds for c in m.cards] + list(counted.deadwood)
            assert order == expected, seed
            assert sizes[:len(counted.melds)] == [len(m.cards) for m in counted.melds]
            assert "not counted" not in info
        elif len(sizes) > 1:
            seen_relaxed += 1
            assert "not counted yet: needs two sequences, one pure" in info, info
    assert seen_counted, "no seed had a counted arrangement"
