"""The wire protocol between a host (``rummy-tui host``) and its remote seats (``rummy-tui
join``): versioned JSON messages, one per websocket text frame, each a strict pydantic model
(docs/PROTOCOL.md describes every message).

Everything that arrives is data: a message is refused whole, with a one-line reason
(:class:`ProtocolError`), when it is larger than its side's limit, is not JSON, has a key or
type the model does not know, or a string or list longer than its bound. Nothing in a message
names a file, a path or a command.

A view is sent as a save writes the same fields (saves/codec.py: cards as their codes, the
records and the log's events as the save format's), and only ever the seat's own
:class:`~rummy_tui.core.state.PlayerView` (``engine.view``): no other hand, no stock order,
no seed. The log is sent as the events added since the last view (``log_start``), and the
finished rounds likewise (``history_start``), so a view
after an action stays small however long the game; a client keeps the events it has been
sent (:class:`ViewTracker`).

An action is sent as its class's name and its fields (``{"name": "Discard", "args": {"card":
"7D"}}``), made from the dataclass (core/state.py and each variant's ``actions``), so a game
that adds a move needs nothing here.

Long because: it is the protocol whole, every message beside the codecs of the view and of
the actions it carries; docs/PROTOCOL.md is written from it.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeAlias

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from ..core.cards import ALL_CARDS, Card
from ..core.events import Event
from ..core.options import make_options
from ..core.registry import variant_of, variants
from ..core.state import (
    Action, Discard, DrawStock, LayOff, Meld, NextRound, PlayerView, RoundResult, TakeDiscard,
)
from ..core.text import clip
from ..core.variants import RuleError
from ..saves.codec import decode_event, event_dict, value_decoder, value_encoder
from ..saves.schema import (
    SECTIONS, AtMost, CardCode, Cards, EventRecord, PlayerModel, RoundResultModel,
    TableMeldModel,
)

from . import DEFAULT_PORT, WS_PATH  # noqa: F401  (part of the protocol; light for --help)



def join_address(host: str, port: int, tls: bool = False) -> str:
    """The address an invitation gives: ``HOST:PORT`` (``[::1]:PORT`` for IPv6), prefixed
    ``wss://`` when the host speaks TLS."""
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return ("wss://" if tls else "") + f"{shown}:{port}"


def parse_address(text: str) -> tuple[str, int, bool]:
    """``HOST:PORT``, ``[IPv6]:PORT`` or either prefixed ``ws://`` / ``wss://`` (TLS): the
    host, the port and whether to use TLS; ValueError (one line) otherwise."""
    raw = text.strip()
    tls = raw.startswith("wss://")
    for scheme in ("wss://", "ws://"):
        if raw.startswith(scheme):
            raw = raw[len(scheme):]
    raw = raw.rstrip("/")
    host, sep, port_text = raw.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not sep or not host or not port_text.isdigit() or len(port_text) > 5 \
            or not 1 <= int(port_text) <= 65535 or len(host) > 255 or "/" in host:
        raise ValueError(f"not HOST:PORT: {clip(text, 80)}")
    return host, int(port_text), tls


PROTOCOL_VERSION = 1
"""The version this code speaks. A ``hello`` of another version is refused with a reason
(additive changes, a new optional field or a new message, keep the version)."""

MAX_CLIENT_MESSAGE = 4096
"""The largest message a client may send, in bytes (the largest real one, a meld of 13
cards, is under 300)."""

MAX_HOST_MESSAGE = 8 * 1024 * 1024
"""The largest message a host sends, in bytes: a full view of the longest game a save may
hold (saves/schema.py: ``MAX_SAVE_BYTES`` is 4 MB with every hand)."""

MAX_CHAT = 200
"""A chat line's length, in characters."""

CHAT_HISTORY = 50
"""The chat lines a table keeps, and sends a seat that (re)joins (``chat_history``)."""

MAX_REASON = 300
"""A refusal's or a goodbye's length, in characters."""

CODE_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"
"""An invitation code: ``secrets.token_urlsafe`` text (the host makes 22 characters, 128
bits)."""

_PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f\u2028\u2029]*$"
_SEAT = Annotated[int, Field(ge=0, le=9)]
_COUNT = Annotated[int, Field(ge=0, le=10**12)]
_INT = Annotated[int, Field(ge=-(10**12), le=10**12)]
_PER_SEAT = AtMost(10)
Code = Annotated[str, Field(pattern=CODE_PATTERN)]
Name = Annotated[str, Field(min_length=1, max_length=64, pattern=_PRINTABLE)]
Text = Annotated[str, Field(max_length=MAX_REASON, pattern=_PRINTABLE)]
ChatText = Annotated[str, Field(min_length=1, max_length=MAX_CHAT, pattern=_PRINTABLE)]
SeatKind = Literal["local", "remote", "cpu"]
"""Who plays a seat: a human at the host's keyboard, a human who joins, a computer."""
BotKind = Literal["easy", "normal", "hard"]


class ProtocolError(Exception):
    """A message that cannot be read: ``str(exc)`` is one line saying why."""

    def __init__(self, reason: object) -> None:
        super().__init__(clip(" ".join(str(reason).split()), MAX_REASON))


class _Model(BaseModel):
    # strict: "3" where 3 belongs is refused; unknown keys are refused (a client speaking a
    # newer protocol says so with its version, not with extra keys)
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# --- actions -------------------------------------------------------------------------------

ActionArg = _INT | CardCode | Annotated[list[CardCode], AtMost(60)]


class ActionData(_Model):
    """A move: the name of its class (``Discard``, ``Meld``, ``Declare``, ...) and its fields
    (cards as codes, a list of cards as a list of codes, numbers as numbers)."""

    name: Annotated[str, Field(pattern=r"^[A-Z][A-Za-z]{0,39}$")]
    args: Annotated[dict[Annotated[str, Field(pattern=r"^[a-z_]{1,30}$")], ActionArg],
                    Field(max_length=4)] = {}


_SHARED_ACTIONS: tuple[type[Action], ...] = (
    DrawStock, TakeDiscard, Meld, LayOff, Discard, NextRound)


def action_classes() -> dict[str, type[Action]]:
    """Every move a registered game knows, by class name (the shared ones and each game's
    own ``Variant.actions``)."""
    found: dict[str, type[Action]] = {cls.__name__: cls for cls in _SHARED_ACTIONS}
    for v in variants():
        for cls in v.actions:
            found.setdefault(cls.__name__, cls)
    return found


def _arg_kind(tp: Any) -> str:
    if tp is Card:
        return "card"
    if typing.get_origin(tp) is tuple and typing.get_args(tp)[:1] == (Card,):
        return "cards"
    if tp is int:
        return "int"
    raise TypeError(f"an action field of type {tp!r} has no place in the protocol")


def _action_fields(cls: type[Action]) -> list[tuple[str, str, bool]]:
    """(name, kind, required) of each field of an action class."""
    hints = typing.get_type_hints(cls)
    return [(f.name, _arg_kind(hints[f.name]),
             f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING)
            for f in dataclasses.fields(cls)]


def encode_action(action: Action) -> ActionData:
    """An action as the protocol sends it."""
    args: dict[str, Any] = {}
    for name, kind, _ in _action_fields(type(action)):
        value = getattr(action, name)
        args[name] = (value.code if kind == "card" else
                      [c.code for c in value] if kind == "cards" else int(value))
    return ActionData(name=type(action).__name__, args=args)


_CARD_BY_CODE: dict[str, Card] = {c.code: c for c in ALL_CARDS}


def decode_action(data: ActionData) -> Action:
    """The engine's action of a validated :class:`ActionData`; ProtocolError if no game
    knows the move or its fields are not the move's. Whether it is legal is the engine's
    question (``engine.check_action``), asked by the host."""
    cls = action_classes().get(data.name)
    if cls is None:
        raise ProtocolError(f"there is no move called {data.name}")
    spec = _action_fields(cls)
    names = {name for name, _, _ in spec}
    unknown = sorted(set(data.args) - names)
    if unknown:
        raise ProtocolError(f"{data.name} has no field {unknown[0]}")
    kwargs: dict[str, Any] = {}
    for name, kind, required in spec:
        if name not in data.args:
            if required:
                raise ProtocolError(f"{data.name} needs its field {name}")
            continue
        value = data.args[name]
        if kind == "card" and isinstance(value, str):
            kwargs[name] = _CARD_BY_CODE[value]
        elif kind == "cards" and isinstance(value, list):
            kwargs[name] = tuple(_CARD_BY_CODE[c] for c in value)
        elif kind == "int" and isinstance(value, int):
            kwargs[name] = value
        else:
            raise ProtocolError(f"{data.name}.{name} must be {kind_words[kind]}")
    return cls(**kwargs)


kind_words = {"card": "a card code", "cards": "a list of card codes", "int": "a whole number"}


# --- the view ------------------------------------------------------------------------------


