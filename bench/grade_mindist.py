"""A MinDist grading of a bot's Indian decisions (issue 29), for bench/bench_bots.py --grade.

MinDist (bench/mindist_agent.py): the least number of cards of a hand to replace for it to
become a valid declaration. For the graded side, each decision is set against the best one
by MinDist:

- a discard is "further" when the 13 cards it leaves have a higher MinDist than the best
  legal discard's;
- a discard when some card could go to the finish slot is a missed declaration;
- an open card that was there to take: taking it "brings it closer" when the best discard
  after taking it leaves a lower MinDist than the hand it had; the grade counts the cards
  taken that bring it no closer and the ones passed that would;
- its MinDist after its 1st and 4th turns, against the other side's; its drops; the share
  of its lost games it ended 2 or more cards from declaring (its last 13 cards).

The grader reads the views the players were given and the final state (for the winner).
"""

from __future__ import annotations

from typing import Any

from mindist_agent import mindist, rules_of

from rummy_tui.core.state import Discard, PlayerView, TakeDiscard

_TURNS = (1, 4)


class Grader:
    def __init__(self) -> None:
        self.c: dict[str, int] = {
            "discards": 0, "further": 0, "missed_declarations": 0, "declarations": 0,
            "draws": 0, "open_chances": 0, "took": 0, "took_no_closer": 0,
            "passed_closer": 0, "drops": 0, "games": 0, "losses": 0, "losses_far": 0,
        }
        self.after: dict[str, dict[int, list[int]]] = {
            "mine": {t: [] for t in _TURNS}, "theirs": {t: [] for t in _TURNS}
        }
        self.new_game()

    def new_game(self) -> None:
        self.turns: dict[int, int] = {}
        self.last: dict[int, int] = {}

    def decision(self, v: PlayerView, action: Any, mine: bool) -> None:
        rules = rules_of(v)
        hand = list(v.hand)
        p = v.player
        name = type(action).__name__
        if v.phase == "draw":
            if not mine:
                return
            if name == "Drop":
                self.c["drops"] += 1
                return
            self.c["draws"] += 1
            if not v.discard or not _can_take(v):
                return
            self.c["open_chances"] += 1
            now = mindist(hand, rules)
            joined = hand + [v.discard[-1]]
            closer = _best(joined, rules) < now
            if isinstance(action, TakeDiscard):
                self.c["took"] += 1
                self.c["took_no_closer"] += not closer
            elif closer:
                self.c["passed_closer"] += 1
            return
        if v.phase != "play":
            return
        if isinstance(action, Discard):
            rest = list(hand)
            rest.remove(action.card)
            chosen = mindist(rest, rules)
            turn = self.turns[p] = self.turns.get(p, 0) + 1
            self.last[p] = chosen
            if turn in _TURNS:
                self.after["mine" if mine else "theirs"][turn].append(chosen)
            if mine:
                self.c["discards"] += 1
                best = _best(hand, rules)
                self.c["further"] += chosen > best
                self.c["missed_declarations"] += best == 0
        elif name == "Declare" and mine:
            self.c["declarations"] += 1

    def end(self, state: Any, seat: int) -> None:
        self.c["games"] += 1
        if state.winner != seat:
            self.c["losses"] += 1
            self.c["losses_far"] += self.last.get(seat, 99) >= 2

    def report(self) -> dict[str, Any]:
        c = self.c

        def share(k: str, of: str) -> float:
            return round(c[k] / c[of], 4) if c[of] else 0.0

        def mean(xs: list[int]) -> float:
            return round(sum(xs) / len(xs), 3) if xs else 0.0

        return {
            **c,
            "further_share": share("further", "discards"),
            "took_no_closer_share": share("took_no_closer", "draws"),
            "passed_closer_share": share("passed_closer", "draws"),
            "losses_far_share": share("losses_far", "losses"),
            "mindist_after": {
                side: {str(t): mean(xs) for t, xs in by.items()} for side, by in self.after.items()
            },
        }


def _can_take(v: PlayerView) -> bool:
    from rummy_tui.core.engine import is_legal

    return is_legal(v, TakeDiscard(1))


def _best(hand: list[int], rules: Any) -> int:
    best = 99
    for c in sorted(set(hand)):
        rest = list(hand)
        rest.remove(c)
        best = min(best, mindist(rest, rules))
        if best == 0:
            break
    return best


def describe(g: dict[str, Any], first: str, second: str) -> list[str]:
    """The grade in a few lines for the bench's output."""
    after = g["mindist_after"]
    return [
        f"{first}: discards further than the best {g['further_share']:.1%} of {g['discards']}, "
        f"missed declarations {g['missed_declarations']}, drops {g['drops']}",
        f"draws {g['draws']}: took an open card no closer {g['took_no_closer_share']:.1%}, "
        f"passed one that was closer {g['passed_closer_share']:.1%}",
        f"MinDist after turn 1: {after['mine']['1']} vs {second} {after['theirs']['1']}; "
        f"after turn 4: {after['mine']['4']} vs {after['theirs']['4']}",
        f"losses {g['losses']} of {g['games']}, ended 2+ cards from declaring "
        f"{g['losses_far_share']:.1%}",
    ]
