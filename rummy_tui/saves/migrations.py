"""Older save formats brought up to the current one (docs/SAVES.md, "Versions").

``MIGRATIONS[n]`` turns a version-n file's data into version n+1, on plain JSON data before
it is validated. Add one for every change of the format, and a version-n fixture to
tests/fixtures/saves/.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.text import clip
from .codec import event_dict
from .legacy_log import events_of
from .schema import SCHEMA_VERSION, SaveError, SaveFile
from .variants import preset_of_raw


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 described a seat as ``{"name", "human": bool, "strength": "easy" | "normal" |
    null}`` and had no ``preset``. Version 2 has one ``kind`` ("human", "easy", "normal"), as
    the engine's PlayerSpec does, so that a seat cannot be both human and a bot, and names the
    preset for the Resume list."""
    players = data.get("players")
    if not isinstance(players, list):
        raise SaveError("players: expected a list")
    seats = []
    for i, seat in enumerate(players):
        if not isinstance(seat, dict):
            raise SaveError(f"players.{i}: expected an object")
        seat = dict(seat)
        human = seat.pop("human", None)
        strength = seat.pop("strength", None)
        if human is True and strength is None:
            seat["kind"] = "human"
        elif human is False and strength in ("easy", "normal"):
            seat["kind"] = strength
        else:
            raise SaveError(
                f"players.{i}: human={human!r} with strength={strength!r} is not a seat"
            )
        seats.append(seat)
    out = dict(data)
    out["players"] = seats
    out["schema_version"] = 2
    out["preset"] = preset_of_raw(data.get("variant"), data.get("options"))
    # keep the key order of version 2 files, so a migrated save re-saves byte-identically
    order = list(SaveFile.model_fields)
    return {k: out[k] for k in order if k in out} | {k: v for k, v in out.items() if k not in order}