class ViewData(_Model):
    """One seat's :class:`~rummy_tui.core.state.PlayerView`, field for field, as a save writes
    them; ``log`` holds only the events from the message's ``log_start`` on, ``history``
    only the rounds from its ``history_start`` on."""

    variant: Annotated[str, Field(max_length=40)]
    options: Annotated[dict[str, Any], Field(max_length=30)]
    players: Annotated[list[PlayerModel], Field(min_length=2), AtMost(10)]
    round_no: Annotated[int, Field(ge=1, le=10**12)]
    dealer: _SEAT
    to_move: _SEAT
    direction: Literal[1, -1]
    phase: Literal["draw", "play", "round_over", "game_over"]
    discard: Cards
    wild_card: CardCode | None
    table: Annotated[list[TableMeldModel], AtMost(1000)]
    scores: Annotated[list[_INT], _PER_SEAT]
    history: Annotated[list[RoundResultModel], AtMost(2000)]
    log: Annotated[list[EventRecord], AtMost(500_000)]
    out: Annotated[list[bool], _PER_SEAT]
    eliminated: Annotated[list[bool], _PER_SEAT]
    winner: _SEAT | None
    last_round: RoundResultModel | None
    taken: CardCode | None
    rebuilds: _COUNT
    turn: _COUNT
    actions: _COUNT
    player: _SEAT
    hand: Cards
    hand_counts: Annotated[list[_COUNT], _PER_SEAT]
    stock_count: _COUNT
    vs: Annotated[dict[str, Any], Field(max_length=30)] | None
    """The public part of the game's own state: its section of a save (saves/schema.py)."""


VIEW_KEYS = tuple(ViewData.model_fields)
assert set(VIEW_KEYS) == {f.name for f in dataclasses.fields(PlayerView)}, \
    "a PlayerView field without a place in the protocol (net/protocol.py)"
_HINTS = typing.get_type_hints(PlayerView)
_PLAIN = tuple(k for k in VIEW_KEYS if k not in ("options", "log", "vs", "history",
                                                 "last_round"))
_ENCODERS: dict[str, Callable[[Any], Any]] = {k: value_encoder(_HINTS[k]) for k in _PLAIN}
_DECODERS: dict[str, Callable[[Any], Any]] = {
    k: value_decoder(_HINTS[k]) for k in (*_PLAIN, "history", "last_round")}


_ENCODE_ROUND = value_encoder(RoundResult)

# The finished rounds never change once made (core/state.py: a state is never mutated) and
# every view of a table shares them: each is encoded once. Keyed by id() with the round
# kept, so a reused id of a freed round is never mistaken for it.
_ROUNDS: dict[int, tuple[RoundResult, Any]] = {}
_ROUNDS_MAX = 50_000


def _encoded_round(r: RoundResult) -> Any:
    hit = _ROUNDS.get(id(r))
    if hit is not None and hit[0] is r:
        return hit[1]
    if len(_ROUNDS) >= _ROUNDS_MAX:
        _ROUNDS.clear()
    data = _ENCODE_ROUND(r)
    _ROUNDS[id(r)] = (r, data)
    return data


def encode_view(view: PlayerView, log_start: int = 0, history_start: int = 0) -> dict[str, Any]:
    """A view as the JSON data of a ``view`` message's ``view`` (the events of the log from
    ``log_start`` on, the finished rounds from ``history_start`` on)."""
    data = {k: enc(getattr(view, k)) for k, enc in _ENCODERS.items()}
    data["history"] = [_encoded_round(r) for r in view.history[history_start:]]
    last = view.last_round
    data["last_round"] = None if last is None else _encoded_round(last)
    data["options"] = view.options.model_dump(mode="json")
    data["log"] = [event_dict(e) for e in view.log[log_start:]]
    vs = view.vs
    vs_type: type | None = None if vs is None else type(vs)
    data["vs"] = None if vs_type is None else value_encoder(vs_type)(vs)
    return {k: data[k] for k in VIEW_KEYS}


