"""The host is the authority and a client only ever gets its own seat's view: every frame sent
to each remote seat over a whole game, checked against the host's hidden cards at the moment
it was sent (issue 28's wire test)."""

from __future__ import annotations

import asyncio
import json
from collections import Counter
from typing import Any

import aiohttp
import pytest

from rummy_tui.core.cards import Card
from rummy_tui.core.state import GameState
from rummy_tui.net import host as host_module

from .helpers import Client, hosting, make_table, play_to_the_end

FORBIDDEN_KEYS = {"hands", "stock", "seed", "hand_order", "laid"}


def _walk(value: Any, path: tuple[Any, ...], out: list[tuple[tuple[Any, ...], Any]]) -> None:
    out.append((path, value))
    if isinstance(value, dict):
        for k, v in value.items():
            _walk(v, path + (k,), out)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _walk(v, path + (i,), out)


def _exempt(path: tuple[Any, ...], data: dict[str, Any], state: GameState) -> bool:
    """A place where the rules show cards of an earlier (or just finished) round: the round
    results, and the log of earlier rounds."""
    if len(path) < 2 or path[0] != "view":
        return False
    view = data["view"]
    over = state.phase in ("round_over", "game_over")
    if path[1] == "history":
        return True if len(path) == 2 else view["history"][path[2]]["round_no"] < state.round_no or over
    if path[1] == "last_round":
        last = view["last_round"]
        return last is not None and (last["round_no"] < state.round_no or over)
    if path[1] == "log" and len(path) >= 3:
        return view["log"][path[2]]["round_no"] < state.round_no
    return False


def check_frame(text: str, seat: int, state: GameState) -> int:
    """Assert that this frame, sent to ``seat`` when the host's state was ``state``, shows no
    hidden card: none of the stock, none of another hand that not everyone saw, and the
    seat's own hand as it is. Returns the number of card codes checked."""
    data = json.loads(text)
    nodes: list[tuple[tuple[Any, ...], Any]] = []
    _walk(data, (), nodes)
    for path, value in nodes:
        if isinstance(value, dict):
            assert not FORBIDDEN_KEYS & set(value), (path, FORBIDDEN_KEYS & set(value))
    seen = {c for e in state.log if e.round_no == state.round_no
            for c in getattr(e, "cards", ()) or ((e.card,) if hasattr(e, "card") else ())}
    hidden = set(state.stock) | {c for q, h in enumerate(state.hands) if q != seat for c in h}
    hidden -= seen
    codes = {c.code for c in hidden}
    exempt = Counter[str]()
    checked = 0
    for path, value in nodes:
        if isinstance(value, str) and value in codes:
            assert _exempt(path, data, state), f"hidden card {value} at {path} for seat {seat}"
            exempt[value] += 1
        checked += isinstance(value, str) and len(value) <= 3
    # every byte: a hidden card's code appears in the raw text only where the walk found it
    for code in codes:
        assert text.count(f'"{code}"') == exempt[code], (code, seat)
    if data.get("type") == "view":
        assert sorted(data["view"]["hand"]) == sorted(c.code for c in state.hands[seat])
        assert data["view"]["stock_count"] == len(state.stock)
    return checked


@pytest.mark.parametrize("variant, rules", [
    ("rummy", {"rounds": 2}),  # two deals, a card taken from the pile, lay-offs
    ("remi", {"target": 60}),  # pick-ups from deep in the pile, melds on the table
])
async def test_no_client_ever_receives_a_hidden_card(
        monkeypatch: Any, variant: str, rules: dict[str, Any]) -> None:
    # one deck: each card's code names one card, so a hidden card's code is a leak anywhere
    table = make_table(variant, ["remote", "cpu", "remote", "cpu"], seed=11, rules=rules)
    sent: dict[int, list[tuple[str, GameState]]] = {}
    links: dict[int, int] = {}
    original = host_module.WebSocketLink.send

    def recording_send(self: Any, text: str) -> None:
        seat = links.get(id(self))
        if seat is None:  # the welcome comes first: the seat it is for
            seat = json.loads(text)["seat"]
            links[id(self)] = seat
        sent.setdefault(seat, []).append((text, table.state))
        original(self, text)

    monkeypatch.setattr(host_module.WebSocketLink, "send", recording_send)
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        clients = {}
        for seat, code in table.code_seats():
            clients[seat] = await Client(session, port).connect()
            await clients[seat].hello(code)
        await asyncio.gather(*(play_to_the_end(c) for c in clients.values()))
        assert table.state.phase == "game_over" and len(table.state.history) >= 2
        checked = 0
        for seat, client in clients.items():
            frames = [text for text, _ in sent[seat]]
            # what the client received is exactly what was recorded, in order
            assert client.frames == frames[: len(client.frames)]
            assert len(client.frames) > 50
            for text, state in sent[seat]:
                checked += check_frame(text, seat, state)
        assert checked > 1000


def test_the_check_finds_a_leak() -> None:
    """The check above is not vacuous: another hand's card, or a stock card, in a frame fails."""
    table = make_table("rummy", ["remote", "remote"], seed=3)
    state = table.state
    from rummy_tui.core.engine import view
    from rummy_tui.net.protocol import view_message

    good = view_message(view(state, 0), 1)
    check_frame(good, 0, state)
    other: Card = state.hands[1][0]
    for leak in (good.replace('"vs":', f'"note":"{other.code}","vs":'),
                 good.replace('"hand":[', f'"hand":["{other.code}",'),
                 good.replace('"discard":[', f'"discard":["{state.stock[-1].code}",')):
        assert leak != good
        try:
            check_frame(leak, 0, state)
        except AssertionError:
            continue
        raise AssertionError("a leak passed the check")
