"""``hard``'s Indian draws and discards by MinDist (core/bots/mindist.py, hard_multi.py): the
least number of cards to replace for a hand to become a valid declaration."""

from __future__ import annotations

import random

from test_bot_hard_multi import _c, _turn

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.bots import choose_action
from rummy_tui.core.bots import hard_multi as bot_hard_multi
from rummy_tui.core.bots.mindist import mindist
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Discard, DrawStock, TakeDiscard
from rummy_tui.core.variants.indian import hand_rules


def test_mindist_is_zero_exactly_for_a_declaration_and_counts_the_cards_to_replace():
    rules = hand_rules(wild=5, decks=1)  # 5s wild
    # pure 2H-3H-4H, pure 7S-8S-9S-10S, a set of kings, a sequence with a wild 5C
    declared = _c("2H 3H 4H 7S 8S 9S 10S KS KH KD JD QD 5C")
    assert best_arrangement(declared, rules).can_go_out
    assert mindist(declared, rules) == 0
    # the same with the 5C traded for a lone 2C: one card to replace
    assert mindist(_c("2H 3H 4H 7S 8S 9S 10S KS KH KD JD QD 2C"), rules) == 1
    # no sequence at all, but Q-K of spades and of hearts wait for their aces: with the
    # sets of 2s and 7s, three to replace (9C, QD, KD: an ace each and a card for a set)
    sets = _c("2H 2S 2D 7S 7H 7D KS KH KD QS QH QD 9C")
    assert not best_arrangement(sets, rules).can_go_out
    assert mindist(sets, rules) == 3
    # a card that half-builds a meld is a card nearer: 7H 8H 10H waits for 9H
    far = _c("7H 8H 2C 2D 2S JS QS KC AD 4C 4D 10D 3H")
    near = _c("7H 8H 2C 2D 2S JS QS KC AD 4C 4D 10D 9H")
    assert mindist(near, rules) < mindist(far, rules)


def test_indian_hard_takes_a_card_that_brings_it_nearer_a_declaration():
    # 5s wild; the 4H on the pile makes no meld with the pure 7H 8H 9H nor the 4C, but
    # with a lone card thrown for it the hand is a card nearer a declaration
    seen = _turn("indian", "7H 8H 9H 2C 2D 2S JS QS KC AD 4C 10D 3H", "4H", "draw", "5C")
    rules = variant_of(seen.variant).rules_for(seen)
    now = mindist(seen.hand, rules)
    joined = sorted(seen.hand + [seen.discard[-1]])
    assert min(mindist(joined[:i] + joined[i + 1:], rules) for i in range(14)) < now
    assert choose_action("hard", seen, random.Random(0)) == TakeDiscard(1)
    # the card that changes nothing stays on the pile
    seen = _turn("indian", "7H 8H 9H 2C 2D 2S JS QS KC AD 4C 10D 3H", "6D", "draw", "5C")
    assert choose_action("hard", seen, random.Random(0)) == DrawStock()


def test_indian_hard_discards_to_the_nearest_declaration():
    seen = _turn("indian", "2C 3C 4C 9D 9H 9S 6H 7H 8H QS KS JD 4D 10C", "3D", "play", "5C")
    rules = variant_of(seen.variant).rules_for(seen)
    hand = list(seen.hand)
    dist = {}
    for c in set(hand):
        rest = list(hand)
        rest.remove(c)
        dist[c] = mindist(rest, rules)
    for seed in range(3):
        action = choose_action("hard", seen, random.Random(seed))
        assert isinstance(action, Discard)
        assert dist[action.card] == min(dist.values())
    assert bot_hard_multi.P["mindist"] is True
