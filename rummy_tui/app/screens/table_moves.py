"""The table's keys for moves and for the hand: each turns a key into one engine action
(sent through :meth:`TableScreen.play`) or a change of the hand's order.

Kept apart from ``table.py`` (layout and turn controller) so that each file reads as one job;
every rule question goes to the engine, through the session's view of the player at the
keyboard.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...core.bots.explain import explain
from ...core.cards import Card
from ...core.groups import INVALID, group_label
from ...core.registry import variant_of
from ...core.state import Discard, DrawStock, LayOff, Meld, TakeDiscard
from ...core.variants.indian import Declare, Drop
from ...core.variants.remi import EndOnEmptyStock
from ...core.variants.remigio import Close
from ...core.variants import RuleError
from ..dialogs import finish
from ..hint_text import hint_line
from ..dialogs.choose import ChooseMeldDialog, ConfirmDialog, CostlyConfirmDialog
from ..widgets.hand import Hand

if TYPE_CHECKING:
    from ..typed import RummyAppLike
    from ..session import TableSession


def describe(action: Any, ascii: bool = False) -> str:
    """An action in words, for hints."""
    def cards(cs: Any) -> str:
        return " ".join(c.symbol(ascii) for c in cs)

    match action:
        case DrawStock():
            return "draw from the stock"
        case TakeDiscard(depth=1):
            return "take the top discard"
        case TakeDiscard(depth=depth):
            return f"take discard number {depth} from the top"
        case Meld(cards=cs):
            return f"meld {cards(cs)}"
        case LayOff(cards=cs, meld_index=i):
            return f"lay off {cards(cs)} on meld {i + 1}"
        case Discard(card=c):
            return f"discard {c.symbol(ascii)}"
        case Close(discard=c):
            return f"close, discarding {c.symbol(ascii)} face down"
        case Declare(finish=c):
            return f"declare with {c.symbol(ascii)} in the finish slot"
        case Drop():
            return "drop"
        case EndOnEmptyStock():
            return "end the round (the stock is empty)"
    # another game's own move: its name and the cards it names
    shown = [getattr(action, f) for f in getattr(action, "__dataclass_fields__", {})]
    return " ".join([type(action).__name__.lower(),
                     *(c.symbol(ascii) for c in shown if isinstance(c, Card))])


class TableMoves:
    """Mixed into :class:`TableScreen`: the key handlers of a turn."""

    session: TableSession

    if TYPE_CHECKING:  # provided by TableScreen
        @property
        def rummy(self) -> RummyAppLike: ...
        def query_one(self, selector: Any, expect_type: Any = None) -> Any: ...
        def notify(self, message: str, *, title: str = "", severity: Any = "information",
                   timeout: float | None = None, markup: bool = True) -> None: ...
        def play(self, action: Any, *, undoable: bool = False) -> bool: ...
        def commit(self, state: Any) -> None: ...
        def _footer_changed(self) -> None: ...
        def _redraw_hand(self) -> None: ...

    # --- moves ---------------------------------------------------------------------------
    def action_cursor(self, delta: int) -> None:
        self.query_one(Hand).move_cursor(delta)

    def action_cursor_to(self, index: int) -> None:
        hand = self.query_one(Hand)
        if hand.cards:
            hand.cursor = index % len(hand.cards)

    def action_clear_selection(self) -> None:
        self.query_one(Hand).clear_selection()

    def action_nothing_to_undo(self) -> None:
        session = self.session
        if not session.my_turn():
            if session.in_play:
                state = session.state
                self.notify(f"It is {state.players[state.to_move].name}'s turn.",
                            severity="warning")
            return
        if session.state.phase == "draw":  # nothing drawn yet: no word of a draw
            self.notify("Nothing to undo yet: u takes back a meld, a lay-off or an "
                        "arrangement of this turn.", severity="warning")
            return
        self.notify("Nothing to undo: a draw, and what came before it, cannot be undone.",
                    severity="warning")

    def action_select(self) -> None:
        # not "toggle": that is DOMNode's own action (toggle an attribute), another signature
        self.query_one(Hand).toggle()

    def action_draw_stock(self) -> None:
        self.play(DrawStock())

    def action_take_discard(self, depth: int = 1) -> None:
        self.play(TakeDiscard(depth))

    def _deep_takes(self) -> tuple[int, ...]:
        """The discards 1, 2, 3 may take: none where only the top one may be taken (d)."""
        depths = tuple(variant_of(self.session.state.variant).pickup_depths)
        return depths if len(depths) > 1 else ()

    def action_take_nth(self, depth: int) -> None:
        if depth in self._deep_takes():
            self.play(TakeDiscard(depth))
        else:
            self._no_deep_take()

    def _no_deep_take(self) -> None:
        """1, 2, 3 in a game that takes only the top discard: say so (issue 30: silence)."""
        self.notify("In this game only the top discard may be taken: d takes it, s draws "
                    "from the stock.", severity="warning")

    def _refused(self, probe: Any) -> bool:
        """Before a dialog or a selection message: when no move of this kind is legal now,
        show the engine's reason for ``probe`` and say so (the engine decides, not the app)."""
        if any(isinstance(a, type(probe)) for a in self.session.legal()):
            return False
        try:
            self.session.check(probe)
        except RuleError as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return True
        return False

    def _need_cards(self, what: str) -> list[Card] | None:
        cards = self.query_one(Hand).target_cards()
        if not cards:
            self.notify(f"Select the cards to {what} first (space).", severity="warning")
            return None
        return cards

    def action_meld(self) -> None:
        cards = self.query_one(Hand).selected_cards()
        pv = self.session.view()
        # With nothing chosen yet, the engine's reason is wanted only when no meld could be
        # laid now at all (draw first; melds stay in the hand); else: how to choose one.
        if (cards or pv.phase != "play" or not variant_of(pv.variant).table_melds) \
                and self._refused(Meld(tuple(cards))):
            return
        if len(cards) < 2:
            self.notify("Select the cards of the meld with space, then press m.",
                        severity="warning")
            if not cards:
                return
        self.play(Meld(tuple(cards)), undoable=True)

    def action_lay_off(self) -> None:
        pv = self.session.view()
        if not pv.table and pv.phase == "play" and self.session.my_turn() \
                and variant_of(pv.variant).table_melds:
            # the engine's "no such meld" reads as if a number had been mistyped
            self.notify("There is no meld on the table yet to lay off onto.",
                        severity="warning")
            return
        if self._refused(LayOff(tuple(self.query_one(Hand).target_cards()), 0)):
            return
        cards = self._need_cards("lay off")
        if cards is None:
            return
        if not pv.table:
            self.play(LayOff(tuple(cards), 0), undoable=True)  # the engine says why not
            return
        takers = [i for i in range(len(pv.table)) if self.session.allows(LayOff(tuple(cards), i))]
        if len(takers) == 1:  # one meld takes them: no question to ask
            self.play(LayOff(tuple(cards), takers[0]), undoable=True)
            return
        ascii = self.rummy.ascii
        choices = [
            (i, f"{i + 1}: {pv.players[m.owner].name}: "
                + " ".join(c.symbol(ascii) for c in m.cards))
            for i, m in enumerate(pv.table)
        ]
        label = " ".join(c.symbol(ascii) for c in cards)

        def chosen(index: int | None) -> None:
            self.session.busy = False
            if index is not None:
                self.play(LayOff(tuple(cards), index), undoable=True)
            self._footer_changed()

        self.session.busy = True
        self.rummy.push_screen(ChooseMeldDialog(f"Lay off {label} onto which meld?", choices),
                               chosen)

    def _one_card(self, what: str) -> Card | None:
        hand = self.query_one(Hand)
        chosen = hand.selected_cards()
        if len(chosen) > 1:
            self.notify(f"Select one card to {what} (or none: the card under the cursor).",
                        severity="warning")
            return None
        card = chosen[0] if chosen else hand.cursor_card()
        if card is None:
            self.notify(f"There is no card to {what}.", severity="warning")
        return card

    def action_discard(self) -> None:
        card = self._one_card("discard")
        if card is None:
            return
        meld = self._meld_of(card)
        if meld is None:
            self.play(Discard(card))
            return
        ascii = self.rummy.ascii
        self._confirm(
            f"Discard {card.symbol(ascii)}? It is in your meld "
            f"{' '.join(c.symbol(ascii) for c in meld)}.",
            lambda: self.play(Discard(card)))

    def _meld_of(self, card: Card) -> tuple[Card, ...] | None:
        """The meld of the hand's current arrangement that holds ``card`` (the groups on
        screen when the hand is arranged, else the melds the hand makes), or None. Asked
        only when the discard itself is legal: a refusal needs no question first."""
        if not any(isinstance(a, Discard) and a.card == card for a in self.session.legal()):
            return None
        seat = self.session.viewer
        if seat is None:
            return None
        try:
            order, sizes = self.session.hand_order(seat)
            if sizes:  # arranged: the groups on screen
                pv = self.session.view()
                rules = variant_of(pv.variant).rules_for(pv)
                ends = [sum(sizes[:i]) for i in range(len(sizes) + 1)]
                found = [tuple(order[a:b]) for a, b in zip(ends, ends[1:])]
                found = [g for g in found if group_label(g, rules) != INVALID]
            else:  # the melds the hand makes (Indian, Remi: also those not counted yet)
                found = [m.cards for m in self.session.arrangement(order, grouping=True).melds]
        except Exception:  # a comfort question: never block a discard
            return None
        # Copies count apart (two decks: Q♣ Q♣ with one in a meld): a discard takes one
        # copy, and the melds stay whole when a copy lies outside them (issue 30).
        in_melds = sum(list(m).count(card) for m in found)
        if in_melds < list(order).count(card):
            return None
        return next((tuple(m) for m in found if card in m), None)

    def action_close(self) -> None:
        """``c``: the game's finishing move (``Variant.finish``), or going out by playing."""
        if variant_of(self.session.state.variant).finish is None:
            self._go_out()
        else:
            self._choose_finish()

    def _choose_finish(self) -> None:
        """Indian's finish slot, Remigio's face-down card: chosen in a dialog that says what
        each card would do; the player's card (selected or under the cursor) comes first.
        A declaration (``HandRules.declaration``) is a legal move even when wrong, so each
        card's verdict is the declaration's; otherwise it is the engine's."""
        hand = self.query_one(Hand)
        chosen = hand.selected_cards()
        wanted = chosen[0] if len(chosen) == 1 else hand.cursor_card()
        if wanted is None:
            return
        ascii, four = self.rummy.ascii, self.rummy.four_colour
        pv = self.session.view()
        v = variant_of(pv.variant)
        rules = v.rules_for(pv)
        if (pv.phase != "play" or rules.declaration) and self._refused(v.finish_with(wanted)):
            return  # e.g. draw a card first
        cards = list(hand.cards)
        verb = v.finish_label.lower()
        if rules.declaration:
            order, sizes = self.session.hand_order(self.session.viewer or 0)
            ends = [sum((sizes or [])[:i]) for i in range(len(sizes or []) + 1)]
            own = [order[a:b] for a, b in zip(ends, ends[1:])] if order == cards else []
            choices = finish.declare_choices(cards, rules, ascii, four, own)
        else:
            legal_moves = set(self.session.legal())
            legal = {c for c in cards if v.finish_with(c) in legal_moves}
            if not legal:
                # no card finishes: the refusal names the player's card and the rule
                try:
                    self.session.check(v.finish_with(wanted))
                except RuleError as exc:
                    self.notify(f"you cannot {verb} with {wanted.symbol(ascii)}"
                                f"{v.finish_card_place}: {exc}",
                                title="Not allowed", severity="warning")
                return
            why = finish.refusal_reasons(cards, lambda c: self.session.check(v.finish_with(c)))
            choices = finish.close_choices(cards, legal, rules, why, ascii, four,
                                           verb=verb, place=v.finish_card_place)
        title, hint = v.finish_title, v.finish_hint

        verdicts = {choice.card: choice.ok for choice in choices}

        def picked(card: Card | None) -> None:
            self.session.busy = False
            self._footer_changed()
            if card is None:
                return
            cost = None if verdicts.get(card, True) else self._wrong_declaration_cost(card)
            if cost is None:
                self.play(v.finish_with(card))
                return
            # Guard the wrong declaration (issue 30): it is a legal move, and costly.
            self._confirm("Not valid: declare anyway? It costs "
                          + (f"{cost} points." if cost else "points."),
                          lambda: self.play(v.finish_with(card)), costly=True)

        self.session.busy = True
        self._footer_changed()
        self.rummy.push_screen(finish.FinishDialog(
            title, choices, finish.start_index(choices, wanted), hint, ascii, four), picked)

    def _wrong_declaration_cost(self, card: Card) -> int | None:
        """What declaring with ``card`` in the finish slot would cost, as the engine scores
        it (None: it would not be a wrong declaration; the session tries the move)."""
        return self.session.declaration_cost(card)

    def _go_out(self) -> None:
        """Rummy and Remi go out by melding and discarding the last card: when the hand's
        best arrangement leaves at most one card, lay its melds and discard that card, each
        move through the engine (the first refusal stops, with the rule's reason)."""
        hand = self.query_one(Hand)
        if hand.cards and self._refused(Discard(hand.cards[0])):  # e.g. draw a card first
            return
        arr = self.session.arrangement(hand.cards)
        if len(arr.deadwood) > 1:
            can_lay_off = any(isinstance(a, LayOff) for a in self.session.legal())
            self.notify(
                f"You cannot go out yet: {len(arr.deadwood)} cards are not in a meld"
                + (" (lay some off with l, or keep playing)." if can_lay_off else "."),
                severity="warning")
            return
        # Runs first: in Remi a set may be laid only once a sequence is down.
        for meld in sorted(arr.melds, key=lambda m: m.kind == "set"):
            if not self.play(Meld(tuple(meld.cards)), undoable=True):
                return
        if arr.deadwood:
            self.play(Discard(arr.deadwood[0]))

    def action_go_out(self) -> None:
        self._go_out()

    def action_drop(self) -> None:
        if self._refused(Drop()):
            return
        pv = self.session.view()
        cost = variant_of(pv.variant).drop_cost(pv, pv.to_move)
        words = f"\nA {cost[0]} drop costs {cost[1]} points." if cost else ""
        self._confirm("Drop out of this deal?" + words, lambda: self.play(Drop()))

    def action_end_round(self) -> None:
        self.play(EndOnEmptyStock())

    def action_attempt(self, name: str, depth: int = 1) -> None:
        """A key whose move is not in the legal list: try it anyway, so the player learns
        the rule's reason from the engine (or it goes through if the list was short)."""
        session = self.session
        state = session.state
        if session.busy:
            return
        if name == "take_nth" and depth not in self._deep_takes():
            self._no_deep_take()
            return
        if session.viewer is None or session.viewer != state.to_move:
            if session.in_play:
                self.notify(f"It is {state.players[state.to_move].name}'s turn.",
                            severity="warning")
            return
        if name == "take_discard":
            self.action_take_discard(depth)
        elif name == "take_nth":
            self.action_take_nth(depth)
        elif name == "drop":
            self.play(Drop())
        else:
            getattr(self, f"action_{name}")()

    def _confirm(self, question: str, then: Callable[[], object], costly: bool = False) -> None:
        def answered(yes: bool | None) -> None:
            self.session.busy = False
            self._footer_changed()
            if yes:
                then()

        self.session.busy = True
        self._footer_changed()
        dialog = CostlyConfirmDialog(question) if costly else ConfirmDialog(question)
        self.rummy.push_screen(dialog, answered)

    # --- the hand: order, arrangement, hint, undo -------------------------------------------
    def action_sort(self) -> None:
        if self.session.viewer is None:
            return
        self.session.sort(self.session.viewer)
        self._redraw_hand()

    def action_arrange(self) -> None:
        seat = self.session.viewer
        if seat is None:
            return
        try:
            self.session.arrange(seat)
        except Exception as exc:  # a comfort feature: report, never break the turn
            self.notify(f"Cannot arrange: {exc}", severity="warning")
            return
        self._redraw_hand()

    def action_group(self) -> None:
        """g: the selected cards make a group of the player's own, at the right end; it
        keeps its place and its label across draws and discards (issue 30)."""
        seat = self.session.viewer
        if seat is None:
            return
        hand = self.query_one(Hand)
        if not hand.selected:
            self.notify("Select the cards to group (space), then press g.",
                        severity="warning")
            return
        first = self.session.group(seat, sorted(hand.selected))
        hand.clear_selection()
        hand.cursor = first
        self._redraw_hand()

    def action_ungroup(self) -> None:
        seat = self.session.viewer
        if seat is None:
            return
        if not self.session.ungroup(seat):
            self.notify("The hand has no groups.", severity="warning")
            return
        self._redraw_hand()

    def action_hint(self) -> None:
        """What ``hard`` would do and why (issue 29), thought out in a thread: the screen
        never freezes, and the answer is dropped if the game moved on meanwhile."""
        try:
            seen = self.session.view()
        except Exception as exc:
            self.notify(f"No hint: {exc}", severity="warning")
            return
        ascii = self.rummy.ascii
        screen: Any = self  # a TableScreen: Textual's workers and app
        screen.run_worker(lambda: self._hint_thread(seen, ascii), thread=True, group="hint",
                          exclusive=True, exit_on_error=False)

    def _hint_thread(self, seen: Any, ascii: bool) -> None:
        try:
            action = self.session.hint(seen)
            line = hint_line(explain(seen, action), variant_of(seen.variant).finish, describe,
                             ascii)
        except Exception as exc:  # a comfort feature: report, never break the turn
            self._app().call_from_thread(self._show_hint, seen, f"No hint: {exc}", "warning")
            return
        self._app().call_from_thread(self._show_hint, seen, line, "information")

    def _app(self) -> Any:
        screen: Any = self  # a TableScreen
        return screen.app

    def _show_hint(self, seen: Any, line: str, severity: str) -> None:
        session = self.session
        if self not in self._app().screen_stack:
            return  # the table was left while hard thought
        if session.state.actions != seen.actions or session.viewer != seen.player:
            return  # a hint names the cards of the hand it was for: that turn is over
        self.notify(line, title="Hint" if severity == "information" else "", severity=severity,
                    timeout=4)

    def action_undo(self) -> None:
        if self.session.undo():
            self.commit(self.session.state)
