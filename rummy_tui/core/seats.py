"""Seats and random streams: who is next, who leads, and the seed of one shuffle.

A leaf module (no imports from the rules core), used by the engine and the variants alike.
"""

from __future__ import annotations

from collections.abc import Sequence

_MASK = (1 << 64) - 1


def mix(seed: int, *parts: int) -> int:
    """A 64-bit seed for one shuffle, derived from the game's seed and counters."""
    x = (seed ^ 0xCBF29CE484222325) & _MASK
    for part in parts:
        x = ((x ^ (part & _MASK)) * 0x100000001B3) & _MASK
        x ^= x >> 29
    return x


def next_seat(skip: Sequence[bool], seat: int, direction: int) -> int:
    """The next seat in the direction of play that is not skipped (``seat`` if none)."""
    n = len(skip)
    s = seat
    for _ in range(n):
        s = (s + direction) % n
        if not skip[s]:
            return s
    return seat


def highest_unique(scores: Sequence[int], among: Sequence[int]) -> int | None:
    """The single highest score among these seats, or None on a tie for the top."""
    best = max(scores[i] for i in among)
    top = [i for i in among if scores[i] == best]
    return top[0] if len(top) == 1 else None


def lowest_unique(scores: Sequence[int], among: Sequence[int]) -> int | None:
    """The single lowest score among these seats, or None on a tie for the bottom."""
    best = min(scores[i] for i in among)
    top = [i for i in among if scores[i] == best]
    return top[0] if len(top) == 1 else None
