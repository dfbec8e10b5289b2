"""Remigio (seeds 001 and 004): 10 cards kept in hand, jokers wild, closing multipliers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card, make_deck
from ..melds import MeldRules
from .base import HandRules, value_table
from .ruleset import RuleSet, best_arrangement, highest_unique, lowest_unique

if TYPE_CHECKING:
    from ..state import GameState, PlayerResult, RoundResult


def hand_rules(wrap: bool = False, fournier: bool = False) -> HandRules:
    """Ace low or high; sets may repeat a card from another deck; a joker counts 20.

    The Fournier preset plays with up to three decks (3 x (52 + 2 jokers)); the elimination
    preset with two (2 x 52 + 4 jokers).
    """
    return HandRules(
        variant="remigio-fournier" if fournier else "remigio",
        melds=MeldRules(set_max=None, ace_low=True, ace_high=True, wrap=wrap),
        values=tuple(value_table(ace=1, two_to_ten=None, face=10, joker=20)),
        specials=True,
        max_copies=3 if fournier else 2,
        max_jokers=6 if fournier else 4,
        hand_size=10,
    )


# --- the game (seeds 001 and 004) ------------------------------------------------------------

_CACHE: dict[tuple[bool, bool], HandRules] = {}


def _rules(wrap: bool, fournier: bool) -> HandRules:
    key = (wrap, fournier)
    if key not in _CACHE:
        _CACHE[key] = hand_rules(wrap=wrap, fournier=fournier)
    return _CACHE[key]


class RemigioRules(RuleSet):
    """Remigio, elimination preset (seed 001).

    - 2-6 players, 2 x 52 cards + 4 jokers, 10 cards each, an upcard. The first dealer is
      random; the player to the dealer's left starts; the deal and play go clockwise.
    - A turn is a draw (stock or top discard) and a discard; melds stay in the hand.
    - Close: discard face down and show 10 cards all melded, or a Flush, a Straight flush or
      a Remigio. Each loser's hand counts on its lowest-penalty arrangement, times the
      closer's multiplier (no jokers x2, Flush x3/x4, Straight flush x5/x6, Remigio x10).
    - Losers add their penalty to their own score; at or above 100 (option) a player is
      eliminated, and the last player left wins. Option ``stop_at_two``: in a game begun
      with three or more players, stop when two remain and the lower score wins (a tie is
      played off with another round).
    - An empty stock is rebuilt from the discard pile except its top card.
    """

    name = "remigio"
    title = "Remigio"
    can_close = True
    fournier = False

    def deck(self, options: Any, n: int) -> list[Card]:
        return make_deck(2, 2)

    def deal_size(self, n: int) -> int:
        return 10

    def hand_rules(self, options: Any, wild_rank: int | None = None) -> HandRules:
        return _rules(options.wrap, self.fournier)

    def hand_size_between_turns(self, state: GameState, player: int) -> int:
        return 10

    def _closing(
        self, state: GameState, winner: int | None
    ) -> tuple[list[PlayerResult], int, str | None]:
        from ..state import PlayerResult

        rules = self.hand_rules(state.options)
        multiplier, special = 1, None
        results = []
        for q, hand in enumerate(state.hands):
            if state.eliminated[q]:
                results.append(PlayerResult([], [], [], 0, 0, 0, "eliminated"))
                continue
            arrangement = best_arrangement(hand, rules)
            melds = [list(m.cards) for m in arrangement.melds]
            if q == winner:
                multiplier = arrangement.multiplier or 1
                special = arrangement.special
                # a Flush or a Remigio need not be all melded: show its deadwood too
                results.append(
                    PlayerResult(list(hand), melds, list(arrangement.deadwood), 0, 0, 0, "closed")
                )
            else:
                results.append(
                    PlayerResult(
                        list(hand), melds, list(arrangement.deadwood), arrangement.penalty, 0, 0
                    )
                )
        return results, multiplier, special

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        results, multiplier, special = self._closing(state, winner)
        if winner is not None:
            for q, result in enumerate(results):
                if q != winner:
                    result.delta = result.penalty * multiplier
        return results, multiplier, 0, special

    def after_round(self, state: GameState) -> None:
        limit = state.options.eliminate_at
        for q, score in enumerate(state.scores):
            if not state.eliminated[q] and score >= limit:
                state.eliminated[q] = True
                if state.last_round is not None:
                    state.last_round.players[q].note = "eliminated"

    def game_winner(self, state: GameState) -> int | None:
        left = [q for q, e in enumerate(state.eliminated) if not e]
        if len(left) == 1:
            return left[0]
        if state.options.stop_at_two and len(state.players) >= 3 and len(left) <= 2:
            return lowest_unique(state.scores, left)
        return None


class FournierRules(RemigioRules):
    """Remigio, Heraclio Fournier preset (seed 004).

    - 2-10 players: 2 x (52 + 2 jokers) up to 6, 3 x (52 + 2 jokers) for 7-10.
    - The first leader is random; the dealer sits to the leader's left; the deal and play go
      anticlockwise, and the deal passes one seat anticlockwise each round.
    - The losers pay the closer (:func:`settle_with_closer`): each loser's balance goes
      down by their penalty times the multiplier, and the closer's goes up by the sum, so
      the balances always add up to zero. The first balance to reach the target (300,
      option) wins, or the highest balance after a fixed number of rounds (option; a tie is
      played off with another round). ``point_value`` (option, 1) is what a point is worth.
    """

    name = "remigio-fournier"
    title = "Remigio (Fournier)"
    max_players = 10
    direction = -1
    fournier = True

    def deck(self, options: Any, n: int) -> list[Card]:
        return make_deck(3 if n >= 7 else 2, 2)

    def first_dealer(self, roll: int, n: int) -> int:
        # ``roll`` is the random leader; the dealer is on the leader's left (seat + 1),
        # and the leader plays first because play goes anticlockwise (seat - 1)
        return (roll + 1) % n

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        results, multiplier, special = self._closing(state, winner)
        if winner is not None:
            settle_with_closer(results, winner, multiplier)
        return results, multiplier, 0, special

    def after_round(self, state: GameState) -> None:
        pass

    def game_winner(self, state: GameState) -> int | None:
        everyone = list(range(len(state.players)))
        if state.options.rounds is not None:
            if state.round_no >= state.options.rounds:
                return highest_unique(state.scores, everyone)
            return None
        if max(state.scores) >= state.options.target:
            return highest_unique(state.scores, everyone)
        return None


def settle_with_closer(results: list[PlayerResult], winner: int, multiplier: int) -> None:
    """Fournier: each loser pays the closer their penalty x the multiplier; the closer gains
    the sum (the round's deltas add up to zero)."""
    collected = 0
    for q, result in enumerate(results):
        if q != winner:
            paid = result.penalty * multiplier
            result.delta = -paid
            collected += paid
    results[winner].delta = collected


def payments(names: list[str], result: RoundResult) -> list[str]:
    """Fournier: who paid whom in a round, e.g. "Bob pays Ann 24 (12 × 2)"."""
    w = result.winner
    if w is None:
        return []
    mult = result.multiplier or 1
    return [
        f"{names[q]} pays {names[w]} {-r.delta} ({r.penalty} × {mult})"
        for q, r in enumerate(result.players)
        if q != w and r.delta
    ]


def balance_text(balance: int, point_value: int) -> str:
    """A Fournier balance, with what it is worth when a point is worth more than 1."""
    text = f"{balance:+d}" if balance else "0"
    return text if point_value == 1 else f"{text} (worth {balance * point_value:+d})"


RULESET = RemigioRules()
FOURNIER = FournierRules()
