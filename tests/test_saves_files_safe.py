"""Files are opened safely (issue 27 items 6 and 7): the lock file, a save, its backup and its
temporary files are never followed through a symbolic link, and the backup is made only when
a new save replaces an old one, never on opening a game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from rummy_tui import saves
from rummy_tui.app.app import RummyApp
from rummy_tui.cli import main
from rummy_tui.core.engine import apply, legal_actions, new_game
from rummy_tui.core.state import DrawStock, PlayerSpec
from rummy_tui.saves.lock import SaveLock, lock_path

VICTIM = b"precious data\n"


def _game():
    return new_game("rummy", [PlayerSpec("Ann"), PlayerSpec("Bob")], seed=5)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "victim.txt").write_bytes(VICTIM)
    games = tmp_path / "saves"
    games.mkdir()
    return games


def _victim(folder: Path) -> bytes:
    return (folder.parent / "victim.txt").read_bytes()


def test_resume_refuses_a_lock_file_that_is_a_symlink(folder: Path, capsys):
    path = folder / "g.json"
    saves.save_game(_game(), path)
    lock_path(path).symlink_to("../victim.txt")
    assert main(["--saves-dir", str(folder), "resume", "g"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "symbolic link" in err and "Traceback" not in err
    assert _victim(folder) == VICTIM
    assert lock_path(path).is_symlink()  # left as it was found


@pytest.mark.parametrize("kind", ["symlink", "hardlink", "fifo", "folder"])
def test_the_lock_is_refused_on_anything_but_its_own_file(folder: Path, kind: str):
    path = folder / "g.json"
    saves.save_game(_game(), path)
    lock = lock_path(path)
    victim = folder.parent / "victim.txt"
    if kind == "symlink":
        lock.symlink_to(victim)
    elif kind == "hardlink":
        os.link(victim, lock)
    elif kind == "fifo":
        os.mkfifo(lock)
    else:
        lock.mkdir()
    with pytest.raises(OSError) as caught:
        SaveLock(path).acquire(take_over=True)
    assert "\n" not in str(caught.value.strerror)
    assert _victim(folder) == VICTIM


def test_a_lock_of_our_own_is_taken_and_given_back(folder: Path):
    path = folder / "g.json"
    lock = SaveLock(path)
    lock.acquire()
    assert lock_path(path).read_text().strip() == str(os.getpid())
    lock.release()
    lock.acquire()  # the file is reused
    lock.release()


def test_a_save_that_is_a_symlink_is_not_read(folder: Path, capsys):
    real = folder.parent / "real.json"
    saves.save_game(_game(), real)
    (folder / "g.json").symlink_to(real)
    with pytest.raises(saves.SaveError, match="symbolic link"):
        saves.load_game(folder / "g.json")
    [info] = saves.list_saves(folder)
    assert not info.ok and "symbolic link" in (info.reason or "")
    assert main(["--saves-dir", str(folder), "resume", "g"]) == 2
    assert "symbolic link" in capsys.readouterr().err


def test_a_save_is_never_written_through_a_symlink(folder: Path):
    path = folder / "g.json"
    state = _game()
    saves.save_game(state, path)
    path.unlink()
    path.symlink_to("../victim.txt")  # planted while the game runs
    with pytest.raises(saves.SaveError, match="not a regular file"):
        saves.save_game(apply(state, DrawStock()), path)
    assert _victim(folder) == VICTIM and path.is_symlink()


def test_a_backup_that_is_a_symlink_is_replaced_not_followed(folder: Path):
    path = folder / "g.json"
    state = _game()
    saves.save_game(state, path)
    backup = path.with_name(path.name + saves.BACKUP_SUFFIX)
    backup.symlink_to("../victim.txt")
    saves.save_game(apply(state, DrawStock()), path)
    assert _victim(folder) == VICTIM
    assert not backup.is_symlink() and saves.load_game(backup) == state


def test_the_same_game_saved_again_writes_nothing(folder: Path):
    path = folder / "g.json"
    first = _game()
    second = apply(first, DrawStock())
    saves.save_game(first, path)
    saves.save_game(second, path)
    backup = path.with_name(path.name + saves.BACKUP_SUFFIX)
    before = (backup.read_bytes(), os.stat(backup).st_mtime_ns, os.stat(path).st_mtime_ns)
    saves.save_game(saves.load_game(path), path)
    assert (backup.read_bytes(), os.stat(backup).st_mtime_ns,
            os.stat(path).st_mtime_ns) == before
    assert saves.load_game(backup) == first


async def test_resume_then_quit_without_a_move_leaves_the_backup(folder: Path):
    path = folder / "g.json"
    state = _game()
    saves.save_game(state, path)
    state = apply(state, DrawStock())
    saves.save_game(state, path)  # the backup is the game before the draw
    backup = path.with_name(path.name + saves.BACKUP_SUFFIX)
    kept, save = backup.read_bytes(), path.read_bytes()
    lock = SaveLock(path)
    lock.acquire()
    app = RummyApp(game=saves.load_game(path), save_path=path, save_lock=lock,
                   saves_dir=str(folder), bot_delay=0, cursor_blink=False)
    app.autosave = True
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.game == state and legal_actions(app.game)
        await pilot.press("ctrl+q")
        await pilot.pause()
    assert backup.read_bytes() == kept and path.read_bytes() == save


def test_a_new_game_never_takes_the_name_of_a_link(folder: Path):
    state = _game()
    first = saves.new_save_path(state, folder)
    first.symlink_to("../nowhere.txt")  # dangling: a link that exists() does not see
    second = saves.new_save_path(state, folder)
    assert second != first
    saves.save_game(state, second)
    assert not (folder.parent / "nowhere.txt").exists()
