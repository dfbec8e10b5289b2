"""The game log as values: each thing that happens at the table is an event (``Drew``,
``Took``, ``Discarded``, ``Melded``, ...), and the English a player reads is rendered from
it by :func:`describe`, the one place that words a log line.

Nothing reads meaning back out of the words: the bots and the app read the events (who took
which cards from the pile, whose discard is on top), so rewording a line changes no game.
An event holds only what every player saw happen: a card drawn from the stock or laid face
down (Remigio's closing discard, Indian's finish card) is never in one, so the log goes into
every player's view as it is (``engine.view``).

A leaf of the core: it imports only the cards. The save format (saves/schema.py) makes one
model per event class from the fields here, so a new event needs nothing there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal, Protocol

from .cards import ACE, ALL_CARDS, Card

__all__ = [
    "EVENTS", "Closed", "Dealt", "Declared", "Discarded", "Drew", "Dropped", "Eliminated",
    "EndedOnEmptyStock", "Event", "GameEnded", "LaidOff", "LastInDeal", "Melded",
    "MissedTurn", "Note", "RoundEnded", "SPECIAL_HANDS", "StockRanOut", "StockRebuilt",
    "Took", "WentOut", "WildJoker", "describe", "log_lines", "parts",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One thing that happened, in round (Indian: deal) ``round_no``; ``player`` is the seat
    it is about (None: the table's, such as a deal or a rebuilt stock)."""

    round_no: int
    player: int | None = None
    tag: ClassVar[str] = ""
    """The event's name in a save file (``"type"``)."""


# --- a deal --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    """A round is dealt: ``dealer`` deals and ``first`` plays first."""

    dealer: int
    first: int
    tag: ClassVar[str] = "dealt"


@dataclass(frozen=True, slots=True, kw_only=True)
class WildJoker(Event):
    """Indian: ``card`` is turned up under the stock and makes ``rank`` wild."""

    card: Card
    rank: int
    tag: ClassVar[str] = "wild_joker"


# --- a turn --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Drew(Event):
    """``player`` drew from the stock (which card is theirs alone to know: it is not here)."""

    player: int
    tag: ClassVar[str] = "drew"


@dataclass(frozen=True, slots=True, kw_only=True)
class Took(Event):
    """``player`` took ``card`` from the discard pile, with the cards ``above`` it (Remi's
    pick-up from depth 2 or 3; bottom to top), so the depth is ``len(above) + 1``."""

    player: int
    card: Card
    above: tuple[Card, ...] = ()
    tag: ClassVar[str] = "took"

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card taken: the one chosen, then those above it."""
        return (self.card, *self.above)

    @property
    def depth(self) -> int:
        """How deep in the pile the chosen card lay (1: the top card)."""
        return len(self.above) + 1


@dataclass(frozen=True, slots=True, kw_only=True)
class Melded(Event):
    """``player`` put a new meld on the table, ``cards`` as the table shows it."""

    player: int
    cards: tuple[Card, ...]
    tag: ClassVar[str] = "melded"


@dataclass(frozen=True, slots=True, kw_only=True)
class LaidOff(Event):
    """``player`` laid ``cards`` off onto a meld on the table."""

    player: int
    cards: tuple[Card, ...]
    tag: ClassVar[str] = "laid_off"


@dataclass(frozen=True, slots=True, kw_only=True)
class Discarded(Event):
    """``player`` discarded ``card`` face up on the discard pile."""

    player: int
    card: Card
    tag: ClassVar[str] = "discarded"


@dataclass(frozen=True, slots=True, kw_only=True)
class MissedTurn(Event):
    """Indian with the turn timer: ``player``'s time ran out; if they had drawn, the card
    drawn was discarded for them (``discarded``). ``in_a_row`` counts the misses; it is 0
    for the miss that makes the player drop (the :class:`Dropped` after it gives the count)."""

    player: int
    discarded: bool
    in_a_row: int
    tag: ClassVar[str] = "missed_turn"


# --- leaving a round, ending it ------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class WentOut(Event):
    """Basic Rummy: ``player`` has no card left; ``rummy`` if all at once (no earlier meld)."""

    player: int
    rummy: bool
    tag: ClassVar[str] = "went_out"


SpecialHand = Literal["flush", "straight_flush", "remigio"]

SPECIAL_HANDS: dict[str, str] = {
    "flush": "a Flush", "straight_flush": "a Straight flush", "remigio": "a Remigio",
}
"""Remigio's special closing hands (RoundResult.special) as a log line names them."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Closed(Event):
    """``player`` closed the round: with ``card`` when the closing discard is shown (Remi),
    with ``special`` when the hand is a special one (Remigio, whose closing discard lies
    face down and is not here)."""

    player: int
    card: Card | None = None
    special: SpecialHand | None = None
    tag: ClassVar[str] = "closed"


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(Event):
    """Indian: ``player`` declared (the finish card lies face down: not here). A wrong
    declaration (``valid`` false) costs ``penalty`` and puts the player out of the deal."""

    player: int
    valid: bool
    penalty: int = 0
    tag: ClassVar[str] = "declared"


