"""This copy of rummy-tui: the versions a bug report needs (``rummy-tui --version``), and how
it was installed, so that a missing extra is asked for in the installer's own words (issue 30).

How it was installed is read from the environment it runs in (``sys.prefix``):

- **pipx** keeps each application in a venv of its own, ``<PIPX_HOME>/venvs/<name>``
  (``~/.local/share/pipx/venvs/rummy-tui``), with a ``pipx_metadata.json`` in it; an extra is
  added with ``pipx inject`` (or by installing again with the extra and ``--force``);
- **uv tool** keeps each tool in ``<UV_TOOL_DIR>/<name>`` (``~/.local/share/uv/tools/rummy-tui``),
  with a ``uv-receipt.toml`` in it; it is installed again with the extra;
- **a venv** (``sys.prefix`` is not ``sys.base_prefix``) takes ``pip install``, or
  ``uv pip install`` when uv made it (its ``pyvenv.cfg`` says ``uv = ...``; it has no pip);
- else the system's or the user's Python: ``pip install`` too.

pip and uv pip are named with this very Python (``/path/.venv/bin/python -m pip``): a bare
``pip`` on the PATH may be another environment's.

What to install is the package from the index, ``rummy-tui``, unless this copy came from a
folder (a checkout, an unpacked sdist): then that folder, as pip recorded it in the
installed distribution's ``direct_url.json`` (PEP 610).

Only the standard library is imported here: ``--version`` and the hint must work without the
extra, and fast.
"""

from __future__ import annotations

import json
import platform
import shlex
import sys
from importlib import metadata
from pathlib import Path
from typing import Literal
from urllib.parse import unquote, urlsplit

DISTRIBUTION = "rummy-tui"
REPORTED = ("textual", "rich", "pydantic")
"""The libraries whose versions a bug report needs, besides rummy-tui's and Python's."""

Installer = Literal["pipx", "uv-tool", "venv", "uv-venv", "system"]


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "not installed"


def version_report() -> str:
    """``rummy-tui 0.1.0`` and, on the next line, the versions of Textual, Rich, pydantic and
    Python (what an issue about the screen needs)."""
    from . import __version__

    names = {"textual": "Textual", "rich": "Rich", "pydantic": "pydantic"}
    libraries = ", ".join(f"{names[n]} {_version(n)}" for n in REPORTED)
    python = f"{platform.python_implementation()} {platform.python_version()}"
    return f"rummy-tui {__version__}\n{libraries}, Python {python} on {platform.system() or '?'}"


def installer(prefix: str | Path | None = None, base_prefix: str | Path | None = None) -> Installer:
    """Which installer made the environment at ``prefix`` (default: this Python's)."""
    root = Path(sys.prefix if prefix is None else prefix)
    base = Path(sys.base_prefix if base_prefix is None else base_prefix)
    parts = [p.lower() for p in root.parts]
    if (root / "pipx_metadata.json").is_file() or _follows(parts, ("pipx", "venvs")):
        return "pipx"
    if (root / "uv-receipt.toml").is_file() or _follows(parts, ("uv", "tools")) \
            or _follows(parts, ("uv", "data", "tools")):  # the second: uv on Windows
        return "uv-tool"
    if root != base:
        return "uv-venv" if _made_by_uv(root) else "venv"
    return "system"


def _follows(parts: list[str], run: tuple[str, ...]) -> bool:
    """``run`` stands in ``parts`` with at least one more part after it (the app's folder)."""
    n = len(run)
    return any(tuple(parts[i:i + n]) == run for i in range(len(parts) - n))


def _made_by_uv(root: Path) -> bool:
    try:
        config = (root / "pyvenv.cfg").read_text(encoding="utf-8", errors="replace")[:10_000]
    except OSError:
        return False
    return any(line.partition("=")[0].strip() == "uv" for line in config.splitlines())


def source(direct_url: str | None = None) -> tuple[str, bool]:
    """(what to install, editable): ``rummy-tui`` from the index, or the folder this copy was
    installed from. ``direct_url`` is the text of ``direct_url.json`` (default: this copy's)."""
    if direct_url is None:
        try:
            direct_url = metadata.distribution(DISTRIBUTION).read_text("direct_url.json")
        except metadata.PackageNotFoundError:
            direct_url = None
    if not direct_url:
        return DISTRIBUTION, False
    try:
        data = json.loads(direct_url)
        url = urlsplit(data["url"])
        editable = bool((data.get("dir_info") or {}).get("editable"))
    except (ValueError, KeyError, TypeError, AttributeError):
        return DISTRIBUTION, False
    if url.scheme != "file" or "dir_info" not in data:
        return DISTRIBUTION, False  # an archive or a VCS URL: the index's name is the way back
    return unquote(url.path), editable


def extra_hint(extra: str, module: str, prefix: str | Path | None = None,
               base_prefix: str | Path | None = None, direct_url: str | None = None) -> str:
    """The command that adds the optional ``extra`` (which brings ``module``) to this copy, in
    the words of the installer that made it."""
    where, editable = source(direct_url)
    target = shlex.quote(f"{where}[{extra}]")
    kind = installer(prefix, base_prefix)
    flag = "--editable " if editable else ""
    if kind == "pipx":
        return (f"pipx inject {DISTRIBUTION} {module}, or install it again with the extra: "
                f"pipx install --force {flag}{target}")
    if kind == "uv-tool":
        return f"uv tool install --force {flag}{target}"
    # this very Python's: a bare pip or uv may be another environment's
    python = shlex.quote(sys.executable or "python3")
    if kind == "uv-venv":  # uv makes venvs without pip
        return f"uv pip install --python {python} {flag}{target}"
    return f"{python} -m pip install {flag}{target}"


# What the web extra brings (and what they bring): an ImportError naming anything else is a bug
# in this package, not a missing extra, and is raised as it is.
WEB_EXTRA_MODULES = frozenset(
    {"textual_serve", "aiohttp", "aiohttp_jinja2", "jinja2", "multidict", "yarl"})


def web_extra_needed(command: str, needs: str, exc: ImportError | None = None) -> str:
    """The one-line reason ``rummy-tui COMMAND`` cannot run without the web extra (which
    brings ``needs``), with the command that adds it. Given the ImportError met, re-raise it
    when it names a module the extra does not bring."""
    if exc is not None and (exc.name or "").partition(".")[0] not in WEB_EXTRA_MODULES:
        raise exc
    return f"rummy-tui {command} needs the web extra ({needs}): " + extra_hint("web",
                                                                             "textual-serve")
