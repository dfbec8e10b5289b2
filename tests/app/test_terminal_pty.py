"""The app in a real terminal (a pty), issue 27: a byte that is not UTF-8 does not stop it
(item 4), and SIGTERM / SIGHUP save the game, restore the terminal and exit non-zero
(item 12), for ``new``, ``resume`` and the picker."""

from __future__ import annotations

import fcntl
import json
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from rummy_tui import saves

ROOT = Path(__file__).resolve().parents[2]
LEAVE_ALT_SCREEN = b"\x1b[?1049l"
MOUSE_OFF = b"\x1b[?1000l"
WAIT = 90.0
"""A bound on waiting for the app (seconds); a test never asserts how long anything took."""


class Terminal:
    """One rummy-tui process on a pty of 100x32, and everything it wrote."""

    def __init__(self, args: list[str], home: Path, code: str | None = None) -> None:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 32, 100, 0, 0))
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color",
               "RUMMY_TUI_SAVES": str(home / "saves"),
               "RUMMY_TUI_CONFIG_DIR": str(home / "config"),
               "RUMMY_TUI_DATA_DIR": str(home / "data"),
               "RUMMY_TUI_LOG_DIR": str(home / "log")}
        for name in [n for n in env if n.startswith("TEXTUAL")]:
            del env[name]
        self.proc = subprocess.Popen(
            [sys.executable, *(["-c", code] if code else ["-m", "rummy_tui"]), *args],
            stdin=slave, stdout=slave,
            stderr=slave, env=env, start_new_session=True, close_fds=True)
        os.close(slave)
        self.master = master
        self.output = b""

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the process is gone and the pty closed
            return False
        self.output += chunk
        return bool(chunk)

    def wait_for(self, text: bytes) -> None:
        """Read until ``text`` has been written since the last mark."""
        start = max(0, len(self.output) - len(text))  # never a negative index: the tail
        deadline = WAIT * 10
        while text not in self.output[start:] and deadline > 0:
            if not self._read(0.1) and self.proc.poll() is not None:
                break
            deadline -= 1
        assert text in self.output, self.output[-3000:]

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def finish(self) -> int:
        """Read to the end; the exit status."""
        for _ in range(int(WAIT * 10)):
            if not self._read(0.1) and self.proc.poll() is not None:
                break
        code = self.proc.wait(timeout=WAIT)
        os.close(self.master)
        return code

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def terminals(tmp_path):
    made: list[Terminal] = []

    def make(*args: str, code: str | None = None) -> Terminal:
        made.append(Terminal(list(args), tmp_path, code))
        return made[-1]

    yield make
    for t in made:
        t.close()


def test_a_byte_that_is_not_utf8_is_ignored_and_the_app_goes_on(terminals, tmp_path):
    term = terminals()
    term.wait_for(b"choose a game")
    term.send(b"\xff")  # Textualize/textual#6456: this stopped the input thread
    term.send(b"?")  # the app still answers keys: the rules open
    term.wait_for(b"Rules")
    term.send(b"\x11")  # ctrl+q
    assert term.finish() == 0
    assert b"UnicodeDecodeError" not in term.output
    assert not list((tmp_path / "log").glob("crash-*"))


# Textual's own behaviour, without the work-around: an error that stops Textual is a crash
WITHOUT_THE_WORKAROUND = """
import sys
import rummy_tui.app.terminal as terminal
terminal.tolerate_bad_bytes = lambda: None
from rummy_tui.cli import main
sys.exit(main(sys.argv[1:]))
"""


def test_an_error_that_stops_textual_never_exits_0(terminals, tmp_path):
    term = terminals(code=WITHOUT_THE_WORKAROUND)
    term.wait_for(b"choose a game")
    term.send(b"\xff")
    assert term.finish() == 1
    assert b"unexpected error (RuntimeError: Textual stopped on UnicodeDecodeError" in term.output
    logs = list((tmp_path / "log").glob("crash-*.log"))
    assert len(logs) == 1 and "UnicodeDecodeError" in logs[0].read_text()


