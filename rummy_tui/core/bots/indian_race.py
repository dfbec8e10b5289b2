"""``hard``'s Indian draw and discard (issue 29): a deal is a race to the first declaration.

- The discard: among the legal throws that leave the hand nearest a declaration (MinDist,
  the distance search; up to ``CANDIDATES``, normal's first), the one whose kept 13 cards
  declare soonest along sampled sequences of live cards (the same ``ROLLS`` sequences for
  every throw: common random numbers), less the chance that the card thrown brings the
  next player nearer (they take an open card that does). Along a sequence each card drawn
  is kept when it brings the hand a card nearer (a card that leaves it so is thrown), else
  thrown; a rollout is worth the chance that no other player has declared by the draw
  that declares (:func:`survival`: each declares on their ``k``-th turn of the deal with
  the chance ``HAZARD * k``), so the race is against how far the others are and how many
  they are (with ``HAZARD`` at 0: ``GAMMA`` to the power of the draws).
  ``ROLLS`` at 0 (or no cards to draw): the kept hand's outs instead, the live cards that
  would bring it nearer.
  In Pool and Deals the points of the card thrown count too (``POINTS``).
- Feeding: ``FEED_SAMPLES`` hands of the next player, each the cards they took from the
  pile and hold plus a draw of the live cards; the share that the card brings nearer,
  halved when they threw or passed a card of its rank or suit neighbourhood. Without a
  random stream, an estimate from the live cards that group with it.
- Three or more players in the deal (`hard` with three `normal`, measured there): no feed
  charge, the others' chance to declare fitted to four seats (``TABLE_HAZARD``), shorter
  rollouts (``TABLE_DEPTH`` draws) and fewer throws weighed (``TABLE_CANDIDATES``).
- The draw: normal's (the open card when it brings the hand nearer), and the open card too
  when it leaves the hand as near with so many more outs that the next step is expected
  sooner.

Live cards: the cards not in this player's hand, the discard pile, the table or under the
stock (the wild joker card), less the ones another player took from the pile and holds.
The work is counts (``ROLL_SEARCHES`` and ``OUT_SEARCHES`` distance searches a decision,
``FEED_SAMPLES`` hands), never a clock, and the random stream is the bot's (seeded from the
game's seed and action count), so a seed plays the same game.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ..cards import Card
from ..engine import is_legal, legal_discards
from ..events import Discarded, Drew, Took
from ..hand_rules import HandRules
from ..state import Action, Discard, PlayerView, TakeDiscard
from .mindist import distance, spare_cards
from .hard import _picks, next_player
from .indian_play import _ties, unseen
from .indian_pool import throw_values

__all__ = [
    "candidates", "feed_chance", "live_cards", "outs", "race_discard", "race_draw",
    "sampled_feed",
]

CANDIDATES = 6
"""Throws weighed with one other player in the deal (normal's order: fewest live partners,
then costliest): each costs a search per out card, and the rollouts share one budget.
Six won 1.2 points more than four over 10,000 paired games of six rows (bench/README.md)."""
TABLE_CANDIDATES = 4
"""``CANDIDATES`` against two or more other players (6 did worse there: bench/README.md)."""
OUT_SEARCHES = 80
"""Distance searches a decision may spend on outs: a count, not a clock."""
TAKE_THROWS = 2
"""Throws weighed after taking an open card that leaves the hand as near."""
TAKE_MARGIN = 1.0
"""Turns by which taking such a card must bring the next step sooner than the stock."""
FEED_SAMPLES = 12
"""Hands of the next player sampled to estimate what a throw feeds them (a search each, and
one per throw weighed)."""
ROLLS = 16
"""Sequences of live cards each throw's hand is played along (0: the outs alone)."""
MIN_ROLLS = 6
DEPTH = 6
"""Draws per sequence (a 2-player deal lasts about 11 turns: 5 or 6 draws each)."""
ROLL_SEARCHES = 300
"""Distance searches the rollouts of a decision may spend (a count, not a clock)."""
GAMMA = 0.8
"""A declaration a draw later is worth this much less (the others race too)."""
ROLL_FEED = 0.25
"""Weight of the chance to feed the next player against the rollouts' value."""
FEED = 1.0
"""Weight of the chance to feed the next player against the chance of a step of one's own
(both a card nearer a declaration)."""
PARTNER_USE = 0.35
"""The chance that a partner of the thrown card in the next hand makes that card worth
taking (the partner may be spare, or the group complete). With it the estimate matches what
the MinDist agent met (bench/mindist_agent.py, 397 of normal's discards, 40 deals): 25% of
the cards with 3 to 5 live partners brought it nearer, 15% when it had thrown or passed
one of their neighbourhood, 36% when it held a partner it took from the pile."""
TOOK_PARTNER = 0.5
"""The chance when the next player took a partner of the card from the pile and holds it."""
HAZARD = 0.025
"""A rollout is worth the chance that no other player declared first (:func:`survival`):
each declares on their ``k``-th turn of the deal with this chance times ``k`` (at most
``HAZARD_MOST``); 0: ``GAMMA`` to the power of the draws instead. Fitted to when the MinDist
agent declared against itself (80 deals, 2 players, 1 deck; bench/README.md)."""
HAZARD_MOST = 0.35
TABLE_HAZARD = 0.018
"""``HAZARD`` against two or more other players (``TABLE_HAZARD_MOST`` the most): fitted to
when `normal` declared at four seats (800 deals of `hard` with three `normal`, two decks:
about 1% of its 1st turns, 5% of its 3rd, 7-9% of its 4th to 7th, 10-15% later)."""
TABLE_HAZARD_MOST = 0.1
TABLE_DEPTH = 3
"""``DEPTH`` against two or more other players: the deal is short there (the winner declares
on their 3rd to 5th turn in half the deals), and the rollouts that look 3 draws ahead chose
better than 6 (bench/README.md)."""
POINTS = 0.005
"""Pool and Deals, where a loser counts its cards: weight of the thrown card's points
against the rollouts' value (the points it no longer risks: a king's 10 points against a
3's weigh about as a declaration a draw sooner). Points is one deal won by the
declaration: there the points do not count."""


