"""``hard``'s Indian discard as a race (core/bots/indian_race.py, issue 29): among the throws
that leave the hand nearest a declaration, the one that keeps the most live cards that bring
it nearer, less the chance of feeding the next player."""

from __future__ import annotations

import random
from collections import Counter

from test_bot_hard_multi import _c, _turn

from rummy_tui.core.bots import choose_action
from rummy_tui.core.bots import indian_race
from rummy_tui.core.bots.evaluate import distance
from rummy_tui.core.events import Took
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Discard, DrawStock, TakeDiscard

HAND = "6H 7H 8H JS QC AC 7S 7D AH KS 8C 4H KC KH"


def _with_events(seen, *events):
    seen.log = list(seen.log) + list(events)
    return seen


def test_outs_are_the_live_cards_that_bring_the_kept_hand_nearer():
    # 5s wild; kept: the pure 2C 3C 4C, 9D 9H 9S, 6H 7H, JS QS, 4D 10C KD: 3 cards away
    seen = _turn("indian", "2C 3C 4C 9D 9H 9S 6H 7H JS QS 4D 10C KD", "3D", "draw", "5C")
    rules = variant_of(seen.variant).rules_for(seen)
    rest = list(seen.hand)
    dist = distance(rest, 5)
    live = indian_race.live_cards(seen, {})
    found = indian_race.outs(rest, dist, live, rules.melds.is_joker, 5, [999])
    brute = sum(k for u, k in live.items() if distance(rest + [u], 5) < dist)
    assert found == brute > 0
    # the wild cards and the joker are outs
    assert all(distance(rest + [c], 5) < dist for c in _c("5H 5S JK"))
    # out of searches: no answer, so no throw is weighed on part of its outs
    assert indian_race.outs(rest, dist, live, rules.melds.is_joker, 5, [3]) is None


def test_the_feed_chance_rises_with_a_pick_and_falls_with_a_throw_of_the_neighbourhood():
    live = Counter(_c("7C 7H 8S 9S 2D 3D KC"))
    joker = variant_of("indian").rules_for(_turn("indian", HAND, "3S", "play", "5C")).melds.is_joker
    seven = _c("7S")[0]
    plain = indian_race.feed_chance(seven, live, 13, [], [], joker)
    assert 0 < plain < indian_race.TOOK_PARTNER
    assert indian_race.feed_chance(seven, live, 13, _c("7D"), [], joker) == indian_race.TOOK_PARTNER
    assert indian_race.feed_chance(seven, live, 13, [], _c("7H"), joker) == plain / 2
    # nothing live groups with it: nobody can want it
    assert indian_race.feed_chance(_c("QD")[0], live, 13, [], [], joker) == 0.0


def test_indian_hard_does_not_throw_a_card_whose_partner_the_next_player_took():
    # 5s wild: the pure 2C 3C 4C and 8C 9C 10C, two cards from declaring
    hand = "2C 3C 4C 4D QC 9C 8C AD 10C 4H JD KD 9S 6S"
    seen = _turn("indian", hand, "7S", "play", "5C")
    assert choose_action("hard", seen, random.Random(0)) == Discard(_c("9S")[0])
    # the next player took the 9H from the pile (and holds it): the 9S may make its set
    fed = _turn("indian", hand, "7S", "play", "5C")
    fed = _with_events(fed, Took(round_no=fed.round_no, player=1, card=_c("9H")[0]))
    action = choose_action("hard", fed, random.Random(0))
    assert isinstance(action, Discard) and action.card != _c("9S")[0]
    # and the card thrown instead leaves the hand as near a declaration
    rest = list(fed.hand)
    rest.remove(action.card)
    assert distance(rest, 5) == distance(fed.hand, 5) == 2


def test_indian_hard_keeps_the_throw_with_more_outs_and_decides_alike_for_any_seed():
    seen = _turn("indian", HAND, "3S", "play", "5C")
    rules = variant_of(seen.variant).rules_for(seen)
    live = indian_race.live_cards(seen, {})
    choices = {choose_action("hard", seen, random.Random(s)) for s in range(4)}
    assert len(choices) == 1
    (action,) = choices
    hand = list(seen.hand)
    least = distance(hand, 5)

    def score(card):
        rest = list(hand)
        rest.remove(card)
        gain = indian_race.outs(rest, least, live, rules.melds.is_joker, 5, [999])
        chance = indian_race.feed_chance(card, live, 13, [], [], rules.melds.is_joker)
        return gain / sum(live.values()) - indian_race.FEED * chance

    # the throws weighed are as near a declaration as any, normal's among them; the one
    # made scores best of them
    normal = choose_action("normal", seen, random.Random(0))
    near, weighed = indian_race.candidates(seen, rules, normal, live)
    assert near == least and normal.card in weighed and action.card in weighed
    assert len(weighed) == indian_race.CANDIDATES
    for c in weighed:
        assert distance([x for x in hand if x != c], 5) == least
        assert score(action.card) >= score(c) - 1e-9


def test_the_outs_searches_are_a_count(monkeypatch):
    calls = []
    real = indian_race.distance

    def spy(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(indian_race, "distance", spy)
    seen = _turn("indian", HAND, "3S", "play", "5C")
    rules = variant_of(seen.variant).rules_for(seen)
    indian_race.race_discard(seen, rules, Discard(_c("7S")[0]))
    assert 0 < len(calls) <= indian_race.OUT_SEARCHES + 1


def test_indian_hard_takes_an_open_card_that_leaves_it_as_near_with_many_more_outs():
    # 5s wild: the pure 2C 3C 4C, kings and aces; the QS brings it no nearer, but with it
    # (and a card thrown) far more live cards would
    hand = "2C 3C 4C KS KH AH AD 7D KC QD KD 3S JH"
    seen = _turn("indian", hand, "QS", "draw", "5C")
    assert choose_action("normal", seen, random.Random(0)) == DrawStock()
    assert choose_action("hard", seen, random.Random(0)) == TakeDiscard(1)
    rules = variant_of(seen.variant).rules_for(seen)
    joker = rules.melds.is_joker
    live = indian_race.live_cards(seen, {})
    now = distance(seen.hand, 5)
    joined = sorted(seen.hand + [seen.discard[-1]])
    assert distance(joined, 5) == now == 2
    have = indian_race.outs(list(seen.hand), now, live, joker, 5, [999])
    after = max(
        indian_race.outs([x for x in joined if x != c], now, live, joker, 5, [999]) or 0
        for c in set(seen.hand)
    )
    total = sum(live.values())
    assert 1 + total / after + indian_race.TAKE_MARGIN < total / have
    # a card that melds with nothing stays on the pile
    seen = _turn("indian", hand, "9C", "draw", "5C")
    assert choose_action("hard", seen, random.Random(0)) == DrawStock()
