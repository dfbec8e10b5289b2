"""``hard``'s rollouts in Basic Rummy and Remi (core/bots/rollout.py) spend a count of actions
per turn: no world is begun once a decision's share is spent (a count read from the view,
never a clock, so a seed plays the same game)."""

from __future__ import annotations

from rummy_tui.core.bots import rollout
from rummy_tui.core.engine import new_game, view
from rummy_tui.core.state import DrawStock, PlayerSpec, TakeDiscard


def _played(monkeypatch, spend: int, used: int) -> int:
    """Worlds the default candidate was played out in (each rollout taking ``used``
    actions), with a second candidate that always scores better (never dropped)."""
    calls: list[object] = []
    monkeypatch.setattr(rollout, "apply", lambda world, action: action)

    def fake(after: object, me: int, normal: object, limit: int = 0) -> tuple[float, int]:
        calls.append(after)
        return (1.0 if after == TakeDiscard(1) else 0.0), used

    monkeypatch.setattr(rollout, "rollout", fake)
    state = new_game("rummy", [PlayerSpec("A", "hard"), PlayerSpec("B", "normal")], seed=3)
    worlds = [state] * 32
    candidates = [DrawStock(), TakeDiscard(1)]
    rollout.choose(view(state, 0), candidates, worlds, lambda v, r: DrawStock(), spend)
    return sum(1 for a in calls if a == DrawStock())


def test_no_world_is_begun_once_the_budget_is_spent(monkeypatch):
    assert _played(monkeypatch, 10**9, 50) == 32  # budget to spare: every world
    assert _played(monkeypatch, 0, 50) == rollout.MIN_WORLDS  # none: the fewest worlds
    # 1,000 actions at 100 a world (two candidates of 50): the world that spends it is the last
    assert _played(monkeypatch, 1000, 50) == 10


def test_a_turn_shares_its_budget_among_its_decisions():
    state = new_game("rummy", [PlayerSpec("A", "hard"), PlayerSpec("B", "normal")], seed=3)
    seen = view(state, state.to_move)
    assert seen.phase == "draw"
    assert rollout.budget(seen) == rollout.TURN_ACTIONS // 2