def decode_view(data: ViewData, earlier: list[Event],
                earlier_rounds: list[RoundResult] | None = None) -> PlayerView:
    """The :class:`PlayerView` of a validated view, its log the ``earlier`` events (those
    before its ``log_start``) and its own, its history likewise; ProtocolError if the options
    or the game's own state are not the game's."""
    try:
        options = make_options(data.variant, data.options)
        v = variant_of(data.variant)
    except RuleError as exc:
        raise ProtocolError(f"view: {exc}") from None
    vs: Any = None
    section = SECTIONS.get(data.variant)
    if (section is None) != (data.vs is None) or v.State is None and data.vs is not None:
        raise ProtocolError("view: the game's own state does not match the game")
    if section is not None and v.State is not None:
        try:
            model = section[1].model_validate(data.vs)
        except ValidationError as exc:
            raise ProtocolError(f"view.vs: {_first_error(exc)}") from None
        state_type: type = v.State
        vs = value_decoder(state_type)(model)
    fields = {k: dec(getattr(data, k)) for k, dec in _DECODERS.items()}
    n = len(fields["players"])
    if not 0 <= fields["player"] < n or len(fields["hand_counts"]) != n:
        raise ProtocolError("view: the seats do not match the players")
    log = earlier + [decode_event(r) for r in data.log]
    fields["history"] = (earlier_rounds or []) + fields["history"]
    view = PlayerView(options=options, log=log, vs=vs, **fields)
    return view


# --- the messages ----------------------------------------------------------------------------


class Hello(_Model):
    """Client -> host, first: take the seat of this invitation ``code``. ``last_seq`` is the
    last view the client has (0: none); the host answers ``welcome`` and a full view."""

    type: Literal["hello"]
    v: Annotated[int, Field(ge=0, le=10**6)]
    code: Code
    last_seq: _COUNT = 0


class Act(_Model):
    """Client -> host: play this move. ``seq`` is the sequence number of the view the move
    was chosen on: a move on any other view (replayed, or sent before the last change) is
    refused unapplied."""

    type: Literal["act"]
    seq: _COUNT
    action: ActionData


class Chat(_Model):
    """Client -> host: a line of chat for the whole table."""

    type: Literal["chat"]
    text: ChatText


class Ping(_Model):
    """Either way: are you there? Answered by ``pong`` with the same ``nonce``."""

    type: Literal["ping"]
    nonce: Annotated[int, Field(ge=0, le=2**53)] = 0


class Pong(_Model):
    type: Literal["pong"]
    nonce: Annotated[int, Field(ge=0, le=2**53)] = 0


class Bye(_Model):
    """Either way: the connection is ending (the host: why; the client: leaving)."""

    type: Literal["bye"]
    reason: Text = ""
    retry: bool = False
    """The host: the seat is still yours, come back later (it is stopping and will be
    resumed, or this connection was too slow); False when coming back would not help (a
    wrong code, another version, the seat taken by a newer connection)."""


class Welcome(_Model):
    """Host -> client, after a good ``hello``: the seat, the table, the game and its rules."""

    type: Literal["welcome"]
    v: Annotated[int, Field(ge=0, le=10**6)]
    seat: _SEAT
    names: Annotated[list[Name], Field(min_length=2), AtMost(10)]
    kinds: Annotated[list[SeatKind], Field(min_length=2), AtMost(10)]
    variant: Annotated[str, Field(max_length=40)]
    preset: Annotated[str, Field(max_length=40)]
    title: Text
    rules: Annotated[dict[str, Any], Field(max_length=30)]
    """The game's options, as a save holds them."""


class View(_Model):
    """Host -> client: the seat's view after a change, numbered ``seq`` (the table's count
    of changes: a client's ``act`` names it). ``log_start`` is the index of the view's first
    event in the whole log (0: the whole log)."""

    type: Literal["view"]
    seq: _COUNT
    log_start: _COUNT
    view: ViewData
    history_start: _COUNT = 0
    """The index of the view's first finished round in the whole history (0: all of it)."""


class Refused(_Model):
    """Host -> client: the last message was not taken (``reason`` says why); nothing
    changed. ``seq`` is the table's current sequence number."""

    type: Literal["refused"]
    reason: Text
    seq: _COUNT = 0


class SeatPresence(_Model):
    name: Name
    kind: SeatKind
    connected: bool
    """A remote seat: its player is connected now (local and computer seats: always)."""
    standin: BotKind | None = None
    """A remote seat that the host handed to a computer player, and its strength."""
    ready: bool = False
    """The round is over and this seat has asked for the next deal (``NextRound``): the
    host deals when every human seat has."""


