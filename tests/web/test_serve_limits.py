"""``rummy-tui serve``'s bounds without a game process: the terminal sizes a browser may ask
for (query string and ``resize`` messages), the size and shape of its messages, the caps on
games and their options, and each visitor's environment. A stand-in for textual-serve's
``AppService`` records what the server would tell the game."""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp import WSCloseCode
from aiohttp.test_utils import TestClient, TestServer

from rummy_tui.cli import main
from rummy_tui.saves_location import CONFIG_ENV, DATA_ENV, SAVES_ENV
from rummy_tui.web import limits
from rummy_tui.web import server as web_server
from rummy_tui.web.limits import DEFAULT_MAX_GAMES, DEFAULT_MAX_GAMES_PER_CLIENT


class FakeAppService:
    """Records the calls textual-serve's AppService would get; starts no process."""

    made: list[FakeAppService] = []

    def __init__(self, command: str, *, folder: Path, **kwargs: Any) -> None:
        self.command, self.folder = command, folder
        self.calls: list[tuple[Any, ...]] = []
        self._process = None
        FakeAppService.made.append(self)

    async def start(self, width: int, height: int) -> None:
        self.calls.append(("start", width, height))

    async def stop(self) -> None:
        self.calls.append(("stop",))

    async def send_bytes(self, data: bytes) -> bool:
        self.calls.append(("stdin", data))
        return True

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.calls.append(("resize", width, height))

    async def blur(self) -> None:
        self.calls.append(("blur",))

    async def focus(self) -> None:
        self.calls.append(("focus",))


@pytest.fixture
async def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[TestClient]:
    FakeAppService.made = []
    monkeypatch.setattr(web_server, "VisitorAppService", FakeAppService)
    server = web_server.RummyServer(saves_root=tmp_path, max_games=3, max_games_per_client=2)
    async with TestClient(TestServer(await server._make_app())) as test_client:
        test_client.rummy_server = server  # type: ignore[attr-defined]
        yield test_client


def ws_path(query: str = "") -> str:
    return f"/ws/{web_server.new_visitor_token()}{query}"


async def until_stopped(service: FakeAppService) -> None:
    """The server has handled the connection's end (bounded: the test fails, not hangs)."""
    for _ in range(200):
        if ("stop",) in service.calls:
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"the connection's game was never stopped: {service.calls}")


# --- terminal sizes -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("query", "size"),
    [
        ("", (80, 24)),
        ("?width=100&height=40", (100, 40)),
        ("?width=-5&height=-5", (20, 10)),
        ("?width=0&height=0", (20, 10)),
        ("?width=100000&height=100000", (500, 200)),
        pytest.param("?width=" + "9" * 3000 + "&height=" + "9" * 3000, (80, 24),
                     id="3000-digits"),
        ("?width=abc&height=", (80, 24)),
        ("?width=1e5&height=0x40", (80, 24)),
        ("?width=%2B90&height=%2030%20", (90, 30)),
        ("?width=٣٠٠&height=12.5", (80, 24)),
    ],
)
async def test_the_query_string_size_is_bounded(
    client: TestClient, query: str, size: tuple[int, int]
) -> None:
    async with client.ws_connect(ws_path(query)):
        pass
    (service,) = FakeAppService.made
    await until_stopped(service)
    assert service.calls[0] == ("start", *size)


@pytest.mark.parametrize(
    ("data", "size"),
    [
        ({"width": 100, "height": 40}, (100, 40)),
        ({"width": 100000, "height": 100000}, (500, 200)),
        ({"width": -5, "height": 0}, (20, 10)),
        ({"width": 10**400, "height": -(10**400)}, (500, 10)),
        ({"width": 120.7, "height": 33.2}, (120, 33)),
    ],
)
async def test_resize_messages_are_bounded(
    client: TestClient, data: dict[str, Any], size: tuple[int, int]
) -> None:
    async with client.ws_connect(ws_path()) as websocket:
        await websocket.send_json(["resize", data])
        await websocket.send_json(["ping", "after"])  # answered once the resize is handled
        assert await websocket.receive_json(timeout=10) == ["pong", "after"]
    (service,) = FakeAppService.made
    assert ("resize", *size) in service.calls


