"""Computer players: the three kinds, and the move of the one whose turn it is. They see only
a :class:`~rummy_tui.core.state.PlayerView` (their own hand, the table, the discard pile,
counts), never another hand or the stock order.

- ``easy`` and ``normal`` (normal.py, with the helpers of their choices that the hard
  players reuse; mindist.py, how far an Indian hand is from a declaration; indian_play.py,
  normal's Indian draw, discard and drop by it).
- ``hard`` (hard.py): ``normal``'s play, searched again from its view alone. In Basic Rummy
  and Remi, determinised rollouts to the end of the deal (rollout.py) weigh normal's draw,
  discard, melds and lay-offs against the alternatives; in Indian Rummy, rollouts of its own
  hand over sampled stock draws choose the draw and the discard (hard_multi.py); in Remigio
  and Fournier, an expectimax over the next stock card. Each with a fixed amount of work per
  decision and a charge for feeding the next player.

No circle: this module hands ``normal``'s play to the hard players, which never import it.

``choose_action(kind, view, rng)`` is deterministic given ``rng``; :func:`bot_action` derives
that stream from the game's seed and action count, so a resumed game plays on identically.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine import view
from ..registry import variant_of
from ..seats import mix
from ..state import Action, GameState, NextRound, PlayerView
from ..text import quote
from . import hard, hard_multi
from .normal import _easy, _normal

__all__ = ["BOT_KINDS", "bot_action", "choose_action"]

BOT_KINDS = ("easy", "normal", "hard")

_NEXT_ROUND = NextRound()


def choose_action(kind: str, view: PlayerView, rng: random.Random) -> Action:
    """The action a computer player of this ``kind`` takes on its turn."""
    if view.phase == "round_over":
        return _NEXT_ROUND
    chooser = _CHOOSERS.get(kind)
    if chooser is None:
        raise ValueError(f"unknown bot {quote(kind)} (choose from {', '.join(BOT_KINDS)})")
    return chooser(view, rng)


def bot_action(state: GameState) -> Action:
    """The move of the computer player to move, from its view and the game's random stream."""
    p = state.to_move
    rng = random.Random(mix(state.seed, 0xB07, state.actions))
    return choose_action(state.players[p].kind, view(state, p), rng)


def _hard(v: PlayerView, rng: random.Random) -> Action:
    """``normal``'s play with the draw and the discard searched again (hard.py, hard_multi.py)."""
    if variant_of(v.variant).bot_many_decks:
        return hard_multi.hard_multi(v, rng, _normal(v, rng))
    return hard.hard(v, rng, _normal(v, rng), _normal)


_CHOOSERS: dict[str, Callable[[PlayerView, random.Random], Action]] = {
    "easy": _easy,
    "normal": _normal,
    "hard": _hard,
}
