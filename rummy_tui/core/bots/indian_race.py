"""``hard``'s Indian discard (issue 29): a deal is a race to the first declaration, so among
the throws that leave the hand nearest a declaration (MinDist, evaluate.py) it keeps the
hand with the most live cards that would bring it nearer still ("outs", the cards it has not
seen, the ones another player is known to hold left out), less the chance that the card
thrown brings the next player nearer (it takes an open card that does).

- Outs: for the 13 cards kept, every unseen card that shares a rank with one of them or sits
  within two ranks of one in its suit (or is a joker) is added, and the 14 cards' distance
  (after their best throw) asked for; the others meld with nothing and bring it no nearer.
  Each card weighs its copies left. At one card from declaring, the outs are the chance to
  declare on the next stock draw.
- Feeding: the next player takes the thrown card when it makes a group with a card of theirs.
  The chance is estimated from the unseen cards that group with it (their rank in another
  suit, their suit within two ranks), each in the next player's hand in proportion to its
  size; a card of that neighbourhood the next player took from the pile (and still holds)
  makes it likely, one of that rank or suit neighbourhood it threw or refused makes it less.

Views only: unseen means not in this player's hand, the discard pile, the table or the wild
joker card. The work is a count (``OUT_SEARCHES`` distance searches a decision), never a
clock, and nothing random is drawn, so a view gives one answer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..cards import Card
from ..engine import is_legal, legal_discards
from ..events import Discarded
from ..hand_rules import HandRules
from ..state import Action, Discard, PlayerView, TakeDiscard
from .evaluate import distance, spare_cards
from .hard import _picks
from .indian_play import _ties, unseen

__all__ = ["candidates", "feed_chance", "live_cards", "outs", "race_discard", "race_draw"]

CANDIDATES = 4
"""Throws weighed (normal's order: fewest live partners, then costliest): each costs a
search per out card."""
OUT_SEARCHES = 80
"""Distance searches a decision may spend on outs: a count, not a clock."""
TAKE_THROWS = 2
"""Throws weighed after taking an open card that leaves the hand as near."""
TAKE_MARGIN = 1.0
"""Turns by which taking such a card must bring the next step sooner than the stock."""
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


def _next_player(v: PlayerView) -> int | None:
    n = len(v.players)
    q = v.player
    for _ in range(n - 1):
        q = (q + v.direction) % n
        if not v.out[q]:
            return q
    return None


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


def race_discard(v: PlayerView, rules: HandRules, normal: Discard) -> Discard:
    """Among the legal throws that leave the hand as near a declaration as any (``normal``'s
    first), the one whose kept cards have the most outs less the chance to feed the next
    player."""
    hand = sorted(v.hand)
    wild = rules.melds.wild_rank
    is_joker = rules.melds.is_joker
    taken, shed = _picks_and_throws(v)
    live = live_cards(v, taken)
    least, ties = candidates(v, rules, normal, live)
    if len(ties) <= 1:
        return normal
    nxt = _next_player(v)
    size = v.hand_counts[nxt] if nxt is not None else 0
    took = taken.get(nxt, []) if nxt is not None else []
    threw = shed.get(nxt, []) if nxt is not None else []
    total = sum(live.values()) or 1
    budget = [OUT_SEARCHES]
    best, best_score = normal.card, None
    for c in ties:
        found = outs(_without(hand, c), least, live, is_joker, wild, budget)
        if found is None:
            break  # the searches are spent: the throws weighed so far
        score = found / total - FEED * feed_chance(c, live, size, took, threw, is_joker)
        if best_score is None or score > best_score + 1e-9:
            best, best_score = c, score
    return Discard(best)


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
    leave it so near: ``normal``'s first, then the cards with the fewest live partners (the
    fewest outs lost), the costliest first. Only ``normal``'s when it found a throw nearer
    than the spare cards (or none)."""
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
    return least, ties[:CANDIDATES]


def _without(hand: list[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest
