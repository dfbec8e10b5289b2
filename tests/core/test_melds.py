"""What a meld is, per variant: rummy_tui.core.melds.classify (shared/rules-notes.md)."""

from __future__ import annotations

import pytest

from rummy_tui.core.cards import parse_cards
from rummy_tui.core.melds import classify
from rummy_tui.core.variants import hand_rules


def shape(text, variant, **kw):
    found = classify(parse_cards(text), hand_rules(variant, **kw).melds)
    return None if found is None else (found.kind, found.pure)


@pytest.mark.parametrize(
    "text, variant, kw, expected",
    [
        # rummy: ace low only; sets of 3-4; runs of 3+
        ("AS 2S 3S", "rummy", {}, ("run", True)),
        ("QS KS AS", "rummy", {}, None),
        ("QS KS AS", "rummy", {"ace_high": True}, ("run", True)),
        ("KS AS 2S", "rummy", {"ace_high": True}, None),
        ("9S 9H 9D 9C", "rummy", {}, ("set", True)),
        ("9S 9H", "rummy", {}, None),
        ("5S 6S 8S", "rummy", {}, None),
        ("5S 6H 7S", "rummy", {}, None),
        # remi: 2-10 runs or exactly J-Q-K; no ace; sets with aces
        ("2D 3D 4D 5D", "remi", {}, ("run", True)),
        ("JD QD KD", "remi", {}, ("run", True)),
        ("10D JD QD", "remi", {}, None),
        ("AD 2D 3D", "remi", {}, None),
        ("QD KD AD", "remi", {}, None),
        ("AS AH AD", "remi", {}, ("set", True)),
        # remigio: ace low or high, wrap option, repeated cards in sets, jokers
        ("QS KS AS", "remigio", {}, ("run", True)),
        ("KS AS 2S", "remigio", {}, None),
        ("KS AS 2S", "remigio", {"wrap": True}, ("run", True)),
        ("7S 7S 7H", "remigio", {}, ("set", True)),
        ("7S 7H 7D 7C 7S 7H", "remigio", {}, ("set", True)),
        ("5S JK 7S", "remigio", {}, ("run", False)),
        ("5S JK JK", "remigio", {}, ("run", False)),
        ("JK JK JK", "remigio", {}, None),
        ("5S 5S 6S", "remigio", {}, None),
        # indian: Q-K-A yes, K-A-2 no; sets of different suits; wild cards
        ("QH KH AH", "indian", {}, ("run", True)),
        ("KH AH 2H", "indian", {}, None),
        ("7S 7S 7H", "indian", {}, None),
        ("7S 7D 7H", "indian", {}, ("set", True)),
        ("7S 7D 7H 7C JK", "indian", {}, None),
        ("6S 7S 8S", "indian", {"wild": 7}, ("run", True)),
        ("6S 7H 8S", "indian", {"wild": 7}, ("run", False)),
        ("7S 7S 7H", "indian", {"wild": 7}, ("run", False)),
        ("4C 5C JK", "indian", {}, ("run", False)),
    ],
)
def test_meld_shapes(text, variant, kw, expected):
    assert shape(text, variant, **kw) == expected
