"""A remote seat's network line (``rummy-tui join``): the connection, who is at the table
(connected or away, a computer standing in), whose turn it is and for how long ("waiting for
Bob (disconnected) · 12 s"), and the newest line of chat.

Everything on it came over the network, so it is built from data (Textual's ``Content`` of
(text, style) pairs: names and chat escaped by ``visible``, never markup), one line.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.content import Content
from textual.widgets import Static

from ...core.text import clip, visible

CHAT_SHOWN = 120
"""Characters of the newest chat line shown on the line (the chat dialog shows it whole)."""


def seat_words(seat: Any) -> tuple[str, str]:
    """A seat's note and its style ("away", "computer", ...; "" when connected)."""
    if seat.standin:
        return "computer plays", "italic $warning"
    if seat.kind == "cpu":
        return "computer", "dim"
    if seat.kind == "local":
        return "at the host", "dim"
    return ("", "") if seat.connected else ("disconnected", "bold $error")


class NetBar(Static):
    """One line: the link, whose turn, the seats, the newest chat line."""

    DEFAULT_CSS = """
    NetBar { height: 1; background: $boost; padding: 0 1; }
    """

    def show(self, link: str, problem: bool, turn: tuple[str, bool], seats: Sequence[Any], me: int,
             chat: tuple[str, str] | None) -> None:
        """``link``: the connection's state ("" while connected); ``turn``: whose turn and
        for how long, and whether it waits for a player who is away; the seats (the protocol's ``SeatPresence``) and the newest chat line
        (name, text)."""
        parts: list[tuple[str, str]] = []
        add = parts.append
        if link:
            add((visible(link), "bold $error" if problem else "dim"))
            add((" · ", "dim"))
        words, away = turn
        if words:
            add((visible(words), "bold $warning" if away else "bold"))
            add(("  │ ", "dim"))
        for i, seat in enumerate(seats):
            if i:
                add(("  ", ""))
            add((visible(seat.name), "bold" if i == me else ""))
            note, style = seat_words(seat)
            if note:
                add((" ", ""))
                add((f"({note})", style))
        if chat is not None:
            name, line = chat
            add(("  │ ", "dim"))
            add((f"{visible(name)}: ", "bold"))
            add((clip(line, CHAT_SHOWN), ""))
        self.update(Content.assemble(*parts))
