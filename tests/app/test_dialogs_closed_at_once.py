"""A dialog closed before it was drawn does not take the app down: the table closes whatever
is open over it when the turn passes to the next player at this keyboard (issue 30), and a
computer player's or a remote player's move can do so in the instant a dialog opens (the
host pressing b for the seat list as a bot's move handed the turn over stopped the app:
"No nodes match 'OptionList'", seen in CI). The dialogs focus with ``AUTO_FOCUS`` and set up
in ``compose``, not by looking for their widgets in ``on_mount``. Textual's own command
palette fails so too: the table waits for what was opened to be drawn before it closes it
(tests/app/test_turn_change.py)."""

from __future__ import annotations

import pytest
from rich.text import Text
from textual.app import App
from textual.screen import Screen
from textual.widgets import Button, OptionList

from rummy_tui.app.dialogs.chat import ChatDialog
from rummy_tui.app.dialogs.choose import (ChooseMeldDialog, ConfirmDialog, CostlyConfirmDialog,
                                          MessageDialog, QuitAnywayDialog)
from rummy_tui.app.dialogs.finish import FinishChoice, FinishDialog
from rummy_tui.app.dialogs.help import HelpScreen
from rummy_tui.app.dialogs.invitations import InvitationsDialog
from rummy_tui.app.dialogs.pass_device import PassDeviceScreen
from rummy_tui.app.dialogs.too_small import TooSmallScreen
from rummy_tui.core.cards import parse_card


def _finish() -> FinishDialog:
    choices = [FinishChoice(parse_card("KS"), False, "cannot close", Text("no")),
               FinishChoice(parse_card("2H"), True, "closes", Text("you show"))]
    return FinishDialog("Close with which card?", choices, start=1)


DIALOGS = {
    "seat list or lay-off": lambda: ChooseMeldDialog("Which remote seat?", [(2, "Bob")]),
    "costly yes": lambda: CostlyConfirmDialog("Declare? It costs 80 points."),
    "confirm": lambda: ConfirmDialog("Discard it?"),
    "quit anyway": lambda: QuitAnywayDialog("Quit anyway?"),
    "message": lambda: MessageDialog("Wrong declaration", "80 points"),
    "finish": _finish,
    "rules": lambda: HelpScreen("remigio"),
    "chat": lambda: ChatDialog([("Bob", "hello")], 200),
    "invitations": lambda: InvitationsDialog(["Bob: rummy-tui join 127.0.0.1:8765 CODE"],
                                             "127.0.0.1:8765"),
    "pass": lambda: PassDeviceScreen("Ann"),
    "too small": TooSmallScreen,
}


@pytest.mark.parametrize("name", sorted(DIALOGS))
async def test_a_dialog_closed_before_it_is_drawn_leaves_the_app_running(name):
    app = App[None]()
    async with app.run_test() as pilot:
        await app.push_screen(Screen())  # the table
        app.push_screen(DIALOGS[name]())
        app.pop_screen()  # what TableScreen._close_screens_above does
        await pilot.pause(0.1)
        assert app._exception is None, app._exception
        assert app.is_running


async def test_the_dialogs_still_focus_what_they_did():
    app = App[None]()
    async with app.run_test() as pilot:
        for make, focused in [(DIALOGS["seat list or lay-off"], OptionList),
                              (DIALOGS["costly yes"], Button)]:
            app.push_screen(make())
            await pilot.pause()
            assert isinstance(app.focused, focused), app.focused
            app.pop_screen()
        app.push_screen(DIALOGS["costly yes"]())
        await pilot.pause()
        assert app.focused.id == "no"  # a burst of Enters never answers yes
        app.pop_screen()
        dialog = _finish()
        app.push_screen(dialog)
        await pilot.pause()
        assert app.focused.id == "finish-cards"
        assert dialog.highlighted is not None and dialog.highlighted.ok  # the start
        assert "you show" in dialog.detail_text()
        app.pop_screen()
        help_screen = HelpScreen("remigio")
        app.push_screen(help_screen)
        await pilot.pause()
        assert app.focused.id == "help-scroll"
