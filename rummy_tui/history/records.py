"""What a finished game leaves for the statistics, and the statistics computed from it.

A :class:`GameRecord` is taken from a finished game's state (its ``history`` of rounds: the
same data its save holds), once per game id. Every figure shown (``rummy-tui stats``, the
Statistics screen) is computed from the records, so nothing is stored twice and
``stats --rebuild`` can recompute everything from the saves.

No Textual or Rich here; the state is read through its public fields only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ..core.hand_rules import RuleError
from ..core.registry import variant_of
from ..core.variant import Variant

Kind = Literal["human", "normal", "easy", "hard"]
Name = Annotated[str, Field(min_length=1, max_length=40)]
Number = Annotated[int, Field(ge=-10**12, le=10**12)]
"""Every number of a record is within 10^12 either way, as in a save (issue 27: a damaged
stats.json with 10^30 is refused, not summed and printed)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatRecord(_Model):
    name: Name
    kind: Kind = "human"


class RoundRecord(_Model):
    winner: int | None = Field(description="the seat that went out / closed / declared")
    ending: Annotated[str, Field(max_length=40)]
    multiplier: Number = 1
    special: Annotated[str, Field(max_length=40)] | None = None
    deltas: list[Number] = Field(description="each seat's change of score this round")
    penalties: list[Number] = Field(description="what each seat's hand counted against it")
    notes: list[Annotated[str, Field(max_length=60)]]
    played: list[bool] = Field(description="the seat was in the game this round")


class GameRecord(_Model):
    game_id: Annotated[str, Field(min_length=1, max_length=200)]
    variant: Annotated[str, Field(max_length=40)]
    preset: Annotated[str, Field(max_length=40)]
    finished_at: datetime
    players: Annotated[list[SeatRecord], Field(min_length=2, max_length=10)]
    winner: int | None
    high_is_good: bool = Field(description="a higher total is better in this game")
    rounds: Annotated[list[RoundRecord], Field(max_length=2000)]

    @model_validator(mode="after")
    def _seats_agree(self) -> GameRecord:
        n = len(self.players)
        if self.winner is not None and not 0 <= self.winner < n:
            raise ValueError(f"winner {self.winner} is not a seat")
        for i, r in enumerate(self.rounds, start=1):
            if r.winner is not None and not 0 <= r.winner < n:
                raise ValueError(f"round {i}: winner {r.winner} is not a seat")
            if not len(r.deltas) == len(r.penalties) == len(r.notes) == len(r.played) == n:
                raise ValueError(f"round {i}: one entry per seat expected")
        return self


# --- from a game state ---------------------------------------------------------------------


def preset_key(variant: str, options: Any) -> str:
    """The picker entry of a game: the variant, and the format for Indian Rummy."""
    return variant_of(variant).preset_of(options)


def high_is_good(variant: str, options: Any) -> bool:
    """False in the elimination games (Remigio, Indian Pool 101/201), where points are bad
    (``Variant.high_is_good``)."""
    return variant_of(variant).high_is_good(options)


def goal_line(variant: str, options: Any) -> tuple[int, str] | None:
    """The score line a chart draws: the target, or the elimination limit (None: neither;
    ``Variant.goal_line``)."""
    return variant_of(variant).goal_line(options)


def stat_columns(variant: str) -> tuple[str, ...]:
    """The statistics that mean something in this game (``Variant.stat_columns``): none for
    a game this version does not know (a record written by a newer one)."""
    known = _known(variant)
    return () if known is None else known.stat_columns


def special_out(variant: str) -> str:
    """The ending a statistic counts as a special way out (Basic Rummy: "rummy"), or ""."""
    known = _known(variant)
    return "" if known is None else known.special_out


def _known(variant: str) -> Variant[Any] | None:
    try:
        return variant_of(variant)
    except RuleError:
        return None


