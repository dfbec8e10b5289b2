"""The exact arrangement search: a hand's melds and deadwood with the lowest penalty.

A leaf of the rules core: it imports only ``cards``, ``melds`` and ``hand_rules``, never the
registry or a variant. What a rule set needs of a hand (its melds, card values, copies,
Indian's declaration and wild rank) comes in as a :class:`~rummy_tui.core.hand_rules.HandRules`
made by the variant; ``core/library.py`` finds them by the variant's name for
``rummy_tui.arrange`` and ``rummy-tui arrange``.

- ``search.py``: the entry points (:func:`best_arrangement` for the engine, the variants and
  the bots; :func:`arrange_hand` for card codes) and the one-deck search (Basic Rummy, Remi);
- ``multi.py``: several decks, jokers and wild cards (Remigio, Fournier, Indian): sets chosen
  rank by rank (each rank's options from ``sets.py``), then each suit's table;
- ``tables.py``: the suit tables (Pareto tuples of ints with how each entry is made, split
  into blocks no run joins), and ``runs.py``, long suits by one pass over the ranks;
- ``build.py``: the results (:class:`Arrangement`, :class:`ArrangedMeld`), read back from
  the multi-deck search's choice;
- ``mindist.py``: MinDist (issue 29), how many cards an Indian hand is from a declaration,
  the one search every bot asks (through core/bots/mindist.py).

These seven modules are fully typed: a build of the package also compiles them with mypyc
(setup.py); a checkout runs the sources, and tests/core/test_compiled.py holds the two
together.
"""

from __future__ import annotations

from .build import Arrangement, ArrangedMeld
from .search import MAX_HAND, arrange_hand, best_arrangement

__all__ = ["MAX_HAND", "ArrangedMeld", "Arrangement", "arrange_hand", "best_arrangement"]
