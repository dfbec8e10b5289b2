"""Issue 29: easy and normal play Indian for the declaration (core/bots/mindist.py):
MinDist (the least number of cards to replace for a valid declaration) checked against the
arrangement search, the discard that leaves the hand nearest, the open card taken when it
brings the hand nearer, and drops only when playing on loses more on expectation."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from test_bots_finish import _complete_hand
from test_engine_support import card, cards, play, rig, scramble_hidden

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.bots import choose_action
from rummy_tui.core.bots.mindist import distance
from rummy_tui.core.bots.indian_play import (
    best_discard,
    loss_if_beaten,
    should_drop,
    win_chance,
)
from rummy_tui.core.cards import ALL_CARDS
from rummy_tui.core.engine import apply, new_game, view
from rummy_tui.core.options import make_options
from rummy_tui.core.registry import hand_rules, variant_of
from rummy_tui.core.seats import mix
from rummy_tui.core.state import Discard, DrawStock, PlayerSpec, TakeDiscard
from rummy_tui.core.variants.indian import Drop


def _declares_after_one_swap(hand, rules):
    """Some card X and some discard leave a valid declaration (brute force)."""
    for x in range(53):
        joined = hand + [ALL_CARDS[x]]
        if joined.count(ALL_CARDS[x]) > rules.max_copies:
            continue
        for c in set(joined):
            rest = list(joined)
            rest.remove(c)
            if best_arrangement(rest, rules).can_go_out:
                return True
    return False


def test_distance_agrees_with_the_arrangement_search():
    """On hands one or two swaps from complete (wild cards and the joker in play): distance
    0 exactly when the hand declares, 1 exactly when one card swapped declares."""
    rng = random.Random(29)
    counts = {0: 0, 1: 0, 2: 0}
    for _ in range(90):
        wild = rng.randrange(13)
        rules = hand_rules("indian", wild=wild + 1, decks=1)
        hand, left = _complete_hand(rng, 13, 1, 1, wild)
        free = [c for c, n in left.items() if n > 0]
        for _ in range(rng.choice([0, 1, 1, 2])):
            x = rng.choice(free)
            free.remove(x)
            hand[rng.randrange(13)] = x
        hand = [ALL_CARDS[c] for c in hand]
        d = distance(hand, wild + 1)
        declares = best_arrangement(hand, rules).can_go_out
        assert (d == 0) == declares, hand
        if not declares:
            assert (d == 1) == _declares_after_one_swap(hand, rules), hand
        counts[min(d, 2)] += 1
    assert min(counts.values()) >= 10, counts


def test_distance_of_known_hands():
    # the hand: AC is the one card out of a declaration
    hand = cards("2S 4S 5S 6S 8S 10S JS QS 3H 2D 4D AC 2C JK")
    assert distance(hand, 3) == 0
    rest = [c for c in hand if c != card("AC")]
    assert distance(rest, 3) == 0
    # all melded, but one sequence and that one with the joker: a natural for the joker
    # leaves one sequence still, so two cards to replace
    hand = cards("AS 2S JK 7C 7D 7H 9C 9D 9H KD KS KH KC")
    assert distance(hand, None) == 2
    assert not _declares_after_one_swap(list(hand), hand_rules("indian", decks=1))
    # thirteen cards far apart: K-A waits for a Q, 5S 9S for 6S 7S 8S, 2H 6H for 3H 4H
    # 5H (13 places, 6 cards kept: 7 to replace)
    assert distance(cards("AS 5S 9S 2H 6H 10H 3D 7D JD 4C 8C QC KS"), None) == 7


@pytest.mark.parametrize("decks", [1, 2])
def test_spare_cards_are_discards_that_leave_the_hand_nearest(decks):
    """spare_cards (one search of the 14 cards) names only discards that leave the least
    distance, at least one, and that distance; checked by trying every discard."""
    from rummy_tui.core.bots.mindist import spare_cards

    rng = random.Random(decks)
    exact = 0
    for _ in range(60):
        wild = rng.randrange(13)
        hand, left = _complete_hand(rng, 13, decks, decks, wild)
        free = [c for c, n in left.items() if n > 0 for _ in range(n)]
        for _ in range(rng.choice([1, 2, 3, 5])):
            x = rng.choice(free)
            free.remove(x)
            hand[rng.randrange(13)] = x
        hand.append(rng.choice(free))
        hand = [ALL_CARDS[c] for c in hand]
        least, spare = spare_cards(hand, wild + 1)
        left_by = {}
        for c in set(hand):
            if c != 52 and c % 13 != wild:
                rest = list(hand)
                rest.remove(c)
                left_by[c] = distance(rest, wild + 1)
        best = min(left_by.values())
        assert least == best and spare, hand
        assert all(left_by[c] == best for c in spare), hand
        exact += len(spare) == sum(1 for d in left_by.values() if d == best)
    assert exact >= 30


def _positions(variant_options, seeds, n=2):
    """Views of normal players about to discard, from whole games."""
    options = make_options("indian", variant_options)
    for seed in seeds:
        state = new_game("indian", [PlayerSpec(f"P{i}", "normal") for i in range(n)],
                         seed=seed, options=options)
        while state.phase not in ("round_over", "game_over"):
            v = view(state, state.to_move)
            if v.phase == "play":
                yield v
            rng = random.Random(mix(state.seed, 0xB07, state.actions))
            state = apply(state, choose_action("normal", v, rng))


@pytest.mark.parametrize("decks", [1, 2])
def test_the_discard_never_leaves_the_hand_further_than_the_best_one(decks):
    tried = 0
    for v in _positions({"decks": decks}, range(6)):
        rules = variant_of("indian").rules_for(v)
        wild = rules.melds.wild_rank
        hand = list(v.hand)

        def left(c):
            rest = list(hand)
            rest.remove(c)
            return distance(rest, wild)

        best = min(left(c) for c in set(hand))
        chosen = best_discard(v, hand, rules)
        assert left(chosen) == best, (hand, chosen)
        tried += 1
    assert tried >= 40


def test_the_open_card_is_taken_when_it_brings_the_hand_nearer_and_not_otherwise():
    hand = "AS 2S 3S 4H 5H 7H 9C 10C JC KD 2D 8S 6C"
    other = "KS QS JS 8H 9H 10H 3D 7D 9D 2C 4C 5C AC"
    near = rig("indian", [hand, other], discard="6H", wild="5D")  # 4H 5H 6H 7H
    far = rig("indian", [hand, other], discard="QC", wild="5D")  # nothing new
    assert choose_action("normal", view(near, 0), random.Random(1)) == TakeDiscard()
    assert choose_action("normal", view(far, 0), random.Random(1)) == DrawStock()


HOPELESS = "2D 6D 10D 3S 7S JS 4H 8H QH 5C 9C KC AC"
NEAR = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD 8S"
OTHER = "QS KS 9S 9H 10H JH 3D 7D 9D 2C 4C 6C AD"


@pytest.mark.parametrize("fmt", ["points", "pool101", "pool201", "deals"])
@pytest.mark.parametrize("n", [2, 3])
def test_a_hopeless_hand_drops_and_a_near_one_never(fmt, n):
    options = make_options("indian", {} if fmt == "points" else {"format": fmt})
    for hand, drops in [(HOPELESS, True), (NEAR, False)]:
        hands = [hand, OTHER, _third(hand, OTHER)][:n]
        state = rig("indian", hands, wild="5D", options=options)
        assert (choose_action("normal", view(state, 0), random.Random(1)) == Drop()) == drops


def _third(*hands):
    """Thirteen cards that none of ``hands`` holds (nor the wild joker card, 5D)."""
    held = {c for h in hands for c in cards(h)} | {card("5D")}
    return " ".join([ALL_CARDS[c].code for c in range(52) if ALL_CARDS[c] not in held][-13:])


def _later(state, turn):
    """The same deal ``turn`` turns in, every player having drawn (a middle drop)."""
    state = state.copy()
    state.turn = turn
    state.vs = replace(state.vs, has_drawn=[True] * len(state.players))
    return state


def test_a_drop_only_when_playing_on_loses_more_than_the_drop_costs():
    """At the deal a hand four cards from declaring plays on (a fair chance, and the first
    drop would cost 20 for sure); thirty turns in, with the other player near, the middle
    drop (40) costs less than it is likely to lose, so it drops. A hand two cards away
    plays on at both times; a hopeless one drops at both."""
    rules = hand_rules("indian", wild=5, decks=1)
    four = "AS 2S 3S 4H 6H 8C 9C 10D QD KC 2H 7S 8D"
    two = "AS 2S 3S 4H 6H 7C 8C 9C 10D JD QD 2H 8S"
    assert distance(cards(four), 5) == 4
    assert distance(cards(two), 5) == 2
    assert distance(cards(HOPELESS), 5) == 6  # 2D-6D, 3S-7S, Q-K-A: 13 places
    for hand, drops_at in [(HOPELESS, (0, 30)), (four, (30,)), (two, ())]:
        state = rig("indian", [hand, OTHER], wild="5D")
        for turn in (0, 30):
            v = view(_later(state, turn) if turn else state, 0)
            assert should_drop(v, list(v.hand), rules) == (turn in drops_at), (hand, turn)
    # the expectation itself: nearer is likelier, later is less likely
    assert win_chance(1, 0, 1) > win_chance(3, 0, 1) > win_chance(3, 10, 1)
    assert win_chance(3, 0, 3) < win_chance(3, 0, 1)
    assert loss_if_beaten(1) < loss_if_beaten(5) <= loss_if_beaten(12) == 80


def test_normal_decides_the_same_whatever_the_hidden_cards():
    rng = random.Random(4)
    checked = 0
    for seed in range(3):
        state = new_game("indian", [PlayerSpec("A", "normal"), PlayerSpec("B", "normal")],
                         seed=seed)
        while state.phase not in ("round_over", "game_over"):
            p = state.to_move
            action = choose_action("normal", view(state, p), random.Random(seed))
            other = scramble_hidden(state, p, rng)
            assert choose_action("normal", view(other, p), random.Random(seed)) == action
            checked += 1
            state = apply(state, action)
    assert checked >= 30
