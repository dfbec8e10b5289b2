"""A sparring partner for the bots (issue 29): the MinDist agent of Saha et al., "Quantitative
Rule-Based Strategy modeling in Classic Indian Rummy: A Metric Optimization Approach" (arXiv
2601.00024), built here from the paper's definition alone, and a MinScore agent.

- MinDist of a hand: the least number of its cards to replace for it to become a valid
  declaration (every card in a sequence or a set, two sequences, one of them pure).
- The MinDist agent is one-ply, no search: it declares whenever a card can go to the finish
  slot and leave a valid declaration (the engine's own check, the arrangement search); it
  takes the open card only when the best discard after taking it leaves a lower
  (MinDist, points) than its hand now; it discards the card whose loss leaves the lowest
  (MinDist, points). Points: the hand's count as the engine scores it, then its deadwood
  without the declaration condition. It never drops.
- The MinScore agent: the same play with points alone (least deadwood points).
- The strict MinDist agent (``choose_strict``): the other reading of "draws and discards to
  lower MinDist, then points". It takes the open card only when that lowers MinDist, so it
  never takes a card for its points alone (the MinDist agent does: in 26 of 85 of its turns
  counted in bench/README.md, each a stock draw given up). Both readings are plausible; the
  second is the stronger opponent (bench/README.md has `hard` against each).

It plays through the engine's public API only: a ``PlayerView`` (its own hand, the table, the
discard pile, counts), the legal actions the engine lists for that view, and the hand rules
the variant gives for a view. It never sees a hidden card. Not part of the game package.

    from mindist_agent import choose, choose_minscore, mindist
    action = choose(view, rng)        # view: rummy_tui.core.engine.view(state, seat)

Load it from another checkout with ``git show botbench:bench/mindist_agent.py > /tmp/x.py``.

How MinDist is computed (exact): the cards kept form groups, each a part of one meld of the
nearest declaration: a set part (one rank, different suits, 1 to 4 cards) or a sequence part
(one suit, different ranks, A low or high). A part needs ``fill`` more cards to become a
meld (a sequence part its gaps and up to 3 cards, a set part up to 3). Jokers (printed, or
of the wild rank when not played as themselves) are always kept and fill any gap except in
the pure sequence. The kept cards and the fills make at most the hand's size (more
replacements lengthen a meld); the pure sequence's fill must be natural cards; with fewer
than two sequence parts, new sequences (3 replacements each) are counted. MinDist is the
hand's size minus the most cards kept so. Every split into parts is searched (set parts by
rank first, then sequence parts per suit, memoised); tests/core/test_mindist_agent.py checks
the answer against the engine's own declaration check (0 exactly when the hand declares; at
most 1 exactly when one replaced card makes a declaration, by brute force). One limit: a fill
card is taken to exist even when the deck's every copy of it is already in the hand (one
deck: a 5♠ wanted for a sequence while the hand's 5♠ sits in a set); such hands are rare.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, product

from rummy_tui.core.arrange import best_arrangement
from rummy_tui.core.engine import legal_discards, view_legal_actions
from rummy_tui.core.hand_rules import HandRules, relaxed
from rummy_tui.core.registry import variant_of
from rummy_tui.core.state import Action, Discard, DrawStock, PlayerView, TakeDiscard

__all__ = [
    "CHOOSERS", "choose", "choose_minscore", "choose_strict", "mindist", "points", "rules_of",
]

JOKER = 52
_BIG = 99

# --- MinDist -------------------------------------------------------------------------------------


def rules_of(view: PlayerView) -> HandRules:
    """The hand rules of the view's game (wild rank, decks), as the variant gives them."""
    return variant_of(view.variant).rules_for(view)


