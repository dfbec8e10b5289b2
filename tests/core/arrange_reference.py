"""A brute-force reference for the arrangement search, written for the tests only.

It shares nothing with ``rummy_tui.core.arrange`` but the definition of a meld
(``melds.classify``) and the card values (``HandRules.values``). It lists every sub-multiset of
the hand that could be a meld (the cards of one suit or one rank, plus every joker and wild
card) and keeps those that ``classify`` accepts; then it tries every way to pack them, memoised
on the cards left. Jokers are ordinary cards here: a meld holds however many of them it likes.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

from rummy_tui.core.melds import classify
from rummy_tui.core.variants import HandRules

INF = (10**9, 10**9)


def candidate_melds(hand: list[int], hr: HandRules) -> list[tuple[int, ...]]:
    rules = hr.melds
    wild = rules.wild_rank
    flexible = [c for c in hand if c == 52 or c % 13 + 1 == wild]
    groups = []
    for s in range(4):
        groups.append([c for c in hand if c != 52 and c // 13 == s and c % 13 + 1 != wild] + flexible)
    for r in range(13):
        groups.append([c for c in hand if c != 52 and c % 13 == r and r + 1 != wild] + flexible)
    found: set[tuple[int, ...]] = set()
    for group in groups:
        counts = sorted(Counter(group).items())
        for pick in product(*(range(n + 1) for _, n in counts)):
            if sum(pick) < 3:
                continue
            meld = tuple(sorted(c for (c, _), k in zip(counts, pick) for _ in range(k)))
            if meld not in found and classify(meld, rules) is not None:
                found.add(meld)
    return sorted(found)


def reference(hand: list[int], hr: HandRules, sequence_down: bool = False) -> dict:
    """penalty, can_go_out, special and multiplier, by exhaustion."""
    rules = hr.melds
    values = hr.values
    distinct = sorted(set(hand))
    index = {c: i for i, c in enumerate(distinct)}
    # the cards left: a count per distinct card, four bits each; bit 3 of each field is a
    # guard, so "the hand still holds this meld" is one subtraction
    guard = sum(8 << (4 * i) for i in range(len(distinct)))
    start = sum(1 << (4 * index[c]) for c in hand)
    melds = []
    for meld in candidate_melds(hand, hr):
        shape = classify(meld, rules)
        need = sum(1 << (4 * index[c]) for c in meld)
        first = min(index[c] for c in meld)
        melds.append((first, need, shape.kind, shape.pure))
    by_first: dict[int, list] = {}
    for m in melds:
        by_first.setdefault(m[0], []).append(m)

    # mode: "plain" (every meld counts), "declare" (Indian: track sequences),
    # "remi_run" (at least one sequence), "remi_noset" (sequences only)
    @lru_cache(maxsize=None)
    def best(state: int, runs: int, pure: int, mode: str) -> tuple[int, int]:
        if not state:
            if mode == "declare" and (runs < 2 or pure < 1):
                return INF
            if mode == "remi_run" and runs < 1:
                return INF
            return (0, 0)
        i = ((state & -state).bit_length() - 1) // 4
        card = distinct[i]
        v, n = best(state - (1 << (4 * i)), runs, pure, mode)
        result = (v + values[card], n + 1) if v < INF[0] else INF
        for _, need, kind, is_pure in by_first.get(i, ()):
            if ((state | guard) - need) & guard != guard:
                continue  # not all of its cards are left
            if mode == "remi_noset" and kind == "set":
                continue
            r = min(runs + (kind == "run"), 2)
            p = min(pure + (kind == "run" and is_pure), 1)
            got = best(state - need, r, p, mode)
            if got < result:
                result = got
        return result

    total = sum(values[c] for c in hand)
    special = multiplier = None
    if hr.declaration:
        got = best(start, 0, 0, "declare")
        if got == INF:
            penalty, can_go_out = total, False
        else:
            penalty, can_go_out = got[0], got[1] == 0
        penalty = min(penalty, hr.cap)
    elif hr.sets_need_sequence and not sequence_down:
        got = min(best(start, 0, 0, "remi_run"), best(start, 0, 0, "remi_noset"))
        penalty, can_go_out = got[0], got[1] == 0
    else:
        got = best(start, 0, 0, "plain")
        penalty, can_go_out = got[0], got[1] == 0
    if hr.specials:
        naturals = [c for c in hand if c != 52]
        if len(hand) == 10 and naturals:
            if len({c % 13 for c in naturals}) == 1:
                special = "remigio"
            elif len({c // 13 for c in naturals}) == 1:
                shape = classify(tuple(hand), rules)
                special = "straight_flush" if shape and shape.kind == "run" else "flush"
        if special:
            can_go_out = True
        if can_go_out:
            plain = 52 not in hand
            multiplier = {
                "remigio": 10,
                "straight_flush": 6 if plain else 5,
                "flush": 4 if plain else 3,
                None: 2 if plain else 1,
            }[special]
    best.cache_clear()
    return {
        "penalty": penalty,
        "can_go_out": can_go_out,
        "special": special,
        "multiplier": multiplier,
    }
