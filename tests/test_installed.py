"""How this copy was installed and what it runs on (rummy_tui/installed.py, issue 30): the
hint for a missing extra speaks each installer's words, found from a faked ``sys.prefix``, and
``--version`` names the versions a bug report needs."""

from __future__ import annotations

import json
import platform
import shlex
import sys
from importlib import metadata
from pathlib import Path

import pytest

from rummy_tui import __version__
from rummy_tui.cli import main
from rummy_tui.installed import extra_hint, installer, source

FROM_INDEX = json.dumps({"url": "https://files.example/rummy_tui-0.1.0-py3-none-any.whl",
                         "archive_info": {}})
PYTHON = shlex.quote(sys.executable)


def _hint(prefix: Path, base: Path, direct_url: str | None = FROM_INDEX) -> str:
    return extra_hint("web", "textual-serve", prefix, base, direct_url or "")


def test_pipx_by_its_folder_and_by_its_metadata_file(tmp_path: Path) -> None:
    base = tmp_path / "usr"
    by_path = tmp_path / "home/ann/.local/share/pipx/venvs/rummy-tui"
    by_file = tmp_path / "opt/apps/rummy-tui"  # PIPX_HOME elsewhere
    by_file.mkdir(parents=True)
    (by_file / "pipx_metadata.json").write_text("{}")
    for prefix in (by_path, by_file):
        assert installer(prefix, base) == "pipx"
        hint = _hint(prefix, base)
        assert hint.startswith("pipx inject rummy-tui textual-serve")
        assert "pipx install --force 'rummy-tui[web]'" in hint and "pip install" not in \
            hint.replace("pipx install", "")


def test_uv_tool_by_its_folder_and_by_its_receipt(tmp_path: Path) -> None:
    base = tmp_path / "usr"
    by_path = tmp_path / "home/ann/.local/share/uv/tools/rummy-tui"
    windows = tmp_path / "AppData/Roaming/uv/data/tools/rummy-tui"
    by_file = tmp_path / "tools/rummy-tui"
    by_file.mkdir(parents=True)
    (by_file / "uv-receipt.toml").write_text("[tool]\n")
    for prefix in (by_path, windows, by_file):
        assert installer(prefix, base) == "uv-tool"
        assert _hint(prefix, base) == "uv tool install --force 'rummy-tui[web]'"


def test_a_venv_takes_this_pythons_pip_and_a_uv_venv_uv_pip(tmp_path: Path) -> None:
    base = tmp_path / "usr"
    venv = tmp_path / "game/.venv"
    venv.mkdir(parents=True)
    (venv / "pyvenv.cfg").write_text("home = /usr/bin\nversion = 3.12.1\n")
    assert installer(venv, base) == "venv"
    assert _hint(venv, base) == f"{PYTHON} -m pip install 'rummy-tui[web]'"
    (venv / "pyvenv.cfg").write_text("home = /usr/bin\nuv = 0.9.2\nversion_info = 3.12.1\n")
    assert installer(venv, base) == "uv-venv"
    assert _hint(venv, base) == f"uv pip install --python {PYTHON} 'rummy-tui[web]'"
    # the system's Python (no venv): pip with that Python
    assert installer(base, base) == "system"
    assert _hint(base, base) == f"{PYTHON} -m pip install 'rummy-tui[web]'"


def test_a_copy_installed_from_a_folder_is_told_that_folder(tmp_path: Path) -> None:
    folder = tmp_path / "my games" / "rummy-tui"
    local = json.dumps({"url": folder.as_uri(), "dir_info": {}})
    editable = json.dumps({"url": folder.as_uri(), "dir_info": {"editable": True}})
    assert source(local) == (str(folder), False)
    assert source(editable) == (str(folder), True)
    assert source("not json") == ("rummy-tui", False)
    assert source(FROM_INDEX) == ("rummy-tui", False)
    target = shlex.quote(f"{folder}[web]")  # the space is quoted for the shell
    base = tmp_path / "usr"
    assert _hint(tmp_path / "x/uv/tools/rummy-tui", base, local) == \
        f"uv tool install --force {target}"
    assert _hint(tmp_path / "x/pipx/venvs/rummy-tui", base, editable).endswith(
        f"pipx install --force --editable {target}")
    assert _hint(base, base, editable) == f"{PYTHON} -m pip install --editable {target}"


def test_serve_without_the_extra_in_a_pipx_venv_says_pipx(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "prefix", str(tmp_path / ".local/pipx/venvs/rummy-tui"))
    monkeypatch.setitem(sys.modules, "textual_serve", None)  # import textual_serve fails
    monkeypatch.delitem(sys.modules, "rummy_tui.web.server", raising=False)
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("error: rummy-tui serve needs the web extra (textual-serve): "
                          "pipx inject rummy-tui textual-serve")


def test_version_names_textual_rich_pydantic_and_python(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--version"]) == 0
    first, second = capsys.readouterr().out.splitlines()
    assert first == f"rummy-tui {__version__}"
    for name, dist in (("Textual", "textual"), ("Rich", "rich"), ("pydantic", "pydantic")):
        assert f"{name} {metadata.version(dist)}" in second
    assert f"Python {platform.python_implementation()} {platform.python_version()}" in second
