"""Computer players on fixed deals: what a ``normal`` bot does, and that ``easy`` plays legally."""

from __future__ import annotations

import random

import pytest
from test_engine_support import card, cards, play, rig

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.bots import BOT_KINDS, bot_action, choose_action
from rummy_tui.core.bots import rollout as bot_rollout
from rummy_tui.core.cards import ALL_CARDS
from rummy_tui.core.engine import apply, is_legal, new_game, view
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Discard, DrawStock, LayOff, Meld, PlayerSpec, TakeDiscard
from rummy_tui.core.variants.indian import Declare, Drop
from rummy_tui.core.variants.remigio import Close

RNG = random.Random(0)


def normal(state):
    action = choose_action("normal", view(state, state.to_move), random.Random(1))
    assert is_legal(state, action), action
    return action


def test_takes_a_discard_that_improves_the_hand_and_not_one_that_does_not():
    hand = "5H 6H 2S 9C KC 4D JS 3C 8D QD"
    other = "AS AH AD 10S 10H 10D 2C 3D 4S 7S"
    assert normal(rig("rummy", [hand, other], discard="7H")) == TakeDiscard()
    assert normal(rig("rummy", [hand, other], discard="KH")) == DrawStock()


def test_melds_then_lays_off_then_throws_the_costliest_dead_card():
    state = rig(
        "rummy",
        ["AS 2S 3S 9H 7D 4C JD 6C QC KH", "AH AD AC 5S 5D 5C 8S"],
        table=[(1, "6H 7H 8H")],
        stock_top="2H",
    )
    state = play(state, DrawStock())
    action = normal(state)
    assert action == Meld(cards("AS 2S 3S"))
    state = play(state, action)
    action = normal(state)
    assert action == LayOff(cards("9H"), 0)
    state = play(state, action)
    action = normal(state)
    assert isinstance(action, Discard)
    # dead cards: 7D 4C JD 6C QC KH 2H; the costliest without a partner: JD or KH (10)
    assert action.card in cards("JD KH")


def test_rummy_keeps_a_partnered_high_card_and_throws_the_costliest_lone_one():
    # the decision in bench/README.md: KH and QH are dead but build towards a run, so the
    # normal bot throws 9C, the costliest dead card with no partner (not strictly KH / QH)
    state = rig("rummy", ["AS 2S 3S 5D 5C 5H KH QH 9C 8D", "AH AD AC 6S 6D 6C 8S 9H 10H 4H"],
                stock_top="7S")
    state = play(state, DrawStock())
    while not isinstance(action := normal(state), Discard):
        state = play(state, action)
    assert action == Discard(card("9C"))


def test_remigio_closes_when_it_can():
    state = rig(
        "remigio", ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H", "KS QD JC 9S 6D 5C 3S KD 2C 8S"],
        stock_top="KC",
    )
    state = play(state, DrawStock())
    assert normal(state) == Close(card("KC"))
    easy = choose_action("easy", view(state, 0), random.Random(3))
    assert easy == Close(card("KC"))


def test_indian_declares_when_it_can():
    state = rig(
        "indian",
        ["AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD KD", "JS QS KS 8H 9H 10H 3D 7D 9D 2C 4C 6C AC"],
        stock_top="2H",
        wild="5D",
    )
    state = play(state, DrawStock())
    assert normal(state) == Declare(card("2H"))


def test_indian_drops_a_hopeless_hand_at_once_but_not_a_good_one():
    hopeless = "2D 6D 10D 3S 7S JS 4H 8H QH 5C 9C KC AC"
    good = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD KD"
    state = rig("indian", [hopeless, good, "JS QS KS 8H 9H 10H 3D 7D 9D 2C 4C 6C AD"], wild="5H")
    assert normal(state) == Drop()
    state = rig("indian", [good, hopeless, "JS QS KS 8H 9H 10H 3D 7D 9D 2C 4C 6C AD"], wild="5H")
    assert normal(state) != Drop()


