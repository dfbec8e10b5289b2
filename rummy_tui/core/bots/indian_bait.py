"""``hard``'s Indian bait (issue 29): among the throws equally good for its own hand, the card
the next player will take though it brings them no nearer, a stock draw they give up.

A player who draws and discards "to lower MinDist, then points" (the MinDist agent of the
issue) takes the open card whenever their best discard afterwards leaves fewer points at the
same distance: nearly any card with fewer points than their costliest dead card. And they
throw their costliest dead card each turn, so the card they threw last bounds what they still
hold dead: an open card with fewer points than it is likely taken, one with as many or more
is not (unless it brings them nearer). `normal` takes the open card only when it brings it
nearer, so a low card is no bait for it.

What a player does with such cards is read from the typed events of this deal, never from
their hand: each time the open card at their draw had fewer points than the card they threw
last (a "low offer"), did they take it? A player takes low offers for points when they took
at least ``TAKES`` of them and at least ``SHARE`` of all; only then does the bait count, as
``WEIGHT`` times the chance (their share of low offers taken) that they take the card without
being fed by it (1 less the feed estimate, which hard charges on its own).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import Card
from ..events import Discarded, Drew, StockRebuilt, Took
from ..state import PlayerView

__all__ = ["bait_scores", "low_offers"]

WEIGHT = 0.05
"""Weight of the chance that the next player takes the card for its points alone (a stock
draw lost to them) against hard's rollouts (a feed is weighed 0.25)."""
TAKES = 2
"""Low offers a player must have taken this deal before they count as taking for points."""
SHARE = 0.75
"""The least share of their low offers they must have taken."""


def low_offers(
    v: PlayerView, player: int, values: Sequence[int], is_joker: Callable[[Card], bool]
) -> tuple[int, int, Card | None]:
    """This deal, for ``player``: the open cards offered at their draw with fewer points than
    the card they had thrown last (jokers left out), how many of those they took, and the
    card they threw last (None before their first throw)."""
    pile: list[Card] = []
    last: Card | None = None
    offered = took = 0
    entries = []
    for e in reversed(v.log):
        if e.round_no != v.round_no:
            break
        entries.append(e)
    for e in reversed(entries):
        if isinstance(e, Discarded):
            pile.append(e.card)
            if e.player == player:
                last = e.card
        elif isinstance(e, (Took, Drew)):
            if (
                e.player == player and pile and last is not None
                and not is_joker(pile[-1]) and values[pile[-1]] < values[last]
            ):
                offered += 1
                took += isinstance(e, Took)
            if isinstance(e, Took):
                del pile[-len(e.cards):]
        elif isinstance(e, StockRebuilt):
            del pile[:-1]
    return offered, took, last


def bait_scores(
    v: PlayerView, player: int | None, ties: list[Card], feeds: list[float],
    values: Sequence[int], is_joker: Callable[[Card], bool],
) -> list[float]:
    """For each throw of ``ties``, what baiting ``player`` (the next) with it is worth:
    ``WEIGHT`` times the chance they take it for its points alone; all 0 unless their low
    offers this deal show that they take such cards (``TAKES``, ``SHARE``)."""
    if player is None:
        return [0.0] * len(ties)
    offered, took, last = low_offers(v, player, values, is_joker)
    if last is None or took < TAKES or took < SHARE * offered:
        return [0.0] * len(ties)
    chance = took / offered
    return [
        WEIGHT * chance * (1.0 - f) if not is_joker(c) and values[c] < values[last] else 0.0
        for c, f in zip(ties, feeds)
    ]
