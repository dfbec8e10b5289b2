"""Each rank's set options for the multi-deck search (core/arrange/multi.py, step 2).

A rank's copies, per suit, go to sets in a few ways: :func:`set_options` lists them (what
each takes out of the suits' patterns, and the jokers it needs), :func:`most_copies` what
those within the jokers take at most, and :func:`fewer_options` the ones worth trying, with
lone cards of the rank alike. Pure functions of small ints, cached by the search in the
bounded dicts below.
"""

from __future__ import annotations

from typing import Final

SetOption = tuple[int, tuple[int, int, int, int], tuple[int, int, int, int], int]
"""How one rank's copies go to sets: (jokers, what it takes out of each suit's pattern,
copies per suit, sets)."""
SET_CHOICES: dict[int, tuple[SetOption, ...]] = {}
MOST: dict[int, tuple[int, ...]] = {}
FEWER: dict[int, tuple[tuple[SetOption, ...], bool]] = {}
"""Each rank's set options (:func:`set_options`, whatever the jokers: they come fewest
jokers first, and the search stops at the first it cannot pay for), the most copies of each
suit those within the jokers take (:func:`most_copies`), and the options worth trying
(:func:`fewer_options`): by its copies per suit, the rules (``set_rules``), then the jokers,
or the dead suits; packed ints, bounded."""
CHOICES_MAX: Final = 4096


_TOP: Final = [
    [sum(1 << 13 * layer for layer in range(c - u, c)) for u in range(c + 1)] for c in range(5)
]
"""The top ``u`` of ``c`` layers of a suit pattern, for the ace."""


def set_options(
    counts: tuple[int, ...], distinct: bool, set_max: int | None
) -> tuple[SetOption, ...]:
    """Ways to send copies of one rank to sets, as (jokers, what it takes out of each suit's
    pattern (its top layers, for the ace: shifted to the rank), copies per suit, sizes of the
    sets), fewest jokers first (:func:`most_copies` reads what those within the jokers take).

    Indian (different suits): with ``m`` = the most copies of one suit, ``m`` sets hold them,
    filled evenly, and a set of two takes a joker. Otherwise one set takes them all (or as few
    sets of at most ``set_max`` as hold them)."""
    c0, c1, c2, c3 = counts
    found: list[int] = []  # (need, most copies first, copies per suit), packed to sort
    for u0 in range(c0 + 1):
        for u1 in range(c1 + 1):
            for u2 in range(c2 + 1):
                for u3 in range(c3 + 1):
                    n = u0 + u1 + u2 + u3
                    if n < 2:
                        continue
                    if distinct:
                        m = u0 if u0 > u1 else u1
                        m = m if m > u2 else u2
                        m = m if m > u3 else u3
                    else:
                        m = 1 if set_max is None else -(-n // set_max)
                    if n < 2 * m:
                        continue
                    need = 3 * m - n
                    if need < 0:
                        need = 0
                    code = u0 << 9 | u1 << 6 | u2 << 3 | u3
                    found.append((need << 6 | 63 - n) << 12 | code)
    found.sort()
    options = []
    for x in found:
        u = (x >> 9 & 7, x >> 6 & 7, x >> 3 & 7, x & 7)
        n = 63 - (x >> 12 & 63)
        if distinct:
            m = max(u)
        else:
            m = 1 if set_max is None else -(-n // set_max)
        options.append(
            (x >> 18, (_TOP[c0][u[0]], _TOP[c1][u[1]], _TOP[c2][u[2]], _TOP[c3][u[3]]), u, m)
        )
    return tuple(options)


def most_copies(options: tuple[SetOption, ...], jokers: int) -> tuple[int, ...]:
    """The most copies of each suit the options within ``jokers`` take; () if none is."""
    m0 = m1 = m2 = m3 = 0
    found = False
    for need, _, u, _ in options:
        if need > jokers:
            break
        found = True
        u0, u1, u2, u3 = u
        m0 = u0 if u0 > m0 else m0
        m1 = u1 if u1 > m1 else m1
        m2 = u2 if u2 > m2 else m2
        m3 = u3 if u3 > m3 else m3
    return (m0, m1, m2, m3) if found else ()


def fewer_options(
    options: tuple[SetOption, ...], dead: int, dominate: bool
) -> tuple[tuple[SetOption, ...], bool]:
    """The set options of a rank that are worth trying, and whether leaving the rank out of
    sets is (:func:`set_options`' options; ``dead``: the suits, as bits, whose one card of
    the rank can join no run with another natural card).

    Dead cards of one rank are alike: taking one or another to a set leads to the same
    costs, so of options that differ only in which dead cards they take, the first is kept.
    With ``dominate`` (no Indian declaration to make, or fewer than two jokers: a dead card
    then sits in no sequence at all), an option that takes more dead cards for no more
    jokers beats one that takes fewer and the same others (the dead cards it adds leave the
    deadwood, and jokers it spares go into its set), and a set of dead cards alone that needs
    no joker beats no set. Options come cheapest in jokers first, the biggest first, so the
    better of two always comes first."""
    kept = []
    seen: dict[int, list[tuple[int, int]]] = {}
    alone = True
    for option in options:
        need, _, u, m = option
        # the copies it takes of the live suits (and its sets), and of the dead ones
        live = 0
        taken = 0
        for s in range(4):
            if dead >> s & 1:
                taken += u[s]
            else:
                live |= u[s] << 3 * s
        before = seen.setdefault(m << 12 | live, [])
        better = False
        for k, n in before:
            if k == taken or (dominate and k >= taken and n <= need):
                better = True
                break
        if better:
            continue
        before.append((taken, need))
        kept.append(option)
        if dominate and need == 0 and not live:
            alone = False
    return tuple(kept), alone