def test_remi_uses_the_top_three_pick_up_and_melds_the_card():
    state = rig(
        "remi", ["5H 6H 2C 9S KD QC AS", "KH JH 9D 10C AD 2H 3H"], discard="3S 7H 3D JS"
    )
    action = normal(state)
    assert action == TakeDiscard(3)
    state = play(state, action)
    action = normal(state)
    assert isinstance(action, Meld) and card("7H") in action.cards
    state = play(state, action)
    assert isinstance(normal(state), Discard)


def test_remi_set_pick_up_lays_the_sequence_first():
    state = rig("remi", ["8S 8H 2C 3C 4C QC AS", "KH JH 9D 10C AD 2H 3H"], discard="8C")
    state = play(state, TakeDiscard())
    first = normal(state)
    assert first == Meld(cards("2C 3C 4C"))
    state = play(state, first)
    assert set(normal(state).cards) == set(cards("8S 8H 8C"))  # type: ignore[union-attr]


# The hard player's costliest walks (1-3 CPU-s) are slow; the default run keeps its single-deck
# (rummy) and multi-deck (Fournier) walks and every walk of the other kinds (issue 26)
SLOW_HARD = {("remi", 3), ("remigio", 4), ("indian", 5)}
WALKS = [
    pytest.param(variant, n, kind, marks=pytest.mark.slow)
    if kind == "hard" and (variant, n) in SLOW_HARD else (variant, n, kind)
    for variant, n in [("rummy", 4), ("remi", 3), ("remigio", 4), ("remigio-fournier", 8),
                       ("indian", 5)]
    for kind in BOT_KINDS
]


@pytest.mark.parametrize("variant,n,kind", WALKS)
def test_bots_play_legal_moves_from_their_view(kind, variant, n, monkeypatch):
    if kind == "hard":  # the rollouts with fewer worlds: the same code, a test's time (what
        # they decide is not what is checked here, only that it is legal)
        monkeypatch.setattr(bot_rollout, "WORLDS", 4)
        monkeypatch.setattr(bot_rollout, "REMI_WORLDS", 4)
        monkeypatch.setattr(bot_rollout, "FIRST_WORLDS", 2)
    state = new_game(variant, [PlayerSpec(f"P{i}", kind) for i in range(n)], seed=12)
    rng = random.Random(4)
    for _ in range(400):
        if state.phase == "game_over":
            break
        action = choose_action(kind, view(state, state.to_move), rng)
        assert is_legal(state, action), (action, state.phase)
        state = apply(state, action)


def test_bot_action_is_deterministic_for_a_state():
    state = new_game("indian", [PlayerSpec("a", "normal"), PlayerSpec("b", "easy")], seed=3)
    for _ in range(30):
        if state.phase == "game_over":
            break
        first = bot_action(state)
        assert bot_action(state) == first
        state = apply(state, first)


def test_normal_beats_easy_more_often_than_not():
    from rummy_tui.core.simulate import simulate

    result = simulate("rummy", 2, 12, seed=4, bots=["easy", "normal"])
    assert result.wins["P2-normal"] > result.wins["P1-easy"]
    assert variant_of("rummy").key == "rummy"


def _finish_by_trying_every_discard(v, hand, rules, dead):
    """The plain way: search the hand left by each discard, dead cards first, then the
    costliest (what bots._finish must agree with)."""
    order = list(dead) + sorted(set(hand) - set(dead), key=lambda c: -rules.values[c])
    for c in order:
        rest = list(hand)
        rest.remove(c)
        if best_arrangement(rest, rules).can_go_out:
            return Declare(c)
    return None


