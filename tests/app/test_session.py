"""The table's session without a screen: who plays next, hot-seat privacy, undo, the seats'
hand orders, computer moves. No Textual here (the session imports none)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rummy_tui.app.session import BotTurn, HandOver, HumanTurn, ShowSummary, TableSession
from rummy_tui.core.bots import bot_action
from rummy_tui.core.engine import new_game
from rummy_tui.core.options import make_options
from rummy_tui.core.state import Discard, DrawStock, Meld
from rummy_tui.core.variants import RuleError

from .conftest import seats


def _session(variant: str, players: str, seed: int = 1, **options) -> TableSession:
    return TableSession(new_game(variant, seats(players), seed=seed,
                                 options=make_options(variant, options)))


def test_the_session_imports_no_textual():
    code = ("import sys, rummy_tui.app.session; "
            "sys.exit(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_two_humans_hand_over_before_any_hand_is_shown():
    s = _session("rummy", "Ann,Bob")
    step = s.advance()
    first = s.state.to_move
    assert step == HandOver(first)
    assert s.viewer is None and s.busy and not s.my_turn() and s.legal() == []
    assert s.handed_over(first)
    assert s.viewer == first and s.my_turn()
    assert s.view().hand == s.state.hands[first]
    assert DrawStock() in s.legal()
    # Draw and discard: the turn passes, and the next human is handed the device.
    s.commit(s.play(DrawStock()))
    card = s.view().hand[0]
    s.commit(s.play(Discard(card)))
    step = s.advance()
    assert step == HandOver(s.state.to_move) and s.state.to_move != first
    assert s.viewer is None


def test_one_human_keeps_the_hand_on_screen_while_the_computer_moves():
    s = _session("rummy", "Ann,cpu:Bob", seed=2)
    for _ in range(20):
        step = s.advance()
        assert s.viewer == 0  # the only human's own hand, all the time
        if isinstance(step, BotTurn):
            new_state, error = s.bot_move(s.state, bot_action(s.state))
            assert new_state is not None and not error
            s.commit(new_state)
        elif isinstance(step, HumanTurn):
            assert step.seat == 0 and s.my_turn()
            s.commit(s.play(DrawStock()))
            s.commit(s.play(Discard(s.view().hand[-1])))
        else:
            break
    assert s.state.actions > 10


def test_a_refused_move_changes_nothing():
    s = _session("rummy", "Ann,Bob")
    s.handed_over(s.advance().seat)  # type: ignore[union-attr]
    before = s.state
    with pytest.raises(RuleError):
        s.play(Discard(s.view().hand[0]))  # draw first
    assert s.state is before and s.undo_stack == []
    with pytest.raises(RuleError):
        s.check(Meld(tuple(s.view().hand[:3])))


def test_undo_goes_back_within_a_turn_but_never_across_a_draw():
    s = _session("rummy", "Ann,Bob", seed=5)
    seat = s.advance().seat  # type: ignore[union-attr]
    s.handed_over(seat)
    s.commit(s.play(DrawStock()))
    assert s.undo_stack == []
    drawn = s.state
    order_before, _ = s.hand_order(seat)
    s.arrange(seat)  # an arrangement is undoable within the turn
    assert len(s.undo_stack) == 1
    assert s.undo()
    assert s.state is drawn and s.seats[seat].order == order_before
    assert not s.undo()  # nothing left: and never back across the draw


def test_sort_flips_between_rank_and_suit_and_keeps_new_cards_right():
    s = _session("rummy", "Ann,Bob", seed=4)
    seat = s.advance().seat  # type: ignore[union-attr]
    s.handed_over(seat)
    s.sort(seat)
    by_rank, _ = s.hand_order(seat)
    assert s.seats[seat].by_rank
    s.sort(seat)
    by_suit, _ = s.hand_order(seat)
    assert sorted(by_rank) == sorted(by_suit) and not s.seats[seat].by_rank
    s.commit(s.play(DrawStock()))
    order, _ = s.hand_order(seat)
    assert order[:-1] == by_suit and len(order) == len(by_suit) + 1


def test_a_choice_made_for_a_state_the_game_has_left_is_dropped():
    """The bot thinks in a worker: if the game moved on meanwhile, its move is not played."""
    s = _session("rummy", "cpu:Ann,cpu:Bob", seed=3)
    assert s.advance() == BotTurn()
    before = s.state
    action = bot_action(before)
    moved, _ = s.bot_move(before, action)
    assert moved is not None
    s.commit(moved)
    assert s.bot_move(before, action) == (None, "")
    assert s.state is moved


def test_the_summary_is_asked_for_once_per_round():
    s = _session("rummy", "cpu:Ann,cpu:Bob", seed=3)
    while s.state.phase in ("draw", "play"):
        assert s.advance() == BotTurn()
        new_state, _ = s.bot_move(s.state, bot_action(s.state))
        assert new_state is not None
        s.commit(new_state)
    assert s.advance() == ShowSummary(first=True)
    assert s.advance() == ShowSummary(first=False)
    if s.state.phase == "round_over":
        s.commit(s.next_round())
        assert s.state.round_no == 2 and s.advance() == BotTurn()


def test_the_recap_lists_the_others_moves_since_the_last_turn():
    s = _session("rummy", "Ann,Bob", seed=6)
    first = s.advance().seat  # type: ignore[union-attr]
    s.handed_over(first)
    s.recap(first)
    s.commit(s.play(DrawStock()))
    s.commit(s.play(Discard(s.view().hand[0])))
    other = s.advance().seat  # type: ignore[union-attr]
    s.handed_over(other)
    recap = s.recap(other)
    assert recap and all(e.player != other for e in recap)
    assert any(e.player == first for e in recap)
    assert s.recap(other) == []  # seen


def test_a_resumed_game_finds_the_last_discard_in_the_events_whatever_the_words(monkeypatch):
    # issue 26: the mark read "<name> discarded <card>" back out of the log
    import rummy_tui.core.events as events
    from rummy_tui.core.engine import apply

    state = new_game("rummy", seats("Ann,Bob"), seed=3)
    ann = state.to_move
    state = apply(state, DrawStock())
    state = apply(state, Discard(state.hands[ann][0]))
    monkeypatch.setattr(events, "parts", lambda event, names, variant: (None, "reworded"))
    assert TableSession(state).last_discarder() == ann
