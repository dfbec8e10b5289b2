"""The hard computer player (issue 15): it reads only its view, it is deterministic for a
seed, it plays only legal moves, and it reads the table (unseen cards, the next player's
picks) as the view shows it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from test_engine_support import walk_hard_seats

from rummy_tui.commands.play import parse_players
from rummy_tui.core.bots import hard as bot_hard, rollout as bot_rollout
from rummy_tui.core.bots import BOT_KINDS, bot_action, choose_action
from rummy_tui.core.cards import parse_card
from rummy_tui.core.engine import apply, is_legal, new_game, view
from rummy_tui.core.simulate import simulate
from rummy_tui.core.state import Discard, DrawStock, NextRound, PlayerSpec, TakeDiscard

PRESETS = [("rummy", 2), ("rummy", 4), ("remi", 2), ("remigio", 2), ("remigio-fournier", 4),
           ("indian", 2), ("indian", 3)]
# The default run walks one preset of the single-deck search (Remigio's and Indian's hard
# player is the multi-deck one, walked by test_bot_hard_multi.py); the rest are slow (issue 26)
SLOW = {p for p in PRESETS if p != ("rummy", 4)}
WALKS = [pytest.param(*p, marks=pytest.mark.slow) if p in SLOW else p for p in PRESETS]
DECISIONS = 400
MULTI_DECISIONS = 120
"""Each decision asks the search three times (the real state, two re-deals of what the mover
cannot see), and the multi-deck search (Remigio's and Indian's) is the slow one: 400 decisions
took 8 s of CPU a Remigio walk and 38 s an Indian one (issue 26: the default run must stay
under three CPU-minutes, the full one under ten minutes on two cores). The first 120 already
meet every kind of decision such a hard seat makes, asserted below (draw, take, discard, and
the way out: close or declare; at three Indian players a drop too); the other 280 only
repeated them. test_bot_hard_multi.py walks these searches at more table sizes."""
MULTI_KINDS = {
    "remigio": {"DrawStock", "TakeDiscard", "Discard", "Close"},
    "remigio-fournier": {"DrawStock", "TakeDiscard", "Discard", "Close"},
    "indian": {"DrawStock", "TakeDiscard", "Discard", "Declare"},
}


def _c(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_hard_is_a_bot_kind_everywhere():
    assert "hard" in BOT_KINDS
    specs = parse_players("Ann, cpu-hard:Cy")
    assert [s.kind for s in specs] == ["human", "hard"]


@pytest.fixture
def few_worlds(monkeypatch):
    """The rollout search with fewer worlds: the same code, a test's time."""
    monkeypatch.setattr(bot_rollout, "WORLDS", 4)
    monkeypatch.setattr(bot_rollout, "REMI_WORLDS", 4)
    monkeypatch.setattr(bot_rollout, "FIRST_WORLDS", 2)


@pytest.mark.parametrize("variant,n", WALKS)
def test_hard_decides_the_same_whatever_the_hidden_cards(variant, n, few_worlds):
    """Two states that differ only in the other hands and the stock order give the hard
    player the same decision (bot_action reads the state, the bot only its view); and the
    walk meets decisions where hard differs from normal, so the check is not empty."""
    kinds: Counter[str] = Counter()
    decisions = MULTI_DECISIONS if variant in MULTI_KINDS else DECISIONS
    checked, differs = walk_hard_seats(variant, n, 11, random.Random(5), decisions, steps=400,
                                       kinds=kinds)
    assert checked >= 20
    if variant in MULTI_KINDS:
        # (no Drop required: normal drops only when playing on loses more on expectation,
        # seldom in a walk's first decisions; tests/core/test_bots_evaluate.py checks drops)
        assert MULTI_KINDS[variant] <= set(kinds), kinds
    if not (variant == "rummy" and n > 2):  # there hard changes only the draw, seldom
        assert differs > 0


