"""Game state, player views and actions: plain typed data (docs/ARCHITECTURE.md, the engine
contract).

A :class:`GameState` is the fields every game has (those every player may see are
:class:`PublicState`, which :class:`PlayerView` shares) plus ``vs``, the variant's own typed
part (a :class:`VariantState` subclass in the variant's module). It is never mutated once the
engine has returned it; ``apply`` builds a new one that shares the lists (and the variant
part) it did not change. Everything in it is ints, strings, bools, lists and
:class:`~rummy_tui.core.cards.Card` values (ints), plus the variant's options model, so the
save codec derives the format from the dataclasses. The random number generator is part of
the state as data: every shuffle is derived from ``seed`` and the counters (``round_no``,
``rebuilds``), and a computer player's choices from ``seed`` and ``actions``, so a resumed
game goes on exactly as it would have.

Actions are frozen dataclasses (values) deriving from :class:`Action`: compare them with
``==``, keep them in sets. The moves every game has are here; a game's own are in its module.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any, ClassVar, Literal, Self

from .cards import Card
from .events import Event

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
class Action:
    """A move: a frozen dataclass (a value: compare with ``==``, keep in sets). The moves
    every game has are below; a game's own moves (Remigio's ``Close``, Indian's ``Declare``,
    ``Drop`` and ``MissTurn``, Remi's ``EndOnEmptyStock``) are defined in its module
    (``core/variants``) and listed in its ``Variant.actions``. A game refuses a move it does
    not define with one message, made from ``move``: "there is no {move} in {title}"."""

    move: ClassVar[str] = ""
    """The move as a noun ("closing", "declaring"), for that refusal."""


@dataclass(frozen=True, slots=True)
class DrawStock(Action):
    """Take the top card of the stock (the closed deck)."""


@dataclass(frozen=True, slots=True)
class TakeDiscard(Action):
    """Take from the discard pile. ``depth`` 1 is the top card; ``Variant.pickup_depths``
    says which depths a game allows (Remi: 1-3, the cards above the taken one go into the
    hand too)."""

    depth: int = 1


def _cards_tuple(obj: Any, name: str) -> None:
    value = getattr(obj, name)
    if not isinstance(value, tuple):
        object.__setattr__(obj, name, tuple(value))


@dataclass(frozen=True, slots=True)
class Meld(Action):
    """Lay these cards from the hand on the table as a new meld."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        _cards_tuple(self, "cards")


@dataclass(frozen=True, slots=True)
class LayOff(Action):
    """Add these cards from the hand to the meld ``table[meld_index]`` (Basic Rummy)."""

    cards: tuple[Card, ...]
    meld_index: int

    def __post_init__(self) -> None:
        _cards_tuple(self, "cards")


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put one card from the hand on the discard pile, which ends the turn."""

    card: Card


@dataclass(frozen=True, slots=True)
class NextRound(Action):
    """From ``round_over``: deal the next round."""


# --- table, log and results ------------------------------------------------------------------


@dataclass(slots=True)
class TableMeld:
    """A meld on the table. ``owner`` laid it; Basic Rummy lay-offs by anyone join it."""

    owner: int
    cards: list[Card]
    kind: MeldKind


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
    """A bonus the round's winner scored (Remi's closing card: ``remi.CLOSING_BONUS`` x its
    value), otherwise 0."""
    special: str | None
    """Remigio closing hand: "flush", "straight_flush", "remigio" or None."""
    closing_card: Card | None
    players: list[PlayerResult]


# --- the variant's own part ----------------------------------------------------------------


def per_seat(default: bool | int) -> Any:
    """A field of a :class:`VariantState` with one entry per player: ``default`` for each seat
    at a new deal (saves check its length)."""
    return field(default_factory=list, metadata={"per_seat": default})


def private(default: Any = None) -> Any:
    """A field of a :class:`VariantState` that no player's view shows (``public()`` puts the
    default in its place)."""
    return field(default=default, metadata={"private": True})


@dataclass(frozen=True, slots=True)
class VariantState:
    """A rule set's own deal and turn state: a frozen dataclass in its variant's module
    (``RemiState``, ``IndianState``, ``RummyState``), named by ``Variant.State``, made fresh
    for every deal by ``Variant.new_state`` and held in ``GameState.vs``.

    Frozen: the engine copies the state (shallow) once per action, and the variant part is
    shared between the old state and the new one until a hook changes it; a hook that does
    stores a new one (``new.vs = replace(vs, must_meld=None)``), so the old state keeps its
    own. Per-seat lists are replaced, never changed in place (``turn.replace_seat``).

    Its fields are plain data (cards, ints >= 0, bools, lists of them): the views, the save
    format and its checks are derived from them (``per_seat``, ``private``).
    """

    @classmethod
    def new(cls, n: int) -> Self:
        """The state of a fresh deal for ``n`` seats: the defaults, ``[default] * n`` for a
        per-seat field."""
        return cls(**{name: [default] * n for name, default in _per_seat_fields(_key(cls))})

    def public(self) -> Self:
        """What every player may see of it: the private fields at their defaults (the same
        object when they already are)."""
        hidden = {name: default for name, default in _private_fields(_key(type(self)))
                  if getattr(self, name) != default}
        return replace(self, **hidden) if hidden else self


def _key(cls: type[VariantState]) -> type:
    # a class is hashable, and the caches below are keyed on it (mypy does not see a
    # frozen dataclass's class as Hashable)
    return cls


@cache
def _per_seat_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    return tuple((f.name, f.metadata["per_seat"]) for f in fields(cls) if "per_seat" in f.metadata)


@cache
def _private_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    return tuple((f.name, f.default) for f in fields(cls) if f.metadata.get("private"))


def per_seat_fields(cls: type[VariantState]) -> tuple[str, ...]:
    """The names of a variant state's per-seat fields."""
    return _per_seat_names(_key(cls))


