"""Game state, player views and actions: plain typed data (docs/ARCHITECTURE.md, the engine
contract).

A :class:`GameState` is never mutated once the engine has returned it; ``apply`` builds a new
one that shares the lists it did not change. Everything in it is ints, strings, bools, lists
and :class:`~rummy_tui.core.cards.Card` values (ints), plus the variant's options model, so a
save module can describe it with a pydantic ``TypeAdapter``. The random number generator is
part of the state as data: every shuffle is derived from ``seed`` and the counters
(``round_no``, ``rebuilds``), and a computer player's choices from ``seed`` and ``actions``,
so a resumed game goes on exactly as it would have.

Actions are frozen dataclasses (values): compare them with ``==``, keep them in sets.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Literal, Union

from .cards import Card

PlayerKind = Literal["human", "easy", "normal", "hard"]
Phase = Literal["draw", "play", "round_over", "game_over"]
MeldKind = Literal["set", "run"]


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A seat at the table: a name and who plays it."""

    name: str
    kind: PlayerKind = "human"


# --- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DrawStock:
    """Take the top card of the stock (the closed deck)."""


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take from the discard pile. ``depth`` 1 is the top card; Remi allows 2 and 3 (the cards
    above the taken one go into the hand too)."""

    depth: int = 1


def _cards_tuple(obj: Any, name: str) -> None:
    value = getattr(obj, name)
    if not isinstance(value, tuple):
        object.__setattr__(obj, name, tuple(value))


@dataclass(frozen=True, slots=True)
class Meld:
    """Lay these cards from the hand on the table as a new meld."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _cards_tuple(self, "cards")


@dataclass(frozen=True, slots=True)
class LayOff:
    """Add these cards from the hand to the meld ``table[meld_index]`` (Basic Rummy)."""

    cards: tuple[Card, ...]
    meld_index: int

    def __post_init__(self) -> None:
        _cards_tuple(self, "cards")


@dataclass(frozen=True, slots=True)
class Discard:
    """Put one card from the hand on the discard pile, which ends the turn."""

    card: Card


@dataclass(frozen=True, slots=True)
class Close:
    """Remigio: discard this card face down and show the 10 cards left (all melded or a
    Flush / Straight flush / Remigio)."""

    discard: Card


@dataclass(frozen=True, slots=True)
class Declare:
    """Indian: put this card in the finish slot and show the 13 left as a declaration."""

    finish: Card


@dataclass(frozen=True, slots=True)
class Drop:
    """Indian: leave the deal (20 before your first draw, 40 after; Pool 201: 25/50)."""


@dataclass(frozen=True, slots=True)
class MissTurn:
    """Indian, with the turn timer on: the player to move ran out of time. Before the draw the
    turn passes without one; after it the card drawn this turn is discarded for them. The
    third miss in a row is a middle drop."""


@dataclass(frozen=True, slots=True)
class EndOnEmptyStock:
    """Remi: the stock is empty and the player does not (or cannot) take a discard."""


@dataclass(frozen=True, slots=True)
class NextRound:
    """From ``round_over``: deal the next round."""


Action = Union[
    DrawStock,
    TakeDiscard,
    Meld,
    LayOff,
    Discard,
    Close,
    Declare,
    Drop,
    MissTurn,
    EndOnEmptyStock,
    NextRound,
]
ACTION_TYPES = (
    DrawStock,
    TakeDiscard,
    Meld,
    LayOff,
    Discard,
    Close,
    Declare,
    Drop,
    MissTurn,
    EndOnEmptyStock,
    NextRound,
)


# --- table, log and results ------------------------------------------------------------------


@dataclass(slots=True)
class TableMeld:
    """A meld on the table. ``owner`` laid it; Basic Rummy lay-offs by anyone join it."""

    owner: int
    cards: list[Card]
    kind: MeldKind


@dataclass(slots=True)
class LogEntry:
    """One line of the game log. Texts never name a card drawn from the stock."""

    round_no: int
    player: int | None
    text: str


@dataclass(slots=True)
class PlayerResult:
    """One player's part of a finished round, revealed to everyone."""

    hand: list[Card]
    """The cards left in hand, revealed (Indian: a declarer's 13 shown, without the finish card;
    a wrong declaration's 14 kept; a dropped player's 13)."""
    melds: list[list[Card]]
    """How the hand (Remi: the table) was counted: its best arrangement's melds."""
    deadwood: list[Card]
    penalty: int
    """What the hand counts against its owner (after any cap)."""
    delta: int
    """Change of this player's game score this round."""
    total: int
    """Game score after the round."""
    note: str = ""
    """"went out", "closed", "rummy", "dropped", "wrong declaration", "eliminated", ..."""


@dataclass(slots=True)
class RoundResult:
    round_no: int
    winner: int | None
    """Who went out / closed / declared; None for a void hand or Remi's empty stock."""
    ending: str
    """"out", "rummy", "closed", "declared", "empty_stock", "void", "last_in"."""
    multiplier: int
    """Remigio's closing multiplier, Rummy's doubling (2), otherwise 1."""
    bonus: int
    """Remi's closing-card bonus (10 x its value), otherwise 0."""
    special: str | None
    """Remigio closing hand: "flush", "straight_flush", "remigio" or None."""
    closing_card: Card | None
    players: list[PlayerResult]


# --- the game --------------------------------------------------------------------------------