@pytest.mark.parametrize("variant", [
    "rummy", "indian",
    pytest.param("remigio", marks=pytest.mark.slow), pytest.param("remi", marks=pytest.mark.slow),
])  # Remigio's and Remi's games cost 2-4 CPU-s: slow (issue 26)
def test_hard_against_normal_plays_legal_games_the_same_for_a_seed(variant, few_worlds):
    first = simulate(variant, 2, 1, seed=3, bots=["hard", "normal"])
    again = simulate(variant, 2, 1, seed=3, bots=["hard", "normal"])
    assert first.invariant_violations == 0, first.violation
    assert (first.wins, first.actions, first.rounds) == (again.wins, again.actions, again.rounds)


def test_the_unseen_cards_leave_out_what_the_view_shows_and_the_picks_of_others():
    state = new_game("rummy", [PlayerSpec("Ann", "hard"), PlayerSpec("Bob", "normal")], seed=4)
    # play until the other player has taken a card from the pile
    rng = random.Random(1)
    for _ in range(300):
        if state.phase == "round_over":
            state = apply(state, NextRound())
            continue
        p = state.to_move
        if p == 1 and state.phase == "draw" and state.discard:
            state = apply(state, TakeDiscard(1))
            break
        state = apply(state, choose_action("normal", view(state, p), rng))
    taken = state.taken
    assert taken is not None
    # Bob discards a card other than the one he took: Ann's turn
    bob = view(state, 1)
    throw = next(c for c in bob.hand if c != taken)
    state = apply(state, Discard(throw))
    assert state.phase == "draw" and state.to_move == 0  # (the seed is fixed: Ann to draw)
    ann = view(state, 0)
    k = bot_hard._Knowledge(ann, random.Random(0))
    unseen = dict(k.unseen)
    assert taken not in unseen  # Bob holds it
    for c in ann.hand + ann.discard:
        assert c not in unseen
    for meld in ann.table:
        for c in meld.cards:
            assert c not in unseen
    assert k.total == 52 - len(ann.hand) - len(ann.discard) - sum(
        len(m.cards) for m in ann.table) - 1
    # a card of the taken card's rank is dangerous to throw to Bob; a far card is not
    same_rank = next(c for c in range(52) if c % 13 == taken % 13 and c != taken)
    far = next(c for c in range(52) if c // 13 != taken // 13 and c % 13 != taken % 13
               and (c % 13 - taken % 13) % 13 not in (1, 2, 11, 12))
    assert k.danger(same_rank) > 0
    assert k.danger(far) == 0


def _rummy_turn(hand: str, pile: str, phase: str):
    state = new_game("rummy", [PlayerSpec("Ann", "hard"), PlayerSpec("Bob", "normal")], seed=1)
    state = state.copy()
    mine, shown = _c(hand), _c(pile)
    rest = [c for c in range(52) if c not in mine and c not in shown]
    state.hands = [mine, rest[:10]]
    state.stock = rest[10:]
    state.discard = shown
    state.table = []
    state.to_move = 0
    state.phase = phase
    state.laid = [0, 0]
    state.taken = None
    return view(state, 0)


@pytest.mark.parametrize("pile,dead_pair", [("JS JH", "JD JC"), ("QD QC", "QS QH")])
def test_hard_breaks_the_pair_whose_other_cards_are_gone(pile, dead_pair):
    """Basic Rummy: a pair of queens and a pair of jacks (10 points each) beside low cards;
    the other two of one rank are in the discard pile, so that pair can only become a meld
    through a run. Hard throws from that pair and keeps the live one; normal, which counts
    partners, not cards left, throws a low single."""
    hand = "QS QH JD JC AS 3H 5C 2D 4S 6H 7C"
    seen = _rummy_turn(hand, pile, "play")
    action = choose_action("hard", seen, random.Random(0))
    assert isinstance(action, Discard)
    assert action.card in _c(dead_pair)
    assert choose_action("normal", seen, random.Random(0)) != action


def test_hard_draws_from_the_stock_when_the_discard_melds_with_nothing():
    seen = _rummy_turn("2S 3S 4S 6H 7H 9D 9C JD QC KH", "5C", "draw")
    assert choose_action("hard", seen, random.Random(0)) == DrawStock()
    # a discard that makes a meld is taken when it beats the stock's average
    seen = _rummy_turn("2S 3S 4S 6H 7H 9D 9C JD QC KH", "9H", "draw")
    assert choose_action("hard", seen, random.Random(0)) == TakeDiscard(1)


