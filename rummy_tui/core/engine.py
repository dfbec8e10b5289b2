"""The turn controller: ``new_game``, ``legal_actions``, ``apply`` and ``view``.

This is the shared machinery of every rule set (docs/ARCHITECTURE.md, "The engine
contract"): the turn phases (draw, then the melds or lay-offs the variant allows, then a
discard, or instead close / declare / drop), the melds on the table, the stock running out
and the end of a round. What differs between the rule texts (deck, deal, seats, draw depth,
scoring, end of the game) is asked of the variant's :class:`~.variants.ruleset.RuleSet`.

``apply`` never changes the state it is given. It checks the whole action first and raises
:class:`RuleError` naming the rule; only then does it build the next state, sharing every
list it does not change (this keeps a copy cheap: ``simulate`` applies tens of thousands of
actions a second).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from itertools import combinations
from typing import Any

from .cards import ACE, ALL_CARDS, Card
from .melds import classify
from .options import make_options
from .state import (
    Action,
    Close,
    Declare,
    Discard,
    DrawStock,
    Drop,
    EndOnEmptyStock,
    GameState,
    LayOff,
    LogEntry,
    Meld,
    MissTurn,
    NextRound,
    PlayerSpec,
    PlayerView,
    RoundResult,
    TableMeld,
    TakeDiscard,
)
from .variants import RULESETS, RuleError, RuleSet
from .variants.ruleset import best_arrangement

_MASK = (1 << 64) - 1


def mix(seed: int, *parts: int) -> int:
    """A 64-bit seed for one shuffle, derived from the game's seed and counters."""
    x = (seed ^ 0xCBF29CE484222325) & _MASK
    for part in parts:
        x = ((x ^ (part & _MASK)) * 0x100000001B3) & _MASK
        x ^= x >> 29
    return x


def ruleset(variant: str) -> RuleSet:
    try:
        return RULESETS[variant]
    except KeyError:
        raise RuleError(
            f"unknown variant {variant!r} (choose from {', '.join(RULESETS)})"
        ) from None


def next_seat(skip: Sequence[bool], seat: int, direction: int) -> int:
    """The next seat in the direction of play that is not skipped (``seat`` if none)."""
    n = len(skip)
    s = seat
    for _ in range(n):
        s = (s + direction) % n
        if not skip[s]:
            return s
    return seat


def _name(state: GameState | PlayerView, seat: int) -> str:
    return state.players[seat].name


_SYMBOL = [c.symbol() for c in ALL_CARDS]


def _cards_text(cards: Sequence[Card]) -> str:
    return " ".join(_SYMBOL[c] for c in cards)


# --- a new game and a new round ----------------------------------------------------------------


def new_game(
    variant: str,
    players: Sequence[PlayerSpec | str],
    seed: int | None = None,
    options: Any = None,
) -> GameState:
    """Seat the players and deal the first round. RuleError for a bad count or bad options."""
    rs = ruleset(variant)
    specs = [p if isinstance(p, PlayerSpec) else PlayerSpec(str(p)) for p in players]
    n = len(specs)
    rs.check_players(n)
    opts = make_options(variant, options)
    rs.check_options(opts, n)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise RuleError(f"the seed must be a whole number >= 0, got {seed!r}")
    roll = random.Random(mix(seed, 0x5EA7)).randrange(n)
    dealer = rs.first_dealer(roll, n)
    state = GameState(
        variant=variant,
        options=opts,
        players=specs,
        seed=seed,
        round_no=1,
        dealer=dealer,
        to_move=dealer,
        direction=rs.direction,
        phase="draw",
        hands=[],
        stock=[],
        discard=[],
        wild_card=None,
        table=[],
        scores=[0] * n,
        history=[],
        log=[],
        out=[False] * n,
        eliminated=[False] * n,
        winner=None,
        last_round=None,
    )
    _deal(state, rs)
    return state


