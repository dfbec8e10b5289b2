"""Is it a save, and a game the engine could have reached? Every problem is one line.

:func:`parse_save` takes the bytes of a file through JSON, the migrations, the format's
types (schema.py) and the codec, then :func:`check`: a save is checked for more than its
types, because a hand-edited or damaged file can hold a state no game reaches (a card twice,
a hand of the wrong size, a seat that does not exist, scores that do not add up).
"""

from __future__ import annotations

import json
import re
import typing
from typing import Any

from pydantic import ValidationError

from ..core.cards import Card
from ..core.events import RoundEnded
from ..core.invariants import check_invariants, variant_state_problem
from ..core.melds import classify
from ..core.registry import variant_of
from ..core.state import GameState
from ..core.text import clip
from ..core.variants import RuleError
from .codec import state_items, to_state
from .migrations import migrate
from .schema import SCHEMA_VERSION, SEAT_FIELDS, SaveError, SaveFile, plural
from .variants import variant_problems


def _bookkeeping_problems(state: GameState) -> list[str]:
    """How the engine always leaves a state, which a hand-edited file can get wrong: the round
    number and the history agree, the winner exists only once the game is over, a player out
    of the game is out of the deal, the direction is the variant's."""
    problems = []
    finished = state.phase in ("round_over", "game_over")
    rounds = state.round_no if finished else state.round_no - 1
    if len(state.history) != rounds:
        problems.append(f"round {state.round_no} ({state.phase}) with "
                        f"{plural(len(state.history), 'finished round')} in the history")
    numbers = [r.round_no for r in state.history]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append("the history's rounds are not numbered 1, 2, 3, ...")
    expected_last = state.history[-1] if state.history else None
    if state.last_round != expected_last:
        problems.append("last_round is not the last round of the history")
    if (state.winner is not None) != (state.phase == "game_over"):
        problems.append("a winner is named but the game is not over" if state.winner is not None
                        else "the game is over without a winner")
    elif state.phase == "game_over":
        try:
            champion: int | str | None = variant_of(state.variant).game_winner(state.copy())
        except Exception as exc:  # a damaged state can trip the rule itself
            champion = f"({type(exc).__name__})"
        if champion != state.winner:
            problems.append(f"the winner is seat {state.winner}, but the scores make it "
                            f"seat {champion}")
    if not finished and any(e and not o for e, o in zip(state.eliminated, state.out)):
        problems.append("an eliminated player is still in the deal")
    rs = variant_of(state.variant)
    deck = len(rs.deck(state.options, len(state.players)))
    if state.deck_size != deck:
        problems.append(f"deck_size {state.deck_size} is not the {deck} cards of this game")
    if state.table and not rs.table_melds:
        problems.append(f"there are melds on the table, which {state.variant} never has")
    melds = rs.rules_for(state).melds
    for i, meld in enumerate(state.table):
        if classify(tuple(meld.cards), melds) is None:
            problems.append(f"table meld {i} ({' '.join(c.code for c in meld.cards)}) "
                            "is not a meld")
            break
    if state.direction != rs.direction:
        problems.append(f"direction {state.direction} is not the direction of {state.variant}")
    if state.phase in ("draw", "play") and state.out[state.to_move]:
        problems.append(f"the player to move ({state.players[state.to_move].name}) is out")
    problems.extend(variant_problems(state))
    return problems


def _per_seat(tp: Any) -> bool:
    """Whether a field of this type holds one entry per player: a list of numbers, flags or
    hands (a list of cards is a pile, and a list of records is not per seat)."""
    if typing.get_origin(tp) is not list:
        return False
    (item,) = typing.get_args(tp)
    return item in (int, bool) or (typing.get_origin(item) is list
                                   and typing.get_args(item) == (Card,))


MAY_BE_EMPTY = frozenset({"hand_order"})
"""Per-seat lists that are empty until something sets them (the players' own hand order)."""