def test_a_game_with_a_hard_seat_saves_and_loads():
    from rummy_tui.saves.codec import dumps
    from rummy_tui.saves.validation import parse_save

    state = new_game("remigio", [PlayerSpec("Ann", "human"), PlayerSpec("Cy", "hard")], seed=2)
    loaded = parse_save(dumps(state))
    assert [p.kind for p in loaded.players] == ["human", "hard"]


def test_an_indian_deal_where_neither_hand_comes_together_still_ends():
    """Game 73 of seed 1001: both hands sat on low-count melds without a pure sequence and
    threw each card they drew, so the deal ran past simulate's action limit. Hard now counts
    a hand without a pure sequence as unfinished, and drops a deal that has stalled."""
    from rummy_tui.core.simulate import game_seed, play_game

    run = play_game("indian", ["hard", "normal"], game_seed(1001, 73))
    assert run.problem is None
    assert run.state.phase == "game_over"


@pytest.mark.parametrize("variant,n", [("rummy", 2), ("rummy", 4), ("remi", 2)])
def test_the_rollout_worlds_agree_with_the_view(variant, n):
    """Every world dealt for the search shows the bot what its view shows (its hand, the
    table, the pile, every count), holds each card of the deck once, and gives another
    player the cards the log shows they took from the pile and still hold."""
    state = new_game(variant, [PlayerSpec(f"P{q}", "normal") for q in range(n)], seed=6)
    rng = random.Random(3)
    checked = with_picks = 0
    for _ in range(300):
        if state.phase == "game_over":
            break
        if state.phase == "round_over":
            state = apply(state, NextRound())
            continue
        me = state.to_move
        seen = view(state, me)
        k = bot_hard._Knowledge(seen, random.Random(0))
        found = bot_rollout.worlds(seen, k.taken, k.unseen, random.Random(1), 3)
        assert found is not None
        for world in found:
            shown = view(world, me)
            for name in ("hand", "hand_counts", "stock_count", "discard", "table", "phase",
                         "to_move", "scores", "vs", "taken"):
                assert getattr(shown, name) == getattr(seen, name), name
            cards = sorted(world.stock + [c for h in world.hands for c in h] + world.discard
                           + [c for m in world.table for c in m.cards])
            assert cards == list(range(52))
            for q, held in k.taken.items():
                if q != me:
                    assert set(held) <= set(world.hands[q])
                    with_picks += bool(held)
        checked += 1
        if me == 1 and seen.phase == "draw" and seen.discard and rng.random() < 0.5:
            # seat 1 takes the top discard, melding or not: cards known to be held
            if is_legal(seen, TakeDiscard(1)):
                state = apply(state, TakeDiscard(1))
                continue
        state = apply(state, choose_action("normal", seen, rng))
    assert checked >= 50 and with_picks > 0


@pytest.mark.parametrize("variant", ["rummy", "remi"])
def test_hard_sometimes_holds_back_what_normal_would_lay_or_take(variant):
    """The rollout search overrules normal where timing matters: within a game hard holds
    back a meld or a lay-off (it discards where normal would lay it) or, in Remi, draws from
    the stock where normal would pick up; each such choice is a legal move."""
    from rummy_tui.core.state import LayOff, Meld

    state = new_game(variant, [PlayerSpec("Ann", "hard"), PlayerSpec("Bob", "normal")], seed=9)
    held = 0
    for _ in range(3000):
        if state.phase == "game_over" or held:
            break
        if state.phase == "round_over":
            state = apply(state, NextRound())
            continue
        action = bot_action(state)
        if state.to_move == 0:
            seen = view(state, 0)
            normal = choose_action("normal", seen, random.Random(0))
            if (isinstance(normal, (Meld, LayOff)) and isinstance(action, Discard)
                    or isinstance(normal, TakeDiscard) and action == DrawStock()):
                assert is_legal(seen, action)
                held += 1
        state = apply(state, action)
    assert held
