"""Each game's facts are in its module (issue 26): no code outside ``core/variants/`` names a
variant by its key.

Code that compares ``state.variant == "indian"`` decides a rule, a word or a weight by which
game is playing, and a sixth game silently gets the wrong answer there. Every such fact is
asked of the variant instead (``core/variant.py``: ``finish``, ``pickup_depths``,
``round_word``, ``high_is_good``, ``stat_columns``, ...), or read from the registry (the
CLI's choices). This test reads the package's source with ``ast`` (nothing runs) and fails
on any string constant outside ``core/variants/`` equal to a registered variant's key or a
picker entry's key. Docstrings and comments are not constants equal to a key, so they may
speak of the games.
"""

from __future__ import annotations

import ast
from pathlib import Path

from rummy_tui.core.registry import presets, variant_keys

PACKAGE = Path(__file__).resolve().parents[1] / "rummy_tui"

ALLOWED: dict[tuple[str, str], str] = {
    ("core/arrange/build.py", "remigio"): "the search names the special hand it found",
}
"""(file under rummy_tui/, constant): why that constant is not a variant named in code.

Besides these, a closing hand of Remigio's rule text is called "a Remigio" (like "a Flush"):
its name may stand in any table of the special hands, a Literal, tuple, list, set or dict
that also names "flush" and "straight_flush" (the search's ``Special``, the save format's,
the screens' titles). That is the hand's name, not the game's."""

SPECIAL_HANDS = {"flush", "straight_flush"}


def _in_special_hands_table(node: ast.Constant, parents: dict[ast.AST, ast.AST]) -> bool:
    parent = parents.get(node)
    if isinstance(parent, ast.Dict):
        items: list[ast.expr | None] = [*parent.keys, *parent.values]
    elif isinstance(parent, (ast.Tuple, ast.List, ast.Set)):
        items = list(parent.elts)
    else:
        return False
    names = {n.value for n in items if isinstance(n, ast.Constant)}
    return SPECIAL_HANDS <= names


FROZEN = {"saves/migrations.py"}
"""Files whose variant names are frozen history: a migration turns an old file into the
current format, and it must read the old file as that version wrote it, whatever the code
calls the games later (renaming a variant must not change what a version-2 file meant)."""


def _keys() -> set[str]:
    return set(variant_keys()) | {p.key for p in presets()}


def _named_keys() -> list[tuple[str, int, str]]:
    keys = _keys()
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("core/variants/") or rel in FROZEN:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if node.value in keys and (rel, node.value) not in ALLOWED \
                        and not _in_special_hands_table(node, parents):
                    found.append((rel, node.lineno, node.value))
    return found


def test_no_variant_key_is_written_outside_its_module() -> None:
    found = _named_keys()
    assert not found, "variant keys written outside core/variants/ (ask the variant):\n" + "\n".join(
        f"  rummy_tui/{rel}:{line}: {value!r}" for rel, line, value in found
    )


def test_the_allow_list_is_still_needed() -> None:
    # an entry that no longer matches anything is removed, so the list stays short and true
    keys = _keys()
    for rel, value in ALLOWED:
        tree = ast.parse((PACKAGE / rel).read_text(encoding="utf-8"))
        assert value in keys
        assert any(isinstance(n, ast.Constant) and n.value == value for n in ast.walk(tree)), rel


def test_a_table_of_special_hands_is_not_a_comparison() -> None:
    # the check itself: a comparison with a key is a string constant equal to it, and only
    # a table that names the other special hands too lets "remigio" stand as a hand's name
    tree = ast.parse('if state.variant == "remigio":\n    x = ("flush", "straight_flush", "remigio")\n')
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found = [(n.lineno, _in_special_hands_table(n, parents)) for n in ast.walk(tree)
             if isinstance(n, ast.Constant) and n.value == "remigio"]
    assert sorted(found) == [(1, False), (2, True)]
    assert "remigio" in _keys()