@dataclass(slots=True, eq=True)
class GameState:
    """Everything about one game. Read by the app; changed only through ``engine.apply``."""

    variant: str
    options: Any
    """The variant's options model (``rummy_tui.core.options``)."""
    players: list[PlayerSpec]
    seed: int
    round_no: int
    dealer: int
    to_move: int
    direction: int
    """+1 clockwise (to the left: seat i+1), -1 anticlockwise (Remigio Fournier)."""
    phase: Phase
    hands: list[list[Card]]
    stock: list[Card]
    """Top = last."""
    discard: list[Card]
    """Top = last."""
    wild_card: Card | None
    """Indian: the card under the stock that names the wild rank (out of play)."""
    table: list[TableMeld]
    scores: list[int]
    history: list[RoundResult]
    log: list[LogEntry]
    out: list[bool]
    """Not playing this deal: eliminated from the game, dropped or wrongly declared."""
    eliminated: list[bool]
    """Out of the game for good (Remigio, Indian pools)."""
    winner: int | None
    last_round: RoundResult | None
    # --- turn and round bookkeeping (the rules need them; views show what is public) ---
    taken: Card | None = None
    """The card taken from the discard pile this turn (Basic Rummy may not discard it)."""
    must_meld: Card | None = None
    """Remi: the card taken from the discard pile that must be melded this turn."""
    laid: list[int] = field(default_factory=list)
    """Cards each player has put on the table this round."""
    extra: list[int] = field(default_factory=list)
    """Remi: cards each player took above a picked-up discard (hand-size bookkeeping)."""
    has_drawn: list[bool] = field(default_factory=list)
    """Indian: the player has drawn this deal (a drop is then a middle drop)."""
    melded_before: list[bool] = field(default_factory=list)
    """Rummy: the player melded or laid off in an earlier turn of this hand (no "rummy")."""
    melded_this_turn: bool = False
    seq_down: list[bool] = field(default_factory=list)
    """Remi: the player has a sequence on the table (sets are allowed)."""
    drops: list[int] = field(default_factory=list)
    """Indian: the penalty of a player who dropped or declared wrongly this deal (0: none)."""
    rebuilds: int = 0
    """Times the stock was rebuilt from the discard pile this round."""
    turn: int = 0
    """Turns begun this round."""
    actions: int = 0
    """Actions applied in this game (the computer players' random stream)."""
    round_actions: int = 0
    """Actions applied in this round."""
    deck_size: int = 0
    drawn: Card | None = None
    """Indian with the turn timer: the card the player to move drew this turn, from either
    pile (hidden from the others when it came from the stock); a missed turn discards it."""
    missed: list[int] = field(default_factory=list)
    """Indian with the turn timer: each player's missed turns in a row this deal."""
    melded_since_rebuild: bool = False
    """Rummy: someone melded or laid off since the stock was last rebuilt this hand. No rule
    reads it any more (issue 9: the stock is rebuilt twice whatever happened in between);
    kept so that saves that hold it still load."""
    came_with: list[Card] = field(default_factory=list)
    """Remi: the cards that came into the hand from above ``must_meld`` (a pick-up of the 2nd
    or 3rd discard). They may not be in the forced meld, and are free once it is down."""

    def reset_deal(self, n: int) -> None:
        """The per-deal bookkeeping of a fresh deal for ``n`` seats (every variant's part)."""
        self.extra = [0] * n
        self.has_drawn = [False] * n
        self.melded_before = [False] * n
        self.melded_this_turn = False
        self.seq_down = [False] * n
        self.drops = [0] * n
        self.missed = [0] * n
        self.drawn = None
        self.must_meld = None
        self.melded_since_rebuild = False
        self.came_with = []

    def copy(self) -> GameState:
        """A shallow copy: the engine replaces, never mutates, the lists it changes."""
        raise NotImplementedError  # replaced below by a generated, unrolled copy


def _make_copy() -> Any:
    # an unrolled attribute copy is several times faster than dataclasses.replace, and the
    # engine copies the state once per action
    names = [f.name for f in fields(GameState)]
    body = "\n".join(f"    new.{n} = self.{n}" for n in names)
    source = f"def copy(self):\n    new = _new(GameState)\n{body}\n    return new\n"
    namespace: dict[str, Any] = {"_new": object.__new__, "GameState": GameState}
    exec(source, namespace)
    copy = namespace["copy"]
    copy.__doc__ = GameState.copy.__doc__
    return copy


GameState.copy = _make_copy()  # type: ignore[method-assign]


@dataclass(slots=True)
class PlayerView:
    """All that one player may know (``engine.view``). No other hand, no stock order."""

    variant: str
    options: Any
    player: int
    """Whose view this is."""
    players: list[PlayerSpec]
    round_no: int
    dealer: int
    to_move: int
    direction: int
    phase: Phase
    hand: list[Card]
    hand_counts: list[int]
    stock_count: int
    discard: list[Card]
    """The discard pile, top = last (every card in it was shown face up)."""
    wild_card: Card | None
    table: list[TableMeld]
    scores: list[int]
    history: list[RoundResult]
    log: list[LogEntry]
    out: list[bool]
    eliminated: list[bool]
    winner: int | None
    last_round: RoundResult | None
    taken: Card | None
    must_meld: Card | None
    seq_down: list[bool]
    has_drawn: list[bool]
    melded_before: list[bool]
    melded_this_turn: bool
    rebuilds: int
    turn: int
    actions: int
    missed: list[int] = field(default_factory=list)
    """Indian with the turn timer: each player's missed turns in a row this deal (public)."""
    came_with: list[Card] = field(default_factory=list)
    """Remi: the cards taken with ``must_meld`` from above it (public: the pile is face up)."""
