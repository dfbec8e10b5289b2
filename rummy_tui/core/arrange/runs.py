"""A suit's table by one pass over its ranks, for long suits (core/arrange/tables.py).

The table of a suit pattern is what core/arrange/tables.py defines: every way to lay runs in
the suit and leave the rest as deadwood, as Pareto-optimal entries ``cost << COST | jokers << 8
| aux`` with how each is made. ``Family._compute`` finds it by choosing the run of the lowest
rank among every subset of the ranks above it; a long suit with a few jokers has thousands of
such subsets and remainders. This module walks the ranks once instead, A (low), 2, ..., K, A
(high), keeping the runs still open at each rank:

- a run's state is its length so far (3 and more are alike for Indian; exact elsewhere, for
  the room it leaves), whether a joker fills a gap in it (then it is impure), whether it holds
  the wild card playing as itself, whether it took a joker at the last rank (then it must take
  a natural card later: a run ends on a natural card) and whether it began at the low ace (then
  it cannot reach the high ace: A-...-K-A is no run);
- at each rank, each open run takes a copy, takes a joker (a gap) or ends (padded to three
  cards with jokers); the copies left start new runs or are deadwood; an ace may instead wait
  for the top of the 2..K, A line;
- a wild card playing as itself takes one joker from the pool and is allowed only in a pure
  run or alone with two jokers, as in ``Family.run_options``.

Its best entries are those of ``Family._compute`` (a test compares the two on many patterns);
of equal entries it may keep another way to make them.
"""

from __future__ import annotations

from typing import Final, Protocol


class Family(Protocol):
    """What :func:`suit_entries` reads of a table family (``tables.Family``, which imports
    this module: named here by what it holds, so no import goes back up)."""

    declaration: bool
    comb: list[list[int]]
    wild_bit: int
    dead_cost: tuple[int, ...]
    high: bool


State = tuple[tuple[int, ...], int, int, int]
"""A walk's state: the open runs' codes (sorted), jokers, aux, aces kept for the top."""
Reached = tuple[int, int, tuple[int, ...]]
"""The cheapest way to a state: cost, closed runs' masks, open runs' masks (the codes' order)."""

_L: Final = 0xF
_GAP: Final = 1 << 4
_WILD: Final = 1 << 5
_OPEN: Final = 1 << 6  # took a joker at the last rank: must take a natural card
_LOW_ACE: Final = 1 << 7


