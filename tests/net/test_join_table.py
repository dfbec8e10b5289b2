"""``rummy-tui join``'s table against a real host on loopback (net/host.py): a remote seat
draws and discards through the host, a refused move changes nothing and shows the host's
reason, a dropped connection shows "reconnecting" and comes back by itself, there is never
a pass-the-device screen, and no widget ever shows a card of another hand."""

from __future__ import annotations

import asyncio

from rummy_tui.app.dialogs.choose import ConfirmDialog
from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.widgets.card import CardWidget
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.app.widgets.messages import TableMessages
from rummy_tui.app.widgets.net_bar import NetBar
from rummy_tui.core.state import PlayerView
from rummy_tui.net.host import Host
from rummy_tui.net.table import NetTable

from .join_support import joined


def my_turn(j) -> bool:
    state = j.table.state
    return state.to_move == j.seat and state.phase == "draw" and j.screen.session.my_turn()


def no_pass_screen(j) -> None:
    assert not any(isinstance(s, PassDeviceScreen) for s in j.app.screen_stack)


def shown_cards(j) -> list:
    return [w.card for w in j.screen.query(CardWidget)]


async def test_a_remote_seat_draws_and_discards_through_the_host():
    async with joined("rummy", ["remote", "cpu"]) as j:
        await j.until(lambda: my_turn(j), "the remote seat's turn")
        no_pass_screen(j)
        hand = j.screen.query_one(Hand)
        assert sorted(hand.cards) == sorted(j.table.state.hands[j.seat])
        seq = j.table.seq
        await j.pilot.press("s")
        await j.until(lambda: j.screen.state.phase == "play", "the draw's view")
        assert j.table.seq == seq + 1
        assert len(hand.cards) == 11 == len(j.table.state.hands[j.seat])
        card = hand.cursor_card()  # the card drawn: the cursor goes to it
        await j.pilot.press("x")
        await j.until(lambda: j.table.seq >= seq + 2, "the discard applied on the host")
        assert card not in j.table.state.hands[j.seat]
        await j.until(lambda: len(hand.cards) == 10, "the discard's view")
        assert sorted(hand.cards) == sorted(j.table.state.hands[j.seat])
        # the computer moved on the host; the seat's turn comes back, still no pass screen
        await j.until(lambda: my_turn(j), "the remote seat's next turn")
        no_pass_screen(j)


async def test_a_refused_move_shows_the_hosts_reason_and_changes_nothing():
    async with joined("rummy", ["remote", "cpu"]) as j:
        await j.until(lambda: my_turn(j), "the remote seat's turn")
        before, seq = j.screen.state, j.table.seq
        host_state = j.table.state
        await j.pilot.press("x")  # a discard before drawing: the host refuses it
        messages = j.screen.query_one(TableMessages)
        await j.until(lambda: messages.texts(), "the refusal's reason")
        assert messages.feedback is not None and messages.feedback[0] == "Not allowed"
        assert "draw" in messages.texts()[0]
        assert j.screen.state is before and j.table.state is host_state and j.table.seq == seq
        # and the seat plays on: the next key is sent, not held back by the refusal
        await j.pilot.press("s")
        await j.until(lambda: j.screen.state.phase == "play", "the draw after the refusal")


async def test_a_dropped_connection_reconnects_by_itself():
    async with joined("rummy", ["remote", "cpu"]) as j:
        await j.until(lambda: my_turn(j), "the remote seat's turn")
        await j.pilot.press("s")
        await j.until(lambda: j.screen.state.phase == "play", "the draw's view")
        j.relay.refusing = True
        j.relay.cut()
        bar = j.screen.query_one(NetBar)
        await j.until(lambda: "reconnecting" in str(bar.render()), "reconnecting… on screen")
        await j.until(lambda: j.table.seats[j.seat].link is None, "the host sees the drop")
        await j.pilot.press("x")  # no connection: the move is not sent, and says why
        messages = j.screen.query_one(TableMessages)
        assert "Not connected" in messages.texts()[0]
        assert j.table.state.to_move == j.seat and j.table.state.phase == "play"
        j.relay.refusing = False
        await j.until(lambda: j.screen.client.connected and j.table.seats[j.seat].link,
                      "back at the table", steps=1500)
        await j.until(lambda: "reconnecting" not in str(bar.render()), "the line cleared")
        hand = j.screen.query_one(Hand)
        assert sorted(hand.cards) == sorted(j.table.state.hands[j.seat])
        seq = j.table.seq
        await j.pilot.press("x")  # mid-turn, as it was: the discard goes through now
        await j.until(lambda: j.table.seq > seq, "the discard after rejoining")
        assert len(j.table.state.hands[j.seat]) == 10
        no_pass_screen(j)


async def test_the_join_screen_never_shows_another_hand():
    # Basic Rummy has one deck: a card of another hand is nowhere else. Through a whole
    # round with two computer players, after every change, no card widget of the screen
    # shows one, the session holds this seat's view only, and no hand but its own is drawn.
    async with joined("rummy", ["cpu", "remote", "cpu"], seat=1, seed=11) as j:
        moves = 0
        while j.table.state.phase in ("draw", "play") and moves < 60:
            state = j.table.state
            others = {c for i, h in enumerate(state.hands) if i != j.seat for c in h}
            session = j.screen.session
            assert isinstance(session.state, PlayerView) and session.state.player == j.seat
            assert session.viewer == j.seat
            assert not others & set(shown_cards(j))
            assert not others & set(j.screen.query_one(Hand).cards)
            no_pass_screen(j)
            if my_turn(j):
                seq = j.table.seq
                await j.pilot.press("s")
                await j.until(lambda: j.screen.state.phase == "play", "drawn")
                await j.pilot.press("x")
                await j.pilot.pause()
                if isinstance(j.app.screen, ConfirmDialog):  # the card is in a meld
                    await j.pilot.press("y")
                await j.until(lambda: j.table.seq >= seq + 2, "discarded")
                moves += 1
            else:
                await asyncio.sleep(0.01)
        assert moves >= 3


async def test_a_host_that_stops_and_comes_back_is_rejoined():
    # the host's goodbye says "come back" (it stops to be resumed): the seat keeps trying
    async with joined("rummy", ["remote", "cpu"]) as j:
        await j.until(lambda: my_turn(j), "the remote seat's turn")
        bar = j.screen.query_one(NetBar)
        await j.host.stop()
        await j.until(lambda: "reconnecting" in str(bar.render()), "reconnecting… on screen")
        assert not j.screen.ended
        resumed = NetTable(j.table.state, j.table.seats)
        again = Host([resumed])
        await again.start("127.0.0.1", j.relay.target)
        try:
            await j.until(lambda: resumed.seats[j.seat].link is not None, "back at the table",
                          steps=1500)
            await j.until(lambda: "reconnecting" not in str(bar.render()), "the line cleared")
            seq = resumed.seq
            await j.pilot.press("s")
            await j.until(lambda: resumed.seq > seq, "a move at the resumed table")
        finally:
            await again.stop()