def _one_save(tmp_path: Path) -> Path:
    found = list((tmp_path / "saves").glob("*.json"))
    assert len(found) == 1, found
    return found[0]


def _ann_drew(term: Terminal, tmp_path: Path) -> Path:
    """Bob (the computer) plays first; at Ann's turn, she draws from the stock; the save,
    once it holds her draw (the app saves after every action)."""
    term.wait_for(b"Since your last turn")  # Ann's turn: Bob has played
    term.send(b"s")
    for _ in range(int(WAIT * 10)):
        found = list((tmp_path / "saves").glob("*.json"))
        if len(found) == 1 and len(saves.load_game(found[0]).hands[0]) == 11:
            return found[0]
        time.sleep(0.1)
    return _one_save(tmp_path)


@pytest.mark.parametrize("signum", [  # HUP takes the same path: slow (issue 26)
    pytest.param(signal.SIGTERM, id="TERM"),
    pytest.param(signal.SIGHUP, id="HUP", marks=pytest.mark.slow),
])
def test_a_signal_saves_restores_the_terminal_and_exits_non_zero(terminals, tmp_path, signum):
    term = terminals("new", "--variant", "rummy", "--players", "Ann,cpu-easy:Bob",
                     "--seed", "5", "--bot-delay", "0")
    path = _ann_drew(term, tmp_path)  # the save must go on holding her draw
    mark = len(term.output)
    term.proc.send_signal(signum)
    assert term.finish() == 128 + signum
    after = term.output[mark:]
    assert LEAVE_ALT_SCREEN in after and MOUSE_OFF in after
    assert b"Traceback" not in term.output
    assert f"stopped on {signal.Signals(signum).name}".encode() in after
    state = saves.load_game(path)
    assert state.phase == "play" and len(state.hands[0]) == 11  # the draw is in the save

    # resume it, and stop that one too: the same save, still current
    term = terminals("resume", str(path), "--bot-delay", "0")
    term.wait_for(b"Discard")
    term.proc.send_signal(signum)
    assert term.finish() == 128 + signum
    assert saves.load_game(path).phase == "play"
    assert json.loads(path.read_text())  # whole, readable JSON


def test_a_terminal_that_vanishes_without_sighup_saves_and_stops_the_app(terminals, tmp_path):
    # The pty's master closes, and no SIGHUP comes: the app runs in a session of its own
    # (start_new_session), so the pty is not its controlling terminal (a killed test
    # harness, a crashed terminal emulator). Its reads now end at once, forever: Textual's
    # input thread spun on them and the app never stopped. It must take that as a hang-up.
    term = terminals("new", "--variant", "rummy", "--players", "Ann,cpu-easy:Bob",
                     "--seed", "5", "--bot-delay", "0")
    path = _ann_drew(term, tmp_path)
    os.close(term.master)
    assert term.proc.wait(timeout=WAIT) == 128 + signal.SIGHUP
    state = saves.load_game(path)
    assert state.phase == "play" and len(state.hands[0]) == 11  # the draw is in the save
    assert not list((tmp_path / "log").glob("crash-*"))


def test_sigterm_at_the_picker_restores_the_terminal(terminals):
    term = terminals()
    term.wait_for(b"choose a game")
    mark = len(term.output)
    term.proc.send_signal(signal.SIGTERM)
    assert term.finish() == 128 + signal.SIGTERM
    assert LEAVE_ALT_SCREEN in term.output[mark:] and MOUSE_OFF in term.output[mark:]


def test_the_web_driver_gets_the_same_decoder_under_serve(monkeypatch):
    # rummy-tui serve: textual-serve runs each game with Textual's web driver
    from textual.drivers import linux_driver, web_driver

    from rummy_tui.app.terminal import tolerate_bad_bytes

    monkeypatch.setattr(web_driver, "getincrementaldecoder", web_driver.getincrementaldecoder)
    monkeypatch.setattr(linux_driver, "getincrementaldecoder",
                        linux_driver.getincrementaldecoder)
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    tolerate_bad_bytes()
    for module in (linux_driver, web_driver):
        decode = module.getincrementaldecoder("utf-8")().decode
        assert decode(b"a\xffb") == "a\ufffdb"
