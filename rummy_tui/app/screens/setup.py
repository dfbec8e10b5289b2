"""The setup screen: seats, names, human or computer, the variant's options and a seed.

The option fields are built from the variant's pydantic model (``core.options``), so a new
option appears here without app changes; the model validates, and its messages are shown
under the field they concern.
"""

from __future__ import annotations

import types
import typing
from typing import Any

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, RadioButton, RadioSet, Select, Static

from ...core.engine import new_game
from ...core.names import PlayerNameError, check_name, check_names
from ...core.text import visible
from ...core.options import options_model
from ...core.state import PlayerKind, PlayerSpec
from ...core.variants import RuleError
from ...history import store
from ..presets import Preset
from ..rules import player_range
from ..typed import rummy_app

KINDS: list[tuple[str, PlayerKind]] = [
    ("Human", "human"), ("Normal", "normal"), ("Easy", "easy"), ("Hard", "hard")
]
"""Who plays a seat: the choices of a :class:`SeatKind` row (a computer player of normal,
easy or hard strength, each named by its level: "Computer" beside "Easy / Hard" read as a
fourth kind; the short words keep the row within 80 columns)."""
SPEEDS = [("slow (1.2 s a move)", 1.2), ("normal (0.6 s)", 0.6), ("fast (0.2 s)", 0.2),
          ("instant", 0.0)]


def _nearest_speed(delay: float) -> float:
    return min((d for _, d in SPEEDS), key=lambda d: abs(d - delay))


DEFAULT_NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


class KindButton(RadioButton):
    """One choice of a seat's player, marked ● when chosen and ○ when not: Textual's radio
    button marks both with ● and tells them apart by colour alone, which a monochrome
    terminal (``NO_COLOR``) or a screen reader of the text does not show."""

    @property  # where RadioButton has a plain str: ToggleButton._button reads it
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # a property over a str
        return "●" if self.value else "○"

    def watch_value(self) -> None:
        super().watch_value()
        if self.value and isinstance(self.parent, SeatKind):
            self.parent.chose(self)


class SeatKind(RadioSet, inherit_bindings=False):
    """Who plays a seat, every choice on show: a click picks one, and so do ← and → (as a
    radio group does in a browser). Enter goes on to the next field, as in the name fields.
    A drop-down hid the choices (QA, issue 12).

    The choice is :attr:`chosen`, set at once by a key or a click (a button turned on tells
    the set as it happens), and every button is set to match it whenever one changes.
    RadioSet's own handling is not used: it turned the other buttons off from each button's
    message, reading the button's value when the message came, and those come in any order
    (each button has its own queue): keys typed in one burst (Tab, Tab, →, →, →, ←) left two
    buttons on. It also moved its cursor on the arrows only, from the first button
    whichever was pressed, so that Enter on a computer seat made it human."""

    BINDINGS = [
        Binding("right", "choose(1)", "Human / computer", key_display="←/→",
                id="setup.next_choice"),
        Binding("left", "choose(-1)", "Previous choice", show=False, id="setup.previous_choice"),
        Binding("space", "choose(0)", "Choose", show=False, id="setup.toggle"),
        Binding("enter", "next_field", "Next field", show=False, id="setup.next_field"),
    ]

    chosen = 0
    """The index of the choice: what the seat's player is."""

    def on_mount(self) -> None:
        for i, button in enumerate(self.query(KindButton)):
            if button.value:
                self.chosen = i
                break

    def chose(self, button: KindButton) -> None:
        self.chosen = list(self.query(KindButton)).index(button)

    @property
    def pressed_button(self) -> RadioButton | None:
        return list(self.query(KindButton))[self.chosen]

    @property
    def pressed_index(self) -> int:
        return self.chosen

    def on_radio_button_changed(self, event: RadioButton.Changed) -> None:
        event.prevent_default()  # not RadioSet's handler: see the class's docstring
        event.stop()
        self._show_choice()

    def _show_choice(self) -> None:
        """Every button on or off as the choice is, and the set's message that it is."""
        buttons = list(self.query(KindButton))
        with self.prevent(RadioButton.Changed):
            for i, button in enumerate(buttons):
                button.value = i == self.chosen
        self.post_message(RadioSet.Changed(self, buttons[self.chosen]))

    def on_focus(self) -> None:
        self._cursor_to_choice()

    def _cursor_to_choice(self) -> None:
        """RadioSet's cursor (its highlight) onto the chosen button."""
        buttons = list(self.query(KindButton))
        for _ in buttons:
            if buttons[self.chosen].has_class("-selected"):
                break
            self.action_next_button()

    def action_next_field(self) -> None:
        self.screen.focus_next()

    def action_choose(self, step: int) -> None:
        self.chosen = (self.chosen + step) % len(self.query(KindButton))
        self._show_choice()
        self._cursor_to_choice()


