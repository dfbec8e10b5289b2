"""The one sanitiser (core/text.py) and player names (core/names.py), issue 27 items 3, 9, 11
and issue 30's 24-cell names."""

from __future__ import annotations

import json

import pytest

from rummy_tui.core.names import (
    MAX_NAME, PlayerNameError, cells, check_name, check_names, display_name, same_name,
)
from rummy_tui.core.text import UNSAFE, clip, json_safe, one_line, quote, visible

# every kind of character that must never reach a terminal raw
ESCAPES = [
    "\x1b[2J\x1b[H", "\x1b]0;PWN\x07A", "\x9b31m", "\x85", "\x7f", "\x00", "\r\n", "\t",
    "\u202eevil", "\u2066x\u2069", "\u200e\u200f\u061c", "a\u2028b", "a\u2029b", "\udcff",
]


@pytest.mark.parametrize("raw", ESCAPES, ids=ascii)
def test_visible_leaves_nothing_that_acts_on_the_terminal(raw):
    shown = visible(raw)
    assert not set(shown) & UNSAFE
    assert "\\" in shown  # the character is still there, as an escape a reader can see
    assert shown.encode("utf-8")  # a lone surrogate no longer makes printing fail


def test_visible_writes_the_escapes_a_reader_knows():
    assert visible("\x1b]0;PWN\x07A") == "\\x1b]0;PWN\\x07A"
    assert visible("a\u2028b\u202e") == "a\\u2028b\\u202e"
    assert visible("\x9b") == "\\x9b"
    assert visible("plain [b]text[/b] é 李") == "plain [b]text[/b] é 李"
    assert visible("two\nlines", one_line=False) == "two\nlines"
    assert visible("two\nlines") == "two\\x0alines"


@pytest.mark.parametrize("raw", ["x" * 5000, "\x1b" * 5000, "\U0001d159" * 5000,
                                 "a\u2028" * 2500, "é" * 5000])
def test_quote_and_clip_are_bounded_for_any_input(raw):
    quoted = quote(raw)
    assert len(quoted) <= 80 + 2 + len(" (5000 characters)")
    assert quoted.endswith("(5000 characters)") and "…" in quoted
    assert not set(quoted) & UNSAFE
    assert len(clip(raw)) <= 80 and clip(raw).endswith("…")
    assert len(one_line(raw * 2)) <= 400


def test_quote_never_cuts_an_escape_in_two():
    quoted = quote("ab" + "\x1b" * 100, limit=10)
    assert quoted.startswith("'ab\\x1b…'")  # 2 + 4 + 4 = 10 would leave no room for "…"
    assert quote("short") == "'short'"
    assert quote("\x1b") == "'\\x1b'"


def test_json_safe_is_the_same_json_with_nothing_raw():
    value = {"name\n": ["\x9b2J", "\u202e", "a\u2028b", "\udcff", "é\t"]}
    text = json_safe(json.dumps(value, ensure_ascii=False, indent=2))
    assert not set(text) & (UNSAFE - {"\n"})
    assert json.loads(text) == value


# --- names -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["\u2800", "\U0001d159", "\u200b", "\ufe0f", "\u00ad",
                                  "\u3164", "\u2800\u200b \U0001d159", "\U000e0041"], ids=ascii)
def test_a_name_that_shows_as_nothing_is_refused(name):
    with pytest.raises(PlayerNameError, match="at least one visible character"):
        check_name(name)


@pytest.mark.parametrize("name", ["a\u2028b", "a\u2029b"], ids=ascii)
def test_a_line_or_paragraph_separator_is_refused(name):
    with pytest.raises(PlayerNameError, match="separator"):
        check_name(name)


@pytest.mark.parametrize("other", ["Ａｎｎ", "A\u200bnn", "Ann\ufe0f", "ann", "A\u00adnn",
                                   "ANN", "Ann\u2060"], ids=ascii)
def test_look_alike_names_are_the_same_name(other):
    assert same_name("Ann", other)
    with pytest.raises(PlayerNameError, match="two seats are called"):
        check_names(["Ann", other])
    # alone, each is still a name (stored as typed, apart from the outer spaces)
    assert check_name(other)


def test_the_duplicate_message_shows_what_tells_the_names_apart():
    with pytest.raises(PlayerNameError) as caught:
        check_names(["Ann", "A\u200bnn"])
    assert "A\\u200bnn" in str(caught.value)


def test_names_up_to_24_cells():
    assert check_name("Lakshmi Narayanan") == "Lakshmi Narayanan"
    assert check_name("x" * MAX_NAME) == "x" * MAX_NAME
    assert check_name("李" * 12) == "李" * 12  # 24 cells
    assert cells("李" * 12) == 24 and cells("e\u0301") == 1
    for long in ("x" * 25, "李" * 13):
        with pytest.raises(PlayerNameError, match="longer than 24"):
            check_name(long)


def test_refusals_quote_a_bounded_piece_of_the_name():
    with pytest.raises(PlayerNameError) as caught:
        check_name("\x1b" + "x" * 5000)
    text = str(caught.value)
    assert len(text) < 120 and "\x1b" not in text and "\\x1b" in text


def test_display_name_marks_what_cannot_be_shown():
    assert display_name("Bo\u2028b\x9b") == "Bo?b?"
    assert display_name("\u2800") == "?"
    assert display_name("Ann") == "Ann"