@pytest.mark.parametrize(
    "message",
    [
        "not json",
        '{"stdin": "x"}',
        "[]",
        '[1, "x"]',
        '["stdin", 5]',
        '["resize", {"width": "80", "height": 24}]',
        '["resize", {"width": true, "height": 24}]',
        '["resize", {"width": NaN, "height": 24}]',
        '["resize", {"width": 80}]',
        '["resize", [80, 24]]',
        '["ping", {"deep": [[[[1]]]]}]',
        '["shell", "rm -rf ~"]',
        '["stdin", "a", "b"]',
        pytest.param("[" * 60_000, id="60000-brackets"),
    ],
)
async def test_a_malformed_message_closes_the_connection_not_the_server(
    client: TestClient, message: str
) -> None:
    async with client.ws_connect(ws_path()) as websocket:
        await websocket.send_str(message)
        closing = await websocket.receive(timeout=10)
        assert closing.type == aiohttp.WSMsgType.CLOSE
        assert websocket.close_code == WSCloseCode.UNSUPPORTED_DATA
    (service,) = FakeAppService.made
    await until_stopped(service)
    assert {call[0] for call in service.calls} == {"start", "stop"}
    assert (await client.get("/")).status == 200  # the server answers on


async def test_an_oversize_message_is_refused(client: TestClient) -> None:
    async with client.ws_connect(ws_path()) as websocket:
        await websocket.send_json(["stdin", "x" * limits.MAX_MESSAGE_BYTES])
        closing = await websocket.receive(timeout=10)
        assert closing.type == aiohttp.WSMsgType.CLOSE
        assert websocket.close_code == WSCloseCode.MESSAGE_TOO_BIG
    (service,) = FakeAppService.made
    await until_stopped(service)
    assert not [call for call in service.calls if call[0] == "stdin"]


async def test_keys_and_focus_reach_the_game(client: TestClient) -> None:
    async with client.ws_connect(ws_path()) as websocket:
        for message in (["stdin", "q\x1b[A♠"], ["blur"], ["focus", None], ["ping", 7]):
            await websocket.send_json(message)
        assert await websocket.receive_json(timeout=10) == ["pong", 7]
    (service,) = FakeAppService.made
    assert service.calls[1:4] == [("stdin", "q\x1b[A♠".encode()), ("blur",), ("focus",)]


async def test_the_websocket_address_without_a_websocket_is_a_bad_request(
    client: TestClient,
) -> None:
    response = await client.get(ws_path())
    assert response.status == 400 and "websocket" in await response.text()
    assert FakeAppService.made == []
    server: web_server.RummyServer = client.rummy_server  # type: ignore[attr-defined]
    assert not (server.saves_root / "web-visitors").exists()


@pytest.mark.parametrize("header", [("Host", "[::1"), ("Host", "[zz]:80"),
                                    ("Origin", "http://[::1"), ("Origin", "http://[zz]")])
async def test_a_host_or_origin_that_is_not_a_url_is_refused(
    client: TestClient, header: tuple[str, str]
) -> None:
    response = await client.get(ws_path(), headers=dict([header]))
    assert response.status == 403
    assert FakeAppService.made == []


def test_a_clients_bad_request_is_one_log_line(tmp_path: Path) -> None:
    from aiohttp.http_exceptions import LineTooLong

    try:
        raise LineTooLong("a very long line\x1b[2J", 8190)
    except LineTooLong:
        record = logging.LogRecord("aiohttp.server", logging.ERROR, __file__, 1,
                                   "Error handling request from %s", ("127.0.0.1",),
                                   sys.exc_info())
    assert web_server._one_line_for_bad_requests(record)
    assert record.exc_info is None
    line = logging.Formatter("%(message)s").format(record)
    assert line.startswith("Error handling request from 127.0.0.1: ") and "\n" not in line
    assert "\x1b" not in line and len(line) < 200
    try:
        raise KeyError("a bug")
    except KeyError:
        bug = logging.LogRecord("rummy-tui.serve", logging.ERROR, __file__, 1, "boom", (),
                                sys.exc_info())
    assert web_server._one_line_for_bad_requests(bug) and bug.exc_info is not None


# --- the caps on games ----------------------------------------------------------------------
async def test_the_caps_hold_and_slots_come_back(client: TestClient) -> None:
    server: web_server.RummyServer = client.rummy_server  # type: ignore[attr-defined]
    first = await client.ws_connect(ws_path())
    second = await client.ws_connect(ws_path())
    assert server.slots.by_client == {"127.0.0.1": 2}
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await client.ws_connect(ws_path())
    assert refused.value.status == 429
    page = await client.get("/")  # the page says so before its websocket is refused
    assert page.status == 429 and "Too many games from your address" in await page.text()
    assert "One address may have 2 games open at once" in await page.text()
    assert len(FakeAppService.made) == 2
    await first.close()
    await until_stopped(FakeAppService.made[0])
    for _ in range(200):
        if server.slots.total == 1:
            break
        await asyncio.sleep(0.01)
    assert server.slots.by_client == {"127.0.0.1": 1}
    third = await client.ws_connect(ws_path())  # the slot given back is taken again
    for websocket in (second, third):
        await websocket.close()