class FieldSelect(Select[Any], inherit_bindings=False):
    """A drop-down of the setup form: Enter goes on to the next field, as in every other
    field of the form (issue 30: it opened the list); space and the arrows open it."""

    BINDINGS = [
        Binding("down,space,up", "show_overlay", "Show menu", show=False, id="setup.open_menu"),
        Binding("enter", "next_field", "Next field", show=False, id="setup.next_field"),
    ]

    def action_next_field(self) -> None:
        self.screen.focus_next()


def _field_kind(annotation: Any) -> tuple[str, tuple[Any, ...], bool]:
    """('bool' | 'choice' | 'int' | 'text', choices, optional) of an option's type."""
    optional = False
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        optional = len(rest) < len(args)
        annotation = rest[0] if len(rest) == 1 else annotation
        origin = typing.get_origin(annotation)
        args = typing.get_args(annotation)
    if annotation is bool:
        return "bool", (), optional
    if origin is typing.Literal:
        return "choice", args, optional
    if annotation is int:
        return "int", (), optional
    return "text", (), optional


# What an empty optional field means (its help line below, from the options model, says
# the rest): "none" read as if there were no decks at all.
_EMPTY_MEANS = {"decks": "auto (by players)", "turn_timer": "none"}
"""(The timer's help says "none for no timer": the field says the same, and takes it.)"""


def _is_name(text: str) -> bool:
    try:
        return check_name(text) == text
    except PlayerNameError:
        return False


def _show_error(widget: Static, text: str) -> None:
    """An inline message under a field; an empty one takes no room."""
    widget.update(Text(text))  # it may quote a name: never markup
    widget.display = bool(text)


