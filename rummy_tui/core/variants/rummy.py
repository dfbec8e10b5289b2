"""Basic Rummy (seed 002): one 52-card deck, sets and runs, laying off, "rummy" doubles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pydantic import Field

from ..cards import Card
from ..events import Discarded, WentOut
from ..hand_rules import HandRules, RuleError, value_table
from ..melds import MeldRules
from ..options import OptionsModel
from ..registry import register
from ..state import PlayerResult, VariantState, per_seat
from ..turn import end_round, log, replace_seat
from ..variant import Variant, target_or_rounds_winner, winner_collects

if TYPE_CHECKING:
    from ..state import GameState, PlayerView, RoundResult


class RummyOptions(OptionsModel):
    """Basic Rummy (seed 002)."""

    target: int = Field(150, ge=1, le=100_000, description="points that win the game")
    rounds: int | None = Field(
        None, ge=1, le=1000, description="play this many hands instead of to the target"
    )
    ace_high: bool = Field(False, description="ace high or low (Q-K-A is a run); aces score 15")
    last_card_discard: bool = Field(False, description="the last card must be a discard")
    void_after_two_rebuilds: bool = Field(
        True, description="the hand ends void if the stock runs out after two rebuilds"
    )
    rebuild_limit: int = Field(
        20,
        ge=2,
        le=1000,
        description="with void_after_two_rebuilds off: the hand ends void if the stock runs "
        "out after this many rebuilds (a guard against a hand that never ends)",
    )

    added_later = {"rebuild_limit": 20}


@dataclass(frozen=True, slots=True)
class RummyState(VariantState):
    """Basic Rummy's own state (``GameState.vs``): who has melded, for "rummy"."""

    melded_before: list[bool] = per_seat(False)
    """The player melded or laid off in an earlier turn of this hand (no "rummy")."""
    melded_this_turn: bool = False
    """The player to move has melded or laid off this turn."""


def hand_rules(ace_high: bool = False) -> HandRules:
    """Ace is low only; the ace-high-or-low option makes Q-K-A a run and aces worth 15."""
    return HandRules(
        variant="rummy",
        melds=MeldRules(set_max=4, ace_low=True, ace_high=ace_high),
        values=tuple(value_table(ace=15 if ace_high else 1, two_to_ten=None, face=10, joker=0)),
        max_copies=1,
        max_jokers=0,
        hand_size=10,
    )


_DEAL = {n: 10 if n == 2 else 7 if n <= 4 else 6 for n in range(2, 7)}
_RULES = {ace_high: hand_rules(ace_high=ace_high) for ace_high in (False, True)}


