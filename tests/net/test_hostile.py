"""Hostile clients: malformed, oversized, wrong-version, replayed, out-of-turn and forged
messages, and guessed codes. Each is refused, the game is unchanged, and the host goes on
serving the others."""

from __future__ import annotations

import json
from typing import Any

import aiohttp
import pytest

from rummy_tui.core.engine import legal_actions
from rummy_tui.core.state import Discard, DrawStock
from rummy_tui.net import host as host_module
from rummy_tui.net.host import Limits
from rummy_tui.net.protocol import MAX_CLIENT_MESSAGE, Ping, encode

from .helpers import Client, hosting, make_table


async def seated(session: aiohttp.ClientSession, port: int, table: Any) -> dict[int, Client]:
    clients = {}
    for seat, code in table.code_seats():
        clients[seat] = await Client(session, port).connect()
        await clients[seat].hello(code)
        await clients[seat].until("view")
    return clients


async def still_served(client: Client) -> None:
    await client.send(encode(Ping(type="ping", nonce=42)))
    message = await client.until("pong")
    assert message.nonce == 42


def act_text(seq: int, name: str, args: dict[str, Any], **extra: Any) -> str:
    return json.dumps({"type": "act", "seq": seq, "action": {"name": name, "args": args}, **extra})


async def test_bad_messages_are_refused_and_change_nothing() -> None:
    table = make_table("rummy", ["remote", "remote", "remote"], seed=5)
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        clients = await seated(session, port, table)
        mover = clients[table.state.to_move]
        other = clients[(table.state.to_move + 1) % 3]
        before, seq = table.state, table.seq
        hand = table.state.hands[table.state.to_move]
        not_in_hand = next(c for c in table.state.stock)
        cases = [
            ("{not json", "not a JSON message"),
            ("x" * (MAX_CLIENT_MESSAGE + 1), "message too large"),
            (json.dumps({"type": "shout"}), "bad message"),
            (json.dumps({"type": "ping", "nonce": "1"}), "bad message"),  # strict: no "1" for 1
            (json.dumps([1, 2, 3]), "bad message"),
            ("[" * 3000 + "]" * 3000, "message too large"),
            ("[" * 2000, "not a JSON message"),
            # forged: an act naming a seat, or a move no game has
            (act_text(seq, "DrawStock", {}, seat=1), "bad message"),
            (act_text(seq, "DeleteFile", {"path": 1}), "there is no move called DeleteFile"),
            (act_text(seq, "Discard", {}), "Discard needs its field card"),
            (act_text(seq, "Discard", {"card": "ZZ"}), "bad message"),
            (act_text(seq, "Discard", {"card": "7D", "x": 1}), "Discard has no field x"),
            (act_text(seq, "Discard", {"card": ["7D"]}), "Discard.card must be a card code"),
            # the rules: no discard before the draw, no card that is not in the hand
            (act_text(seq, "Discard", {"card": hand[0].code}), "draw"),
            (act_text(seq, "Meld", {"cards": [not_in_hand.code] * 3}), ""),
            # replayed / stale: a move chosen on an older view
            (act_text(seq - 1, "DrawStock", {}), "stale move"),
            (act_text(seq + 5, "DrawStock", {}), "stale move"),
            (json.dumps({"type": "hello", "v": 1, "code": "A" * 22}), "already seated"),
            (json.dumps({"type": "chat", "text": "x" * 201}), "bad message"),
            (json.dumps({"type": "chat", "text": "bell\x07"}), "bad message"),
        ]
        for text, reason in cases:
            await mover.send(text)
            message = await mover.until("refused")
            assert reason in message.reason, (text[:60], message.reason)
            assert "\n" not in message.reason and len(message.reason) <= 300
            assert table.state is before and table.seq == seq
        await mover.send(b"\x00binary")
        assert "binary" in (await mover.until("refused")).reason
        # out of turn: a legal move, from the wrong seat
        await other.act(DrawStock())
        assert "not your turn" in (await other.until("refused")).reason
        assert table.state is before and table.seq == seq
        await still_served(other)
        # the right seat's legal move still goes through, once; its replay is refused
        await mover.act(DrawStock())
        await mover.until("view")
        assert table.seq == seq + 1 and table.state.phase == "play"
        await mover.act(DrawStock(), seq=seq)
        assert "stale move" in (await mover.until("refused")).reason
        assert table.seq == seq + 1
        await still_served(other)


async def test_frame_past_the_limit_closes_only_that_connection() -> None:
    table = make_table("rummy", ["remote", "remote"], seed=5)
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        clients = await seated(session, port, table)
        first, second = clients[0], clients[1]
        assert first.ws is not None
        await first.ws.send_str("y" * (host_module.MAX_FRAME + 10))
        while await first.recv() is not None:
            pass
        assert first.ws.closed
        await still_served(second)
        # the seat waits for its player, who can come back
        again = await Client(session, port).connect()
        await again.hello(table.seats[0].code or "")
        await again.until("view")


