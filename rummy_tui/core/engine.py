"""The phase machine: ``new_game``, ``legal_actions``, ``apply``, ``check_action``, ``view``.

A turn is a draw (the stock, or the discard pile as deep as the variant allows), then the
melds and lay-offs the variant allows, then a discard, or instead the variant's own
finishing move; a round ends, is scored, and the next is dealt. Every rule that differs
between the games is asked of the variant (``core/variant.py``, found through
``core/registry.py``); the variant's own actions (Close, Declare, Drop, MissTurn,
EndOnEmptyStock: defined in the variant's module) are its methods, which the engine
dispatches like its own, and a game refuses an action it does not define with one message.

Each action has one check and one do. ``check_action`` runs the check (on a state or on the
mover's view); ``apply`` runs the same check, then the do on a copy of the state, sharing
every list it does not change (a copy stays cheap: ``simulate`` applies tens of thousands
of actions a second). The given state is never changed, and a refused action raises
:class:`RuleError` naming the rule.

Long because: it is the phase machine whole, each shared action's one check and one do
beside the dispatch that runs them, ``legal_actions`` and the views; split, an action's check
and its do would sit in different modules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from .cards import Card
from .events import Dealt, Discarded, Drew, LaidOff, Melded, Took
from .melds import classify
from .options import make_options
from .registry import variant_of
from .seats import mix
from .state import (
    Action, Discard, DrawStock, GameState, LayOff, Meld, NextRound, PlayerSpec,
    PlayerView, TableMeld, TakeDiscard, build_view,
)
from .turn import (
    cards_text,
    log,
    meld_order,
    need_phase,
    next_turn,
    remove,
    with_hand,
)
from .hand_rules import RuleError
from .variant import Variant

__all__ = [
    "apply", "check_action", "is_legal", "legal_actions", "legal_discards", "mix", "new_game",
    "standings", "view", "view_legal_actions",
]

Source = GameState | PlayerView


# --- a new game and a new round ----------------------------------------------------------------


def new_game(
    variant: str,
    players: Sequence[PlayerSpec | str],
    seed: int | None = None,
    options: Any = None,
) -> GameState:
    """Seat the players and deal the first round. RuleError for a bad count or bad options."""
    v = variant_of(variant)
    specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(str(p)) for p in players]
    n = len(specs)
    v.check_players(n)
    opts = make_options(variant, options)
    v.check_options(opts, n)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise RuleError(f"the seed must be a whole number >= 0, got {seed!r}")
    roll = random.Random(mix(seed, 0x5EA7)).randrange(n)
    dealer = v.first_dealer(roll, n)
    state = GameState(
        variant=variant, options=opts, players=specs, seed=seed, round_no=1, dealer=dealer,
        to_move=dealer, direction=v.direction, phase="draw", hands=[], stock=[], discard=[],
        wild_card=None, table=[], scores=[0] * n, history=[], log=[], out=[False] * n,
        eliminated=[False] * n, winner=None, last_round=None,
    )
    _deal(state, v)
    return state


def _deal(state: GameState, v: Variant[Any]) -> None:
    """Deal a round into ``state`` (a fresh copy the engine owns)."""
    n = len(state.players)
    deck = v.deck(state.options, n)
    state.deck_size = len(deck)
    random.Random(mix(state.seed, state.round_no, 0)).shuffle(deck)
    size = v.deal_size(sum(1 for e in state.eliminated if not e))
    hands: list[list[Card]] = []
    for q in range(n):
        if state.eliminated[q]:
            hands.append([])
        else:
            hands.append(sorted(deck[-size:]))
            del deck[-size:]
    state.hands = hands
    state.discard = [deck.pop()] if v.upcard else []
    state.wild_card = None
    state.table = []
    state.out = list(state.eliminated)
    state.laid = [0] * n
    state.vs = v.new_state(n)
    state.taken = None
    state.rebuilds = 0
    state.turn = 1
    state.round_actions = 0
    extra = v.on_deal(state, deck)
    state.stock = deck
    state.phase = "draw"
    state.to_move = v.first_player(state)
    first = Dealt(round_no=state.round_no, dealer=state.dealer, first=state.to_move)
    state.log = state.log + [first, *extra]


# --- the shared actions: one check and one do each -------------------------------------------


def _check_draw_stock(v: Variant[Any], src: Source, action: DrawStock, hand: list[Card], stock: int) -> None:
    need_phase(src, "draw")
    if not stock:
        raise RuleError("the stock is empty: take a discard or end the round")


def _do_draw_stock(v: Variant[Any], state: GameState, action: DrawStock, checked: None) -> GameState:
    p = state.to_move
    new = state.copy()
    card = state.stock[-1]
    new.stock = state.stock[:-1]
    new.hands = with_hand(state.hands, p, state.hands[p] + [card])
    new.phase = "play"
    v.on_draw(new, card, True)
    new.log = state.log + [Drew(round_no=state.round_no, player=p)]  # the card is p's alone
    return new


def _check_take(v: Variant[Any], src: Source, action: TakeDiscard, hand: list[Card], stock: int) -> Card:
    need_phase(src, "draw")
    depth = action.depth
    if not isinstance(depth, int) or depth not in v.pickup_depths:
        deepest = max(v.pickup_depths)
        if deepest == 1:
            raise RuleError("only the top card of the discard pile may be taken")
        raise RuleError(f"only one of the top {deepest} discards may be taken")
    if len(src.discard) < depth:
        if not src.discard:
            raise RuleError("the discard pile is empty")
        left = len(src.discard)
        raise RuleError(f"the discard pile has only {left} card{'' if left == 1 else 's'}")
    card = src.discard[-depth]
    v.check_take(src, hand, depth, card)
    return card


def _do_take(v: Variant[Any], state: GameState, action: TakeDiscard, card: Card) -> GameState:
    p = state.to_move
    depth = action.depth
    new = state.copy()
    new.hands = with_hand(state.hands, p, state.hands[p] + state.discard[-depth:])
    new.discard = state.discard[:-depth]
    new.phase = "play"
    new.taken = card
    v.on_draw(new, card, False)
    v.on_take(new, card, depth)
    above = tuple(state.discard[-depth + 1 :]) if depth > 1 else ()
    new.log = state.log + [Took(round_no=state.round_no, player=p, card=card, above=above)]
    return new


def _check_meld(v: Variant[Any], src: Source, action: Meld, hand: list[Card], stock: int) -> tuple[list[Card], str]:
    """Check a new meld from the hand; return the hand left and the meld's kind."""
    # a move the game never has is refused for that, before any "draw first"
    if not v.table_melds:
        raise RuleError(f"in {v.title} melds stay in your hand until the {v.round_word} ends")
    need_phase(src, "play")
    cards = action.cards
    rest = remove(hand, cards)
    if rest is None:
        raise RuleError("those cards are not all in your hand")
    shape = classify(tuple(cards), v.rules_for(src).melds)
    if shape is None:
        raise RuleError(
            f"{cards_text(cards)} is not a meld: a set is 3-4 cards of one rank, a run 3 or "
            f"more cards of one suit in sequence{v.run_note}"
        )
    v.check_meld(src, rest, cards, shape.kind)
    return rest, shape.kind


