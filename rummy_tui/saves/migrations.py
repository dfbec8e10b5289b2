"""Older save formats brought up to the current one (docs/SAVES.md, "Versions").

``MIGRATIONS[n]`` turns a version-n file's data into version n+1, on plain JSON data before
it is validated. Add one for every change of the format, and a version-n fixture to
tests/fixtures/saves/.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

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


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    1: _v1_to_v2,
    2: _v2_to_v3,
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
        raise SaveError(f"schema_version must be a whole number, not {version!r}")
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


def melded_since_rebuild(st: Any, save: Any) -> bool:
    """Basic Rummy's ``melded_since_rebuild`` for a save that does not hold it: False (a file
    leaves it out when false), or, in a save written before the state had it, whether its
    log shows a meld or a lay-off since the stock was last rebuilt this round."""
    if not st.rebuilds or save.variant != "rummy":
        return False
    names = [p.name for p in save.players]
    for entry in reversed(save.log):
        player, text = entry["player"], entry["text"]
        if entry["round_no"] != st.round_no:
            return False
        if player is None:
            if text.startswith("The discard pile was shuffled"):
                return False
            continue
        rest = text[len(names[player]):] if 0 <= player < len(names) else ""
        if rest.startswith(" melded ") or rest.startswith(" laid off "):
            return True
    return False
