"""``hard``'s drop in Indian Pool and Deals at two (core/bots/indian_pool.py, issue 29): by
the chance to win the game from its scores, not the deal's points alone."""

from __future__ import annotations

import random

from test_engine_support import rig

from rummy_tui.core.bots import choose_action
from rummy_tui.core.bots import indian_pool
from rummy_tui.core.engine import is_legal, view
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import DrawStock, TakeDiscard
from rummy_tui.core.variants.indian import Drop

HOPELESS = "2D 6D 10D 3S 7S JS 4H 8H QH 5C 9C KC AC"
"""Nothing groups: 6 cards from a declaration, 80 if beaten (5s wild)."""
FAIR = "AS 2S 3S 4S 6H 7H 10D JD QD 7C 8C QC KC"
"""Two pure sequences, and two cards from a declaration: a hand anyone plays on."""
OTHER = "8S 9S 10S 9H 10H JH 3D 4D 5D 2C 3C 4C AD"


def _seen(hand: str, fmt: str, scores: list[int], round_no: int = 1, players: int = 2):
    hands = [hand, OTHER] + ["5S 6S 8S 9S 10S 3H 5D 8D KD 3C 10C JC JH"][: players - 2]
    state = rig("indian", hands, wild="5H", options={"format": fmt}, scores=scores)
    state.round_no = round_no
    return state, view(state, 0)


def _drops(state, seen) -> bool:
    action = choose_action("hard", seen, random.Random(1))
    assert is_legal(state, action)
    return action == Drop()


def test_the_pool_value_is_even_at_even_scores_and_falls_as_one_nears_the_limit():
    for limit in (101, 201):
        assert indian_pool.pool_value(0, 0, limit) == 0.5
        assert indian_pool.pool_value(limit, 0, limit) == 0.0
        assert indian_pool.pool_value(0, limit, limit) == 1.0
        for a, b in ((0, 40), (35, 60), (61, 90), (97, 3)):
            # the two players' chances add up to one (the table is symmetric)
            total = indian_pool.pool_value(a, b, limit) + indian_pool.pool_value(b, a, limit)
            assert abs(total - 1.0) < 1e-9
        values = [indian_pool.pool_value(a, 30, limit) for a in range(0, limit, 7)]
        assert values == sorted(values, reverse=True)
    # one deal from the limit a loss of 80 eliminates, a loss of 20 does not
    assert indian_pool.pool_value(80, 40, 101) < indian_pool.pool_value(40, 80, 101)


def test_the_deals_value_at_the_end_is_the_sign_of_the_margin():
    assert indian_pool.deals_value(1, 0) == 1.0
    assert indian_pool.deals_value(0, 0) == 0.5
    assert indian_pool.deals_value(-1, 0) == 0.0
    assert indian_pool.deals_value(0, 1) == 0.5
    # a deal to play: ahead is better, and a lead of more than two full counts is the game
    assert 0.5 < indian_pool.deals_value(30, 1) < indian_pool.deals_value(100, 1) < 1.0
    assert indian_pool.deals_value(161, 1) == 1.0


def test_in_the_last_deal_hard_drops_a_fair_hand_when_the_drop_wins_the_game():
    # Deals (2 deals), the second: 30 ahead, so 60 above the other; a first drop moves the
    # margin by 40 and still wins, playing on may not
    state, seen = _seen(FAIR, "deals", [30, -30], round_no=2)
    assert choose_action("normal", seen, random.Random(1)) != Drop()
    assert _drops(state, seen)
    # 15 ahead: the drop would lose the game by 10, so hard plays on
    state, seen = _seen(FAIR, "deals", [15, -15], round_no=2)
    assert not _drops(state, seen)


def test_behind_in_the_last_deal_hard_plays_a_hopeless_hand_out():
    state, seen = _seen(HOPELESS, "deals", [-30, 30], round_no=2)
    # normal drops it (the deal's points), which loses the game for certain
    assert choose_action("normal", seen, random.Random(1)) == Drop()
    action = choose_action("hard", seen, random.Random(1))
    assert action in (DrawStock(), TakeDiscard(1))
    # in the first deal the game goes on after the drop, and the drop costs less
    state, seen = _seen(HOPELESS, "deals", [0, 0], round_no=1)
    assert _drops(state, seen)