def _do_meld(v: Variant[Any], state: GameState, action: Meld, checked: tuple[list[Card], str]) -> GameState:
    rest, kind = checked
    p = state.to_move
    new = state.copy()
    new.hands = with_hand(state.hands, p, rest)
    ordered = meld_order(action.cards, kind)
    new.table = state.table + [TableMeld(p, ordered, kind)]  # type: ignore[arg-type]
    laid = list(state.laid)
    laid[p] += len(action.cards)
    new.laid = laid
    v.on_meld(new, action.cards, kind)
    # the cards as the table shows them
    log(new, Melded(round_no=state.round_no, player=p, cards=tuple(ordered)))
    if not rest:
        v.on_hand_emptied(new, p)
    return new


def _check_lay_off(v: Variant[Any], src: Source, action: LayOff, hand: list[Card], stock: int) -> tuple[list[Card], list[Card], str]:
    if not v.lay_off:
        if not v.table_melds:  # Remigio, Indian: no meld is ever put on the table
            raise RuleError(f"there is no laying off in {v.title}: each player's melds stay in "
                            f"their own hand until the {v.round_word} ends")
        raise RuleError(f"there is no laying off in {v.title}: a meld on the table never changes")
    need_phase(src, "play")
    if not action.cards:
        raise RuleError("lay off at least one card")
    if not isinstance(action.meld_index, int) or not 0 <= action.meld_index < len(src.table):
        raise RuleError("there is no such meld on the table")
    rest = remove(hand, action.cards)
    if rest is None:
        raise RuleError("those cards are not all in your hand")
    joined = list(src.table[action.meld_index].cards) + list(action.cards)
    shape = classify(tuple(joined), v.rules_for(src).melds)
    if shape is None:
        raise RuleError(f"{cards_text(action.cards)} does not fit that meld")
    v.check_keep(src, rest)
    return rest, joined, shape.kind


