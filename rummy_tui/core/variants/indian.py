"""Indian 13-card Rummy (seed 003): a wild rank, pure and impure sequences, declaration."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import ACE, Card, make_deck
from ..melds import MeldRules
from .base import HandRules, RuleError, value_table
from .ruleset import RuleSet, best_arrangement, highest_unique

if TYPE_CHECKING:
    from ..state import GameState, PlayerResult

CAP = 80


def hand_rules(wild: int | None = None, decks: int = 2) -> HandRules:
    """A-2-3 and Q-K-A are sequences, K-A-2 is not; sets have different suits.

    ``wild`` is the wild rank (1-13). When the wild joker card is a printed joker, aces are
    wild: pass ``wild=1``. Wild cards and printed jokers are worth 0.
    """
    values = value_table(ace=10, two_to_ten=None, face=10, joker=0)
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
    )


def wild_rank_of(card: int) -> int:
    """The wild rank named by the wild joker card: a printed joker makes aces wild."""
    return ACE if card == 52 else card % 13 + 1


# --- the game (seed 003) ---------------------------------------------------------------------

WRONG_DECLARATION = 80
"""A wrong declaration costs 80 points (the cap): the note in results tells it from a drop."""


def default_decks(n: int) -> int:
    """1 deck of 52 + 1 printed joker for 2 players, 2 for 3-6."""
    return 1 if n == 2 else 2


_CACHE: dict[tuple[int | None, int], HandRules] = {}


def _rules(wild: int | None, decks: int) -> HandRules:
    key = (wild, decks)
    if key not in _CACHE:
        _CACHE[key] = hand_rules(wild=wild, decks=decks)
    return _CACHE[key]


class IndianRules(RuleSet):
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
    - Losers count on their best arrangement (only ungrouped cards when it holds a pure
      sequence and a second sequence), capped at 80.
    - Formats: points (one deal; the winner collects the losers' points), deals (2, 3 or 6
      deals, the winner of each collects; the highest total wins, a tie is played off with
      one more deal), pool101 / pool201 (losers add their points; at 101 / 201 a player is
      eliminated; the last player left wins).
    - An empty closed deck is rebuilt from the open deck except its top card.
    """

    name = "indian"
    title = "Indian Rummy"
    max_players = 6
    can_declare = True
    can_drop = True

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

    def hand_rules(self, options: Any, wild_rank: int | None = None, n: int = 2) -> HandRules:
        return _rules(wild_rank, self.decks(options, n))

    def rules_for(self, state: GameState) -> HandRules:
        wild = None if state.wild_card is None else wild_rank_of(state.wild_card)
        return _rules(wild, self.decks(state.options, len(state.players)))

    def hand_size_between_turns(self, state: GameState, player: int) -> int:
        return 13

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        from ..state import PlayerResult

        rules = self.rules_for(state)
        pool = state.options.pool_limit is not None
        results = []
        for q, hand in enumerate(state.hands):
            if state.eliminated[q]:
                results.append(PlayerResult([], [], [], 0, 0, 0, "eliminated"))
            elif q == winner:
                # the finish card is already on the discard pile (the finish slot)
                shown = list(hand)
                arrangement = best_arrangement(shown, rules)
                note = "declared" if ending == "declared" else "last in the deal"
                # the whole hand is shown: a last player in the deal may hold deadwood
                results.append(
                    PlayerResult(
                        list(shown), [list(m.cards) for m in arrangement.melds],
                        list(arrangement.deadwood), 0, 0, 0, note,
                    )
                )
            elif state.drops[q]:
                wrong = state.drops[q] == WRONG_DECLARATION
                # every hand is revealed at the end of the deal, as it best arranges (a wrong
                # declaration: the 14 cards kept); it still counts only the drop or the 80
                arrangement = best_arrangement(hand, rules)
                results.append(
                    PlayerResult(
                        list(hand),
                        [list(m.cards) for m in arrangement.melds],
                        list(arrangement.deadwood),
                        state.drops[q],
                        0,
                        0,
                        "wrong declaration" if wrong else "dropped",
                    )
                )
            else:
                arrangement = best_arrangement(hand, rules)
                results.append(
                    PlayerResult(
                        list(hand),
                        [list(m.cards) for m in arrangement.melds],
                        list(arrangement.deadwood),
                        arrangement.penalty,
                        0,
                        0,
                    )
                )
        if winner is not None:
            for q, result in enumerate(results):
                if q == winner:
                    continue
                if pool:
                    result.delta = result.penalty
                else:
                    result.delta = -result.penalty
                    results[winner].delta += result.penalty
        return results, 1, 0, None

    def after_round(self, state: GameState) -> None:
        limit = state.options.pool_limit
        if limit is None:
            return
        for q, score in enumerate(state.scores):
            if not state.eliminated[q] and score >= limit:
                state.eliminated[q] = True
                if state.last_round is not None:
                    state.last_round.players[q].note += " (eliminated)"

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


RULESET = IndianRules()
