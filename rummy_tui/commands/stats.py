"""``rummy-tui stats`` (statistics across games) and ``rummy-tui --where`` (issue 13).

Neither reads anything but the statistics file (``--rebuild`` also reads the saves), and a
statistics file that cannot be read is refused in one line and left as it is. The
statistics store, the saves and the folder lookup are imported when a command runs
(start-up: commands/__init__.py).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..core.text import json_safe, one_line, quote, visible
from . import command, saves_dir_option
from .saves import _emit


def add_parser(sub: Any) -> None:
    stats = command(
        sub, "stats", run_stats,
        help="statistics across finished games, per player and variant",
        description="Statistics across finished games: games, wins, rounds, penalties, "
        "streaks and head-to-head records per player and variant. Games are recorded when "
        "they end; --rebuild recomputes them from the finished saves in the saves folder.",
    )
    stats.add_argument("--player", help="only this player (a name, or e.g. 'Cy (normal)')")
    stats.add_argument("--variant", help="only this variant (e.g. rummy, remi, indian), or "
                       "one of its picker entries (e.g. indian-pool101)")
    stats.add_argument("--json", action="store_true", help='one JSON object {"players": [...]}')
    stats.add_argument("--rebuild", action="store_true",
                       help="recompute the statistics from the finished saves in the saves folder")
    saves_dir_option(stats, "the saves folder --rebuild reads (see rummy-tui --where)")


def run_where(args: argparse.Namespace) -> int:
    from ..saves_location import where

    width = 10
    for what, path, why in where(getattr(args, "saves_dir", None)):
        state = "" if path.exists() else ", not created yet"
        print(f"{what + ':':<{width + 1}} {visible(path)}  ({why}{state})")
    return 0


def _choices() -> list[str]:
    """What ``--variant`` accepts, from the core's registry: every variant's key and every
    picker entry's (Indian: indian-points, indian-pool101, ...)."""
    from ..core.registry import presets, variant_keys

    keys = list(variant_keys())
    return keys + [p.key for p in presets() if p.key not in keys]


def _matches(player: Any, wanted: str) -> bool:
    w = wanted.strip().casefold()
    return w in (player.name.casefold(), player.label.casefold())


def _pct(rate: float) -> str:
    return f"{rate * 100:.0f}%"


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w)
                      in enumerate(zip(r, widths))).rstrip() for r in rows]


def _describe(stats: list[Any], variant: str | None, labels: dict[Any, str]) -> str:
    """``labels``: every player's name as shown, the opponents of the players described too
    (issue 30: "bob 1-1 of 2", the internal key, with --player ann)."""
    from ..history.records import special_out, stat_columns

    head = ["player", "games", "wins", "win rate", "rounds won", "avg penalty", "streak"]
    rows = [head]
    for s in stats:
        o = s.overall
        avg = "-" if o.average_penalty is None else f"{o.average_penalty:.1f}"
        rows.append([visible(s.label), str(o.games), str(o.wins), _pct(o.win_rate),
                     f"{o.rounds_won}/{o.rounds}", avg, str(o.longest_streak)])
    count = f"{len(stats)} player{'' if len(stats) == 1 else 's'}"
    title = f"statistics{' for ' + variant if variant else ''} ({count})"
    lines = [title, *_table(rows)]
    for s in stats:
        for v, line in sorted(s.by_variant.items()):
            extras = [f"best round {line.best_round:+d}" if line.best_round is not None else "",
                      f"worst {line.worst_round:+d}" if line.worst_round is not None else ""]
            if line.closes_by_multiplier:
                extras.append("closes " + ", ".join(
                    f"×{m}: {n}" for m, n in sorted(line.closes_by_multiplier.items())))
            counted = stat_columns(v)
            if "drops" in counted:
                extras.append(f"drops {line.drops}, wrong declarations "
                              f"{line.wrong_declarations}")
            if "special outs" in counted:
                extras.append(f"{special_out(v)} outs {line.rummy_outs}")
            games = f"{line.games} game{'' if line.games == 1 else 's'}"
            lines.append(f"  {visible(s.label)} · {visible(v)}: {games}, {line.wins} won; "
                         + "; ".join(e for e in extras if e))
        if s.overall.head_to_head:
            h2h = ", ".join(f"{visible(labels.get(k, k[0]))} {h.wins}-{h.losses} of {h.games}"
                            for k, h in sorted(s.overall.head_to_head.items(),
                                               key=lambda kv: labels.get(kv[0], kv[0][0])))
            lines.append(f"  {visible(s.label)} · head to head: {h2h}")
    return "\n".join(lines)


def run_stats(args: argparse.Namespace) -> int:
    from ..history import records, store
    from ..saves_location import saves_dir, stats_path
    choices = _choices()
    if args.variant and args.variant.strip().lower() not in choices:
        print(f"error: unknown variant {quote(args.variant)} (choose from {', '.join(choices)})",
              file=sys.stderr)
        return 2
    try:
        if args.rebuild:
            from ..saves import SaveError

            folder = saves_dir(getattr(args, "saves_dir", None))
            try:
                count, problems = store.rebuild(folder)
            except SaveError as exc:
                print(f"error: {one_line(exc)}", file=sys.stderr)
                return 2
            for problem in problems:
                print(f"skipped {one_line(problem)}", file=sys.stderr)
            print(f"rebuilt {visible(stats_path())} from {count} finished game"
                  f"{'' if count == 1 else 's'} in {folder}", file=sys.stderr)
        data = store.load()
    except store.StatsError as exc:
        print(f"error: {one_line(exc)}", file=sys.stderr)
        return 2
    profiles = None if args.variant else [(p.name, p.kind) for p in data.profiles]
    stats = records.compute(data.games, args.variant, profiles)
    labels = records.labels_of(stats)  # before --player: the opponents' names too
    if args.player:
        stats = [s for s in stats if _matches(s, args.player)]
        if not stats:
            print(f"error: no player called {quote(args.player)} in the statistics",
                  file=sys.stderr)
            return 2
    if args.json:
        return _emit(json_safe(json.dumps(records.to_json(stats, labels), ensure_ascii=False,
                                          indent=2)))
    if not stats:
        return _emit(f"no finished games recorded yet ({stats_path()})")
    return _emit(_describe(stats, args.variant, labels))
