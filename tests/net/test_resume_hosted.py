"""A hosted table's save comes back hosted (issue 28): the picker's Resume list marks it, and
choosing it serves the table again on the address it was served on, with the same
invitations, on the host's table screen; a real client joins with its old code and sees its
seat. It never opens hot-seat (the remote seats' hands would show at the keyboard), from the
picker or from ``rummy-tui resume``; a port that is taken is one line, and nothing is lost."""

from __future__ import annotations

import argparse
import socket
from pathlib import Path

import pytest
from textual.widgets import OptionList

from rummy_tui import saves
from rummy_tui.app.app import RummyApp
from rummy_tui.app.screens.host_table import HostTableScreen
from rummy_tui.app.screens.table import TableScreen
from rummy_tui.app.widgets.hand import Hand
from rummy_tui.cli import main
from rummy_tui.core.engine import new_game
from rummy_tui.core.state import PlayerSpec
from rummy_tui.net import invites_path, is_hosted
from rummy_tui.net.client import first_view
from rummy_tui.net.invites import load_invites, new_code, write_invites
from rummy_tui.net.table import Seat
from rummy_tui.saves.lock import SaveLock

from app.driver import open_picker

BOB = 1


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def hosted_save(folder: Path, port: int) -> tuple[Path, list[Seat]]:
    """A hosted table's save: Asha at the host's keyboard, Bob remote, Ravi a computer."""
    folder.mkdir(exist_ok=True)
    state = new_game("rummy", [PlayerSpec("Asha", "human"), PlayerSpec("Bob", "human"),
                               PlayerSpec("Ravi", "normal")], seed=11)
    path = folder / "20261127-050000-rummy-11.json"
    saves.save_game(state, path)
    seats = [Seat(kind="local"), Seat(kind="remote", code=new_code()), Seat(kind="cpu")]
    write_invites(path, seats, "127.0.0.1", port)
    return path, seats


def plain(option) -> str:
    import io

    from rich.console import Console

    console = Console(width=200, file=io.StringIO(), record=True, color_system=None)
    console.print(option.prompt)
    return " ".join(console.export_text().split())


async def until(pilot, condition, what: str, steps: int = 400) -> None:
    for _ in range(steps):
        if condition():
            return
        await pilot.pause(0.01)
    raise AssertionError(f"never happened: {what}")


async def test_the_resume_list_hosts_a_hosted_table_again_with_its_invitations(
        tmp_path: Path) -> None:
    port = free_port()
    path, seats = hosted_save(tmp_path / "saves", port)
    state = saves.load_game(path)
    app = RummyApp(cursor_blink=False, bot_delay=0, saves_dir=str(tmp_path / "saves"))
    async with app.run_test(size=(100, 32)) as pilot:
        picker = await open_picker(app, pilot)
        resume = picker.query_one("#resume-list", OptionList)
        entry = next(plain(resume.get_option_at_index(i)) for i in range(resume.option_count)
                     if "Asha" in plain(resume.get_option_at_index(i)))
        assert "hosted table" in entry
        await pilot.press("r", "enter")
        await until(pilot, lambda: any(isinstance(s, HostTableScreen) for s in app.screen_stack),
                    "the host's table")
        screen = next(s for s in app.screen_stack if isinstance(s, HostTableScreen))
        # never a hot-seat table: the one table on the stack is the host's
        assert [type(s) for s in app.screen_stack if isinstance(s, TableScreen)] == \
            [HostTableScreen]
        assert app.game is None
        assert screen.where == f"127.0.0.1:{port}"
        assert screen.invitations == [f"Bob: rummy-tui join 127.0.0.1:{port} {seats[BOB].code}"]
        assert screen.table.state == state
        # Bob joins with his old invitation and sees his own seat
        welcome, view = await first_view("127.0.0.1", port, seats[BOB].code or "")
        assert welcome.seat == BOB and welcome.names == ["Asha", "Bob", "Ravi"]
        assert view.player == BOB and view.hand == state.hands[BOB]
        await until(pilot, lambda: screen.table.seats[BOB].link is None, "Bob left")
        # the keyboard never draws Bob's hand
        assert not set(state.hands[BOB]) & set(screen.query_one(Hand).cards)
        # the save is held while it is served: no second host, no hot-seat window
        with pytest.raises(saves.lock.SaveLocked):
            SaveLock(path).acquire()
    # the screen has gone: the table was saved and the lock let go
    lock = SaveLock(path)
    lock.acquire()
    lock.release()
    assert load_invites(path, 3).seats[BOB].code == seats[BOB].code


