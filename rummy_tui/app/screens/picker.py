"""The variant picker: the first screen of ``rummy-tui`` with no sub-command.

Below the rule sets, the Resume list shows every file of the saves folder (issue 5): a
readable save with its variant, players, round, scores and when it was last played; an
unreadable one with its one-line reason, and it cannot be opened (nor is it ever touched).
The list is read after the first paint: start-up to an interactive picker is measured."""

from __future__ import annotations

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..typed import rummy_app
from ..presets import PRESETS, preset_by_key
from ..rules import player_range


class PickerScreen(Screen[None]):
    """Choose a rule set (and the Indian format); Enter goes on to the setup screen."""

    BINDINGS = [
        Binding("enter", "choose", "Choose", show=True),
        Binding("r", "resume", "Resume", show=False),
        Binding("s", "app.statistics", "Statistics"),
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
            yield Static("Resume a game", id="resume-title")
            yield OptionList(id="resume-list")
            yield Static("↑ ↓ choose · Enter set up the game · tab/r resume · s statistics · "
                         "? rules · ctrl+q quit", id="picker-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#picker-list", OptionList).focus()
        self.query_one("#resume-title").display = False
        self.query_one("#resume-list").display = False
        self._saves: dict[str, object] = {}
        # Reading the saves imports pydantic and parses every file: done in a thread, and not
        # at all when there is no save, so the picker takes keys at once (bench_app.py).
        from ...saves_location import has_save_files, saves_dir

        if has_save_files(saves_dir(rummy_app(self).saves_dir)):
            self._scan_saves_in_background()

    @work(thread=True, exclusive=True, group="saves", exit_on_error=False)
    def _scan_saves_in_background(self) -> None:
        infos, problem = self._scan_saves()
        self.app.call_from_thread(self._show_saves, infos, problem)

    def load_saves(self) -> None:
        """Fill the Resume list from the saves folder now (never writes to it)."""
        self._show_saves(*self._scan_saves())

    def _scan_saves(self) -> tuple[list, str]:
        from ... import saves

        try:
            infos = saves.list_saves(saves.saves_dir(rummy_app(self).saves_dir))
        except (saves.SaveError, OSError) as exc:
            return [], str(exc)
        return infos, ""

    def _show_saves(self, infos: list, problem: str) -> None:
        self._saves = {}
        resume = self.query_one("#resume-list", OptionList)
        resume.clear_options()
        for n, info in enumerate(infos):
            key = f"save-{n}"
            self._saves[key] = info
            if info.ok:
                resume.add_option(Option(escape(info.describe()), id=key))
            else:
                resume.add_option(Option(f"[dim]{escape(info.describe())}[/dim]", id=key,
                                         disabled=True))
        if problem:
            resume.add_option(Option(escape(problem), disabled=True))
        shown = bool(infos or problem)
        self.query_one("#resume-title").display = shown
        resume.display = shown
        self.query_one("#picker-box").set_class(shown, "with-saves")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "resume-list":
            self._resume(event.option.id)
        else:
            self._open(event.option.id)

    def action_choose(self) -> None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.id == "resume-list":
            if focused.highlighted is not None:
                self._resume(focused.get_option_at_index(focused.highlighted).id)
            return
        option_list = self.query_one("#picker-list", OptionList)
        if option_list.highlighted is not None:
            self._open(option_list.get_option_at_index(option_list.highlighted).id)

    def action_resume(self) -> None:
        resume = self.query_one("#resume-list", OptionList)
        if not resume.display or not resume.option_count:
            self.notify("There is no saved game in the saves folder.", severity="warning")
            return
        resume.focus()
        if resume.highlighted is None:
            resume.action_first()

    def _resume(self, key: str | None) -> None:
        from ... import saves

        info = getattr(self, "_saves", {}).get(key or "")
        if info is None:
            return
        if not info.ok:  # type: ignore[attr-defined]
            self.notify(f"Cannot resume: {info.reason}", severity="error")  # type: ignore[attr-defined]
            return
        try:
            state = saves.load_game(info.path)  # type: ignore[attr-defined]
        except (saves.SaveError, OSError) as exc:
            self.notify(f"Cannot resume: {exc}", severity="error", timeout=8)
            return
        rummy_app(self).start_game(state, info.path)

    def selected_variant(self) -> str:
        option_list = self.query_one("#picker-list", OptionList)
        index = option_list.highlighted or 0
        return preset_by_key(str(option_list.get_option_at_index(index).id)).variant

    def _open(self, key: str | None) -> None:
        from .setup import SetupScreen

        if key is None:
            return
        self.app.push_screen(SetupScreen(preset_by_key(key)))
