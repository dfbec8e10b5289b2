"""The game's commands in the command palette: new game, rules, save, and the table's actions
by name.

They are system commands (``RummyApp.get_system_commands``), listed next to Textual's own
(Theme, Keys, Screenshot, Quit). Quitting is Textual's "Quit", which runs the app's
``action_quit`` (it asks first when the last save failed): the game does not add a second.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from typing import Any

from textual.app import SystemCommand
from textual.binding import Binding
from textual.command import CommandList, CommandPalette
from textual.widgets import LoadingIndicator

_APP_COMMANDS = (
    ("New game", "Back to the variant picker", "new_game"),
    ("Resume a game", "Pick a saved game from the saves folder", "resume"),
    ("Rules and keys", "The rules of this variant and the key help", "help"),
    ("Save game", "Save the game in play", "save"),
    ("Statistics", "Every player's record across finished games", "statistics"),
)

_TABLE_COMMANDS = (
    ("Sort hand by suit / rank", "Toggle the order of the hand", "sort"),
    ("Auto-arrange hand", "Group the hand into its best melds", "arrange"),
    ("Hint", "What the computer would do now", "hint"),
    ("Undo", "Undo a meld, lay-off or arrangement of this turn", "undo"),
    ("Bot speed: faster", "Computer players move quicker", "bot_speed(0.5)"),
    ("Bot speed: slower", "Computer players move slower", "bot_speed(2.0)"),
    ("Four-colour deck on/off", "Spades black, hearts red, diamonds blue, clubs green",
     "toggle_four_colour"),
)


def rummy_commands(app: Any, screen: Any) -> Iterator[SystemCommand]:
    """The app's commands, and the table's when the palette was opened on the table."""
    for name, help, action in _APP_COMMANDS:
        yield SystemCommand(name, help, partial(app.run_action, action))
    if type(screen).__name__ == "TableScreen":
        for name, help, action in _TABLE_COMMANDS:
            yield SystemCommand(name, help, partial(screen.run_action, action))


def _safe_palette() -> type:
    """Textual's command palette, with PageUp/PageDown that survive a resize.

    Textual 8's OptionList pages from a line cache that a resize clears and that is rebuilt
    only once the list has a size again (``_update_lines`` returns early on an empty region:
    Textualize/textual#5794, the same race as #5568). PageDown or PageUp in that moment raised
    ``KeyError: 0`` from ``OptionList._move_page`` and ended the app (a bare Textual app does
    the same; tests/app/test_palette.py resizes while paging). Until it is fixed upstream, such a key does
    nothing: the next one, after the layout, pages as usual.
    """

    class SafeCommandPalette(CommandPalette):
        BINDINGS = [
            Binding("pagedown", "page(1)", "Next page", show=False, id="palette.next_page"),
            Binding("pageup", "page(-1)", "Previous page", show=False, id="palette.previous_page"),
        ]

        def action_page(self, direction: int) -> None:
            commands = self.query_one(CommandList)
            try:
                if direction > 0:
                    commands.action_page_down()
                else:
                    commands.action_page_up()
            except KeyError:  # Textualize/textual#5794: no line cache during a resize
                pass

        # Textual 8.2's search worker can outlive the palette's list: seen in tmux (issue 11),
        # a key that closed the palette while its first search still ran ended the app with
        # NoMatches('CommandList') from these watchers, called by the worker's last refresh.
        # A palette whose list is gone has nothing to show: skip them then.
        def _watch__list_visible(self) -> None:
            if self.query(CommandList):
                super()._watch__list_visible()

        async def _watch__show_busy(self) -> None:
            # each query on its own line: in 'a and b' mypy infers b's widget type from a's
            has_list = bool(self.query(CommandList))
            if has_list and self.query(LoadingIndicator):
                await super()._watch__show_busy()

    return SafeCommandPalette