def _deal(state: GameState, rs: RuleSet) -> None:
    """Deal a round into ``state`` (a fresh copy the engine owns)."""
    n = len(state.players)
    deck = rs.deck(state.options, n)
    state.deck_size = len(deck)
    random.Random(mix(state.seed, state.round_no, 0)).shuffle(deck)
    playing = sum(1 for e in state.eliminated if not e)
    size = rs.deal_size(playing)
    hands: list[list[Card]] = []
    for q in range(n):
        if state.eliminated[q]:
            hands.append([])
        else:
            hands.append(sorted(deck[-size:]))
            del deck[-size:]
    state.hands = hands
    state.discard = [deck.pop()] if rs.upcard else []
    # Indian: the next card of the shuffled closed deck is the wild joker (a random card)
    state.wild_card = deck.pop() if rs.can_declare else None
    state.stock = deck
    state.table = []
    state.out = list(state.eliminated)
    state.laid = [0] * n
    state.extra = [0] * n
    state.has_drawn = [False] * n
    state.melded_before = [False] * n
    state.melded_this_turn = False
    state.seq_down = [False] * n
    state.drops = [0] * n
    state.missed = [0] * n
    state.drawn = None
    state.rebuilds = 0
    state.turn = 1
    state.round_actions = 0
    state.taken = None
    state.must_meld = None
    state.came_with = []
    state.phase = "draw"
    state.to_move = rs.first_player(state)
    lines = [
        LogEntry(
            state.round_no,
            None,
            f"Round {state.round_no}: {_name(state, state.dealer)} deals; "
            f"{_name(state, state.to_move)} plays first.",
        )
    ]
    if state.wild_card is not None:
        from .variants.indian import wild_rank_of

        rank = wild_rank_of(state.wild_card)
        what = "aces" if rank == ACE else f"all {Card.of(rank, 0).code[:-1]}s"
        lines.append(
            LogEntry(state.round_no, None, f"The wild joker is {state.wild_card.symbol()}: {what} are wild.")
        )
    state.log = state.log + lines


# --- the turn ----------------------------------------------------------------------------------


def _remove(hand: Sequence[Card], cards: Sequence[Card]) -> list[Card] | None:
    """``hand`` without ``cards`` (as a multiset), or None if some are not in it."""
    rest = list(hand)
    try:
        for c in cards:
            rest.remove(c)
    except ValueError:
        return None
    return rest


def _need_phase(state: GameState | PlayerView, phase: str) -> None:
    if state.phase == phase:
        return
    if state.phase == "play":
        raise RuleError("you have already drawn this turn")
    if state.phase == "draw":
        raise RuleError("draw a card first: from the stock or the discard pile")
    raise RuleError("the round is over")


def _log(state: GameState, player: int | None, text: str) -> None:
    state.log = state.log + [LogEntry(state.round_no, player, text)]


def remi_can_meld(
    hand: Sequence[Card],
    card: Card,
    seq_down: bool,
    rules: Any,
    cards_left: int = 1,
    not_with: Collection[Card] = (),
) -> bool:
    """Remi: can ``card`` be laid this turn in a meld with cards of ``hand`` (which holds it),
    keeping ``cards_left`` cards to discard? A set needs a sequence down first, or one laid
    first from the same hand. The cards of ``not_with`` (those that came from the discard pile
    with ``card``) are in the hand but may be neither in that meld nor in the sequence laid
    before it: the pick-up melds only with cards held before it."""
    others = [c for c in hand if c != card and c not in not_with]
    mr = rules.melds
    for pair in combinations(others, 2):
        meld = (card, *pair)
        shape = classify(meld, mr)
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


def remi_pickup_problem(
    state: GameState | PlayerView, rs: RuleSet, hand: Sequence[Card], depth: int
) -> str | None:
    """Remi: why the discard ``depth`` deep may not be taken, or None if it may. It must form
    a meld at once with cards held before the pick-up (not with the cards above it, which
    come into the hand too), keeping a card to discard; a set needs a sequence first."""
    card = state.discard[-depth]
    came_with = state.discard[len(state.discard) - depth + 1 :]
    after = list(hand) + list(state.discard[-depth:])
    rules = rs.rules_for(state)  # type: ignore[arg-type]
    if remi_can_meld(after, card, state.seq_down[state.to_move], rules, not_with=came_with):
        return None
    return (
        f"{_SYMBOL[card]} must form a meld with cards you held before taking it (you may "
        "take a discard only if it forms a meld at once with cards from your hand, keeping "
        "a card to discard; a set needs a sequence on the table first)"
    )


def remi_forced_meld_problem(
    state: GameState | PlayerView, rest: Sequence[Card], cards: Sequence[Card], kind: str
) -> str | None:
    """Remi, while the card taken from the discard pile waits to be melded: the forced meld is
    that card and cards held before the pick-up; the cards that came with it wait until it is
    down; any other meld must leave the cards to meld it."""
    must = state.must_meld
    if must is None:
        return None
    came_with = set(state.came_with)
    if must in cards:
        if came_with & set(cards):
            return f"{_SYMBOL[must]} must form a meld with cards you held before taking it"
        return None
    if came_with & set(cards):
        return f"the cards taken with {_SYMBOL[must]} may be melded only after {_SYMBOL[must]}"
    rules = RULESETS[state.variant].rules_for(state)  # type: ignore[arg-type]
    seq = bool(state.seq_down[state.to_move]) or kind == "run"
    if not remi_can_meld(rest, must, seq, rules, not_with=came_with):
        return "you must keep the cards to meld the card you took from the discard pile"
    return None


