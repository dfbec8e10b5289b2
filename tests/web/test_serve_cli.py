"""``rummy-tui serve`` without a browser: the command line, the host rule, the visitor's
command and folder, and the web server's answers (aiohttp's test client, no app process)."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from rummy_tui.cli import main
from rummy_tui.commands import serve as serve_command
from rummy_tui.web import limits
from rummy_tui.web import server as web_server
from rummy_tui.web.hosts import is_loopback

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def no_serving(monkeypatch: pytest.MonkeyPatch) -> list[web_server.RummyServer]:
    """RummyServer.serve records the server instead of binding a port."""
    started: list[web_server.RummyServer] = []
    monkeypatch.setattr(web_server.RummyServer, "serve", lambda self: started.append(self))
    return started


def test_without_the_web_extra_one_line_and_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import textual_serve fails
    monkeypatch.delitem(sys.modules, "rummy_tui.web.server")
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    # in this test's own words: pip for a venv (tests/test_installed.py has pipx and uv)
    assert "-m pip install" in err and "[web]" in err and "Traceback" not in err


def test_loopback_by_default_and_no_warning(
    no_serving: list[web_server.RummyServer], capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    assert main(["--saves-dir", str(tmp_path), "serve"]) == 0
    (server,) = no_serving
    assert (server.host, server.port) == ("127.0.0.1", 8000)
    assert server.public_url == "http://127.0.0.1:8000"
    assert server.saves_root == tmp_path.resolve()
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "::", "example.org"])
def test_any_other_host_needs_the_flag_and_warns(
    host: str, no_serving: list[web_server.RummyServer], capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    assert main(["--saves-dir", str(tmp_path), "serve", "--host", host]) == 0
    assert no_serving[0].host == host
    assert no_serving[0].allowed_hosts is None  # reachable by other machines' names
    err = capsys.readouterr().err
    assert err.startswith(f"warning: serving on {host}") and "no login" in err


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.2", "localhost", "::1", "[::1]"])
def test_loopback_names(host: str) -> None:
    assert is_loopback(host)
    assert serve_command.check_host(host) is None


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["serve", "--host", ""], "--host must name an address"),
        (["serve", "--host", "  "], "--host must name an address"),
        (["serve", "--port", "0"], "a port is 1 to 65535"),
        (["serve", "--port", "70000"], "a port is 1 to 65535"),
        (["serve", "--port", "http"], "not a port number"),
        (["serve", "--public-url", "example.org"], "--public-url must be an http"),
        (["serve", "--public-url", "ftp://example.org"], "--public-url must be an http"),
    ],
)
def test_bad_arguments_one_line_exit_2(
    argv: list[str], reason: str, no_serving: list[web_server.RummyServer],
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err
    assert no_serving == []


def test_a_port_in_use_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def taken(self: web_server.RummyServer) -> None:
        raise OSError(98, "Address already in use")

    monkeypatch.setattr(web_server.RummyServer, "serve", taken)
    assert main(["--saves-dir", str(tmp_path), "serve", "--port", "8123"]) == 1
    assert capsys.readouterr().err == (
        "error: cannot serve on 127.0.0.1 port 8123: Address already in use\n")


def test_the_visitor_command_is_this_python_quoted(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    python = "/opt/a python's home/bin/python3"
    folder = tmp_path / "saves; rm -rf ~" / "$HOME `x`"
    monkeypatch.setattr(sys, "executable", python)
    monkeypatch.setattr(web_server.shutil, "which", lambda name: None)  # no nice here
    command = web_server.app_command(folder, ["--ascii"])
    assert shlex.split(command) == [
        "exec", python, "-P", "-m", "rummy_tui", "--ascii", "--saves-dir", str(folder)]
    # with nice, the game runs below the server's CPU priority
    monkeypatch.setattr(web_server.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert shlex.split(web_server.app_command(folder)) == [
        "exec", "/usr/bin/nice", "-n", "10", python, "-P", "-m", "rummy_tui", "--saves-dir",
        str(folder)]


def test_the_games_niceness_can_be_set(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    no_serving: list[web_server.RummyServer], capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(web_server.shutil, "which", lambda name: f"/usr/bin/{name}")
    assert shlex.split(web_server.app_command(tmp_path, niceness=0))[1:4] == [
        "/usr/bin/nice", "-n", "0"]
    env = limits.NICENESS_ENV
    assert limits.game_niceness({}) == limits.GAME_NICENESS == 10
    assert limits.game_niceness({env: " "}) == 10
    assert limits.game_niceness({env: "0"}) == 0
    assert limits.game_niceness({env: " 19 "}) == 19
    # serve reads it, and its games run at that niceness
    monkeypatch.setenv(env, "3")
    assert main(["--saves-dir", str(tmp_path), "serve"]) == 0
    assert no_serving[0].niceness == 3
    monkeypatch.delenv(env)
    assert main(["--saves-dir", str(tmp_path), "serve"]) == 0
    assert no_serving[1].niceness == 10
    # anything but a whole number 0 to 19 is one line and exit 2, before serving
    for bad in ("20", "-1", "high", "1.5", "0x1", "\x1b[31m9", "9" * 1000):
        monkeypatch.setenv(env, bad)
        assert main(["--saves-dir", str(tmp_path), "serve"]) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"error: ${env} must be a whole number from 0 to 19, not ")
        assert err.count("\n") == 1 and "\x1b" not in err and len(err) < 200, err
    assert len(no_serving) == 2


def test_visitor_folders_are_private_and_hash_the_token(tmp_path: Path) -> None:
    one, two = web_server.new_visitor_token(), web_server.new_visitor_token()
    assert one != two
    assert web_server.visitor_folder(tmp_path, one) != web_server.visitor_folder(tmp_path, two)
    assert web_server.visitor_folder(tmp_path, one).parent == tmp_path / "web-visitors"
    assert one not in str(web_server.visitor_folder(tmp_path, one))


@pytest.fixture
async def client(tmp_path: Path):  # type: ignore[no-untyped-def]
    server = web_server.RummyServer(saves_root=tmp_path, host="127.0.0.1", port=8000)
    app = await server._make_app()
    async with TestClient(TestServer(app)) as test_client:
        yield test_client


async def test_the_page_gives_a_visitor_token_and_keeps_it(client: TestClient) -> None:
    first = await client.get("/")
    assert first.status == 200
    html = await first.text()
    token = first.cookies[web_server.VISITOR_COOKIE].value
    assert f"ws://127.0.0.1:8000/ws/{token}\"" in html
    assert "<title>rummy-tui</title>" in html
    assert "start again and pick yours from the Resume list." in html  # when the game ends
    assert first.cookies[web_server.VISITOR_COOKIE]["httponly"]
    # the same browser (its cookie) keeps its token: the same saves folder after a reload
    again = await client.get("/", cookies={web_server.VISITOR_COOKIE: token})
    assert f"/ws/{token}\"" in await again.text()
    # a forged cookie is replaced by a fresh token
    forged = await client.get("/", cookies={web_server.VISITOR_COOKIE: "../../etc"})
    assert "../../etc" not in await forged.text()


async def test_the_page_and_its_files_come_from_this_server(client: TestClient) -> None:
    html = await (await client.get("/")).text()
    for path in ("/fonts/DejaVuSansMono.ttf", "/fonts/DejaVuSansMono-Bold.ttf",
                 "/fonts/LICENSE-DejaVu.txt", "/static/js/textual.js", "/static/css/xterm.css"):
        assert (await client.get(path)).status == 200, path
    addresses = [word for word in html.replace('"', " ").split() if "://" in word]
    assert addresses and all(a.startswith(("http://127.0.0.1:8000/", "ws://127.0.0.1:8000/"))
                             for a in addresses)


async def test_loopback_server_refuses_other_host_names(client: TestClient) -> None:
    assert (await client.get("/", headers={"Host": "evil.example:8000"})).status == 403
    assert (await client.get("/", headers={"Host": "localhost:8000"})).status == 200


async def test_websocket_needs_a_token_and_this_sites_origin(client: TestClient) -> None:
    assert (await client.get("/ws/not-a-token")).status == 404
    token = web_server.new_visitor_token()
    response = await client.get(f"/ws/{token}", headers={"Origin": "http://evil.example"})
    assert response.status == 403


def test_the_template_and_font_are_package_data() -> None:
    from importlib.resources import files

    web = files("rummy_tui.web")
    assert (web / "index.html").is_file() and (web / "busy.html").is_file()
    assert (web / "fonts" / "DejaVuSansMono.ttf").is_file()
    assert "Bitstream" in (web / "fonts" / "LICENSE-DejaVu.txt").read_text()
    text = (REPO / "pyproject.toml").read_text()
    assert '"web/fonts/*.ttf"' in text and '"web/*.html"' in text


def test_the_readme_test_command_is_the_ci_command() -> None:
    readme = (REPO / "README.md").read_text()
    ci = (REPO / ".ci" / "run").read_text()
    command = next(line for line in ci.splitlines() if line.startswith("python3 -m venv"))
    assert f"```sh\n{command}\n```" in readme
    assert "'.[web,test]'" in command and "pytest --all" in command
