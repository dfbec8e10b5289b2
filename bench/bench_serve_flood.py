"""A flood against ``rummy-tui serve`` on loopback (issue 27): run as a script, not a test.

A fresh server (``python -m rummy_tui serve`` on a free loopback port, a temporary saves
folder, the default caps unless ``--max-games`` / ``--max-games-per-client`` say otherwise).
Nothing leaves this machine: every connection goes to 127.0.0.1, from 127.0.0.1 and the
next loopback addresses (Linux routes all of 127/8 to the loopback interface).

1. **Flood**: ``--connections`` websocket connections opened at once (in well under a
   second), spread over ``--addresses`` client addresses; how many got a game (101) and how
   many the cap page (429: that address has enough; 503: the server is full).
2. **Others answered**: meanwhile a visitor from an address of its own loads the page; the
   time to its answer (200, or the cap page when the server is full).
3. **Processes and memory** once the games are at their picker: the server's child
   processes (the cap must hold), their resident (RSS) and proportional (PSS) sizes, and the
   server's own; then again after every game is sent ``["resize", {"width": 100000,
   "height": 100000}]`` (the server brings it to 500 by 200).
4. **Reaped**: every connection closed, the time until no game process is left.

    python bench/bench_serve_flood.py [--connections 40] [--addresses 4] [--max-games N]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import aiohttp

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.bench_serve import children, memory_kb  # noqa: E402
from tests.web.page_probe import start_server, stop_server  # noqa: E402
from tests.web.ws_visitor import Visitor, loopback_connector  # noqa: E402


def memory_summary(pids: list[int]) -> dict[str, float]:
    sizes = []
    for pid in pids:
        try:
            sizes.append(memory_kb(pid))
        except OSError:  # ended meanwhile
            continue
    if not sizes:
        return {"processes": 0}
    rss = [s["rss"] / 1024 for s in sizes]
    pss = [s["pss"] / 1024 for s in sizes]
    return {"processes": len(sizes), "rss_median_mb": round(statistics.median(rss), 1),
            "rss_max_mb": round(max(rss), 1), "rss_total_mb": round(sum(rss), 1),
            "pss_total_mb": round(sum(pss), 1)}


async def flood(url: str, server_pid: int, args: argparse.Namespace) -> dict[str, object]:
    ws_base = url.replace("http://", "ws://").rstrip("/")
    sessions = [aiohttp.ClientSession(connector=loopback_connector(f"127.0.0.{n + 1}"))
                for n in range(args.addresses)]
    bystander = aiohttp.ClientSession(connector=loopback_connector("127.0.0.200"))
    results: dict[str, object] = {}
    try:
        async def connect(n: int) -> aiohttp.ClientWebSocketResponse | int:
            session = sessions[n % len(sessions)]
            token = f"flood{n:03d}".ljust(32, "x")  # a visitor token's shape
            try:
                return await session.ws_connect(f"{ws_base}/ws/{token}")
            except aiohttp.WSServerHandshakeError as exc:
                return exc.status

        async def other_visitor() -> tuple[int, float]:
            await asyncio.sleep(0.05)  # once the flood is under way
            started = time.perf_counter()
            response = await bystander.get(url)
            await response.read()
            return response.status, (time.perf_counter() - started) * 1000

        started = time.perf_counter()
        flooded, (status, answer_ms) = await asyncio.gather(
            asyncio.gather(*(connect(n) for n in range(args.connections))), other_visitor())
        flood_ms = (time.perf_counter() - started) * 1000
        games = [r for r in flooded if not isinstance(r, int)]
        statuses = Counter(101 if not isinstance(r, int) else r for r in flooded)
        print(f"flood: {args.connections} connections from {args.addresses} addresses in "
              f"{flood_ms:.0f} ms: "
              + ", ".join(f"{n} x {s}" for s, n in sorted(statuses.items())))
        print(f"  another visitor's page meanwhile: {status} in {answer_ms:.0f} ms")
        results["flood"] = {"connections": args.connections, "addresses": args.addresses,
                            "ms": round(flood_ms), "statuses": dict(statuses),
                            "other_visitor_status": status,
                            "other_visitor_ms": round(answer_ms, 1)}

        visitors = [Visitor(ws) for ws in games]
        await asyncio.gather(*(v.wait_for("choose a game", timeout=120) for v in visitors))
        kids = children(server_pid)
        results["at_picker"] = memory_summary(kids)
        results["server_rss_mb"] = round(memory_kb(server_pid)["rss"] / 1024, 1)
        print(f"  {len(kids)} game processes at the picker: {results['at_picker']}")
        print(f"  the server itself: RSS {results['server_rss_mb']} MB")

        for v in visitors:
            await v.websocket.send_json(["resize", {"width": 100000, "height": 100000}])
        await asyncio.gather(*(v.settle(quiet=1.0, timeout=30) for v in visitors))
        results["after_huge_resize"] = memory_summary(children(server_pid))
        print(f"  after a 100000 x 100000 resize each: {results['after_huge_resize']}")

        started = time.perf_counter()
        for v in visitors:
            await v.websocket.close()
        while children(server_pid) and time.perf_counter() - started < 60:
            await asyncio.sleep(0.05)
        left = children(server_pid)
        results["reaped_ms"] = round((time.perf_counter() - started) * 1000)
        results["left"] = len(left)
        print(f"  closed: {len(left)} processes left after {results['reaped_ms']} ms")
    finally:
        for session in [*sessions, bystander]:
            await session.close()
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=40)
    parser.add_argument("--addresses", type=int, default=4, help="client addresses, 1 to 100")
    parser.add_argument("--max-games", type=int, default=None)
    parser.add_argument("--max-games-per-client", type=int, default=None)
    args = parser.parse_args()
    if not 1 <= args.addresses <= 100 or not 1 <= args.connections <= 1000:
        parser.error("--addresses is 1 to 100, --connections 1 to 1000")
    serve_args = []
    for option in ("max_games", "max_games_per_client"):
        if getattr(args, option) is not None:
            serve_args += [f"--{option.replace('_', '-')}", str(getattr(args, option))]
    with tempfile.TemporaryDirectory(prefix="bench-flood-") as tmp:
        server, url = start_server(Path(tmp) / "saves", Path(tmp) / "server.log",
                                   serve_args=serve_args)
        try:
            results = asyncio.run(flood(url, server.pid, args))
        finally:
            stop_server(server)
        print(json.dumps(results))
    return 1 if results["left"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
