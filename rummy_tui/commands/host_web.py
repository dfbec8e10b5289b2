"""``rummy-tui host --web-port P``: the host's table in browsers too (issue 28).

The host starts ``rummy-tui serve --join HOST:PORT --port P`` as a child process (the same
server, caps and safety as that command: loopback unless ``--host`` says otherwise), waits
until it answers, and stops it (ctrl+c, then a kill after a while) when the host stops. Each
remote seat's invitation then has a browser address too, ``http://HOST:P/?code=CODE``.
The child's own lines go to the host's standard error: its standard output is the
invitations', which scripts read.

The child dies with its host, even one killed with SIGKILL that cannot stop it: its
standard input is a pipe from the host (``serve --exit-with-parent``), which the system
closes when the host ends, however it ends; the child stops as on SIGTERM when the pipe
ends or its parent changes (:func:`exit_with_parent`), and on Linux the system also sends
it SIGTERM when its parent dies (``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from pathlib import Path

from ..core.text import one_line

START_SECONDS = 60.0
"""How long the browser server may take to answer (a loaded machine imports slowly)."""
STOP_SECONDS = 15.0


class WebServeError(Exception):
    """The browser server did not start: one line."""


def join_target(host: str, port: int) -> str:
    """The address the child server joins the host at: the host's own address, or loopback
    when the host listens on every interface (0.0.0.0, ::)."""
    name = {"0.0.0.0": "127.0.0.1", "::": "::1", "[::]": "::1"}.get(host.strip(), host.strip())
    name = name.strip("[]")
    return f"[{name}]:{port}" if ":" in name else f"{name}:{port}"


def web_url(host: str, port: int, code: str) -> str:
    """The invitation's browser address (the host name as the ``join`` line shows it)."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{shown}:{port}/?code={code}"


class WebServer:
    """The ``serve --join`` child process of one host."""

    def __init__(self, *, host: str, port: int, join: str, saves: Path) -> None:
        self.host, self.port, self.join, self.saves = host, port, join, saves
        self.process: asyncio.subprocess.Process | None = None
        self._forward: asyncio.Task[None] | None = None

    def command(self) -> list[str]:
        # -P: the rummy_tui of this host, never one in the working folder (a checkout)
        return [sys.executable, "-P", "-m", "rummy_tui", "--saves-dir", str(self.saves), "serve",
                "--exit-with-parent", "--host", self.host, "--port", str(self.port),
                "--join", self.join]

    async def start(self) -> None:
        """Start it and wait until it says it serves (it prints that once its port is bound);
        WebServeError if it exits first or says nothing within :data:`START_SECONDS`."""
        self.process = await asyncio.create_subprocess_exec(
            *self.command(), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=sys.stderr.fileno())
        assert self.process.stdout is not None
        out = self.process.stdout
        try:
            while True:
                line = await asyncio.wait_for(out.readline(), START_SECONDS)
                if not line:
                    await self.process.wait()
                    raise WebServeError(f"the browser server (rummy-tui serve) exited "
                                        f"({self.process.returncode}): see its lines above")
                self._echo(line)
                if b"serving the seats" in line:
                    break
        except asyncio.TimeoutError:
            await self.stop()
            raise WebServeError(f"the browser server did not start within "
                                f"{START_SECONDS:.0f} s") from None
        self._forward = asyncio.get_running_loop().create_task(self._forward_lines(out))

    @staticmethod
    def _echo(line: bytes) -> None:
        print(line.decode("utf-8", "replace").rstrip("\n")[:1000], file=sys.stderr, flush=True)

    async def _forward_lines(self, out: asyncio.StreamReader) -> None:
        """The child's further lines, to standard error (a full pipe would block it); a
        warning if it ends while the host serves on (the terminal seats still play)."""
        while line := await out.readline():
            self._echo(line)
        process = self.process
        if process is not None:  # not stopped by the host
            await process.wait()
            print(f"warning: the browser server (rummy-tui serve) stopped "
                  f"({process.returncode}): the browser addresses no longer answer; the "
                  "rummy-tui join lines still work", file=sys.stderr, flush=True)

    async def stop(self) -> None:
        """ctrl+c (its visitors' games end, saved), then a kill if it does not stop."""
        process, self.process = self.process, None
        if process is None or process.returncode is not None:
            return
        try:
            await self._stop(process)
        finally:
            if self._forward is not None:
                self._forward.cancel()

    @staticmethod
    async def _stop(process: asyncio.subprocess.Process) -> None:
        try:
            process.send_signal(signal.SIGINT)
            await asyncio.wait_for(process.wait(), STOP_SECONDS)
        except ProcessLookupError:
            return
        except asyncio.TimeoutError:
            try:
                process.kill()
            except ProcessLookupError:
                return
            await process.wait()
            print(f"warning: the browser server did not stop in {STOP_SECONDS:.0f} s: "
                  "killed", file=sys.stderr, flush=True)
        except OSError as exc:  # pragma: no cover - the process table said no
            print(f"warning: cannot stop the browser server: {one_line(exc)}",
                  file=sys.stderr, flush=True)



PARENT_CHECK_SECONDS = 1.0
"""How often the child looks at its parent (besides the pipe's end, which wakes it)."""

PR_SET_PDEATHSIG = 1


def exit_with_parent() -> None:
    """``serve --exit-with-parent`` (the host's browser server): stop as on SIGTERM (the
    visitors' games closed, the port freed) when standard input ends, which happens when
    the host that holds its other end ends, or when the parent process changes. Two
    guards that do not hang on the system: a pipe and the parent's pid; on Linux a third,
    the system's signal on the parent's death."""
    parent = os.getppid()
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - not this system's C library
            pass
    try:
        fd = sys.stdin.fileno()
    except (AttributeError, OSError, ValueError):
        fd = -1

    def watch() -> None:
        import select

        while os.getppid() == parent:
            if fd < 0:
                threading.Event().wait(PARENT_CHECK_SECONDS)
                continue
            try:
                ready, _, _ = select.select([fd], [], [], PARENT_CHECK_SECONDS)
                if ready and not os.read(fd, 4096):
                    break  # the pipe has ended: the host has gone
            except OSError:
                break
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="rummy-tui-watch-host", daemon=True).start()


def web_extra_missing() -> bool:
    """True if textual-serve (the browser half of the web extra) is not installed."""
    import importlib.util

    return importlib.util.find_spec("textual_serve") is None
