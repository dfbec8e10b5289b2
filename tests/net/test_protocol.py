"""The wire protocol as data: views and actions survive it unchanged, in every game; anything
else is refused in one line; and rummy-tui host's command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy_tui.cli import main
from rummy_tui.core.bots import bot_action
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.registry import variant_keys
from rummy_tui.core.state import PlayerSpec
from rummy_tui.net.protocol import (
    MAX_CLIENT_MESSAGE, Act, ProtocolError, ViewTracker, decode_action, decode_client,
    decode_host, encode, encode_action, join_address, parse_address, view_message,
)


@pytest.mark.parametrize("variant", variant_keys())
def test_views_and_moves_survive_the_wire_in_every_game(variant: str) -> None:
    n = 3
    state = new_game(variant, [PlayerSpec(f"P{i}", "easy") for i in range(n)], seed=13)
    trackers = [ViewTracker() for _ in range(n)]
    sent = [0] * n
    rounds = [0] * n
    for step in range(400):
        for p in range(n):
            v = view(state, p)
            got = trackers[p].update(decode_host(view_message(v, step + 1, sent[p], rounds[p])))
            sent[p], rounds[p] = len(v.log), len(v.history)
            assert got == v
        if state.phase == "game_over":
            break
        if len(state.history) >= 2:
            break
        move = bot_action(state)
        message = decode_client(encode(Act(type="act", seq=1, action=encode_action(move))))
        assert isinstance(message, Act) and decode_action(message.action) == move
        state = apply(state, move)


def test_a_view_out_of_step_is_refused() -> None:
    state = new_game(variant_keys()[0], [PlayerSpec("A"), PlayerSpec("B")], seed=1)
    tracker = ViewTracker()
    with pytest.raises(ProtocolError, match="out of step"):
        tracker.update(decode_host(view_message(view(state, 0), 1, log_start=2)))
    with pytest.raises(ProtocolError, match="out of step"):
        tracker.update(decode_host(view_message(view(state, 0), 1, history_start=1)))


@pytest.mark.parametrize("raw, reason", [
    (b"\xff\xfe", "not a JSON message"),
    ("", "not a JSON message"),
    ("null", "bad message"),
    ('{"type": "hello", "v": 1, "code": "short"}', "bad message: hello.code"),
    ('{"type": "hello", "v": 1, "code": "AAAAAAAAAAAAAAAAAAAAAA", "name": "x"}', "bad message"),
    ('{"type": "hello", "v": true, "code": "AAAAAAAAAAAAAAAAAAAAAA"}', "bad message"),
    ('{"type": "act", "seq": 1, "action": {"name": "../../etc", "args": {}}}', "bad message"),
    ('{"type": "act", "seq": -1, "action": {"name": "DrawStock", "args": {}}}', "bad message"),
    ('{"type": "act", "seq": 1, "action": {"name": "Meld", "args": {"cards": ['
     + ",".join(['"7D"'] * 61) + "]}}}", "bad message"),
    ("{" + '"a": 1,' * 1000 + "}", "message too large"),
])
def test_bad_client_messages_get_one_line(raw: bytes | str, reason: str) -> None:
    with pytest.raises(ProtocolError) as raised:
        decode_client(raw)
    message = str(raised.value)
    assert message.startswith(reason) and "\n" not in message and len(message) <= 300
    assert len(raw) <= MAX_CLIENT_MESSAGE or "too large" in message


def test_every_message_the_host_sends_is_a_model() -> None:
    # the view is built without the model, for speed: the model reads it exactly
    state = new_game(variant_keys()[-1], [PlayerSpec("A"), PlayerSpec("B")], seed=3)
    text = view_message(view(state, 1), 9, 0)
    message = decode_host(text)
    assert json.loads(message.model_dump_json()) == json.loads(text)


def test_addresses() -> None:
    assert join_address("127.0.0.1", 8765) == "127.0.0.1:8765"
    assert join_address("::1", 80, tls=True) == "wss://[::1]:80"
    assert parse_address("wss://[::1]:80") == ("::1", 80, True)
    assert parse_address("example.org:8765") == ("example.org", 8765, False)
    for bad in ("example.org", ":80", "host:0", "host:99999", "a/b:80", "host:8x"):
        with pytest.raises(ValueError):
            parse_address(bad)


@pytest.mark.parametrize("args, reason", [
    (["--seats", "remote:A,remote:B"], "give --variant and --seats"),
    (["--variant", "nope", "--seats", "remote:A,remote:B"], "unknown variant"),
    (["--variant", "remi", "--seats", "Asha,remote:B"], "local seat"),
    (["--variant", "remi", "--seats", "cpu:A,cpu:B"], "no remote seat"),
    (["--variant", "remi", "--seats", "remote:A,robot:B"], "unknown seat kind"),
    (["--variant", "remi", "--seats", "remote:A"], "2 to 10 seats"),
    (["--variant", "remi", "--seats", "remote:A,remote:\x1b[2J"], "control character"),
    (["--variant", "remi", "--seats", "remote:A,remote:B", "--rule", "nope=1"], "unknown"),
    (["--variant", "remi", "--seats", "remote:A,remote:B", "--host", " "], "--host"),
    (["--variant", "remi", "--seats", "remote:A,remote:B", "--certfile", "c.pem"], "both"),
    (["--resume", "no-such-save.json"], "no such file"),
])
def test_host_command_line_errors_are_one_line_exit_2(
        args: list[str], reason: str, capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    assert main(["host", *args, "--saves-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err and "\x1b" not in err


def test_host_without_aiohttp_says_how_to_add_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: object) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "aiohttp", None)  # import aiohttp fails
    monkeypatch.delitem(sys.modules, "rummy_tui.net.host", raising=False)
    assert main(["host", "--variant", "remi", "--seats", "remote:A,remote:B",
                 "--saves-dir", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "rummy-tui host needs the web extra (aiohttp)" in err
    assert "[web]" in err and "textual-host" not in err  # the hint names real packages


def test_an_import_error_the_web_extra_does_not_explain_is_raised() -> None:
    from rummy_tui.installed import web_extra_needed

    bug = ImportError("cannot import name 'x'", name="rummy_tui.net.oops")
    with pytest.raises(ImportError) as raised:
        web_extra_needed("host", "aiohttp", bug)
    assert raised.value is bug
    assert web_extra_needed("join", "aiohttp", ImportError(name="yarl._quoting")).startswith(
        "rummy-tui join needs the web extra (aiohttp): ")


def test_resuming_a_save_that_was_not_hosted(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    from rummy_tui.saves import save_game

    path = tmp_path / "hot-seat.json"
    save_game(new_game(variant_keys()[0], [PlayerSpec("A"), PlayerSpec("B")], seed=1), path)
    assert main(["host", "--resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert "this save was not hosted" in err and err.count("\n") == 1
    assert main(["host", "--resume", str(path), "--seats", "remote:A,remote:B"]) == 2
    assert "leave out" in capsys.readouterr().err


def test_host_elsewhere_than_loopback_warns_and_writes_the_invitations(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from rummy_tui.commands import host as host_command

    served = []

    async def not_serving(host: object, table: object, args: object, context: object) -> int:
        served.append(table)
        return 0

    monkeypatch.setattr(host_command, "_serve", not_serving)
    assert main(["host", "--variant", "indian-pool101", "--seats", "remote:Asha,cpu-hard:Ravi",
                 "--host", "0.0.0.0", "--saves-dir", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert err.startswith("warning: serving on 0.0.0.0, not just this machine: there is no login")
    (table,) = served
    assert table.state.options.format == "pool101" and table.state.players[1].kind == "hard"
    assert table.seats[1].bot == "hard"


def test_a_host_that_cannot_listen_leaves_nothing_behind(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["host", "--variant", "rummy", "--seats", "remote:A,remote:B",
                     "--port", str(port), "--saves-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot listen on 127.0.0.1 port {port}") and err.count("\n") == 1
    assert [p.name for p in tmp_path.iterdir() if not p.name.startswith(".")] == []