async def test_a_taken_port_is_one_line_and_nothing_is_lost(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        path, _ = hosted_save(tmp_path / "saves", port)
        before = (path.read_bytes(), invites_path(path).read_bytes())
        app = RummyApp(cursor_blink=False, bot_delay=0, saves_dir=str(tmp_path / "saves"))
        async with app.run_test(size=(100, 32)) as pilot:
            picker = await open_picker(app, pilot)
            await pilot.press("r", "enter")
            await pilot.pause()
            assert app.screen is picker  # still the picker: no table, hosted or hot-seat
            said = [n.message for n in app._notifications]
            assert len(said) == 1 and "\n" not in said[0], said
            assert said[0].startswith(f"Cannot host this table again: cannot listen on "
                                      f"127.0.0.1 port {port}: "), said
    assert (path.read_bytes(), invites_path(path).read_bytes()) == before
    lock = SaveLock(path)
    lock.acquire()  # let go again
    lock.release()


def test_rummy_tui_resume_never_opens_a_hosted_table_hot_seat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = hosted_save(tmp_path / "saves", 8765)
    assert is_hosted(path)
    assert main(["resume", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hosted table" in err and "host --resume" in err


def test_host_resume_listens_where_the_table_was_served(tmp_path: Path) -> None:
    from rummy_tui.commands.host import HostError, _resumed_table

    path, seats = hosted_save(tmp_path / "saves", 9123)
    write_invites(path, [Seat(kind="remote", code=new_code()) if s.kind == "local" else s
                         for s in seats], "0.0.0.0", 9123)

    def args(**given: object) -> argparse.Namespace:
        base = dict(resume=str(path), variant=None, seats=None, rule=[], host=None, port=None)
        return argparse.Namespace(**{**base, **given})

    resumed = args()
    _resumed_table(resumed)
    assert (resumed.host, resumed.port) == ("0.0.0.0", 9123)
    chosen = args(host="127.0.0.1", port=9200)
    _resumed_table(chosen)
    assert (chosen.host, chosen.port) == ("127.0.0.1", 9200)  # the command line wins
    write_invites(path, seats, "127.0.0.1", 9123)  # a local seat: the app's to resume
    with pytest.raises(HostError, match="picker's Resume list"):
        _resumed_table(args())


async def test_hosting_on_a_taken_port_leaves_no_invitations_behind(tmp_path: Path) -> None:
    from textual.widgets import Input

    from rummy_tui.app.screens.host_setup import HostSetupScreen

    folder = tmp_path / "saves"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        app = RummyApp(cursor_blink=False, bot_delay=0, saves_dir=str(folder))
        async with app.run_test(size=(100, 32)) as pilot:
            await open_picker(app, pilot)
            await pilot.press("h")
            await until(pilot, lambda: isinstance(app.screen, HostSetupScreen), "the setup")
            setup = app.screen
            setup.query_one("#host-port", Input).value = str(port)
            await setup.start()
            await pilot.pause()
            assert app.screen is setup
            assert f"cannot listen on 127.0.0.1 port {port}: " in str(
                setup.query_one("#host-problem").render())
    assert not list(folder.glob("*")), list(folder.glob("*"))  # no save, no invitations


async def test_a_hosted_table_served_elsewhere_is_not_opened_read_only(tmp_path: Path) -> None:
    path, _ = hosted_save(tmp_path / "saves", free_port())
    elsewhere = SaveLock(path)
    elsewhere.acquire()  # another host serves it
    try:
        app = RummyApp(cursor_blink=False, bot_delay=0, saves_dir=str(tmp_path / "saves"))
        async with app.run_test(size=(100, 32)) as pilot:
            picker = await open_picker(app, pilot)
            await pilot.press("r", "enter")
            await pilot.pause()
            assert app.screen is picker  # no "open it read-only?": that would be hot-seat
            said = [n.message for n in app._notifications]
            assert len(said) == 1 and "one host at a time" in said[0], said
    finally:
        elsewhere.release()