def _check_meld(
    state: GameState | PlayerView, rs: RuleSet, hand: Sequence[Card], cards: Sequence[Card]
) -> tuple[list[Card], str]:
    """Check a new meld from the hand; return the hand left and the meld's kind."""
    _need_phase(state, "play")
    if not rs.table_melds:
        raise RuleError(f"in {rs.title} melds stay in your hand until the round ends")
    rest = _remove(hand, cards)
    if rest is None:
        raise RuleError("those cards are not all in your hand")
    rules = rs.rules_for(state)  # type: ignore[arg-type]
    shape = classify(tuple(cards), rules.melds)
    if shape is None:
        raise RuleError(
            f"{_cards_text(cards)} is not a meld: a set is 3-4 cards of one rank, a run 3 or "
            "more cards of one suit in sequence"
            + (" (2-10, or exactly J-Q-K; never an ace)" if state.variant == "remi" else "")
        )
    p = state.to_move
    if rs.pickup_depth > 1:  # Indonesian Remi
        if shape.kind == "set" and not state.seq_down[p]:
            raise RuleError("you may lay down a set only after you have a sequence on the table")
        if not rest:
            raise RuleError("you must keep a card to discard")
        problem = remi_forced_meld_problem(state, rest, cards, shape.kind)
        if problem is not None:
            raise RuleError(problem)
    else:
        _check_keep(state, rest)
    return rest, shape.kind


def _check_keep(state: GameState | PlayerView, rest: list[Card]) -> None:
    """Basic Rummy: what is left after a meld or lay-off must allow the turn to end."""
    if not rest:
        if state.options.last_card_discard:
            raise RuleError("the last card must be a discard (house rule)")
        return
    if state.taken is not None and len(rest) == 1 and rest[0] == state.taken:
        raise RuleError(
            "you would keep only the card you took from the discard pile, "
            "which you may not discard"
        )


def _check_lay_off(
    state: GameState | PlayerView, rs: RuleSet, hand: Sequence[Card], action: LayOff
) -> tuple[list[Card], list[Card], str]:
    _need_phase(state, "play")
    if not rs.lay_off:
        raise RuleError(f"there is no laying off in {rs.title}: a meld on the table never changes")
    if not action.cards:
        raise RuleError("lay off at least one card")
    if not isinstance(action.meld_index, int) or not 0 <= action.meld_index < len(state.table):
        raise RuleError("there is no such meld on the table")
    rest = _remove(hand, action.cards)
    if rest is None:
        raise RuleError("those cards are not all in your hand")
    target = state.table[action.meld_index]
    joined = list(target.cards) + list(action.cards)
    shape = classify(tuple(joined), rs.rules_for(state).melds)  # type: ignore[arg-type]
    if shape is None:
        raise RuleError(f"{_cards_text(action.cards)} does not fit that meld")
    _check_keep(state, rest)
    return rest, joined, shape.kind


def _meld_order(cards: Sequence[Card], kind: str) -> list[Card]:
    """Runs in rank order (an ace after a king plays high); sets by suit."""
    if kind == "set":
        return sorted(cards)
    ranks = {c % 13 + 1 for c in cards}
    high_ace = ACE in ranks and 13 in ranks
    return sorted(cards, key=lambda c: 14 if (high_ace and c % 13 == 0) else c % 13 + 1)


def _with_hand(hands: list[list[Card]], p: int, cards: list[Card]) -> list[list[Card]]:
    """The hands with seat ``p``'s replaced: a new list, so states share the hands they keep."""
    hands = list(hands)
    hands[p] = cards
    return hands


def _do_draw_stock(state: GameState, action: DrawStock, rs: RuleSet) -> GameState:
    _need_phase(state, "draw")
    if not state.stock:
        raise RuleError("the stock is empty: take a discard or end the round")
    p = state.to_move
    new = state.copy()
    stock = state.stock
    new.stock = stock[:-1]
    new.hands = _with_hand(state.hands, p, state.hands[p] + [stock[-1]])
    new.phase = "play"
    if rs.can_drop and state.options.turn_timer is not None:
        new.drawn = stock[-1]
    if rs.can_drop and not state.has_drawn[p]:
        drawn = list(state.has_drawn)
        drawn[p] = True
        new.has_drawn = drawn
    new.log = state.log + [LogEntry(state.round_no, p, f"{state.players[p].name} drew from the stock")]
    return new


