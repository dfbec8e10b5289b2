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
"""

from __future__ import annotations

import codecs
import functools
import signal
from collections.abc import Callable
from typing import Any

STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


def _replacing_decoder(encoding: str) -> Callable[..., codecs.IncrementalDecoder]:
    # what codecs.getincrementaldecoder returns, but errors="replace" unless told otherwise
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


def tolerate_bad_bytes() -> None:
    """Textual's drivers decode terminal input with ``errors="replace"`` from now on (the
    drivers look ``getincrementaldecoder`` up in their module when their input thread
    starts). Textualize/textual#6456."""
    import os

    # A patch of the name the drivers imported from codecs: typeshed's getincrementaldecoder's
    # first overload gives a bytes-to-bytes codec's "buffered" decoder; the drivers ask only
    # for their text encoding (utf-8).
    try:
        from textual.drivers import linux_driver
    except ImportError:  # Windows: its driver reads keys, not bytes
        pass
    else:
        linux_driver.getincrementaldecoder = _replacing_decoder  # type: ignore[assignment]
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
