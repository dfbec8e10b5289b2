"""Indonesian Remi (seed 000): 7 cards, number runs or J-Q-K, sets only after a sequence."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card
from ..melds import MeldRules
from .base import HandRules, value_table
from .ruleset import RuleSet, highest_unique

if TYPE_CHECKING:
    from ..state import GameState, PlayerResult


def hand_rules() -> HandRules:
    """2-10 are worth 5, J/Q/K 10, A 15; aces are never in a sequence."""
    return HandRules(
        variant="remi",
        melds=MeldRules(set_max=4, ace_low=False, ace_high=False, remi_runs=True),
        values=tuple(value_table(ace=15, two_to_ten=5, face=10, joker=0)),
        sets_need_sequence=True,
        max_copies=1,
        max_jokers=0,
        hand_size=7,
    )


# --- the game (seed 000) ---------------------------------------------------------------------

CLOSING_BONUS = 10
"""The closing card scores 10 times its value for the closer."""


class RemiRules(RuleSet):
    """Indonesian Remi: 2-4 players, one deck, 7 cards each, no upcard.

    - The first dealer is random; after that the player with the lowest total deals (a tie
      goes to the tied player nearest the previous dealer's left). The dealer plays first,
      and play goes clockwise. The first player can only draw from the stock.
    - Draw the stock's top card, or take one of the top three discards that forms a meld at
      once with cards from the hand (the cards above it come too) and meld it this turn. A
      set needs a sequence on the table first (laid earlier or earlier this turn). No
      laying off; a player always keeps a card to discard.
    - Discarding the last card ends the round: that closing card scores 10 x its value.
      The round also ends when the stock is empty and the player to draw does not, or
      cannot, take a discard (``EndOnEmptyStock``): the stock is never rebuilt.
    - Round score: melds on the table minus the cards in hand (+ the closing bonus). The
      game ends when someone reaches the target (500): the highest total wins; a tie for
      the top is played off with another round.
    """

    name = "remi"
    title = "Indonesian Remi"
    max_players = 4
    upcard = False
    dealer_plays_first = True
    table_melds = True
    pickup_depth = 3
    empty_stock_choice = True

    def deal_size(self, n: int) -> int:
        return 7

    def hand_rules(self, options: Any, wild_rank: int | None = None) -> HandRules:
        return _RULES

    def hand_size_between_turns(self, state: GameState, player: int) -> int:
        return 7 + state.extra[player] - state.laid[player]

    def empty_stock(self, state: GameState) -> str:
        return "choice"

    def next_dealer(self, state: GameState) -> int:
        n = len(state.players)
        # nearest the previous dealer's left first, the previous dealer last
        order = [(state.dealer + k) % n for k in range(1, n + 1)]
        low = min(state.scores)
        return next(i for i in order if state.scores[i] == low)

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        from ..state import PlayerResult

        values = _RULES.values
        bonus = 0 if closing is None else CLOSING_BONUS * values[closing]
        results = []
        for q, hand in enumerate(state.hands):
            melds = [list(m.cards) for m in state.table if m.owner == q]
            on_table = sum(values[c] for m in melds for c in m)
            in_hand = sum(values[c] for c in hand)
            delta = on_table - in_hand + (bonus if q == winner else 0)
            note = "closed" if q == winner else ""
            results.append(PlayerResult(list(hand), melds, list(hand), in_hand, delta, 0, note))
        return results, 1, bonus, None

    def game_winner(self, state: GameState) -> int | None:
        if max(state.scores) >= state.options.target:
            return highest_unique(state.scores, list(range(len(state.players))))
        return None


_RULES = hand_rules()
RULESET = RemiRules()
