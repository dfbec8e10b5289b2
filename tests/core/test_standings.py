"""``engine.standings``: the seats best first, per variant (the game-over table)."""

from __future__ import annotations

import pytest
from test_engine_support import new_state

from rummy_tui.core.engine import standings
from rummy_tui.core.simulate import play_game
from rummy_tui.core.state import PlayerResult, RoundResult


def finished(variant: str, totals: list[list[int]], *, winner: int | None,
             eliminated: list[bool] | None = None, options=None):
    """A game of ``variant`` whose rounds ended on these totals (one list per round)."""
    n = len(totals[0])
    state = new_state(variant, n, options=options)
    history = []
    previous = [0] * n
    for no, row in enumerate(totals, start=1):
        players = [PlayerResult([], [], [], 0, t - p, t) for t, p in zip(row, previous)]
        history.append(RoundResult(no, None, "void", 1, 0, None, None, players))
        previous = row
    state.history = history
    state.scores = list(totals[-1])
    state.round_no = len(totals)
    state.eliminated = eliminated or [False] * n
    state.winner = winner
    state.phase = "game_over" if winner is not None else "round_over"
    return state


@pytest.mark.parametrize("variant", ["rummy", "remi", "remigio-fournier"])
def test_highest_total_first_ties_by_seat(variant):
    state = finished(variant, [[40, 10, 90, 40]], winner=2)
    assert standings(state) == [2, 0, 3, 1]


def test_the_winner_is_first_even_off_the_top_total():
    # a winner is whoever the rules say (here seat 1), never re-derived from the totals
    state = finished("rummy", [[40, 10, 90]], winner=1)
    assert standings(state) == [1, 2, 0]


def test_game_in_progress_has_no_winner_and_still_orders():
    state = finished("remi", [[-20, 35, 35]], winner=None)
    assert standings(state) == [1, 2, 0]


@pytest.mark.parametrize("fmt", ["points", "deals"])
def test_indian_points_and_deals_the_collector_first(fmt):
    # the winner of a deal collects: losers' totals go below zero, so highest is best
    state = finished("indian", [[80, -80, 0], [40, -120, 80]], winner=2,
                     options={"format": fmt})
    assert standings(state) == [2, 0, 1]


def test_remigio_elimination_later_out_ranks_higher_same_round_lower_total_first():
    # round 1: seat 3 out (120); round 2: seats 0 (130) and 1 (105) out; seat 2 last left
    totals = [[50, 40, 10, 120], [130, 105, 60, 120]]
    state = finished("remigio", totals, winner=2, eliminated=[True, True, False, True])
    assert standings(state) == [2, 1, 0, 3]


def test_remigio_stop_at_two_the_loser_second():
    totals = [[50, 40, 10], [70, 105, 60]]
    state = finished("remigio", totals, winner=2, eliminated=[False, True, False],
                     options={"stop_at_two": True})
    assert standings(state) == [2, 0, 1]


def test_remigio_in_progress_lower_total_first():
    state = finished("remigio", [[50, 20, 120]], winner=None,
                     eliminated=[False, False, True])
    assert standings(state) == [1, 0, 2]


@pytest.mark.parametrize("fmt,limit", [("pool101", 101), ("pool201", 201)])
def test_indian_pools_by_elimination_round(fmt, limit):
    totals = [[limit + 9, 20, 0, 40], [limit + 9, limit + 30, 50, limit]]
    state = finished("indian", totals, winner=2, eliminated=[True, True, False, True],
                     options={"format": fmt})
    # seats 1 and 3 went out in round 2 (lower total first), seat 0 in round 1
    assert standings(state) == [2, 3, 1, 0]


@pytest.mark.parametrize(
    "variant,options,players",
    [
        ("rummy", None, 3),
        ("remi", None, 3),
        ("remigio", {"eliminate_at": 60}, 4),
        ("remigio-fournier", {"target": 100}, 3),
        ("indian", {"format": "pool101"}, 4),
        ("indian", {"format": "deals", "deals": 3}, 3),
    ],
)
def test_whole_games_winner_first_and_a_permutation(variant, options, players):
    for seed in range(3):
        state = play_game(variant, ["easy"] * players, seed, options).state
        order = standings(state)
        assert sorted(order) == list(range(players))
        assert order[0] == state.winner
        if variant in ("remigio", "indian") and options.get("format") != "deals":
            # everyone else was eliminated: a later round ranks higher
            rounds = [next(r.round_no for r in state.history
                           if r.players[q].total >= (60 if variant == "remigio" else 101))
                      for q in order[1:]]
            assert rounds == sorted(rounds, reverse=True)
        else:
            rest = [state.scores[q] for q in order[1:]]
            assert rest == sorted(rest, reverse=True)
