"""The variant picker: the first screen of ``rummy-tui`` with no sub-command."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..presets import PRESETS, preset_by_key
from ..rules import player_range


class PickerScreen(Screen[None]):
    """Choose a rule set (and the Indian format); Enter goes on to the setup screen."""

    BINDINGS = [
        Binding("enter", "choose", "Choose", show=True),
        Binding("question_mark", "app.help", "Rules"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="picker-box"):
            yield Static("rummy-tui — choose a game", id="picker-title")
            options = []
            for preset in PRESETS:
                low, high = player_range(preset.variant, preset.options)
                options.append(
                    Option(
                        f"[b]{preset.title}[/b]  [dim]{low}–{high} players[/dim]\n"
                        f"  {preset.description}",
                        id=preset.key,
                    )
                )
            yield OptionList(*options, id="picker-list")
            yield Static("↑ ↓ choose · Enter set up the game · ? rules · ctrl+q quit",
                         id="picker-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._open(event.option.id)

    def action_choose(self) -> None:
        option_list = self.query_one(OptionList)
        if option_list.highlighted is not None:
            self._open(option_list.get_option_at_index(option_list.highlighted).id)

    def selected_variant(self) -> str:
        option_list = self.query_one(OptionList)
        index = option_list.highlighted or 0
        return preset_by_key(str(option_list.get_option_at_index(index).id)).variant

    def _open(self, key: str | None) -> None:
        from .setup import SetupScreen

        if key is None:
            return
        self.app.push_screen(SetupScreen(preset_by_key(key)))