class Presence(_Model):
    """Host -> client: who is at the table, whose turn it is and how long they have been
    thinking (seconds, measured on the host when this was sent)."""

    type: Literal["presence"]
    seats: Annotated[list[SeatPresence], Field(min_length=2), AtMost(10)]
    to_move: _SEAT
    phase: Literal["draw", "play", "round_over", "game_over"]
    thinking: Annotated[float, Field(ge=0, le=10**9)]
    turn_left: Annotated[float, Field(ge=0, le=10**9)] | None = None
    """Indian Rummy's turn timer (option ``turn_timer``), which the host runs: the seconds
    left of the turn of the player to move, measured when this was sent (None: no timer
    runs now: the option is off, a computer player moves, or no turn is in play)."""


class ChatLine(_Model):
    """Host -> client: a line of chat, from a seat (None: the host)."""

    type: Literal["chat"]
    seat: _SEAT | None
    name: Name
    text: ChatText


class ChatEntry(_Model):
    """One line of a ``chat_history``: as a ``chat`` message has it."""

    seat: _SEAT | None
    name: Name
    text: ChatText


class ChatHistory(_Model):
    """Host -> client, after a ``hello``'s ``welcome``, ``view`` and ``presence``: the
    table's last chat lines, oldest first, at most :data:`CHAT_HISTORY` (what was said
    before the seat joined, or while it was away). It replaces the lines the client has:
    a client that rejoins never shows a line twice."""

    type: Literal["chat_history"]
    lines: Annotated[list[ChatEntry], Field(max_length=CHAT_HISTORY)]


ClientMessage: TypeAlias = Annotated[
    Hello | Act | Chat | Ping | Pong | Bye, Field(discriminator="type")]
AnyHostMessage: TypeAlias = (
    Welcome | View | Refused | Presence | ChatLine | ChatHistory | Ping | Pong | Bye)
HostMessage: TypeAlias = Annotated[AnyHostMessage, Field(discriminator="type")]
_CLIENT: TypeAdapter[Hello | Act | Chat | Ping | Pong | Bye] = TypeAdapter(ClientMessage)
_HOST: TypeAdapter[AnyHostMessage] = TypeAdapter(HostMessage)


def _first_error(exc: ValidationError) -> str:
    first = exc.errors(include_url=False)[0]
    where = ".".join(str(x) for x in first["loc"])
    return f"{where}: {first['msg']}" if where else str(first["msg"])


def _decode(raw: bytes | str, adapter: TypeAdapter[Any], limit: int) -> Any:
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > limit:
        raise ProtocolError(f"message too large ({size} bytes; at most {limit})")
    try:
        return adapter.validate_json(raw, strict=True)
    except ValidationError as exc:
        if exc.errors()[0]["type"] == "json_invalid":
            raise ProtocolError("not a JSON message") from None
        raise ProtocolError(f"bad message: {_first_error(exc)}") from None
    except (ValueError, RecursionError):
        raise ProtocolError("not a JSON message") from None


def decode_client(raw: bytes | str) -> Hello | Act | Chat | Ping | Pong | Bye:
    """A client's message, validated; ProtocolError (one line) if it is not one."""
    message: Hello | Act | Chat | Ping | Pong | Bye = _decode(raw, _CLIENT, MAX_CLIENT_MESSAGE)
    return message


def decode_host(raw: bytes | str) -> AnyHostMessage:
    """A host's message, validated; ProtocolError (one line) if it is not one."""
    message: AnyHostMessage = _decode(raw, _HOST, MAX_HOST_MESSAGE)
    return message


def encode(message: BaseModel) -> str:
    """A message as the text of one websocket frame."""
    return message.model_dump_json()


def view_message(view: PlayerView, seq: int, log_start: int = 0, history_start: int = 0) -> str:
    """The text of a ``view`` message, built without the model (the host sends one to every
    seat after every change; a client validates it with :func:`decode_host`)."""
    body = {"type": "view", "seq": seq, "log_start": log_start,
            "view": encode_view(view, log_start, history_start), "history_start": history_start}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


class ViewTracker:
    """A client's side of the views: keeps the log and the finished rounds it has been sent,
    and makes each ``view`` message a :class:`PlayerView` (ProtocolError if a message skips
    some: reconnect)."""

    def __init__(self) -> None:
        self.log: list[Event] = []
        self.history: list[RoundResult] = []
        self.seq = 0

    def update(self, message: View) -> PlayerView:
        start, rounds = message.log_start, message.history_start
        if start > len(self.log) or rounds > len(self.history):
            raise ProtocolError(f"view out of step (log from {start}, have {len(self.log)}; "
                                f"rounds from {rounds}, have {len(self.history)})")
        view = decode_view(message.view, self.log[:start], self.history[:rounds])
        self.log = view.log
        self.history = view.history
        self.seq = message.seq
        return view
