"""The variant picker: the first screen of ``rummy-tui`` with no sub-command.

Below the rule sets, the Resume list shows every file of the saves folder (issue 5), in three
sections: the games in progress (resumed at the table), the finished ones (Enter shows the
result, read-only: nothing is saved and the game is not counted again), and the unreadable
files with their one-line reason (they cannot be opened, nor are they ever touched). A hosted
table's save (its invitations beside it) is marked so, and is hosted again with the same
invitations (host_setup.host_again), never opened hot-seat. Each game
is named by its picker title, round and players, never by its file name; names are text.
The list is read after the first paint: start-up to an interactive picker is measured. For
the same reason the save models (pydantic), the setup screen and the game-over screen are
imported inside the methods that need them.

The two lists share the height of the terminal: each gets the rows it needs when both fit,
else the Resume list gets two fifths or more and the rule sets the rest (``_fit_lists``), so no list
is cut short above empty rows. The help line under them is about the list with the focus."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...core.registry import variant_of
from ...core.text import one_line, visible
from ...net import is_hosted
from ...saves_location import has_save_files, saves_dir
from ..dialogs.choose import ConfirmDialog
from ..presets import PRESETS, VARIANT_TITLES, preset_by_key
from ..rules import player_range
from ..typed import rummy_app


HINTS = {
    "picker-list": "↑↓ choose · Enter: set up · Tab: saved games · s: statistics · ?: rules",
    "picker-list-alone": "↑↓ choose · Enter: set up this game · s: statistics · ?: rules",
    "resume-list": "↑↓ choose · Enter: play on, or see a finished game · Tab: new game",
}
"""The help line under the lists, for the one with the focus."""

_INDENT = (0, 0, 0, 2)
"""A second line of an entry, and its wrapped lines, start under the first line's text."""


def _entry(first: Text, second: Text) -> Group:
    return Group(first, Padding(second, _INDENT))


def _preset_title(info: Any) -> str:
    """The picker's title of a save's game ("Indian Rummy — Pool 101"), not its key."""
    try:
        return preset_by_key(str(info.preset)).title
    except KeyError:
        return VARIANT_TITLES.get(info.variant, str(info.preset or info.variant))


def _save_entry(info: Any, hosted: bool = False) -> Group:
    """Two lines for a save: what and where in the game (a hosted table's: so marked); who,
    their scores, when. Names are Text, never markup."""
    when = "" if info.last_played is None else info.last_played.strftime("%Y-%m-%d %H:%M")
    if not info.ok:
        return _entry(Text(visible(info.path.name)),
                      Text(f"cannot be read: {visible(info.reason)}", style="dim"))
    first = Text(_preset_title(info), style="bold")
    if info.finished:
        first.append(" · ")
        first.append("over" if info.winner is None else f"won by {visible(info.winner)}")
    else:
        word = variant_of(info.variant).round_word  # Indian plays deals
        first.append(f" · {word} {info.round_no}")
    if hosted:
        first.append(" · hosted table", style="italic")
    people = " · ".join(f"{visible(name)} {score}" for name, score in zip(info.players, info.scores))
    second = Text(people)
    if when:
        second.append(f" · {'finished' if info.finished else 'last played'} {when}",
                      style="dim")
    return _entry(first, second)