@dataclass(frozen=True, slots=True, kw_only=True)
class Dropped(Event):
    """Indian: ``player`` dropped out of the deal, a ``kind`` drop costing ``penalty``;
    ``missed`` > 0 when the drop was for that many missed turns in a row."""

    player: int
    kind: Literal["first", "middle"]
    penalty: int
    missed: int = 0
    tag: ClassVar[str] = "dropped"


@dataclass(frozen=True, slots=True, kw_only=True)
class EndedOnEmptyStock(Event):
    """Remi: the stock is empty and ``player`` ends the round rather than take a discard."""

    player: int
    tag: ClassVar[str] = "ended_on_empty_stock"


@dataclass(frozen=True, slots=True, kw_only=True)
class LastInDeal(Event):
    """Indian: every other player has dropped or declared wrongly; ``player`` wins the deal."""

    player: int
    tag: ClassVar[str] = "last_in_deal"


@dataclass(frozen=True, slots=True, kw_only=True)
class StockRebuilt(Event):
    """The discard pile but its top card was shuffled into a new stock."""

    tag: ClassVar[str] = "stock_rebuilt"


@dataclass(frozen=True, slots=True, kw_only=True)
class StockRanOut(Event):
    """The stock ran out where the rules void the round (no one scores)."""

    tag: ClassVar[str] = "stock_ran_out"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded(Event):
    """The round was scored: each seat's change, None for a seat out of the game before it."""

    deltas: tuple[int | None, ...]
    tag: ClassVar[str] = "round_ended"


@dataclass(frozen=True, slots=True, kw_only=True)
class Eliminated(Event):
    """``player`` is out of the game for good (Remigio, Indian pools)."""

    player: int
    tag: ClassVar[str] = "eliminated"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(Event):
    """The game is over and ``player`` won it."""

    player: int
    tag: ClassVar[str] = "game_ended"


@dataclass(frozen=True, slots=True, kw_only=True)
class Note(Event):
    """A line of a log written before the events (save format 4 and older) that the
    migration could not read as one: shown as it was written, read by nothing."""

    text: str
    tag: ClassVar[str] = "note"


EVENTS: tuple[type[Event], ...] = (
    Dealt, WildJoker, Drew, Took, Melded, LaidOff, Discarded, MissedTurn, WentOut, Closed,
    Declared, Dropped, EndedOnEmptyStock, LastInDeal, StockRebuilt, StockRanOut, RoundEnded,
    Eliminated, GameEnded, Note,
)
"""Every event class (the save format has one model for each, named by ``tag``)."""

assert len({e.tag for e in EVENTS}) == len(EVENTS) and all(e.tag for e in EVENTS)


# --- the words -----------------------------------------------------------------------------


class Words(Protocol):
    """What the wording needs of a rule set (a ``Variant`` has it): its word for a round."""

    @property
    def round_word(self) -> str: ...


def _card(card: int) -> str:
    return ALL_CARDS[card].symbol()


def _cards(cards: Iterable[int]) -> str:
    return " ".join(ALL_CARDS[c].symbol() for c in cards)


