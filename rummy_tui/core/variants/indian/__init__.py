"""Indian 13-card Rummy (seed 003): a wild rank, pure and impure sequences, declaration,
drops, an optional turn timer, and four formats (points, pool 101 / 201, deals)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal

from pydantic import (
    Field,
    ValidationError,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from ...arrange import Arrangement, best_arrangement
from ...cards import ACE, Card, CardError, make_deck, parse_rank
from ...events import Declared, Dropped, Event, LastInDeal, MissedTurn, WildJoker
from ...hand_rules import HandRules, RuleError, value_table
from ...melds import MeldRules
from ...options import OptionsModel
from ...registry import register
from ...seats import highest_unique
from ...state import Action, PlayerResult, VariantState, per_seat, private
from ...turn import end_round, log, need_phase, next_turn, remove, replace_seat, with_hand
from ...variant import Preset, Variant, eliminate_at, hands_shown, shown

if TYPE_CHECKING:
    from ...state import GameState, PlayerView, RoundResult

    Source = GameState | PlayerView

CAP = 80
WRONG_DECLARATION = 80
"""A wrong declaration costs 80 points (the cap): the note in results tells it from a drop."""
MISSES_FOR_A_DROP = 3
"""With the turn timer: this many missed turns in a row count as a middle drop."""
TURN_TIMER_MIN = 10
TURN_TIMER_MAX = 600
"""The optional turn timer, in seconds per turn."""


class IndianOptions(OptionsModel):
    """Indian 13-card Rummy (seed 003) and its formats."""

    format: Literal["points", "pool101", "pool201", "deals"] = Field(
        "points",
        description="points: one deal; pool101/pool201: eliminated at 101/201; deals: a fixed "
        "number of deals",
    )
    deals: Literal[2, 3, 6] = Field(2, description="number of deals in the Deals format")
    decks: int | None = Field(
        None, ge=1, le=4, description="decks of 52 + 1 joker (default 1 for 2 players, else 2)"
    )
    turn_timer: int | None = Field(
        None,
        ge=TURN_TIMER_MIN,
        le=TURN_TIMER_MAX,
        description="seconds per turn (10-600), or none for no timer; with the timer, three "
        "missed turns in a row count as a middle drop",
    )

    added_later = {"turn_timer": None}

    @field_validator("turn_timer", mode="wrap")
    @classmethod
    def _timer_range(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> int | None:
        # the bounds are the field's (ge/le, in the JSON schema too); the message says both
        try:
            return handler(value)  # type: ignore[no-any-return]
        except ValidationError as exc:
            if isinstance(value, int) and not isinstance(value, bool):
                raise ValueError(
                    f"the turn timer is {TURN_TIMER_MIN} to {TURN_TIMER_MAX} seconds a turn, "
                    f"or none for no timer (got {value})"
                ) from None
            raise exc

    @model_validator(mode="after")
    def _deals_only_in_deals_format(self) -> IndianOptions:
        if self.format != "deals" and "deals" in self.model_fields_set and self.deals != 2:
            raise ValueError("the number of deals applies only to format=deals")
        return self

    @property
    def drops(self) -> tuple[int, int]:
        """(first drop, middle drop): 25/50 in Pool 201, 20/40 otherwise."""
        return (25, 50) if self.format == "pool201" else (20, 40)

    @property
    def pool_limit(self) -> int | None:
        return {"pool101": 101, "pool201": 201}.get(self.format)


@dataclass(frozen=True, slots=True)
class IndianState(VariantState):
    """Indian's own state (``GameState.vs``): drops, and the turn timer's bookkeeping."""

    has_drawn: list[bool] = per_seat(False)
    """The player has drawn this deal (a drop is then a middle drop)."""
    drops: list[int] = per_seat(0)
    """The penalty of a player who dropped or declared wrongly this deal (0: none)."""
    missed: list[int] = per_seat(0)
    """With the turn timer: each player's missed turns in a row this deal."""
    drawn: Card | None = private(None)
    """With the turn timer: the card the player to move drew this turn, from either pile (a
    missed turn discards it). Private: hidden from the others when it came from the stock."""


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Indian: put this card in the finish slot and show the 13 left as a declaration."""

    move = "declaring"
    finish: Card


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """Indian: leave the deal (20 before your first draw, 40 after; Pool 201: 25/50)."""

    move = "dropping"


@dataclass(frozen=True, slots=True)
class MissTurn(Action):
    """Indian, with the turn timer on: the player to move ran out of time. Before the draw the
    turn passes without one; after it the card drawn this turn is discarded for them. The
    third miss in a row is a middle drop."""

    move = "turn timer"


def hand_rules(wild: int | None = None, decks: int = 2) -> HandRules:
    """A-2-3 and Q-K-A are sequences, K-A-2 is not; sets have different suits.

    ``wild`` is the wild rank (1-13). When the wild joker card is a printed joker, aces are
    wild: pass ``wild=1``. Wild cards and printed jokers are worth 0.
    """
    values = value_table(ace=10, two_to_ten=None, face=10, joker=0)
    plain = tuple(values) if wild is not None else None
    if wild is not None:
        for suit in range(4):
            values[suit * 13 + wild - 1] = 0
    return HandRules(
        variant="indian",
        melds=MeldRules(
            set_max=4, set_distinct_suits=True, ace_low=True, ace_high=True, wild_rank=wild
        ),
        values=tuple(values),
        declaration=True,
        cap=CAP,
        max_copies=decks,
        max_jokers=decks,
        hand_size=13,
        plain_values=plain,
    )


def wild_rank_of(card: int) -> int:
    """The wild rank named by the wild joker card: a printed joker makes aces wild."""
    return ACE if card == 52 else card % 13 + 1


def default_decks(n: int) -> int:
    """1 deck of 52 + 1 printed joker for 2 players, 2 for 3-6."""
    return 1 if n == 2 else 2


_CACHE: dict[tuple[int | None, int], HandRules] = {}


def _rules(wild: int | None, decks: int) -> HandRules:
    key = (wild, decks)
    if key not in _CACHE:
        _CACHE[key] = hand_rules(wild=wild, decks=decks)
    return _CACHE[key]


_FORMATS = (
    ("points", "Points", "13 cards, wild joker, two sequences one pure; one deal, winner collects."),
    ("pool101", "Pool 101", "13-card Indian Rummy; reach 101 points and you are eliminated."),
    ("pool201", "Pool 201", "13-card Indian Rummy; reach 201 points and you are eliminated."),
    ("deals", "Deals",
     "13-card Indian Rummy over a fixed number of deals; winner of each collects."),
)


class Indian(Variant[IndianState]):
    """Indian 13-card Rummy: 2-6 players, 13 cards, a wild joker, declaration and drops.

    - Decks: 1 x (52 + 1 joker) for 2 players, 2 for 3-6 (option: more). Deal 13 each, turn
      an upcard, then take the next card of the shuffled closed deck as the wild joker: it
      lies face up under the stock, out of play, and names the wild rank (a printed joker
      makes aces wild). The first dealer is random, the player to the dealer's left starts,
      play and the deal go clockwise.
    - A turn is a draw (closed or open deck) then a discard, or a declaration with 14 cards:
      one card to the finish slot and 13 in sequences and sets with two sequences, one pure.
    - A wrong declaration costs 80 and puts that player out of the deal; the others play
      on. A drop, allowed at the start of one's turn before drawing, costs 20 before the
      player's first draw of the deal and 40 after it (Pool 201: 25/50). When only one
      player is left in the deal, that player wins it.
    - With the turn timer (option), a player whose time runs out misses the turn (after the
      draw, the card drawn is discarded for them); three missed turns in a row are a
      middle drop.
    - Losers count on their best arrangement (only ungrouped cards when it holds a pure
      sequence and a second sequence), capped at 80.
    - Formats: points (one deal; the winner collects the losers' points), deals (2, 3 or 6
      deals, the winner of each collects; the highest total wins, a tie is played off with
      one more deal), pool101 / pool201 (losers add their points; at 101 / 201 a player is
      eliminated; the last player left wins).
    - An empty closed deck is rebuilt from the open deck except its top card.
    """

    key = "indian"
    title = "Indian Rummy"
    Options = IndianOptions
    presets = tuple(
        Preset(f"indian-{fmt}", "indian", f"Indian Rummy — {name}", text,
               {} if fmt == "points" else {"format": fmt})
        for fmt, name, text in _FORMATS
    )
    max_players = 6
    finish = Declare
    finish_label = "Declare"
    finish_title = "Declare: which card goes to the finish slot?"
    finish_hint = ("Enter: declare with it · Esc: cancel · a wrong declaration costs "
                   f"{WRONG_DECLARATION} points and puts you out of this deal")
    round_word = "deal"
    closing_card_name = "finish slot"
    stat_columns = ("drops", "wrong declarations")
    bot_many_decks = True
    actions = {
        Declare: ("check_declare", "do_declare"),
        Drop: ("check_drop", "do_drop"),
        MissTurn: ("check_miss", "do_miss"),
    }
    State = IndianState

    def arrange_rules(self, wild: Any = None, **rules: Any) -> HandRules:
        try:
            return hand_rules(wild=None if wild is None else parse_rank(wild), **rules)
        except CardError as exc:
            raise RuleError(f"bad wild rank: {exc}") from None

    def preset_of(self, options: Any) -> str:
        return f"{self.key}-{options.format}"

    def preset_of_raw(self, options: Any) -> Any:
        if isinstance(options, dict):
            return f"{self.key}-{options.get('format', 'points')}"
        return self.key

    def round_name(self, options: Any, round_no: int) -> str:
        if options.format == "deals":
            return f"deal {round_no} of {options.deals}"
        return f"deal {round_no}"

    def decks(self, options: Any, n: int) -> int:
        return options.decks or default_decks(n)

    def check_options(self, options: Any, n: int) -> None:
        need = default_decks(n)
        if options.decks is not None and options.decks < need:
            raise RuleError(
                f"Indian Rummy with {n} players needs at least {need} deck{'s' if need > 1 else ''}"
            )

    def deck(self, options: Any, n: int) -> list[Card]:
        return make_deck(self.decks(options, n), 1)

    def deal_size(self, n: int) -> int:
        return 13

    def on_deal(self, state: GameState, deck: list[Card]) -> list[Event]:
        # the next card of the shuffled closed deck is the wild joker (a random card)
        card = state.wild_card = deck.pop()
        return [WildJoker(round_no=state.round_no, card=card, rank=wild_rank_of(card))]

    def hand_rules(self, options: Any, wild_rank: int | None = None, n: int = 2) -> HandRules:
        return _rules(wild_rank, self.decks(options, n))

    def rules_for(self, state: Source) -> HandRules:
        wild = None if state.wild_card is None else wild_rank_of(state.wild_card)
        return _rules(wild, self.decks(state.options, len(state.players)))

    def hand_size_between_turns(self, state: GameState, player: int) -> int:
        return 13

    # --- the turn ---------------------------------------------------------------------------

    def on_draw(self, new: GameState, card: Card, from_stock: bool) -> None:
        vs = self.vs(new)
        p = new.to_move
        drawn = card if new.options.turn_timer is not None else vs.drawn
        if drawn != vs.drawn or not vs.has_drawn[p]:
            new.vs = replace(vs, drawn=drawn, has_drawn=replace_seat(vs.has_drawn, p, True))

    def on_discard(self, new: GameState, card: Card) -> None:
        vs = self.vs(new)
        p = new.to_move
        if vs.missed[p]:
            # a turn completed normally: the missed turns are no longer in a row
            new.vs = replace(vs, missed=replace_seat(vs.missed, p, 0))

    def clear_turn(self, new: GameState) -> None:
        vs = self.vs(new)
        if vs.drawn is not None:
            new.vs = replace(vs, drawn=None)

    def draw_phase_extras(self, src: Source, stock_count: int) -> list[Action]:
        return [Drop()] + ([MissTurn()] if src.options.turn_timer is not None else [])

    def play_phase_extras(self, src: Source, hand: list[Card], distinct: list[Card]) -> list[Action]:
        found: list[Action] = [Declare(c) for c in distinct]
        return found + ([MissTurn()] if src.options.turn_timer is not None else [])

    # --- declaring ----------------------------------------------------------------------------

    def check_declare(self, src: Source, action: Declare, hand: list[Card], stock_count: int) -> list[Card]:
        need_phase(src, "play")
        rest = remove(hand, (action.finish,))
        if rest is None:
            raise RuleError("that card is not in your hand")
        return rest

    def do_declare(self, state: GameState, action: Declare, rest: list[Card]) -> GameState:
        p = state.to_move
        arrangement = best_arrangement(rest, self.rules_for(state))
        new = state.copy()
        if arrangement.can_go_out:
            new.hands = with_hand(state.hands, p, rest)
            # the finish slot: the card lies face down on the open deck
            new.discard = state.discard + [action.finish]
            log(new, Declared(round_no=state.round_no, player=p, valid=True))  # face down
            end_round(new, p, "declared", action.finish)
            return new
        # a wrong declaration: 80 points and out of this deal; the others play on
        log(new, Declared(round_no=state.round_no, player=p, valid=False, penalty=WRONG_DECLARATION))
        _leave_deal(new, p, WRONG_DECLARATION)
        return new

    # --- dropping and missed turns ------------------------------------------------------------

    def check_drop(self, src: Source, action: Drop, hand: list[Card], stock_count: int) -> None:
        if src.phase != "draw":
            raise RuleError("you may drop only at the start of your turn, before drawing")

    def drop_cost(self, src: Source, player: int) -> tuple[Literal["first", "middle"], int]:
        first, middle = src.options.drops
        return ("middle", middle) if self.vs(src).has_drawn[player] else ("first", first)

    def wrong_declaration(self, src: Source, player: int) -> int:
        penalty = self.vs(src).drops[player]
        return penalty if penalty == WRONG_DECLARATION else 0

    def do_drop(self, state: GameState, action: Drop, checked: None) -> GameState:
        p = state.to_move
        kind, penalty = self.drop_cost(state, p)
        new = state.copy()
        log(new, Dropped(round_no=state.round_no, player=p, kind=kind, penalty=penalty))
        _leave_deal(new, p, penalty)
        return new

    def check_miss(self, src: Source, action: MissTurn, hand: list[Card], stock_count: int) -> Card | None:
        if src.options.turn_timer is None:
            raise RuleError("a turn can be missed only with the turn timer on (option turn_timer)")
        if src.phase not in ("draw", "play"):
            raise RuleError("the deal is over")
        if src.phase != "play":
            return None
        # the card drawn this turn is discarded for them (the engine adds a drawn card last,
        # which covers a view: ``drawn`` is private)
        drawn = self.vs(src).drawn
        card = drawn if drawn is not None else hand[-1]
        if card not in hand:
            raise RuleError("the card drawn this turn is not in the hand")
        return card

    def do_miss(self, state: GameState, action: MissTurn, card: Card | None) -> GameState:
        p = state.to_move
        new = state.copy()
        if card is not None:
            rest = remove(state.hands[p], (card,))
            assert rest is not None  # checked
            new.hands = with_hand(state.hands, p, rest)
            new.discard = state.discard + [card]
        vs = self.vs(state)
        missed = replace_seat(vs.missed, p, vs.missed[p] + 1)
        new.vs = replace(vs, missed=missed)
        if missed[p] < MISSES_FOR_A_DROP:
            log(new, MissedTurn(round_no=state.round_no, player=p, discarded=card is not None,
                                in_a_row=missed[p]))
            next_turn(new)
            return new
        # three in a row: a middle drop, whether or not the player has drawn this deal
        log(new, MissedTurn(round_no=state.round_no, player=p, discarded=card is not None,
                            in_a_row=0))
        penalty = state.options.drops[1]
        log(new, Dropped(round_no=state.round_no, player=p, kind="middle", penalty=penalty,
                         missed=MISSES_FOR_A_DROP))
        _leave_deal(new, p, penalty)
        return new

    def state_problems(self, state: GameState) -> list[str]:
        vs = self.vs(state)
        problems = []
        if any(vs.missed) and state.options.turn_timer is None:
            problems.append("missed turns are recorded but there is no turn timer")
        if state.phase != "play" and vs.drawn is not None:
            problems.append("a card is marked as taken this turn outside a turn's play phase")
        return problems

    # --- scoring ----------------------------------------------------------------------------

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        rules = self.rules_for(state)
        pool = state.options.pool_limit is not None
        drops = self.vs(state).drops

        def result(q: int, hand: list[Card], arrangement: Arrangement) -> PlayerResult:
            # every hand is revealed at the end of the deal, as it best arranges (a winner's
            # whole hand: a last player in the deal may hold deadwood; a wrong declaration:
            # the 14 cards kept); a dropped hand still counts only the drop or the 80
            if q == winner:
                return shown(hand, arrangement, 0,
                             "declared" if ending == "declared" else "last in the deal")
            if drops[q]:
                note = "wrong declaration" if drops[q] == WRONG_DECLARATION else "dropped"
                return shown(hand, arrangement, drops[q], note)
            return shown(hand, arrangement, arrangement.penalty)

        results = hands_shown(state, rules, result)
        if winner is not None:
            for q, loser in enumerate(results):
                if q == winner:
                    continue
                if pool:
                    loser.delta = loser.penalty
                else:
                    loser.delta = -loser.penalty
                    results[winner].delta += loser.penalty
        return results, 1, 0, None

    def elimination_limit(self, options: Any) -> int | None:
        return options.pool_limit  # type: ignore[no-any-return]

    def eliminate(self, state: GameState) -> None:
        limit = state.options.pool_limit
        if limit is not None:
            eliminate_at(state, limit, "{} (eliminated)")

    def game_winner(self, state: GameState) -> int | None:
        fmt = state.options.format
        if fmt == "points":
            # one deal; a void deal (never seen in play) is dealt again
            return state.last_round.winner if state.last_round else None
        if fmt == "deals":
            if state.round_no >= state.options.deals:
                return highest_unique(state.scores, list(range(len(state.players))))
            return None
        left = [q for q, e in enumerate(state.eliminated) if not e]
        return left[0] if len(left) == 1 else None

    def check_payments(self, state: GameState, result: RoundResult) -> str | None:
        deltas = [r.delta for r in result.players]
        if any(r.penalty > CAP for r in result.players):
            return "a penalty above the 80-point cap"
        if state.options.pool_limit is None:
            if sum(deltas) != 0:
                return "the winner did not collect exactly the losers' points"
        elif any(d < 0 for d in deltas) or (result.winner is not None and deltas[result.winner]):
            return "pool scores only ever grow for the losers"
        return None


def _leave_deal(new: GameState, p: int, penalty: int) -> None:
    """Player ``p`` leaves the deal with ``penalty`` points (a drop, a wrong declaration);
    if one player is left, that player wins the deal."""
    vs = INDIAN.vs(new)
    new.vs = replace(vs, drops=replace_seat(vs.drops, p, penalty))
    new.out = replace_seat(new.out, p, True)
    left = [q for q, o in enumerate(new.out) if not o]
    if len(left) == 1:
        log(new, LastInDeal(round_no=new.round_no, player=left[0]))
        end_round(new, left[0], "last_in", None)
    else:
        next_turn(new)


INDIAN = Indian()
register(INDIAN)
