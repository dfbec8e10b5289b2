"""What the app asks of the rules core, in one place: player counts, the hand rules for the
live penalty, the arrangement search. No rule is decided here: each answer comes from the
variant's rule set (core/variants, found through core/registry.py)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..core.arrange import best_arrangement as _search
from ..core.cards import Card
from ..core.hand_rules import HandRules, RuleError
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


def rules_for(source: Any) -> HandRules:
    """The hand rules of this game, from its state or a player's view: the rule set's own
    ``rules_for``, so that the deal's facts count (Indian: the wild rank, and two decks with
    three players or more; issue 30: built without the decks, a hand holding both copies of
    a card got no count and no arrangement)."""
    return _ruleset(source.variant).rules_for(source)


def check_copies(cards: Sequence[Card], rules: HandRules) -> None:
    """Refuse a hand holding more copies of a card than the game's decks do, naming the
    card as the table writes it (K♥): the search's own refusal writes the code a command
    line takes (KH)."""
    for card, n in Counter(cards).items():
        most = rules.max_jokers if card.is_joker else rules.max_copies
        if n > most:
            what = "printed jokers" if card.is_joker else f"copies of {card.symbol()}"
            raise RuleError(f"{n} {what}, but this game's deck holds at most {most}")


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


def carry_groups(order: Sequence[Card], sizes: Sequence[int],
                 new_order: Sequence[Card]) -> list[int]:
    """The group sizes of ``new_order`` (``merge_order`` of ``order`` and the hand now),
    when ``order`` was grouped by ``sizes``: each card kept stays in its group, a group
    whose cards all left goes, and the new cards (on the right) make a group of their own.
    So a player's groups keep their places across draws and discards, as the Indian apps'
    do (issue 30)."""
    group_of = [g for g, size in enumerate(sizes) for _ in range(size)]
    remaining = Counter(new_order)
    kept: list[int] = []
    for card, group in zip(order, group_of):
        if remaining[card] > 0:
            remaining[card] -= 1
            kept.append(group)
    out: list[int] = []
    last = None
    for group in kept:
        if group == last:
            out[-1] += 1
        else:
            out.append(1)
            last = group
    if len(new_order) > len(kept):
        out.append(len(new_order) - len(kept))
    return out


def group_together(sizes: Sequence[int], count: int, chosen: Sequence[int]) -> tuple[
        list[int], list[int]]:
    """A new group of the cards at the ``chosen`` places of a hand of ``count`` cards
    grouped by ``sizes`` (none: one group): (the new order, as places of the old one; the
    new sizes). The cards chosen leave their groups and make one at the right end, in the
    order they were in; a group left empty goes."""
    chosen_set = set(chosen)
    group_of = [g for g, size in enumerate(sizes or [count]) for _ in range(size)]
    rest = [i for i in range(count) if i not in chosen_set]
    picked = [i for i in range(count) if i in chosen_set]
    new_sizes: list[int] = []
    last = None
    for i in rest:
        if group_of[i] == last:
            new_sizes[-1] += 1
        else:
            new_sizes.append(1)
            last = group_of[i]
    if picked:
        new_sizes.append(len(picked))
    return rest + picked, new_sizes
