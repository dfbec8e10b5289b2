"""The log as events (core/events.py): what each event says, that no event names a hidden
card, and that no game depends on the words (issue 26)."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest
from test_engine_support import card, cards, lines, play, rig

import rummy_tui.core.events as events
from rummy_tui.core.bots.hard import _picks
from rummy_tui.core.bots import choose_action
from rummy_tui.core.cards import ALL_CARDS
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.events import (
    EVENTS, Closed, Dealt, Declared, Discarded, Drew, Dropped, EndedOnEmptyStock, Event,
    LaidOff, Melded, MissedTurn, Note, RoundEnded, Took, WildJoker, describe, log_lines,
)
from rummy_tui.core.options import make_options
from rummy_tui.core.registry import variant_of
from rummy_tui.core.simulate import play_game
from rummy_tui.core.state import Discard, DrawStock, NextRound, PlayerSpec, TakeDiscard
from rummy_tui.core.variants.indian import Drop
from rummy_tui.saves.codec import decode_event, event_dict

NAMES = ["Ann", "Bob", "Cy"]
ROUND = variant_of("rummy")
DEAL = variant_of("indian")

SAMPLES: list[Event] = [
    Dealt(round_no=2, dealer=0, first=1),
    WildJoker(round_no=1, card=card("6D"), rank=6),
    Drew(round_no=1, player=1),
    Took(round_no=1, player=0, card=card("7H"), above=cards("3D JS")),
    Melded(round_no=1, player=2, cards=cards("7S 8S 9S")),
    LaidOff(round_no=1, player=2, cards=cards("10S")),
    Discarded(round_no=1, player=0, card=card("KC")),
    MissedTurn(round_no=1, player=1, discarded=True, in_a_row=2),
    events.WentOut(round_no=1, player=0, rummy=True),
    Closed(round_no=1, player=1, card=card("QH")),
    Closed(round_no=1, player=1, special="straight_flush"),
    Declared(round_no=1, player=2, valid=False, penalty=80),
    Dropped(round_no=1, player=0, kind="middle", penalty=40, missed=3),
    EndedOnEmptyStock(round_no=1, player=1),
    events.LastInDeal(round_no=1, player=1),
    events.StockRebuilt(round_no=1),
    events.StockRanOut(round_no=1),
    RoundEnded(round_no=3, deltas=(12, None, -12)),
    events.Eliminated(round_no=3, player=2),
    events.GameEnded(round_no=3, player=0),
    Note(round_no=1, player=None, text="Round 1 over: anything"),
]


def test_every_event_class_has_a_sample_and_words():
    assert {type(e) for e in SAMPLES} == set(EVENTS)
    took = SAMPLES[3]
    assert isinstance(took, Took) and took.depth == 3 and took.cards == cards("7H 3D JS")
    for event in SAMPLES:
        assert describe(event, NAMES, ROUND)


@pytest.mark.parametrize("event", SAMPLES, ids=lambda e: type(e).__name__)
def test_an_event_survives_a_save(event: Event):
    assert decode_event(event_dict(event)) == event


def test_the_words_for_each_event():
    said = [describe(e, NAMES, ROUND) for e in SAMPLES]
    assert said == [
        "Round 2: Ann deals; Bob plays first.",
        "The wild joker is 6♦: all 6s are wild.",
        "Bob drew from the stock",
        "Ann took 7♥ from the discard pile with 3♦ J♠ above it",
        "Cy melded 7♠ 8♠ 9♠",
        "Cy laid off 10♠",
        "Ann discarded K♣",
        "Bob missed the turn: the card drawn was discarded (2 in a row)",
        "Ann went out — rummy!",
        "Bob closed with Q♥",
        "Bob closed with a Straight flush",
        "Cy declared wrongly: 80 points, out of the round",
        "Ann missed 3 turns in a row: middle drop, 40 points",
        "The stock is empty: Bob ends the round",
        "Bob is the last player in the round",
        "The discard pile was shuffled into a new stock",
        "The stock ran out: the hand is void",
        "Round 3 over: Ann +12, Cy -12",
        "Cy is eliminated",
        "Ann wins the game",
        "Round 1 over: anything",
    ]


def test_indian_words_say_deal():
    # turn.end_round wrote "Round N over" in Indian, which calls a round a deal
    assert describe(RoundEnded(round_no=4, deltas=(-20, 20)), NAMES, DEAL) == \
        "Deal 4 over: Ann -20, Bob +20"
    assert describe(Dealt(round_no=4, dealer=1, first=0), NAMES, DEAL).startswith("Deal 4: ")
    state = apply(new_game("indian", ["Ann", "Bob"], seed=5), Drop())  # the deal ends
    said = lines(state)
    assert any(line.startswith("Deal 1 over: ") for line in said), said
    assert not any(line.startswith("Round ") for line in said), said


def test_a_players_moves_read_as_one_sentence():
    log = [Drew(round_no=1, player=1), Discarded(round_no=1, player=1, card=card("7D")),
           EndedOnEmptyStock(round_no=1, player=0), Discarded(round_no=1, player=0, card=card("2C"))]
    assert log_lines(log, NAMES, ROUND) == [
        "Bob drew from the stock and discarded 7♦",
        "The stock is empty: Ann ends the round",
        "Ann discarded 2♣",
    ]


# --- privacy: an event holds only what everyone saw --------------------------------------------


def test_a_draw_from_the_stock_names_no_card():
    assert [f.name for f in fields(Drew)] == ["round_no", "player"]
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "KS KH QD JC 2C 3C 5C 7C 9C 10C"])
    drawn = state.stock[-1]
    after = play(state, DrawStock())
    assert after.log[-1] == Drew(round_no=1, player=0)
    assert drawn.symbol() not in lines(after)[-1]


def _named_cards(event: Event) -> list[int]:
    found: list[int] = []
    for f in fields(event):
        value = getattr(event, f.name)
        if f.name in ("card", "cards", "above") and value is not None:
            found.extend(value if isinstance(value, tuple) else [value])
    return found


@pytest.mark.parametrize("variant,n", [("rummy", 3), ("remi", 2), ("remigio", 3), ("indian", 3)])
def test_every_card_an_event_names_was_shown_face_up(variant: str, n: int):
    # walk whole rounds: each new event names only cards that everyone could see, before
    # or after the move (the discard pile, the table, the wild joker)
    rng = random.Random(4)
    seed = 11
    state = new_game(variant, [PlayerSpec(f"P{i}", "normal") for i in range(n)], seed=seed)
    seen_events = 0
    for _ in range(400):
        if state.phase == "game_over":
            if seen_events > 30:
                break
            seed += 1  # a short game (an Indian deal won early): the next seed's game
            state = new_game(variant, [PlayerSpec(f"P{i}", "normal") for i in range(n)],
                             seed=seed)
        action = NextRound() if state.phase == "round_over" else \
            choose_action("normal", view(state, state.to_move), rng)
        after = apply(state, action)
        face_up = set(state.discard) | set(after.discard) | {
            c for m in state.table + after.table for c in m.cards}
        if after.wild_card is not None:
            face_up.add(after.wild_card)
        for event in after.log[len(state.log):]:
            seen_events += 1
            if isinstance(event, Closed) and variant == "remigio" or isinstance(event, Declared):
                assert not _named_cards(event)  # the closing / finish card lies face down
            for c in _named_cards(event):
                assert c in face_up, (event, ALL_CARDS[c])
            # a view carries the same log: nothing in it is filtered or needs to be
        assert view(after, 0).log == after.log
        state = after
    assert seen_events > 30


# --- no game depends on the words ---------------------------------------------------------------


def test_the_hard_bot_reads_picks_from_the_events():
    state = rig("rummy", ["AS 2S 3S 4H 5H 6H 7D 8D 9D KC", "KS KH QD JC 2C 3C 5C 7C 9C 10C"],
                discard="8C")
    state = play(state, TakeDiscard(), Discard(card("KC")))
    state = play(state, DrawStock())
    taken, refused = _picks(view(state, 1))
    assert taken == {0: [card("8C")]} and refused == {1: [card("KC")]}


@pytest.mark.parametrize("variant,options", [  # Remi's game is slow (issue 26)
    ("rummy", {"target": 40}), pytest.param("remi", {"target": 200}, marks=pytest.mark.slow)])
def test_rewording_the_log_changes_no_game(monkeypatch, variant: str, options: dict):
    # the hard bot (the one that reads what others took) against normal: the same game,
    # move for move and point for point, whatever the log lines say
    opts = make_options(variant, options)
    before = play_game(variant, ["hard", "normal"], 7, opts)
    assert any(isinstance(e, Took) for e in before.state.log)
    monkeypatch.setattr(events, "parts",
                        lambda event, names, v: (None, f"something else: {type(event).__name__}"))
    assert describe(Drew(round_no=1, player=0), NAMES, ROUND) == "something else: Drew"
    after = play_game(variant, ["hard", "normal"], 7, opts)
    assert after.problem is None is before.problem
    assert after.state.log == before.state.log  # every move, as an event
    assert after.actions == before.actions and after.state.scores == before.state.scores
    assert after.state.history == before.state.history