def _check_take(state: GameState | PlayerView, rs: RuleSet, hand: Sequence[Card], depth: int) -> Card:
    _need_phase(state, "draw")
    if not isinstance(depth, int) or not 1 <= depth <= rs.pickup_depth:
        if rs.pickup_depth == 1:
            raise RuleError("only the top card of the discard pile may be taken")
        raise RuleError(f"only one of the top {rs.pickup_depth} discards may be taken")
    if len(state.discard) < depth:
        if not state.discard:
            raise RuleError("the discard pile is empty")
        left = len(state.discard)
        raise RuleError(f"the discard pile has only {left} card{'' if left == 1 else 's'}")
    card = state.discard[-depth]
    if rs.pickup_depth > 1:  # Indonesian Remi: the pick-up must be melded at once
        problem = remi_pickup_problem(state, rs, hand, depth)
        if problem is not None:
            raise RuleError(problem)
    return card


def _do_take_discard(state: GameState, action: TakeDiscard, rs: RuleSet) -> GameState:
    p = state.to_move
    depth = action.depth
    card = _check_take(state, rs, state.hands[p], depth)
    new = state.copy()
    new.hands = _with_hand(state.hands, p, state.hands[p] + state.discard[-depth:])
    new.discard = state.discard[:-depth]
    new.phase = "play"
    new.taken = card
    if rs.can_drop and state.options.turn_timer is not None:
        new.drawn = card
    if rs.pickup_depth > 1:
        new.must_meld = card
        new.came_with = state.discard[len(state.discard) - depth + 1 :]
        if depth > 1:
            extra = list(state.extra)
            extra[p] += depth - 1
            new.extra = extra
    if rs.can_drop and not state.has_drawn[p]:
        drawn = list(state.has_drawn)
        drawn[p] = True
        new.has_drawn = drawn
    text = f"{state.players[p].name} took {_SYMBOL[card]} from the discard pile"
    if depth > 1:
        above = state.discard[-depth + 1 :]
        text += f" with {_cards_text(above)} above it"
    new.log = state.log + [LogEntry(state.round_no, p, text)]
    return new


def _do_meld(state: GameState, action: Meld, rs: RuleSet) -> GameState:
    p = state.to_move
    rest, kind = _check_meld(state, rs, state.hands[p], action.cards)
    new = state.copy()
    new.hands = _with_hand(state.hands, p, rest)
    new.table = state.table + [TableMeld(p, _meld_order(action.cards, kind), kind)]  # type: ignore[arg-type]
    laid = list(state.laid)
    laid[p] += len(action.cards)
    new.laid = laid
    new.melded_this_turn = True
    if kind == "run" and not state.seq_down[p]:
        seq = list(state.seq_down)
        seq[p] = True
        new.seq_down = seq
    if state.must_meld is not None and state.must_meld in action.cards:
        new.must_meld = None
        new.came_with = []  # the forced meld is down: the cards that came with it are free
    _log(new, p, f"{state.players[p].name} melded {_cards_text(action.cards)}")
    if not rest:
        _go_out(new, rs, p)
    return new


def _do_lay_off(state: GameState, action: LayOff, rs: RuleSet) -> GameState:
    p = state.to_move
    rest, joined, kind = _check_lay_off(state, rs, state.hands[p], action)
    new = state.copy()
    new.hands = _with_hand(state.hands, p, rest)
    table = list(state.table)
    old = table[action.meld_index]
    table[action.meld_index] = TableMeld(old.owner, _meld_order(joined, kind), kind)  # type: ignore[arg-type]
    new.table = table
    laid = list(state.laid)
    laid[p] += len(action.cards)
    new.laid = laid
    new.melded_this_turn = True
    _log(new, p, f"{state.players[p].name} laid off {_cards_text(action.cards)}")
    if not rest:
        _go_out(new, rs, p)
    return new


def _go_out(new: GameState, rs: RuleSet, p: int) -> None:
    """Basic Rummy: the hand is empty; "rummy" if the player had not melded in an earlier turn."""
    ending = "out" if new.melded_before[p] else "rummy"
    _log(new, p, f"{new.players[p].name} went out" + (" — rummy!" if ending == "rummy" else ""))
    _end_round(new, rs, p, ending, None)


def _check_discard(state: GameState | PlayerView, rs: RuleSet, hand: Sequence[Card], card: Card) -> list[Card]:
    _need_phase(state, "play")
    rest = _remove(hand, (card,))
    if rest is None:
        raise RuleError("that card is not in your hand")
    if state.must_meld is not None:
        raise RuleError("you must first meld the card you took from the discard pile")
    if rs.lay_off and card == state.taken:  # Basic Rummy
        raise RuleError("you may not discard the card you just took from the discard pile")
    return rest


