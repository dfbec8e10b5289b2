"""Benchmark of the host (issue 28): many tables of remote seats on one host process, played by
synthetic clients on loopback.

Targets: with 200 tables of 4 remote seats on one host process, from an action arriving to
every seat of its table having the new view, p50 <= 10 ms and p99 <= 50 ms; the host's
memory per table and CPU per action; 800 clients reconnecting at once all seated, with their
view, within 5 s.

    .venv/bin/python bench/bench_net.py [--tables 200] [--seconds 20] [--interval 1.0]
                                        [--autosave]

The host runs in a process of its own (this script with ``--serve``), so that its memory and
CPU are its own; the clients run here, all in one asyncio loop. Each table's player to move
draws from the stock and discards (Basic Rummy, played for ever: a cheap, legal move),
one action every ``--interval`` seconds a table (jittered), as people play, so the host
sees some 200 actions and 800 views a second; an action's latency is from the client
sending it to the last of its table's four seats receiving the view it made (so it includes
the loopback both ways). ``--autosave`` saves every table after every change, as a real
host does (to a temporary folder): the views go out before the save, so it adds CPU, not
latency. Prints the figures and one JSON line at the end, with the machine's load average.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

KINDS = ["remote"] * 4


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


# --- the host process --------------------------------------------------------------------------


async def serve(tables: int, autosave: bool) -> None:
    from rummy_tui.collector import settle_collector
    from rummy_tui.core.engine import new_game
    from rummy_tui.core.options import make_options
    from rummy_tui.core.state import PlayerSpec
    from rummy_tui.net.host import Host, Limits
    from rummy_tui.net.invites import new_code
    from rummy_tui.net.table import NetTable, Seat

    base = rss_mb()
    folder = Path(tempfile.mkdtemp(prefix="bench-net-")) if autosave else None
    made = []
    for t in range(tables):
        state = new_game("rummy", [PlayerSpec(f"T{t}P{i}") for i in range(4)], seed=t,
                         options=make_options("rummy", {"target": 100_000}))
        seats = [Seat(kind="remote", code=new_code()) for _ in range(4)]
        made.append(NetTable(state, seats, save_path=None if folder is None
                             else folder / f"table{t}.json"))
    settle_collector()
    host = Host(made, Limits(max_connections=tables * 4 + 100, max_per_address=tables * 4 + 100,
                             rate_burst=1000, rate=1000.0))
    port = await host.start("127.0.0.1", 0)
    print(json.dumps({"port": port, "rss_base": base, "rss_tables": rss_mb(),
                      "codes": [[s.code for s in t.seats] for t in made]}), flush=True)
    loop = asyncio.get_running_loop()
    while True:
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line or line.strip() == "quit":
            break
        print(json.dumps({"rss": rss_mb(), "cpu": cpu_seconds(),
                          "actions": sum(t.state.actions for t in made)}), flush=True)
    await host.stop()


# --- the clients -------------------------------------------------------------------------------


class Seat:
    def __init__(self, table: "Table", index: int, code: str) -> None:
        self.table, self.index, self.code = table, index, code
        self.ws: Any = None
        self.last: dict[str, Any] | None = None
        self.reader: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    async def connect(self, session: Any, port: int) -> None:
        self.ready.clear()
        self.ws = await session.ws_connect(f"http://127.0.0.1:{port}/play", max_msg_size=0)
        await self.ws.send_str(json.dumps({"type": "hello", "v": 1, "code": self.code}))
        self.reader = asyncio.get_running_loop().create_task(self.read())

    async def read(self) -> None:
        import aiohttp

        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            kind = data["type"]
            if kind == "view":
                self.last = data["view"]
                self.ready.set()
                self.table.arrived(data["seq"])
            elif kind == "refused":
                self.table.refused(data["reason"])


class Table:
    def __init__(self, codes: list[str]) -> None:
        self.seats = [Seat(self, i, code) for i, code in enumerate(codes)]
        self.waiting: int | None = None
        self.count = 0
        self.done = asyncio.Event()
        self.problem: str | None = None
        self.latencies: list[float] = []
        self.sent_at = 0.0

    def arrived(self, seq: int) -> None:
        if seq == self.waiting:
            self.count += 1
            if self.count == len(self.seats):
                self.latencies.append(time.perf_counter() - self.sent_at)
                self.done.set()

    def refused(self, reason: str) -> None:
        self.problem = reason
        self.done.set()

    async def play(self, seconds: float, interval: float, rng: random.Random) -> None:
        end = time.perf_counter() + seconds
        await asyncio.sleep(rng.random() * interval)
        while time.perf_counter() < end:
            view = self.seats[0].last
            assert view is not None
            if view["phase"] == "round_over":
                for seat in self.seats:
                    await self.send(seat, {"name": "NextRound", "args": {}}, measure=False)
                await asyncio.sleep(0.2)
                continue
            mover = self.seats[view["to_move"]]
            own = mover.last
            assert own is not None
            action = ({"name": "DrawStock", "args": {}} if own["phase"] == "draw" else
                      {"name": "Discard", "args": {"card": own["hand"][0]}})
            await self.send(mover, action, measure=True)
            await asyncio.sleep(interval * (0.5 + rng.random()))

    async def send(self, seat: Seat, action: dict[str, Any], measure: bool) -> None:
        assert seat.last is not None
        seq = seat.last["actions"] + 1
        self.waiting, self.count, self.problem = seq + 1, 0, None
        self.done.clear()
        self.sent_at = time.perf_counter()
        await seat.ws.send_str(json.dumps({"type": "act", "seq": seq, "action": action}))
        if measure:
            await asyncio.wait_for(self.done.wait(), 30)
            if self.problem:
                raise RuntimeError(f"refused: {self.problem}")
        self.waiting = None


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p / 100))] * 1000


async def drive(args: argparse.Namespace) -> dict[str, Any]:
    import aiohttp

    load_before = os.getloadavg()
    host = await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--serve", "--tables", str(args.tables),
        *(["--autosave"] if args.autosave else []),
        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert host.stdout is not None and host.stdin is not None
    first = json.loads(await host.stdout.readline())
    port = first["port"]

    async def host_stats() -> dict[str, Any]:
        assert host.stdout is not None and host.stdin is not None
        host.stdin.write(b"stats\n")
        await host.stdin.drain()
        stats: dict[str, Any] = json.loads(await host.stdout.readline())
        return stats

    tables = [Table(codes) for codes in first["codes"]]
    seats = [s for t in tables for s in t.seats]
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        t0 = time.perf_counter()
        await asyncio.gather(*(s.connect(session, port) for s in seats))
        await asyncio.gather(*(s.ready.wait() for s in seats))
        connect_s = time.perf_counter() - t0
        before = await host_stats()
        rng = random.Random(1)
        await asyncio.gather(*(t.play(args.seconds, args.interval, random.Random(rng.random()))
                               for t in tables))
        after = await host_stats()
        latencies = [x for t in tables for x in t.latencies]
        # every client drops at once, then all reconnect at once
        for s in seats:
            await s.ws.close()
        await asyncio.sleep(0.5)
        t0 = time.perf_counter()
        await asyncio.gather(*(s.connect(session, port) for s in seats))
        await asyncio.gather(*(s.ready.wait() for s in seats))
        reconnect_s = time.perf_counter() - t0
        final = await host_stats()
        for s in seats:
            await s.ws.close()
    host.stdin.write(b"quit\n")
    await host.stdin.drain()
    await host.wait()
    actions = after["actions"] - before["actions"]
    return {
        "tables": args.tables, "clients": len(seats), "autosave": args.autosave,
        "seconds": args.seconds, "interval": args.interval,
        "actions": actions, "measured": len(latencies),
        "p50_ms": round(pct(latencies, 50), 2), "p99_ms": round(pct(latencies, 99), 2),
        "max_ms": round(max(latencies) * 1000, 2),
        "mean_ms": round(statistics.mean(latencies) * 1000, 2),
        "host_cpu_ms_per_action": round((after["cpu"] - before["cpu"]) / max(actions, 1) * 1000, 3),
        "host_rss_base_mb": round(first["rss_base"], 1),
        "host_rss_mb": round(final["rss"], 1),
        "host_mb_per_table": round((final["rss"] - first["rss_base"]) / args.tables, 3),
        "connect_800_s": round(connect_s, 3), "reconnect_all_s": round(reconnect_s, 3),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--interval", type=float, default=1.0,
                        help="seconds between a table's actions (jittered)")
    parser.add_argument("--autosave", action="store_true")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.tables, args.autosave))
        return
    result = asyncio.run(drive(args))
    print(f"{result['tables']} tables, {result['clients']} clients, {result['actions']} actions "
          f"in {result['seconds']:g} s (autosave {'on' if result['autosave'] else 'off'})")
    print(f"action -> every seat has its view: p50 {result['p50_ms']} ms, p99 "
          f"{result['p99_ms']} ms, max {result['max_ms']} ms (targets 10 / 50)")
    print(f"host CPU per action {result['host_cpu_ms_per_action']} ms; host memory "
          f"{result['host_rss_mb']} MB, {result['host_mb_per_table']} MB a table (with its "
          "4 connections)")
    print(f"{result['clients']} clients connected in {result['connect_800_s']} s, reconnected "
          f"at once in {result['reconnect_all_s']} s (target 5)")
    print(f"load average before {result['load_before']}, after {result['load_after']}, "
          f"{result['cpus']} CPUs")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