async def test_guessed_codes_are_refused_then_the_address_is_paused() -> None:
    table = make_table("rummy", ["remote", "remote"], seed=5)
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        player = await Client(session, port).connect()
        await player.hello(table.seats[1].code or "")
        await player.until("view")
        code = table.seats[0].code or ""
        guesses = [code[:-1] + ("A" if code[-1] != "A" else "B"), "A" * 22, code.upper()
                   if code.upper() != code else code.lower(), "0" * 64, "a" * 16]
        for guess in guesses:
            guesser = await Client(session, port).connect()
            await guesser.hello(guess)
            assert "no seat" in (await guesser.until("refused")).reason
            assert (await guesser.until("bye")).reason == "wrong invitation code"
        # the right code from the same address is now refused too, for a while
        guesser = await Client(session, port).connect()
        await guesser.hello(code)
        assert "too many wrong" in (await guesser.until("refused")).reason
        assert table.seats[0].link is None
        await still_served(player)


async def test_wrong_version_no_hello_and_a_hello_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    table = make_table("rummy", ["remote", "remote"], seed=5)
    monkeypatch.setattr(host_module, "HELLO_TIMEOUT", 0.2)
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        old = await Client(session, port).connect()
        await old.hello(table.seats[0].code or "", v=99)
        assert "protocol version 1, not 99" in (await old.until("refused")).reason
        assert await old.until("bye")
        early = await Client(session, port).connect()
        await early.send(encode(Ping(type="ping", nonce=1)))
        assert "hello" in (await early.until("refused")).reason
        silent = await Client(session, port).connect()
        assert "no hello" in (await silent.until("bye")).reason
        assert all(seat.link is None for seat in table.seats)


async def test_limits_on_rate_and_connections() -> None:
    table = make_table("rummy", ["remote", "remote"], seed=5)
    limits = Limits(max_connections=3, max_per_address=2, rate_burst=5, rate=0.01)
    async with hosting(table, limits=limits) as (host, port), aiohttp.ClientSession() as session:
        a = await Client(session, port).connect()
        await a.hello(table.seats[0].code or "")
        await a.until("view")
        for nonce in range(8):
            await a.send(encode(Ping(type="ping", nonce=nonce)))
        refusals = 0
        pongs = 0
        while pongs + refusals < 8:
            message = await a.recv()
            pongs += message.type == "pong"
            refusals += message.type == "refused" and "too many messages" in message.reason
        assert pongs == 4 and refusals == 4  # the burst, less the hello
        b = await Client(session, port).connect()
        with pytest.raises(aiohttp.WSServerHandshakeError) as raised:
            await Client(session, port).connect()
        assert raised.value.status == 429
        await b.close()


async def test_chat_is_data_and_rate_limited() -> None:
    table = make_table("rummy", ["remote", "remote"], seed=5)
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        clients = await seated(session, port, table)
        text = "[bold red]hi[/] \u202eevil <b>x</b>"
        await clients[0].send(json.dumps({"type": "chat", "text": text}))
        line = await clients[1].until("chat")
        assert line.text == text and line.seat == 0 and line.name == "P0"
        for _ in range(6):
            await clients[0].send(json.dumps({"type": "chat", "text": "spam"}))
        assert "too much chat" in (await clients[0].until("refused")).reason


def test_every_legal_move_of_a_deal_goes_over_the_wire() -> None:
    """Each legal move of a state survives the protocol's action codec unchanged."""
    from rummy_tui.net.protocol import decode_action, decode_client, encode_action, Act

    table = make_table("rummy", ["remote", "remote"], seed=9)
    moves = legal_actions(table.state) + [Discard(table.state.hands[0][0])]
    for move in moves:
        text = encode(Act(type="act", seq=1, action=encode_action(move)))
        message = decode_client(text)
        assert isinstance(message, Act) and decode_action(message.action) == move


async def test_a_connection_whose_seat_was_taken_cannot_act_for_it() -> None:
    table = make_table("rummy", ["remote", "remote"], seed=5)
    mover = table.state.to_move
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        old = await Client(session, port).connect()
        await old.hello(table.seats[mover].code or "")
        await old.until("view")
        new = await Client(session, port).connect()
        await new.hello(table.seats[mover].code or "")
        await new.until("view")
        before, seq = table.state, table.seq
        try:
            await old.act(DrawStock())
        except ConnectionError:
            pass  # already closed: as good
        await still_served(new)
        assert table.state is before and table.seq == seq
        await new.act(DrawStock())
        await new.until("view")
        assert table.seq == seq + 1