def _near(a: Card, b: Card) -> bool:
    """Same suit, within two ranks (the ace low or high)."""
    if a // 13 != b // 13 or a == b:
        return False
    ra, rb = a % 13, b % 13
    gap = abs(ra - rb)
    if ra == 0 or rb == 0:
        gap = min(gap, 13 - max(ra, rb))
    return gap <= 2


def _partner(a: Card, b: Card) -> bool:
    """``b`` makes a group with ``a``: its rank in another suit, or its suit within two."""
    if a == 52 or b == 52:
        return False
    return (a % 13 == b % 13 and a // 13 != b // 13) or _near(a, b)


def _picks_and_throws(v: PlayerView) -> tuple[dict[int, list[Card]], dict[int, list[Card]]]:
    """This round, per player: the cards taken from the pile and still held (hard's reading
    of the events), and the cards thrown or refused (the top discard passed for the stock)."""
    taken, refused = _picks(v)
    shed: dict[int, list[Card]] = {q: list(cs) for q, cs in refused.items()}
    for e in reversed(v.log):
        if e.round_no != v.round_no:
            break
        if isinstance(e, Discarded) and e.player is not None:
            shed.setdefault(e.player, []).append(e.card)
    return taken, shed


def live_cards(v: PlayerView, taken: dict[int, list[Card]]) -> Counter[Card]:
    """The cards the stock may give: unseen, less those another player is known to hold."""
    left = unseen(v)
    for q, cards in taken.items():
        if q != v.player:
            left.subtract(cards)
    return Counter({c: k for c, k in left.items() if k > 0})


def outs(
    rest: list[Card], dist: int, live: Counter[Card], is_joker: Callable[[Card], bool],
    wild: int | None, budget: list[int],
) -> int | None:
    """The live cards (with their copies) that bring the 13 cards ``rest``, ``dist`` from a
    declaration, nearer after their best throw; ``budget[0]``: searches left (spent here),
    None when they ran out before every card was tried."""
    if dist <= 0:
        return 0
    naturals = [c for c in rest if not is_joker(c)]
    found = 0
    for u, k in sorted(live.items()):
        if not (is_joker(u) or any(_partner(c, u) for c in naturals)):
            continue
        if budget[0] <= 0:
            return None
        budget[0] -= 1
        if distance(rest + [u], wild, dist - 1, dist) < dist:
            found += k
    return found


def feed_chance(
    card: Card, live: Counter[Card], hand_size: int, took: list[Card], shed: list[Card],
    is_joker: Callable[[Card], bool],
) -> float:
    """The chance that the next player takes ``card`` because it brings them nearer."""
    if is_joker(card):
        return 1.0
    if any(not is_joker(c) and _partner(card, c) for c in took):
        return TOOK_PARTNER
    total = sum(live.values()) + hand_size
    partners = sum(k for c, k in live.items() if _partner(card, c))
    if not total or not partners:
        return 0.0
    held = 1.0 - (1.0 - min(1.0, hand_size / total)) ** partners
    chance = PARTNER_USE * held
    if any(c % 13 == card % 13 or _near(card, c) for c in shed if c != 52):
        chance /= 2  # they threw or passed its rank or a suit neighbour
    return chance


def sampled_feed(
    cards: list[Card], live: Counter[Card], size: int, took: list[Card], shed: list[Card],
    wild: int | None, rng: random.Random, samples: int,
) -> list[float]:
    """For each card of ``cards``, the share of ``samples`` hands of the next player that
    it brings nearer a declaration: each hand the cards they took and hold, the rest drawn
    from the live cards. Halved for a card of the rank or suit neighbourhood of one they
    threw or passed (a hand that wanted it would have kept or taken that one)."""
    pool = sorted(c for c, k in live.items() for _ in range(k))
    known = sorted(took)[:size]
    need = size - len(known)
    if need < 0 or need > len(pool) or not cards:
        return [0.0] * len(cards)
    helped = [0] * len(cards)
    for _ in range(samples):
        hand = known + rng.sample(pool, need)
        now = distance(hand, wild)
        if now <= 0:
            continue
        for i, c in enumerate(cards):
            if distance(hand + [c], wild, now - 1, now) < now:
                helped[i] += 1
    out = []
    for c, k in zip(cards, helped):
        share = k / samples
        if any(x != 52 and (x % 13 == c % 13 or _near(c, x)) for x in shed):
            share /= 2
        out.append(share)
    return out


def race_discard(
    v: PlayerView, rules: HandRules, normal: Discard, rng: random.Random | None = None
) -> Discard:
    """Among the legal throws that leave the hand as near a declaration as any (``normal``'s
    first), the one whose kept cards have the most outs less the chance to feed the next
    player (``FEED_SAMPLES`` sampled hands of theirs with ``rng``; without it, the estimate
    of :func:`feed_chance`)."""
    hand = sorted(v.hand)
    wild = rules.melds.wild_rank
    is_joker = rules.melds.is_joker
    taken, shed = _picks_and_throws(v)
    live = live_cards(v, taken)
    least, ties = candidates(v, rules, normal, live)
    if len(ties) <= 1:
        return normal
    nxt = next_player(v)
    size = v.hand_counts[nxt] if nxt is not None else 0
    took = taken.get(nxt, []) if nxt is not None else []
    threw = shed.get(nxt, []) if nxt is not None else []
    total = sum(live.values()) or 1
    budget = [OUT_SEARCHES]
    table = _at_table(v)
    if table:
        # three or more in the deal: no feed charge (hard with three normal, the same 800
        # deals: 30.0% without it, 28.0% with it a third; the sampled hands weighed by
        # what the next player threw and passed did worse still; bench/README.md)
        feeds = [0.0] * len(ties)
    elif rng is not None and FEED_SAMPLES and nxt is not None:
        feeds = sampled_feed(ties, live, size, took, threw, wild, rng, FEED_SAMPLES)
    else:
        feeds = [feed_chance(c, live, size, took, threw, is_joker) for c in ties]
    if rng is not None and ROLLS:
        worth = survival(v) if HAZARD else None
        rolled = race_rollouts(
            [_without(hand, c) for c in ties], least, live, wild, rng, worth,
            TABLE_DEPTH if table else DEPTH,
        )
        if rolled is not None:
            scores = [r - ROLL_FEED * f for r, f in zip(rolled, feeds)]
            game = throw_values(v, rules, [_without(hand, c) for c in ties], least, scores)
            if game is not None:
                scores = game  # Pool and Deals at two: the chance to win the game
            elif POINTS and getattr(v.options, "format", "points") != "points":
                scores = [s + POINTS * rules.values[c] for s, c in zip(scores, ties)]
            return Discard(ties[scores.index(max(scores))])
    best, best_score = normal.card, None
    for c, feed in zip(ties, feeds):
        found = outs(_without(hand, c), least, live, is_joker, wild, budget)
        if found is None:
            break  # the searches are spent: the throws weighed so far
        score = found / total - FEED * feed
        if best_score is None or score > best_score + 1e-9:
            best, best_score = c, score
    return Discard(best)


def survival(v: PlayerView) -> list[float]:
    """The chance that no other player has declared by one's ``t``-th draw from now, for
    ``t`` up to ``DEPTH + 2 * 13``: each still in the deal declares on their ``k``-th turn
    with the chance ``HAZARD * k`` (at most ``HAZARD_MOST``), ``k`` counted from the deal
    (the MinDist agent against itself, 2 players, 1 deck: about 1% of its turns 1-2, 4% on
    its 3rd, 10-15% on its 4th to 8th, 20-25% from its 9th); against two or more others,
    ``TABLE_HAZARD * k`` (at most ``TABLE_HAZARD_MOST``), as normal declared at four seats."""
    active = [q for q in range(len(v.players)) if q != v.player and not v.out[q]]
    turns = {q: 0 for q in active}
    for e in reversed(v.log):
        if e.round_no != v.round_no:
            break
        if isinstance(e, (Drew, Took)) and e.player in turns:
            turns[e.player] += 1
    table = len(active) >= 2  # three or more players in the deal: fitted there
    hazard, most = (TABLE_HAZARD, TABLE_HAZARD_MOST) if table else (HAZARD, HAZARD_MOST)
    out = [1.0]
    left = 1.0
    for t in range(1, DEPTH + 2 * 13 + 2):
        for q in active:
            left *= 1.0 - min(most, hazard * (turns[q] + t))
        out.append(left)
    return out


def race_rollouts(
    rests: list[list[Card]], dist: int, live: Counter[Card], wild: int | None,
    rng: random.Random, worth: list[float] | None = None, draws: int | None = None,
) -> list[float] | None:
    """For each hand of ``rests`` (13 cards, ``dist`` from a declaration), the mean over
    ``ROLLS`` sampled sequences of live cards (the same for every hand) of ``GAMMA`` to the
    power of the draws it took to declare (each card drawn kept when it brings the hand
    nearer, a card then thrown that leaves it as near; else thrown), or, not declared
    within the sequence, to the power of the draws spent and two more per card still
    missing. With ``worth`` (:func:`survival`), ``worth[t]`` for that count ``t`` of draws
    instead of ``GAMMA ** t``. Each sequence ``draws`` cards long (else ``DEPTH``). None
    when a hand has no card to draw. The sequences are played one at a time for every
    hand, and none is begun once ``ROLL_SEARCHES`` searches are spent."""
    pool = sorted(c for c, k in live.items() for _ in range(k))
    depth = min(DEPTH if draws is None else draws, len(pool))
    if not depth or dist <= 0:
        return None
    seqs = [rng.sample(pool, depth) for _ in range(ROLLS)]
    spent = [0]
    sums = [0.0] * len(rests)
    played = 0
    for seq in seqs:
        if played >= MIN_ROLLS and spent[0] >= ROLL_SEARCHES:
            break
        for i, rest in enumerate(rests):
            sums[i] += _roll(rest, dist, seq, wild, spent, worth)
        played += 1
    return [t / played for t in sums]


def _roll(
    hand: list[Card], dist: int, seq: list[Card], wild: int | None, spent: list[int],
    worth: list[float] | None = None,
) -> float:
    """One rollout of :func:`race_rollouts`."""
    h = sorted(hand)
    d = dist
    for t, u in enumerate(seq):
        spent[0] += 1
        if distance(h + [u], wild, d - 1, d) >= d:
            continue  # it brings the hand no nearer: thrown
        joined = sorted(h + [u])
        # the first card, jokers last, whose throw leaves the hand a card nearer
        for c in sorted(set(h), key=lambda c: (c == 52 or c % 13 + 1 == wild, c)):
            spent[0] += 1
            rest = _without(joined, c)
            if distance(rest, wild, d - 2, d - 1) <= d - 1:
                h, d = rest, d - 1
                break
        else:
            continue  # no throw found (the search's bounds): as if thrown
        if d <= 0:
            return GAMMA ** (t + 1) if worth is None else worth[t + 1]
    late = len(seq) + 2 * d
    return GAMMA ** late if worth is None else worth[min(late, len(worth) - 1)]


def race_draw(v: PlayerView, rules: HandRules, normal: Action) -> Action:
    """``normal``'s draw (the open card when it brings the hand nearer), and the open card
    too when it leaves the hand as near but with so many more outs that the next step is
    expected sooner after it (a turn spent, then ``live / outs`` turns a step) than from
    the stock now (``live / outs`` turns), by ``TAKE_MARGIN`` turns."""
    if isinstance(normal, TakeDiscard) or not v.discard or not v.stock_count:
        return normal
    if not is_legal(v, TakeDiscard(1)):
        return normal
    top = v.discard[-1]
    wild = rules.melds.wild_rank
    is_joker = rules.melds.is_joker
    hand = sorted(v.hand)
    now = distance(hand, wild)
    if now <= 0:
        return normal
    joined = sorted(hand + [top])
    least, spare = spare_cards(joined, wild)
    throws = [c for c in spare if c != top]
    if least != now or not throws:
        return normal
    taken, _ = _picks_and_throws(v)
    live = live_cards(v, taken)
    total = sum(live.values())
    budget = [OUT_SEARCHES]
    have = outs(hand, now, live, is_joker, wild, budget)
    if have is None:
        return normal
    values = rules.values
    throws.sort(key=lambda c: (_ties(c, live, is_joker), -values[c], c))
    best = 0
    for c in throws[:TAKE_THROWS]:
        found = outs(_without(joined, c), now, live, is_joker, wild, budget)
        if found is None:
            break
        best = max(best, found)
    if best <= have:
        return normal
    stock_turns = total / have if have else float("inf")
    if 1 + total / best + TAKE_MARGIN < stock_turns:
        return TakeDiscard(1)
    return normal


def candidates(
    v: PlayerView, rules: HandRules, normal: Discard, live: Counter[Card]
) -> tuple[int, list[Card]]:
    """The hand's distance after its best throw, and up to ``CANDIDATES`` legal throws that
    leave it so near (``TABLE_CANDIDATES`` against two or more others): ``normal``'s first,
    then the cards with the fewest live partners (the fewest outs lost), the costliest
    first. Only ``normal``'s when it found a throw nearer than the spare cards (or none)."""
    hand = sorted(v.hand)
    wild = rules.melds.wild_rank
    least, spare = spare_cards(hand, wild)
    ties = legal_discards(v, spare)
    if normal.card not in ties:
        if not ties or distance(_without(hand, normal.card), wild) > least:
            return least, [normal.card]
        ties.append(normal.card)
    values = rules.values
    joker = rules.melds.is_joker
    ties.sort(key=lambda c: (c != normal.card, _ties(c, live, joker), -values[c], c))
    return least, ties[:TABLE_CANDIDATES if _at_table(v) else CANDIDATES]


def _at_table(v: PlayerView) -> bool:
    """Two or more other players still in the deal (the race against a table)."""
    return sum(1 for q, o in enumerate(v.out) if q != v.player and not o) >= 2


def _without(hand: list[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest
