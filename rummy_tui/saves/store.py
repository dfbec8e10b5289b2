"""Reading and writing one save file: atomic autosaves with one backup (docs/SAVES.md, "How a
save is written").

Promises kept here, because a lost game is the worst bug a card game can have:

- a save is written to a temporary file in the same folder, fsynced, then moved over the
  old one with ``os.replace``; the previous good save is kept as ``<name>.json.bak``, and the
  folder is fsynced, so a crash or ``kill -9`` at any moment leaves a save that loads; the
  backup is made only when a new save replaces a different one (a game opened and closed
  without a move writes nothing, and its backup stays as it was);
- a save, its backup and its temporary files are never followed through a symbolic link;
- :func:`load_game` never modifies, renames or deletes the file it reads; every problem is a
  :class:`SaveError` with a one-line reason; a file above :data:`MAX_SAVE_BYTES` is refused
  from its size alone, before it is read.

Loading runs in the picker's worker thread and in the app's thread at once, so nothing here
touches process-wide state (the garbage collector included) beyond the two caches below,
whose every update is one dict operation.
"""

from __future__ import annotations

import errno
import glob
import os
import shutil
import stat
import tempfile
import time
from pathlib import Path

from ..core.state import GameState
from .codec import dumps
from .schema import MAX_SAVE_BYTES, SaveError, human_size
from .validation import parse_save

BACKUP_SUFFIX = ".bak"

# (size, mtime_ns, inode) of files this process wrote or read as good saves: such a file can
# become the backup without being read again.
_KNOWN_GOOD: dict[str, tuple[int, int, int]] = {}
_KNOWN_GOOD_MAX = 2048
"""Files remembered (the oldest goes first; a forgotten one is read again when needed)."""


def _remember_good(key: str, sig: tuple[int, int, int]) -> None:
    if len(_KNOWN_GOOD) >= _KNOWN_GOOD_MAX and key not in _KNOWN_GOOD:
        del _KNOWN_GOOD[next(iter(_KNOWN_GOOD))]
    _KNOWN_GOOD[key] = sig


def signature(st: os.stat_result) -> tuple[int, int, int]:
    return (st.st_size, st.st_mtime_ns, st.st_ino)


_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
"""Saves are never read or written through a symbolic link (issue 27): a link planted in the
saves folder must not make the game read, or save over, a file elsewhere."""


def _read_bytes(path: Path) -> tuple[bytes, os.stat_result]:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file", path) from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror})", path) from None
    if stat.S_ISLNK(st.st_mode):
        raise SaveError(f"{path}: a symbolic link, not a save file (not followed)", path)
    if stat.S_ISDIR(st.st_mode):
        raise SaveError(f"{path}: is a folder, not a save file", path)
    if not stat.S_ISREG(st.st_mode):
        raise SaveError(f"{path}: not a regular file", path)
    if st.st_size > MAX_SAVE_BYTES:
        raise SaveError(
            f"{path}: too large for a save ({human_size(st.st_size)}; "
            f"the limit is {human_size(MAX_SAVE_BYTES)}), not read", path)
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # replaced since the lstat
                raise SaveError(f"{path}: not a regular file", path)
            data = f.read(MAX_SAVE_BYTES + 1)
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # it became a link after the lstat
            raise SaveError(f"{path}: a symbolic link, not a save file (not followed)",
                            path) from None
        raise SaveError(f"{path}: cannot read ({exc.strerror})", path) from None
    if len(data) > MAX_SAVE_BYTES:  # it grew after the stat
        raise SaveError(f"{path}: too large for a save, not read", path)
    return data, st


def load_game(path: str | os.PathLike[str]) -> GameState:
    """Read and check a save; raise :class:`SaveError` with a one-line reason.

    The file is opened read-only and never modified, renamed or deleted, whatever is wrong
    with it. Files above :data:`MAX_SAVE_BYTES` are refused from their size alone.
    """
    path = Path(path)
    data, st = _read_bytes(path)
    state = parse_save(data, str(path))
    _remember_good(str(path.absolute()), signature(st))
    return state


# --- writing ---------------------------------------------------------------------------------


def _fsync_dir(directory: Path) -> None:
    # Makes the rename itself durable; not possible on every platform (Windows), where the
    # replace is still atomic.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _is_good_save(path: Path, st: os.stat_result) -> bool:
    if _KNOWN_GOOD.get(str(path.absolute())) == signature(st):
        return True
    try:
        load_game(path)
    except SaveError:
        return False
    return True


def _keep_backup(path: Path) -> None:
    """Make the current save (if it is a good one) the backup, without ever leaving a moment
    with no save at ``path``: hard-link it under a temporary name, then move that over the
    old backup. Where hard links are not possible, copy instead.

    A file at ``path`` that is not a good save is left alone as ``<name>.json.unreadable``
    (never overwritten, never deleted), and the backup keeps the last good save.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(st.st_mode):  # a symbolic link too: never followed
        raise SaveError(f"{path}: not a regular file; not saving over it", path)
    good = _is_good_save(path, st)
    target = path.with_name(path.name + BACKUP_SUFFIX)
    if not good:
        target = path.with_name(path.name + ".unreadable")
        n = 1
        while target.exists():
            n += 1
            target = path.with_name(f"{path.name}.unreadable-{n}")
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{time.monotonic_ns()}.bak.tmp")
    try:
        os.link(path, tmp, follow_symlinks=False)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK,
                             errno.EACCES, errno.ENOSYS):
            raise
        shutil.copyfile(path, tmp, follow_symlinks=False)
        with open(tmp, "rb+") as f:
            os.fsync(f.fileno())
    if good:
        os.replace(tmp, target)
    else:
        os.rename(tmp, target)  # target does not exist: never overwrites anything


def _remove_stale_temporaries(path: Path) -> None:
    """Temporary files a killed writer of this save left behind (once per save and process).
    Only old ones: a file a minute old is no write still in progress. They are never saves:
    the save itself is only ever the result of the final os.replace."""
    cutoff = time.time() - 60
    for tmp in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        try:
            if tmp.stat().st_mtime < cutoff:
                tmp.unlink()
        except OSError:
            pass


def _holds(path: Path, data: bytes) -> bool:
    """Whether the save at ``path`` already holds exactly ``data`` (its size first: a move
    changes the size almost always, so the file is rarely read)."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
            return False
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            return f.read(len(data) + 1) == data
    except OSError:
        return False


def save_game(state: GameState, path: str | os.PathLike[str]) -> None:
    """Write ``state`` to ``path`` atomically, keeping the previous good save as
    ``<name>.json.bak``; when the file already holds this game exactly, nothing is written
    (and the backup is left alone). Raises :class:`SaveError` (one line) if it cannot be
    written; the old save is then still in place."""
    path = Path(path)
    data = dumps(state)
    if len(data) > MAX_SAVE_BYTES:
        raise SaveError(f"{path}: the game is too large to save ({human_size(len(data))})")
    directory = path.parent
    tmp_name: str | None = None
    try:
        if _holds(path, data):
            # the same game again (a resumed game shown, a quit with no move): nothing is
            # written, so the backup stays the save before the last move (issue 27)
            return
        directory.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        _keep_backup(path)
        os.replace(tmp_name, path)
        tmp_name = None
        _fsync_dir(directory)
        key = str(path.absolute())
        if key not in _KNOWN_GOOD:
            _remove_stale_temporaries(path)
        _remember_good(key, signature(os.stat(path)))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise SaveError(f"cannot save to {path}: {reason}", path) from None
    finally:
        if tmp_name is not None:
            try:
                os.unlink(tmp_name)
            except OSError:
                pass