def mindist(hand: Sequence[int], rules: HandRules) -> int:
    """The least number of cards of ``hand`` to replace for it to become a valid Indian
    declaration of ``len(hand)`` cards (two sequences, one pure, every card melded)."""
    size = len(hand)
    wild = rules.melds.wild_rank
    ace_high = rules.melds.ace_high
    printed = sum(1 for c in hand if c == JOKER)
    wilds = [c for c in hand if c != JOKER and wild is not None and c % 13 + 1 == wild]
    plain = [c for c in hand if c != JOKER and not (wild is not None and c % 13 + 1 == wild)]
    best = _BIG
    # each wild card plays as a joker or as itself (a wild card in its own place is natural)
    for mask in product((False, True), repeat=len(wilds)):
        naturals = plain + [c for c, own in zip(wilds, mask) if own]
        jokers = printed + sum(1 for own in mask if not own)
        best = min(best, _mindist_naturals(tuple(sorted(naturals)), jokers, size, ace_high))
        if best == 0:
            break
    return best


@lru_cache(maxsize=100_000)
def _mindist_naturals(naturals: tuple[int, ...], jokers: int, size: int, ace_high: bool) -> int:
    by_rank: dict[int, list[int]] = {}
    for c in naturals:
        by_rank.setdefault(c % 13, []).append(c)
    multi = [cards for cards in by_rank.values() if len(cards) >= 2]
    best = _BIG
    for choice in product(*(list(_set_splits(tuple(cards))) for cards in multi)):
        kept = fill = 0
        used: list[int] = []
        for parts in choice:
            for part in parts:
                kept += len(part)
                fill += max(0, 3 - len(part))
                used.extend(part)
        rest = list(naturals)
        for c in used:
            rest.remove(c)
        frontier = {(kept, 0, 3): fill}  # (kept, sequences capped at 2, least seq fill) -> fill
        for suit in range(4):
            ranks = tuple(sorted(c % 13 + 1 for c in rest if c // 13 == suit))
            if not ranks:
                continue
            frontier = _join(frontier, _seq_parts(ranks, ace_high), size)
        for (k, seqs, pure_fill), f in frontier.items():
            if seqs == 0:
                pure_fill, f, seqs = 3, f + 3, 1  # a new pure sequence, of natural cards
            if seqs == 1:
                f += 3  # a new second sequence (jokers may fill it)
            if k + jokers + max(pure_fill, f - jokers) <= size:
                best = min(best, size - k - jokers)
    return best


def _join(
    frontier: dict[tuple[int, int, int], int],
    options: dict[tuple[int, int, int], int],
    size: int,
) -> dict[tuple[int, int, int], int]:
    """Both parts' groups together. Kept cards and fills only add up, and a declaration
    needs kept + fill <= size, so an entry past that is dropped."""
    out: dict[tuple[int, int, int], int] = {}
    get = out.get
    for (k1, s1, p1), f1 in frontier.items():
        room = size - k1 - f1
        for (k2, s2, p2), f2 in options.items():
            if k2 + f2 > room:
                continue
            key = (k1 + k2, 2 if s1 + s2 > 2 else s1 + s2, p1 if p1 < p2 else p2)
            f = f1 + f2
            if get(key, _BIG) > f:
                out[key] = f
    return out


def _set_splits(cards: tuple[int, ...]) -> Iterator[list[tuple[int, ...]]]:
    """Ways to take set parts (2 to 4 cards of different suits) out of cards of one rank;
    cards in no set part stay for the sequences. With two decks, up to two set parts."""
    yield []
    seen: set[tuple[int, ...]] = set()
    for n in range(2, min(4, len(cards)) + 1):
        for part in combinations(cards, n):
            if len({c // 13 for c in part}) < n or part in seen:
                continue
            seen.add(part)
            yield [part]
            rest = list(cards)
            for c in part:
                rest.remove(c)
            for m in range(2, min(4, len(rest)) + 1):
                for second in combinations(rest, m):
                    if len({c // 13 for c in second}) == m and second >= part:
                        yield [part, second]


@lru_cache(maxsize=100_000)
def _seq_parts(ranks: tuple[int, ...], ace_high: bool) -> dict[tuple[int, int, int], int]:
    """The same, recursively: the lowest card is left out, starts a part with higher cards,
    or (an ace) waits to play high (rank 14) after the king."""
    if not ranks:
        return {(0, 0, 3): 0}
    first, rest = ranks[0], ranks[1:]
    out: dict[tuple[int, int, int], int] = {}

    def add(key: tuple[int, int, int], f: int) -> None:
        if out.get(key, _BIG) > f:
            out[key] = f

    # left out (replaced)
    for key, f in _seq_parts(rest, ace_high).items():
        add(key, f)
    if first == 1 and ace_high:
        for key, f in _seq_parts(tuple(sorted(rest + (14,))), ace_high).items():
            add(key, f)
    # a part starting at this card: with any set of higher distinct ranks within 13
    higher = sorted({r for r in rest if first < r <= first + 12})
    for n in range(0, len(higher) + 1):
        for members in combinations(higher, n):
            span = (members[-1] if members else first) - first + 1
            count = 1 + n
            part_fill = max(3, span) - count
            left = list(rest)
            for r in members:
                left.remove(r)
            for (k, s, p), f in _seq_parts(tuple(left), ace_high).items():
                add((k + count, min(2, s + 1), min(p, part_fill)), f + part_fill)
    return out


# --- points --------------------------------------------------------------------------------------


def points(hand: Sequence[int], rules: HandRules) -> tuple[int, int]:
    """The hand's count as the engine scores it, then its deadwood without the declaration
    condition (Indian: a measure of closeness while the count is still the cap)."""
    full = best_arrangement(list(hand), rules).penalty
    if not rules.declaration:
        return (full, full)
    return (full, best_arrangement(list(hand), relaxed(rules)).penalty)


# --- the agents ----------------------------------------------------------------------------------


def choose(view: PlayerView, rng: random.Random) -> Action:
    """The MinDist agent's action on its turn (``rng`` is unused: it plays deterministically)."""
    return _choose(view, use_dist=True)


def choose_minscore(view: PlayerView, rng: random.Random) -> Action:
    """The MinScore agent's action: the same play by points alone."""
    return _choose(view, use_dist=False)


def choose_strict(view: PlayerView, rng: random.Random) -> Action:
    """The MinDist agent read the other way: it takes the open card only when that lowers
    MinDist itself (the points break ties of the discard only)."""
    return _choose(view, use_dist=True, take_for_points=False)


CHOOSERS = {"mindist": choose, "minscore": choose_minscore, "strictmindist": choose_strict}
"""Each agent by its side's name in bench/bench_bots.py."""


def _choose(view: PlayerView, use_dist: bool, take_for_points: bool = True) -> Action:
    legal = view_legal_actions(view)
    if not legal:
        raise ValueError("no legal action for this view")
    rules = rules_of(view)
    rs = variant_of(view.variant)
    hand = list(view.hand)

    def score(cards: list[int]) -> tuple[int, ...]:
        pts = points(cards, rules)
        return ((mindist(cards, rules),) if use_dist else ()) + pts

    if view.phase == "draw":
        take = TakeDiscard(1)
        if take in legal and view.discard:
            now = score(hand)
            after, _ = _best_discard(view, hand + [view.discard[-1]], score, rules)
            nearer = after[0] < now[0]  # MinDist alone
            if nearer or (take_for_points and after < now):
                return take
        draw = DrawStock()
        if draw in legal:
            return draw
        return legal[0]
    if view.phase != "play":
        return legal[0]
    # declare whenever some card leaves a valid declaration (the engine's check)
    if rs.finish is not None:
        for c in sorted(set(hand), key=lambda c: (-rules.values[c], c)):
            finish = rs.finish_with(c)
            if finish not in legal:
                continue
            rest = list(hand)
            rest.remove(c)
            if best_arrangement(rest, rules).can_go_out:
                return finish
    _, card = _best_discard(view, hand, score, rules)
    if card is not None and Discard(card) in legal:
        return Discard(card)
    discards = [a for a in legal if isinstance(a, Discard)]
    return discards[0] if discards else legal[0]


def _best_discard(view, hand, score, rules):  # type: ignore[no-untyped-def]
    """The discard leaving the lowest score (ties: the costlier card goes), and that score."""
    allowed = [c for c in legal_discards(view, sorted(set(hand))) if c in hand] or sorted(set(hand))
    best: tuple[tuple[int, ...], int | None] = ((_BIG,), None)
    best_key: tuple = ((_BIG,), 0, 0)
    for c in allowed:
        rest = list(hand)
        rest.remove(c)
        s = score(rest)
        key = (s, -rules.values[c], c)
        if key < best_key:
            best_key, best = key, (s, c)
    return best
