"""``rummy-tui host --web-port P``: the browser server (a child process, ``serve --join``)
dies with its host, even when the host is killed with SIGKILL and has no chance to stop it
(issue 28): the child watches a pipe from its host and stops when the pipe ends."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def running(pid: int) -> bool:
    """Alive and not a zombie (a container's first process may never reap an orphan)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"


def port_free(port: int) -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past TIME_WAIT
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the child in /proc")
def test_the_browser_server_dies_with_a_killed_host(tmp_path: Path) -> None:
    port, web_port = free_port(), free_port()
    host = subprocess.Popen(
        [sys.executable, "-m", "rummy_tui", "host", "--variant", "rummy", "--seats",
         "remote:Bob,cpu:Ravi", "--saves-dir", str(tmp_path), "--port", str(port),
         "--web-port", str(web_port)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, text=True)
    child = None
    try:
        assert host.stdout is not None
        lines = [host.stdout.readline(), host.stdout.readline()]
        assert lines[1].startswith(f"Bob: http://127.0.0.1:{web_port}/?code="), lines
        (child,) = children(host.pid)
        assert running(child) and not port_free(web_port)
        host.send_signal(signal.SIGKILL)  # no goodbye: the host cannot stop its child
        host.wait(10)
        deadline = time.monotonic() + 10
        while (running(child) or not port_free(web_port)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not running(child), "the browser server outlived its host"
        assert port_free(web_port)
    finally:
        if host.poll() is None:
            host.kill()
            host.wait()
        if child is not None and running(child):
            os.kill(child, signal.SIGKILL)