def _do_discard(state: GameState, action: Discard, rs: RuleSet) -> GameState:
    p = state.to_move
    card = action.card
    rest = _check_discard(state, rs, state.hands[p], card)
    new = state.copy()
    new.hands = _with_hand(state.hands, p, rest)
    new.discard = state.discard + [card]
    if p < len(state.missed) and state.missed[p]:
        # a turn completed normally: the missed turns are no longer in a row
        missed = list(state.missed)
        missed[p] = 0
        new.missed = missed
    name = state.players[p].name
    if rest:
        new.log = state.log + [LogEntry(state.round_no, p, f"{name} discarded {_SYMBOL[card]}")]
        _next_turn(new, rs)
        return new
    if rs.pickup_depth > 1:  # Remi: the last discard closes the round
        _log(new, p, f"{name} closed with {_SYMBOL[card]}")
        _end_round(new, rs, p, "closed", card)
    else:
        _log(new, p, f"{name} discarded {_SYMBOL[card]}")
        _go_out(new, rs, p)
    return new


def _check_close(state: GameState | PlayerView, rs: RuleSet, hand: Sequence[Card], card: Card) -> tuple[list[Card], Any]:
    _need_phase(state, "play")
    if not rs.can_close:
        raise RuleError(f"there is no closing in {rs.title}")
    rest = _remove(hand, (card,))
    if rest is None:
        raise RuleError("that card is not in your hand")
    arrangement = best_arrangement(rest, rs.rules_for(state))  # type: ignore[arg-type]
    if not arrangement.can_go_out:
        raise RuleError(
            "you may close only when the 10 cards you show are all melded, "
            "or a Flush, a Straight flush or a Remigio"
        )
    return rest, arrangement


_SPECIAL_NAMES = {"flush": "a Flush", "straight_flush": "a Straight flush", "remigio": "a Remigio"}


def _do_close(state: GameState, action: Close, rs: RuleSet) -> GameState:
    p = state.to_move
    rest, arrangement = _check_close(state, rs, state.hands[p], action.discard)
    new = state.copy()
    new.hands = _with_hand(state.hands, p, rest)
    # the closing discard goes face down on the pile; it is revealed in the round result
    new.discard = state.discard + [action.discard]
    text = f"{state.players[p].name} closed"
    if arrangement.special:
        text += f" with {_SPECIAL_NAMES.get(arrangement.special, arrangement.special)}"
    _log(new, p, text)
    _end_round(new, rs, p, "closed", action.discard)
    return new


def _do_declare(state: GameState, action: Declare, rs: RuleSet) -> GameState:
    _need_phase(state, "play")
    if not rs.can_declare:
        raise RuleError(f"there is no declaring in {rs.title}")
    p = state.to_move
    rest = _remove(state.hands[p], (action.finish,))
    if rest is None:
        raise RuleError("that card is not in your hand")
    arrangement = best_arrangement(rest, rs.rules_for(state))
    new = state.copy()
    name = state.players[p].name
    if arrangement.can_go_out:
        new.hands = _with_hand(state.hands, p, rest)
        # the finish slot: the card lies face down on the open deck
        new.discard = state.discard + [action.finish]
        _log(new, p, f"{name} declared")
        _end_round(new, rs, p, "declared", action.finish)
        return new
    from .variants.indian import WRONG_DECLARATION

    # a wrong declaration: 80 points and out of this deal; the others play on
    drops = list(state.drops)
    drops[p] = WRONG_DECLARATION
    new.drops = drops
    out = list(state.out)
    out[p] = True
    new.out = out
    _log(new, p, f"{name} declared wrongly: {WRONG_DECLARATION} points, out of the deal")
    _after_leaving(new, rs)
    return new


def _do_drop(state: GameState, action: Drop, rs: RuleSet) -> GameState:
    if not rs.can_drop:
        raise RuleError(f"there is no dropping in {rs.title}")
    if state.phase != "draw":
        raise RuleError("you may drop only at the start of your turn, before drawing")
    p = state.to_move
    first, middle = state.options.drops
    penalty = middle if state.has_drawn[p] else first
    new = state.copy()
    drops = list(state.drops)
    drops[p] = penalty
    new.drops = drops
    out = list(state.out)
    out[p] = True
    new.out = out
    kind = "a middle drop" if state.has_drawn[p] else "a first drop"
    _log(new, p, f"{state.players[p].name} dropped ({kind}, {penalty} points)")
    _after_leaving(new, rs)
    return new


MISSES_FOR_A_DROP = 3
"""Indian with the turn timer: this many missed turns in a row count as a middle drop."""


def _check_miss(state: GameState | PlayerView, rs: RuleSet) -> None:
    if not rs.can_drop:
        raise RuleError(f"there is no turn timer in {rs.title}: a turn is never missed")
    if state.options.turn_timer is None:
        raise RuleError("a turn can be missed only with the turn timer on (option turn_timer)")
    if state.phase not in ("draw", "play"):
        raise RuleError("the round is over")


