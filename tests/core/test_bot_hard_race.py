"""``hard``'s Indian discard as a race (core/bots/indian_race.py, issue 29): among the throws
that leave the hand nearest a declaration, the one that keeps the most live cards that bring
it nearer, less the chance of feeding the next player."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from test_bot_hard_multi import _c, _turn

from rummy_tui.core.bots import choose_action
from rummy_tui.core.bots import indian_race
from rummy_tui.core.events import Took
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Discard, DrawStock, TakeDiscard

HAND = "6H 7H 8H JS QC AC 7S 7D AH KS 8C 4H KC KH"
distance = indian_race.distance  # the bots' MinDist search, wherever indian_race takes it from


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
    nine = _c("9S")[0]
    assert choose_action("hard", seen, random.Random(3)) == Discard(nine)
    # the next player took the 9H from the pile (and holds it): the 9S may make its set
    fed = _turn("indian", hand, "7S", "play", "5C")
    fed = _with_events(fed, Took(round_no=fed.round_no, player=1, card=_c("9H")[0]))
    for seed in range(4):
        action = choose_action("hard", fed, random.Random(seed))
        assert isinstance(action, Discard) and action.card != nine
        # and the card thrown instead leaves the hand as near a declaration
        rest = list(fed.hand)
        rest.remove(action.card)
        assert distance(rest, 5) == distance(fed.hand, 5) == 2
    # the sampled hands of the next player: each holds what they took; one that took two
    # nines is brought nearer by the third more often than a hand of unknown cards
    live = indian_race.live_cards(fed, {1: _c("9H 9D")})
    picked = indian_race.sampled_feed([nine], live, 13, _c("9H 9D"), [], 5, random.Random(0), 24)
    blind = indian_race.sampled_feed([nine], live, 13, [], [], 5, random.Random(0), 24)
    assert picked[0] > blind[0], (picked, blind)
    # and fewer once they threw a nine's neighbour
    shy = indian_race.sampled_feed([nine], live, 13, [], _c("10S"), 5, random.Random(0), 24)
    assert shy[0] == blind[0] / 2


def test_without_rollouts_the_throw_with_the_most_outs_less_the_feed_is_made(monkeypatch):
    # searches enough for every throw weighed (a smaller count weighs the first few)
    monkeypatch.setattr(indian_race, "OUT_SEARCHES", 10_000)
    seen = _turn("indian", HAND, "3S", "play", "5C")
    rules = variant_of(seen.variant).rules_for(seen)
    live = indian_race.live_cards(seen, {})
    normal = choose_action("normal", seen, random.Random(0))
    action = indian_race.race_discard(seen, rules, normal, None)
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
    near, weighed = indian_race.candidates(seen, rules, normal, live)
    assert near == least and normal.card in weighed and action.card in weighed
    assert len(weighed) == indian_race.CANDIDATES
    for c in weighed:
        assert distance([x for x in hand if x != c], 5) == least
        assert score(action.card) >= score(c) - 1e-9
    # with rollouts the choice is fixed by the seed
    assert len({choose_action("hard", seen, random.Random(7)) for _ in range(3)}) == 1


@pytest.fixture
def distance_calls(monkeypatch) -> list[tuple]:
    """Every call the race makes to the MinDist search, in order."""
    calls: list[tuple] = []
    real = indian_race.distance

    def spy(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(indian_race, "distance", spy)
    return calls


def test_the_outs_searches_are_a_count(distance_calls):
    calls = distance_calls
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


def test_the_rollouts_favour_the_hand_with_more_ways_to_declare_and_are_fixed_by_the_seed():
    # 5s wild, one card from declaring: the pure 2C 3C 4C and 6H 7H 8H, four nines and a 2D
    # to replace, with JS QS open at both ends (10S, KS) or JS KS waiting for the QS alone
    open_ended = _c("2C 3C 4C 6H 7H 8H 9D 9H 9S 9C JS QS 2D")
    gapped = _c("2C 3C 4C 6H 7H 8H 9D 9H 9S 9C JS KS 2D")
    # the live cards: neither hand's cards (so neither the QS nor the KS), the 3D on the
    # pile nor the wild 5C: the open end's 10S is the difference
    shown = set(open_ended) | set(gapped) | set(_c("3D 5C"))
    live = Counter({c: 1 for c in range(53) if c not in shown})
    assert distance(open_ended, 5) == distance(gapped, 5) == 1
    first = indian_race.race_rollouts([open_ended, gapped], 1, live, 5, random.Random(3))
    again = indian_race.race_rollouts([open_ended, gapped], 1, live, 5, random.Random(3))
    assert first == again
    assert first is not None and 0 < first[1] < first[0] <= 1
    # sequences of 3 draws: a hand one card away declares within them or is worth the
    # draws spent and two more (GAMMA ** 5), never less
    short = indian_race.race_rollouts([open_ended, gapped], 1, live, 5, random.Random(3),
                                      None, 3)
    assert short is not None and indian_race.GAMMA ** 5 <= short[1] < short[0] <= 1


def test_the_rollouts_spend_a_count_of_searches(distance_calls):
    calls = distance_calls
    seen = _turn("indian", "2C 3C 4C 9D 9H 9S 6H 7H JS QS 4D 10C KD", "3D", "draw", "5C")
    live = indian_race.live_cards(seen, {})
    hands = [list(seen.hand)] * 4
    rolled = indian_race.race_rollouts(hands, distance(seen.hand, 5), live, 5, random.Random(1))
    assert rolled is not None and len(set(rolled)) == 1
    # no sequence is begun once the searches are spent: at most one sequence's worth more
    worst = 4 * indian_race.DEPTH * 14
    assert len(calls) <= indian_race.ROLL_SEARCHES + worst


def test_hard_plays_a_hopeless_points_hand_out_but_drops_it_in_pool():
    from test_engine_support import rig

    from rummy_tui.core.engine import is_legal, view
    from rummy_tui.core.variants.indian import Drop

    hopeless = "2D 6D 10D 3S 7S JS 4H 8H QH 5C 9C KC AC"
    good = "AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD KD"
    for options in (None, {"format": "pool101"}):
        third = "JS QS KS 8H 9H 10H 3D 7D 9D 2C 4C 6C AD"
        state = rig("indian", [hopeless, good, third], wild="5H", options=options)
        seen = view(state, 0)
        assert choose_action("normal", seen, random.Random(1)) == Drop()
        action = choose_action("hard", seen, random.Random(1))
        assert is_legal(state, action)
        if options is None:
            # Points is one deal: a drop loses the game, so hard draws
            assert action == DrawStock()
        else:
            # Pool: the game spans deals, and a drop costs less than the hand would
            assert action == Drop()


def test_the_chance_that_nobody_declared_first_falls_with_the_turns_and_the_players(monkeypatch):
    from test_engine_support import rig

    from rummy_tui.core.engine import view
    from rummy_tui.core.events import Drew

    monkeypatch.setattr(indian_race, "HAZARD", 0.025)
    seen = _turn("indian", HAND, "3S", "play", "5C")
    fresh = indian_race.survival(seen)
    assert fresh[0] == 1.0 and fresh[1] == pytest.approx(1 - 0.025)
    assert all(a > b for a, b in zip(fresh, fresh[1:]))
    assert len(fresh) > indian_race.DEPTH + 2 * 13
    # the other player has had four turns: they are nearer declaring
    later = _with_events(
        _turn("indian", HAND, "3S", "play", "5C"),
        *[Drew(round_no=seen.round_no, player=1) for _ in range(4)],
    )
    assert indian_race.survival(later)[1] == pytest.approx(1 - 0.025 * 5)
    assert all(a < b for a, b in zip(indian_race.survival(later)[1:], fresh[1:]))
    # against two others it is their chances together, each the chance fitted to a table
    # of four (normal declares later on its turns there than the MinDist agent at two)
    hands = ["2D 6D 10D 3S 7S JS 4H 8H QH 5C 9C KC AC", "AS 2S 3S 4H 5H 6H 7C 8C 9C 10D JD QD KD",
             "JS QS KS 8H 9H 10H 3D 7D 9D 2C 4C 6C AD"]
    three = indian_race.survival(view(rig("indian", hands, wild="5H"), 0))
    assert three[1] == pytest.approx((1 - indian_race.TABLE_HAZARD) ** 2)
    most = indian_race.TABLE_HAZARD_MOST
    assert three[30] / three[29] == pytest.approx((1 - most) ** 2)  # late: at most that
    assert indian_race.TABLE_HAZARD < 0.025 and most < indian_race.HAZARD_MOST
    # one of them dropped: one other player in the deal, the 2-player chance again
    left = view(rig("indian", hands, wild="5H"), 0)
    left.out = [False, False, True]
    assert indian_race.survival(left)[1] == pytest.approx(1 - 0.025)
    # the rollouts are worth that chance at the draw that declares
    worth = [1.0, 0.9, 0.7, 0.5] + [0.1] * 40
    spent = [0]
    ready = _c("2C 3C 4C 6H 7H 8H 9D 9H 9S JS QS KS 2D")  # one card from declaring
    assert indian_race._roll(ready, 1, _c("10S 4D"), 5, spent, worth) == 0.9
    assert indian_race._roll(ready, 1, _c("4D 10S"), 5, spent, worth) == 0.7


def test_in_pool_the_throws_as_near_weigh_the_points_a_loser_would_count(monkeypatch):
    from test_engine_support import rig

    from rummy_tui.core.engine import view

    from rummy_tui.core.bots import indian_pool

    # at two players Pool weighs the game's chance instead (test_bot_indian_pool.py); the
    # card's points weigh with more players, and here with that off
    monkeypatch.setattr(indian_pool, "THROWS", False)
    hand = "2C 3C 4C 4D QC 9C 8C AD 10C 4H JD 3D 9S 6S"  # 5C wild: two cards from declaring
    for fmt in ("points", "pool101"):
        options = None if fmt == "points" else {"format": fmt}
        state = rig("indian", [hand, "2S 3S 4S 6H 7H 8H 7C 8D 9D 10S JS QS KS"], wild="5C",
                    options=options, phase="play")
        seen = view(state, 0)
        rules = variant_of(seen.variant).rules_for(seen)
        normal = choose_action("normal", seen, random.Random(0))
        live = indian_race.live_cards(seen, {})
        _, ties = indian_race.candidates(seen, rules, normal, live)
        assert len({rules.values[c] for c in ties}) > 1  # throws of different points
        monkeypatch.setattr(indian_race, "POINTS", 1.0)  # the points outweigh the race
        action = indian_race.race_discard(seen, rules, normal, random.Random(0))
        monkeypatch.setattr(indian_race, "POINTS", 0.0)
        plain = indian_race.race_discard(seen, rules, normal, random.Random(0))
        if fmt == "points":
            assert action == plain  # one deal, won by the declaration: points do not count
        else:
            assert rules.values[action.card] == max(rules.values[c] for c in ties)
            assert rules.values[plain.card] < rules.values[action.card]  # the race alone


def test_the_feed_charge_is_left_out_against_more_players(monkeypatch):
    from test_engine_support import rig

    from rummy_tui.core.engine import view

    hand = "2C 3C 4C 4D QC 9C 8C AD 10C 4H JD 3D 9S 6S"  # 5C wild: two cards from declaring
    others = ["2S 3S 4S 6H 7H 8H 7C 8D 9D 10S JS QS KS", "AS 2H 3H 5D 6D 7D JC KC 10H JH QH KH AH",
              "5S 6C 7S 8S 9H 10D QD KD 2D 6H 7H 8H 9D"]

    looked = []

    def rollouts(rests, *a):
        # the second throw keeps a hand declaring a little sooner
        looked.append(a[-1])  # the draws each rollout plays
        return [0.5, 0.55] + [0.0] * (len(rests) - 2)

    sampled = []

    def feed(cards, *a, **k):
        # but may feed the next player
        sampled.append(len(cards))
        return [0.0, 0.4] + [0.0] * (len(cards) - 2)

    monkeypatch.setattr(indian_race, "race_rollouts", rollouts)
    monkeypatch.setattr(indian_race, "sampled_feed", feed)
    picks = {}
    # (seats, the seats that dropped): what counts is who is still in the deal
    for n, out in ((2, ()), (4, ()), (4, (2, 3)), (4, (3,))):
        state = rig("indian", [hand] + others[: n - 1], wild="5C", phase="play")
        seen = view(state, 0)
        seen.out = [q in out for q in range(n)]
        rules = variant_of(seen.variant).rules_for(seen)
        normal = choose_action("normal", seen, random.Random(0))
        _, ties = indian_race.candidates(seen, rules, normal, indian_race.live_cards(seen, {}))
        assert len(ties) >= 2
        sampled.clear()
        looked.clear()
        action = indian_race.race_discard(seen, rules, normal, random.Random(0))
        assert action.card in ties[:2]
        in_deal = n - len(out)
        picks[in_deal] = picks.get(in_deal, set()) | {ties.index(action.card)}
        # three or more in the deal: no hand of the next player is sampled (no search
        # spent), and the rollouts look fewer draws ahead (the deal is shorter)
        assert bool(sampled) == (in_deal == 2)
        depth = indian_race.DEPTH if in_deal == 2 else indian_race.TABLE_DEPTH
        assert looked == [depth]
    assert indian_race.TABLE_DEPTH < indian_race.DEPTH
    # 2 in the deal (2 seats, or 4 with two dropped): 0.55 less 0.25 x 0.4 is under 0.5;
    # 3 or 4 in the deal: the rollouts alone choose
    assert picks == {2: {0}, 3: {1}, 4: {1}}


def test_more_throws_are_weighed_against_one_player_than_against_a_table():
    from test_engine_support import rig

    from rummy_tui.core.engine import view

    others = ["2S 3S 4S 5S 6S 9S 10S 2D 3D 4D 5D 6D 8D", "9D 10D JD QD KD AD 2C 3C 4C 6C 7C 9C 10C",
              "JC 2H 3H 5H 9H 10H JH QH QS AS 5D 8S 9S"]
    # (seats, the seats that dropped): what counts is who is still in the deal
    for n, out in ((2, ()), (4, ()), (4, (2, 3))):
        state = rig("indian", [HAND] + others[: n - 1], wild="5C", phase="play")
        seen = view(state, 0)
        seen.out = [q in out for q in range(n)]
        rules = variant_of(seen.variant).rules_for(seen)
        normal = choose_action("normal", seen, random.Random(0))
        live = indian_race.live_cards(seen, {})
        least, ties = indian_race.candidates(seen, rules, normal, live)
        hand = list(seen.hand)
        # every throw weighed leaves the hand as near as the best, normal's first
        assert ties[0] == normal.card
        for c in ties:
            rest = list(hand)
            rest.remove(c)
            assert indian_race.distance(rest, 5) == least
        in_deal = n - len(out)
        assert len(ties) == (indian_race.CANDIDATES if in_deal == 2 else
                             indian_race.TABLE_CANDIDATES), (n, out, ties)
    assert indian_race.TABLE_CANDIDATES < indian_race.CANDIDATES