def _do_lay_off(v: Variant[Any], state: GameState, action: LayOff, checked: tuple[list[Card], list[Card], str]) -> GameState:
    rest, joined, kind = checked
    p = state.to_move
    new = state.copy()
    new.hands = with_hand(state.hands, p, rest)
    table = list(state.table)
    old = table[action.meld_index]
    table[action.meld_index] = TableMeld(old.owner, meld_order(joined, kind), kind)  # type: ignore[arg-type]
    new.table = table
    laid = list(state.laid)
    laid[p] += len(action.cards)
    new.laid = laid
    v.on_lay_off(new)
    log(new, LaidOff(round_no=state.round_no, player=p, cards=tuple(action.cards)))
    if not rest:
        v.on_hand_emptied(new, p)
    return new


def _check_discard(v: Variant[Any], src: Source, action: Discard, hand: list[Card], stock: int) -> list[Card]:
    need_phase(src, "play")
    return _discard_card(v, src, hand, action.card)


def _discard_card(v: Variant[Any], src: Source, hand: list[Card], card: Card) -> list[Card]:
    """The hand left by discarding ``card``, in the play phase; RuleError if not allowed."""
    rest = remove(hand, (card,))
    if rest is None:
        raise RuleError("that card is not in your hand")
    v.check_discard(src, card)
    return rest


def _do_discard(v: Variant[Any], state: GameState, action: Discard, rest: list[Card]) -> GameState:
    p = state.to_move
    card = action.card
    new = state.copy()
    new.hands = with_hand(state.hands, p, rest)
    new.discard = state.discard + [card]
    v.on_discard(new, card)
    if rest:
        new.log = new.log + [Discarded(round_no=state.round_no, player=p, card=card)]
        next_turn(new)
    else:
        v.on_last_discard(new, p, card)
    return new


def _check_next_round(v: Variant[Any], src: Source, action: NextRound, hand: list[Card], stock: int) -> None:
    if src.phase != "round_over":
        raise RuleError(f"the {v.round_word} is not over")


def _do_next_round(v: Variant[Any], state: GameState, action: NextRound, checked: None) -> GameState:
    new = state.copy()
    new.dealer = v.next_dealer(state)
    new.round_no = state.round_no + 1
    _deal(new, v)
    return new


_SHARED: dict[type, tuple[Callable[..., Any], Callable[..., GameState]]] = {
    DrawStock: (_check_draw_stock, _do_draw_stock),
    TakeDiscard: (_check_take, _do_take),
    Meld: (_check_meld, _do_meld),
    LayOff: (_check_lay_off, _do_lay_off),
    Discard: (_check_discard, _do_discard),
    NextRound: (_check_next_round, _do_next_round),
}

def _step(v: Variant[Any], src: Source, action: Action) -> tuple[Callable[..., Any], Callable[..., GameState]]:
    """The check and the do of ``action`` in this game; RuleError if it has none."""
    t = type(action)
    shared = _SHARED.get(t)
    if shared is not None:
        return shared
    own = v.actions.get(t)
    if own is not None:
        check, do = (getattr(v, n) for n in own)
        return (lambda _v, *a: check(*a)), (lambda _v, *a: do(*a))
    if not isinstance(action, Action):
        raise RuleError(f"not an action: {action!r}")
    # another game's move: refused for that, before any "draw first"
    raise RuleError(f"there is no {t.move or t.__name__.lower()} in {v.title}")


def _mover(src: Source, kind: type) -> tuple[Variant[Any], list[Card], int]:
    """The checks of any action of this ``kind`` that do not depend on its details (whose
    turn, the game or round over): the variant, the mover's hand and the stock count."""
    if isinstance(src, PlayerView):
        if src.player != src.to_move and src.phase in ("draw", "play"):
            raise RuleError("it is not your turn")
        hand, stock_count = src.hand, src.stock_count
    else:
        hand, stock_count = src.hands[src.to_move], len(src.stock)
    if src.phase == "game_over":
        raise RuleError("the game is over")
    v = variant_of(src.variant)
    if src.phase == "round_over" and kind is not NextRound:
        raise RuleError(f"the {v.round_word} is over: deal the next one")
    return v, hand, stock_count


def _check(src: Source, action: Action) -> tuple[Variant[Any], Callable[..., GameState], Any]:
    v, hand, stock_count = _mover(src, type(action))
    check, do = _step(v, src, action)
    return v, do, check(v, src, action, hand, stock_count)


