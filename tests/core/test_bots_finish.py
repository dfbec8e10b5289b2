"""Issue 29: a computer player never misses a finish. Before every discard every card is
tried for a declaration (Indian) or a close (Remigio), whatever the least-points
arrangement leaves dead."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_engine_support import card, play, rig

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.bots import BOT_KINDS, choose_action
from rummy_tui.core.cards import ALL_CARDS
from rummy_tui.core.engine import apply, view
from rummy_tui.core.hand_rules import relaxed
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import DrawStock
from rummy_tui.core.variants.indian import Declare
from rummy_tui.core.variants.remigio import Close

ISSUE_HAND = "2S 4S 5S 6S 8S 10S JS QS 3H 2D 4D 2C JK"
"""The hand of issue 29 (3s wild) before drawing AC: the least-points arrangement of the
14 cards leaves 2S 2D 4D dead, yet discarding AC declares."""


@pytest.mark.parametrize("kind", BOT_KINDS)
def test_the_issue_hand_declares_by_discarding_the_ace_of_clubs(kind):
    other = "KH KD KC 9H 9D 9C 7H 7D 7C 6H 6D 6C 5H"
    state = play(rig("indian", [ISSUE_HAND, other], stock_top="AC", wild="3S"), DrawStock())
    v = view(state, 0)
    rules = variant_of("indian").rules_for(v)
    assert len(best_arrangement(v.hand, relaxed(rules)).deadwood) >= 3  # what hid it
    action = choose_action(kind, v, random.Random(1))
    assert action == Declare(card("AC"))
    after = apply(state, action)
    assert after.phase in ("round_over", "game_over") and after.last_round.winner == 0


def _complete_hand(rng, size, copies, jokers, wild_rank=None):
    """A random hand of ``size`` cards made of runs (3-5 cards) and sets, some with a joker
    (the printed one, or a card of the wild rank)."""
    left = Counter({c: copies for c in range(52)})
    left[52] = jokers
    hand: list[int] = []
    while len(hand) < size:
        need = size - len(hand)
        length = min(need, rng.choice([3, 3, 4, 5])) if need >= 3 else need
        if need - length in (1, 2):
            length = need if need <= 5 else 3
        if rng.random() < 0.55:
            suit, start = rng.randrange(4), rng.randrange(13 - length + 1)
            meld = [suit * 13 + start + i for i in range(length)]
        else:
            if length > 4:
                continue
            rank = rng.randrange(13)
            meld = [s * 13 + rank for s in rng.sample(range(4), length)]
        if rng.random() < 0.4:
            wilds = [c for c in range(52) if c % 13 == wild_rank] if wild_rank is not None else []
            meld[rng.randrange(len(meld))] = rng.choice([52] + wilds)
        if all(left[c] >= n for c, n in Counter(meld).items()):
            left.subtract(meld)
            hand += meld
    return hand, left


def _codes(cards):
    return " ".join(ALL_CARDS[c].code for c in cards)


@pytest.mark.parametrize("variant,size", [("indian", 13), ("remigio", 10)])
def test_a_hand_that_can_finish_always_finishes(variant, size):
    """Complete hands plus one random card: whenever some discard finishes (every card
    tried), every kind of bot finishes, and with a card that does."""
    rng = random.Random(29)
    finishing = 0
    for _ in range(400):
        wild_rank = rng.randrange(13) if variant == "indian" else None
        hand, left = _complete_hand(rng, size, 1, 1, wild_rank)
        free = [c for c, n in left.items() if n > 0 and c != 52]
        # mostly a card that melds with the hand's: the least-points arrangement may then
        # meld it and leave low cards dead
        near = [c for c in free if any(h < 52 and (h % 13 == c % 13 or
                                                    h // 13 == c // 13 and abs(h - c) <= 2)
                                       for h in hand)]
        extra = rng.choice(near if near and rng.random() < 0.8 else free)
        wild = None
        if variant == "indian":
            shown = [c for c, n in left.items() if n > 0 and c != extra and c % 13 == wild_rank]
            if not shown:
                continue
            wild = ALL_CARDS[rng.choice(shown)].code
        try:
            state = rig(variant, [_codes(hand)], stock_top=ALL_CARDS[extra].code, wild=wild, n=2)
        except ValueError:
            continue
        state = play(state, DrawStock(), check=False)
        v = view(state, 0)
        rules = variant_of(variant).rules_for(v)
        finishes = set()
        for c in set(v.hand):
            rest = list(v.hand)
            rest.remove(c)
            if best_arrangement(rest, rules).can_go_out:
                finishes.add(c)
        if not finishes:
            continue
        finishing += 1
        for kind in BOT_KINDS:
            action = choose_action(kind, v, random.Random(finishing))
            assert isinstance(action, (Declare, Close)), (kind, _codes(v.hand), action)
            got = action.finish if isinstance(action, Declare) else action.discard
            assert got in finishes, (kind, _codes(v.hand), action)
    assert finishing >= 100, finishing