def check(state: GameState) -> list[str]:
    """Problems that make a state impossible (empty when it is a game the engine could have
    reached).

    The game's own invariants (every card of the deck in exactly one place, hand sizes that
    fit the phase, scores that add up to the history, payments that follow the variant's
    scoring) are the engine's: ``core.invariants.check_invariants``, the same checks
    ``rummy-tui simulate`` runs after every action. This adds only what a file can get wrong
    and the engine never does: lists of the wrong length and seats that do not exist, checked
    first so that the engine's checks can index by seat safely.
    """
    problems: list[str] = []
    n = len(state.players)
    for name, values, tp in state_items(state):
        if "." in name or not _per_seat(tp) or len(values) == n:
            continue  # (the variant's own fields: below, by their dataclass)
        if name in MAY_BE_EMPTY and not values:
            continue
        problems.append(f"state.{name} has {len(values)} entries for {plural(n, 'player')}")
    variant_part = variant_state_problem(state)
    if variant_part:
        problems.append(variant_part)
    seats = {
        "the player to move": state.to_move,
        "the dealer": state.dealer,
        "the winner": state.winner,
    }
    for who, seat in seats.items():
        if seat is not None and not 0 <= seat < n:
            problems.append(f"{who} (seat {seat}) does not exist: there are {n} players")
    for i, meld in enumerate(state.table):
        if not 0 <= meld.owner < n:
            problems.append(f"table meld {i} belongs to seat {meld.owner}, who does not exist")
    for event in state.log:
        named = [getattr(event, name, None) for name in SEAT_FIELDS]
        bad = [seat for seat in named if seat is not None and not 0 <= seat < n]
        if bad:
            problems.append(f"a log entry names seat {bad[0]}, who does not exist")
            break
        if isinstance(event, RoundEnded) and len(event.deltas) != n:
            problems.append(f"the log's end of round {event.round_no} scores "
                            f"{plural(len(event.deltas), 'player')}")
            break
    for r in state.history + ([state.last_round] if state.last_round else []):
        if len(r.players) != n:
            problems.append(
                f"round {r.round_no} has results for {plural(len(r.players), 'player')}")
            break
        if r.winner is not None and not 0 <= r.winner < n:
            problems.append(f"round {r.round_no}: the winner (seat {r.winner}) does not exist")
            break
    # the engine's card checks compare piles card by card: a damaged file with a million
    # cards would take minutes, so count first (issue 11: refusing any file is fast)
    in_play = (sum(map(len, state.hands)) + len(state.stock) + len(state.discard)
               + sum(len(m.cards) for m in state.table))
    if in_play > state.deck_size or state.deck_size > 1000:
        problems.append(f"{in_play} cards in play for a deck of {state.deck_size}")
    if problems:
        return problems
    problems.extend(_bookkeeping_problems(state))
    if problems:
        return problems
    try:
        found = check_invariants(state)
    except Exception as exc:  # a damaged state can trip the checker itself
        return [f"impossible game state ({type(exc).__name__}: {exc})"]
    return [] if found is None else [found]


def explain(exc: ValidationError) -> str:
    errors = exc.errors(include_url=False)
    first = errors[0]
    where = clip(".".join(str(x) for x in first["loc"]))  # at most 80 characters of it
    msg = first["msg"]
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix):]
    if first["type"] == "missing":
        text = f"missing field {where}"
    elif first["type"] == "extra_forbidden":
        text = f"unknown field {where}"
    elif first["type"] == "string_pattern_mismatch":
        text = f"{where}: contains control characters"
    elif first["type"] == "literal_error" and "'JK'" in str(first.get("ctx", {})):
        text = (f"{where}: unknown card code {json.dumps(first.get('input'))[:20]} "
                "(cards are written AS, 10H, QC, JK)")
    else:
        got = first.get("input")
        shown = "" if isinstance(got, (dict, list)) else f" (found {json.dumps(got)[:40]})"
        text = f"{where}: {msg}{shown}" if where else msg
    if len(errors) > 1:
        text += f" (and {plural(len(errors) - 1, 'more problem')})"
    return text


