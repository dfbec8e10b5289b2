"""A hosted table's seats and invitations: ``--seats`` read, codes made, and the invitations
file kept beside the save so that ``rummy-tui host --resume`` brings back the same codes.

The file is ``<save>.invites`` (``20261127-031500-rummy-1234.json.invites``): JSON, one
entry per seat (``kind``, ``code`` for a remote seat, ``bot`` for a computer one) and the
address the table was served on (``host``, ``port``: a resumed table listens there again,
so the invitations' lines stay true), written atomically and readable by its owner only,
like a save (docs/PROTOCOL.md, "Resuming"). The save itself is an ordinary save
(docs/SAVES.md), so ``rummy-tui saves`` reads it as before; a save with the file beside it
is hosted again, never resumed hot-seat (``net.is_hosted``), and a save without the file
resumes hot-seat as always.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..core.names import PlayerNameError, check_names
from ..core.text import quote
from . import INVITES_SUFFIX, invites_path  # noqa: F401  (the file's name: kept in net/)
from .protocol import CODE_PATTERN, BotKind, SeatKind
from .table import Seat

MAX_INVITES_BYTES = 16 * 1024

KIND_WORDS: dict[str, tuple[SeatKind, BotKind]] = {
    "remote": ("remote", "normal"),
    "cpu": ("cpu", "normal"),
    "cpu-easy": ("cpu", "easy"),
    "cpu-normal": ("cpu", "normal"),
    "cpu-hard": ("cpu", "hard"),
    "human": ("local", "normal"),
    "local": ("local", "normal"),
}
"""The words before a name in ``--seats`` ("remote:Bob", "cpu:Ravi", "cpu-hard:Ravi": as
``rummy-tui new --players`` has them); a name with none is a local seat."""


class SeatsError(Exception):
    """A bad ``--seats`` or invitations file: one line."""


def new_code() -> str:
    """An invitation code: 128 random bits (22 characters), which cannot be guessed. Never
    one that starts with ``-``: ``rummy-tui join HOST:PORT -abc...`` reads it as an option
    ("the following arguments are required: CODE"), and one code in 64 did."""
    while (code := secrets.token_urlsafe(16)).startswith("-"):
        pass  # drawn again: 63 first characters of 64 are kept, the other 21 stay random
    return code


def join_command(where: str, code: str) -> str:
    """The line a remote seat types: ``rummy-tui join HOST:PORT CODE``, with ``--`` before
    the address when the code starts with ``-`` (one in a save from before :func:`new_code`
    drew such codes again), which the command line would read as an option."""
    dashes = "-- " if code.startswith("-") else ""
    return f"rummy-tui join {dashes}{where} {code}"


def parse_seats(text: str) -> list[tuple[str, Seat]]:
    """``--seats "Asha,remote:Bob,remote:Chen,cpu:Ravi"``: each seat's name and its
    :class:`Seat` (a remote seat with a new code). SeatsError for a bad entry."""
    if len(text) > 2000:
        raise SeatsError("--seats is too long")
    entries = [e.strip() for e in text.split(",")]
    if not 2 <= len(entries) <= 10:
        raise SeatsError(f"--seats needs 2 to 10 seats separated by commas, not {len(entries)}")
    names: list[str] = []
    seats: list[Seat] = []
    for entry in entries:
        word, sep, name = entry.partition(":")
        if not sep:
            word, name = "local", entry
        found = KIND_WORDS.get(word.strip().lower())
        if found is None:
            raise SeatsError(f"unknown seat kind {quote(word)} in {quote(entry)} (use remote:, "
                             "cpu:, cpu-easy:, cpu-hard: or no prefix for a local seat)")
        kind, bot = found
        names.append(name)
        seats.append(Seat(kind=kind, bot=bot, code=new_code() if kind == "remote" else None))
    try:
        checked = check_names(names)
    except PlayerNameError as exc:
        raise SeatsError(str(exc)) from None
    return list(zip(checked, seats))


class _SeatEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    kind: SeatKind
    code: Annotated[str, Field(pattern=CODE_PATTERN)] | None = None
    bot: BotKind = "normal"


class InvitesFile(BaseModel):
    """The invitations of a hosted table, beside its save."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    format: Literal[1]
    seats: Annotated[list[_SeatEntry], Field(min_length=2, max_length=10)]
    host: Annotated[str, Field(min_length=1, max_length=253, pattern=r"^[^\x00-\x20\x7f/]*$")] \
        | None = None
    """The address the table was served on (absent in the files of older versions)."""
    port: Annotated[int, Field(ge=1, le=65535)] | None = None


@dataclass(frozen=True)
class Invitations:
    """A hosted table's seats and the address it was served on (None: not recorded)."""

    seats: list[Seat]
    host: str | None = None
    port: int | None = None


def write_invites(save_path: Path, seats: list[Seat], host: str | None = None,
                  port: int | None = None) -> None:
    """Write the table's invitations beside its save, with the address it is served on
    (atomically; OSError if it cannot)."""
    from ..atomic import write_atomic

    data = InvitesFile(format=1, seats=[_SeatEntry(kind=s.kind, code=s.code, bot=s.bot)
                                        for s in seats], host=host, port=port)
    write_atomic(invites_path(save_path),
                 (data.model_dump_json(indent=2, exclude_none=True) + "\n").encode())


def read_invites(save_path: Path, players: int) -> list[Seat]:
    """The seats of a hosted game's save (:func:`load_invites`)."""
    return load_invites(save_path, players).seats


def check_players(kinds: list[str], seats: list[Seat]) -> None:
    """SeatsError unless the save's players (``PlayerSpec.kind`` each: "human" or a
    computer's strength) are the invitations' seats: a human seat is local or remote."""
    if len(kinds) != len(seats) or any((kind == "human") != (seat.kind != "cpu")
                                       for kind, seat in zip(kinds, seats)):
        raise SeatsError("the invitations do not match the save's players")


def load_invites(save_path: Path, players: int) -> Invitations:
    """The seats of a hosted game's save and its address, from the invitations file beside
    it; SeatsError (one line) if there is none or it cannot be read. The file is never
    changed here."""
    path = invites_path(save_path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_INVITES_BYTES + 1)
    except FileNotFoundError:
        raise SeatsError(f"{quote(path)} not found: this save was not hosted (resume it "
                         "with rummy-tui resume, or host a new game)") from None
    except OSError as exc:
        raise SeatsError(f"cannot read {quote(path)}: {exc.strerror}") from None
    if len(raw) > MAX_INVITES_BYTES:
        raise SeatsError(f"{quote(path)} is too large for an invitations file")
    try:
        data = InvitesFile.model_validate_json(raw)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        where = ".".join(str(x) for x in first["loc"])
        raise SeatsError(f"{quote(path)}: {where}: {first['msg']}") from None
    entries = data.seats
    if len(entries) != players:
        raise SeatsError(f"{quote(path)} has {len(entries)} seats, the save {players}")
    for e in entries:
        if (e.kind == "remote") != (e.code is not None):
            raise SeatsError(f"{quote(path)}: a remote seat needs a code, no other seat has one")
    codes = [e.code for e in entries if e.code is not None]
    if len(set(codes)) != len(codes):
        raise SeatsError(f"{quote(path)}: two seats have the same code")
    return Invitations([Seat(kind=e.kind, code=e.code, bot=e.bot) for e in entries],
                       data.host, data.port)

