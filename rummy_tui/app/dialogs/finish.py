"""The card of a finishing move, chosen in a dialog (issue 12): the card for Indian's finish
slot, the card Remigio's closer puts face down.

The dialog lists the cards of the hand, each with what it would do ("valid declaration",
"not valid: no pure sequence", "can close", "cannot close"), and shows below the list the
groups the other cards make (labelled Pure sequence, Sequence, Set, Invalid) or the rule's
reason. Enter plays the highlighted card, Esc cancels. The verdicts come from the rules core:
the engine's own check for a close, Indian's ``declaration`` (the engine's search) for a
declaration, which is a legal move even when wrong.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...core.arrange import best_arrangement
from ...core.cards import Card
from ...core.engine import view
from ...core.groups import INVALID, PURE, SEQUENCE, group_label
from ...core.hand_rules import HandRules, RuleError
from ...core.registry import variant_of
from ...core.turn import remove
from ...core.variants.indian.declaration import (DeclarationCheck, check_declaration,
                                                 check_grouped)
from ..screens.summary import SPECIAL_NAMES
from ..widgets.table_parts import card_text, cards_text
from .choose import MessageDialog, OnceModal

if TYPE_CHECKING:
    from ...core.state import GameState

LABEL_WIDTH = 15
FINISH_SLOT = "Finish slot"
RUN = "Run"
"""Remigio's word for a sequence (the close dialog, as under the hand on the table)."""


@dataclass(frozen=True)
class FinishChoice:
    card: Card
    ok: bool
    """Valid declaration / a legal close."""
    summary: str
    """A few words on the card's line of the list."""
    detail: Text
    """What this card leaves (the groups) or why not."""


def groups_text(groups: Sequence[tuple[str, Sequence[Card]]], ascii: bool, four: bool) -> Text:
    """One labelled group a line: "Pure sequence  3♠ 4♠ 5♠"."""
    text = Text()
    for i, (label, cards) in enumerate(groups):
        if i:
            text.append("\n")
        text.append(f"{label:<{LABEL_WIDTH}}", style="bold" if label != INVALID else "bold red")
        text.append_text(cards_text(list(cards), ascii, four))
    return text


def declaration_text(check: DeclarationCheck, finish: Card | None, ascii: bool,
                     four: bool) -> Text:
    """The verdict once, the groups as declared, and the finish card on a line apart."""
    text = Text()
    if check.valid:
        text.append("Valid declaration.", style="bold green")
    else:
        text.append(f"Not valid: {check.reason_text()}.", style="bold red")
    text.append("\n")
    lines: list[tuple[str, Sequence[Card]]] = [(g.label, g.cards) for g in check.groups]
    text.append_text(groups_text(lines, ascii, four))
    if finish is not None:
        text.append(f"\n{FINISH_SLOT:<{LABEL_WIDTH}}", style="bold")
        text.append_text(card_text(finish, ascii, four))
    return text


def _distinct(hand: Sequence[Card]) -> list[Card]:
    return list(dict.fromkeys(hand))


def declare_choices(hand: Sequence[Card], rules: HandRules, ascii: bool,
                    four: bool, groups: Sequence[Sequence[Card]] = ()) -> list[FinishChoice]:
    """Each card of a 14-card Indian hand in the finish slot: is the declaration valid?
    When the player's own ``groups`` (the hand on screen) make a valid declaration without
    that card, they are the groups shown, in the player's order (issue 30)."""
    found = []
    for card in _distinct(hand):
        rest = remove(hand, (card,))
        assert rest is not None
        check = check_declaration(rest, rules)
        if check.valid and groups:
            own = check_grouped(_without(groups, card), rules)
            check = own or check
        summary = "valid declaration" if check.valid else f"not valid: {check.reasons[0]}"
        found.append(FinishChoice(card, check.valid, summary,
                                  declaration_text(check, card, ascii, four)))
    return found


def _without(groups: Sequence[Sequence[Card]], card: Card) -> list[list[Card]]:
    """The groups with one copy of ``card`` taken out (from the last group holding it: a
    drawn card sits on the right, apart)."""
    out = [list(g) for g in groups]
    for group in reversed(out):
        if card in group:
            group.remove(card)
            break
    return [g for g in out if g]


def close_choices(hand: Sequence[Card], legal: set[Card], rules: HandRules,
                  why_not: dict[Card, str], ascii: bool, four: bool, verb: str = "close",
                  place: str = " face down") -> list[FinishChoice]:
    """Each card of a Remigio hand put face down: can the player close, and with what?
    ``legal``: the cards the engine accepts; ``why_not``: its refusal for the others.
    ``verb`` and ``place``: the game's words (``Variant.finish_label``, ``finish_card_place``)."""
    found = []
    for card in _distinct(hand):
        sym = card.symbol(ascii)
        if card not in legal:
            detail = Text(f"Cannot {verb} with {sym}{place}: {why_not.get(card, '')}",
                          style="red")
            found.append(FinishChoice(card, False, f"cannot {verb}", detail))
            continue
        rest = remove(hand, (card,))
        assert rest is not None
        arr = best_arrangement(rest, rules)
        special = SPECIAL_NAMES.get(arr.special, str(arr.special)) if arr.special else ""
        summary = f"can {verb}" + (f": {special}" if special else "")
        if arr.multiplier:
            summary += f", ×{arr.multiplier}" if not ascii else f", x{arr.multiplier}"
        detail = Text()
        detail.append(f"{verb.capitalize()} with {sym}{place}; you show:\n", style="bold green")
        if special:
            detail.append_text(groups_text([(special, sorted(rest))], ascii, four))
        else:
            # Remigio's word for a sequence is "Run", as under the hand on the table
            labels = [group_label(m.cards, rules) for m in arr.melds]
            detail.append_text(groups_text(
                [(RUN if label in (PURE, SEQUENCE) else label, m.cards)
                 for label, m in zip(labels, arr.melds)], ascii, four))
        found.append(FinishChoice(card, True, summary, detail))
    return found


