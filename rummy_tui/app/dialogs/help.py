"""The rules of the current variant (docs/RULES.md, rendered with Markdown) and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Markdown, Static

from ...rules_doc import rules_text

KEYS_MD = """\
## Keys

| key | action |
|---|---|
| ← → | move the cursor (Home, End: to the ends of the hand) |
| shift+← shift+→ (or `<` `>`) | move the card under the cursor: your order is kept through the game and saved |
| space | select or unselect the card under the cursor (Esc: unselect all) |
| `s` | draw from the stock |
| `d` | take the top discard (Remi: `1`, `2`, `3` for the nth card from the top) |
| `m` | meld the selected cards |
| `l` | lay the selection off onto a meld you then choose |
| `x` | discard the selected card (or the card under the cursor); a card of a meld asks first |
| `c` | close, declare or go out (Indian, Remigio: a dialog shows what each card would do in the finish slot or face down; Enter plays it, and a declaration that is not valid asks first: y declares anyway) |
| `r` | drop (Indian) |
| `e` | end the round on an empty stock (Remi) |
| `o` | sort the hand by suit / by rank |
| `a` | auto-arrange the hand into its best melds |
| `g` | make a group of the selected cards (at the right end): your groups keep their places and labels (Pure sequence, Sequence, Set, Invalid) through draws and discards, and the hand box says what the hand counts as grouped |
| `G` | undo the hand's groups (the order stays) |
| `h` | hint: what the computer would do |
| `u` | undo a meld, lay-off or arrangement within your turn (never a draw) |
| `?` | these rules |
| ctrl+p | command palette |
| ctrl+s | save |
| ctrl+q | quit |

Everything works with the mouse too: click a card to select it, click the stock or the
discard pile to draw from it.
"""


def variant_rules(variant: str | None) -> str:
    """docs/RULES.md (packaged with rummy_tui, see ``rummy_tui.rules_doc``): one variant's
    section plus the common one, or the whole document when no game is chosen yet."""
    try:
        return rules_text(variant, with_common=True) if variant else rules_text()
    except (OSError, ValueError) as exc:
        return f"# Rules\n\nThe rules document could not be read: {exc}"


class HelpScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical {
        width: 90%;
        height: 90%;
        border: thick $accent;
        background: $surface;
    }
    HelpScreen Markdown { padding: 0 1; }
    HelpScreen #help-scroll { height: 1fr; }
    """
    AUTO_FOCUS = "#help-scroll"

    BINDINGS = [
        Binding("escape", "close", "Close", id="help.close"),
        Binding("question_mark", "close", "Close", show=False, id="help.close"),
        Binding("q", "close", "Close", show=False, id="help.close"),
    ]

    def __init__(self, variant: str | None = None) -> None:
        super().__init__()
        self.variant = variant

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(" Rules and keys — Esc to close", id="help-title")
            with VerticalScroll(id="help-scroll"):
                yield Markdown(KEYS_MD + "\n\n" + variant_rules(self.variant))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)
