"""Watching the game's page from inside the browser (the browser test and bench/bench_serve.py).

xterm.js draws the terminal on a canvas, so the page has no text to query. This script, added
to the page before textual.js runs, wraps ``WebSocket`` and keeps what the game process sends:
the text of the screen updates with the escape sequences taken out (``window.rummyProbe.text``,
enough to wait for a word to be painted), and the time each update arrived and the time xterm.js
had drawn it (the next animation frame), to time a key press against its repaint.
"""

from __future__ import annotations

PROBE_SCRIPT = r"""
(() => {
  const probe = { text: "", updates: [], keys: [] };
  window.rummyProbe = probe;
  const decoder = new TextDecoder();
  const ansi = /\x1b(?:\[[0-9;?<>=]*[ -\/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])/g;
  const Native = window.WebSocket;
  window.WebSocket = function (url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener("message", (event) => {
      if (typeof event.data === "string") return;
      const arrived = performance.now();
      const update = { arrived, painted: null, size: event.data.byteLength };
      probe.updates.push(update);
      probe.text += decoder.decode(new Uint8Array(event.data), { stream: true }).replace(ansi, "");
      // textual.js's own listener, added after this one, hands the bytes to xterm.js,
      // which draws them on the next animation frame: the one after that has them on screen.
      requestAnimationFrame(() => requestAnimationFrame(() => { update.painted = performance.now(); }));
    });
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, Native);
  document.addEventListener("keydown", (event) => {
    probe.keys.push({ key: event.key, at: performance.now() });
  }, true);
})();
"""


def screen_mark(page) -> int:  # type: ignore[no-untyped-def]
    """How much screen text has arrived so far: wait for what comes after it."""
    return int(page.evaluate("window.rummyProbe ? window.rummyProbe.text.length : 0"))


def wait_for_text(page, text: str, after: int = 0, timeout: float = 20.0,  # type: ignore[no-untyped-def]
                  regex: bool = False) -> int:
    """Wait until ``text`` (a JavaScript regular expression if ``regex``) has been sent to the
    page after the mark ``after`` (Playwright's sync API); returns the mark just past it, to
    wait for what comes next."""
    handle = page.wait_for_function(
        """([text, after, regex]) => {
            const probe = window.rummyProbe;
            if (!probe) return false;
            if (!regex) {
                const at = probe.text.indexOf(text, after);
                return at < 0 ? false : at + text.length;
            }
            const found = new RegExp(text).exec(probe.text.slice(after));
            return found ? after + found.index + found[0].length : false;
        }""",
        arg=[text, after, regex],
        timeout=timeout * 1000,
    )
    return int(handle.json_value())