def test_in_pool_hard_drops_a_hopeless_hand_unless_the_drop_itself_eliminates_it():
    # 30 points: beaten it would count 80 and be eliminated at 110; the drop leaves it at 50
    state, seen = _seen(HOPELESS, "pool101", [30, 0])
    assert _drops(state, seen)
    # 85 points: the drop (20) eliminates it; playing on keeps a chance to win the deal
    state, seen = _seen(HOPELESS, "pool101", [85, 0])
    assert choose_action("normal", seen, random.Random(1)) == Drop()
    assert not _drops(state, seen)
    # a fair hand is played on at any score under the limit
    for scores in ([0, 0], [60, 10], [90, 90]):
        state, seen = _seen(FAIR, "pool201" if scores[0] > 80 else "pool101", scores)
        assert not _drops(state, seen)


def test_the_game_scores_decide_only_with_one_other_player_left():
    state, seen = _seen(HOPELESS, "pool101", [85, 0, 0], players=3)
    rules = variant_of("indian").rules_for(seen)
    assert indian_pool.drop_better(seen, list(seen.hand), rules) is None
    # then hard drops as normal does
    assert _drops(state, seen) == (choose_action("normal", seen, random.Random(1)) == Drop())
    state, seen = _seen(HOPELESS, "points", [0, 0])
    assert indian_pool.drop_better(seen, list(seen.hand), rules) is None


def test_the_beaten_counts_are_low_near_a_declaration_and_high_with_no_sequences():
    near = indian_pool.beaten_counts(1, 12)
    far = indian_pool.beaten_counts(3, 80)
    assert max(near) < 20 and max(far) == 80
    assert indian_pool.beaten_counts(0, 0) == near == indian_pool.beaten_counts(1, 19)
    assert indian_pool.beaten_counts(6, 95) == far


def test_in_pool_a_throw_is_worth_the_game_it_leaves_and_in_points_nothing_changes():
    from rummy_tui.core.cards import parse_cards

    state, seen = _seen(FAIR, "pool101", [50, 20])
    rules = variant_of("indian").rules_for(seen)
    grouped, loose = parse_cards(FAIR), parse_cards(HOPELESS)  # counting 48 and 80
    values = indian_pool.throw_values(seen, rules, [grouped, loose, grouped], 2, [0.5, 0.5, 0.6])
    assert values is not None
    # the same chance to win the deal: the hand that would count less if beaten is worth
    # more (at 50 points a loss of 80 ends the game); a better chance is worth more
    assert values[1] < values[0] < values[2]
    assert all(0.0 < x < 1.0 for x in values)
    # ahead in the last deal of Deals by more than two full counts: the game is won
    state, seen = _seen(FAIR, "deals", [90, -90], round_no=2)
    assert indian_pool.throw_values(seen, rules, [grouped, loose], 2, [0.1, 0.9]) == [1.0, 1.0]
    # Points: the deal is the game, the race alone decides
    state, seen = _seen(FAIR, "points", [0, 0])
    assert indian_pool.throw_values(seen, rules, [grouped, loose], 2, [0.5, 0.5]) is None


def test_the_hint_gives_the_drop_s_reason_in_the_game_s_chances():
    from rummy_tui.app.hint_text import hint_line
    from rummy_tui.core.bots.explain import explain

    # the last deal of Deals, 30 ahead: the drop wins the game
    state, seen = _seen(FAIR, "deals", [30, -30], round_no=2)
    reason = explain(seen, Drop())
    assert reason.drop_cost == 20 and reason.game_drop == 1.0
    assert hint_line(reason, Drop, str) == "Drop: it costs 20 points and wins you the game"
    # Pool 101 at 30 points: the drop keeps more of the game than a hopeless hand played on
    state, seen = _seen(HOPELESS, "pool101", [30, 0])
    reason = explain(seen, Drop())
    assert reason.game_drop is not None and reason.game_play is not None
    assert 0.0 < reason.game_play < reason.game_drop < 1.0
    line = hint_line(reason, Drop, str)
    assert line == (f"Drop: it costs 20 points and leaves you a {reason.game_drop:.0%} chance "
                    f"to win the game, against {reason.game_play:.0%} if you play on")
    # Points: the deal's points, as before
    state, seen = _seen(HOPELESS, "points", [0, 0])
    reason = explain(seen, Drop())
    assert reason.game_drop is None
    assert hint_line(reason, Drop, str) == "Drop: it costs 20 points, and your hand would count 80"
