"""Every cache is bounded (issue 11, "Memory stays flat"): each one filled past its bound keeps
at most its bound, and what it answers stays right."""

from __future__ import annotations

import random
from dataclasses import replace

from rummy_tui.core import hand_rules as hand_rules_module, library
from rummy_tui.core.arrange import search as arrange, tables as arrange_tables
from rummy_tui.core.arrange.tables import TableCache
from rummy_tui.core.cards import ALL_CARDS
from rummy_tui.core.registry import hand_rules


def test_table_cache_keeps_two_generations_and_promotes_what_is_used():
    cache = TableCache(10)
    for i in range(100):
        cache.put(i, (i,))
        assert len(cache) <= 20
        assert cache.get(0) == (0,)  # used all along: moved into the new generation each time
    assert cache.get(1) is None  # not used since: dropped with its generation
    assert cache.get(99) == (99,)


def _indian_hands(n: int, seed: int) -> list[list]:
    rng = random.Random(seed)
    deck = [c for c in ALL_CARDS if c != 52] * 2 + [ALL_CARDS[52]] * 2
    return [rng.sample(deck, 13) for _ in range(n)]


def test_the_search_caches_stay_within_their_bounds_and_answer_the_same(monkeypatch):
    rules = hand_rules("indian", wild=7, decks=2)
    hands = _indian_hands(60, seed=11)
    expected = [(a.penalty, a.deadwood) for a in (arrange.best_arrangement(h, rules)
                                                   for h in hands)]
    # the suit tables' caches are constants (compiled, read without a lookup): shrink them,
    # emptied, in place
    small = ((arrange_tables.TABLES, 40), (arrange_tables.OPTIONS, 20))
    for cache, cap in small:
        monkeypatch.setattr(cache, "cap", cap)
        monkeypatch.setattr(cache, "new", {})
        monkeypatch.setattr(cache, "old", {})
    monkeypatch.setattr(arrange, "_RESULTS", TableCache(8))
    got = [(a.penalty, a.deadwood) for a in (arrange.best_arrangement(h, rules) for h in hands)]
    assert got == expected
    assert 40 < sum(len(c.new) + len(c.old) for c, _ in small)  # they did fill up
    assert len(arrange_tables.TABLES) <= 80
    assert len(arrange_tables.OPTIONS) <= 40
    assert len(arrange._RESULTS) <= 16


def test_the_solvers_and_rule_sets_are_bounded(monkeypatch):
    monkeypatch.setattr(arrange, "_SOLVERS", {})
    monkeypatch.setattr(arrange, "_SOLVERS_MAX", 5)
    base = hand_rules("indian", wild=7, decks=2)
    hand = _indian_hands(1, seed=3)[0]
    penalties = []
    for cap in range(60, 72):
        penalties.append(arrange.best_arrangement(hand, replace(base, cap=cap)).penalty)
        assert len(arrange._SOLVERS) <= 5
    # this hand has no declaration, so it counts the cap: each answer came from its own rules
    assert penalties == list(range(60, 72))

    monkeypatch.setattr(library, "_RULES_CACHE", {})
    monkeypatch.setattr(library, "_RULES_MAX", 4)
    for wild in range(1, 14):
        library.arrange("AS 2S 3S 7H 7D", "indian", wild=wild)
        assert len(library._RULES_CACHE) <= 4


def test_the_bots_relaxed_rules_are_bounded(monkeypatch):
    monkeypatch.setattr(hand_rules_module, "_RELAXED", {})
    monkeypatch.setattr(hand_rules_module, "_RELAXED_MAX", 3)
    base = hand_rules("indian", wild=7, decks=2)
    for cap in range(60, 70):
        relaxed = hand_rules_module.relaxed(replace(base, cap=cap))
        assert relaxed.cap is None and not relaxed.declaration
        assert len(hand_rules_module._RELAXED) <= 3
