"""The hard computer player in the multi-deck games (core/bots/hard_multi.py: Indian Rummy,
Remigio, Remigio Fournier): it reads only its view, it is deterministic for a seed, it plays
only legal moves, and its hand values say what a player would."""

from __future__ import annotations

import random

import pytest

from test_engine_support import walk_hard_seats

from rummy_tui.core.bots import hard_multi as bot_hard_multi
from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.bots import bot_action, choose_action
from rummy_tui.core.cards import parse_card
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.simulate import play_game, simulate
from rummy_tui.core.state import Discard, DrawStock, PlayerSpec, TakeDiscard
from rummy_tui.core.variants.indian import Drop

PRESETS = [("indian", 2), ("indian", 4), ("remigio", 2), ("remigio", 3),
           ("remigio-fournier", 2), ("remigio-fournier", 10)]
# The default run walks the cheapest preset; the others are slow (--all, issue 26)
WALKS = [p if p == ("remigio", 3) else pytest.param(*p, marks=pytest.mark.slow) for p in PRESETS]


def _c(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


@pytest.mark.parametrize("variant,n", WALKS)
def test_hard_decides_the_same_whatever_the_hidden_cards(variant, n):
    """Two states that differ only in the other hands and the stock order give the same
    decision; the walk meets draws and discards where hard differs from normal, so the
    multi-deck search itself is what is checked."""
    checked, differs = walk_hard_seats(variant, n, 23, random.Random(9), 60, steps=10_000)
    assert checked == 60
    assert differs > 0


@pytest.mark.parametrize("variant,n", [("indian", 2), ("remigio", 2), ("remigio-fournier", 10)])
def test_hard_plays_legal_games_the_same_for_a_seed(variant, n):
    bots = ["hard"] + ["normal"] * (n - 1)
    options = {"rounds": 2} if variant == "remigio-fournier" else None
    runs = [play_game(variant, bots, 41, options) for _ in range(2)]
    assert runs[0].problem is None
    assert runs[0].state.phase == "game_over"
    assert runs[0].state == runs[1].state


@pytest.mark.slow  # ~2 CPU-s; test_hard_plays_legal_games_the_same_for_a_seed[indian-2] is quick
def test_simulate_with_hard_seats_is_repeatable():
    first = simulate("indian", 2, 3, seed=5, bots=["normal", "hard"])
    again = simulate("indian", 2, 3, seed=5, bots=["normal", "hard"])
    assert first.invariant_violations == 0, first.violation
    assert (first.wins, first.actions) == (again.wins, again.actions)


def _turn(variant: str, hand: str, pile: str, phase: str, wild: str | None = None):
    """A 2-player deal with ``hand`` for player 0 and ``pile`` face up (the rest dealt)."""
    state = new_game(variant, [PlayerSpec("Ann", "hard"), PlayerSpec("Bob", "normal")], seed=1)
    state = state.copy()
    mine, shown = _c(hand), _c(pile)
    rest = list(state.stock) + state.hands[0] + state.hands[1] + list(state.discard)
    if state.wild_card is not None:
        rest.append(state.wild_card)
    for c in mine + shown:
        rest.remove(c)
    if wild is not None:
        state.wild_card = parse_card(wild)
        rest.remove(state.wild_card)
    state.hands = [mine, rest[:len(state.hands[1])]]
    state.stock = rest[len(state.hands[1]):]
    state.discard = shown
    state.to_move = 0
    state.phase = phase
    return view(state, 0)


def test_indian_hard_takes_the_card_that_makes_its_pure_sequence():
    # 5s wild; 7H 8H wait for 6H or 9H: the 9H on the pile makes the pure sequence
    seen = _turn("indian", "7H 8H 2C 2D 2S JS QS KC AD 4C 4D 10D 3H", "9H", "draw", "5C")
    assert choose_action("hard", seen, random.Random(0)) == TakeDiscard(1)
    # a card that melds with nothing is never taken
    seen = _turn("indian", "7H 8H 2C 2D 2S JS QS KC AD 4C 4D 10D 3H", "6C", "draw", "5C")
    assert choose_action("hard", seen, random.Random(0)) == DrawStock()


def test_remigio_hard_throws_a_dead_card_and_keeps_its_jokers():
    seen = _turn("remigio", "AS 2S 3S 7H 7D 7C JK JK KC 9D QH", "5C", "play")
    action = choose_action("hard", seen, random.Random(0))
    assert isinstance(action, Discard)
    assert action.card in _c("KC 9D QH")


def test_the_value_of_a_hand_counts_dead_cards_and_the_missing_pure_sequence():
    seen = _turn("indian", "7H 8H 2C 2D 2S JS QS KC AD 4C 4D 10D 3H", "9H", "draw", "5C")
    k = bot_hard_multi._Eval(seen, random.Random(0), bot_hard_multi.P)
    impure = best_arrangement(tuple(sorted(_c("7H 8H 5D 2C 2D 2S JS QS KC AD 4C 4D 10D"))),
                              k.scoring)
    pure = best_arrangement(tuple(sorted(_c("7H 8H 9H 2C 2D 2S JS QS KC AD 4C 4D 10D"))),
                            k.scoring)
    # as many dead cards, fewer points in the first, but only the second has a pure sequence
    assert len(impure.deadwood) == len(pure.deadwood)
    assert impure.penalty < pure.penalty
    assert not any(m.pure and m.kind == "run" for m in impure.melds)
    assert k.value(impure) > k.value(pure)


def test_remigio_values_a_dead_card_with_a_partner_above_a_lone_one():
    seen = _turn("remigio", "AS 2S 3S 7H 7D 7C KC QC 4D 9H", "5C", "draw")
    remigio = bot_hard_multi._Eval(seen, random.Random(0), {**bot_hard_multi.P,
                                                            **bot_hard_multi.REMIGIO})
    indian_weights = bot_hard_multi._Eval(seen, random.Random(0), bot_hard_multi.P)
    # the same melds, dead cards and points; K and Q of clubs are half a run, K and Q of
    # hearts and clubs are not
    half_built = best_arrangement(tuple(sorted(_c("AS 2S 3S 7H 7D 7C KC QC 4D 9H"))),
                                  remigio.scoring)
    lone = best_arrangement(tuple(sorted(_c("AS 2S 3S 7H 7D 7C KC QH 4D 9S"))), remigio.scoring)
    assert sorted(half_built.deadwood) == sorted(_c("4D 9H QC KC"))
    assert half_built.penalty == lone.penalty and len(lone.deadwood) == 4
    assert remigio.value(half_built) < remigio.value(lone)
    # Indian's weights give no such relief
    assert indian_weights.value(half_built) == indian_weights.value(lone)


def test_remigio_weighs_every_unseen_card_where_indian_samples_thirty():
    seen = _turn("remigio", "AS 2S 3S 7H 7D 7C KC QC 4D 9H", "5C", "draw")
    remigio = bot_hard_multi._Eval(seen, random.Random(0), {**bot_hard_multi.P,
                                                            **bot_hard_multi.REMIGIO})
    # two decks and four jokers (108 cards) less the 10 in hand and the 5C on the pile, each
    # card with its count: the 5C's twin once, the AH twice, the four jokers
    assert remigio.unseen == remigio.all_unseen
    assert remigio.total == 108 - 10 - 1
    assert dict(remigio.unseen)[parse_card("JK")] == 4
    assert dict(remigio.unseen)[parse_card("5C")] == 1
    assert dict(remigio.unseen)[parse_card("AS")] == 1
    assert dict(remigio.unseen)[parse_card("AH")] == 2
    indian = _turn("indian", "7H 8H 2C 2D 2S JS QS KC AD 4C 4D 10D 3H", "9H", "draw", "5C")
    sampled = bot_hard_multi._Eval(indian, random.Random(0), bot_hard_multi.P)
    assert sampled.total == bot_hard_multi.P["samples"] == 30
    # at 2 players one deck and its joker, less the hand, the pile's 9H and the wild 5C
    assert sum(k for _, k in sampled.all_unseen) == 53 - 13 - 1 - 1


def test_indian_hard_weighs_every_discard_then_plays_the_best_two_further(monkeypatch):
    """Each candidate discard is played along the same first sequences, one sequence at a
    time; the two that score best there are played along more of them until the decision's
    searches are spent, and the better of them over all their sequences is thrown."""
    calls = []
    real = bot_hard_multi._Roller.sum_scores

    def spy(self, hand, first, lo, hi):
        total = real(self, hand, first, lo, hi)
        calls.append((hand, lo, hi, total + 0.0, self.searches))
        return total

    monkeypatch.setattr(bot_hard_multi._Roller, "sum_scores", spy)
    # the rollouts' discard (the race's, indian_race.py, is the default: issue 29)
    monkeypatch.setitem(bot_hard_multi.P, "race", False)
    seen = _turn("indian", "2C 3C 4C 9D 9H 9S 6H 7H 8H QS KS JD 4D 10C", "3D", "play", "5C")
    action = choose_action("hard", seen, random.Random(0))
    p = bot_hard_multi.P
    assert all(hi == lo + 1 for _, lo, hi, _, _ in calls)
    hands = {hand for hand, *_ in calls}
    assert len(hands) >= 4
    seqs = {hand: sorted(lo for h, lo, *_ in calls if h == hand) for hand in hands}
    played = min(len(s) for s in seqs.values())
    assert p["min_rolls"] <= played <= p["rolls"]
    # every candidate along the same first sequences, two of them further
    assert all(s[:played] == list(range(played)) for s in seqs.values())
    more = {hand for hand, s in seqs.items() if len(s) > played}
    assert len(more) == 2
    first = {hand: sum(t for h, lo, _, t, _ in calls if h == hand and lo < played)
             for hand in hands}
    assert more == set(sorted(hands, key=first.get)[:2])
    # no sequence is begun once the searches are spent
    begun = [searches for _, lo, _, _, searches in calls if lo >= played]
    assert max(begun) < p["searches"] + 60
    totals = {hand: sum(t for h, _, _, t, _ in calls if h == hand) for hand in more}
    kept = min(totals, key=totals.get)
    thrown = set(_c("2C 3C 4C 9D 9H 9S 6H 7H 8H QS KS JD 4D 10C")) - set(kept)
    assert isinstance(action, Discard) and {action.card} == thrown


def test_a_stalled_indian_deal_is_dropped():
    seen = _turn("indian", "7H 8H 2C 2D 2S JS QS KC AD 4C 4D 10D 3H", "9H", "draw", "5C")
    seen.turn = bot_hard_multi.GIVE_UP_TURN
    assert choose_action("hard", seen, random.Random(0)) == Drop()


def test_an_indian_game_with_a_hard_seat_saves_and_loads_and_plays_on_alike():
    from rummy_tui.saves.codec import dumps
    from rummy_tui.saves.validation import parse_save

    state = new_game("indian", [PlayerSpec("Ann", "normal"), PlayerSpec("Cy", "hard")], seed=2)
    for _ in range(9):
        state = apply(state, bot_action(state))
    loaded = parse_save(dumps(state))
    assert [p.kind for p in loaded.players] == ["normal", "hard"]
    for _ in range(6):
        if state.phase != "draw" and state.phase != "play":
            break
        action = bot_action(state)
        assert bot_action(loaded) == action
        state, loaded = apply(state, action), apply(loaded, action)


def _table_turn(variant: str, n: int, hand: str, pile: str):
    """Player 0's play phase at an ``n``-player table, ``hand`` held and ``pile`` face up."""
    specs = [PlayerSpec("Ann", "hard")] + [PlayerSpec(f"P{q}", "normal") for q in range(1, n)]
    state = new_game(variant, specs, seed=1).copy()
    mine, shown = _c(hand), _c(pile)
    rest = list(state.stock) + [c for h in state.hands for c in h] + list(state.discard)
    for c in mine + shown:
        rest.remove(c)
    size = len(state.hands[1])
    state.hands = [mine] + [rest[size * (q - 1):size * q] for q in range(1, n)]
    state.stock = rest[size * (n - 1):]
    state.discard = shown
    state.to_move = 0
    state.phase = "play"
    return view(state, 0)


def test_remigio_hard_at_a_table_of_four_keeps_the_costlier_half_built_set():
    """At three or more seats the elimination game weighs the dead cards' points less
    (``REMIGIO_TABLE``): speed counts more where three others race to close. The dead 4S
    and 8S each pair with a club of their rank; at two players hard throws the costlier 8S,
    at four it keeps the 8s and throws the 4S (a set of 8s is no slower to make than one of
    4s)."""
    hand, pile = "AS 4S 8S 2D 3D 5D 2C 4C 5C 6C 8C", "QH"
    two = choose_action("hard", _table_turn("remigio", 2, hand, pile), random.Random(0))
    four = choose_action("hard", _table_turn("remigio", 4, hand, pile), random.Random(0))
    assert two == Discard(parse_card("8S"))
    assert four == Discard(parse_card("4S"))
    # Fournier, where the losers pay the closer, keeps the two-player weights
    fournier = _table_turn("remigio-fournier", 4, hand, pile)
    assert choose_action("hard", fournier, random.Random(0)) == Discard(parse_card("8S"))
