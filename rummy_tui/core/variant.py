"""The base of every rule set: what the engine's phase machine asks of a variant.

Each variant module (``core/variants/*.py``) holds one subclass of :class:`Variant` that
reads like its rule text, and registers it with one call (``register(Remi())``). The
subclass carries everything about that game:

- its facts: ``key``, ``title``, player counts, the seats, the deck and the deal;
- its options model (``Options``, pydantic) and its picker entries (``presets``, or one
  made from ``key``, ``title`` and ``description``);
- its own deal and turn state (``State``: a frozen dataclass in its module, held in
  ``GameState.vs``, made fresh each deal by ``new_state``), which only its hooks change;
- what the app, the bots and the statistics need to know, so that no code outside
  ``core/variants`` asks which game is playing: ``pickup_depths`` (which discards may be
  taken: the keys 1-3 in Remi), ``finish`` and ``finish_label`` (the finishing move and
  its key's name: Close, Declare), ``round_word``, ``round_name``, ``high_is_good``,
  ``goal_line``, ``special_out``, ``stat_columns``, the bots' weights;
- its rule hooks, named for the rules they are (``check_take``, ``check_meld``,
  ``check_discard``, ``on_last_discard``, ``score_round``, ``eliminate``,
  ``game_winner``, ...), called by the engine at the points of a turn where they apply;
- its own actions (``actions``: Remigio's Close, Indian's Declare / Drop / MissTurn,
  Remi's EndOnEmptyStock), each an :class:`~rummy_tui.core.state.Action` subclass defined
  in its module with a check and a do, which the engine dispatches; a game that does not
  define an action refuses it with one message ("there is no declaring in Basic Rummy").

``Variant`` is an abstract base class: the hooks every rule set must write are abstract
(``arrange_rules``, ``hand_rules``, ``score_round``, ``game_winner``), so a rule set that
forgets one cannot be made. It is generic in its own state: ``Variant[RemiState]`` reads
``GameState.vs`` typed with :meth:`Variant.vs` (``Variant[None]``: a game without one). The
defaults here are those the rule texts share; a variant overrides what differs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from .arrange import Arrangement, best_arrangement
from .cards import Card, make_deck
from .hand_rules import HandRules, RuleError
from .seats import highest_unique, next_seat
from .state import Action, PlayerResult, VariantState

if TYPE_CHECKING:
    from .events import Event
    from .state import GameState, PlayerView, RoundResult

    Source = GameState | PlayerView

S = TypeVar("S", bound="VariantState | None")
"""A rule set's own state class (``GameState.vs``), or None for a game without one."""


@dataclass(frozen=True)
class Preset:
    """One entry of the picker: a variant with some option overrides (Indian: a format)."""

    key: str
    variant: str
    title: str
    description: str
    options: dict[str, Any] = field(default_factory=dict)