class PickerScreen(Screen[None]):
    """Choose a rule set (and the Indian format); Enter goes on to the setup screen."""

    BINDINGS = [
        Binding("enter", "choose", "Choose", show=True, id="picker.choose"),
        Binding("r", "resume", "Resume", show=False, id="picker.resume"),
        Binding("s", "app.statistics", "Statistics", id="picker.statistics"),
        Binding("h", "host", "Host a table", id="picker.host"),
        Binding("question_mark", "app.help", "Rules", id="app.help"),
        Binding("ctrl+q", "app.quit", "Quit", id="app.quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="picker-box"):
            yield Static("rummy-tui — choose a game", id="picker-title")
            options = []
            for preset in PRESETS:
                low, high = player_range(preset.variant, preset.options)
                title = Text.assemble((preset.title, "bold"), "  ",
                                      (f"{low}–{high} players", "dim"))
                options.append(Option(_entry(title, Text(preset.description)), id=preset.key))
            yield OptionList(*options, id="picker-list")
            yield Static("Resume a game", id="resume-title")
            yield OptionList(id="resume-list")
            yield Static(HINTS["picker-list-alone"], id="picker-hint")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#picker-list", OptionList).focus()
        self.query_one("#resume-title").display = False
        self.query_one("#resume-list").display = False
        self._saves: dict[str, object] = {}
        # Reading the saves imports pydantic and parses every file: done in a thread, and not
        # at all when there is no save, so the picker takes keys at once (bench_app.py).
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
        from ... import saves  # lazy: see the module docstring

        try:
            infos = saves.list_saves(saves.saves_dir(rummy_app(self).saves_dir))
        except (saves.SaveError, OSError) as exc:
            return [], str(exc)
        return infos, ""

    def _show_saves(self, infos: list, problem: str) -> None:
        self._saves = {}
        resume = self.query_one("#resume-list", OptionList)
        resume.clear_options()
        sections = [
            ("In progress", [i for i in infos if i.ok and not i.finished]),
            ("Finished: Enter shows the result", [i for i in infos if i.ok and i.finished]),
            ("Cannot be read (left as they are)", [i for i in infos if not i.ok]),
        ]
        for heading, members in sections:
            if not members:
                continue
            resume.add_option(Option(Text(heading, style="italic"), disabled=True))
            for info in members:
                key = f"save-{len(self._saves)}"
                self._saves[key] = info
                resume.add_option(Option(_save_entry(info, info.ok and is_hosted(info.path)),
                                         id=key, disabled=not info.ok))
        if problem:
            resume.add_option(Option(Text(visible(problem)), disabled=True))
        shown = bool(infos or problem)
        self.query_one("#resume-title").display = shown
        resume.display = shown
        self._show_hint(self.focused)
        self.call_after_refresh(self._fit_lists)

    # --- layout -------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self._fit_lists)

    def _fit_lists(self) -> None:
        """Share the rows under the title between the two lists: each its whole height when
        both fit; else the Resume list at least two fifths (6 rows or more), the rule sets
        what they need of the rest, and the Resume list what is left. (Textual's CSS has no
        "auto, but no more than what is left" for a height.)"""
        picker = self.query_one("#picker-list", OptionList)
        resume = self.query_one("#resume-list", OptionList)
        box = self.query_one("#picker-box")
        rows = self.size.height - sum(
            w.outer_size.height for w in self.query("Footer, SaveMark, #picker-title, "
                                                   "#picker-hint, #resume-title") if w.display)
        wanted = [self._natural_height(picker, box.size.width)]
        if resume.display:
            wanted.append(self._natural_height(resume, box.size.width))
        if sum(wanted) <= rows:
            heights = wanted
        elif len(wanted) == 1:
            heights = [rows]
        else:
            least = min(wanted[1], max(6, rows * 2 // 5))
            first = max(3, min(wanted[0], rows - least))
            heights = [first, max(3, rows - first)]
        for widget, height in zip((picker, resume), heights):
            widget.styles.max_height = height

    @staticmethod
    def _natural_height(options: OptionList, width: int) -> int:
        """The rows a list takes with every option on show, its border included (the width
        leaves room for a scrollbar, which a cut list has)."""
        gutter = options.styles.gutter
        inner = max(1, width - gutter.width - options.styles.scrollbar_size_vertical)
        size = options.app.size
        return options.get_content_height(size, size, inner) + gutter.height

    def _show_hint(self, widget: Any) -> None:
        key = getattr(widget, "id", None) or "picker-list"
        if key == "picker-list" and not self.query_one("#resume-list").display:
            key = "picker-list-alone"  # no saved game to Tab to
        if key in HINTS:
            self.query_one("#picker-hint", Static).update(HINTS[key])

    @on(events.DescendantFocus)
    def _focus_moved(self, event: events.DescendantFocus) -> None:
        """The help line is about the list with the focus."""
        self._show_hint(event.widget)
        if isinstance(event.widget, OptionList) and event.widget.highlighted is None:
            event.widget.action_first()  # Tab into the list: its first game, not nothing

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "resume-list":
            await self._resume(event.option.id)
        else:
            self._open(event.option.id)

    async def action_choose(self) -> None:
        focused = self.focused
        if isinstance(focused, OptionList) and focused.id == "resume-list":
            if focused.highlighted is not None:
                await self._resume(focused.get_option_at_index(focused.highlighted).id)
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

    async def _resume(self, key: str | None) -> None:
        from ... import saves  # lazy: see the module docstring

        info = getattr(self, "_saves", {}).get(key or "")
        if info is None:
            return
        if not info.ok:
            self.notify(f"Cannot resume: {visible(info.reason)}", severity="error", markup=False)
            return
        try:
            state = saves.load_game(info.path)
        except (saves.SaveError, OSError) as exc:
            self.notify(f"Cannot resume: {one_line(exc)}", severity="error", timeout=8,
                        markup=False)
            return
        if state.phase == "game_over":
            # Over: its result, read-only. Not the table (which re-saved the file and showed
            # the last round again), no lock, nothing written, not counted again.
            from .summary import GameOverScreen  # lazy: see the module docstring

            self.app.push_screen(GameOverScreen(state))
            return
        if is_hosted(info.path):
            # a hosted table is hosted again: hot-seat would show the remote seats' hands here
            from .host_setup import host_again  # lazy: see the module docstring

            problem = await host_again(self.app, state, info.path)
            if problem is not None:
                self.notify(f"Cannot host this table again: {one_line(problem)}",
                            severity="error", timeout=10, markup=False)
            return
        self._open_locked(state, info.path)

    def _open_locked(self, state: Any, path: Any) -> None:
        """One window per save: take the save's lock, or ask whether to look read-only."""
        from ...saves.lock import SaveLock, SaveLocked  # lazy: see the module docstring
        app: Any = self.app
        lock = SaveLock(path)
        try:
            lock.acquire()
        except SaveLocked as exc:
            def answered(yes: bool | None) -> None:
                if yes:
                    app.read_only = True
                    app.start_game(state, path)

            self.app.push_screen(ConfirmDialog(
                f"{one_line(exc)}.\n\nOpen it read-only (nothing is saved from this window)?"),
                answered)
            return
        except OSError as exc:
            self.notify(f"Cannot resume: {one_line(exc)}", severity="error", timeout=8,
                        markup=False)
            return
        if app.save_lock is not None:
            app.save_lock.release()
        app.save_lock = lock
        app.read_only = False
        app.start_game(state, path)

    def action_host(self) -> None:
        """Host a table of the highlighted game (screens/host_setup.py)."""
        from .host_setup import HostSetupScreen  # lazy: see the module docstring

        option_list = self.query_one("#picker-list", OptionList)
        index = option_list.highlighted or 0
        self.app.push_screen(HostSetupScreen(
            preset_by_key(str(option_list.get_option_at_index(index).id))))

    def selected_variant(self) -> str:
        option_list = self.query_one("#picker-list", OptionList)
        index = option_list.highlighted or 0
        return preset_by_key(str(option_list.get_option_at_index(index).id)).variant

    def _open(self, key: str | None) -> None:
        if key is None:
            return
        from .setup import SetupScreen  # lazy: see the module docstring

        self.app.push_screen(SetupScreen(preset_by_key(key)))
