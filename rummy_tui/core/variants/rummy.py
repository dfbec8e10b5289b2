"""Basic Rummy (seed 002): one 52-card deck, sets and runs, laying off, "rummy" doubles."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..melds import MeldRules
from .base import HandRules, value_table
from .ruleset import RuleSet, highest_unique

if TYPE_CHECKING:
    from ..state import GameState, PlayerResult


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


# --- the game (seed 002) ---------------------------------------------------------------------

class RummyRules(RuleSet):
    """Basic Rummy: 2-6 players, one deck, an upcard; draw, meld / lay off, discard.

    - Deal 10 cards each to 2 players, 7 to 3-4, 6 to 5-6; the first dealer is random, the
      deal passes to the left, the player to the dealer's left starts, play goes clockwise.
    - Lay off onto any meld on the table. Go out by melding, laying off or discarding the
      last card (option: the last card must be a discard).
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

    name = "rummy"
    title = "Basic Rummy"
    max_players = 6
    table_melds = True
    lay_off = True

    def deal_size(self, n: int) -> int:
        return _DEAL[n]

    def hand_rules(self, options: Any, wild_rank: int | None = None) -> HandRules:
        return _hand_rules_cached(options.ace_high)

    def hand_size_between_turns(self, state: GameState, player: int) -> int:
        # nobody is eliminated in Basic Rummy
        return _DEAL[len(state.players)] - state.laid[player]

    def empty_stock(self, state: GameState) -> str:
        """The stock ran out: rebuilt from the discards (all but the top card) twice; the
        third time it runs out the hand is void (option ``void_after_two_rebuilds``). With
        that option off the stock is rebuilt up to ``rebuild_limit`` times (a guard against
        a hand going round for ever). A rebuild needs a card under the top discard."""
        limit = 2 if state.options.void_after_two_rebuilds else state.options.rebuild_limit
        if state.rebuilds >= limit or len(state.discard) < 2:
            return "void"
        return "rebuild"

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        from ..state import PlayerResult

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
        everyone = list(range(len(state.players)))
        if state.options.rounds is not None:
            if state.round_no >= state.options.rounds:
                return highest_unique(state.scores, everyone)
            return None
        if max(state.scores) >= state.options.target:
            return highest_unique(state.scores, everyone)
        return None


_DEAL = {n: 10 if n == 2 else 7 if n <= 4 else 6 for n in range(2, 7)}
_CACHE: dict[bool, HandRules] = {}


def _hand_rules_cached(ace_high: bool) -> HandRules:
    rules = _CACHE.get(ace_high)
    if rules is None:
        rules = _CACHE[ace_high] = hand_rules(ace_high=ace_high)
    return rules


RULESET = RummyRules()