def record_game(state: Any, game_id: str, finished_at: datetime | None = None) -> GameRecord:
    """The record of a finished game (``state.phase == "game_over"``)."""
    n = len(state.players)
    gone = [False] * n  # eliminated in an earlier round
    rounds = []
    for r in state.history:
        played = [not g for g in gone]
        rounds.append(RoundRecord(
            winner=r.winner, ending=r.ending, multiplier=r.multiplier or 1, special=r.special,
            deltas=[p.delta for p in r.players], penalties=[p.penalty for p in r.players],
            notes=[p.note for p in r.players], played=played,
        ))
        for seat, p in enumerate(r.players):
            if p.note == "eliminated":
                gone[seat] = True
    return GameRecord(
        game_id=game_id,
        variant=state.variant,
        preset=preset_key(state.variant, state.options),
        finished_at=finished_at or datetime.now().astimezone(),
        players=[SeatRecord(name=p.name, kind=p.kind) for p in state.players],
        winner=state.winner,
        high_is_good=high_is_good(state.variant, state.options),
        rounds=rounds,
    )


# --- players --------------------------------------------------------------------------------

PlayerKey = tuple[str, str]
"""(folded name, kind): a computer seat is a player of its own per level ("Cy (normal)")."""


def player_key(name: str, kind: str) -> PlayerKey:
    return (name.strip().casefold(), kind)


def label(name: str, kind: str) -> str:
    """How a player is shown: the name, and the level of a computer seat."""
    return name if kind == "human" else f"{name} ({kind})"


# --- statistics -----------------------------------------------------------------------------


@dataclass
class HeadToHead:
    games: int = 0
    wins: int = 0
    """Games of the two that this player won."""
    losses: int = 0
    """Games of the two that the opponent won."""

    def to_json(self) -> dict[str, int]:
        return {"games": self.games, "wins": self.wins, "losses": self.losses}


@dataclass
class Line:
    """One player's figures over a set of games (one variant, or all of them)."""

    games: int = 0
    wins: int = 0
    rounds: int = 0
    rounds_won: int = 0
    penalty_total: int = 0
    best_round: int | None = None
    """The round that did the most good (the highest change of score; in elimination games
    the lowest)."""
    worst_round: int | None = None
    longest_streak: int = 0
    streak: int = 0
    """Games won in a row, up to the last one."""
    closes_by_multiplier: dict[int, int] = field(default_factory=dict)
    drops: int = 0
    wrong_declarations: int = 0
    rummy_outs: int = 0
    head_to_head: dict[PlayerKey, HeadToHead] = field(default_factory=dict)
    win_rate_over_time: list[tuple[str, float]] = field(default_factory=list)
    """(when the game ended, win rate after it) for each game, oldest first."""

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_penalty(self) -> float | None:
        return self.penalty_total / self.rounds if self.rounds else None

    def add_game(self, game: GameRecord, seat: int) -> None:
        won = game.winner == seat
        self.games += 1
        self.wins += won
        self.streak = self.streak + 1 if won else 0
        self.longest_streak = max(self.longest_streak, self.streak)
        self.win_rate_over_time.append((game.finished_at.isoformat(timespec="seconds"),
                                        round(self.win_rate, 4)))
        sign = 1 if game.high_is_good else -1
        for r in game.rounds:
            if not r.played[seat]:
                continue
            self.rounds += 1
            self.penalty_total += r.penalties[seat]
            delta = r.deltas[seat]
            if self.best_round is None or sign * delta > sign * self.best_round:
                self.best_round = delta
            if self.worst_round is None or sign * delta < sign * self.worst_round:
                self.worst_round = delta
            note = r.notes[seat]
            self.drops += note == "dropped"
            self.wrong_declarations += note == "wrong declaration"
            if r.winner != seat:
                continue
            self.rounds_won += 1
            if r.ending == "closed" and "closes" in stat_columns(game.variant):
                mult = r.multiplier
                self.closes_by_multiplier[mult] = self.closes_by_multiplier.get(mult, 0) + 1
            special = special_out(game.variant)
            if special and r.ending == special:
                self.rummy_outs += 1
        for other, opponent in enumerate(game.players):
            if other == seat:
                continue
            h2h = self.head_to_head.setdefault(player_key(opponent.name, opponent.kind),
                                               HeadToHead())
            h2h.games += 1
            h2h.wins += won
            h2h.losses += game.winner == other

    def to_json(self, labels: dict[PlayerKey, str]) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "rounds": self.rounds,
            "rounds_won": self.rounds_won,
            "average_penalty": None if self.average_penalty is None
            else round(self.average_penalty, 2),
            "best_round": self.best_round,
            "worst_round": self.worst_round,
            "longest_winning_streak": self.longest_streak,
            "remigio_closes_by_multiplier": {str(k): v for k, v
                                             in sorted(self.closes_by_multiplier.items())},
            "indian_drops": self.drops,
            "indian_wrong_declarations": self.wrong_declarations,
            "rummy_outs": self.rummy_outs,
            "head_to_head": {labels.get(k, k[0]): v.to_json()
                             for k, v in sorted(self.head_to_head.items(),
                                                key=lambda kv: labels.get(kv[0], kv[0][0]))},
        }


