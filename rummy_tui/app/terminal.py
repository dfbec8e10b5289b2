"""What the app does about the terminal beyond Textual's own handling (issue 27 items 4, 12).

- **Bytes that are not UTF-8.** Textual's input thread decodes the terminal's bytes with a
  strict UTF-8 decoder: one 0xFF byte (a Latin-1 terminal, an 8-bit meta key) raises
  ``UnicodeDecodeError``, which ends the input thread, and the app "panics" out. This is
  Textual's open issue https://github.com/Textualize/textual/issues/6456 (the fix proposed
  there, ``errors="replace"``, is not in Textual 8.2). Until it is, :func:`tolerate_bad_bytes`
  gives the Linux and web drivers a decoder that replaces such a byte with U+FFFD, which then
  arrives as an ordinary key the game ignores.
- **SIGTERM and SIGHUP** (a closed terminal window, ``kill``, a logout): the game is saved
  after every action already; :func:`stop_on_signals` makes the app save once more and stop
  the way ctrl+q does, so Textual leaves the alternate screen and turns mouse reporting off,
  and the process exits with 128 + the signal's number (143, 129), not 0.
- **A terminal that vanishes without SIGHUP** (its pty's master closed while the app is not
  the session's controlling process: a killed test harness, a crashed terminal emulator):
  reading the terminal gives end-of-file forever, and Textual's input thread, which reads
  again whenever ``select`` says the terminal is readable, spun at 50-90% of a core with
  nobody left to quit. A read that ends (EOF) or fails (EIO) is a hang-up: what would be
  written to that terminal goes to /dev/null, and the app sends itself SIGHUP once, so it
  saves and exits 129 as above; the input thread waits instead of spinning meanwhile.
"""

from __future__ import annotations

import codecs
import errno
import functools
import os
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


def _replacing_decoder(encoding: str) -> Callable[..., codecs.IncrementalDecoder]:
    # what codecs.getincrementaldecoder returns, but errors="replace" unless told otherwise
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


_hung_up = threading.Event()


def _write_nowhere() -> None:
    """Every write to a lost terminal fails with EIO (Textual's last frame, the exit line on
    stderr: each would turn a hang-up into a crash): stdout and stderr, where they are that
    terminal (the one input is read from), go to /dev/null from now on."""
    try:
        terminal = os.fstat(0)
        nowhere = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        for fd in (1, 2):
            try:
                if os.path.samestat(os.fstat(fd), terminal):
                    os.dup2(nowhere, fd)
            except OSError:
                continue
    finally:
        os.close(nowhere)


def _terminal_hung_up() -> None:
    """The terminal is gone: SIGHUP once (stop_on_signals saves and stops the app; without
    it, SIGHUP's default ends the process), then keep the input thread from spinning."""
    if not _hung_up.is_set():
        _hung_up.set()
        _write_nowhere()
        os.kill(os.getpid(), signal.SIGHUP)
    time.sleep(0.1)  # while the app stops, its input thread reads again: not in a busy loop


class _TerminalDecoder:
    """The Linux driver's decoder of what it reads from the terminal: bad bytes replaced,
    and the empty read that is end-of-file (the driver passes ``os.read``'s answer straight
    to ``decode``; a read that is not at the end is never empty) taken as a hang-up."""

    def __init__(self, encoding: str, errors: str = "replace") -> None:
        self._decode = codecs.getincrementaldecoder(encoding)(errors=errors).decode

    def decode(self, data: bytes, final: bool = False) -> str:
        if not data and not final:
            _terminal_hung_up()
        return self._decode(data, final)


def _terminal_decoder(encoding: str) -> Callable[..., _TerminalDecoder]:
    # what the Linux driver's getincrementaldecoder(encoding) gives: a decoder class to call
    return functools.partial(_TerminalDecoder, encoding)


def _hang_up_on_read_error(run_input_thread: Callable[[Any], None]) -> Callable[[Any], None]:
    @functools.wraps(run_input_thread)
    def run(driver: Any) -> None:
        try:
            run_input_thread(driver)
        except OSError as error:
            if error.errno not in (errno.EIO, errno.EBADF, errno.ENXIO):
                raise
            _terminal_hung_up()

    run.guarded = True  # type: ignore[attr-defined]  # a mark on the function
    return run


def tolerate_bad_bytes() -> None:
    """Textual's drivers decode terminal input with ``errors="replace"`` from now on (the
    drivers look ``getincrementaldecoder`` up in their module when their input thread
    starts). Textualize/textual#6456. The Linux driver's input thread also takes the end
    of its terminal (EOF, EIO) as a hang-up (the module's docstring)."""
    # A patch of the name the drivers imported from codecs: typeshed's getincrementaldecoder's
    # first overload gives a bytes-to-bytes codec's "buffered" decoder; the drivers ask only
    # for their text encoding (utf-8).
    try:
        from textual.drivers import linux_driver
    except ImportError:  # Windows: its driver reads keys, not bytes
        pass
    else:
        linux_driver.getincrementaldecoder = _terminal_decoder  # type: ignore[assignment]
        driver = linux_driver.LinuxDriver
        if not getattr(driver.run_input_thread, "guarded", False):
            # Textual's gap (the module's docstring): a wrapper of the driver's own method
            setattr(driver, "run_input_thread", _hang_up_on_read_error(driver.run_input_thread))
    # the web driver only under rummy-tui serve (textual-serve names it): not loaded otherwise
    if "web_driver" in os.environ.get("TEXTUAL_DRIVER", ""):
        from textual.drivers import web_driver

        web_driver.getincrementaldecoder = _replacing_decoder  # type: ignore[assignment]


def stop_on_signals(app: Any, stop: Callable[[int], None]) -> Callable[[], None]:
    """Call ``stop(signum)`` in the app's event loop on SIGTERM or SIGHUP; returns the
    function that puts the previous handling back."""
    import asyncio

    loop = asyncio.get_running_loop()
    added = []
    for signum in STOP_SIGNALS:
        try:
            loop.add_signal_handler(signum, stop, int(signum))
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread, Windows
            continue
        added.append(signum)

    def undo() -> None:
        for signum in added:
            loop.remove_signal_handler(signum)

    return undo


def guard_option_list_paging() -> None:
    """Textual 8.2's ``OptionList._move_page`` reads the list's line index before the list has
    been laid out: page down (or up) in a drop-down's overlay in the instant it opens raised
    ``KeyError`` and stopped the app (found by tests/app/test_fuzz.py). Textual's own
    ``_scroll_to_highlight`` guards the same lookup; this guards the paging the same way:
    before the layout there is nothing to page over. Once a process (idempotent)."""
    from textual.widgets import OptionList

    if getattr(OptionList._move_page, "guarded", False):
        return
    unguarded = OptionList._move_page

    @functools.wraps(unguarded)
    def move_page(self: OptionList, direction: Any) -> None:
        try:
            unguarded(self, direction)
        except KeyError:  # not laid out yet
            return

    move_page.guarded = True  # type: ignore[attr-defined]  # a mark on the function
    OptionList._move_page = move_page  # type: ignore[method-assign]  # Textual's gap, above
