"""The remote seat's session (app/remote_session.py), without a screen or a network: it
holds the seat's view only, sends one move at a time, and a refusal drops what waited."""

from __future__ import annotations

from rummy_tui.app.remote_session import RemoteSession
from rummy_tui.app.session import BotTurn, HumanTurn, ShowSummary
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.state import Discard, DrawStock, Meld, NextRound, PlayerSpec


def game():
    players = [PlayerSpec("Asha", "human"), PlayerSpec("Bob", "human")]
    state = new_game("rummy", players, seed=3)
    return state, state.to_move


def test_moves_go_one_at_a_time_and_a_refusal_drops_the_rest():
    state, me = game()
    sent = []
    session = RemoteSession(view(state, me), sent.append)
    assert isinstance(session.advance(), HumanTurn) and session.my_turn()
    session.submit(DrawStock())
    hand = view(state, me).hand
    session.submit(Meld(tuple(hand[:3])))
    session.submit(Discard(hand[3]))
    assert sent == [DrawStock()]  # the rest waits for the host's answer
    state = apply(state, DrawStock())
    session.received(view(state, me))
    assert sent == [DrawStock(), Meld(tuple(hand[:3]))]
    session.refused()  # the meld is refused: the discard behind it goes too
    assert session.awaiting is None and session.queue == []
    assert sent[-1] == Meld(tuple(hand[:3]))


def test_the_turn_passing_drops_what_waited():
    state, me = game()
    sent = []
    session = RemoteSession(view(state, me), sent.append)
    session.submit(DrawStock())
    session.submit(DrawStock())
    state = apply(apply(state, DrawStock()), Discard(state.stock[-1]))  # (the host's time-out)
    session.received(view(state, me))
    assert sent == [DrawStock()] and session.queue == []
    assert isinstance(session.advance(), BotTurn)  # another seat moves: the screen waits


def test_it_holds_its_own_view_only_and_never_undoes():
    state, me = game()
    session = RemoteSession(view(state, me), lambda _: None)
    assert session.view(1 - me).player == me and session.viewer == me
    assert not hasattr(session.state, "hands") and not hasattr(session.state, "stock")
    session.push_undo(me)
    assert session.undo_stack == [] and session.undo() is False


def test_ready_for_the_next_deal_waits_for_no_view():
    state, me = game()
    sent = []
    session = RemoteSession(view(state, me), sent.append)
    over = view(state, me)
    over.phase = "round_over"
    session.received(over)
    assert isinstance(session.advance(), ShowSummary)
    session.submit(NextRound())
    assert sent == [NextRound()] and session.awaiting is None
