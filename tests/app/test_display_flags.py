"""``--theme NAME`` and ``--ascii``/``--no-ascii`` (issue 30): a flag wins for that run over the
remembered setting and is not written back; a bad theme is one line and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_tui import settings
from rummy_tui.cli import build_parser, main
from rummy_tui.commands.play import _app_kwargs

from .conftest import make_app


@pytest.fixture
def user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RUMMY_TUI_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("RUMMY_TUI_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


def _kwargs(argv: list[str]) -> dict[str, object]:
    args = build_parser().parse_args(argv)
    return _app_kwargs(args)


def test_a_bad_theme_is_one_line_naming_the_themes_and_exit_2(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--theme", "solarised-blue", "new", "--variant", "rummy",
                 "--players", "Ann,Bob"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "unknown theme 'solarised-blue'" in err
    assert "nord" in err and "textual-dark" in err and "gruvbox" in err
    assert main(["new", "--variant", "rummy", "--players", "Ann", "--theme", "x" * 500]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 600  # the bad name is cut


def test_no_ascii_wins_over_a_remembered_ascii_and_ascii_over_none(user_dirs: Path) -> None:
    settings.save(settings.Settings(ascii=True, theme="dracula"))
    assert _kwargs([])["ascii"] is True  # remembered
    assert _kwargs(["--no-ascii"])["ascii"] is False
    assert _kwargs(["new", "--variant", "rummy", "--players", "A,B", "--no-ascii"])["ascii"] \
        is False
    assert _kwargs(["--no-ascii", "resume"])["ascii"] is False  # given before the command
    settings.save(settings.Settings())
    assert _kwargs([])["ascii"] is False
    assert _kwargs(["--ascii"])["ascii"] is True
    assert _kwargs(["resume", "--ascii"])["ascii"] is True
    assert _kwargs(["--theme", "Nord"])["theme"] == "nord"
    assert _kwargs(["new", "--variant", "rummy", "--players", "A,B", "--theme", "monokai"])[
        "theme"] == "monokai"
    assert _kwargs([])["theme"] is None


async def test_the_theme_flag_is_used_and_not_remembered(user_dirs: Path) -> None:
    settings.save(settings.Settings(theme="dracula", four_colour=True))
    store = settings.Store()
    app = make_app("rummy", "Ann,Bob", theme="nord", settings=store)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.theme == "nord"
        await pilot.pause(0.05)
        assert settings.load().theme == "dracula"  # the file still says what it said
        app.theme = "monokai"  # the player's own pick (the palette's "Change theme")
        await pilot.pause(0.05)
    assert settings.load().theme == "monokai"
    settings.save(settings.Settings(theme="dracula"))
    # without the flag, the remembered theme
    app = make_app("rummy", "Ann,Bob", settings=settings.Store())
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        assert app.theme == "dracula"


def test_serve_passes_the_display_flags_to_each_visitors_app(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from rummy_tui.web import server as web_server  # the test extra has the web extra

    started: list[object] = []
    monkeypatch.setattr(web_server.RummyServer, "serve", lambda self: started.append(self))
    assert main(["--no-ascii", "--theme", "nord", "--saves-dir", str(tmp_path), "serve"]) == 0
    (server,) = started
    assert server.app_args == ["--no-ascii", "--theme", "nord"]  # type: ignore[attr-defined]
    assert main(["--saves-dir", str(tmp_path), "serve"]) == 0
    assert started[-1].app_args == []  # type: ignore[attr-defined]