class SetupScreen(Screen[None]):
    BINDINGS = [
        Binding("escape", "back", "Back", id="setup.back"),
        Binding("ctrl+g", "start", "Start game", id="setup.start"),
        Binding("f1", "app.help", "Rules", id="setup.help"),
    ]

    def __init__(self, preset: Preset) -> None:
        super().__init__()
        self.preset = preset
        self.variant = preset.variant
        self.model = options_model(preset.variant)
        self.low, self.high = player_range(preset.variant, preset.options)
        self.last: Any = None
        """The seats and options of the last game from this entry (remembered settings)."""
        self.known: list[str] = []
        """The players known from earlier games (their profiles), offered as names."""

    def _load_remembered(self) -> None:
        app: Any = self.app
        if app.settings is not None:
            self.last = app.settings.settings.last.get(self.preset.key)
        if getattr(app, "record_stats", False):
            try:
                # offered as names: only what is a name today (core/names.py)
                self.known = [n for n in store.load().known_names() if _is_name(n)]
            except store.StatsError as exc:
                self.known = []  # the file is left as it is; the game goes on without it
                app.notify(f"{exc} (no game is recorded until it is mended)",
                           title="Statistics not read", severity="warning", timeout=10,
                           markup=False)

    # --- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        self._load_remembered()
        last_seats = list(self.last.seats) if self.last is not None else []
        suggester = SuggestFromList(self.known, case_sensitive=False) if self.known else None
        with VerticalScroll(id="setup"):
            yield Static(f"New game: {self.preset.title}", id="setup-title")
            yield Static(self.preset.description, classes="setup-help")
            yield Static("Enter or Tab: next field · ←/→ or a click: human or a computer "
                         "(Normal, Easy, Hard) · ctrl+g: start · Esc: back · F1: rules",
                         classes="setup-help")
            with Horizontal(classes="setup-row"):
                yield Label("Players", classes="setup-label")
                default = min(self.high, max(self.low, len(last_seats) or 3))
                yield FieldSelect([(str(n), n) for n in range(self.low, self.high + 1)],
                             value=default, allow_blank=False, id="seats", compact=True)
            for seat in range(self.high):
                name, kind = (last_seats[seat] if seat < len(last_seats) else
                              (DEFAULT_NAMES[seat % len(DEFAULT_NAMES)],
                               "human" if seat == 0 else "normal"))
                if not _is_name(name):  # settings.toml is from outside: never shown raw
                    name = DEFAULT_NAMES[seat % len(DEFAULT_NAMES)]
                with Vertical(classes="seat", id=f"seat-{seat}"):
                    with Horizontal(classes="setup-row seat-row"):
                        yield Label(f"Seat {seat + 1}", classes="seat-label")
                        yield Input(name, max_length=64, suggester=suggester,
                                    id=f"name-{seat}", classes="seat-name", compact=True)
                        with SeatKind(id=f"kind-{seat}", classes="seat-kind", compact=True):
                            for label, value in KINDS:
                                yield KindButton(label, value=value == kind, compact=True)
                    # the name's own message, under it (core/names.py says what is refused)
                    yield Static("", id=f"name-error-{seat}", classes="field-error name-error")
            if self.known:
                yield Static(Text("Known players (type a few letters, → completes): "
                                  + ", ".join(visible(n) for n in self.known[:12])),
                                 classes="setup-help")
            yield Static("Options", classes="setup-section")
            for name, field in self.model.model_fields.items():
                yield from self._option_row(name, field)
            yield Static("Table", classes="setup-section")
            with Horizontal(classes="setup-row"):
                yield Label("four-colour deck", classes="setup-label")
                yield FieldSelect([("yes", True), ("no", False)],
                             value=bool(rummy_app(self).four_colour),
                             allow_blank=False, id="four-colour", compact=True)
            with Horizontal(classes="setup-row"):
                yield Label("ASCII suits", classes="setup-label")
                yield FieldSelect([("yes", True), ("no", False)],
                             value=bool(rummy_app(self).ascii),
                             allow_blank=False, id="ascii", compact=True)
            with Horizontal(classes="setup-row"):
                yield Label("computer speed", classes="setup-label")
                yield FieldSelect(SPEEDS, value=_nearest_speed(rummy_app(self).bot_delay),
                             allow_blank=False, id="bot-speed", compact=True)
            with Horizontal(classes="setup-row"):
                yield Label("Seed", classes="setup-label")
                yield Input(placeholder="random", type="integer", id="seed", compact=True)
            yield Static("", id="start-error", classes="field-error")
            with Horizontal(id="setup-buttons"):
                yield Button("Start game", variant="primary", id="start", compact=True)
                yield Button("Back", id="back", compact=True)
        yield Footer()

    def _option_row(self, name: str, field: Any) -> ComposeResult:
        kind, choices, optional = _field_kind(field.annotation)
        value = self.preset.options.get(name, field.default)
        remembered = self.last.options.get(name) if self.last is not None else None
        if name not in self.preset.options and remembered is not None and (
                kind != "choice" or remembered in choices) and (
                kind != "bool" or isinstance(remembered, bool)):
            value = remembered
        label = name.replace("_", " ")
        widget: Widget
        if kind == "bool":
            # yes/no in words: a checkbox's mark reads the same on and off in some themes.
            widget = FieldSelect([("yes", True), ("no", False)], value=bool(value),
                            allow_blank=False, id=f"opt-{name}", compact=True)
        elif kind == "choice":
            widget = FieldSelect([(str(c), c) for c in choices], value=value, allow_blank=False,
                            id=f"opt-{name}", compact=True)
        else:
            widget = Input("" if value is None else str(value),
                           placeholder=_EMPTY_MEANS.get(name, "none") if optional else "",
                           id=f"opt-{name}", compact=True)
        with Vertical(classes="option"):
            with Horizontal(classes="setup-row"):
                yield Label(label, classes="setup-label")
                yield widget
            if field.description:
                yield Static(field.description, classes="setup-help")
            yield Static("", id=f"err-{name}", classes="field-error")

    def on_mount(self) -> None:
        for error in self.query(".field-error"):
            error.display = False
        for field in self.query(Input):
            field.cursor_blink = rummy_app(self).cursor_blink
        self._show_seats()
        self.query_one("#name-0", Input).focus()

    # --- seats ------------------------------------------------------------------------
    def seat_count(self) -> int:
        value = self.query_one("#seats", Select).value
        return int(value) if isinstance(value, int) else self.low

    def _show_seats(self) -> None:
        count = self.seat_count()
        for seat in range(self.high):
            self.query_one(f"#seat-{seat}").display = seat < count

    @on(Select.Changed, "#seats")
    def _seats_changed(self) -> None:
        self._show_seats()
        self.players()

    def seat_kind(self, seat: int) -> PlayerKind:
        """"human", "normal", "easy" or "hard": the choice in this seat's row."""
        return KINDS[self.query_one(f"#kind-{seat}", SeatKind).chosen][1]

    # --- options ----------------------------------------------------------------------
    def option_values(self) -> tuple[dict[str, Any], dict[str, str]]:
        """The values typed so far, and a message per field that cannot be read."""
        values: dict[str, Any] = {}
        errors: dict[str, str] = {}
        for name, field in self.model.model_fields.items():
            kind, _, optional = _field_kind(field.annotation)
            widget = self.query_one(f"#opt-{name}")
            if isinstance(widget, Select):
                values[name] = widget.value
            else:
                assert isinstance(widget, Input)
                raw = widget.value.strip()
                if optional and raw.lower() in ("", "none"):
                    values[name] = None
                elif kind == "int":
                    try:
                        values[name] = int(raw)
                    except ValueError:
                        errors[name] = "enter a whole number" + (" or leave it empty"
                                                                  if optional else "")
                else:
                    values[name] = raw
        return values, errors

    def validate_options(self) -> Any | None:
        """The options model, or None after showing each problem under its field."""
        values, errors = self.option_values()
        model = None
        # Fields that cannot be read are left to their defaults here, so that every other
        # field still gets the model's own message.
        readable = {k: v for k, v in values.items() if k not in errors}
        try:
            model = self.model(**readable)
        except ValidationError as exc:
            for err in exc.errors():
                where = str(err["loc"][0]) if err["loc"] else ""
                msg = err["msg"].removeprefix("Value error, ")
                if where in self.model.model_fields:
                    errors.setdefault(where, msg)
                else:  # a rule across fields: shown under the first of them
                    errors.setdefault(next(iter(self.model.model_fields)), msg)
        for name in self.model.model_fields:
            _show_error(self.query_one(f"#err-{name}", Static), errors.get(name, ""))
        return None if errors else model

    @on(Input.Changed)
    @on(Select.Changed)
    def _revalidate(self, event: Any) -> None:
        if event.control.id and event.control.id.startswith("opt-"):
            self.validate_options()
        elif event.control.id and event.control.id.startswith("name-"):
            self.players()

    # --- start ------------------------------------------------------------------------
    def players(self) -> list[PlayerSpec] | None:
        specs: list[PlayerSpec] = []
        problems: dict[int, str] = {}
        count = self.seat_count()
        for seat in range(count):
            name = self.query_one(f"#name-{seat}", Input).value
            try:  # the one check of a name (core/names.py), as the command line uses it
                name = check_name(name)
                # two seats alike: said under the later one
                check_names([s.name for s in specs if s.name] + [name])
            except PlayerNameError as exc:
                problems[seat] = str(exc)
                name = ""
            specs.append(PlayerSpec(name, self.seat_kind(seat)))
        for seat in range(self.high):
            _show_error(self.query_one(f"#name-error-{seat}", Static),
                        problems.get(seat, "") if seat < count else "")
        return None if problems else specs

    def action_start(self) -> None:
        options = self.validate_options()
        players = self.players()
        seed_text = self.query_one("#seed", Input).value.strip()
        error = self.query_one("#start-error", Static)
        if options is None or players is None:
            _show_error(error, "Fix the fields marked above first.")
            return
        try:
            seed = int(seed_text) if seed_text and len(seed_text) <= 19 else None
            if seed_text and (seed is None or not 0 <= seed < 2**63):
                raise ValueError(seed_text)
        except ValueError:
            _show_error(error, "The seed is a whole number from 0 to 2**63 - 1 (or empty for a "
                               "random deal).")
            return
        try:
            state = new_game(self.variant, players, seed=seed, options=options)
        except RuleError as exc:
            _show_error(error, str(exc))
            return
        _show_error(error, "")
        app = rummy_app(self)
        app.four_colour = bool(self.query_one("#four-colour", Select).value)
        speed = self.query_one("#bot-speed", Select).value
        app.bot_delay = float(speed) if isinstance(speed, (int, float)) else 0.6
        app.ascii = bool(self.query_one("#ascii", Select).value)
        self._remember(players, options)
        app.start_game(state)

    def _remember(self, players: list[Any], options: Any) -> None:
        """Remember these seats and options for this entry, and make a profile for each new
        name (when the app keeps settings and statistics: a real run, not a test)."""
        app: Any = self.app
        seats = [(p.name, p.kind) for p in players]
        if app.settings is not None:
            app.settings.remember_setup(self.preset.key, seats, options.model_dump())
        if getattr(app, "record_stats", False):
            try:
                store.add_profiles(seats)
            except store.StatsError:
                pass  # an unreadable statistics file is left as it is

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        """Enter in a field moves on to the next one (ctrl+g or the button starts)."""
        event.stop()
        self.focus_next()

    def action_back(self) -> None:
        self.app.pop_screen()
