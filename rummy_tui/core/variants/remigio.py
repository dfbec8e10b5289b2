"""Remigio (seeds 001 and 004): 10 cards kept in hand, jokers wild, closing multipliers.

Two rule sets: the elimination preset (``remigio``) and Heraclio Fournier's rules, where the
losers pay the closer (``remigio-fournier``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import Field

from ..arrange import best_arrangement
from ..cards import Card, make_deck
from ..events import Closed
from ..hand_rules import HandRules, RuleError, value_table
from ..melds import MeldRules
from ..options import OptionsModel
from ..registry import register
from ..seats import lowest_unique
from ..state import Action, PlayerResult
from ..turn import end_round, log, need_phase, remove, with_hand
from ..variant import Variant, eliminate_at, hands_shown, shown, target_or_rounds_winner

if TYPE_CHECKING:
    from ..arrange import Arrangement
    from ..state import GameState, PlayerView, RoundResult

    Source = GameState | PlayerView


class RemigioOptions(OptionsModel):
    """Remigio, elimination preset (seed 001)."""

    eliminate_at: int = Field(
        100, ge=1, le=100_000, description="a player at or above this score is eliminated"
    )
    stop_at_two: bool = Field(
        False, description="stop when two players remain; the lower score wins"
    )
    wrap: bool = Field(False, description="runs may go round the corner (K-A-2)")


class FournierOptions(OptionsModel):
    """Remigio, Heraclio Fournier preset (seed 004): the losers pay the closer."""

    target: int = Field(300, ge=1, le=100_000, description="a balance that wins the game")
    rounds: int | None = Field(
        None, ge=1, le=1000, description="play this many rounds instead of to the target"
    )
    wrap: bool = Field(False, description="runs may go round the corner (K-A-2)")
    point_value: int = Field(
        1, ge=1, le=10_000, description="what one point is worth in the agreed stake"
    )

    added_later = {"point_value": 1}


@dataclass(frozen=True, slots=True)
class Close(Action):
    """Remigio: discard this card face down and show the 10 cards left (all melded or a
    Flush / Straight flush / Remigio)."""

    move = "closing"
    discard: Card


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


_RULES = {(w, f): hand_rules(wrap=w, fournier=f) for w in (False, True) for f in (False, True)}


class Remigio(Variant[None]):
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

    key = "remigio"
    title = "Remigio"
    Options: ClassVar[type[Any]] = RemigioOptions
    description = "10 cards kept in hand, jokers wild; 100 penalty points and you are out."
    finish = Close
    finish_label = "Close"
    finish_title = "Close: which card goes face down?"
    finish_card_place = " face down"
    finish_hint = "Enter: close with it · Esc: cancel"
    closing_multiplier = True
    stat_columns = ("closes",)
    bot_many_decks = True
    actions = {Close: ("check_close", "do_close")}
    fournier = False

    def arrange_rules(self, wild: Any = None, **rules: Any) -> HandRules:
        self.no_wild(wild)
        return hand_rules(fournier=self.fournier, **rules)

    def deck(self, options: Any, n: int) -> list[Card]:
        return make_deck(2, 2)

    def hand_rules(self, options: Any, wild_rank: int | None = None) -> HandRules:
        return _RULES[options.wrap, self.fournier]

    def hand_size_between_turns(self, state: GameState, player: int) -> int:
        return 10

    # --- closing ----------------------------------------------------------------------------

    def check_close(
        self, src: Source, action: Close, hand: list[Card], stock_count: int
    ) -> tuple[list[Card], Arrangement]:
        need_phase(src, "play")
        rest = remove(hand, (action.discard,))
        if rest is None:
            raise RuleError("that card is not in your hand")
        arrangement = best_arrangement(rest, self.rules_for(src))
        if not arrangement.can_go_out:
            raise RuleError(
                "you may close only when the 10 cards you show are all melded, "
                "or a Flush, a Straight flush or a Remigio"
            )
        return rest, arrangement

    def do_close(
        self, state: GameState, action: Close, checked: tuple[list[Card], Arrangement]
    ) -> GameState:
        rest, arrangement = checked
        p = state.to_move
        new = state.copy()
        new.hands = with_hand(state.hands, p, rest)
        # the closing discard goes face down on the pile; it is revealed in the round result
        new.discard = state.discard + [action.discard]
        # the closing card lies face down: the event does not name it
        log(new, Closed(round_no=state.round_no, player=p, special=arrangement.special))
        end_round(new, p, "closed", action.discard)
        return new

    def play_phase_extras(self, src: Source, hand: list[Card], distinct: list[Card]) -> list[Action]:
        found: list[Action] = []
        for c in distinct:
            try:
                self.check_close(src, Close(c), hand, 0)
            except RuleError:
                continue
            found.append(Close(c))
        return found

    # --- scoring ----------------------------------------------------------------------------

    def _closing(
        self, state: GameState, winner: int | None
    ) -> tuple[list[PlayerResult], int, str | None]:
        rules = self.hand_rules(state.options)

        def result(q: int, hand: list[Card], arrangement: Arrangement) -> PlayerResult:
            # a Flush or a Remigio need not be all melded: the closer's deadwood is shown too
            if q == winner:
                return shown(hand, arrangement, 0, "closed")
            return shown(hand, arrangement, arrangement.penalty)

        results = hands_shown(state, rules, result)
        if winner is None:
            return results, 1, None
        closing = best_arrangement(state.hands[winner], rules)
        return results, closing.multiplier or 1, closing.special

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        results, multiplier, special = self._closing(state, winner)
        if winner is not None:
            for q, result in enumerate(results):
                if q != winner:
                    result.delta = result.penalty * multiplier
        return results, multiplier, 0, special

    def elimination_limit(self, options: Any) -> int | None:
        return int(options.eliminate_at)

    def eliminate(self, state: GameState) -> None:
        eliminate_at(state, state.options.eliminate_at, "eliminated")

    def game_winner(self, state: GameState) -> int | None:
        left = [q for q, e in enumerate(state.eliminated) if not e]
        if len(left) == 1:
            return left[0]
        if state.options.stop_at_two and len(state.players) >= 3 and len(left) <= 2:
            return lowest_unique(state.scores, left)
        return None

    def check_payments(self, state: GameState, result: RoundResult) -> str | None:
        for q, r in enumerate(result.players):
            want = 0 if q == result.winner else r.penalty * result.multiplier
            if r.delta != want:
                return f"player {q} scored {r.delta}, expected {want}"
        return None


class Fournier(Remigio):
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

    scores_are_balances = True

    def round_payments(self, names: list[str], result: RoundResult) -> list[str]:
        return payments(names, result)

    def score_text(self, score: int, options: Any) -> str:
        return balance_text(score, options.point_value)

    key = "remigio-fournier"
    title = "Remigio (Fournier)"
    aliases = ("fournier",)
    Options = FournierOptions
    description = "Fournier's rules: losers pay the closer; up to 10 players, anticlockwise."
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

    def elimination_limit(self, options: Any) -> int | None:
        return None

    def eliminate(self, state: GameState) -> None:
        pass

    def game_winner(self, state: GameState) -> int | None:
        return target_or_rounds_winner(state)

    def check_payments(self, state: GameState, result: RoundResult) -> str | None:
        return check_settlement(result)


def check_settlement(result: RoundResult) -> str | None:
    """Fournier: each loser paid the closer penalty x multiplier, the closer gained the sum,
    and the round's balances moved by zero in all."""
    deltas = [r.delta for r in result.players]
    if sum(deltas) != 0:
        return f"the balances moved by {sum(deltas)}, not zero"
    if result.winner is None:
        return "nobody closed but the round was scored"
    for q, r in enumerate(result.players):
        if q != result.winner and r.delta != -r.penalty * result.multiplier:
            return f"player {q} paid {-r.delta}, expected {r.penalty} x {result.multiplier}"
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


register(Remigio())
register(Fournier())
