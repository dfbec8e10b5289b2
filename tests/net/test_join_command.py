"""``rummy-tui join``'s command line: a bad address or code is one line and exit 2, a host
that cannot be reached one line and exit 1, a code the host refuses one line and exit 2;
never a traceback, and no screen opens."""

from __future__ import annotations

import asyncio
import shlex
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from rummy_tui.cli import main
from rummy_tui.net.client import JoinError, check_code, parse_address
from rummy_tui.net.host import Host
from rummy_tui.net.invites import join_command, new_code

from .join_support import make_table

CODE = "A" * 22


@pytest.mark.parametrize("address", ["", "host:port", "h:0", "h:70000", "[nonsense]:1",
                                     "a b:1", "x" * 300, "h:1:2", "\x1b[31m:1"])
def test_a_bad_address_is_one_line_and_exit_2(address, capsys):
    assert main(["join", address, CODE]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "\x1b" not in err


@pytest.mark.parametrize("code", ["short", "x" * 65, "bad code with spaces!!", "\x1b]0;hi\x07" * 3])
def test_a_bad_code_is_one_line_and_exit_2(code, capsys):
    assert main(["join", "127.0.0.1:8765", code]) == 2
    err = capsys.readouterr().err
    assert "not an invitation code" in err and err.count("\n") == 1 and "\x1b" not in err


def test_addresses_read():
    assert parse_address("example.org:9000") == ("example.org", 9000)
    assert parse_address("[::1]:8765") == ("::1", 8765)
    assert parse_address("192.168.1.5") == ("192.168.1.5", 8765)
    with pytest.raises(JoinError):
        check_code("A" * 15)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_no_host_there_is_one_line_and_exit_1(capsys):
    port = free_port()
    assert main(["join", f"127.0.0.1:{port}", CODE]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot reach a host at 127.0.0.1:{port}: ")
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_code_that_starts_with_a_dash_is_read_after_two_dashes(capsys):
    port = free_port()
    assert main(["join", "--", f"127.0.0.1:{port}", "-" + CODE]) == 1  # not a usage error
    assert capsys.readouterr().err.startswith(f"error: cannot reach a host at 127.0.0.1:{port}")


@pytest.mark.parametrize("code", [CODE, "-" + CODE])
def test_the_join_line_the_host_prints_works_as_typed(code, capsys):
    """A hosted table's join line, typed as printed, reaches the join (a code kept in a save
    from before new codes never started with "-" gets "--" before the address)."""
    port = free_port()
    line = join_command(f"127.0.0.1:{port}", code)
    words = shlex.split(line)
    assert words[:2] == ["rummy-tui", "join"] and words[-1] == code
    assert main(words[1:]) == 1  # no host there: not a usage error (2)
    assert capsys.readouterr().err.startswith(f"error: cannot reach a host at 127.0.0.1:{port}")


def test_no_new_code_starts_with_a_dash():
    """``rummy-tui join HOST:PORT CODE`` as the host prints it must work as typed: a code
    that starts with "-" reads as an option. (Before, one code in 64 did: 2000 codes would
    hold about 31 such.)"""
    codes = [new_code() for _ in range(2000)]
    assert not [code for code in codes if code.startswith("-")]
    assert all(check_code(code) == code and len(code) == 22 for code in codes)
    assert len(set(codes)) == len(codes)
    assert {code[0] for code in codes} > set("_AZaz09")  # the other first characters stay


@contextmanager
def host_in_a_thread() -> Iterator[int]:
    table = make_table("rummy", ["remote", "cpu"])
    loop = asyncio.new_event_loop()
    host = Host([table])
    port = loop.run_until_complete(host.start("127.0.0.1", 0))
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield port
    finally:
        asyncio.run_coroutine_threadsafe(host.stop(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def test_a_code_the_host_refuses_is_one_line_and_exit_2(capsys):
    with host_in_a_thread() as port:
        assert main(["join", f"127.0.0.1:{port}", CODE]) == 2
    err = capsys.readouterr().err
    assert err == (f"error: the host at 127.0.0.1:{port} refused: "
                   "no seat at this host has that invitation code\n")