@dataclass
class PlayerStats:
    name: str
    kind: str
    overall: Line = field(default_factory=Line)
    by_variant: dict[str, Line] = field(default_factory=dict)
    last_played: str = ""

    @property
    def computer(self) -> bool:
        return self.kind != "human"

    @property
    def label(self) -> str:
        return label(self.name, self.kind)

    def to_json(self, labels: dict[PlayerKey, str]) -> dict[str, Any]:
        return {
            "name": self.name,
            "computer": self.computer,
            "level": None if self.kind == "human" else self.kind,
            "label": self.label,
            # best and worst round only per variant: high is good in some, bad in others
            **{k: v for k, v in self.overall.to_json(labels).items()
               if k not in ("best_round", "worst_round")},
            "last_played": self.last_played or None,
            "by_variant": {v: line.to_json(labels) for v, line in sorted(self.by_variant.items())},
        }


def variant_matches(game: GameRecord, variant: str | None) -> bool:
    """``--variant``: a variant (``indian``) or a picker entry (``indian-pool101``)."""
    if not variant:
        return True
    v = variant.strip().lower()
    return v in (game.variant, game.preset)


def compute(games: list[GameRecord], variant: str | None = None,
            profiles: Sequence[tuple[str, str]] | None = None) -> list[PlayerStats]:
    """Every player's figures, most games first. ``profiles`` (name, kind) adds players who
    have no finished game yet."""
    ordered = sorted((g for g in games if variant_matches(g, variant)),
                     key=lambda g: (g.finished_at.timestamp(), g.game_id))
    players: dict[PlayerKey, PlayerStats] = {}
    for name, kind in profiles or []:
        players.setdefault(player_key(name, kind), PlayerStats(name, kind))
    for game in ordered:
        for seat, p in enumerate(game.players):
            key = player_key(p.name, p.kind)
            stats = players.setdefault(key, PlayerStats(p.name, p.kind))
            stats.name = p.name  # the latest spelling
            stats.overall.add_game(game, seat)
            stats.by_variant.setdefault(game.variant, Line()).add_game(game, seat)
            stats.last_played = game.finished_at.isoformat(timespec="seconds")
    return sorted(players.values(),
                  key=lambda s: (-s.overall.games, -s.overall.wins, s.computer, s.label.casefold()))


def labels_of(stats: list[PlayerStats]) -> dict[PlayerKey, str]:
    return {player_key(s.name, s.kind): s.label for s in stats}


def to_json(stats: list[PlayerStats], labels: dict[PlayerKey, str] | None = None) -> dict[str, Any]:
    """``labels``: how each player is named (default: those of ``stats``; pass everyone's
    when ``stats`` is a part, so that an opponent is named, not keyed)."""
    labels = labels_of(stats) if labels is None else labels
    return {"players": [s.to_json(labels) for s in stats]}
