"""The compiled search arranges exactly as its sources do (issue 10).

A build of the package (``pip install .``) compiles the search, core/arrange/ (MinDist's
search too, issue 29), with mypyc (setup.py). Every other test runs this checkout's sources. This one builds a wheel of the
checkout as a user's install would, in a scratch copy, and asks that build, in a separate
interpreter, to arrange thousands of hands of every variant (random, meld-rich and
joker-heavy) and to play a game of each variant between computer players. Each arrangement
must be the same, field by field, as the sources', and each game the same to the last turn.
The sources are held to the brute force by tests/core/test_arrange_exact.py.

When the installed package is already a compiled build of these very sources (``.ci/run``
runs ``pip install .`` on the checkout before ``pytest --all``), that install is the build
compared, and nothing is built again: the same comparison without the minute a second build
takes. Any other install (an editable one, a stale one of older sources, a pure-Python one)
and a wheel is built.

Slow (a build takes a minute or more, and fetches mypy from the package index): runs with
``pytest --all``.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["S", "H", "D", "C"]
DECK52 = [r + s for s in SUITS for r in RANKS]
# (variant, rules, decks, printed jokers in all)
# whole games, computer players only: the engine and the bots call the search their own ways
GAMES = [
    ("rummy", ["easy", "normal", "hard"]),
    ("remi", ["easy", "normal"]),
    ("remigio", ["easy", "normal", "hard"]),
    ("remigio-fournier", ["easy", "normal", "hard"]),
    ("indian", ["easy", "normal", "hard"]),
]
SETUPS = [
    ("rummy", {}, 1, 0),
    ("rummy", {"ace_high": True}, 1, 0),
    ("remi", {}, 1, 0),
    ("remigio", {}, 2, 4),
    ("remigio", {"wrap": True}, 2, 4),
    ("indian", {}, 2, 2),
    ("indian", {"decks": 4}, 4, 4),
]

ARRANGE = """
import json, sys
import rummy_tui
from rummy_tui.core.arrange import best_arrangement, multi as arrange_multi
from rummy_tui.core.variants import hand_rules

def play_all(games):
    from rummy_tui.core.simulate import simulate
    out = []
    for variant, bots in games:
        r = simulate(variant, len(bots), 1, 5, None, bots)
        out.append([r.rounds, r.turns, r.actions, r.invariant_violations, r.wins])
    return out

def mindist_all(jobs):
    from rummy_tui.core.arrange.mindist import search
    from rummy_tui.core.cards import parse_cards
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    out = []
    for variant, rules, wild, codes, sequence_down in jobs:
        if variant == "indian" and len(codes) >= 13:
            hand = [int(c) for c in parse_cards(codes)]
            rank = None if wild is None else ranks.index(wild)
            out.append([search(hand, rank), search(hand, rank, 13, True, -1, 15, True)])
    return out

def arrange_all(jobs):
    out = []
    for variant, rules, wild, codes, sequence_down in jobs:
        found = rummy_tui.arrange(codes, variant, wild, **rules)
        if sequence_down:  # Remi, with a sequence already on the table
            found = best_arrangement(list(found.cards), hand_rules(variant, **rules), True)
        out.append(found.to_json())
    return out
"""
CHILD = ARRANGE + """
asked = json.load(sys.stdin)
print(json.dumps({"where": arrange_multi.__file__, "found": arrange_all(asked["hands"]),
                  "mindist": mindist_all(asked["hands"]), "played": play_all(asked["games"])}))
