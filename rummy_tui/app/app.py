"""The rummy-tui application: picker -> setup -> table -> round summary -> game over.

The app holds the settings of the terminal (ASCII suits, four-colour deck, bot speed) and the
one :class:`GameState` of the game in play. The state changes in one place only,
:meth:`RummyApp.set_game_state`, which the table screen calls after every ``apply``; autosave
(``rummy_tui.saves``) hooks in there.

Imports inside methods are deliberate, for the start-up to an interactive picker
(bench/bench_app.py): the table, statistics and help screens (~85 ms, the help's Markdown
another ~100 ms), the save models (pydantic) and the statistics store are loaded when first
needed, not before the picker shows.

Long because: Textual makes one App, and the parts that hang on it (remembered settings,
autosave, signals and crashes, the keymap, the size check, the screens' navigation) share
its state; split into mix-ins they would still be one class, only harder to read.
"""

from __future__ import annotations

import errno
import time
from typing import TYPE_CHECKING, Any

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette
from textual.reactive import reactive
from textual.screen import ModalScreen

from ..core.text import one_line, visible
from .commands import _safe_palette, rummy_commands
from .dialogs.choose import QuitAnywayDialog
from .dialogs.too_small import TooSmallScreen, too_small
from .screens.picker import PickerScreen
from .theme import theme_variables
from .widgets.save_mark import SaveMark


if TYPE_CHECKING:
    from collections.abc import Iterable

    from textual.app import SystemCommand
    from textual.screen import Screen

    from ..core.state import GameState
    from .typed import RummyAppLike


def _short_reason(exc: BaseException) -> str:
    """"disk full" for a full disk, else the last part of the reason (which names the path)."""
    text = str(exc)
    if "No space left" in text or getattr(exc, "errno", None) == errno.ENOSPC:
        return "disk full"
    if "another window" in text:
        return text.split(": ", 1)[0]
    short = text.rsplit(": ", 1)[-1]
    return short if len(short) <= 60 else short[:59] + "…"


class RummyApp(App[None]):
    TITLE = "rummy-tui"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = True
    KEYMAP_TIMEOUT = 10.0
    """Seconds the keymap warning stays on show (it is due again until it has stayed so)."""

    save_problem: reactive[str] = reactive("")
    """Why the game is not being saved ("not saved: disk full", "read-only: ..."), shown at
    the top of every screen until a save succeeds (widgets/save_mark.py); empty when saved."""

    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True, show=False, id="app.quit"),
        Binding("ctrl+s", "save", "Save", show=False, id="app.save"),
        Binding("question_mark", "help", "Rules", show=False, id="app.help"),
        Binding("f1", "help", "Rules", show=False, id="app.help"),
    ]

    def __init__(
        self,
        *,
        ascii: bool = False,
        four_colour: bool = False,
        bot_delay: float = 0.6,
        game: GameState | None = None,
        saves_dir: str | None = None,
        save_path: Any = None,
        cursor_blink: bool = True,
        autosave: bool = False,
        settings: Any = None,
        record_stats: bool = False,
        report_crashes: bool = False,
        save_lock: Any = None,
        read_only: bool = False,
        theme: str | None = None,
        handle_signals: bool = False,
        start_screen: Any = None,
    ) -> None:
        super().__init__()
        from .terminal import guard_option_list_paging

        guard_option_list_paging()  # a Textual KeyError on page keys in a fresh drop-down
        self._start_theme = theme
        """``--theme``: this run's theme, not remembered."""
        self.settings = settings
        """The remembered settings (``rummy_tui.settings.Store``), or None: nothing is
        remembered (tests). Only changes made in the app are written back, never flags."""
        self.record_stats = record_stats
        """Record each finished game in the statistics (the command line turns it on)."""
        self.cursor_blink = cursor_blink
        """Text cursors blink (off in snapshot tests, so that screenshots are stable)."""
        self.ascii = ascii
        self.four_colour = four_colour
        self.bot_delay = bot_delay
        """Seconds between a computer player's steps; 0 plays them at once (tests)."""
        self.saves_dir = saves_dir
        self.save_path: Any = None
        """Where this game is saved (chosen on the first save of a new game)."""
        self._start_save_path = save_path
        self.game: GameState | None = None
        self.autosave = autosave
        """Save after every change of state (the command line turns it on; tests do not)."""
        self._autosave_failed = False
        """The last save failed (ctrl+q then asks before quitting)."""
        self._save_error = ""
        self._save_warning_due = False
        self._start_game = game
        self._start_screen = start_screen
        """Makes the first screen in place of the picker (``rummy-tui join``: a remote seat)."""
        self._errors: list[tuple[str, str, Any, bool, float]] = []
        """The error toasts posted: (message, title, severity, markup, until)."""
        self._waiting: list[tuple[str, str, Any, bool, float]] = []
        """Toasts held back while a dialog is up."""
        self._keymap_warning = ""
        """The [keymap] entries left out, until the warning has been on show its whole time."""
        self._keymap_until = 0.0
        """When the keymap warning on show goes (0: not on show)."""
        self.save_lock: Any = save_lock
        """The OS lock on this game's save (saves/lock.py): one window per save."""
        self.read_only = read_only
        """The game is open in another window: played here, never saved here."""
        self.report_crashes = report_crashes
        """An unexpected error ends the app with return code 1 and a crash log (the command
        line); off in tests, where Textual's own handling re-raises it in the test."""
        self.crash: BaseException | None = None
        self.crash_log: Any = None
        self.crash_saved = False
        self.handle_signals = handle_signals
        """SIGTERM and SIGHUP save and stop like ctrl+q, with return code 128 + the signal's
        number (app/terminal.py; the command line turns it on)."""
        self.stopped_by: int | None = None
        """The signal that stopped the app, if one did."""
        self._undo_signals: Any = None

    def panic(self, *renderables: Any) -> None:
        # Textual panics when its input thread dies (an error there is not an exception of
        # the app's): with the command line, that is a crash like any other, never exit 0
        if not self.report_crashes or self.crash is not None:
            super().panic(*renderables)
            return
        from io import StringIO

        from rich.console import Console
        from rich.traceback import Traceback

        what = "an error in Textual"
        out = StringIO()
        console = Console(file=out, width=100, color_system=None)
        for renderable in renderables:
            console.print(renderable)
            if isinstance(renderable, Traceback) and renderable.trace.stacks:
                last = renderable.trace.stacks[-1]
                what = f"{last.exc_type}: {last.exc_value}"
        error = RuntimeError(f"Textual stopped on {what}")
        error.add_note(out.getvalue())
        self._handle_exception(error)

    def _stop_on_signal(self, signum: int) -> None:
        """SIGTERM or SIGHUP: save once more and stop as ctrl+q does (the terminal is
        restored), with 128 + the signal's number."""
        if self.stopped_by is not None:
            return
        self.stopped_by = signum
        if self.autosave and self.game is not None and not self.read_only:
            self._save(quiet=True)
        self.exit(return_code=128 + signum)

    def _handle_exception(self, error: Exception) -> None:
        # Textual has no public hook for an unhandled error (Textualize/textual#5931): it
        # prints a long traceback and app.run() returns, leaving the exit status to us. Keep
        # the traceback in a crash log, save the game once more, and stop with return code 1
        # (commands/play.py prints one line and exits 1).
        if not self.report_crashes:
            super()._handle_exception(error)
            return
        if self.crash is not None:  # the app is already stopping on the first error
            return
        from ..crash import write_crash_log  # lazy: needed only after a crash

        self.crash = error
        self.crash_log = write_crash_log(error, self.saves_dir)
        try:
            self.crash_saved = self.autosave and self.game is not None and self._save(quiet=True)
        except Exception:  # the crash may be in saving itself; the last autosave stands
            self.crash_saved = False
        self.exit(return_code=1)

    # --- the one place where the game state changes ------------------------------------
    def set_game_state(self, state: GameState) -> None:
        """Every new state of the game passes here (after each apply, undo, new round)."""
        self.game = state
        self._autosave(state)
        if self.record_stats and state.phase == "game_over":
            self._record_finished(state)

    def _record_finished(self, state: GameState) -> None:
        """A finished game goes into the statistics once, under its save's name (a finished
        game resumed again is not counted twice; see rummy_tui/history)."""
        from ..history import store  # lazy: see the module docstring

        if self.save_path is None:  # not saved: an id of its own for this run
            self.save_path_id = getattr(self, "save_path_id", None) or (
                f"unsaved-{time.strftime('%Y%m%d-%H%M%S')}-{state.variant}-{state.seed}")
        game_id = getattr(self.save_path, "stem", None) or self.save_path_id
        try:
            store.record(state, game_id)
        except (store.StatsError, OSError) as exc:
            self.notify(f"The game is not in the statistics: {one_line(exc)}", title="Statistics",
                        severity="warning", timeout=8, markup=False)

    # --- remembered settings (issue 13) -------------------------------------------------
    def _remember(self, name: str, value: Any, old: Any = None) -> None:
        """Write a setting changed in the app (not one set at start, nor one set again to
        the value it had)."""
        if self.settings is not None and getattr(self, "_remembering", False) and value != old:
            self.settings.update(**{name: value})

    @property
    def ascii(self) -> bool:
        return self._ascii

    @ascii.setter
    def ascii(self, value: bool) -> None:
        old, self._ascii = getattr(self, "_ascii", None), bool(value)
        self._remember("ascii", self._ascii, old)

    @property
    def four_colour(self) -> bool:
        return self._four_colour

    @four_colour.setter
    def four_colour(self, value: bool) -> None:
        old, self._four_colour = getattr(self, "_four_colour", None), bool(value)
        self._remember("four_colour", self._four_colour, old)

    @property
    def bot_delay(self) -> float:
        return self._bot_delay

    @bot_delay.setter
    def bot_delay(self, value: float) -> None:
        old, self._bot_delay = getattr(self, "_bot_delay", None), float(value)
        self._remember("bot_delay", self._bot_delay, old)

    def _start_remembering(self) -> None:
        """From here on a changed setting is written (what the flags set is not)."""
        if self._start_theme in self.available_themes:
            self.theme = self._start_theme
        if self.settings is None:
            return
        theme = self.settings.settings.theme
        if theme and theme in self.available_themes and self._start_theme is None:
            self.theme = theme
        if self.settings.problem:
            self.notify(f"{one_line(self.settings.problem)} (using the defaults; the file is "
                        "left as it "
                        "is)", title="Settings not read", severity="warning", timeout=10,
                        markup=False)
        self._apply_keymap(self.settings.settings.keymap)
        self._remembering = True
        self.theme_changed_signal.subscribe(self, self._theme_changed)

    def _apply_keymap(self, entries: dict[str, str]) -> None:
        """settings.toml's ``[keymap]`` through Textual's keymap (rummy_tui/keymap.py); an entry
        that cannot be used is left out, in one line."""
        from ..keymap import check

        keymap, problems = check(entries)
        self.keymap_problems = problems
        if keymap:
            self.set_keymap(keymap)
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            self._keymap_warning = f"{problems[0]}{more}: not used"
            self._show_keymap_warning()

    def _show_keymap_warning(self, turn_start: bool = False) -> None:
        """The keymap warning stays due until it has been on show for its whole time (issue
        30: a game started with two humans opens on the pass screen, and the warning was
        gone before anyone saw it). It is shown on the first screen that is no dialog (the
        picker, setup, statistics), or at the table when a human's turn starts
        (``warn_if_unsaved(on_table=True)``, after the pass screen), never over a dialog;
        a hand-over that takes it down before its time makes it due again."""
        now = time.monotonic()
        if not self._keymap_warning or len(self.screen_stack) < 2 or self._modal_up():
            return  # (the first screen, before the picker or the table: one comes next)
        from .screens.table import TableScreen  # lazy: see the module docstring

        if isinstance(self.screen, TableScreen) and not turn_start:
            return  # the pass screen may come at once: the turn's start shows it
        if self._keymap_until:
            if now < self._keymap_until:
                return  # on show now
            self._keymap_warning = ""  # it stayed its whole time: seen
            return
        self._keymap_until = now + self.KEYMAP_TIMEOUT
        self.notify(self._keymap_warning, title="Keymap", severity="warning",
                    timeout=self.KEYMAP_TIMEOUT, markup=False)

    def _theme_changed(self, theme: Any) -> None:
        # the signal comes after _remembering is on: --theme's own theme is not remembered,
        # but once the player picks another one, every pick is
        if theme.name != self._start_theme:
            self._start_theme = None
            self._remember("theme", theme.name)

    def _autosave(self, state: GameState) -> None:
        """Autosave (issue 5): every new state goes to this game's save file."""
        if self.autosave:
            self._save(quiet=True)

    def get_theme_variable_defaults(self) -> dict[str, str]:
        return super().get_theme_variable_defaults() | theme_variables()

    # --- notifications ------------------------------------------------------------------
    # The table's own messages have lines of their own (widgets/messages.py); toasts are
    # for the rest (errors: a failed save). A toast never covers a dialog (issue 12): one
    # posted while a modal screen is up waits, and the toasts on show when a dialog opens
    # are taken down and the errors among them shown again after it. Textual 8.2 has no
    # public way to list or dismiss one notification (App.notify returns nothing), so the
    # app remembers its errors itself. No upstream issue was found for this.
    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = True) -> None:
        until = time.monotonic() + (self.NOTIFICATION_TIMEOUT if timeout is None else timeout)
        entry = (message, title, severity, markup, until)
        if self._modal_up():
            self._waiting.append(entry)
            return
        if severity == "error":
            self._errors.append(entry)
        super().notify(message, title=title, severity=severity, timeout=timeout,
                       markup=markup)

    def _modal_up(self) -> bool:
        return bool(self.screen_stack) and isinstance(self.screen, ModalScreen)

    def _screen_changed(self) -> None:
        """A dialog opened: take the toasts down (errors wait); closed: show what waited."""
        now = time.monotonic()
        if self._modal_up():
            self._waiting.extend(e for e in self._errors if e[4] > now)
            self.clear_notifications()
            return
        waiting, self._waiting = self._waiting, []
        for message, title, severity, markup, until in waiting:
            if severity == "error" or until > now:
                self.notify(message, title=title, severity=severity, markup=markup,
                            timeout=max(3.0, until - now))
        self._show_keymap_warning()

    def clear_notifications(self) -> None:
        """Textual's toast rack drops a cleared notification's toast but keeps the holder
        it sat in (textual 8.2, widgets/_toast.py ToastRack.show): every hand-over clears
        the notifications, and each empty holder left behind pushed the next toast one row
        further down until it was cut off. All are cleared here, so all holders go (found
        by their CSS type name: the toast module is private)."""
        self._errors.clear()
        if time.monotonic() < self._keymap_until:
            self._keymap_until = 0.0  # taken down before its time: shown again (above)
        for screen in self.screen_stack:
            screen.query("ToastHolder").remove()
        super().clear_notifications()

    # --- the smallest terminal (issue 12) --------------------------------------------------
    def _check_size(self, _: object = None) -> None:
        """Below 80x24 the too-small screen covers everything; it goes when the terminal
        is large enough again."""
        if not self.screen_stack:
            return
        top = self.screen
        small = too_small(*self.size)
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()

    def on_resize(self) -> None:
        self.call_later(self._check_size)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """A screen opened while the terminal is too small goes under the too-small screen
        (a pass screen, a dialog, the next round's summary)."""
        if self.screen_stack and isinstance(self.screen, TooSmallScreen) \
                and not isinstance(screen, TooSmallScreen):
            self.pop_screen()
        return super().push_screen(screen, *args, **kwargs)

    # --- screens ------------------------------------------------------------------------
    def action_command_palette(self) -> None:
        """The command palette, with paging that survives a resize (app/commands.py)."""
        # Textual types is_open's argument App[object], and App is invariant in its result
        # type: a RummyApp (App[None]) is refused, though is_open reads only app.screen
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(_safe_palette()(id="--command-palette"))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        """Textual's commands (its Quit runs :meth:`action_quit`) and the game's
        (app/commands.py)."""
        yield from super().get_system_commands(screen)
        yield from rummy_commands(self, screen)

    def on_unmount(self) -> None:
        if self._undo_signals is not None:
            self._undo_signals()
        # the OS drops the lock when the process ends; letting go here also frees the game
        # for another app in this same process (tests, an embedding program)
        if self.save_lock is not None:
            self.save_lock.release()

    def _mark_screen(self, screen: Any) -> None:
        """Every screen gets the save mark once (a dialog's covers the one beneath)."""
        if not screen.query(SaveMark):
            screen.mount(SaveMark())

    def on_mount(self) -> None:
        # After every change of screen: too small? (a popped screen may have uncovered one)
        self.screen_change_signal.subscribe(self, lambda _: self.call_later(self._check_size))
        self.screen_change_signal.subscribe(self, lambda _: self._screen_changed())
        self._start_remembering()
        if self.handle_signals:
            from .terminal import stop_on_signals

            self._undo_signals = stop_on_signals(self, self._stop_on_signal)
        self.screen_change_signal.subscribe(self, self._mark_screen)
        if self._start_game is not None:
            self.start_game(self._start_game, self._start_save_path)
        elif self._start_screen is not None:
            self.push_screen(self._start_screen())
        else:
            self.push_screen(PickerScreen())

    def start_game(self, state: GameState, save_path: Any = None) -> None:
        """Open the table on this state: a new game, or a resumed one with its save file
        (a new game gets a save file of its own, never the last game's)."""
        if self.save_lock is not None and self.save_lock.save != save_path:
            self.save_lock.release()
            self.save_lock = None
        if save_path is None:
            self.read_only = False  # a new game is this window's own
        self.save_path = save_path
        self.save_path_id = None  # the statistics' id of a game that could not be saved
        self._autosave_failed = False
        self.set_game_state(state)
        # The table replaces whatever led to it (picker, setup, a finished game).
        while len(self.screen_stack) > 1:
            self.pop_screen()
        from .screens.table import TableScreen  # lazy: see the module docstring

        self.push_screen(TableScreen(state))

    def back_to_picker(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.push_screen(PickerScreen())

    def current_variant(self) -> str | None:
        if self.game is not None:
            return self.game.variant
        picker = self.screen
        variant = getattr(picker, "selected_variant", None)
        return variant() if callable(variant) else None

    def action_help(self) -> None:
        from .dialogs.help import HelpScreen  # lazy: see the module docstring

        if isinstance(self.screen, HelpScreen):
            return
        # The rules are long Markdown, slow to lay out: build each variant's help once and
        # keep it installed, so a second ? opens at once.
        name = f"help-{self.current_variant() or 'all'}"
        if not self.is_screen_installed(name):
            self.install_screen(HelpScreen(self.current_variant()), name=name)
        self.push_screen(name)

    def action_save(self) -> None:
        if self.game is None:
            self.notify("There is no game to save yet.", severity="warning")
            return
        if self._save(quiet=False):
            # The name only: a whole path broke mid-word in the toast.
            self.notify(f"Saved: {visible(getattr(self.save_path, 'name', self.save_path))}",
                        markup=False)

    def _save(self, quiet: bool) -> bool:
        """Write the game to its save file (a new one in the saves folder the first time)."""
        from .. import saves  # lazy: see the module docstring
        from ..saves.lock import SaveLock, SaveLocked

        if self.game is None:
            return False
        if self.read_only:
            self.save_problem = "read-only: this game is open in another window"
            return False
        try:
            if self.save_path is None:
                self.save_path = saves.new_save_path(self.game, saves.saves_dir(self.saves_dir))
            if self.autosave and (self.save_lock is None or not self.save_lock.held):
                # never two windows writing one save: the second one is told, not saved
                self.save_lock = SaveLock(self.save_path)
                self.save_lock.acquire()
            saves.save_game(self.game, self.save_path)
        except (saves.SaveError, OSError, SaveLocked) as exc:
            # A failed save must never end a game in play: say so (once, for autosaves)
            # and play on; ctrl+q then asks before quitting.
            self._save_error = f"Could not save: {one_line(exc)}"
            self.save_problem = f"not saved: {_short_reason(exc)}"
            if not quiet or not self._autosave_failed:
                self._save_warning_due = True
                self.warn_if_unsaved()
            self._autosave_failed = True
            return False
        self._autosave_failed = False
        self._save_warning_due = False
        self.save_problem = ""
        return True

    def warn_if_unsaved(self, on_table: bool = False) -> None:
        """Show the save failure (once), and the keymap warning while it is due. The table
        clears the notifications at every hand-over, so it calls this again after clearing
        (``on_table``: a turn starts): the first autosave of a new game fails before the
        table is even up."""
        self._show_keymap_warning(turn_start=on_table)
        if self._save_warning_due and self._save_error:
            self.notify(self._save_error + " (the game is not being saved)",
                        title="Not saved", severity="error", timeout=10, markup=False)
            from .screens.table import TableScreen  # lazy: see the module docstring

            if on_table or isinstance(self.screen, TableScreen) and not self.screen.busy:
                self._save_warning_due = False

    async def action_quit(self) -> None:
        """ctrl+q: the game is saved after every move; if the last save failed, quitting
        loses the game, so ask first (a second ctrl+q, or y, quits anyway)."""
        in_play = self.game is not None and self.game.phase != "game_over"
        if not (in_play and self.autosave and self._autosave_failed) or isinstance(
                self.screen, QuitAnywayDialog):
            self.exit()
            return
        if self._save(quiet=True):
            self.exit()
            return
        dialog = QuitAnywayDialog(f"{self._save_error}\n\nThe game could not be saved: "
                                  "quit anyway?")

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(dialog, answered)

    def action_resume(self) -> None:
        """The picker's Resume list (leaving the table: its game is saved after every move)."""
        if not isinstance(self.screen, PickerScreen):
            self.game = None
            self.back_to_picker()
        self.call_after_refresh(self._focus_resume)

    def _focus_resume(self) -> None:
        screen = self.screen
        if isinstance(screen, PickerScreen):
            screen.load_saves()
            screen.action_resume()

    def action_statistics(self) -> None:
        """The Statistics screen (the picker's s, game over's s)."""
        from .screens.stats import StatsScreen  # lazy: see the module docstring

        if not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen())

    def action_new_game(self) -> None:
        self.game = None
        self.back_to_picker()


if TYPE_CHECKING:
    def _is_rummy_app_like(app: RummyApp) -> RummyAppLike:
        return app  # the type checker holds RummyApp to what screens use of it (typed.py)
