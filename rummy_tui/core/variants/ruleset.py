"""What a rule set tells the turn machinery (``core/engine.py``): the deck, the deal, the seats,
the draw rules, what happens when the stock runs out, the scoring and the end of the game.

Each variant module defines one :class:`RuleSet` subclass that reads like its rule text; the
engine holds the shared machinery (phases, melds, lay-offs, discards, the log). Adding a
sixth variant means adding one module and one line in ``variants.RULESETS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Card, make_deck
from .base import HandRules, RuleError

if TYPE_CHECKING:
    from ..state import GameState, PlayerResult


_SEARCH: list[Any] = []


def best_arrangement(cards: Any, rules: HandRules, sequence_down: bool = False) -> Any:
    """The arrangement search (``core/arrange.py``), imported late: it imports the variants."""
    if not _SEARCH:
        from ..arrange import best_arrangement as search

        _SEARCH.append(search)
    return _SEARCH[0](cards, rules, sequence_down)


class RuleSet:
    """Defaults shared by the rule texts; each variant overrides what differs."""

    name: str = ""
    title: str = ""
    """The display name in messages ("Indian Rummy"); ``name`` is the key ("indian")."""
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
    pickup_depth: int = 1
    """How deep in the discard pile a player may take (Remi: the top three)."""
    can_close: bool = False
    can_declare: bool = False
    can_drop: bool = False
    empty_stock_choice: bool = False
    """Remi: an empty stock is not rebuilt; the next player takes a discard or ends the round."""

    # --- setup ----------------------------------------------------------------------------

    def check_players(self, n: int) -> None:
        if not self.min_players <= n <= self.max_players:
            raise RuleError(
                f"{self.title} is for {self.min_players} to {self.max_players} players"
            )

    def check_options(self, options: Any, n: int) -> None:
        """Options that are valid alone but not with this many players."""

    def deck(self, options: Any, n: int) -> list[Card]:
        return make_deck(1, 0)

    def deal_size(self, n: int) -> int:
        return 10

    def hand_rules(self, options: Any, wild_rank: int | None = None) -> HandRules:
        raise NotImplementedError

    def rules_for(self, state: GameState) -> HandRules:
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
        from ..engine import next_seat

        return next_seat(state.eliminated, state.dealer, state.direction)

    def first_player(self, state: GameState) -> int:
        from ..engine import next_seat

        if self.dealer_plays_first:
            return state.dealer
        return next_seat(state.out, state.dealer, state.direction)

    def empty_stock(self, state: GameState) -> str:
        """What happens when a turn begins with an empty stock: "rebuild" the stock from the
        discard pile, end the round "void", or "choice" (Remi: the player decides)."""
        return "rebuild" if len(state.discard) >= 2 else "void"

    # --- scoring --------------------------------------------------------------------------

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
        """The players' results of a finished round (deltas not yet added to the scores),
        with the multiplier, the bonus and the special closing hand."""
        raise NotImplementedError

    def after_round(self, state: GameState) -> None:
        """Mark newly eliminated players (``state`` is the engine's new state, scores added)."""

    def game_winner(self, state: GameState) -> int | None:
        """The winner once a round has been scored, or None to play another round."""
        raise NotImplementedError


def highest_unique(scores: list[int], among: list[int]) -> int | None:
    """The single highest score among these seats, or None on a tie for the top."""
    best = max(scores[i] for i in among)
    top = [i for i in among if scores[i] == best]
    return top[0] if len(top) == 1 else None


def lowest_unique(scores: list[int], among: list[int]) -> int | None:
    best = min(scores[i] for i in among)
    top = [i for i in among if scores[i] == best]
    return top[0] if len(top) == 1 else None

