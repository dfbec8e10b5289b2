"""The picker's "Host a table" (``h``): the seats of a table for the game highlighted in the
picker, and where to serve it; then nethost's server starts in this process and the table
opens (host_table.py) with the invitations on screen.

The seats are written as ``rummy-tui host --seats`` takes them (net/invites.py): a name
alone is a seat at this keyboard, ``remote:NAME`` a player who joins, ``cpu:NAME`` (or
``cpu-easy:``, ``cpu-hard:``) a computer player. The server listens on 127.0.0.1 unless the
address says otherwise, with serve's warning. The game is saved like any game, with its
invitations beside the save (net/invites.py), and recorded in the statistics on this
machine.

A hosted table's save comes back the same way from the picker's Resume list
(:func:`host_again`): its seats and invitations from the file beside the save, served again
on the address it was served on, never opened hot-seat (the remote seats' hands would show
at this keyboard).
"""

from __future__ import annotations

import contextlib
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.widgets import Button, Input, Label, Static

from ...core.engine import new_game
from ...core.options import make_options
from ...core.state import PlayerSpec
from ...core.text import clip, one_line, visible
from ...core.variants import RuleError
from ..dialogs.choose import DIALOG_CSS, OnceModal
from ..presets import Preset
from ..typed import rummy_app

DEFAULT_SEATS = "You,remote:Friend,cpu:Ravi"


class HostError(Exception):
    """Why the table cannot be hosted: one line under the fields."""


def build_table(preset: Preset, seats_text: str, saves_dir: str | None,
                record_stats: bool, address: tuple[str, int] | None = None,
                seed: int | None = None) -> Any:
    """The table (a HostedTable, saved in the saves folder with its invitations and the
    ``address`` it is served on) for these seats, its deal from ``seed`` if given; HostError
    for bad seats or a game they cannot play."""
    from ...net.invites import SeatsError, parse_seats, write_invites
    from ...saves import SaveError, new_save_path, saves_dir as folder
    from ..hosted_session import HostedTable

    try:
        seated = parse_seats(seats_text)
    except SeatsError as exc:
        raise HostError(str(exc)) from None
    if not any(seat.kind == "remote" for _, seat in seated):
        raise HostError("no remote seat: give at least one remote:NAME")
    players = [PlayerSpec(name, "human" if seat.kind != "cpu" else seat.bot)
               for name, seat in seated]
    try:
        state = new_game(preset.variant, players, seed=seed,
                         options=make_options(preset.variant, dict(preset.options)))
    except RuleError as exc:
        raise HostError(str(exc)) from None
    seats = [seat for _, seat in seated]
    save_path = None
    try:
        where = folder(saves_dir)
        where.mkdir(parents=True, exist_ok=True)
        save_path = new_save_path(state, where)
        write_invites(save_path, seats, *(address or (None, None)))
    except (SaveError, OSError) as exc:
        raise HostError(f"cannot save the table: {one_line(exc)}") from None
    return HostedTable(state, seats, save_path=save_path, record_stats=record_stats)


