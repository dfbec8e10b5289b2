"""The import graph of rummy_tui (issue 8): no circles, and the layers
core < saves < app / commands / cli.

Read from the source with ``ast`` (nothing is imported). Every import counts, at the top of
a module or inside a function; those under ``if TYPE_CHECKING:``, which never run (they name
types for annotations), count for the circles and the search's leaf (``TYPED_GRAPH``). ``from pkg import name`` counts as an import of
``pkg.name`` when that is a module, else of ``pkg``.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "rummy_tui"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(
    name: str, path: Path, type_only: bool = False
) -> list[tuple[str, ast.stmt, bool]]:
    """(imported module, node, inside a function) for every import that runs, and with
    ``type_only`` those under ``if TYPE_CHECKING:`` too."""
    is_package = path.name == "__init__.py"
    found: list[tuple[str, ast.stmt, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child) and not type_only:
                for sub in child.orelse:
                    visit(sub, in_function)
                continue
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            if isinstance(child, ast.Import):
                found.extend((a.name, child, in_function) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    anchor = name.split(".") if is_package else name.split(".")[:-1]
                    anchor = anchor[: len(anchor) - (child.level - 1)]
                    base = ".".join(anchor + ([base] if base else []))
                for alias in child.names:
                    sub = f"{base}.{alias.name}"
                    found.append((sub if sub in MODULES else base, child, in_function))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


GRAPH = {
    name: sorted({m for m, _, _ in _imports(name, path) if m in MODULES and m != name})
    for name, path in MODULES.items()
}
TYPED_GRAPH = {
    name: sorted({m for m, _, _ in _imports(name, path, True) if m in MODULES and m != name})
    for name, path in MODULES.items()
}
"""The same with the imports under ``if TYPE_CHECKING:``: a circle through them is still
one to a reader and to a type checker."""


def _circles(graph: dict[str, list[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, []):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_the_graph_is_read():
    # the reader must see the known edges, or the tests below prove nothing
    assert "rummy_tui.core.registry" in GRAPH["rummy_tui.core.engine"]
    assert "rummy_tui.core.arrange" in GRAPH["rummy_tui.core.variants.remi"]
    assert "rummy_tui.core.state" not in GRAPH["rummy_tui.core.registry"]
    # a type-only import: in TYPED_GRAPH, not in GRAPH
    assert "rummy_tui.core.state" in TYPED_GRAPH["rummy_tui.app.typed"]
    assert "rummy_tui.core.state" not in GRAPH["rummy_tui.app.typed"]


def test_no_import_circles():
    assert _circles(GRAPH) == []


def test_no_import_circles_type_only_ones_included():
    # the typed app too: screens name typed.RummyAppLike, not app.py's RummyApp
    assert _circles(TYPED_GRAPH) == []


def test_the_search_is_a_leaf_type_only_imports_included():
    # the variants hand the search its HandRules: it looks nothing up (pyproject.toml's
    # contract says the same; this one also holds for a module added to the core later)
    allowed = ("rummy_tui.core.arrange", "rummy_tui.core.cards", "rummy_tui.core.melds",
               "rummy_tui.core.hand_rules")
    found = {
        f"{name} imports {target}"
        for name, targets in TYPED_GRAPH.items()
        if name.startswith("rummy_tui.core.arrange")
        for target in targets
        if not target.startswith(allowed)
    }
    assert found == set()
    assert "rummy_tui.core.arrange.build" in TYPED_GRAPH["rummy_tui.core.arrange.multi"]


def test_the_circle_finder_finds_a_circle():
    assert _circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]


def _layer(module: str) -> int:
    if module.startswith("rummy_tui.core"):
        return 0
    if module.split(".")[1:2] in (["saves"], ["saves_location"], ["rules_doc"]):
        return 1
    return 2  # app, commands, cli, the package's front door


def test_layers_core_below_saves_below_app_and_commands():
    upward = [
        f"{m} imports {t}"
        for m, targets in GRAPH.items()
        if m != "rummy_tui"
        for t in targets
        if t != "rummy_tui" and _layer(t) > _layer(m)
    ]
    assert upward == []
    # the core imports nothing of rummy_tui outside it (not even the package's front door)
    assert not [
        (m, t) for m, ts in GRAPH.items() if _layer(m) == 0 for t in ts if _layer(t) != 0
    ]


def test_every_import_inside_a_core_function_says_why():
    # an import inside a function hides an edge of the graph: in the core each one says why
    silent = []
    for name, path in MODULES.items():
        if not name.startswith("rummy_tui.core"):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for _, node, in_function in _imports(name, path):
            if in_function and "#" not in lines[node.lineno - 1] + lines[node.lineno - 2]:
                silent.append(f"{name}:{node.lineno}")
    assert silent == []