"""


def _jobs(seed: int, per_setup: int) -> list:
    rng = random.Random(seed)
    jobs = []
    for variant, rules, decks, jokers in SETUPS:
        deck = DECK52 * decks + ["JK"] * jokers
        for i in range(per_setup):
            size = rng.choice((7, 10, 13, 14)) if variant != "rummy" else rng.choice((7, 10, 11))
            wild = rng.choice(RANKS) if variant == "indian" and i % 3 else None
            left = list(deck)
            rng.shuffle(left)
            hand: list[str] = []
            if i % 3 == 1:  # meld-rich: a few runs and sets, some with a joker or wild card
                for _ in range(rng.choice((2, 3, 4))):
                    if rng.random() < 0.6:
                        suit, start = rng.choice(SUITS), rng.randrange(13)
                        length = rng.choice((3, 4, 5))
                        meld = [RANKS[(start + d) % 13] + suit for d in range(length)]
                    else:
                        rank = rng.choice(RANKS)
                        meld = [rank + s for s in rng.sample(SUITS, rng.choice((3, 4)))]
                    if jokers and rng.random() < 0.5:
                        meld[rng.randrange(len(meld))] = "JK"
                    if wild and rng.random() < 0.3:
                        meld[rng.randrange(len(meld))] = wild + rng.choice(SUITS)
                    for card in meld:
                        if card in left and len(hand) < size:
                            left.remove(card)
                            hand.append(card)
            elif i % 3 == 2 and jokers:  # joker-heavy
                wilds = [wild + s for s in SUITS] if wild else []
                for card in ["JK"] * rng.randint(1, jokers) + wilds:
                    if card in left and len(hand) < size:
                        left.remove(card)
                        hand.append(card)
            hand += left[: size - len(hand)]
            rng.shuffle(hand)
            jobs.append((variant, rules, wild, hand, variant == "remi" and i % 2 == 0))
    return jobs


def _compiled_build(tmp_path: Path) -> Path:
    """A wheel of this checkout, built (in a scratch copy: the tree is left alone) and unpacked."""
    src = tmp_path / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in"):
        shutil.copy(ROOT / name, src / name)
    shutil.copytree(ROOT / "rummy_tui", src / "rummy_tui",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    env = {k: v for k, v in os.environ.items() if k != "RUMMY_TUI_PURE"}
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
         "-w", str(tmp_path / "wheel"), str(src)],
        capture_output=True, text=True, timeout=900, env=env,
    )
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-3000:]
    (wheel,) = (tmp_path / "wheel").glob("rummy_tui-*.whl")
    unpacked = tmp_path / "unpacked"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(unpacked)
    return unpacked


def _sources(package: Path) -> dict[Path, bytes]:
    return {p.relative_to(package): p.read_bytes() for p in package.rglob("*.py")
            if "__pycache__" not in p.parts}


def _installed_build() -> Path | None:
    """The folder the installed package is in, when that package is a compiled build (its
    search's extension modules are there) of exactly this checkout's sources; else None."""
    ours = ROOT / "rummy_tui"
    for key in ("platlib", "purelib"):
        folder = Path(sysconfig.get_paths()[key])
        package = folder / "rummy_tui"
        if package.resolve() == ours.resolve() or not package.is_dir():
            continue
        if not list((package / "core" / "arrange").glob("*.so")):
            continue
        if _sources(package) == _sources(ours):  # the wheel carries its .py sources too
            return folder
    return None


@pytest.mark.slow
def test_the_compiled_search_arranges_every_hand_as_the_sources_do(tmp_path):
    unpacked = _installed_build() or _compiled_build(tmp_path)
    built = sorted(p.name for p in (unpacked / "rummy_tui" / "core" / "arrange").glob("*.so"))
    compiled = [name.split(".")[0] for name in built]
    assert compiled == ["build", "mindist", "multi", "runs", "search", "sets", "tables"], (
        f"the build compiled {built}: mypyc or the C compiler failed"
    )

    jobs = _jobs(seed=10, per_setup=400)
    ran = subprocess.run(  # `python -c` in the build's folder: it, not the checkout, is imported
        [sys.executable, "-c", CHILD], input=json.dumps({"hands": jobs, "games": GAMES}),
        cwd=unpacked,
        capture_output=True, text=True, timeout=600,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )
    assert ran.returncode == 0, ran.stderr[-3000:]
    theirs = json.loads(ran.stdout)
    assert theirs["where"].startswith(str(unpacked)) and theirs["where"].endswith(".so")

    here: dict = {}
    exec(ARRANGE, here)  # the same calls on this checkout's sources
    from rummy_tui.core.arrange import multi as arrange_multi

    assert arrange_multi.__file__.endswith(".py")
    ours = here["arrange_all"](jobs)
    assert len(ours) == len(theirs["found"]) == len(jobs) == 2800
    for job, mine, built in zip(jobs, ours, theirs["found"]):
        assert built == mine, job
    # MinDist (core/arrange/mindist.py, issue 29): the distance and the best discards
    distances = json.loads(json.dumps(here["mindist_all"](jobs)))
    assert len(distances) > 300 and distances == theirs["mindist"]
    played = here["play_all"](GAMES)
    assert json.loads(json.dumps(played)) == theirs["played"]
    assert all(turns > 5 and not violations for _, turns, _, violations, _ in played)
    # the hands were worth comparing: every kind of answer came up
    assert {a["can_go_out"] for a in ours} == {True, False}
    assert any(m["cards"].count("JK") for a in ours for m in a["melds"])
    assert any(a["special"] for a in ours)  # Remigio's closing hands
