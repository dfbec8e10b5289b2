"""Small modal dialogs of the table: a yes/no confirmation and a choice of meld."""

from __future__ import annotations

from typing import Any, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, OptionList, Static
from textual.widgets.option_list import Option

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 60; max-width: 95%; height: auto; max-height: 90%;
    border: thick $accent; background: $surface; padding: 1 2;
}}
{name} Horizontal {{ height: auto; margin-top: 1; }}
{name} Button {{ margin-right: 2; }}
{name} OptionList {{ height: auto; max-height: 14; }}
"""


R = TypeVar("R")


class OnceModal(ModalScreen[R]):
    """A dialog that closes once. Keys come in bursts: a second Enter may reach the dialog
    after the first has closed it, and a second dismiss would pop the screen under it (the
    table) and answer twice."""

    def dismiss(self, result: Any = None) -> AwaitComplete:
        if not self.is_active:
            return AwaitComplete()
        return super().dismiss(result)


class ConfirmDialog(OnceModal[bool]):
    DEFAULT_CSS = DIALOG_CSS.format(name="ConfirmDialog")
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="dialog.yes"),
        Binding("enter", "answer(True)", "Yes", show=False, id="dialog.yes"),
        Binding("n", "answer(False)", "No", id="dialog.no"),
        Binding("escape", "answer(False)", "No", show=False, id="dialog.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(self.question))  # may quote a file or a name: never markup
            with Horizontal():
                yield Button("Yes (y)", variant="primary", id="yes")
                yield Button("No (n)", id="no")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class CostlyConfirmDialog(ConfirmDialog):
    """A question whose yes costs points (a wrong declaration): Enter and Esc answer no,
    only y (or the Yes button) answers yes, so a burst of Enters never pays the cost."""

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="dialog.costly_yes"),
        Binding("enter", "answer(False)", "No", show=False, id="dialog.costly_no"),
        Binding("n", "answer(False)", "No", id="dialog.costly_no"),
        Binding("escape", "answer(False)", "No", show=False, id="dialog.costly_no"),
    ]

    AUTO_FOCUS = "#no"


class QuitAnywayDialog(ConfirmDialog):
    """ctrl+q when the game could not be saved (a second ctrl+q quits anyway)."""


class ChooseMeldDialog(OnceModal[int | None]):
    """Lay off onto which meld? Returns the table index, or None."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ChooseMeldDialog")
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="dialog.cancel")]

    def __init__(self, title: str, choices: list[tuple[int, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = choices

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text)
            yield OptionList(*[Option(label, id=str(index)) for index, label in self.choices])

    AUTO_FOCUS = "OptionList"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class MessageDialog(OnceModal[None]):
    """A message that must be read before play goes on (a wrong declaration)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="MessageDialog") + """
    MessageDialog #message-title { text-style: bold; }
    """
    BINDINGS = [
        Binding("enter", "close", "OK", id="dialog.ok"),
        Binding("escape", "close", "OK", show=False, id="dialog.ok"),
    ]

    def __init__(self, title: str, body: object) -> None:
        super().__init__()
        self.title_text = title
        self.body = body

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, id="message-title", classes="-title")
            yield Static(self.body, id="message-body")  # type: ignore[arg-type]
            with Horizontal():
                yield Button("OK (Enter)", variant="primary", id="ok")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
