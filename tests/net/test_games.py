"""Every game plays over the wire: two remote seats (scripted clients choosing from their own
views) and a computer seat play a deal to its summary, and the next deal is dealt when both
remote seats ask for it."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from rummy_tui.core.engine import view
from rummy_tui.core.registry import variant_keys

from .helpers import Client, hosting, make_table, my_move, play_to_the_end


@pytest.mark.parametrize("variant", variant_keys())
async def test_a_deal_to_its_summary_and_the_next_deal(variant: str) -> None:
    table = make_table(variant, ["remote", "cpu", "remote"], seed=17)
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        clients = []
        for _, code in table.code_seats():
            clients.append(await Client(session, port).connect())
            await clients[-1].hello(code)
        await asyncio.wait_for(asyncio.gather(
            *(play_to_the_end(c, stop_at="round_over") for c in clients)), 120)
        assert table.state.phase in ("round_over", "game_over")
        for client in clients:
            assert client.view is not None
            assert client.view == view(table.state, client.view.player)
            assert client.view.last_round is not None and client.view.last_round.round_no == 1
        if table.state.phase == "game_over":
            return  # a game of one deal (Indian Rummy's points format)
        # one seat asks for the next deal: the table waits for the other
        first, second = clients
        assert first.view is not None and second.view is not None
        await first.act(my_move(first.view, set()))
        presence = await second.until("presence")
        while not presence.seats[0].ready:
            presence = await second.until("presence")
        assert [s.ready for s in presence.seats] == [True, False, False]
        assert table.state.phase == "round_over"
        await second.act(my_move(second.view, set()))
        while second.view.round_no == 1:
            await second.until("view")
        assert table.state.round_no == 2 and table.state.phase in ("draw", "play")
        assert not any(seat.ready for seat in table.seats)