def _settle_round(result: Any) -> Any:
    """A Fournier round of a version-2 file, with each loser paying the closer."""
    if not isinstance(result, dict) or not isinstance(result.get("players"), list):
        raise SaveError("history: expected rounds with players")
    winner = result.get("winner")
    if winner is None:
        return result
    players = []
    for q, r in enumerate(result["players"]):
        if not isinstance(r, dict):
            raise SaveError("history: expected player results")
        r = dict(r)
        if q != winner:
            r["delta"] = -r.get("penalty", 0) * result.get("multiplier", 1)
        players.append(r)
    return dict(result, players=players)


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 settles Remigio (Fournier) between the players (issue 9): each loser pays
    the closer penalty x multiplier, so the totals are balances that add up to zero. In a
    version-2 file only the closer's total moved; the losers' payments are worked out again
    from the penalties and multipliers the history holds, and the totals and scores follow.
    Other variants only change the version number."""
    out = dict(data)
    out["schema_version"] = 3
    if data.get("variant") != "remigio-fournier":
        return out
    history = data.get("history")
    state = data.get("state")
    if not isinstance(history, list) or not isinstance(state, dict):
        raise SaveError("history and state: expected a list and an object")
    settled = [_settle_round(r) for r in history]
    totals: list[int] = []
    for r in settled:
        totals = totals or [0] * len(r["players"])
        if len(r["players"]) != len(totals):
            raise SaveError("history: rounds with different numbers of players")
        for q, p in enumerate(r["players"]):
            totals[q] += p.get("delta", 0)
            p["total"] = totals[q]
    out["history"] = settled
    state = dict(state)
    if settled:
        state["scores"] = list(totals)
        if state.get("last_round") is not None:
            state["last_round"] = settled[-1]
    out["state"] = state
    return out


def _no_cards(n: int) -> list[Any]:
    return []


def _zeros(n: int) -> list[int]:
    return [0] * n


def _none(n: int) -> None:
    return None


_V3_OWN: dict[str, dict[str, Callable[[int], Any] | None]] = {
    # the version-3 keys of ``state`` that each rule set's own state took over, in their
    # version-4 order, each with what a version-3 file that left it out meant (a function
    # of the number of players), or None where it was never left out
    "rummy": {"melded_before": None, "melded_this_turn": None},
    "remi": {"must_meld": None, "came_with": _no_cards, "seq_down": None, "extra": None},
    "indian": {"has_drawn": None, "drops": None, "missed": _zeros, "drawn": _none},
}
_V3_GONE = {"must_meld", "extra", "has_drawn", "melded_before", "melded_this_turn", "seq_down",
            "drops", "drawn", "missed", "melded_since_rebuild", "came_with"}
"""Version 3's keys of ``state`` that every game had and version 4 keeps only in the sections
(and Basic Rummy's ``melded_since_rebuild``, which no rule read: dropped)."""


def _v3_to_v4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4 keeps only the fields every game has in ``state``, and each rule set's own
    state in a section named for it (``"state": {..., "remi": {"must_meld": ...}}``), as the
    engine's GameState holds it (``GameState.vs``). The other games' fields, which a
    version-3 file wrote for every game, are dropped. Version 3 left Indian's ``missed`` and
    ``drawn`` and Remi's ``came_with`` out when empty: they are filled in. The players' own
    hand order (``hand_order``) is new in version 4: none was kept."""
    state = data.get("state")
    players = data.get("players")
    if not isinstance(state, dict) or not isinstance(players, list):
        raise SaveError("state and players: expected an object and a list")
    variant = data.get("variant")
    shared = {k: v for k, v in state.items() if k not in _V3_GONE}
    shared.setdefault("hand_order", [])
    if isinstance(variant, str) and variant in _V3_OWN:
        own = {}
        for key, left_out in _V3_OWN[variant].items():
            if key in state:
                own[key] = state[key]
            elif left_out is None:
                raise SaveError(f"missing field state.{key}")
            else:
                own[key] = left_out(len(players))
        shared[variant] = own
    return dict(data, schema_version=4, state=shared)


def _v4_to_v5(data: dict[str, Any]) -> dict[str, Any]:
    """Version 5 logs events (core/events.py), one record each, where version 4 logged
    English lines (``{"round_no", "player", "text"}``). Each line is read back into its
    event once, here (legacy_log.py): a line that does not read back exactly becomes a
    ``note`` holding its text. Version 4 began an Indian deal's summary with "Round N over";
    its event is worded "Deal N over" now."""
    log, players = data.get("log"), data.get("players")
    out = dict(data, schema_version=5)
    if not isinstance(log, list) or not isinstance(players, list):
        return out  # the validation says what is wrong
    names = [p.get("name") if isinstance(p, dict) else None for p in players]
    if not all(isinstance(name, str) for name in names):
        return out
    variant = data.get("variant")
    events = events_of(log, names, variant if isinstance(variant, str) else "")  # type: ignore[arg-type]
    if events is not None:
        out["log"] = [event_dict(e) for e in events]
    return out


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
    3: _v3_to_v4,
    4: _v4_to_v5,
}
"""``MIGRATIONS[n]`` turns a version-n file's data into version n+1. Add one for every
change of the format, and a version-n fixture to tests/fixtures/saves/."""

assert all(v in MIGRATIONS for v in range(1, SCHEMA_VERSION)), "a gap in the migrations"


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """Bring a save's data up to :data:`SCHEMA_VERSION`; SaveError if it cannot be."""
    version = data.get("schema_version")
    if "schema_version" not in data:
        raise SaveError("not a rummy-tui save: no schema_version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"schema_version must be a whole number, not {clip(repr(version))}")
    if version > SCHEMA_VERSION:
        raise SaveError(
            f"unknown schema_version {version}: written by a newer rummy-tui "
            f"(this one reads versions 1 to {SCHEMA_VERSION})"
        )
    if version < 1:
        raise SaveError(f"unknown schema_version {version} (versions start at 1)")
    while version < SCHEMA_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
        if data.get("schema_version") != version:
            raise SaveError(f"migration to schema_version {version} failed")
    return data
