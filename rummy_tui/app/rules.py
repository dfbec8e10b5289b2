"""What the app asks of the rules core, in one place: player counts, the hand rules for the
live penalty, the arrangement search. No rule is decided here: each answer comes from the
variant's rule set (core/variants, found through core/registry.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..core.arrange import best_arrangement as _search
from ..core.cards import Card
from ..core.hand_rules import HandRules
from ..core.registry import variant_of as _ruleset
from ..core.variants.indian import wild_rank_of


def player_range(variant: str, overrides: dict[str, Any] | None = None) -> tuple[int, int]:
    """(fewest, most) players of a variant."""
    rs = _ruleset(variant)
    return int(rs.min_players), int(rs.max_players)


def wild_rank(wild_card: Card | None) -> int | None:
    """The Indian wild rank named by the card under the stock (a printed joker: aces)."""
    if wild_card is None:
        return None
    return wild_rank_of(wild_card)


@lru_cache(maxsize=64)
def _rules(variant: str, options: Any, wild: int | None) -> HandRules:
    return _ruleset(variant).hand_rules(options, wild)


def rules_for(variant: str, options: Any, wild_card: Card | None) -> HandRules:
    """The hand rules of this game (Indian: with this deal's wild rank)."""
    return _rules(variant, options, wild_rank(wild_card))


def best_arrangement(cards: Sequence[Card], rules: HandRules, sequence_down: bool = False) -> Any:
    return _search(list(cards), rules, sequence_down)


def merge_order(order: Sequence[Card], hand: Sequence[Card]) -> list[Card]:
    """The hand in the player's chosen order: known cards keep their places, new cards go
    to the right in the order the engine gave them. Copies of a card count separately."""
    remaining = Counter(hand)
    kept: list[Card] = []
    for card in order:
        if remaining[card] > 0:
            kept.append(card)
            remaining[card] -= 1
    used = Counter(kept)
    new: list[Card] = []
    for card in hand:
        if used[card] > 0:
            used[card] -= 1
        else:
            new.append(card)
    return kept + new