@pytest.mark.parametrize("decks,kinds", [(1, ("easy", "normal")), (2, ("normal", "easy", "easy"))])
def test_indian_finish_skips_only_discards_that_cannot_finish(decks, kinds):
    """bots._finish searches the whole hand once and tries only the discards that could
    still finish: on every 14-card hand of whole games it picks what trying all would."""
    from rummy_tui.core.bots.normal import _finish
    from rummy_tui.core.hand_rules import relaxed
    from rummy_tui.core.options import make_options

    options = make_options("indian", {"decks": decks})
    finishes = tried = 0
    # (36 seeds: the bots now declare sooner, so a deal gives fewer 14-card hands)
    for seed in range(36):
        state = new_game("indian", [PlayerSpec(f"P{i}", k) for i, k in enumerate(kinds)],
                         seed=seed, options=options)
        rng = random.Random(seed)
        while state.phase != "game_over" and state.round_no == 1:
            v = view(state, state.to_move)
            if v.phase == "play" and len(v.hand) == 14:
                rules = variant_of("indian").rules_for(v)
                arrangement = best_arrangement(v.hand, relaxed(rules))
                dead = list(arrangement.deadwood)
                if len(dead) <= 3:
                    want = _finish_by_trying_every_discard(v, v.hand, rules, dead)
                    assert _finish(v, v.hand, rules, dead, arrangement.melds) == want, v.hand
                    tried += 1
                    finishes += want is not None
            state = apply(state, choose_action(kinds[state.to_move], v, rng))
    assert tried >= 100 and finishes >= 12


def _costliest_by_trying_every_card(hand, rules):
    """The plain way for a hand with every card melded: the card whose removal leaves the
    lowest count, a natural kept over a joker on a tie (what bots._costliest agrees with)."""
    wild = rules.melds.is_joker
    best_card, best_pen = hand[0], None
    for c in sorted(set(hand)):
        rest = list(hand)
        rest.remove(c)
        pen = best_arrangement(rest, rules).penalty
        if best_pen is None or pen < best_pen or (pen == best_pen and wild(best_card)):
            best_card, best_pen = c, pen
    return best_card


def _melded_hand(rng, size, copies, jokers):
    """A random hand of ``size`` cards made of runs (3-5 cards) and sets, some with a joker."""
    from collections import Counter

    left = Counter({c: copies for c in range(52)})
    left[52] = jokers
    hand = []
    while len(hand) < size:
        need = size - len(hand)
        length = min(need, rng.choice([3, 3, 4, 5])) if need >= 3 else need
        if rng.random() < 0.5:
            suit, start = rng.randrange(4), rng.randrange(13 - length + 1)
            meld = [suit * 13 + start + i for i in range(length)]
        else:
            rank = rng.randrange(13)
            meld = [s * 13 + rank for s in rng.sample(range(4), min(length, 4))]
        if left[52] and rng.random() < 0.3:
            meld[rng.randrange(len(meld))] = 52
        if all(left[c] >= n for c, n in Counter(meld).items()):
            left.subtract(meld)
            hand += meld
    return [ALL_CARDS[c] for c in hand]


@pytest.mark.parametrize("variant,rules_args,size", [
    ("indian", {"wild": 7, "decks": 2}, 14),
    ("remigio", {}, 11),
])
def test_costliest_of_an_all_melded_hand_stops_at_the_first_natural_that_costs_nothing(
    variant, rules_args, size
):
    """bots._costliest stops at the first natural whose loss leaves a hand counting nothing
    (found from the melds or searched): on all-melded hands it throws what trying every
    card would."""
    from rummy_tui.core.bots.normal import _costliest
    from rummy_tui.core.hand_rules import relaxed
    from rummy_tui.core.registry import hand_rules

    rules = hand_rules(variant, **rules_args)
    scoring = relaxed(rules) if rules.declaration else rules
    rng = random.Random(5)
    compared = 0
    while compared < 60:
        hand = _melded_hand(rng, size, rules.max_copies, rules.max_jokers)
        arrangement = best_arrangement(hand, scoring)
        if arrangement.deadwood:
            continue
        want = _costliest_by_trying_every_card(hand, scoring)
        got = _costliest(hand, [], scoring, rules.declaration, arrangement.melds)
        assert got == want, hand
        compared += 1