def _do_miss_turn(state: GameState, action: MissTurn, rs: RuleSet) -> GameState:
    _check_miss(state, rs)
    p = state.to_move
    name = state.players[p].name
    new = state.copy()
    text = f"{name} missed the turn"
    if state.phase == "play":
        # the time ran out after the draw: the card drawn this turn is discarded for them
        # (the engine adds a drawn card last, which covers a state saved without ``drawn``)
        card = state.drawn if state.drawn is not None else state.hands[p][-1]
        rest = _remove(state.hands[p], (card,))
        if rest is None:
            raise RuleError("the card drawn this turn is not in the hand")
        new.hands = _with_hand(state.hands, p, rest)
        new.discard = state.discard + [card]
        text += ": the card drawn was discarded"
    n = len(state.players)
    missed = list(state.missed) if len(state.missed) == n else [0] * n
    missed[p] += 1
    new.missed = missed
    if missed[p] < MISSES_FOR_A_DROP:
        _log(new, p, f"{text} ({missed[p]} in a row)")
        _next_turn(new, rs)
        return new
    # three in a row: a middle drop, whether or not the player has drawn this deal
    _log(new, p, text)
    penalty = state.options.drops[1]
    drops = list(state.drops)
    drops[p] = penalty
    new.drops = drops
    out = list(state.out)
    out[p] = True
    new.out = out
    _log(new, p, f"{name} missed {MISSES_FOR_A_DROP} turns in a row: middle drop, {penalty} points")
    _after_leaving(new, rs)
    return new


def _after_leaving(new: GameState, rs: RuleSet) -> None:
    """Indian: a player left the deal; if one player is left, that player wins the deal."""
    left = [q for q, o in enumerate(new.out) if not o]
    if len(left) == 1:
        _log(new, left[0], f"{new.players[left[0]].name} is the last player in the deal")
        _end_round(new, rs, left[0], "last_in", None)
    else:
        _next_turn(new, rs)


def _do_end_on_empty_stock(state: GameState, action: EndOnEmptyStock, rs: RuleSet) -> GameState:
    if not rs.empty_stock_choice:
        raise RuleError(f"in {rs.title} an empty stock is rebuilt from the discard pile")
    _need_phase(state, "draw")
    if state.stock:
        raise RuleError("the stock is not empty")
    new = state.copy()
    p = state.to_move
    _log(new, p, f"The stock is empty: {state.players[p].name} ends the round")
    _end_round(new, rs, None, "empty_stock", None)
    return new


def _do_next_round(state: GameState, action: NextRound, rs: RuleSet) -> GameState:
    if state.phase != "round_over":
        raise RuleError("the round is not over")
    new = state.copy()
    new.dealer = rs.next_dealer(state)
    new.round_no = state.round_no + 1
    _deal(new, rs)
    return new


def _next_turn(new: GameState, rs: RuleSet) -> None:
    """End the turn of ``new.to_move``; the next player in the deal begins with a draw."""
    p = new.to_move
    if new.melded_this_turn and not new.melded_before[p]:
        before = list(new.melded_before)
        before[p] = True
        new.melded_before = before
    new.melded_this_turn = False
    new.taken = None
    new.must_meld = None
    new.came_with = []
    new.drawn = None
    new.to_move = next_seat(new.out, p, new.direction)
    new.phase = "draw"
    new.turn += 1
    if not new.stock:
        what = rs.empty_stock(new)
        if what == "rebuild":
            _rebuild(new)
        elif what == "void":
            _log(new, None, "The stock ran out: the hand is void")
            _end_round(new, rs, None, "void", None)
        # "choice" (Remi): the player takes a discard or ends the round


def _rebuild(new: GameState) -> None:
    """The discard pile except its top card is shuffled into a new stock."""
    top = new.discard[-1]
    stock = new.discard[:-1]
    new.rebuilds += 1
    random.Random(mix(new.seed, new.round_no, new.rebuilds)).shuffle(stock)
    new.stock = stock
    new.discard = [top]
    _log(new, None, "The discard pile was shuffled into a new stock")


def _end_round(new: GameState, rs: RuleSet, winner: int | None, ending: str, closing: Card | None) -> None:
    results, multiplier, bonus, special = rs.score_round(new, winner, ending, closing)
    scores = list(new.scores)
    for q, r in enumerate(results):
        scores[q] += r.delta
        r.total = scores[q]
    new.scores = scores
    result = RoundResult(new.round_no, winner, ending, multiplier, bonus, special, closing, results)
    new.history = new.history + [result]
    new.last_round = result
    before = new.eliminated
    new.eliminated = list(before)
    new.taken = None
    new.must_meld = None
    new.came_with = []
    new.drawn = None
    rs.after_round(new)
    summary = ", ".join(
        f"{p.name} {r.delta:+d}" for p, r, e in zip(new.players, results, before) if not e
    )
    _log(new, None, f"Round {new.round_no} over: {summary}")
    for q, (was, now) in enumerate(zip(before, new.eliminated)):
        if now and not was:
            _log(new, q, f"{new.players[q].name} is eliminated")
    champion = rs.game_winner(new)
    if champion is None:
        new.phase = "round_over"
    else:
        new.phase = "game_over"
        new.winner = champion
        _log(new, champion, f"{new.players[champion].name} wins the game")