def test_game_slots_count_per_client_and_in_all() -> None:
    slots = limits.GameSlots(max_games=3, max_games_per_client=2)
    assert slots.take("a") is None and slots.take("a") is None
    refusal = slots.take("a")
    assert refusal is not None and refusal.status == 429
    one = limits.GameSlots(max_games=1, max_games_per_client=1)
    assert one.take("x") is None
    alone = one.refusal("x")
    assert alone is not None and "may have 1 game open at once" in alone.detail
    assert slots.take("b") is None
    refusal = slots.take("c")
    assert refusal is not None and refusal.status == 503 and "at most 3 games" in refusal.detail
    assert slots.total == 3
    slots.give_back("a")
    assert slots.take("c") is None
    for client in ("a", "b", "c"):
        slots.give_back(client)
    assert slots.total == 0 and not slots.by_client


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("127.0.0.1", "127.0.0.1"),
        ("192.168.1.20", "192.168.1.20"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:bbbb::99", "2001:db8:1:2::/64"),  # the same machine's /64
        ("2001:db8:1:3::1", "2001:db8:1:3::/64"),
        ("::ffff:10.0.0.7", "10.0.0.7"),
        ("", ""),
    ],
)
def test_a_client_is_an_address_or_an_ipv6_64(address: str, key: str) -> None:
    assert limits.client_key(address) == key


async def test_a_game_that_does_not_quit_is_killed_and_its_slot_freed(tmp_path: Path) -> None:
    """textual-serve's stop waits for the game without a limit: the server does not."""
    process = await asyncio.create_subprocess_exec("sleep", "60")

    class Stuck:
        _process = process

        async def stop(self) -> None:
            await asyncio.Event().wait()  # never answers

    try:
        await web_server._stop(Stuck(), grace=0.1)  # type: ignore[arg-type]
        await web_server._reap(Stuck(), grace=0.1)  # type: ignore[arg-type]
        assert process.returncode is not None
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> list[web_server.RummyServer]:
    started: list[web_server.RummyServer] = []
    monkeypatch.setattr(web_server.RummyServer, "serve", lambda self: started.append(self))
    return started


def test_the_caps_default_and_can_be_changed(
    no_serving: list[web_server.RummyServer], tmp_path: Path
) -> None:
    assert main(["--saves-dir", str(tmp_path), "serve"]) == 0
    assert (no_serving[0].slots.max_games, no_serving[0].slots.max_games_per_client) == (
        DEFAULT_MAX_GAMES, DEFAULT_MAX_GAMES_PER_CLIENT)
    assert main(["--saves-dir", str(tmp_path), "serve", "--max-games", "40",
                 "--max-games-per-client", "10"]) == 0
    assert (no_serving[1].slots.max_games, no_serving[1].slots.max_games_per_client) == (40, 10)


@pytest.mark.parametrize(
    "argv",
    [["--max-games", "0"], ["--max-games", "-3"], ["--max-games", "1001"],
     ["--max-games", "many"], ["--max-games-per-client", "0"],
     ["--max-games-per-client", "9" * 5000]], ids=lambda argv: " ".join(argv)[:40],
)
def test_bad_caps_are_one_line_and_exit_2(
    argv: list[str], no_serving: list[web_server.RummyServer],
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error:") and len(err) < 200
    assert no_serving == []


# --- each visitor's own folders -------------------------------------------------------------
def test_a_visitors_process_has_their_folders_not_the_owners(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SAVES_ENV, str(tmp_path / "owner-saves"))
    folder = web_server.visitor_folder(tmp_path, web_server.new_visitor_token())

    async def build() -> dict[str, str]:
        async def nothing(*args: object) -> None:
            return None

        service = web_server.VisitorAppService(
            "true", folder=folder, write_bytes=nothing, write_str=nothing, close=nothing,
            download_manager=None)  # type: ignore[arg-type]
        return service._build_environment(width=120, height=40)

    environment = asyncio.run(build())
    assert environment[CONFIG_ENV] == str(folder / "config")
    assert environment[DATA_ENV] == str(folder / "data")
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        assert Path(environment[name]).is_relative_to(folder), name
    assert SAVES_ENV not in environment
    assert (environment["COLUMNS"], environment["ROWS"]) == ("120", "40")
    # the test process's own (the "owner's") folders are untouched by it
    assert os.environ[CONFIG_ENV] != environment[CONFIG_ENV]
