"""What the app asks of the rules core, in one place: the engine calls, the hand rules for
the live penalty, the player ranges and the bots. No rule is decided here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..core.cards import Card
from ..core.variants import HandRules, hand_rules


# Only used if the engine does not publish its player counts (docs/RULES.md, "Players").
_FALLBACK_PLAYERS = {"rummy": (2, 6), "remi": (2, 4), "remigio": (2, 6),
                     "remigio-fournier": (2, 10), "indian": (2, 6)}


def player_range(variant: str, overrides: dict[str, Any] | None = None) -> tuple[int, int]:
    """(fewest, most) players of a variant, as the engine allows them."""
    try:
        from ..core import engine
    except ImportError:
        return _FALLBACK_PLAYERS[variant]
    fn = getattr(engine, "player_range", None)
    if fn is not None:
        low, high = fn(variant)
        return int(low), int(high)
    table = getattr(engine, "PLAYERS", None)
    if isinstance(table, dict) and variant in table:
        low, high = table[variant]
        return int(low), int(high)
    return _FALLBACK_PLAYERS[variant]


def rules_for(variant: str, options: Any, wild_card: Card | None) -> HandRules:
    """The hand rules the arrangement search needs for this game's options."""
    return _rules_for(variant, _rule_items(variant, options), wild_card)


def _rule_items(variant: str, options: Any) -> tuple[tuple[str, Any], ...]:
    if variant == "rummy":
        return (("ace_high", bool(options.ace_high)),)
    if variant in ("remigio", "remigio-fournier"):
        return (("wrap", bool(options.wrap)),)
    if variant == "indian":
        # The deck count only bounds how many copies the search accepts; 4 covers any game.
        return (("decks", 4),)
    return ()


@lru_cache(maxsize=64)
def _rules_for(variant: str, items: tuple[tuple[str, Any], ...], wild_card: Card | None) -> HandRules:
    wild = None
    if wild_card is not None:
        from ..core.variants.indian import wild_rank_of

        wild = wild_rank_of(wild_card)
    return hand_rules(variant, wild=wild, **dict(items))


def wild_rank(wild_card: Card | None) -> int | None:
    if wild_card is None:
        return None
    from ..core.variants.indian import wild_rank_of

    return wild_rank_of(wild_card)


def best_arrangement(cards: Sequence[Card], rules: HandRules, sequence_down: bool = False) -> Any:
    from ..core.arrange import best_arrangement as _best

    return _best(list(cards), rules, sequence_down=sequence_down)


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