def standings(state: GameState) -> list[int]:
    """The seats, best first (the game-over table, the app's standings).

    The winner (``state.winner``) is always first; ties go by seat.

    - Games to a target or a number of rounds where a high total is good (Basic Rummy,
      Indonesian Remi, Remigio (Fournier), Indian Points and Deals, where the winner of a
      deal collects the losers' points and a loser's total goes down): highest total first.
    - Elimination games (Remigio, Indian Pool 101 / 201, where points are bad): the players
      still in the game first, by lower total; then the eliminated, those eliminated in a
      later round before those eliminated earlier, and within one round the lower total
      first.
    """
    n = len(state.players)
    winner = state.winner
    limit = _elimination_limit(state)
    if limit is None:
        return sorted(range(n), key=lambda q: (q != winner, -state.scores[q], q))
    out_round = [_eliminated_in(state, q, limit) if state.eliminated[q] else 0 for q in range(n)]
    return sorted(
        range(n),
        key=lambda q: (q != winner, state.eliminated[q], -out_round[q], state.scores[q], q),
    )


def _elimination_limit(state: GameState) -> int | None:
    """The total at which a player is eliminated, or None in a game without elimination."""
    if state.variant == "remigio":
        return int(state.options.eliminate_at)
    if state.variant == "indian":
        return state.options.pool_limit  # type: ignore[no-any-return]
    return None


def _eliminated_in(state: GameState, player: int, limit: int) -> int:
    """The round in which ``player`` was eliminated: the first whose total reached the limit."""
    for result in state.history:
        if result.players[player].total >= limit:
            return result.round_no
    return 0


_HANDLERS: dict[type, Callable[[GameState, Any, RuleSet], GameState]] = {
    DrawStock: _do_draw_stock,
    TakeDiscard: _do_take_discard,
    Meld: _do_meld,
    LayOff: _do_lay_off,
    Discard: _do_discard,
    Close: _do_close,
    Declare: _do_declare,
    Drop: _do_drop,
    MissTurn: _do_miss_turn,
    EndOnEmptyStock: _do_end_on_empty_stock,
    NextRound: _do_next_round,
}


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action`` by the player to move; RuleError (state unchanged) if the
    rules forbid it."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise RuleError(f"not an action: {action!r}")
    phase = state.phase
    if phase == "game_over":
        raise RuleError("the game is over")
    if phase == "round_over" and type(action) is not NextRound:
        raise RuleError("the round is over: deal the next round")
    new = handler(state, action, RULESETS[state.variant])
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


def _legal(src: GameState | PlayerView, hand: list[Card], stock_count: int) -> list[Action]:
    rs = RULESETS[src.variant]
    acts: list[Action] = []
    distinct = sorted(set(hand))
    if src.phase == "draw":
        if stock_count:
            acts.append(DrawStock())
        elif rs.empty_stock_choice:
            acts.append(EndOnEmptyStock())
        for depth in range(1, min(rs.pickup_depth, len(src.discard)) + 1):
            try:
                _check_take(src, rs, hand, depth)
            except RuleError:
                continue
            acts.append(TakeDiscard(depth))
        if rs.can_drop:
            acts.append(Drop())
            if src.options.turn_timer is not None:
                acts.append(MissTurn())
        return acts
    rules = rs.rules_for(src)  # type: ignore[arg-type]
    if rs.table_melds:
        p = src.to_move
        candidates: list[tuple[Card, ...]] = []
        arrangement = best_arrangement(hand, rules, bool(src.seq_down[p]))
        candidates.extend(tuple(m.cards) for m in arrangement.melds)
        if src.must_meld is not None:
            # the forced meld: the card taken and two cards held before the pick-up; for a
            # set with no sequence down, a sequence of cards held before goes first
            others = [c for c in hand if c != src.must_meld and c not in src.came_with]
            for pair in combinations(others, 2):
                trio = (src.must_meld, *pair)
                if classify(trio, rules.melds) is not None:
                    candidates.append(trio)
            if not src.seq_down[p]:
                for trio in combinations(others, 3):
                    shape = classify(trio, rules.melds)
                    if shape is not None and shape.kind == "run":
                        candidates.append(trio)
        seen = set()
        for cards in candidates:
            key = tuple(sorted(cards))
            if key in seen:
                continue
            seen.add(key)
            try:
                _check_meld(src, rs, hand, cards)
            except RuleError:
                continue
            acts.append(Meld(cards))
    if rs.lay_off:
        for i in range(len(src.table)):
            for c in distinct:
                action = LayOff((c,), i)
                try:
                    _check_lay_off(src, rs, hand, action)
                except RuleError:
                    continue
                acts.append(action)
    for c in distinct:
        try:
            _check_discard(src, rs, hand, c)
        except RuleError:
            continue
        acts.append(Discard(c))
    if rs.can_close:
        for c in distinct:
            try:
                _check_close(src, rs, hand, c)
            except RuleError:
                continue
            acts.append(Close(c))
    if rs.can_declare:
        acts.extend(Declare(c) for c in distinct)
    if rs.can_drop and src.options.turn_timer is not None:
        acts.append(MissTurn())
    return acts