def suit_entries(fam: Family, key: int, jokers: int) -> tuple[list[int], list[int]]:
    """The entries of suit pattern ``key`` (layers of 13 bits) with at most ``jokers``, and
    how each is made, for ``pareto`` to keep the best (``fam``: a ``Family``)."""
    declaration = fam.declaration
    comb = fam.comb
    wild_bit = fam.wild_bit
    dead_cost = fam.dead_cost
    top_len = 3 if declaration else 14
    counts = [
        (key >> b & 1) + (key >> (13 + b) & 1) + (key >> (26 + b) & 1) + (key >> (39 + b) & 1)
        for b in range(13)
    ]
    held = 0
    for b in range(13):
        if counts[b]:
            held |= 1 << b
    positions = list(range((held & -held).bit_length() - 1, held.bit_length()))
    wait = fam.high and counts[0]
    if wait:
        positions = list(range(0, 14))
    # state: (open runs' codes, sorted; jokers; aux; aces kept for the top) ->
    #        (cost, closed runs' masks, open runs' masks in the codes' order)
    states: dict[State, Reached] = {((), 0, 0, 0): (0, 0, ())}
    for p in positions:
        b = 0 if p == 13 else p
        bit = 1 << b
        wild = bool(bit & wild_bit)
        here = 0 if wild else dead_cost[b]
        nxt: dict[State, Reached] = {}
        for (runs, k, aux, kept), (cost, closed, masks) in states.items():
            avail = kept if p == 13 else counts[b]
            if not runs and not avail:
                _keep(nxt, (runs, k, aux, kept if p != 13 else 0), (cost, closed, masks))
                continue
            # each open run: take a copy, take a joker, or end
            partial: list[tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, bool]]
            partial = [((), (), k, aux, closed, 0, False)]
            for code, mask in zip(runs, masks):
                grown = []
                length = code & _L
                longer = length + 1 if length < top_len else length
                for new_runs, new_masks, kk, a, cl, used, gapped in partial:
                    if not code & _OPEN:  # end here
                        ended = _end(code, kk, a, comb, declaration, jokers)
                        if ended is not None:
                            grown.append((new_runs, new_masks, ended[0], ended[1],
                                          cl << 13 | mask, used, gapped))
                    if p == 13 and code & _LOW_ACE:
                        continue  # A-...-K-A
                    if used < avail:  # a natural card
                        c = (code & ~(_L | _OPEN)) | longer
                        k2 = kk
                        if wild:
                            c |= _WILD
                            k2 += 1
                        if k2 <= jokers:
                            grown.append((new_runs + (c,), new_masks + (mask | bit,), k2, a,
                                          cl, used + 1, gapped))
                    if kk < jokers:  # a joker in a gap
                        c = (code & ~_L) | longer | _GAP | _OPEN
                        grown.append((new_runs + (c,), new_masks + (mask,), kk + 1, a, cl, used,
                                      True))
                partial = grown
            for new_runs, new_masks, kk, a, cl, used, gapped in partial:
                left = avail - used
                # the copies left: j start runs, (at the low ace) some wait for the top,
                # the rest are deadwood; but a joker in a gap where a natural card of that
                # rank goes to the deadwood does worse than the card itself (not so for a
                # wild card: it may play as itself only in a pure run)
                first = left if gapped and not wild else 0
                for j in range(first, left + 1 if p != 13 else first + 1):
                    k2 = kk + j if wild else kk
                    if k2 > jokers:
                        break
                    runs2 = new_runs
                    masks2 = new_masks
                    if j:
                        start = 1 | (_WILD if wild else 0) | (_LOW_ACE if p == 0 else 0)
                        runs2 += (start,) * j
                        masks2 += (bit,) * j
                    if len(runs2) > 1:
                        order = sorted(range(len(runs2)), key=runs2.__getitem__)
                        runs2 = tuple(runs2[i] for i in order)
                        masks2 = tuple(masks2[i] for i in order)
                    rest = left - j
                    if p == 0 and wait:
                        for w in range(rest + 1):
                            _keep(nxt, (runs2, k2, a, w), (cost + (rest - w) * here, cl, masks2))
                    else:
                        _keep(nxt, (runs2, k2, a, kept if 0 < p < 13 else 0),
                              (cost + rest * here, cl, masks2))
        states = _prune(nxt)
    cand: list[int] = []
    hows: list[int] = []
    for (runs, k, aux, kept), (cost, closed, masks) in states.items():
        ok = True
        for code, mask in zip(runs, masks):
            if code & _OPEN:
                ok = False
                break
            ended = _end(code, k, aux, comb, declaration, jokers)
            if ended is None:
                ok = False
                break
            k, aux = ended
            closed = closed << 13 | mask
        if ok:
            cand.append(cost | k << 8 | aux)
            hows.append(closed)
    return cand, hows


def _end(
    code: int, k: int, aux: int, comb: list[list[int]], declaration: bool, jokers: int
) -> tuple[int, int] | None:
    """A run ends: pad it to three cards; None if it may not end so."""
    length = code & _L
    pure = not code & _GAP and length >= 3
    if code & _WILD and not (pure or length == 1):
        return None
    if length < 3:
        k += 3 - length
        if k > jokers:
            return None
    if declaration:
        run_aux = 5 if pure else 1
    else:
        run_aux = (1 << min(7, 13 - max(3, length))) - 1
    return k, comb[aux][run_aux]


def _keep(states: dict[State, Reached], key: State, value: Reached) -> None:
    old = states.get(key)
    if old is None or value[0] < old[0]:
        states[key] = value


def _prune(states: dict[State, Reached]) -> dict[State, Reached]:
    """Drop the states another state with the same open runs beats (as cheap, no more jokers,
    at least as much aux): whatever follows one follows the other."""
    groups: dict[tuple[tuple[int, ...], int], list[tuple[int, int, int, State]]] = {}
    for key, value in states.items():
        groups.setdefault((key[0], key[3]), []).append((value[0], key[1], key[2], key))
    if len(groups) == len(states):
        return states
    out: dict[State, Reached] = {}
    for items in groups.values():
        if len(items) > 1:
            items.sort(key=_first3)
        kept: list[tuple[int, int]] = []
        for _, k, a, key in items:
            for k2, a2 in kept:
                if k2 <= k and not a & ~a2:
                    break
            else:
                kept.append((k, a))
                out[key] = states[key]
    return out


def _first3(item: tuple[int, int, int, State]) -> tuple[int, int, int]:
    return item[0], item[1], -item[2]
