"""Option models: defaults from rules-notes, --rule parsing, clear validation messages."""

from __future__ import annotations

import pytest

from rummy_tui.core.options import make_options, options_model, parse_rules
from rummy_tui.core.variants import VARIANTS, RuleError


def test_every_variant_has_a_model():
    for variant in VARIANTS:
        assert options_model(variant)()  # defaults are valid
    with pytest.raises(RuleError, match="unknown variant 'no-such-game'"):
        options_model("no-such-game")


def test_defaults_follow_the_rules_notes():
    assert parse_rules("rummy").model_dump() == {
        "target": 150,
        "rounds": None,
        "ace_high": False,
        "last_card_discard": False,
        "void_after_two_rebuilds": True,
    }
    assert parse_rules("remi").target == 500
    remigio = parse_rules("remigio")
    assert (remigio.eliminate_at, remigio.stop_at_two, remigio.wrap) == (100, False, False)
    fournier = parse_rules("remigio-fournier")
    assert fournier.rounds is None and fournier.wrap is False
    indian = parse_rules("indian")
    assert indian.format == "points" and indian.decks is None
    assert indian.drops == (20, 40)
    assert parse_rules("indian", ["format=pool201"]).drops == (25, 50)
    assert parse_rules("indian", ["format=pool101"]).pool_limit == 101


def test_parse_rules_reads_words_and_numbers():
    opts = parse_rules("rummy", ["target=200", "rounds=5", "ace-high=yes", "last_card_discard=1"])
    assert (opts.target, opts.rounds, opts.ace_high, opts.last_card_discard) == (200, 5, True, True)
    assert parse_rules("rummy", ["rounds=none"]).rounds is None
    assert parse_rules("indian", ["format=deals", "deals=6"]).deals == 6


@pytest.mark.parametrize(
    "variant,items,words",
    [
        ("rummy", ["colour=red"], "unknown rule 'colour' for Basic Rummy (known: target"),
        ("rummy", ["target"], "expected key=value"),
        ("rummy", ["target=0"], "target: Input should be greater than or equal to 1"),
        ("rummy", ["target=lots"], "target: Input should be a valid integer"),
        ("rummy", ["ace_high=perhaps"], "ace_high: Input should be a valid boolean"),
        ("indian", ["format=rubber"], "format: Input should be 'points', 'pool101'"),
        ("indian", ["format=deals", "deals=4"], "deals: Input should be 2, 3 or 6"),
        ("indian", ["deals=3"], "the number of deals applies only to format=deals"),
        ("indian", ["decks=9"], "decks: Input should be less than or equal to 4"),
        ("remigio", ["eliminate_at=-5"], "eliminate_at"),
    ],
)
def test_bad_rules_get_a_clear_message(variant, items, words):
    with pytest.raises(RuleError) as info:
        parse_rules(variant, items)
    assert words in str(info.value)
    assert "\n" not in str(info.value)


def test_make_options_takes_a_dict_or_a_model():
    model = parse_rules("remi", ["target=300"])
    assert make_options("remi", model) is model
    assert make_options("remi", {"target": 300}) == model
    with pytest.raises(RuleError, match="unknown rule 'x'"):
        make_options("remi", {"x": 1})


def test_options_are_frozen():
    opts = parse_rules("rummy")
    with pytest.raises(Exception):
        opts.target = 10  # type: ignore[misc]