# --- views -------------------------------------------------------------------------------------


def view(state: GameState, player: int) -> PlayerView:
    """All that ``player`` may know: their hand, the table, the discard pile (face up), the
    counts of the other hands and of the stock, scores, log and finished rounds."""
    if not 0 <= player < len(state.players):
        raise RuleError(f"there is no player {player}")
    return PlayerView(
        variant=state.variant,
        options=state.options,
        player=player,
        players=state.players,
        round_no=state.round_no,
        dealer=state.dealer,
        to_move=state.to_move,
        direction=state.direction,
        phase=state.phase,
        hand=list(state.hands[player]),
        hand_counts=[len(h) for h in state.hands],
        stock_count=len(state.stock),
        discard=list(state.discard),
        wild_card=state.wild_card,
        table=state.table,
        scores=state.scores,
        history=state.history,
        log=state.log,
        out=state.out,
        eliminated=state.eliminated,
        winner=state.winner,
        last_round=state.last_round,
        taken=state.taken,
        must_meld=state.must_meld,
        came_with=state.came_with,
        seq_down=state.seq_down,
        has_drawn=state.has_drawn,
        melded_before=state.melded_before,
        melded_this_turn=state.melded_this_turn,
        rebuilds=state.rebuilds,
        turn=state.turn,
        actions=state.actions,
        missed=state.missed,
    )


def check_action(src: GameState | PlayerView, action: Action) -> None:
    """Raise RuleError if ``action`` is not legal now for the player to move, without applying
    it. Works on a state or on the mover's own view (what the computer players use)."""
    if isinstance(src, PlayerView):
        if src.player != src.to_move and src.phase in ("draw", "play"):
            raise RuleError("it is not your turn")
        hand, stock_count = src.hand, src.stock_count
    else:
        hand, stock_count = src.hands[src.to_move], len(src.stock)
    if src.phase == "game_over":
        raise RuleError("the game is over")
    t = type(action)
    if src.phase == "round_over":
        if t is not NextRound:
            raise RuleError("the round is over: deal the next round")
        return
    rs = RULESETS[src.variant]
    if t is DrawStock:
        _need_phase(src, "draw")
        if not stock_count:
            raise RuleError("the stock is empty: take a discard or end the round")
    elif t is TakeDiscard:
        _check_take(src, rs, hand, action.depth)  # type: ignore[union-attr]
    elif t is Meld:
        _check_meld(src, rs, hand, action.cards)  # type: ignore[union-attr]
    elif t is LayOff:
        _check_lay_off(src, rs, hand, action)  # type: ignore[arg-type]
    elif t is Discard:
        _check_discard(src, rs, hand, action.card)  # type: ignore[union-attr]
    elif t is Close:
        _check_close(src, rs, hand, action.discard)  # type: ignore[union-attr]
    elif t is Declare:
        _need_phase(src, "play")
        if not rs.can_declare:
            raise RuleError(f"there is no declaring in {rs.title}")
        if action.finish not in hand:  # type: ignore[union-attr]
            raise RuleError("that card is not in your hand")
    elif t is Drop:
        if not rs.can_drop:
            raise RuleError(f"there is no dropping in {rs.title}")
        if src.phase != "draw":
            raise RuleError("you may drop only at the start of your turn, before drawing")
    elif t is MissTurn:
        _check_miss(src, rs)
    elif t is EndOnEmptyStock:
        if not rs.empty_stock_choice:
            raise RuleError(f"in {rs.title} an empty stock is rebuilt from the discard pile")
        _need_phase(src, "draw")
        if stock_count:
            raise RuleError("the stock is not empty")
    elif t is NextRound:
        raise RuleError("the round is not over")
    else:
        raise RuleError(f"not an action: {action!r}")


def is_legal(src: GameState | PlayerView, action: Action) -> bool:
    try:
        check_action(src, action)
    except RuleError:
        return False
    return True
