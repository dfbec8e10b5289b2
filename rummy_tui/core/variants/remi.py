"""Indonesian Remi (seed 000): 7 cards, number runs or J-Q-K, sets only after a sequence,
a pick-up from the top three discards that must be melded at once, a closing-card bonus."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

from pydantic import Field

from ..arrange import best_arrangement
from ..cards import Card
from ..events import Closed, EndedOnEmptyStock
from ..hand_rules import HandRules, RuleError, value_table
from ..melds import MeldRules, classify
from ..options import OptionsModel
from ..registry import register
from ..seats import highest_unique
from ..state import Action, PlayerResult, VariantState, per_seat
from ..turn import SYMBOL, end_round, log, need_phase, replace_seat
from ..variant import Variant

if TYPE_CHECKING:
    from ..state import GameState, PlayerView, RoundResult

    Source = GameState | PlayerView


class RemiOptions(OptionsModel):
    """Indonesian Remi (seed 000)."""

    target: int = Field(500, ge=1, le=100_000, description="points that win the game")


@dataclass(frozen=True, slots=True)
class RemiState(VariantState):
    """Remi's own state (``GameState.vs``): the pick-up that must be melded, and who has a
    sequence down. All public: the discard pile is face up."""

    must_meld: Card | None = None
    """The card taken from the discard pile that must be melded this turn."""
    came_with: list[Card] = field(default_factory=list)
    """The cards that came into the hand from above ``must_meld`` (a pick-up of the 2nd or
    3rd discard). They may not be in the forced meld, and are free once it is down."""
    seq_down: list[bool] = per_seat(False)
    """The player has a sequence on the table (sets are allowed)."""
    extra: list[int] = per_seat(0)
    """Cards each player took above a picked-up discard (hand-size bookkeeping)."""


@dataclass(frozen=True, slots=True)
class EndOnEmptyStock(Action):
    """Remi: the stock is empty and the player does not (or cannot) take a discard."""

    move = "ending the round on an empty stock"


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


_RULES = hand_rules()

CLOSING_BONUS = 10
"""The closing card scores 10 times its value for the closer."""


def can_meld(
    hand: Sequence[Card],
    card: Card,
    seq_down: bool,
    rules: HandRules,
    cards_left: int = 1,
    not_with: Collection[Card] = (),
) -> bool:
    """Can ``card`` be laid this turn in a meld with cards of ``hand`` (which holds it),
    keeping ``cards_left`` cards to discard? A set needs a sequence down first, or one laid
    first from the same hand. The cards of ``not_with`` (those that came from the discard pile
    with ``card``) are in the hand but may be neither in that meld nor in the sequence laid
    before it: the pick-up melds only with cards held before it (issue 9)."""
    others = [c for c in hand if c != card and c not in not_with]
    mr = rules.melds
    wild = mr.is_joker
    # a meld of three holds cards of one rank or of one suit (or wild ones): others can't pair
    near = others if wild(card) else [
        c for c in others if wild(c) or c % 13 == card % 13 or c // 13 == card // 13
    ]
    for pair in combinations(near, 2):
        shape = classify((card, *pair), mr)
        if shape is None:
            continue
        if shape.kind == "run" or seq_down:
            if len(hand) - 3 >= cards_left:
                return True
            continue
        if len(hand) - 6 < cards_left:
            continue
        rest = list(others)
        rest.remove(pair[0])
        rest.remove(pair[1])
        for trio in combinations(rest, 3):
            s = classify(trio, mr)
            if s is not None and s.kind == "run":
                return True
    return False


def forced_meld_problem(
    src: Source, rest: Sequence[Card], cards: Sequence[Card], kind: str
) -> str | None:
    """While the card taken from the discard pile waits to be melded: the forced meld is that
    card and cards held before the pick-up; the cards that came with it wait until it is
    down; any other meld must leave the cards to meld it."""
    vs = REMI.vs(src)
    must = vs.must_meld
    if must is None:
        return None
    came_with = set(vs.came_with)
    if must in cards:
        if came_with & set(cards):
            return f"{SYMBOL[must]} must form a meld with cards you held before taking it"
        return None
    if came_with & set(cards):
        return f"the cards taken with {SYMBOL[must]} may be melded only after {SYMBOL[must]}"
    seq = vs.seq_down[src.to_move] or kind == "run"
    if not can_meld(rest, must, seq, _RULES, not_with=came_with):
        return "you must keep the cards to meld the card you took from the discard pile"
    return None


class Remi(Variant[RemiState]):
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

    key = "remi"
    title = "Indonesian Remi"
    aliases = ("indonesian-remi",)
    Options = RemiOptions
    description = "7 cards, sequence before sets, take from the top three discards."
    max_players = 4
    upcard = False
    dealer_plays_first = True
    table_melds = True
    pickup_depths = (1, 2, 3)
    pickup_must_meld = True
    last_discard_closes = True
    results_show_table = True
    run_note = " (2-10, or exactly J-Q-K; never an ace)"
    actions = {EndOnEmptyStock: ("check_end_on_empty_stock", "do_end_on_empty_stock")}
    State = RemiState

    def arrange_rules(self, wild: Any = None, **rules: Any) -> HandRules:
        self.no_wild(wild)
        return hand_rules(**rules)

    def deal_size(self, n: int) -> int:
        return 7

    def hand_rules(self, options: Any, wild_rank: int | None = None) -> HandRules:
        return _RULES

    def hand_size_between_turns(self, state: GameState, player: int) -> int:
        return 7 + self.vs(state).extra[player] - state.laid[player]

    def next_dealer(self, state: GameState) -> int:
        n = len(state.players)
        # nearest the previous dealer's left first, the previous dealer last
        order = [(state.dealer + k) % n for k in range(1, n + 1)]
        low = min(state.scores)
        return next(i for i in order if state.scores[i] == low)

    # --- the pick-up: one of the top three, melded at once ----------------------------------

    def check_take(self, src: Source, hand: Sequence[Card], depth: int, card: Card) -> None:
        """The card must form a meld with cards held before the pick-up: the cards above it
        come into the hand too, but not into that meld."""
        came_with = src.discard[len(src.discard) - depth + 1 :]
        after = list(hand) + list(src.discard[-depth:])
        if not can_meld(after, card, self.vs(src).seq_down[src.to_move], _RULES, not_with=came_with):
            raise RuleError(
                f"{SYMBOL[card]} must form a meld with cards you held before taking it (you "
                "may take a discard only if it forms a meld at once with cards from your hand, "
                "keeping a card to discard; a set needs a sequence on the table first)"
            )

    def on_take(self, new: GameState, card: Card, depth: int) -> None:
        vs = self.vs(new)
        p = new.to_move
        # the cards above it came into the hand last (the engine appends the taken cards)
        hand = new.hands[p]
        came_with = list(hand[len(hand) - depth + 1 :])
        extra = replace_seat(vs.extra, p, vs.extra[p] + depth - 1) if depth > 1 else vs.extra
        new.vs = replace(vs, must_meld=card, came_with=came_with, extra=extra)

    def clear_turn(self, new: GameState) -> None:
        vs = self.vs(new)
        if vs.must_meld is not None or vs.came_with:
            new.vs = replace(vs, must_meld=None, came_with=[])

    def sequence_down(self, src: Source, player: int) -> bool:
        return bool(self.vs(src).seq_down[player])

    def card_to_meld(self, src: Source) -> Card | None:
        return self.vs(src).must_meld

    # --- melds: sets after a sequence, a card kept to discard ------------------------------

    def meld_candidates(self, src: Source, hand: list[Card]) -> list[tuple[Card, ...]]:
        vs = self.vs(src)
        seq_down = vs.seq_down[src.to_move]
        found = [tuple(m.cards) for m in best_arrangement(hand, _RULES, seq_down).melds]
        must = vs.must_meld
        if must is not None:
            # the forced meld: the card taken and cards held before the pick-up; for a set
            # with no sequence down, a sequence of cards held before goes first
            others = [c for c in hand if c != must and c not in vs.came_with]
            for pair in combinations(others, 2):
                if classify((must, *pair), _RULES.melds) is not None:
                    found.append((must, *pair))
            if not seq_down:
                for trio in combinations(others, 3):
                    shape = classify(trio, _RULES.melds)
                    if shape is not None and shape.kind == "run":
                        found.append(trio)
        return found

    def check_meld(self, src: Source, rest: list[Card], cards: Sequence[Card], kind: str) -> None:
        if kind == "set" and not self.vs(src).seq_down[src.to_move]:
            raise RuleError("you may lay down a set only after you have a sequence on the table")
        if not rest:
            raise RuleError("you must keep a card to discard")
        problem = forced_meld_problem(src, rest, cards, kind)
        if problem is not None:
            raise RuleError(problem)

    def on_meld(self, new: GameState, cards: Sequence[Card], kind: str) -> None:
        vs = self.vs(new)
        p = new.to_move
        if kind == "run" and not vs.seq_down[p]:
            vs = replace(vs, seq_down=replace_seat(vs.seq_down, p, True))
        if vs.must_meld is not None and vs.must_meld in cards:
            # the forced meld is down: the cards that came with it are free
            vs = replace(vs, must_meld=None, came_with=[])
        new.vs = vs

    def check_discard(self, src: Source, card: Card) -> None:
        if self.vs(src).must_meld is not None:
            raise RuleError("you must first meld the card you took from the discard pile")

    def on_last_discard(self, new: GameState, player: int, card: Card) -> None:
        """The last discard closes the round; the closing card scores a bonus."""
        log(new, Closed(round_no=new.round_no, player=player, card=card))
        end_round(new, player, "closed", card)

    def state_problems(self, state: GameState) -> list[str]:
        vs = self.vs(state)
        problems = []
        if state.phase != "play" and (vs.must_meld is not None or vs.came_with):
            problems.append("a card is marked as taken this turn outside a turn's play phase")
        hand = state.hands[state.to_move]
        if state.phase == "play" and vs.must_meld is not None and vs.must_meld not in hand:
            problems.append(f"the card to meld ({vs.must_meld.code}) is not in the player's hand")
        if vs.came_with and (vs.must_meld is None or not set(vs.came_with) <= set(hand)):
            problems.append("cards are marked as taken with a discard, but not with a card to "
                            "meld in the player's hand")
        return problems

    # --- an empty stock: never rebuilt -------------------------------------------------------

    def empty_stock(self, state: GameState) -> str:
        return "choice"

    def draw_phase_extras(self, src: Source, stock_count: int) -> list[Action]:
        return [] if stock_count else [EndOnEmptyStock()]

    def check_end_on_empty_stock(
        self, src: Source, action: EndOnEmptyStock, hand: list[Card], stock_count: int
    ) -> None:
        need_phase(src, "draw")
        if stock_count:
            raise RuleError("the stock is not empty")

    def do_end_on_empty_stock(self, state: GameState, action: EndOnEmptyStock, checked: None) -> GameState:
        new = state.copy()
        p = state.to_move
        log(new, EndedOnEmptyStock(round_no=state.round_no, player=p))
        end_round(new, None, "empty_stock", None)
        return new

    # --- scoring ----------------------------------------------------------------------------

    def score_round(
        self, state: GameState, winner: int | None, ending: str, closing: Card | None
    ) -> tuple[list[PlayerResult], int, int, str | None]:
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

    def check_payments(self, state: GameState, result: RoundResult) -> str | None:
        values = _RULES.values
        for q, r in enumerate(result.players):
            want = sum(values[c] for m in r.melds for c in m) - sum(values[c] for c in r.hand)
            if q == result.winner:
                want += result.bonus
            if r.delta != want:
                return f"player {q} scored {r.delta}, expected {want}"
        return None


REMI = Remi()
register(REMI)
