"""Real-world connections: a dropped client rejoins and sees the table as it is now; the host
hands a disconnected seat to a computer player and back; after a host restart
(``--resume``) the same invitations work; a finished game is in the statistics."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from rummy_tui.core.engine import view
from rummy_tui.core.state import Discard, DrawStock
from rummy_tui.history import store
from rummy_tui.net.invites import read_invites, write_invites
from rummy_tui.net.table import NetTable
from rummy_tui.saves import load_game

from .helpers import Client, hosting, make_table, play_to_the_end, settle


async def test_a_dropped_client_rejoins_mid_turn_and_sees_the_table_now() -> None:
    table = make_table("rummy", ["remote", "remote", "remote"], seed=21)
    mover = table.state.to_move
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        a = await Client(session, port).connect()
        await a.hello(table.seats[mover].code or "")
        await a.until("view")
        watcher_seat = (mover + 1) % 3
        b = await Client(session, port).connect()
        await b.hello(table.seats[watcher_seat].code or "")
        await b.until("view")
        await a.act(DrawStock())
        await a.until("view")
        await a.close()
        presence = await b.until("presence")
        while presence.seats[mover].connected:
            presence = await b.until("presence")
        assert presence.to_move == mover and presence.phase == "play"
        # the table goes on without them only through the host; rejoin mid-turn
        again = await Client(session, port).connect()
        await again.hello(table.seats[mover].code or "", )
        welcome = await again.until("welcome")
        assert welcome.seat == mover
        await again.until("view")
        assert again.view == view(table.state, mover)  # the whole log, the drawn card
        assert again.tracker.log == table.state.log
        await again.act(Discard(again.view.hand[0]))
        await again.until("view")
        assert table.state.to_move != mover
        # a second connection with the same code takes the seat; the first is told why
        third = await Client(session, port).connect()
        await third.hello(table.seats[mover].code or "")
        await third.until("view")
        bye = await again.until("bye")
        assert "taken by a new connection" in bye.reason and not bye.retry


async def test_the_host_hands_a_seat_to_a_computer_player_and_back() -> None:
    table = make_table("rummy", ["remote", "remote"], seed=4)
    mover = table.state.to_move
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        watcher = await Client(session, port).connect()
        await watcher.hello(table.seats[1 - mover].code or "")
        await watcher.until("view")
        turn = table.state.turn
        await watcher.until("presence")  # the one of its own arrival
        table.hand_to_computer(mover, "easy")
        presence = await watcher.until("presence")
        assert presence.seats[mover].standin == "easy"
        for _ in range(100):
            if table.state.to_move != mover:
                break
            await settle()
        assert table.state.to_move == 1 - mover and table.state.turn == turn + 1
        table.hand_to_computer(mover, None)
        presence = await watcher.until("presence")
        while presence.seats[mover].standin is not None:
            presence = await watcher.until("presence")
        assert presence.seats[mover].standin is None and not presence.seats[mover].connected
        # a computer player never answers for a seat its player is back at
        back = await Client(session, port).connect()
        await back.hello(table.seats[mover].code or "")
        await back.until("view")
        assert not table.seats[mover].standin


async def test_resume_restores_the_table_and_the_same_invitations(tmp_path: Path) -> None:
    path = tmp_path / "hosted.json"
    table = make_table("rummy", ["remote", "cpu", "remote"], seed=8, save_path=path)
    write_invites(path, table.seats)
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        clients = {}
        for seat, code in table.code_seats():
            clients[seat] = await Client(session, port).connect()
            await clients[seat].hello(code)
        # play until some moves are on the table, then the host stops (and saves)
        await asyncio.wait_for(asyncio.gather(
            *(play_to_the_end(c, stop_at="round_over") for c in clients.values())), 60)
        before = table.state
    assert (os.stat(path).st_mode & 0o777) == 0o600
    assert (os.stat(path.with_name("hosted.json.invites")).st_mode & 0o777) == 0o600
    state = load_game(path)
    assert state == before
    seats = read_invites(path, len(state.players))
    assert [s.code for s in seats] == [s.code for s in table.seats]
    resumed = NetTable(state, seats, save_path=path)
    async with hosting(resumed) as (host, port), aiohttp.ClientSession() as session:
        client = await Client(session, port).connect()
        await client.hello(table.seats[2].code or "")
        await client.until("view")
        assert client.view == view(before, 2)


async def test_a_finished_game_is_in_the_statistics(tmp_path: Path) -> None:
    path = tmp_path / "stats-game.json"
    table = make_table("rummy", ["remote", "cpu"], seed=2, rules={"rounds": 1},
                       save_path=path, record_stats=True)
    async with hosting(table) as (host, port), aiohttp.ClientSession() as session:
        client = await Client(session, port).connect()
        await client.hello(table.seats[0].code or "")
        await asyncio.wait_for(play_to_the_end(client), 60)
        for _ in range(200):
            if "stats-game" in store.load().game_ids():
                break
            await asyncio.sleep(0.02)
    assert "stats-game" in store.load().game_ids()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(args: list[str], saves: Path) -> tuple[subprocess.Popen[str], list[str]]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "rummy_tui", "host", *args, "--saves-dir", str(saves),
         "--bot-delay", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    lines = [proc.stdout.readline(), proc.stdout.readline()]
    return proc, lines


async def test_rummy_tui_host_prints_invitations_and_resumes_with_them(tmp_path: Path) -> None:
    port = _free_port()
    proc, lines = _start(["--variant", "rummy", "--seats", "remote:Bob,remote:Chen",
                          "--port", str(port), "--seed", "5"], tmp_path)
    try:
        assert lines[0].startswith(f"Bob: rummy-tui join 127.0.0.1:{port} ")
        assert lines[1].startswith(f"Chen: rummy-tui join 127.0.0.1:{port} ")
        codes = [line.split()[-1] for line in lines]
        async with aiohttp.ClientSession() as session:
            clients = []
            for code in codes:
                clients.append(await Client(session, port).connect())
                await clients[-1].hello(code)
                welcome = await clients[-1].until("welcome")
                await clients[-1].until("view")
            assert welcome.names == ["Bob", "Chen"] and welcome.kinds == ["remote", "remote"]
            assert clients[0].view is not None
            mover = clients[clients[0].view.to_move]
            await mover.act(DrawStock())
            await mover.until("view")
            assert mover.view is not None and mover.view.phase == "play"
            seq, seen = mover.seq, mover.view
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    save = next(tmp_path.glob("*.json"))
    assert "--resume" in err
    port2 = _free_port()
    proc, lines2 = _start(["--resume", str(save), "--port", str(port2)], tmp_path)
    try:
        assert lines2 == [line.replace(str(port), str(port2)) for line in lines]
        async with aiohttp.ClientSession() as session:
            again = await Client(session, port2).connect()
            await again.hello(codes[seen.player])
            await again.until("view")
            # the same table, mid-turn, and the view numbers go on from where they were
            assert again.view == seen and again.seq == seq
            await again.act(Discard(seen.hand[0]))
            await again.until("view")
            assert again.seq == seq + 1
    finally:
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err


def test_the_host_console_hands_seats_over_and_back() -> None:
    from rummy_tui.commands.host import _command

    table = make_table("rummy", ["remote", "remote", "cpu"], seed=2)
    said: list[str] = []

    class Watcher:
        def send(self, text: str) -> None:
            said.append(text)

        def close(self, reason: str, retry: bool = False) -> None:
            pass

    table.seats[1].link = Watcher()
    assert _command(table, "who") == "P0: remote (disconnected); P1: remote (connected); P2: cpu"
    assert "hard computer player" in _command(table, "cpu p0 hard")
    assert table.seats[0].standin and table.seats[0].bot == "hard"
    assert '"standin":"hard"' in said[-1]
    assert "waits for its player" in _command(table, "back P0")
    assert not table.seats[0].standin
    assert _command(table, "cpu P2").startswith("no remote seat")
    assert _command(table, "cpu Nobody \x1b[2J").startswith("no remote seat called 'Nobody \\x1b[2J'")
    assert _command(table, "say [b]hello[/b]") == "said"
    assert '"name":"host","text":"[b]hello[/b]"' in said[-1]
    assert _command(table, "format c:").startswith("commands:")


def test_presence_counts_the_thinking_time_from_the_start_of_the_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import json as json_module

    from rummy_tui.net import table as table_module

    clock = [100.0]
    monkeypatch.setattr(table_module.time, "monotonic", lambda: clock[0])
    table = make_table("rummy", ["remote", "remote"], seed=2)
    mover = table.state.to_move

    def thinking() -> float:
        return float(json_module.loads(table.presence())["thinking"])

    clock[0] += 7
    assert thinking() == 7.0
    assert table.play(mover, DrawStock()) is None
    clock[0] += 5
    assert thinking() == 12.0  # the draw does not end the turn
    assert table.play(mover, Discard(table.state.hands[mover][0])) is None
    clock[0] += 2
    assert thinking() == 2.0 and table.state.to_move != mover


async def test_a_stopping_host_tells_its_players_to_come_back() -> None:
    from rummy_tui.net.host import Host, Limits

    table = make_table("rummy", ["remote", "remote"], seed=3)
    host = Host([table], Limits())
    port = await host.start("127.0.0.1", 0)
    async with aiohttp.ClientSession() as session:
        client = await Client(session, port).connect()
        await client.hello(table.seats[0].code or "")
        await client.until("view")
        stopping = asyncio.create_task(host.stop())
        bye = await client.until("bye")
        await stopping
    assert bye.retry and "stopping" in bye.reason
