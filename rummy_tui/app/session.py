"""One game at the table, outside the widgets: the state, undo, each seat's hand order and
"who plays next". Plain Python (no Textual): the table screen renders what this holds, and
tests drive it without a pilot.

The session holds the full :class:`GameState` (it must, to apply moves and to let computer
players move), but everything it hands to the screen is a :class:`PlayerView`: the hand on
screen, the legal moves and the rule checks all come from ``view(state, seat)``.

Hot-seat privacy lives here: ``viewer`` is the only seat whose hand may be drawn. With two or
more humans it is cleared whenever the turn leaves a human, and set to the next human only
by :meth:`TableSession.handed_over`, after the pass-the-device screen.

Long because: the hand on screen (the player's order, groups, arrangement, counts) is kept
here beside the turn logic that clears and carries it; split off, each half would reach
into the other's seats.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from itertools import accumulate
from typing import Any

from ..core.bots import choose_action
from ..core.cards import Card, sort_key_rank, sort_key_suit
from ..core.engine import apply, check_action, is_legal, legal_actions, view, view_legal_actions
from ..core.events import Discarded, MissedTurn, Note, StockRebuilt, Took
from ..core.groups import group_labels, grouped_penalty
from ..core.melds import classify
from ..core.registry import variant_of
from ..core.state import Action, DrawStock, GameState, NextRound, PlayerView, TakeDiscard
from ..core.variants.indian import MissTurn
from ..core.variants import RuleError
from .rules import (best_arrangement, carry_groups, check_copies, group_together,
                    merge_order, rules_for)

Groups = tuple[list[Card], list[int]]
"""A hand order and the sizes of its groups: as auto-arrange made them (melds, then
deadwood), or as the player grouped the cards (``g``); they follow the cards across draws
and discards."""


@dataclass
class Seat:
    """What the table remembers for one seat between its turns."""

    order: list[Card] = field(default_factory=list)
    """The player's own order of their hand (new cards go to the right)."""
    groups: Groups | None = None
    """The hand's groups (auto-arranged or the player's own), for the order they were made
    for; ``hand_order`` carries them to the hand as it is now."""
    by_rank: bool = False
    """The last sort was by rank (the next one is by suit)."""
    seen_log: int | None = None
    """How much of the log this human has seen (for the "since your last turn" recap)."""


@dataclass
class Undo:
    state: GameState
    order: list[Card]
    groups: Groups | None


# --- what the screen does next (TableSession.advance) --------------------------------------
@dataclass(frozen=True)
class ShowSummary:
    """The round or the game is over: show the summary (``first``: not shown yet)."""

    first: bool


@dataclass(frozen=True)
class BotTurn:
    """A computer player moves next."""


@dataclass(frozen=True)
class HandOver:
    """Pass the device to this human (no hand is on screen until then)."""

    seat: int


@dataclass(frozen=True)
class HumanTurn:
    """This human plays, hand on screen (``new_turn``: the turn has just begun)."""

    seat: int
    new_turn: bool


Step = ShowSummary | BotTurn | HandOver | HumanTurn

IN_PLAY = ("draw", "play")


