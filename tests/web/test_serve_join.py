"""``rummy-tui serve --join HOST:PORT`` (issue 28): an invitation's address opens its seat in
the browser. The code is checked before it reaches a command; without a good one there is no
page and no game; with one, the visitor's own process runs ``rummy-tui join`` and takes the
seat at a real host (net/host.py), with the folders and caps of any visitor."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from rummy_tui.cli import main
from rummy_tui.net.host import Host
from rummy_tui.web import server as web_server

from net.join_support import make_table
from .page_probe import free_port
from .ws_visitor import Visitor, wait_for_free_slots, wait_for_no_games

CODE = "Zh5XMtSOTPU67gYcw1oVSA"


def test_the_visitor_command_joins_the_seat(monkeypatch: pytest.MonkeyPatch,
                                            tmp_path: Path) -> None:
    monkeypatch.setattr(web_server.shutil, "which", lambda name: None)
    command = web_server.app_command(tmp_path, ["--ascii"], ("127.0.0.1:8765", CODE))
    assert shlex.split(command) == [
        "exec", sys.executable, "-P", "-m", "rummy_tui", "--ascii", "--saves-dir", str(tmp_path),
        "join", "--", "127.0.0.1:8765", CODE]
    # a code that starts with "-" is the code, not an option (the "--" before the address)
    nobody = f"127.0.0.1:{free_port()}"
    words = shlex.split(web_server.app_command(tmp_path, (), (nobody, "-" + CODE)))
    assert main(words[words.index("rummy_tui") + 1:]) == 1  # no host there: not a usage error


@pytest.fixture
async def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    server = web_server.RummyServer(saves_root=tmp_path, host="127.0.0.1", port=8000,
                                    join="127.0.0.1:8765")
    async with TestClient(TestServer(await server._make_app())) as test_client:
        yield test_client


async def test_the_page_needs_a_good_code(client: TestClient) -> None:
    for query in ("", "?code=", "?code=short", "?code=../../etc/passwd", "?code=a%20b;rm" * 3,
                  "?code=" + "A" * 65):
        assert (await client.get("/" + query)).status == 400, query
    page = await client.get(f"/?code={CODE}")
    assert page.status == 200
    token = page.cookies[web_server.VISITOR_COOKIE].value
    html = await page.text()
    assert f"ws://127.0.0.1:8000/ws/{token}/{CODE}\"" in html
    # when the connection closes, the page sends the visitor back to their seat: a join
    # server has no Resume list
    assert "start again to take your seat again" in html and "Resume list" not in html


async def test_the_websocket_needs_a_good_code(client: TestClient) -> None:
    token = web_server.new_visitor_token()
    assert (await client.get(f"/ws/{token}")).status == 404  # a join server plays nothing else
    assert (await client.get(f"/ws/{token}/not..a..code")).status == 404
    assert (await client.get(f"/ws/{token}/{'A' * 15}")).status == 404


async def test_a_plain_server_has_no_seats(tmp_path: Path) -> None:
    server = web_server.RummyServer(saves_root=tmp_path, host="127.0.0.1", port=8000)
    async with TestClient(TestServer(await server._make_app())) as plain:
        token = web_server.new_visitor_token()
        assert (await plain.get(f"/ws/{token}/{CODE}")).status == 404


def test_the_command_line(monkeypatch: pytest.MonkeyPatch,
                          capsys: pytest.CaptureFixture[str]) -> None:
    started: list[web_server.RummyServer] = []
    monkeypatch.setattr(web_server.RummyServer, "serve", lambda self: started.append(self))
    assert main(["serve", "--join", "example.org:9000"]) == 0
    assert started[0].join == "example.org:9000"
    assert main(["serve", "--join", "no such:host"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --join: not an address HOST:PORT") and err.count("\n") == 1


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts processes in /proc")
async def test_a_browser_visitor_takes_the_seat_at_the_host(tmp_path: Path) -> None:
    # The visitor's game at the server's own priority (niced, beside busy test workers, it got
    # a few per cent of a core; see page_probe.unniced_environment). The niceness has its own
    # test (test_serve_cli).
    table = make_table("rummy", ["remote", "cpu"])
    host = Host([table])
    port = await host.start("127.0.0.1", 0)
    (seat, code), = table.code_seats()
    saves = tmp_path / "saves"
    server = web_server.RummyServer(saves_root=saves, join=f"127.0.0.1:{port}", niceness=0)
    test_server = TestServer(await server._make_app(), host="127.0.0.1")
    await test_server.start_server()
    try:
        async with aiohttp.ClientSession() as session:
            page = await session.get(test_server.make_url(f"/?code={code}"))
            token = page.cookies[web_server.VISITOR_COOKIE].value
            websocket = await session.ws_connect(
                test_server.make_url(f"/ws/{token}/{code}?width=100&height=32"))
            visitor = Visitor(websocket)
            await visitor.wait_for("Asha's hand")  # the seat's own hand, in its own process
            assert table.seats[seat].link is not None
            await websocket.close()
    finally:
        await test_server.close()
        await wait_for_no_games(saves)
        await host.stop()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts processes in /proc")
async def test_a_join_that_fails_closes_the_visitors_connection(tmp_path: Path) -> None:
    """The visitor's ``join`` finds no host (nobody listens on the port): it says so on its
    standard error and exits before any screen opens. The visitor is not left before a blank
    page: the connection closes (the page then says the session has ended), and the slot
    comes back. textual-serve alone closes it only when the game says "exit"."""
    saves = tmp_path / "saves"
    server = web_server.RummyServer(saves_root=saves, join=f"127.0.0.1:{free_port()}",
                                    niceness=0)
    test_server = TestServer(await server._make_app(), host="127.0.0.1")
    await test_server.start_server()
    try:
        async with aiohttp.ClientSession() as session:
            token = web_server.new_visitor_token()
            websocket = await session.ws_connect(
                test_server.make_url(f"/ws/{token}/{CODE}?width=100&height=32"))
            visitor = Visitor(websocket)
            with pytest.raises(ConnectionError):
                await visitor.wait_for("hand")
            assert visitor.closed == aiohttp.WSCloseCode.OK and visitor.text == ""
            await wait_for_free_slots(server.slots)
            assert await wait_for_no_games(saves) == []
    finally:
        await test_server.close()
