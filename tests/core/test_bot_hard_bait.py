"""``hard``'s Indian bait (core/bots/indian_bait.py, issue 29): among the throws as good for
its own hand, a low card the next player takes for its points alone (a stock draw they give
up), once the events of the deal show that they take such cards."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from test_bot_hard_multi import _c
from test_engine_support import rig

from rummy_tui.core.bots import choose_action, indian_bait, indian_race
from rummy_tui.core.engine import view
from rummy_tui.core.events import Discarded, Drew, StockRebuilt, Took
from rummy_tui.core.registry import variant_of

HAND = "2C 3C 4C 4D QC 9C 8C AD 10C 4H JD 3D 9S 6S"  # 5C wild: two cards from declaring
OTHER = "2S 3S 4S 6H 7H 8H 7C 8D 9D 10S JS QS KS"


def _seen(*moves):
    """Player 0 to throw from ``HAND``, the deal's log so far ``moves``: (player, kind,
    card) with kind "threw", "took" (the top discard) or "drew" (the stock)."""
    seen = view(rig("indian", [HAND, OTHER], wild="5C", phase="play"), 0)
    events = []
    for q, kind, card in moves:
        r = seen.round_no
        if kind == "threw":
            events.append(Discarded(round_no=r, player=q, card=_c(card)[0]))
        elif kind == "took":
            events.append(Took(round_no=r, player=q, card=_c(card)[0]))
        elif kind == "drew":
            events.append(Drew(round_no=r, player=q))
        else:
            events.append(StockRebuilt(round_no=r))
    seen.log = list(seen.log) + events
    return seen


# Bob (player 1) threw a king, then took Ann's 3S and 2H (each fewer points than his last
# throw: low offers) and threw queens; he passed her KH (as many points: no low offer)
TAKER = [(1, "threw", "KD"), (0, "threw", "3S"), (1, "took", "3S"), (1, "threw", "QD"),
         (0, "threw", "KH"), (1, "drew", ""), (1, "threw", "9H"), (0, "threw", "2H"),
         (1, "took", "2H"), (1, "threw", "JH")]
# the same offers passed for the stock, as a player who takes only what brings it nearer
PASSER = [(q, "drew" if kind == "took" else kind, card) for q, kind, card in TAKER]


def _rules(seen):
    return variant_of(seen.variant).rules_for(seen)


def test_low_offers_are_counted_from_the_events_of_the_deal():
    seen = _seen(*TAKER)
    rules = _rules(seen)
    # the 3S (3 points < the KD's 10) and the 2H (< the 9H) were offered low and taken; the
    # KH (10, not under the QD's 10) was no low offer; his last throw is the JH
    assert indian_bait.low_offers(seen, 1, rules.values, rules.melds.is_joker) == (
        2, 2, _c("JH")[0])
    assert indian_bait.low_offers(_seen(*PASSER), 1, rules.values, rules.melds.is_joker) == (
        2, 0, _c("JH")[0])
    # before his first throw nothing is a low offer; Ann's own offers are counted for her
    first = _seen((0, "threw", "3S"), (1, "took", "3S"))
    assert indian_bait.low_offers(first, 1, rules.values, rules.melds.is_joker) == (0, 0, None)
    # a joker taken (the 5s are wild here) is taken for its use, never a low offer
    wild = _seen((1, "threw", "KD"), (0, "threw", "5H"), (1, "took", "5H"))
    assert indian_bait.low_offers(wild, 1, rules.values, rules.melds.is_joker)[:2] == (0, 0)
    # an earlier deal's events do not count
    old = _seen(*TAKER)
    old.log = [replace(e, round_no=e.round_no - 1) for e in old.log]
    assert indian_bait.low_offers(old, 1, rules.values, rules.melds.is_joker) == (0, 0, None)


def test_the_bait_counts_only_for_a_player_who_takes_low_cards():
    rules = _rules(_seen())
    ties = _c("3C AD 4D 3D")  # 3, 10, 4 and 3 points; under his last throw (JH: 10) but AD
    none = [0.0] * 4
    taker = indian_bait.bait_scores(_seen(*TAKER), 1, ties, none, rules.values,
                                    rules.melds.is_joker)
    w = indian_bait.WEIGHT
    assert taker == [w, 0.0, w, w]
    # a card that may feed him is taken for its use, charged by the feed estimate instead
    assert indian_bait.bait_scores(_seen(*TAKER), 1, ties, [0.4, 0, 0, 1.0], rules.values,
                                   rules.melds.is_joker) == pytest.approx([0.6 * w, 0, w, 0])
    # who passed the same low cards, or took one of two (under the share), gets no bait
    half = TAKER[:2] + [(1, "drew", "")] + TAKER[3:]
    for moves in (PASSER, half, TAKER[:4]):
        assert indian_bait.bait_scores(_seen(*moves), 1, ties, none, rules.values,
                                       rules.melds.is_joker) == [0.0] * 4
    # the card he threw last bounds what he still holds dead: only lower cards are bait
    low = TAKER + [(0, "threw", "2D"), (1, "took", "2D"), (1, "threw", "4S")]
    assert indian_bait.bait_scores(_seen(*low), 1, ties, none, rules.values,
                                   rules.melds.is_joker) == [w, 0.0, 0.0, w]


def test_hard_throws_the_bait_among_throws_as_good(monkeypatch):
    hand = _c(HAND)
    edge = {_c("AD")[0]: 0.52}  # the rollouts favour the AD a little
    feeds = {_c("3C")[0]: 0.4, _c("3D")[0]: 0.4}  # the 3s may feed him

    def rollouts(rests, *a):
        return [edge.get(next(c for c in hand if c not in rest), 0.5) for rest in rests]

    monkeypatch.setattr(indian_race, "race_rollouts", rollouts)
    monkeypatch.setattr(indian_race, "sampled_feed",
                        lambda cards, *a, **k: [feeds.get(c, 0.0) for c in cards])
    picks = {}
    for name, moves in (("none", []), ("passer", PASSER), ("taker", TAKER)):
        seen = _seen(*moves)
        rules = _rules(seen)
        normal = choose_action("normal", seen, random.Random(0))
        taken, _ = indian_race._picks_and_throws(seen)
        _, ties = indian_race.candidates(seen, rules, normal, indian_race.live_cards(seen, taken))
        assert _c("AD")[0] in ties and feeds.keys() <= set(ties)
        picks[name] = indian_race.race_discard(seen, rules, normal, random.Random(0)).card
        bait = [c for c in ties if c not in feeds and rules.values[c] < 10]
    # to a player who passes low cards, or before anything is known: the rollouts' choice
    assert picks["none"] == picks["passer"] == _c("AD")[0]
    # to one who takes them: a low card that does not feed him (the 3s may), a draw he
    # gives up (his last throw, the JH, counts 10: the AD is no bait)
    assert bait and picks["taker"] == bait[0]
    # a bait worth less than the rollouts' edge leaves the choice to them
    monkeypatch.setattr(indian_bait, "WEIGHT", 0.01)
    seen = _seen(*TAKER)
    normal = choose_action("normal", seen, random.Random(0))
    assert indian_race.race_discard(seen, _rules(seen), normal, random.Random(0)).card == _c(
        "AD")[0]
