"""``rummy-tui serve`` with real game processes, no browser: aiohttp's websocket client speaks
textual.js's protocol (tests/web/ws_visitor.py).

- **One visitor, one world**: each visitor's process has its own settings and statistics
  (issue 27): visitor B's setup screen shows none of visitor A's names, no "Known players",
  and nothing of the server owner's (names, theme); B's Resume list has none of A's games;
  the owner's files are left as they were.
- **A flood** of websocket connections from one address is capped, gets the cap page's
  status, and the server keeps answering other addresses meanwhile; every process is reaped.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest
from aiohttp.test_utils import TestServer

from rummy_tui import saves_location, settings
from rummy_tui.history import store
from rummy_tui.web import server as web_server

from .ws_visitor import (
    BACKSPACE, CTRL_G, ENTER, Visitor, game_processes, loopback_connector, wait_for_free_slots,
    wait_for_no_games,
)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="counts processes in /proc and uses 127.0.0.2")

SIZE = "?width=120&height=50"  # the whole setup screen, its "Known players" line included
NORD_BACKGROUND = b"48;2;46;52;64"  # #2e3440, the nord theme's background, as xterm colours


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[TestServer, Path]]:
    saves = tmp_path / "saves"
    # the games at the server's own priority: niced, they compete with the other test
    # worker's busy processes at a tenth of their weight (page_probe.unniced_environment)
    server = web_server.RummyServer(saves_root=saves, max_games=3, max_games_per_client=2,
                                    niceness=0)
    test_server = TestServer(await server._make_app(), host="127.0.0.1")
    test_server.rummy_server = server  # type: ignore[attr-defined]
    await test_server.start_server()
    try:
        yield test_server, saves
    finally:
        await test_server.close()  # on_shutdown closes every game connection
        assert await wait_for_no_games(saves) == [], "a game process outlived its connection"


def _text(path: Path) -> str:
    try:
        return path.read_text()
    except FileNotFoundError:
        return ""


async def open_setup(session: aiohttp.ClientSession, test_server: TestServer,
                     token: str) -> tuple[Visitor, int]:
    """A visitor at Basic Rummy's setup screen, drawn whole; (the visitor, the mark before
    the setup screen)."""
    websocket = await session.ws_connect(test_server.make_url(f"/ws/{token}{SIZE}"))
    visitor = Visitor(websocket)
    mark = await visitor.wait_for("choose a game")
    await visitor.keys(ENTER)  # Rummy, the first entry
    setup = await visitor.wait_for("New game: Rummy", mark)
    await visitor.wait_for("esc Back", setup)  # the footer: the screen is drawn
    await visitor.settle()
    return visitor, setup


@pytest.mark.slow  # 3-5 CPU-s; test_serve_limits checks a visitor's folders quickly (issue 26)
async def test_each_visitor_has_their_own_settings_and_statistics(
    served: tuple[TestServer, Path],
) -> None:
    test_server, saves = served
    # the server owner's own settings and statistics (conftest points them at a temporary
    # folder): a name, a theme and a known player that no visitor may see
    owner = settings.Store()
    assert owner.remember_setup("rummy", [("Olga", "human"), ("Oscar", "normal")], {})
    assert owner.update(theme="nord")
    assert store.add_profiles([("Olga", "human"), ("Oscar", "normal")])
    owner_files = {path: path.read_bytes()
                   for path in (saves_location.settings_path(), saves_location.stats_path())}

    token_a, token_b = web_server.new_visitor_token(), web_server.new_visitor_token()
    slots = test_server.rummy_server.slots  # type: ignore[attr-defined]

    async def leave(visitor: Visitor) -> None:
        """Close the visitor's connection and wait until its game process has ended: the
        visitors come one after the other, and this server has 2 slots for an address (the
        fixture's), each given back only once its process is reaped."""
        await visitor.websocket.close()
        await wait_for_free_slots(slots)

    async with aiohttp.ClientSession() as session:
        # visitor A names seat 1 Zelda and starts: A's settings and statistics remember her
        a, setup = await open_setup(session, test_server, token_a)
        assert "Olga" not in a.text[setup:] and "Known players" not in a.text[setup:]
        assert NORD_BACKGROUND not in a.raw
        await a.keys(*[BACKSPACE] * 16)  # the name field has the focus: empty it
        await a.settle()
        await a.keys("Zelda")
        await a.settle()
        await a.keys(CTRL_G)
        folder_a = web_server.visitor_folder(saves, token_a)
        a_settings = folder_a / "config" / saves_location.SETTINGS_FILE
        a_stats = folder_a / "data" / saves_location.STATS_FILE
        # the game has begun once all three are written (the table may take a while to draw)
        await a.until(lambda: "Zelda" in _text(a_settings) and "Zelda" in _text(a_stats)
                      and bool(list(folder_a.glob("*.json"))))
        await leave(a)

        # visitor B: a setup screen of their own
        b, setup = await open_setup(session, test_server, token_b)
        shown = b.text[setup:]
        assert "Ann" in shown  # the default name of seat 1
        for other in ("Zelda", "Olga", "Oscar", "Known players"):
            assert other not in shown, other
        assert NORD_BACKGROUND not in b.raw
        await leave(b)
        # ... and none of A's games: B's Resume list is empty, while A's game is saved
        websocket = await session.ws_connect(test_server.make_url(f"/ws/{token_b}{SIZE}"))
        b = Visitor(websocket)
        mark = await b.wait_for("choose a game")
        await b.keys("r")  # the Resume list
        await b.wait_for("There is no saved game", mark)
        await leave(b)

        # A again (the same cookie): A's own names come back, and A's known players
        again, setup = await open_setup(session, test_server, token_a)
        shown = again.text[setup:]
        assert "Zelda" in shown and "Known players" in shown
        assert "Olga" not in shown
        await leave(again)

    folder_b = web_server.visitor_folder(saves, token_b)
    assert not (folder_b / "config" / saves_location.SETTINGS_FILE).exists()
    assert not (folder_b / "data" / saves_location.STATS_FILE).exists()
    assert {path: path.read_bytes() for path in owner_files} == owner_files


async def test_a_flood_is_capped_and_other_visitors_are_still_answered(
    served: tuple[TestServer, Path],
) -> None:
    test_server, saves = served  # at most 3 games, 2 from one address
    flood_size = 30

    async def flood(session: aiohttp.ClientSession) -> list[object]:
        tokens = [web_server.new_visitor_token() for _ in range(flood_size)]
        return list(await asyncio.gather(
            *(session.ws_connect(test_server.make_url(f"/ws/{token}")) for token in tokens),
            return_exceptions=True))

    async def other_visitor(session: aiohttp.ClientSession) -> tuple[int, Visitor]:
        page = await session.get(test_server.make_url("/"))
        await page.read()
        token = page.cookies[web_server.VISITOR_COOKIE].value
        websocket = await session.ws_connect(test_server.make_url(f"/ws/{token}"))
        return page.status, Visitor(websocket)

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session, \
            aiohttp.ClientSession(connector=loopback_connector("127.0.0.2")) as other, \
            aiohttp.ClientSession(connector=loopback_connector("127.0.0.3")) as third:
        flooded, (status, visitor) = await asyncio.wait_for(
            asyncio.gather(flood(session), other_visitor(other)), 60)
        accepted = [r for r in flooded if isinstance(r, aiohttp.ClientWebSocketResponse)]
        refused = [r for r in flooded if isinstance(r, aiohttp.WSServerHandshakeError)]
        assert len(accepted) == 2 and len(refused) == flood_size - 2, flooded
        assert {error.status for error in refused} == {429}
        # the visitor from another address got the page and a game, during the flood
        assert status == 200
        await visitor.wait_for("choose a game")
        assert len(game_processes(saves)) <= 3

        # the flooding address gets the cap page, as HTML with its status
        page = await session.get(test_server.make_url("/"))
        assert page.status == 429 and page.headers["Retry-After"] == "30"
        assert "Too many games from your address" in await page.text()
        # and the server is full (3 games): a third address is told so
        page = await third.get(test_server.make_url("/"))
        assert page.status == 503 and "The table is full" in await page.text()
        with pytest.raises(aiohttp.WSServerHandshakeError) as refusal:
            await third.ws_connect(test_server.make_url(f"/ws/{web_server.new_visitor_token()}"))
        assert refusal.value.status == 503

        for websocket in [*accepted, visitor.websocket]:
            await websocket.close()
        assert await wait_for_no_games(saves) == []
        # every slot is given back once its process has been reaped: the page is served
        slots = test_server.rummy_server.slots  # type: ignore[attr-defined]
        for _ in range(200):
            if not slots.total:
                break
            await asyncio.sleep(0.05)
        assert slots.total == 0
        page = await third.get(test_server.make_url("/"))
        assert page.status == 200
