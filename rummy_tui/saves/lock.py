"""One window per save (issue 11): a game in play holds an OS lock on ``.<name>.json.lock``
beside its save, and writes its process id in it.

The lock is ``fcntl.flock``: the OS drops it when the process ends, however it ends (even
``kill -9``), so a lock is never left behind by a crash. A second window that opens the same
game finds it held and is told "this game is open in another window (pid N)"; it may open the
game read-only (no autosave). If the process named in the file is gone but the lock is still
held (a child process inherited it), the lock is stale and may be taken over. Where there is
no flock (Windows), the pid in the file is the lock, and a dead pid makes it stale.

The lock file is never followed through a symbolic link: a link (or a hard link, a FIFO, ...)
at its name is refused with a one-line reason, and the file it points to is left untouched.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a planted FIFO must not hang the open


class SaveLocked(Exception):
    """The save is open in another window. ``pid`` is that window's process (or None if the
    lock file names none); ``stale`` when that process is gone."""

    def __init__(self, path: Path, pid: int | None, stale: bool) -> None:
        who = f" (pid {pid})" if pid is not None else ""
        super().__init__(f"this game is open in another window{who}: {path.name}")
        self.path = path
        self.pid = pid
        self.stale = stale


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, owned by someone else
        return True
    return True


def _read_pid(fd: int) -> int | None:
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii", "replace").strip()
        return int(text) if text.isdigit() and len(text) < 12 else None
    except (OSError, ValueError):
        return None


def _refuse(path: Path, why: str) -> OSError:
    return OSError(errno.EPERM, f"the lock file {path.name} {why}; not using it (remove it "
                   "if no window has this game open)")


def _open_lock_file(path: Path) -> int:
    """The lock file, opened for writing without ever following a symbolic link (issue 27: a
    link planted at the lock's name must not make the game write its pid, or truncate, a file
    elsewhere). Anything but a regular file of our own is refused with a one-line OSError."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK, 0o600)
    except OSError as exc:
        if exc.errno == errno.ELOOP or path.is_symlink():
            raise _refuse(path, "is a symbolic link") from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise _refuse(path, "is not a regular file")
        if st.st_nlink > 1:  # a hard link to another file: writing would change that file
            raise _refuse(path, "has other names (a hard link)")
    except BaseException:
        os.close(fd)
        raise
    return fd


class SaveLock:
    """The lock of one save, held from :meth:`acquire` until :meth:`release` or the end of
    the process."""

    def __init__(self, save: str | os.PathLike[str]) -> None:
        self.save = Path(save)
        self.path = lock_path(self.save)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self, take_over: bool = False) -> None:
        """Hold the lock, or raise :class:`SaveLocked`. ``take_over`` takes a stale lock
        (whose process is gone); a lock whose process is alive is never taken."""
        if self._fd is not None:
            return
        self.save.parent.mkdir(parents=True, exist_ok=True)
        fd = _open_lock_file(self.path)
        try:
            pid = _read_pid(fd)
            if fcntl is not None:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    stale = pid is not None and not _alive(pid)
                    if not (take_over and stale):
                        raise SaveLocked(self.save, pid, stale) from None
            elif pid is not None and pid != os.getpid() and _alive(pid) and not take_over:
                raise SaveLocked(self.save, pid, False)
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode("ascii"))
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd

    def release(self) -> None:
        """Let go of the lock. The lock file stays (removing it would race with a window
        that just opened it); it is hidden, and never read as a save."""
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        try:
            os.ftruncate(fd, 0)
        except OSError:
            pass
        os.close(fd)  # closing drops the flock