class TableSession:
    """The game in play, its undo stack, the seats' bookkeeping and whose turn it is."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.viewer: int | None = None
        """The seat whose hand is on screen (None: no hand is shown)."""
        self.busy = False
        """A pass screen, dialog or summary is up, or a computer player is moving."""
        self.seats = self._new_seats(state)
        self.undo_stack: list[Undo] = []
        self._turn_key: tuple[int, int, int] | None = None
        self._summary_shown_for: int | None = None
        self._legal: tuple[int | None, list[Any]] | None = None
        """(viewer, their legal moves) for the current state."""
        self._arrangements: dict[tuple, Any] = {}
        self._last_discard: tuple[int, int, Card] | None = _discard_in_log(state)
        """(seat, pile size, card) of the last card discarded by a player."""

    def _new_seats(self, state: GameState) -> list[Seat]:
        """(A resumed game brings back each player's own order of their hand, and its
        groups: sizes that do not fit the order are left out.)"""
        seats = [Seat(order=list(order)) for order in state.hand_order] \
            if len(state.hand_order) == len(state.players) else [Seat() for _ in state.players]
        if len(state.hand_groups) == len(seats):
            for desk, sizes in zip(seats, state.hand_groups):
                if sizes and all(n > 0 for n in sizes) and sum(sizes) == len(desk.order):
                    desk.groups = (desk.order, list(sizes))
        return seats

    # --- reading -------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, p in enumerate(self.state.players) if p.kind == "human"]

    @property
    def in_play(self) -> bool:
        return self.state.phase in IN_PLAY

    def turn_key(self) -> tuple[int, int, int]:
        state = self.state
        return (state.round_no, state.turn, state.to_move)

    def view(self, seat: int | None = None) -> PlayerView:
        """What the screen may show: the viewer's view (or, with no hand on screen, that of
        the player to move, whose hand is then not drawn)."""
        if seat is None:
            seat = self.viewer if self.viewer is not None else self.state.to_move
        return view(self.state, seat)

    def my_turn(self) -> bool:
        """The person at the keyboard may move now."""
        return (not self.busy and self.viewer is not None
                and self.viewer == self.state.to_move and self.in_play)

    def mover_is_human(self) -> bool:
        return self.state.players[self.state.to_move].kind == "human"

    def legal(self) -> list[Any]:
        """The moves of the person at the keyboard, from their own view (else none)."""
        if self._legal is None or self._legal[0] != self.viewer:
            if self.viewer is not None and self.viewer == self.state.to_move and self.in_play:
                self._legal = (self.viewer, view_legal_actions(self.view(self.viewer)))
            else:
                self._legal = (self.viewer, [])
        return self._legal[1]

    def check(self, action: Any) -> None:
        """The engine's verdict on a move of the viewer (raises RuleError), from their view."""
        check_action(self.view(), action)

    def allows(self, action: Any) -> bool:
        """The engine allows this move of the viewer now, from their view."""
        return is_legal(self.view(), action)

    # --- changing ------------------------------------------------------------------------
    def commit(self, state: GameState) -> None:
        old, self.state = self.state, state
        self._legal = None
        if state.round_no != old.round_no:
            self._last_discard = None  # a new deal: the upcard is nobody's
        elif len(state.discard) == len(old.discard) + 1 and state.phase in IN_PLAY:
            self._last_discard = (old.to_move, len(state.discard), state.discard[-1])

    def _forget_the_deal(self) -> None:
        """A new deal: nothing of it seen yet, and the engine's order of each hand to start
        with (no groups)."""
        for desk in self.seats:
            desk.seen_log = None
            desk.order, desk.groups = [], None

    def last_discarder(self) -> int | None:
        """The seat whose discard lies on top of the pile (None: nobody's, e.g. the upcard,
        or a card taken since)."""
        state, last = self.state, self._last_discard
        if last is None or not state.discard or state.phase not in IN_PLAY:
            return None
        seat, size, card = last
        return seat if (size, card) == (len(state.discard), state.discard[-1]) else None

    def saved_state(self) -> GameState:
        """The state as it is saved: with each player's own order of their hand, so that a
        resumed game shows every hand as its player left it (the engine ignores it)."""
        state = self.state
        orders = [merge_order(desk.order, hand) if desk.order else []
                  for desk, hand in zip(self.seats, state.hands)]
        groups = [_saved_groups(desk, order) for desk, order in zip(self.seats, orders)]
        if not any(orders):
            orders = []
        if not any(groups):
            groups = []
        if orders == state.hand_order and groups == state.hand_groups:
            return state
        saved = state.copy()
        saved.hand_order = orders
        saved.hand_groups = groups
        return saved

    def advance(self) -> Step:
        """Who plays next, and what the screen must do for it (hides the last hand first)."""
        state = self.state
        if not self.in_play:
            humans = self.humans
            self.viewer = humans[0] if len(humans) == 1 else None
            first = self._summary_shown_for != len(state.history)
            self._summary_shown_for = len(state.history)
            return ShowSummary(first)
        mover = state.to_move
        key = self.turn_key()
        new_turn = key != self._turn_key
        if new_turn:
            self._turn_key = key
            self.undo_stack.clear()
        humans = self.humans
        if not self.mover_is_human():
            self.viewer = humans[0] if len(humans) == 1 else None
            return BotTurn()
        if mover != self.viewer and len(humans) > 1:
            self.viewer = None
            self.busy = True
            return HandOver(mover)
        self.viewer = mover
        self.busy = False
        return HumanTurn(mover, new_turn)

    def handed_over(self, seat: int) -> bool:
        """The pass screen for ``seat`` was dismissed: show its hand if it still moves."""
        self.busy = False
        if self.state.to_move != seat or not self.in_play:
            return False
        self.viewer = seat
        return True

    def play(self, action: Any, *, undoable: bool = False) -> GameState:
        """Apply the viewer's move (RuleError: refused, nothing changed). The new state is
        returned, not committed: the screen may show something first (a wrong declaration)."""
        new_state = apply(self.state, action)
        seat = self.viewer
        assert seat is not None
        if isinstance(action, (DrawStock, TakeDiscard)):
            self.undo_stack.clear()  # never undo across a draw: the card was seen
        elif undoable:
            self.push_undo(seat)
        if new_state.to_move != seat or new_state.phase != "play":
            self.seats[seat].seen_log = len(new_state.log)
        return new_state

    def declaration_cost(self, card: Card) -> int | None:
        """What declaring with ``card`` in the finish slot would cost the viewer, as the
        engine scores it (None: it would not be a wrong declaration). The move is tried on
        the state, not played."""
        seat = self.viewer
        if seat is None:
            return None
        try:
            after = apply(self.state, variant_of(self.state.variant).finish_with(card))
        except RuleError:
            return None
        cost = variant_of(after.variant).wrong_declaration(after, seat)
        return int(cost) if cost else None

    def push_undo(self, seat: int) -> None:
        desk = self.seats[seat]
        self.undo_stack.append(Undo(self.state, list(desk.order), desk.groups))

    def undo(self) -> bool:
        if not self.undo_stack or not self.my_turn():
            return False
        last = self.undo_stack.pop()
        assert self.viewer is not None
        desk = self.seats[self.viewer]
        desk.order, desk.groups = last.order, last.groups
        self.commit(last.state)
        return True

    def bot_move(self, state: GameState, action: Action) -> tuple[GameState | None, str]:
        """The computer player's move, chosen for ``state`` (in a worker: ``bot_action``),
        applied (not committed). ``None`` and no error when the game has moved on since
        (an undo, a timed-out turn, a new round): that choice is stale and dropped. An error
        to show when the choice was refused and the first legal move the engine accepts was
        played instead."""
        if state is not self.state:
            return None, ""
        seat = state.to_move
        try:
            return apply(state, action), ""
        except RuleError as exc:
            error = f"{state.players[seat].name} (computer) tried an illegal move: {exc}"
        for fallback in legal_actions(state):
            try:
                return apply(state, fallback), error
            except RuleError:
                continue
        return None, error

    def miss_turn(self) -> GameState:
        """The Indian turn timer ran out: the engine's MissTurn (not committed)."""
        new_state = apply(self.state, MissTurn())
        self.seats[self.state.to_move].seen_log = len(new_state.log)
        return new_state

    def next_round(self) -> GameState:
        new_state = apply(self.state, NextRound())
        self._forget_the_deal()
        return new_state

    def recap(self, seat: int, *, peek: bool = False) -> list[Any]:
        """The public moves of the others since this human's last turn (the log entries);
        from then on they count as seen, unless ``peek`` (the pass screen shows them
        before the turn starts)."""
        log = self.state.log
        start = self.seats[seat].seen_log
        if not peek:
            self.seats[seat].seen_log = len(log)
        if start is None:
            entries = [e for e in log if e.round_no == self.state.round_no][-6:]
        else:
            entries = log[start:]
        return [e for e in entries if e.player != seat]

    # --- the hand on screen ----------------------------------------------------------------
    def hand_order(self, seat: int) -> tuple[list[Card], list[int] | None]:
        """The seat's hand in its player's order, and its arranged group sizes if any."""
        desk = self.seats[seat]
        old = desk.order
        desk.order = merge_order(old, self.view(seat).hand)
        groups = desk.groups
        if groups and groups[0] == old and old != desk.order:
            # a card drawn, discarded or melded: the groups keep their places (issue 30)
            sizes = carry_groups(old, groups[1], desk.order)
            desk.groups = groups = (desk.order, sizes) if sizes else None
        return desk.order, (groups[1] if groups and groups[0] == desk.order else None)

    def group(self, seat: int, places: list[int]) -> int:
        """The cards at these places of the hand make a group of the player's own, at the
        right end (the ``g`` key); the place of its first card."""
        order, sizes = self.hand_order(seat)
        places = sorted({i for i in places if 0 <= i < len(order)})
        if not places:
            return 0
        moved, new_sizes = group_together(sizes or [], len(order), places)
        if self.my_turn():
            self.push_undo(seat)
        desk = self.seats[seat]
        desk.order = [order[i] for i in moved]
        desk.groups = (desk.order, new_sizes)
        return len(order) - len(places)

    def ungroup(self, seat: int) -> bool:
        """The hand's groups go (the ``G`` key), its order stays; whether it had any."""
        order, sizes = self.hand_order(seat)
        if not sizes:
            return False
        if self.my_turn():
            self.push_undo(seat)
        desk = self.seats[seat]
        desk.groups = None
        return True

    def move_card(self, seat: int, index: int, delta: int) -> int:
        """Move the card at ``index`` of the seat's order one place left (-1) or right (+1);
        the new index. Across the edge of an arranged group it joins the next group, so the
        groups stay the player's own."""
        order, sizes = self.hand_order(seat)
        to = index + delta
        if not (0 <= index < len(order) and 0 <= to < len(order)):
            return index
        desk = self.seats[seat]
        if sizes:
            sizes = list(sizes)
            starts = [sum(sizes[:i]) for i in range(len(sizes))]
            group = max(i for i, start in enumerate(starts) if start <= index)
            first, last = starts[group], starts[group] + sizes[group] - 1
            if index == (first if delta < 0 else last):
                # to the neighbouring group, in place: only the border moves
                sizes[group] -= 1
                sizes[group + delta] += 1
                sizes = [n for n in sizes if n]
                desk.groups = (list(order), sizes)
                return index
        order = list(order)
        order[index], order[to] = order[to], order[index]
        desk.order = order
        desk.groups = (order, sizes) if sizes else None
        return to

    def sort(self, seat: int) -> None:
        desk = self.seats[seat]
        desk.by_rank = not desk.by_rank
        order, _ = self.hand_order(seat)
        desk.order = sorted(order, key=sort_key_rank if desk.by_rank else sort_key_suit)
        desk.groups = None

    def arrange(self, seat: int) -> None:
        """Auto-arrange: the counted melds in order, then the deadwood (or, when nothing
        counts yet, the melds being built, with a note saying so)."""
        cards, _ = self.hand_order(seat)
        arr = self.arrangement(cards)
        if not arr.melds:
            # Nothing counts yet (Indian: two sequences, one pure; Remi: a sequence
            # first): group what the player is building (arranged_note says it does not
            # count).
            relaxed = self.arrangement(cards, grouping=True)
            if relaxed.melds:
                arr = relaxed
        desk = self.seats[seat]
        order = [c for meld in arr.melds for c in meld.cards] + list(arr.deadwood)
        sizes = [len(m.cards) for m in arr.melds] + ([len(arr.deadwood)] if arr.deadwood else [])
        if self.my_turn():
            self.push_undo(seat)
        desk.order = order
        desk.groups = (order, sizes)

    def group_labels(self, cards: list[Card], sizes: list[int] | None) -> list[str]:
        """What each group of the hand on screen is, in the variant's words ("Run", "Set";
        a group that is no meld is "Deadwood"). Indian: the core's labels, the ones the
        declare dialog and the summary show ("Pure sequence", "Sequence", "Set",
        "Invalid"), from the same hand rules, so that the hand and the dialog never
        disagree."""
        if not sizes:
            return []
        pv = self.view()
        rules = variant_of(pv.variant).rules_for(pv)
        ends = list(accumulate(sizes, initial=0))
        groups = [cards[a:b] for a, b in zip(ends, ends[1:])]
        if rules.declaration:
            labels = group_labels(groups, rules)
        else:
            run = "Sequence" if rules.sets_need_sequence else "Run"
            shapes = [classify(tuple(group), rules.melds) for group in groups]
            labels = ["Deadwood" if shape is None else "Set" if shape.kind == "set" else run
                      for shape in shapes]
        if all(label in ("Invalid", "Deadwood") for label in labels):
            return []  # nothing to tell apart
        return labels

    def arranged_note(self, seat: int, cards: list[Card]) -> str:
        """Why the groups on screen do not count yet, when they hold melds that the hand's
        count leaves out (Indian: no two sequences, one pure; Remi: no sequence down)."""
        desk = self.seats[seat]
        if not (desk.groups and desk.groups[0] == cards):
            return ""
        try:
            if self.arrangement(cards).melds:
                return ""
        except Exception:  # the count itself says why (no count: ...)
            return ""
        labels = self.group_labels(cards, desk.groups[1])
        if all(label in ("Invalid", "Deadwood") for label in labels):
            return ""
        return self.relaxed_note()

    def grouped_count(self, seat: int, cards: list[Card]) -> int | None:
        """What the hand counts as its player grouped it (the Indian apps' count), or None
        when it is not grouped."""
        desk = self.seats[seat]
        if not (desk.groups and desk.groups[0] == cards):
            return None
        pv = self.view()
        rules = variant_of(pv.variant).rules_for(pv)
        ends = list(accumulate(desk.groups[1], initial=0))
        groups = [cards[a:b] for a, b in zip(ends, ends[1:])]
        seq_down = variant_of(pv.variant).sequence_down(pv, seat)
        return grouped_penalty(groups, rules, sequence_down=seq_down)

    def grouped_text(self, seat: int, cards: list[Card]) -> str:
        """The hand box's word on the player's groups: what they count, when that is not
        the hand's count (the best arrangement's): "as grouped 34"."""
        try:
            grouped = self.grouped_count(seat, cards)
            if grouped is None or grouped == self.arrangement(cards).penalty:
                return ""
        except Exception:  # a comfort figure: never let it break a turn
            return ""
        return f"as grouped {grouped}"

    def relaxed_note(self) -> str:
        pv = self.view()
        rules = rules_for(pv)
        if rules.declaration:
            why = "needs two sequences, one pure"
        elif rules.sets_need_sequence:
            why = "a set needs a sequence down first"
        else:
            why = "the hand's conditions are not met"
        return f"grouped, not counted yet: {why}"

    def arrangement(self, cards: list[Card], grouping: bool = False) -> Any:
        """The best arrangement of these cards for the seat on screen (cached).

        ``grouping`` relaxes the variant's whole-hand conditions (Indian: two sequences
        with one pure; Remi: a sequence before sets) so that auto-arrange still groups the
        melds a player is building; the penalty shown is always the real one."""
        pv = self.view()
        seat = self.viewer
        seq_down = seat is not None and variant_of(pv.variant).sequence_down(pv, seat)
        key = (tuple(sorted(cards)), seq_down, grouping)
        found = self._arrangements.get(key)
        if found is None:
            rules = rules_for(pv)
            check_copies(cards, rules)
            if grouping:
                rules = replace(rules, declaration=False, sets_need_sequence=False, cap=None)
            found = best_arrangement(cards, rules, sequence_down=seq_down)
            if len(self._arrangements) > 256:
                self._arrangements.clear()
            self._arrangements[key] = found
        return found

    def hint(self, seen: PlayerView | None = None) -> Any:
        """What the hard computer player would do, from the viewer's own view (issue 29)."""
        seen = self.view() if seen is None else seen
        return choose_action("hard", seen, random.Random(seen.actions))


def _saved_groups(desk: Seat, order: list[Card]) -> list[int]:
    """The sizes of the seat's groups of ``order`` (the hand as saved), [] for none."""
    groups = desk.groups
    if not groups or groups[0] != desk.order or not order:
        return []
    return list(groups[1]) if order == desk.order else carry_groups(desk.order, groups[1], order)


def _discard_in_log(state: GameState) -> tuple[int, int, Card] | None:
    """A resumed game: whose discard is on top, from this round's events (the latest one
    that changed the pile is a ``Discarded`` of that card)."""
    if not state.discard:
        return None
    top = state.discard[-1]
    for event in reversed(state.log):
        if event.round_no != state.round_no:
            return None
        if isinstance(event, Discarded):
            return (event.player, len(state.discard), top) if event.card == top else None
        if isinstance(event, (Took, StockRebuilt, Note)) or (
                isinstance(event, MissedTurn) and event.discarded):
            # the pile changed in another way (taken, a missed turn's discard, rebuilt; a
            # line of an old log might have been a discard: no mark rather than a wrong one)
            return None
    return None