@cache
def _per_seat_names(cls: type) -> tuple[str, ...]:
    return tuple(name for name, _ in _per_seat_fields(cls))


# --- the game --------------------------------------------------------------------------------


@dataclass(slots=True, kw_only=True)
class PublicState:
    """What every player may see of a game: the fields a :class:`PlayerView` shows as they are
    in the :class:`GameState` (both are made of this one list)."""

    variant: str
    options: Any
    """The variant's options model (``rummy_tui.core.options``)."""
    players: list[PlayerSpec]
    round_no: int
    dealer: int
    to_move: int
    direction: int
    """+1 clockwise (to the left: seat i+1), -1 anticlockwise (Remigio Fournier)."""
    phase: Phase
    discard: list[Card]
    """Top = last (every card in it was shown face up)."""
    wild_card: Card | None
    """Indian: the card under the stock that names the wild rank (out of play)."""
    table: list[TableMeld]
    scores: list[int]
    history: list[RoundResult]
    log: list[Event]
    """What happened, as values (core/events.py): no event names a hidden card, and the
    words a player reads are made from them (``events.describe``)."""
    out: list[bool]
    """Not playing this deal: eliminated from the game, dropped or wrongly declared."""
    eliminated: list[bool]
    """Out of the game for good (Remigio, Indian pools)."""
    winner: int | None
    last_round: RoundResult | None
    taken: Card | None = None
    """The card taken from the discard pile this turn (Basic Rummy may not discard it)."""
    rebuilds: int = 0
    """Times the stock was rebuilt from the discard pile this round."""
    turn: int = 0
    """Turns begun this round."""
    actions: int = 0
    """Actions applied in this game (the computer players' random stream)."""


@dataclass(slots=True, eq=True, kw_only=True)
class GameState(PublicState):
    """Everything about one game. Read by the app; changed only through ``engine.apply``."""

    seed: int
    hands: list[list[Card]]
    stock: list[Card]
    """Top = last."""
    laid: list[int] = field(default_factory=list)
    """Cards each player has put on the table this round."""
    round_actions: int = 0
    """Actions applied in this round."""
    deck_size: int = 0
    vs: VariantState | None = None
    """The variant's own deal and turn state (a :class:`VariantState` of the class
    ``Variant.State``: Remi's card to meld, Indian's drops, ...), or None for a variant
    without one (Remigio). Read it typed with ``Variant.vs(state)``."""
    hand_order: list[list[Card]] = field(default_factory=list)
    """Each player's own order of their hand (the app's: no rule reads it), so that a resumed
    game shows a hand as its player left it; empty when nobody arranged one."""
    hand_groups: list[list[int]] = field(default_factory=list)
    """The sizes of each player's groups of ``hand_order`` (the app's: arranged, or the
    player's own), one list per seat ([] for a hand without groups); empty when nobody
    grouped a hand."""

    def copy(self) -> GameState:
        """A shallow copy: the engine replaces, never mutates, the lists it changes (and the
        variant part, which is frozen)."""
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


@dataclass(slots=True, kw_only=True)
class PlayerView(PublicState):
    """All that one player may know (``engine.view``). No other hand, no stock order."""

    player: int
    """Whose view this is."""
    hand: list[Card]
    hand_counts: list[int]
    stock_count: int
    vs: VariantState | None = None
    """The public part of the variant's state (``VariantState.public``), or None."""


ViewBuilder = Callable[
    [PublicState, int, list[Card], list[int], int, VariantState | None], PlayerView
]
"""The type of :data:`build_view`."""


def _make_view_builder() -> ViewBuilder:
    # the view of a state, unrolled like GameState.copy: engine.view builds one per decision
    # of every computer player
    shared = [f.name for f in fields(PublicState)]
    own = ["player", "hand", "hand_counts", "stock_count", "vs"]
    assert sorted(shared + own) == sorted(f.name for f in fields(PlayerView))
    body = "\n".join(f"    v.{n} = s.{n}" for n in shared if n != "discard")
    source = (
        "def build_view(s, player, hand, hand_counts, stock_count, vs):\n"
        "    v = _new(PlayerView)\n"
        f"{body}\n"
        "    v.discard = list(s.discard)\n"
        + "".join(f"    v.{n} = {n}\n" for n in own)
        + "    return v\n"
    )
    namespace: dict[str, Any] = {"_new": object.__new__, "PlayerView": PlayerView}
    exec(source, namespace)
    built: ViewBuilder = namespace["build_view"]
    return built


build_view = _make_view_builder()
"""``build_view(state, player, hand, hand_counts, stock_count, vs)``: a :class:`PlayerView`
with the state's public fields as they are (the discard pile copied) and the player's own."""
