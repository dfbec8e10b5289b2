"""``rummy-tui host --web-port P`` (issue 28): the headless host serves its table to browsers
too. After each remote seat's join line (its format unchanged: scripts read it) comes
``NAME: http://HOST:P/?code=CODE``, and that address opens that seat, not another; the
browser server (``serve --join``, a child process) stops with the host."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path

import aiohttp
import pytest

from rummy_tui.cli import main
from rummy_tui.commands.host_web import join_target, web_url
from rummy_tui.web import server as web_server

from .page_probe import free_port, game_processes, unniced_environment
from .ws_visitor import Visitor, wait_for_no_games


def start_host(saves: Path, *args: str) -> tuple[subprocess.Popen[str], list[str]]:
    """``rummy-tui host`` with Bob and Chen remote and a computer player, and its first four
    lines of standard output. Its browser server's games run un-niced (unniced_environment)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "rummy_tui", "host", "--variant", "rummy", "--seats",
         "remote:Bob,remote:Chen,cpu:Ravi", "--seed", "3", "--saves-dir", str(saves),
         "--bot-delay", "0", *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
        env=unniced_environment())
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(4)]
    return proc, lines


def stop_host(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGINT)
    try:
        _, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise AssertionError("the host did not stop on ctrl+c") from None
    return err


def test_the_addresses() -> None:
    assert join_target("127.0.0.1", 8765) == "127.0.0.1:8765"
    assert join_target("0.0.0.0", 8765) == "127.0.0.1:8765"
    assert join_target("::", 8765) == "[::1]:8765"
    assert join_target("::1", 8765) == "[::1]:8765"
    assert web_url("127.0.0.1", 8080, "abc") == "http://127.0.0.1:8080/?code=abc"
    assert web_url("::1", 8080, "abc") == "http://[::1]:8080/?code=abc"


def test_bad_web_ports_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    seats = ["host", "--variant", "rummy", "--seats", "remote:Bob,cpu:Ravi", "--saves-dir",
             str(tmp_path)]
    assert main([*seats, "--port", "9000", "--web-port", "9000"]) == 2
    assert capsys.readouterr().err == "error: --web-port must differ from --port\n"
    tls = Path(__file__).parents[1] / "net" / "tls"
    assert main([*seats, "--web-port", "9001", "--certfile", str(tls / "cert.pem"),
                 "--keyfile", str(tls / "key.pem")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --web-port serves browsers over plain http") and \
        err.count("\n") == 1
    assert main([*seats, "--web-port", "0"]) == 2
    assert "a port is 1 to 65535, not 0" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # nothing saved, nothing locked


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="counts processes in /proc")
async def test_each_seat_gets_its_own_browser_address(tmp_path: Path) -> None:
    port, web_port = free_port(), free_port()
    proc, lines = start_host(tmp_path, "--port", str(port), "--web-port", str(web_port))
    try:
        assert len(lines) == 4 and all(line.endswith("\n") for line in lines), lines
        join_bob, url_bob, join_chen, url_chen = (line.rstrip("\n") for line in lines)
        # the join lines as without --web-port, each followed by its seat's browser address
        assert join_bob.startswith(f"Bob: rummy-tui join 127.0.0.1:{port} ")
        assert join_chen.startswith(f"Chen: rummy-tui join 127.0.0.1:{port} ")
        codes = [join_bob.split()[-1], join_chen.split()[-1]]
        assert codes[0] != codes[1]
        assert url_bob == f"Bob: http://127.0.0.1:{web_port}/?code={codes[0]}"
        assert url_chen == f"Chen: http://127.0.0.1:{web_port}/?code={codes[1]}"

        # Chen's address opens Chen's seat: Chen's hand, never Bob's
        async with aiohttp.ClientSession() as session:
            address = url_chen.partition(": ")[2]
            assert (await session.get(address.replace(codes[1], "short"))).status == 400
            page = await session.get(address)
            assert page.status == 200
            token = page.cookies[web_server.VISITOR_COOKIE].value
            websocket = await session.ws_connect(
                f"ws://127.0.0.1:{web_port}/ws/{token}/{codes[1]}?width=100&height=32")
            visitor = Visitor(websocket)
            await visitor.wait_for("Chen's hand")
            assert "Bob's hand" not in visitor.text
            await websocket.close()
        await wait_for_no_games(tmp_path)
    finally:
        err = stop_host(proc)
        print(err, file=sys.stderr)  # the host's, its child's and the visitor's lines
    assert proc.returncode == 0, err
    assert "serving the seats of the table at" in err  # the child's lines: standard error
    assert game_processes(tmp_path) == []
    # the browser server stopped with the host: its port is free again
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past TIME_WAIT
        sock.bind(("127.0.0.1", web_port))


def test_a_taken_web_port_is_one_line_and_exit_1(tmp_path: Path) -> None:

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        web_port = taken.getsockname()[1]
        proc = subprocess.run(
            [sys.executable, "-m", "rummy_tui", "host", "--variant", "rummy", "--seats",
             "remote:Bob,cpu:Ravi", "--saves-dir", str(tmp_path), "--port", str(free_port()),
             "--web-port", str(web_port)],
            capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 1
    assert proc.stdout == ""  # no invitation printed for a table nobody can reach by browser
    assert f"error: cannot serve browsers on port {web_port}: " in proc.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the child in /proc")
def test_a_browser_server_that_dies_is_a_warning_and_the_host_serves_on(tmp_path: Path) -> None:
    import os
    import time

    port, web_port = free_port(), free_port()
    proc, lines = start_host(tmp_path, "--port", str(port), "--web-port", str(web_port))
    try:
        assert lines[1].startswith(f"Bob: http://127.0.0.1:{web_port}/?code="), lines
        marker = b"\x00".join([b"", b"--join", f"127.0.0.1:{port}".encode(), b""])
        children = [int(entry.name) for entry in Path("/proc").iterdir()
                    if entry.name.isdigit() and _cmdline(entry).endswith(marker)]
        assert len(children) == 1, children
        os.kill(children[0], signal.SIGKILL)
        time.sleep(1.0)
        assert proc.poll() is None  # the host serves on: the join lines still work
        with socket.create_connection(("127.0.0.1", port), timeout=10):
            pass
    finally:
        err = stop_host(proc)
    assert "warning: the browser server (rummy-tui serve) stopped (-9)" in err
    assert proc.returncode == 0, err


def _cmdline(entry: Path) -> bytes:
    try:
        return (entry / "cmdline").read_bytes()
    except OSError:
        return b""


def test_without_textual_serve_web_port_is_one_line_and_exit_2(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    from rummy_tui.commands import host_web

    monkeypatch.setattr(host_web, "web_extra_missing", lambda: True)
    assert main(["host", "--variant", "rummy", "--seats", "remote:Bob,cpu:Ravi",
                 "--saves-dir", str(tmp_path), "--web-port", "9002"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --web-port: ") and "web extra" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
