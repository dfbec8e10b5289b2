"""The log of a save written before the events (format 4 and older): its English lines read
back into events, once, by the migration to format 5 (migrations.py).

This is the one place that reads meaning out of log text, and only text this program wrote
in an older version. A line is taken as an event only when the event, rendered again
(``events.describe``), gives back the very line: then the file says what the event says.
Anything else (a line of a wording this does not know, a name that makes a line ambiguous)
becomes a :class:`~rummy_tui.core.events.Note` that shows the line as it was written and
that no rule, bot or screen reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import ALL_CARDS, Card
from ..core.events import (
    SPECIAL_HANDS, Closed, Dealt, Declared, Discarded, Drew, Dropped, Eliminated,
    EndedOnEmptyStock, Event, GameEnded, LaidOff, LastInDeal, Melded, MissedTurn, Note,
    RoundEnded, StockRanOut, StockRebuilt, Took, WentOut, WildJoker, describe,
)
from ..core.registry import variant_keys, variant_of
from ..core.variants.indian import wild_rank_of

_BY_SYMBOL: dict[str, Card] = {c.symbol(): c for c in ALL_CARDS}
_SPECIAL_BY_NAME = {name: key for key, name in SPECIAL_HANDS.items()}


@dataclass(frozen=True)
class _Word:
    round_word: str


_ROUND = _Word("round")
"""The word older versions wrote for every game ("Round 2 over" in Indian too)."""


def _cards(text: str) -> tuple[Card, ...] | None:
    cards = tuple(_BY_SYMBOL.get(w, -1) for w in text.split(" "))
    return None if any(c == -1 for c in cards) else cards  # type: ignore[return-value]


def _card(text: str) -> Card | None:
    return _BY_SYMBOL.get(text)


# --- a player's own line: "<name> <rest>" ----------------------------------------------------

_Reader = Callable[[int, int, "re.Match[str]"], Event | None]
_PLAYER_LINES: dict[str, list[tuple[re.Pattern[str], _Reader]]] = {}
"""The patterns of a player's lines by their first word (the verb)."""


def _line(pattern: str) -> Callable[[_Reader], _Reader]:
    def add(read: _Reader) -> _Reader:
        verb = re.match(r"\w+", pattern)
        assert verb is not None
        _PLAYER_LINES.setdefault(verb[0], []).append((re.compile(pattern + r"\Z"), read))
        return read
    return add


@_line(r"drew from the stock")
def _drew(r: int, p: int, m: re.Match[str]) -> Event | None:
    return Drew(round_no=r, player=p)


@_line(r"took (\S+) from the discard pile(?: with (.+) above it)?")
def _took(r: int, p: int, m: re.Match[str]) -> Event | None:
    card, above = _card(m[1]), _cards(m[2]) if m[2] else ()
    if card is None or above is None:
        return None
    return Took(round_no=r, player=p, card=card, above=above)


@_line(r"melded (.+)")
def _melded(r: int, p: int, m: re.Match[str]) -> Event | None:
    cards = _cards(m[1])
    return None if cards is None else Melded(round_no=r, player=p, cards=cards)


@_line(r"laid off (.+)")
def _laid_off(r: int, p: int, m: re.Match[str]) -> Event | None:
    cards = _cards(m[1])
    return None if cards is None else LaidOff(round_no=r, player=p, cards=cards)


@_line(r"discarded (\S+)")
def _discarded(r: int, p: int, m: re.Match[str]) -> Event | None:
    card = _card(m[1])
    return None if card is None else Discarded(round_no=r, player=p, card=card)


@_line(r"went out( — rummy!)?")
def _went_out(r: int, p: int, m: re.Match[str]) -> Event | None:
    return WentOut(round_no=r, player=p, rummy=m[1] is not None)


@_line(r"closed(?: with (.+))?")
def _closed(r: int, p: int, m: re.Match[str]) -> Event | None:
    if m[1] is None:
        return Closed(round_no=r, player=p)
    if m[1] in _SPECIAL_BY_NAME:
        return Closed(round_no=r, player=p, special=_SPECIAL_BY_NAME[m[1]])  # type: ignore[arg-type]
    card = _card(m[1])
    return None if card is None else Closed(round_no=r, player=p, card=card)


@_line(r"declared(?: wrongly: (\d{1,6}) points, out of the \w+)?")
def _declared(r: int, p: int, m: re.Match[str]) -> Event | None:
    if m[1] is None:
        return Declared(round_no=r, player=p, valid=True)
    return Declared(round_no=r, player=p, valid=False, penalty=int(m[1]))


@_line(r"dropped \(a (first|middle) drop, (\d{1,6}) points\)")
def _dropped(r: int, p: int, m: re.Match[str]) -> Event | None:
    return Dropped(round_no=r, player=p, kind=m[1], penalty=int(m[2]))  # type: ignore[arg-type]


