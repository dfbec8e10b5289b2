"""The hint in words (issue 29: "the hint teaches"): what ``hard`` would do and why, in one
line, from the facts of :func:`rummy_tui.core.bots.explain.explain` (never from log text).

    Discard K♣: it leaves you one card from declaring, with 6 cards that finish
"""

from __future__ import annotations

from typing import Any

from ..core.bots.explain import Reason
from ..core.state import Discard, DrawStock, LayOff, Meld, TakeDiscard
from ..core.variants.indian import Declare, Drop
from ..core.variants.remigio import Close

_FINISHING = {Declare: ("declaring", "declare"), Close: ("closing", "close")}
"""A game's finishing move in words; going out by melding (Basic Rummy, Remi) otherwise."""


def _cards(n: int, what: str) -> str:
    return f"{n} card{'' if n == 1 else 's'} {what}"


def hint_line(reason: Reason, finish: Any, describe: Any, ascii: bool = False) -> str:
    """One line: the move, then why. ``finish``: the variant's finishing action class (or
    None); ``describe``: an action in words (the table's ``describe``), for other moves."""
    doing, do = _FINISHING.get(finish, ("going out", "go out"))
    action = reason.action
    card = reason.card.symbol(ascii) if reason.card is not None else ""
    if isinstance(action, Declare):
        return f"Declare with {card} in the finish slot: the other cards are a valid declaration"
    if isinstance(action, Close):
        return f"Close with {card} face down: the rest of your hand is complete"
    if isinstance(action, Drop):
        return _why_drop(reason)
    if isinstance(action, (Meld, LayOff)):
        shown = " ".join(c.symbol(ascii) for c in action.cards)
        move = (f"Meld {shown}" if isinstance(action, Meld)
                else f"Lay off {shown} on meld {action.meld_index + 1}")
        then = f", and you can {do} this turn" if reason.finishes else ""
        return f"{move}: it takes {reason.melded_points} points out of your hand{then}"
    if isinstance(action, Discard):
        return f"Discard {card}: {_why_after(reason, doing, do)}"
    if isinstance(action, TakeDiscard):
        if reason.finishes:
            return f"Take {card}: it lets you {do} this turn"
        if reason.distance is not None:
            return f"Take {card}: {_why_after(reason, doing, do)}"
        left = _cards(reason.dead, "left in no group")
        return (f"Take {card}: it fits a group ({left})" if not reason.card_dead
                else f"Take {card}: it leaves {left}")
    if isinstance(action, DrawStock):
        if reason.card is None:
            return "Draw from the stock: there is no open card to take"
        if reason.card_dead:
            return f"Draw from the stock: {card} on the pile fits none of your groups"
        return f"Draw from the stock: taking {card} would not bring you closer"
    return f"The computer would {describe(action, ascii)}"


def _why_drop(reason: Reason) -> str:
    """Why drop: the game's chances (Pool and Deals at two), else the deal's points."""
    cost = reason.drop_cost
    if cost is None:
        return "Drop"
    if reason.game_drop is not None and reason.game_play is not None:
        if reason.game_drop >= 1.0:
            return f"Drop: it costs {cost} points and wins you the game"
        return (f"Drop: it costs {cost} points and leaves you a {reason.game_drop:.0%} chance "
                f"to win the game, against {reason.game_play:.0%} if you play on")
    return f"Drop: it costs {cost} points, and your hand would count {reason.points}"


def _why_after(reason: Reason, doing: str, do: str) -> str:
    """Why the hand a discard (or a take and a discard) leaves is the one to keep."""
    if reason.distance == 0:
        return "the rest of your hand is complete" if doing != "going out" else "you go out"
    if reason.distance == 1:
        if reason.outs:
            finish = "that finish" if reason.outs > 1 else "that finishes"
            return (f"it leaves you one card from {doing}, with "
                    f"{_cards(reason.outs, finish)}")
        return f"it leaves you one card from {doing}, though every card that finishes is seen"
    kept = "it fits none of your groups" if reason.card_dead else "the rest keeps most together"
    fit = "unseen fit one" if reason.outs != 1 else "unseen fits one"
    return (f"{kept}; {_cards(reason.dead, 'in no group')}, "
            f"{_cards(reason.outs, fit)}")