class HostSetupScreen(OnceModal[None]):
    DEFAULT_CSS = DIALOG_CSS.format(name="HostSetupScreen") + """
    HostSetupScreen > Vertical { width: 76; }
    HostSetupScreen Input { margin-bottom: 1; }
    HostSetupScreen #host-problem { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back", id="setup.back")]

    def __init__(self, preset: Preset) -> None:
        super().__init__()
        self.preset = preset

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Content(f"Host a table of {self.preset.title}"), classes="-title")
            yield Label("Seats (a name: at this keyboard; remote:NAME joins; cpu:NAME)")
            yield Input(DEFAULT_SEATS, max_length=400, id="host-seats")
            yield Label("Listen on (127.0.0.1: this machine only)")
            yield Input("127.0.0.1", max_length=253, id="host-address")
            yield Label("Port")
            yield Input("8765", type="integer", max_length=5, id="host-port")
            yield Static("", id="host-problem")
            with Horizontal():
                yield Button("Host (Enter)", variant="primary", id="host-start")
                yield Button("Back (Esc)", id="host-back")

    def on_mount(self) -> None:
        self.query_one("#host-seats", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    @on(Input.Submitted)
    async def _submitted(self) -> None:
        await self.start()

    @on(Button.Pressed)
    async def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "host-start":
            await self.start()
        else:
            self.dismiss(None)

    def problem(self, text: str) -> None:
        self.query_one("#host-problem", Static).update(Content(visible(text)))

    async def start(self) -> None:
        from ...commands.serve import ServeError, check_host
        from .host_table import HostTableScreen

        app = rummy_app(self)
        address = self.query_one("#host-address", Input).value.strip()
        port_text = self.query_one("#host-port", Input).value.strip()
        try:
            warning = check_host(address)
            port = int(port_text) if port_text.isdigit() else -1
            if not 1 <= port <= 65535:
                raise HostError(f"a port is 1 to 65535, not {clip(port_text)}")
            table = build_table(self.preset, self.query_one("#host-seats", Input).value,
                                app.saves_dir, bool(getattr(app, "record_stats", False)),
                                (address, port))
        except (HostError, ServeError) as exc:
            self.problem(str(exc))
            return
        try:
            host, where = await serve(table, address, port)
        except HostError as exc:
            from ...net import invites_path

            # a table nobody could join: its invitations (just written, no save yet) go
            with contextlib.suppress(OSError):
                invites_path(table.save_path).unlink(missing_ok=True)
            self.problem(str(exc))
            return
        if warning:
            app.notify(warning, severity="warning", timeout=10, markup=False)
        self.dismiss(None)
        self.app.push_screen(HostTableScreen(table, host, invitation_lines(table, where),
                                             where))


async def serve(table: Any, address: str, port: int) -> tuple[Any, str]:
    """Serve the table on ``address``:``port`` (it starts playing): its server and the
    address as the invitations give it; HostError (one line) if it cannot listen, and then
    nothing has been written (a table that never started is not saved)."""
    from ...net.host import Host

    host = Host([table])
    try:
        port = await host.start(address, port)
    except OSError as exc:
        await host.stop()
        raise HostError(f"cannot listen on {clip(address)} port {port}: "
                        f"{exc.strerror or one_line(exc)}") from None
    return host, f"{address}:{port}" if ":" not in address else f"[{address}]:{port}"


def invitation_lines(table: Any, where: str) -> list[str]:
    """``NAME: rummy-tui join HOST:PORT CODE``, one per remote seat."""
    from ...net.invites import join_command

    names = [p.name for p in table.state.players]
    return [f"{names[i]}: {join_command(where, code)}" for i, code in table.code_seats()]


async def host_again(app: Any, state: Any, path: Any) -> str | None:
    """The picker's Resume list on a hosted table's save: the table is served again on the
    address it was served on, with the same seats and invitations, and its screen opens
    (the save's lock held while it serves). Returns why not, in one line (the save and its
    invitations are then as they were)."""
    from ...commands.serve import ServeError, check_host
    from ...net import DEFAULT_PORT
    from ...net.invites import SeatsError, check_players, load_invites
    from ...saves.lock import SaveLock, SaveLocked
    from ..hosted_session import HostedTable
    from .host_table import HostTableScreen

    try:
        invitations = load_invites(path, len(state.players))
        check_players([p.kind for p in state.players], invitations.seats)
        address = invitations.host or "127.0.0.1"
        warning = check_host(address)
    except (SeatsError, ServeError) as exc:
        return str(exc)
    port = invitations.port or DEFAULT_PORT
    lock = SaveLock(path)
    try:
        lock.acquire()
    except SaveLocked as exc:
        return f"{exc}: a hosted table is served by one host at a time"
    except OSError as exc:
        return f"cannot lock the save: {exc.strerror or one_line(exc)}"
    table = HostedTable(state, invitations.seats, save_path=path,
                        record_stats=bool(getattr(app, "record_stats", False)))
    try:
        host, where = await serve(table, address, port)
    except HostError as exc:
        lock.release()
        return str(exc)
    if warning:
        app.notify(warning, severity="warning", timeout=10, markup=False)
    app.push_screen(HostTableScreen(table, host, invitation_lines(table, where), where,
                                    lock=lock))
    return None