def legal_discards(src: Source, cards: Sequence[Card]) -> list[Card]:
    """The cards of ``cards`` that the player to move may discard now, in their order: those
    for which ``is_legal(src, Discard(card))`` holds, with the checks that do not depend on
    the card made once (a computer player asks about every dead card of its hand)."""
    try:
        v, hand, _ = _mover(src, Discard)
        need_phase(src, "play")
    except RuleError:
        return []
    out = []
    for card in cards:
        try:
            _discard_card(v, src, hand, card)
        except RuleError:
            continue
        out.append(card)
    return out


def check_action(src: Source, action: Action) -> None:
    """Raise RuleError if ``action`` is not legal now for the player to move, without applying
    it. Works on a state or on the mover's own view (what the computer players use)."""
    _check(src, action)


def is_legal(src: Source, action: Action) -> bool:
    try:
        _check(src, action)
    except RuleError:
        return False
    return True


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action`` by the player to move; RuleError (state unchanged) if the
    rules forbid it."""
    v, do, checked = _check(state, action)
    new = do(v, state, action, checked)
    new.actions = state.actions + 1
    new.round_actions = 0 if type(action) is NextRound else state.round_actions + 1
    return new


# --- legal actions -----------------------------------------------------------------------------


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of the player to move (melds: those the arrangement search finds,
    plus every single-card lay-off; Indian: every declaration, right or wrong)."""
    if state.phase in ("round_over", "game_over"):
        return [NextRound()] if state.phase == "round_over" else []
    return _legal(state, state.hands[state.to_move], len(state.stock))


def view_legal_actions(view: PlayerView) -> list[Action]:
    """The legal actions seen from a player's view (empty when it is not their turn)."""
    if view.phase == "round_over":
        return [NextRound()]
    if view.phase == "game_over" or view.player != view.to_move:
        return []
    return _legal(view, view.hand, view.stock_count)


def _legal(src: Source, hand: list[Card], stock_count: int) -> list[Action]:
    v = variant_of(src.variant)
    acts: list[Action] = []

    def add(action: Action) -> None:
        if is_legal(src, action):
            acts.append(action)

    if src.phase == "draw":
        if stock_count:
            acts.append(DrawStock())
        for depth in v.pickup_depths:
            if depth <= len(src.discard):
                add(TakeDiscard(depth))
        return acts + v.draw_phase_extras(src, stock_count)
    distinct = sorted(set(hand))
    if v.table_melds:
        seen = set()
        for cards in v.meld_candidates(src, hand):
            key = tuple(sorted(cards))
            if key not in seen:
                seen.add(key)
                add(Meld(cards))
    if v.lay_off:
        for i in range(len(src.table)):
            for c in distinct:
                add(LayOff((c,), i))
    for c in distinct:
        add(Discard(c))
    return acts + v.play_phase_extras(src, hand, distinct)


# --- views -------------------------------------------------------------------------------------

def view(state: GameState, player: int) -> PlayerView:
    """All that ``player`` may know: their hand, the table, the discard pile (face up), the
    counts of the other hands and of the stock, scores, log and finished rounds, and the
    public part of the variant's own state."""
    if not 0 <= player < len(state.players):
        raise RuleError(f"there is no player {player}")
    vs = state.vs
    return build_view(
        state,
        player,
        list(state.hands[player]),
        [len(h) for h in state.hands],
        len(state.stock),
        None if vs is None else vs.public(),
    )


# --- standings ---------------------------------------------------------------------------------


def standings(state: GameState) -> list[int]:
    """The seats, best first (the game-over table, the app's standings).

    The winner (``state.winner``) is always first; ties go by seat.

    - Games without elimination (a high total is good: Basic Rummy, Indonesian Remi,
      Remigio (Fournier), Indian Points and Deals): highest total first.
    - Elimination games (Remigio, Indian Pool 101 / 201, where points are bad): the players
      still in the game first, by lower total; then the eliminated, those eliminated in a
      later round before those eliminated earlier, and within one round the lower total
      first.
    """
    n = len(state.players)
    winner = state.winner
    limit = variant_of(state.variant).elimination_limit(state.options)
    if limit is None:
        return sorted(range(n), key=lambda q: (q != winner, -state.scores[q], q))
    out_round = [_eliminated_in(state, q, limit) if state.eliminated[q] else 0 for q in range(n)]
    return sorted(
        range(n),
        key=lambda q: (q != winner, state.eliminated[q], -out_round[q], state.scores[q], q),
    )


def _eliminated_in(state: GameState, player: int, limit: int) -> int:
    """The round in which ``player`` was eliminated: the first whose total reached the limit."""
    for result in state.history:
        if result.players[player].total >= limit:
            return result.round_no
    return 0