class Rummy(Variant[RummyState]):
    """Basic Rummy: 2-6 players, one deck, an upcard; draw, meld / lay off, discard.

    - Deal 10 cards each to 2 players, 7 to 3-4, 6 to 5-6; the first dealer is random, the
      deal passes to the left, the player to the dealer's left starts, play goes clockwise.
    - Lay off onto any meld on the table. Go out by melding, laying off or discarding the
      last card (option: the last card must be a discard). The card taken from the discard
      pile may not be discarded in the same turn.
    - The one who goes out scores the cards left in the other hands; "rummy" (every card
      out in one turn with no meld or lay-off earlier in the hand) doubles it.
    - An empty stock is rebuilt from the discard pile except its top card, twice; when it
      runs out a third time the hand ends void (option). With that option off it is rebuilt
      up to ``rebuild_limit`` times (default 20) before the hand ends void, so that a hand
      always ends. A rebuild needs at least one card under the top discard; without one the
      hand ends void too, as nothing else can go on.
    - The game ends at the target (150) or after a fixed number of hands (option); a tie
      for the lead after the last fixed hand is played off with one more hand.
    """

    key = "rummy"
    title = "Basic Rummy"
    short_title = "Rummy"
    aliases = ("basic",)
    Options = RummyOptions
    description = "Basic Rummy: meld sets and runs, lay off on any meld, go out first."
    max_players = 6
    table_melds = True
    lay_off = True
    State = RummyState
    special_out = "rummy"
    special_out_text = "went rummy (all cards in one turn)"
    stat_columns = ("special outs",)

    def arrange_rules(self, wild: Any = None, **rules: Any) -> HandRules:
        self.no_wild(wild)
        return hand_rules(**rules)

    def deal_size(self, n: int) -> int:
        return _DEAL[n]

    def hand_rules(self, options: Any, wild_rank: int | None = None) -> HandRules:
        return _RULES[options.ace_high]

    def hand_size_between_turns(self, state: GameState, player: int) -> int:
        # nobody is eliminated in Basic Rummy
        return _DEAL[len(state.players)] - state.laid[player]

    # --- the turn ---------------------------------------------------------------------------

    def check_keep(self, src: GameState | PlayerView, rest: list[Card]) -> None:
        if not rest:
            if src.options.last_card_discard:
                raise RuleError("the last card must be a discard (house rule)")
            return
        if src.taken is not None and len(rest) == 1 and rest[0] == src.taken:
            raise RuleError(
                "you would keep only the card you took from the discard pile, "
                "which you may not discard"
            )

    def check_discard(self, src: GameState | PlayerView, card: Card) -> None:
        if card == src.taken:
            raise RuleError("you may not discard the card you just took from the discard pile")

    def on_meld(self, new: GameState, cards: Sequence[Card], kind: str) -> None:
        self.on_lay_off(new)

    def on_lay_off(self, new: GameState) -> None:
        vs = self.vs(new)
        if not vs.melded_this_turn:
            new.vs = replace(vs, melded_this_turn=True)

    def on_turn_end(self, new: GameState) -> None:
        vs = self.vs(new)
        if vs.melded_this_turn:
            p = new.to_move
            melded = vs.melded_before
            if not melded[p]:
                melded = replace_seat(melded, p, True)
            new.vs = replace(vs, melded_before=melded, melded_this_turn=False)

    def on_hand_emptied(self, new: GameState, player: int) -> None:
        """Going out: "rummy" if the player had not melded in an earlier turn."""
        ending = "out" if self.vs(new).melded_before[player] else "rummy"
        log(new, WentOut(round_no=new.round_no, player=player, rummy=ending == "rummy"))
        end_round(new, player, ending, None)

    def on_last_discard(self, new: GameState, player: int, card: Card) -> None:
        log(new, Discarded(round_no=new.round_no, player=player, card=card))
        self.on_hand_emptied(new, player)

    def empty_stock(self, state: GameState) -> str:
        """The stock ran out: rebuilt from the discards (all but the top card) twice; the
        third time it runs out the hand is void (option ``void_after_two_rebuilds``). With
        that option off the stock is rebuilt up to ``rebuild_limit`` times (a guard against
        a hand going round for ever). A rebuild needs a card under the top discard."""
        limit = 2 if state.options.void_after_two_rebuilds else state.options.rebuild_limit
        if state.rebuilds >= limit or len(state.discard) < 2:
            return "void"
        return "rebuild"

    # --- scoring ----------------------------------------------------------------------------

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        values = self.hand_rules(state.options).values
        results = []
        multiplier = 2 if ending == "rummy" else 1
        collected = 0
        for q, hand in enumerate(state.hands):
            penalty = 0 if winner is None else sum(values[c] for c in hand)
            if q != winner:
                collected += penalty
            results.append(PlayerResult(list(hand), [], list(hand), penalty, 0, 0))
        if winner is not None:
            results[winner].penalty = 0
            results[winner].delta = collected * multiplier
            results[winner].note = "rummy" if ending == "rummy" else "went out"
        return results, multiplier, 0, None

    def game_winner(self, state: GameState) -> int | None:
        return target_or_rounds_winner(state)

    def check_payments(self, state: GameState, result: RoundResult) -> str | None:
        return winner_collects(result)


register(Rummy())