def parts(event: Event, names: Sequence[str], variant: Words) -> tuple[int | None, str]:
    """The line for ``event`` as (seat, rest): when the sentence begins with a player's
    name, that seat and the words after the name; else (None, the whole line)."""
    word = variant.round_word
    if isinstance(event, Drew):
        return event.player, "drew from the stock"
    if isinstance(event, Took):
        rest = f"took {_card(event.card)} from the discard pile"
        if event.above:
            rest += f" with {_cards(event.above)} above it"
        return event.player, rest
    if isinstance(event, Discarded):
        return event.player, f"discarded {_card(event.card)}"
    if isinstance(event, Melded):
        return event.player, f"melded {_cards(event.cards)}"
    if isinstance(event, LaidOff):
        return event.player, f"laid off {_cards(event.cards)}"
    if isinstance(event, Dealt):
        return None, (f"{word.capitalize()} {event.round_no}: {names[event.dealer]} deals; "
                      f"{names[event.first]} plays first.")
    if isinstance(event, WildJoker):
        what = "aces" if event.rank == ACE else f"all {Card.of(event.rank, 0).code[:-1]}s"
        return None, f"The wild joker is {_card(event.card)}: {what} are wild."
    if isinstance(event, MissedTurn):
        rest = "missed the turn"
        if event.discarded:
            rest += ": the card drawn was discarded"
        if event.in_a_row:
            rest += f" ({event.in_a_row} in a row)"
        return event.player, rest
    if isinstance(event, WentOut):
        return event.player, "went out" + (" — rummy!" if event.rummy else "")
    if isinstance(event, Closed):
        if event.card is not None:
            return event.player, f"closed with {_card(event.card)}"
        if event.special is not None:
            return event.player, f"closed with {SPECIAL_HANDS[event.special]}"
        return event.player, "closed"
    if isinstance(event, Declared):
        if event.valid:
            return event.player, "declared"
        return event.player, f"declared wrongly: {event.penalty} points, out of the {word}"
    if isinstance(event, Dropped):
        if event.missed:
            return event.player, (f"missed {event.missed} turns in a row: {event.kind} drop, "
                                  f"{event.penalty} points")
        return event.player, f"dropped (a {event.kind} drop, {event.penalty} points)"
    if isinstance(event, EndedOnEmptyStock):
        return None, f"The stock is empty: {names[event.player]} ends the {word}"
    if isinstance(event, LastInDeal):
        return event.player, f"is the last player in the {word}"
    if isinstance(event, StockRebuilt):
        return None, "The discard pile was shuffled into a new stock"
    if isinstance(event, StockRanOut):
        return None, "The stock ran out: the hand is void"
    if isinstance(event, RoundEnded):
        summary = ", ".join(f"{names[q]} {d:+d}" for q, d in enumerate(event.deltas)
                            if d is not None)
        return None, f"{word.capitalize()} {event.round_no} over: {summary}"
    if isinstance(event, Eliminated):
        return event.player, "is eliminated"
    if isinstance(event, GameEnded):
        return event.player, "wins the game"
    if isinstance(event, Note):
        return None, event.text
    raise TypeError(f"not a log event: {event!r}")


def describe(event: Event, names: Sequence[str], variant: Words) -> str:
    """The log line a player reads for ``event``: ``names`` are the players' names by seat,
    ``variant`` gives the word for a round ("deal" in Indian)."""
    seat, rest = parts(event, names, variant)
    return rest if seat is None else f"{names[seat]} {rest}"


def log_lines(events: Iterable[Event], names: Sequence[str], variant: Words) -> list[str]:
    """The lines for ``events``, with a player's consecutive moves in one sentence: "Bob drew
    from the stock" then "Bob discarded 7♦" read "Bob drew from the stock and discarded 7♦"."""
    lines: list[str] = []
    last: int | None = None
    for event in events:
        seat, rest = parts(event, names, variant)
        if lines and seat is not None and seat == last:
            lines[-1] += " and " + rest
        else:
            lines.append(rest if seat is None else f"{names[seat]} {rest}")
        last = seat  # the line's subject: a line that does not begin with a name takes no more
    return lines
