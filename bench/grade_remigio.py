"""A grading of a bot's Remigio decisions by the distance to closing (issue 29), for
bench/bench_bots.py --grade on the Remigio rows (grade_mindist.py grades the Indian ones).

The distance (bench/remigio_distance.py): the least number of a hand's cards to replace for
all ten to sit in melds. For the graded side:

- a discard is "further" when the ten cards it leaves are further from closing than the
  best legal discard's; a discard when some throw leaves them all melded is a missed close;
- an open card that was there to take "brings it nearer" when the best throw after taking
  it leaves the hand nearer than it was; the grade counts the cards taken that bring it no
  nearer and the ones passed that would.

Unlike Indian's race, a Remigio deal also counts points (a loser pays its dead cards), so
a discard or a draw that the distance calls worse may be the better play: the grade
measures how often the bot departs from the distance, not whether it should.
"""

from __future__ import annotations

from typing import Any

from remigio_distance import distance, nearest_throws

from rummy_tui.core.engine import is_legal
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Discard, PlayerView, TakeDiscard


class Grader:
    def __init__(self) -> None:
        self.c: dict[str, int] = {
            "discards": 0, "further": 0, "missed_closes": 0, "closes": 0, "draws": 0,
            "open_chances": 0, "took": 0, "took_no_nearer": 0, "passed_nearer": 0,
            "games": 0,
        }
        self.at: dict[int, list[int]] = {}
        """Further discards by the best discard's distance."""

    def new_game(self) -> None:
        pass

    def decision(self, v: PlayerView, action: Any, mine: bool) -> None:
        if not mine:
            return
        wild = variant_of(v.variant).rules_for(v).melds.wild_rank
        hand = list(v.hand)
        if v.phase == "draw":
            self.c["draws"] += 1
            if not v.discard or not is_legal(v, TakeDiscard(1)):
                return
            self.c["open_chances"] += 1
            least, _ = nearest_throws(hand + [v.discard[-1]], wild)
            nearer = least < distance(hand, wild)
            if isinstance(action, TakeDiscard):
                self.c["took"] += 1
                self.c["took_no_nearer"] += not nearer
            elif nearer:
                self.c["passed_nearer"] += 1
            return
        if type(action).__name__ == "Close":
            self.c["closes"] += 1
        elif isinstance(action, Discard):
            least, after = nearest_throws(hand, wild)
            self.c["discards"] += 1
            self.c["missed_closes"] += least == 0
            if after[action.card] > least:
                self.c["further"] += 1
                self.at.setdefault(least, []).append(after[action.card] - least)

    def end(self, state: Any, seat: int) -> None:
        self.c["games"] += 1

    def report(self) -> dict[str, Any]:
        c = self.c

        def share(k: str, of: str) -> float:
            return round(c[k] / c[of], 4) if c[of] else 0.0

        return {
            **c,
            "by": "remigio",
            "further_share": share("further", "discards"),
            "took_no_nearer_share": share("took_no_nearer", "open_chances"),
            "passed_nearer_share": share("passed_nearer", "open_chances"),
            "further_at": {str(d): len(xs) for d, xs in sorted(self.at.items())},
        }


def describe(g: dict[str, Any], first: str, second: str) -> list[str]:
    """The grade in a few lines for the bench's output."""
    at = ", ".join(f"{n} at {d}" for d, n in g["further_at"].items())
    return [
        f"{first}: discards further from closing than the best {g['further_share']:.1%} of "
        f"{g['discards']} (the best's distance: {at or 'none'}), missed closes "
        f"{g['missed_closes']}, closes {g['closes']}",
        f"open cards to take {g['open_chances']}: took one no nearer "
        f"{g['took_no_nearer_share']:.1%}, passed one that was nearer "
        f"{g['passed_nearer_share']:.1%}",
    ]