def refusal_reasons(hand: Sequence[Card], check: object) -> dict[Card, str]:
    """The engine's refusal of each card (``check(card)`` raises RuleError)."""
    reasons = {}
    for card in _distinct(hand):
        try:
            check(card)  # type: ignore[operator]
        except RuleError as exc:
            reasons[card] = str(exc)
    return reasons


class FinishDialog(OnceModal["Card | None"]):
    """Which card? The list of the hand's cards, the highlighted one's verdict below it."""

    DEFAULT_CSS = """
    FinishDialog { align: center middle; }
    FinishDialog > Vertical {
        width: 72; max-width: 98%; height: auto; max-height: 100%;
        border: thick $accent; background: $surface; padding: 0 1;
    }
    FinishDialog #finish-title { text-style: bold; margin-bottom: 1; }
    FinishDialog OptionList { height: auto; max-height: 40vh; }
    FinishDialog #finish-detail { height: auto; margin-top: 1; }
    FinishDialog #finish-hint { height: auto; margin-top: 1; color: $text-muted; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]
    AUTO_FOCUS = "#finish-cards"

    def __init__(self, title: str, choices: list[FinishChoice], start: int = 0,
                 hint: str = "Enter: choose · Esc: cancel", ascii: bool = False,
                 four: bool = False) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices
        self.start = start
        self.hint = hint
        self.ascii = ascii
        self.four = four

    def compose(self) -> ComposeResult:
        options = []
        for i, choice in enumerate(self.choices):
            prompt = Text()  # a card's Text has its colour as base style: append it
            prompt.append_text(card_text(choice.card, self.ascii, self.four))
            prompt.pad_right(4 - len(prompt.plain))
            prompt.append(f"  {choice.summary}", style="green" if choice.ok else "dim")
            options.append(Option(prompt, id=str(i)))
        cards = OptionList(*options, id="finish-cards")
        cards.highlighted = self.start
        detail = self.choices[self.start].detail if self.choices else ""
        with Vertical():
            yield Static(Text(self.title_text), id="finish-title")
            yield cards
            yield Static(detail, id="finish-detail")
            yield Static(Text(self.hint), id="finish-hint")

    @property
    def highlighted(self) -> FinishChoice | None:
        index = self.query_one(OptionList).highlighted
        return None if index is None else self.choices[index]

    def detail_text(self) -> str:
        return str(self.query_one("#finish-detail", Static).render())

    def _show(self, index: int | None) -> None:
        if index is not None:
            self.query_one("#finish-detail", Static).update(self.choices[index].detail)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self._show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.choices[event.option_index].card)

    def action_cancel(self) -> None:
        self.dismiss(None)


def start_index(choices: list[FinishChoice], wanted: Card | None) -> int:
    """The player's card (selected, or under the cursor) when it works, else the first that
    does, else the player's card."""
    cards = [c.card for c in choices]
    mine = cards.index(wanted) if wanted in cards else 0
    if choices and choices[mine].ok:
        return mine
    return next((i for i, c in enumerate(choices) if c.ok), mine)


def state_word(state: GameState) -> str:
    """"round", or what the game's rule text calls it (Indian: "deal")."""
    return str(variant_of(state.variant).round_word)


def declared_wrongly(action: object, new_state: GameState, seat: int | None) -> bool:
    """This move was a wrong declaration (whether the others play on or, with one player
    left, the deal is over): the declarer is told why before anything else."""
    v = variant_of(new_state.variant)
    if v.finish is None or not isinstance(action, v.finish) or seat is None:
        return False
    return bool(v.wrong_declaration(new_state, seat))


def wrong_declaration_dialog(state: GameState, seat: int, finish: Card, ascii: bool,
                             four: bool) -> ModalScreen[None]:
    """What the declarer learns before the keyboard is passed on: the penalty in the title,
    the reason once, the 13 cards as declared (labelled groups) and the finish card apart.
    The declaration showed the hand to everyone, so the modal shows it too."""
    pv = view(state, seat)
    rest = remove(pv.hand, (finish,))
    body = declaration_text(check_declaration(rest or list(pv.hand),
                                              variant_of(pv.variant).rules_for(pv)),
                            finish if rest is not None else None, ascii, four)
    penalty = variant_of(state.variant).wrong_declaration(state, seat)
    over = state.phase not in ("draw", "play")
    title = (f"Wrong declaration: {penalty} points"
             + (", and the deal is over" if over else ", you are out of this deal"))
    return MessageDialog(title, body)
