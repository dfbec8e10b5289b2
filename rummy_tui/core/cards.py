"""Cards, card codes and decks.

Notation (shared/rules-notes.md, "Card notation"): rank ``A 2 3 4 5 6 7 8 9 10 J Q K``
(``T`` is accepted for ten), suit ``S H D C`` (the symbols ``♠ ♥ ♦ ♣`` are accepted),
printed joker ``JK``. Input is case-insensitive; output is canonical (``10H``, ``QS``, ``JK``).

A card is a small ``int`` (see :class:`Card`): suit-major, so that the 13 ranks of one suit
sit next to each other in a bit mask, which is what the arrangement search relies on.
Two physical copies of the same card (from a second deck) are equal values.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .text import quote

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

ACE, JACK, QUEEN, KING = 1, 11, 12, 13
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
JOKER_INDEX = 52


class CardError(ValueError):
    """A card code or a wild rank that cannot be read."""


class Card(int):
    """One playing card.

    The value is ``suit * 13 + rank - 1`` for the 52 suited cards and 52 for the printed
    joker. Cards are interned: ``Card.of(rank, suit)`` and :func:`parse_card` always return
    the same object for the same card, so they are as cheap as ints to hash and compare.
    """

    __slots__ = ()

    @property
    def is_joker(self) -> bool:
        return self == JOKER_INDEX

    @property
    def rank(self) -> int:
        """1 (ace) to 13 (king); 0 for the printed joker."""
        return 0 if self == JOKER_INDEX else self % 13 + 1

    @property
    def suit(self) -> int:
        """0-3 (S H D C); -1 for the printed joker."""
        return -1 if self == JOKER_INDEX else self // 13

    @property
    def code(self) -> str:
        return _CODES[self]

    def symbol(self, ascii: bool = False) -> str:
        """Rank and suit symbol, such as ``10♥``; ``ascii`` gives the plain code."""
        if ascii or self == JOKER_INDEX:
            return _CODES[self]
        return RANKS[self.rank - 1] + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in (HEARTS, DIAMONDS)

    def __str__(self) -> str:
        return _CODES[self]

    def __repr__(self) -> str:
        return _CODES[self]

    @staticmethod
    def of(rank: int, suit: int) -> Card:
        return ALL_CARDS[suit * 13 + rank - 1]


_CODES = [RANKS[i % 13] + SUITS[i // 13] for i in range(52)] + ["JK"]
ALL_CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(53))
JOKER = ALL_CARDS[JOKER_INDEX]
STANDARD_52: tuple[Card, ...] = ALL_CARDS[:52]

_RANK_WORDS = {r: i + 1 for i, r in enumerate(RANKS)} | {"T": 10}
_SUIT_WORDS = {s: i for i, s in enumerate(SUITS)} | {
    sym: i for i, sym in enumerate(SUIT_SYMBOLS)
} | {"♤": 0, "♡": 1, "♢": 2, "♧": 3}


def parse_card(token: str) -> Card:
    """Read one card code (``AS``, ``10h``, ``T♥``, ``jk``); raise :class:`CardError` naming it."""
    if not isinstance(token, str):
        raise CardError(f"card code must be a string, got {quote(token)}")
    text = token.strip().upper()
    if text in ("JK", "JOKER"):
        return JOKER
    rank = _RANK_WORDS.get(text[:-1])
    suit = _SUIT_WORDS.get(text[-1:])
    if rank is not None and suit is not None:
        return Card.of(rank, suit)
    raise CardError(f"unknown card code {quote(token)} (expected e.g. AS, 10H, TD, QC, JK)")


def parse_cards(tokens: Iterable[str] | str) -> list[Card]:
    """Read card codes from a list or from one string separated by spaces or commas."""
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    return [parse_card(t) for t in tokens]


def parse_rank(token: str | int) -> int:
    """Read a rank (``7``, ``10``, ``T``, ``q``, ``A``) as 1-13; raise :class:`CardError`."""
    if isinstance(token, int) and not isinstance(token, bool):
        if 1 <= token <= 13:
            return token
        raise CardError(f"bad rank {quote(token)} (expected 1-13 or A, 2-10, J, Q, K)")
    text = str(token).strip().upper()
    rank = _RANK_WORDS.get(text)
    if rank is None:
        raise CardError(f"bad rank {quote(token)} (expected A, 2-10, J, Q or K)")
    return rank


def rank_code(rank: int) -> str:
    return RANKS[rank - 1]


def format_cards(cards: Iterable[Card], ascii: bool = True) -> str:
    return " ".join(c.symbol(ascii) for c in cards)


def make_deck(decks: int = 1, jokers_per_deck: int = 0) -> list[Card]:
    """``decks`` standard packs, each with ``jokers_per_deck`` printed jokers."""
    return [c for _ in range(decks) for c in STANDARD_52 + (JOKER,) * jokers_per_deck]


def deck_counts(decks: int, jokers_per_deck: int) -> Counter[Card]:
    return Counter(make_deck(decks, jokers_per_deck))


def sort_key_suit(card: Card) -> tuple[int, int]:
    """Sort by suit, then rank; jokers last."""
    return (4, 0) if card.is_joker else (card.suit, card.rank)


def sort_key_rank(card: Card) -> tuple[int, int]:
    """Sort by rank, then suit; jokers last."""
    return (14, 0) if card.is_joker else (card.rank, card.suit)