@_line(r"missed (\d{1,3}) turns in a row: (first|middle) drop, (\d{1,6}) points")
def _dropped_for_misses(r: int, p: int, m: re.Match[str]) -> Event | None:
    return Dropped(round_no=r, player=p, kind=m[2], penalty=int(m[3]),  # type: ignore[arg-type]
                   missed=int(m[1]))


@_line(r"missed the turn(: the card drawn was discarded)?(?: \((\d{1,3}) in a row\))?")
def _missed(r: int, p: int, m: re.Match[str]) -> Event | None:
    return MissedTurn(round_no=r, player=p, discarded=m[1] is not None,
                      in_a_row=int(m[2]) if m[2] else 0)


@_line(r"is eliminated")
def _eliminated(r: int, p: int, m: re.Match[str]) -> Event | None:
    return Eliminated(round_no=r, player=p)


@_line(r"wins the game")
def _won(r: int, p: int, m: re.Match[str]) -> Event | None:
    return GameEnded(round_no=r, player=p)


@_line(r"is the last player in the \w+")
def _last_in(r: int, p: int, m: re.Match[str]) -> Event | None:
    return LastInDeal(round_no=r, player=p)


# --- the table's lines -------------------------------------------------------------------


def _table_line(r: int, p: int | None, text: str, names: Sequence[str]) -> Event | None:
    n = len(names)
    if text == "The discard pile was shuffled into a new stock":
        return StockRebuilt(round_no=r)
    if text == "The stock ran out: the hand is void":
        return StockRanOut(round_no=r)
    if p is not None and text.startswith("The stock is empty: "):
        return EndedOnEmptyStock(round_no=r, player=p)
    m = re.match(r"The wild joker is (\S+): ", text)
    if m:
        card = _card(m[1])
        return None if card is None else WildJoker(round_no=r, card=card,
                                                   rank=wild_rank_of(card))
    if re.match(r"(Round|Deal) \d+: ", text):
        for dealer in range(n):
            for first in range(n):
                if text.endswith(f": {names[dealer]} deals; {names[first]} plays first."):
                    return Dealt(round_no=r, dealer=dealer, first=first)
        return None
    m = re.match(r"(?:Round|Deal) \d+ over: ", text)
    if m:
        return _round_ended(r, text[m.end():], names)
    return None


def _round_ended(r: int, summary: str, names: Sequence[str]) -> Event | None:
    """"Ann +12, Bob -12": each seat in order, a seat out of the game before left out."""
    deltas: list[int | None] = []
    at = 0
    for name in names:
        m = re.compile(re.escape(name) + r" ([+-]\d{1,12})(, |\Z)").match(summary, at)
        if m is None:
            deltas.append(None)
            continue
        deltas.append(int(m[1]))
        at = m.end()
    if at != len(summary):
        return None
    return RoundEnded(round_no=r, deltas=tuple(deltas))


# --- one line, one log -------------------------------------------------------------------


def read_line(round_no: int, player: int | None, text: str, names: Sequence[str],
              variant: str) -> Event:
    """The event an old log line records, or a Note of the line as it was."""
    event: Event | None = None
    if player is not None and 0 <= player < len(names) and text.startswith(names[player] + " "):
        rest = text[len(names[player]) + 1:]
        for pattern, read in _PLAYER_LINES.get(rest.split(" ", 1)[0], ()):
            m = pattern.match(rest)
            if m is not None:
                event = read(round_no, player, m)
                break
    if event is None:
        event = _table_line(round_no, player, text, names)
    if event is not None and _says(event, text, names, variant):
        return event
    return Note(round_no=round_no, player=player, text=text)


def _says(event: Event, text: str, names: Sequence[str], variant: str) -> bool:
    """Whether ``event`` is worded ``text``, today or as older versions worded it."""
    if variant in variant_keys():
        words = variant_of(variant)
        if describe(event, names, words) == text:
            return True
        if words.round_word == _ROUND.round_word:
            return False
    return describe(event, names, _ROUND) == text


def events_of(log: list[Any], names: Sequence[str], variant: str) -> list[Event] | None:
    """The events of an old log (a list of ``{"round_no", "player", "text"}``), or None when
    it is not one (the validation of the migrated file then says what is wrong)."""
    found = []
    seen: dict[tuple[int, int | None, str], Event] = {}  # a line repeated is read once
    for entry in log:
        if not isinstance(entry, dict) or set(entry) != {"round_no", "player", "text"}:
            return None
        r, p, text = entry["round_no"], entry["player"], entry["text"]
        if (type(r) is not int or r < 1 or not isinstance(text, str)
                or not (p is None or type(p) is int)):
            return None
        key = (r, p, text)
        event = seen.get(key)
        if event is None:
            event = seen[key] = read_line(r, p, text, names, variant)
        found.append(event)
    return found
