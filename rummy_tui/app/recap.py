"""The recap: what the others did since a player's last turn, in words (issue 30).

One place for its text, read by both places that show it: the pass-the-device screen
(dialogs/pass_device.py), before the hand is on screen, and the table's recap line
(widgets/messages.py, through ``TableScreen._recap``). The words are made from the typed
events of the log (core/events.py: ``log_lines``), never read back out of log text, and the
log holds only what every player saw (a stock draw names no card), so the recap shows no
card of a hidden hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.events import Event
from .widgets.table_parts import ascii_text, merged_log

RECAP_HEAD = "Since your last turn:"
"""The recap's first words, on the pass screen and on the table's line."""


def recap_lines(events: Sequence[Event], state: Any, ascii: bool) -> list[str]:
    """The recap's lines for these events (``TableSession.recap``): a player's consecutive
    moves in one sentence ("Bob drew from the stock and discarded 7♦"), cards spelt as
    letters in ASCII mode."""
    return [ascii_text(line, ascii)
            for line in merged_log(list(events), state.players, state.variant)]
