"""``rummy-tui serve`` played in a real browser: headless Chromium through Playwright.

One server (a subprocess on a free loopback port) for the module. A first visitor starts a
2-player Basic Rummy game with the keyboard, draws from the stock and discards; their save file
must say so. A second visitor (another browser context: other cookies) must not see that game,
and the first one finds it again after a reload. Every request the pages make must go to the
server on 127.0.0.1.

Screenshots (PNG) of the picker and the table are kept in ``tests/artifacts/browser/``
(ignored by git; CI can keep them as artefacts).

The browser is the system's Chromium (Debian: ``apt-get install chromium``; Playwright's own
download is not used), or ``$RUMMY_TUI_CHROMIUM``. Without any Chromium the test is skipped,
with a warning that says what to install; with one, any failure fails.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from .page_probe import (
    PROBE_SCRIPT, REPO, ServerFailed, chromium_args, find_chromium, screen_mark,
    game_processes, start_server, start_two_player_rummy, stop_server, wait_for_text,
)

pytestmark = pytest.mark.browser

ARTIFACTS = REPO / "tests" / "artifacts" / "browser"
NO_CHROMIUM = (
    "NO CHROMIUM: the browser test of `rummy-tui serve` did NOT run. Install Chromium "
    "(Debian/Ubuntu: apt-get install -y chromium) or point RUMMY_TUI_CHROMIUM at a Chromium "
    "binary, then run pytest --all again."
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """``rummy-tui serve`` on a free loopback port: (its address, its saves folder)."""
    saves = tmp_path_factory.mktemp("serve-saves")
    log = tmp_path_factory.mktemp("serve-log") / "server.log"
    try:
        server, url = start_server(saves, log)
    except ServerFailed as exc:
        pytest.fail(str(exc))
    try:
        yield url, saves
    finally:
        if not stop_server(server):
            pytest.fail(f"rummy-tui serve did not stop on ctrl+c:\n{log.read_text()}")
    assert game_processes(saves) == [], "a visitor's game outlived the server"


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    from playwright.sync_api import Error, sync_playwright

    executable = find_chromium()
    args = chromium_args()
    with sync_playwright() as playwright:
        if executable is None:
            try:  # a browser Playwright downloaded itself, if there is one
                launched = playwright.chromium.launch(args=args)
            except Error:
                # CI's .ci/run installs Chromium: a missing browser there is a failure, not a
                # skip. Elsewhere (a developer's machine without it) skip, loudly.
                if os.environ.get("CI"):
                    pytest.fail(NO_CHROMIUM + " (CI is set: .ci/run should have installed it)")
                warnings.warn(NO_CHROMIUM, stacklevel=1)
                pytest.skip(NO_CHROMIUM)
        else:
            launched = playwright.chromium.launch(executable_path=executable, args=args)
        try:
            yield launched
        finally:
            launched.close()


def visitor_folders(saves: Path) -> list[Path]:
    root = saves / "web-visitors"
    return sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []


def test_a_visitor_plays_a_turn_and_another_cannot_see_it(
    served: tuple[str, Path], browser: object
) -> None:
    from rummy_tui import saves as saves_api
    from rummy_tui.core.events import describe
    from rummy_tui.core.registry import variant_of

    url, saves = served
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    requested: list[str] = []

    def new_visitor():  # type: ignore[no-untyped-def]
        context = browser.new_context(viewport={"width": 1100, "height": 720})  # type: ignore[attr-defined]
        context.add_init_script(PROBE_SCRIPT)
        context.on("request", lambda request: requested.append(request.url))
        page = context.new_page()
        page.on("websocket", lambda ws: requested.append(ws.url))
        return context, page

    # --- the first visitor: the picker, with the keyboard focus already in the terminal ---
    first, page = new_visitor()
    page.goto(url)
    mark = wait_for_text(page, "choose a game")
    assert page.title() == "rummy-tui"
    assert page.evaluate("document.activeElement.className").startswith("xterm-helper-textarea")
    page.screenshot(path=ARTIFACTS / "picker.png")

    # --- a 2-player Basic Rummy game, set up with keys only ---------------------------------
    mark = start_two_player_rummy(page, mark)
    folders = visitor_folders(saves)
    assert len(folders) == 1
    save_files = list(folders[0].glob("*.json"))
    assert len(save_files) == 1
    state = saves_api.load_game(save_files[0])
    assert state.variant == "rummy"
    assert [(p.name, p.kind) for p in state.players] == [("Ann", "human"), ("Bob", "normal")]
    ann = 0

    # --- draw from the stock, then discard the card under the cursor -----------------------
    page.keyboard.press("s")
    mark = wait_for_text(page, "Ann drew from the stock", mark)
    page.keyboard.press("x")
    # the card drawn gets the cursor; when it completes a meld the table asks first ("Discard
    # 7♣? It is in your meld ..."): yes. (The seed is the server's, so either may happen.)
    # The log panel joins a draw and a discard: "Ann drew from the stock and discarded 7♣".
    mark = wait_for_text(page, "Ann (drew from the stock and )?discarded|It is in your meld", mark,
                         regex=True)
    if "It is in your meld" in page.evaluate("window.rummyProbe.text")[:mark]:
        page.keyboard.press("y")
        mark = wait_for_text(page, "Ann (drew from the stock and )?discarded", mark, regex=True)
    page.screenshot(path=ARTIFACTS / "table.png")
    page.keyboard.press("Control+s")  # the page, not the browser, gets ctrl+s
    mark = wait_for_text(page, "Saved: ", mark)
    saved = saves_api.load_game(save_files[0])
    log = [describe(e, [p.name for p in saved.players], variant_of(saved.variant))
           for e in saved.log if e.player == ann]
    assert "Ann drew from the stock" in log
    assert any(text.startswith("Ann discarded ") for text in log)
    assert log.index("Ann drew from the stock") < max(
        i for i, text in enumerate(log) if text.startswith("Ann discarded "))

    # --- a second visitor sees none of it -------------------------------------------------
    second, other = new_visitor()
    other.goto(url)
    other_mark = wait_for_text(other, "choose a game")
    other.keyboard.press("r")  # the Resume list
    wait_for_text(other, "There is no saved game", other_mark)
    assert "Ann" not in other.evaluate("window.rummyProbe.text")
    assert len(visitor_folders(saves)) == 2
    assert not list(visitor_folders(saves)[0 if visitor_folders(saves)[1] == folders[0] else 1]
                    .glob("*.json"))

    # ... and quits through the command palette (a browser keeps ctrl+q, ctrl+w, ctrl+t)
    other.keyboard.press("Control+p")
    other_mark = wait_for_text(other, "Search for commands", other_mark)
    other.keyboard.type("Quit")
    other.keyboard.press("Enter")
    other.wait_for_selector("body.-closed", timeout=15_000)
    second.close()

    # --- the first visitor reloads the page and finds the game in their Resume list --------
    page.reload()
    mark = wait_for_text(page, "choose a game", 0)
    mark = wait_for_text(page, "Rummy · round 1", mark)  # its entry in the Resume list
    mark = screen_mark(page)
    page.keyboard.press("r")
    # Textual moves the focus on its next turn (Widget.focus is deferred): an Enter sent at
    # once would still reach the game list. The help line changes once the Resume list has it.
    mark = wait_for_text(page, "Enter: play on", mark)
    page.keyboard.press("Enter")
    mark = wait_for_text(page, "Ann to play", mark)
    wait_for_text(page, "Ann drew from the stock and discarded", mark)
    first.close()

    # --- nothing was fetched from anywhere but this server --------------------------------
    assert requested
    off_machine = [u for u in requested if urlsplit(u).hostname != "127.0.0.1"]
    assert off_machine == []


def test_ctrl_c_ends_the_games_in_play(
    browser: object, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """A server stopped while a visitor is connected ends that visitor's game process (its
    game is saved after every move) instead of waiting for the browser, or leaving it behind."""
    saves = tmp_path_factory.mktemp("serve-stop")
    server, url = start_server(saves, saves / "server.log")
    context = browser.new_context()  # type: ignore[attr-defined]
    try:
        context.add_init_script(PROBE_SCRIPT)
        page = context.new_page()
        page.goto(url)
        wait_for_text(page, "choose a game")
        assert len(game_processes(saves)) == 1
        assert stop_server(server, timeout=15), "rummy-tui serve did not stop on ctrl+c"
        assert game_processes(saves) == []
        page.wait_for_selector("body.-closed", timeout=5_000)  # "This session has ended"
    finally:
        context.close()
        if server.poll() is None:
            stop_server(server)