def parse_save(data: bytes, name: str = "save") -> GameState:
    """A state from the bytes of a save file; SaveError with a one-line reason."""
    try:
        model = _read_current(data)
    except SaveError as exc:
        raise SaveError(f"{name}: {exc.reason}") from None
    if model is None:
        model = _read_any(data, name)
    try:
        state = to_state(model)
    except (RuleError, ValueError, TypeError) as exc:
        raise SaveError(f"{name}: {exc}") from None
    problems = check(state)
    if problems:
        more = (f" (and {plural(len(problems) - 1, 'more problem')})"
                if len(problems) > 1 else "")
        raise SaveError(f"{name}: {problems[0]}{more}")
    return state


def _read_current(data: bytes) -> SaveFile | None:
    """The model of a good save of the current version, read by pydantic-core straight from
    the bytes; None for anything else, which :func:`_read_any` then reads (or explains).

    Three times faster than ``json.loads`` and validating the tree it builds (the tree of
    Python objects is never made, and the garbage collector has far less to walk), for the
    same result: a file this accepts, the slow path accepts to the same model.
    """
    version = _VERSION_FIRST.match(data, 0, 100)
    if version is not None and int(version[1]) != SCHEMA_VERSION:
        # an older file, as this program wrote it: every log record of a long game would be
        # an error of the current format (a version-4 log is lines of text), so straight to
        # the full reader, which migrates
        return None
    try:
        model = SaveFile.model_validate_json(data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        if any(e["type"] == "json_invalid" or e["loc"][:1] in ((), ("schema_version",))
               for e in errors):
            return None  # not JSON, or an older version: the full reader says or migrates
        # a current save with a wrong value: explained from this error, without reading
        # the file a second time (a damaged file of megabytes is refused within a second)
        raise SaveError(explain(exc)) from None
    except (ValueError, RecursionError):
        return None
    # pydantic-core keeps the last of two equal keys: a second "seed" or "target" written
    # into a file would win silently. One pass of the json module finds them (no tree is
    # kept: each object becomes None); about 1.4 ms where the validation takes 3-7 ms, for
    # a 20-round Fournier game of ten players (142 KB)
    json.loads(data, object_pairs_hook=_no_key_twice)
    return model


def _no_key_twice(pairs: list[tuple[str, Any]]) -> None:
    if len(pairs) > 1 and len({key for key, _ in pairs}) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))  # type: ignore[func-returns-value]
        raise SaveError(f"the key {json.dumps(twice)[:40]} is written twice in one object")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    _no_key_twice(pairs)
    return dict(pairs)


_VERSION_FIRST = re.compile(rb'\{\s*"schema_version": (\d{1,4}),')
"""The start of a save as this program writes it."""


def _read_any(data: bytes, name: str) -> SaveFile:
    """The model of a save of any version, or SaveError saying what is wrong with it."""
    if not data.strip():
        raise SaveError(f"{name}: empty file" if not data else f"{name}: only blank space")
    if b"\x00" in data[:8192]:
        raise SaveError(f"{name}: binary data, not a save file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(f"{name}: not text (invalid UTF-8 at byte {exc.start})") from None
    try:
        raw = json.loads(text, object_pairs_hook=_unique_keys)
    except SaveError as exc:
        raise SaveError(f"{name}: {exc.reason}") from None
    except json.JSONDecodeError as exc:
        # JSON strings cannot hold a raw line break, so an unterminated one ran into the end
        if exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string"):
            raise SaveError(
                f"{name}: truncated (the file ends in the middle of the JSON, "
                f"at line {text.count(chr(10)) + 1})") from None
        raise SaveError(
            f"{name}: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    except RecursionError:
        raise SaveError(f"{name}: not a save file (JSON nested too deeply)") from None
    except ValueError:  # a number of more than 4300 digits (Python's conversion limit)
        raise SaveError(f"{name}: not a save file (a number is absurdly long)") from None
    if not isinstance(raw, dict):
        raise SaveError(f"{name}: not a save file (the JSON is a {type(raw).__name__}, "
                        "not an object)")
    try:
        raw = migrate(raw)
    except SaveError as exc:
        raise SaveError(f"{name}: {exc.reason}") from None
    try:
        return SaveFile.model_validate(raw)
    except ValidationError as exc:
        raise SaveError(f"{name}: {explain(exc)}") from None
    except RecursionError:
        raise SaveError(f"{name}: not a save file (nested too deeply)") from None