class Variant(ABC, Generic[S]):
    """Defaults shared by the rule texts; each variant overrides what differs."""

    # --- facts ------------------------------------------------------------------------------
    key: str = ""
    """The name in the CLI, the saves and the code ("indian")."""
    title: str = ""
    """The display name in messages and in docs/RULES.md's heading ("Indian Rummy")."""
    short_title: str = ""
    """The name in the app's header, when shorter than ``title`` (empty: the title)."""
    aliases: tuple[str, ...] = ()
    """Other names ``rummy-tui new`` accepts for this variant."""
    Options: ClassVar[type[Any]]
    """The pydantic options model (every setting the rule text leaves to the players)."""
    description: str = ""
    """One line for the picker, under the title."""
    presets: tuple[Preset, ...] = ()
    """The picker's entries for this variant (Indian: one per format). A variant that does not
    set them has one: its key, its short title or title, and its description."""
    min_players: int = 2
    max_players: int = 6
    upcard: bool = True
    """A card is turned up to start the discard pile (not in Remi)."""
    dealer_plays_first: bool = False
    """Remi: the dealer plays first; elsewhere the player after the dealer does."""
    direction: int = 1
    """+1 clockwise (seat i+1 is to the left of seat i), -1 anticlockwise."""
    table_melds: bool = False
    """Melds are laid on the table during play (Rummy, Remi)."""
    lay_off: bool = False
    """Cards may be added to melds on the table (Rummy)."""
    pickup_depths: tuple[int, ...] = (1,)
    """Which discards may be taken, 1 = the top card (Remi: any of the top three)."""
    pickup_must_meld: bool = False
    """Remi: a card taken from the discard pile must be melded in the same turn."""
    last_discard_closes: bool = False
    """Remi: discarding the last card closes the round (the bots plan for it)."""
    finish: ClassVar[type[Action] | None] = None
    """The finishing move's class, made from the one card it puts away (Remigio's ``Close``:
    the face-down discard; Indian's ``Declare``: the finish-slot card), or None when a player
    goes out by playing their cards (Basic Rummy, Remi). The ``c`` key plays it
    (:meth:`finish_with`), and the bots finish with it."""
    finish_label: str = "Go out"
    """The ``c`` key's name in the footer and the status line ("Close", "Declare")."""
    finish_title: str = ""
    """The title of the dialog that chooses the finishing card (a ``finish`` game)."""
    finish_card_place: str = ""
    """Where the finishing card goes, after its name in the finish dialog (" face down")."""
    finish_hint: str = ""
    """The dialog's keys line (a ``finish`` game); Indian adds what a wrong declaration costs."""
    round_word: str = "round"
    """What the rule text calls a round, in every text a player reads (Indian: "deal")."""
    actions: ClassVar[dict[type, tuple[str, str]]] = {}
    """This variant's own actions: action type -> (name of its check, name of its do)."""
    State: ClassVar[type[VariantState] | None] = None
    """This variant's own deal and turn state (``GameState.vs``): a frozen dataclass in its
    module (core/state.py, :class:`VariantState`), or None when it needs none."""
    special_out: str = ""
    """The ending of a round won in a way the statistics count ("rummy" in Basic Rummy: every
    card out in one turn), or ""."""
    special_out_text: str = ""
    """How the round summary says it, after the winner's name."""
    bonus_name: str = "closing bonus"
    """What the round summary calls a round's bonus (``RoundResult.bonus``: Remi's)."""
    closing_card_name: str = "closing card"
    """What the round summary calls the card a round ended with (Indian: "finish slot")."""
    closing_multiplier: bool = False
    """Remigio: a close always has a multiplier (x1 to x10), which the summary names and the
    statistics count ("closes by multiplier")."""
    stat_columns: tuple[str, ...] = ()
    """The statistics that mean something in this game, beyond those of every game:
    "closes" (by multiplier), "drops", "wrong declarations", "special outs"."""
    bot_count_weight: int = 12
    """The hard bot (core/bots/hard.py): points a card in hand is worth against one more draw
    of hope when it weighs a discard (the same in every game so far)."""
    bot_many_decks: bool = False
    """The hard bot plays this game by core/bots/hard_multi.py (several decks, melds kept in
    the hand, a finishing move) instead of core/bots/hard.py."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "presets" not in cls.__dict__ and "description" in cls.__dict__:
            cls.presets = (Preset(cls.key, cls.key, cls.short_title or cls.title, cls.description),)

    # --- the variant's own state ---------------------------------------------------------

    def vs(self, src: Source) -> S:
        """``src.vs``, typed as this variant's state (``RemiState``, ...): the one place a
        hook reads its own state through, so that the type checker knows its fields. (No
        check here, on the engine's hot path: the engine makes it with ``new_state`` and only
        this variant's hooks replace it; ``core/invariants.py`` checks its class.)"""
        return cast(S, src.vs)

    def finish_with(self, card: Card) -> Action:
        """The finishing move that puts ``card`` away (``Close(card)``, ``Declare(card)``)."""
        if self.finish is None:
            raise RuleError(f"there is no finishing move in {self.title}: go out by playing")
        make: Callable[[Card], Action] = self.finish  # its one field is the card
        return make(card)

    # --- setup ------------------------------------------------------------------------------

    @abstractmethod
    def arrange_rules(self, wild: Any = None, **rules: Any) -> HandRules:
        """The hand rules for the library's front door, ``arrange(cards, variant, wild,
        **rules)``: ``rules`` are the few options that change how a hand counts."""

    def no_wild(self, wild: Any) -> None:
        if wild is not None:
            raise RuleError(f"{self.title} has no wild rank (only Indian Rummy has one)")

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            raise RuleError(
                f"{self.title} is for {self.min_players} to {self.max_players} players"
            )

    def check_options(self, options: Any, n: int) -> None:
        """Options that are valid alone but not with this many players."""

    def preset_of(self, options: Any) -> str:
        """The picker entry a game with these options belongs to (saves record it)."""
        return self.key

    def preset_of_raw(self, options: Any) -> Any:
        """:meth:`preset_of` for a save file's unchecked options (a dict, or anything)."""
        return self.key

    def deck(self, options: Any, n: int) -> list[Card]:
        return make_deck(1, 0)

    def deal_size(self, n: int) -> int:
        return 10

    def new_state(self, n: int) -> S:
        """The variant's own state at the start of a deal for ``n`` seats."""
        return cast(S, None if self.State is None else self.State.new(n))

    def on_deal(self, state: GameState, deck: list[Card]) -> list[Event]:
        """After the hands and the upcard: set this variant's deal state; the events to log
        (Indian turns up the wild joker here)."""
        return []

    @abstractmethod
    def hand_rules(self, options: Any, wild_rank: int | None = None) -> HandRules:
        """The hand rules (melds, card values, caps) of a game with these options."""

    def rules_for(self, state: Source) -> HandRules:
        """The hand rules of this game (Indian: with this deal's wild rank)."""
        return self.hand_rules(state.options)

    def hand_size_between_turns(self, state: GameState, player: int) -> int:
        """Cards a player holds between turns, counting those laid on the table."""
        return self.deal_size(sum(1 for e in state.eliminated if not e)) - state.laid[player]

    def first_dealer(self, roll: int, n: int) -> int:
        """The first dealer, from a random seat ``roll``."""
        return roll

    def next_dealer(self, state: GameState) -> int:
        """The deal passes to the next player still in the game, in the direction of play."""
        return next_seat(state.eliminated, state.dealer, state.direction)

    def first_player(self, state: GameState) -> int:
        if self.dealer_plays_first:
            return state.dealer
        return next_seat(state.out, state.dealer, state.direction)

    # --- the turn ---------------------------------------------------------------------------

    def sequence_down(self, src: Source, player: int) -> bool:
        """Remi: the player has a sequence on the table, so sets count in the hand (the
        arrangement search's ``sequence_down``)."""
        return False

    def card_to_meld(self, src: Source) -> Card | None:
        """Remi: the card taken from the discard pile that must still be melded this turn."""
        return None

    def check_take(self, src: Source, hand: Sequence[Card], depth: int, card: Card) -> None:
        """A taken discard must meet this variant's condition (Remi: it melds at once)."""

    def on_draw(self, new: GameState, card: Card, from_stock: bool) -> None:
        """After a draw from either pile (``new`` is the engine's fresh copy)."""

    def on_take(self, new: GameState, card: Card, depth: int) -> None:
        """After a discard was taken (``depth`` 1: the top card)."""

    def check_meld(self, src: Source, rest: list[Card], cards: Sequence[Card], kind: str) -> None:
        """A meld's own conditions, beyond being a set or a run (``rest``: the hand left)."""
        self.check_keep(src, rest)

    run_note: str = ""
    """Added to the "not a meld" message (Remi: which runs there are)."""

    def meld_candidates(self, src: Source, hand: list[Card]) -> list[tuple[Card, ...]]:
        """The melds ``legal_actions`` offers (each is still checked): the best arrangement's."""
        return [tuple(m.cards) for m in best_arrangement(hand, self.rules_for(src)).melds]

    def check_keep(self, src: Source, rest: list[Card]) -> None:
        """What is left after a meld or a lay-off must let the turn end."""

    def on_meld(self, new: GameState, cards: Sequence[Card], kind: str) -> None:
        """After a meld was laid on the table by ``new.to_move``."""

    def on_lay_off(self, new: GameState) -> None:
        """After cards were laid off by ``new.to_move``."""

    def on_hand_emptied(self, new: GameState, player: int) -> None:
        """A meld or lay-off used the last card: how the round ends."""
        raise NotImplementedError(f"{self.title}: a hand never runs out by melding")

    def check_discard(self, src: Source, card: Card) -> None:
        """This variant's limits on the discard (the card is in the hand, in the play phase)."""

    def on_discard(self, new: GameState, card: Card) -> None:
        """After a discard that leaves cards in the hand."""

    def on_last_discard(self, new: GameState, player: int, card: Card) -> None:
        """The discard was the player's last card: how the round ends."""
        raise NotImplementedError(f"{self.title}: a hand never runs out by discarding")

    def on_turn_end(self, new: GameState) -> None:
        """The turn of ``new.to_move`` ends normally (before the next player is chosen)."""

    def clear_turn(self, new: GameState) -> None:
        """Forget the marks of the turn that ended (a turn or a round ended)."""

    def empty_stock(self, state: GameState) -> str:
        """What happens when a turn begins with an empty stock: "rebuild" the stock from the
        discard pile, end the round "void", or "choice" (Remi: the player decides)."""
        return "rebuild" if len(state.discard) >= 2 else "void"

    def on_rebuild(self, new: GameState) -> None:
        """The stock was rebuilt from the discard pile."""

    def draw_phase_extras(self, src: Source, stock_count: int) -> list[Action]:
        """This variant's own legal actions before the draw (after draws and pick-ups)."""
        return []

    def play_phase_extras(self, src: Source, hand: list[Card], distinct: list[Card]) -> list[Action]:
        """This variant's own legal actions after the draw (after the discards)."""
        return []

    # --- scoring ----------------------------------------------------------------------------

    scores_are_balances: bool = False
    """The game totals are balances between the players (Fournier: the losers pay the closer),
    not penalty or points totals: the screens say "balance"."""

    def round_payments(self, names: list[str], result: RoundResult) -> list[str]:
        """Who paid whom in a round, one line each, for the round summary (none by default)."""
        return []

    def score_text(self, score: int, options: Any) -> str:
        """A game total as the game-over table shows it."""
        return str(score)

    @abstractmethod
    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        """The players' results of a finished round (deltas not yet added to the scores),
        with the multiplier, the bonus and the special closing hand."""

    def eliminate(self, state: GameState) -> None:
        """Mark newly eliminated players (``state`` is the engine's new state, scores added)."""

    def elimination_limit(self, options: Any) -> int | None:
        """The total at which a player is out of the game, or None (no elimination)."""
        return None

    @abstractmethod
    def game_winner(self, state: GameState) -> int | None:
        """The winner once a round has been scored, or None to play another round."""

    def high_is_good(self, options: Any) -> bool:
        """A higher total is better (False in the elimination games, Remigio and Indian Pool
        101 / 201, where points are bad): the statistics' best and worst rounds."""
        return self.elimination_limit(options) is None

    def goal_line(self, options: Any) -> tuple[int, str] | None:
        """The score line a chart draws: the elimination limit, else the target unless the
        game is a fixed number of rounds; None: neither."""
        limit = self.elimination_limit(options)
        if limit is not None:
            return limit, "eliminated at"
        target = getattr(options, "target", None)
        if target is None or getattr(options, "rounds", None):
            return None
        return int(target), "target"

    def round_name(self, options: Any, round_no: int) -> str:
        """The status line's name of this round ("round 3"; Indian Deals: "deal 2 of 3")."""
        return f"{self.round_word} {round_no}"

    def check_payments(self, state: GameState, result: RoundResult) -> str | None:
        """What is wrong with a finished round's score changes under this variant's scoring
        (the invariants and the saves' validation ask), or None."""
        return None

    def state_problems(self, state: GameState) -> list[str]:
        """What a save file can get wrong in this variant's own state that the engine never
        does (the saves' validation asks; per-seat lengths are checked there)."""
        return []

    def drop_cost(self, src: Source, player: int) -> tuple[str, int] | None:
        """What dropping out of the round now would cost this player: ("first" or "middle",
        points), or None in a variant without drops (Indian has them)."""
        return None

    def wrong_declaration(self, src: Source, player: int) -> int:
        """The penalty of the wrong declaration this player made this round, 0 if none (only
        Indian has declarations)."""
        return 0

    results_show_table: bool = False
    """Remi: a round result's melds are those on the table, not part of the hand shown."""


# --- rule pieces that several rule texts share ---------------------------------------------

def target_or_rounds_winner(state: GameState) -> int | None:
    """The highest total wins at the target, or after the fixed number of rounds (option);
    a tie for the top plays another round. (Basic Rummy and Remigio Fournier.)"""
    everyone = list(range(len(state.players)))
    if state.options.rounds is not None:
        if state.round_no >= state.options.rounds:
            return highest_unique(state.scores, everyone)
        return None
    if max(state.scores) >= state.options.target:
        return highest_unique(state.scores, everyone)
    return None


def hands_shown(
    state: GameState,
    rules: HandRules,
    result_of: Callable[[int, list[Card], Arrangement], PlayerResult],
) -> list[PlayerResult]:
    """Every seat's result of a round whose hands are all revealed as they best arrange:
    ``result_of(seat, hand, its best arrangement)`` for a player still in the game, an empty
    "eliminated" result for one out of it. (Remigio and Indian.)"""
    return [
        PlayerResult([], [], [], 0, 0, 0, "eliminated") if state.eliminated[q]
        else result_of(q, hand, best_arrangement(hand, rules))
        for q, hand in enumerate(state.hands)
    ]


def shown(hand: list[Card], arrangement: Arrangement, penalty: int, note: str = "") -> PlayerResult:
    """A revealed hand's result: the hand, its arrangement's melds and deadwood, what it costs
    its owner (the round's score changes are added later)."""
    melds = [list(m.cards) for m in arrangement.melds]
    return PlayerResult(list(hand), melds, list(arrangement.deadwood), penalty, 0, 0, note)


def eliminate_at(state: GameState, limit: int, note: str) -> None:
    """Players still in the game whose total reached ``limit`` are out of it, and ``note``
    becomes the note of their result of the round just scored (``{}`` in it: the note it
    had). ``state`` is the engine's new state, whose ``eliminated`` list is its own.
    (Remigio and Indian Pool 101 / 201.)"""
    for q, score in enumerate(state.scores):
        if not state.eliminated[q] and score >= limit:
            state.eliminated[q] = True
            if state.last_round is not None:
                result = state.last_round.players[q]
                result.note = note.format(result.note)


def winner_collects(result: RoundResult) -> str | None:
    """The round's winner scored the losers' penalties times the multiplier, and nobody
    else scored. (Basic Rummy and Remigio Fournier.)"""
    deltas = [r.delta for r in result.players]
    w = result.winner
    collected = sum(r.penalty for q, r in enumerate(result.players) if q != w)
    if w is None:
        return "nobody went out but the round was scored"
    if deltas[w] != collected * result.multiplier:
        return f"the winner got {deltas[w]}, expected {collected} x {result.multiplier}"
    if any(d for q, d in enumerate(deltas) if q != w):
        return "a loser's score changed"
    return None

