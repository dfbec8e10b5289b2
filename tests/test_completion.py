"""``rummy-tui completion bash|zsh|tcsh`` (issue 30): a static script, made by shtab from the
parser, that offers the sub-commands, the options, the variants and the themes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from rummy_tui.cli import COMMANDS, main
from rummy_tui.core.variants import VARIANTS


def _script(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("shell", ["bash", "zsh", "tcsh"])
def test_the_script_names_the_commands_and_the_variants(
    shell: str, capsys: pytest.CaptureFixture[str]
) -> None:
    script = _script(shell, capsys)
    for name in COMMANDS:
        assert name in script, name
    assert " ".join(VARIANTS) in script  # --variant's choices, in the parser's order
    if shell != "tcsh":  # shtab's tcsh script completes words, not options
        assert "--no-ascii" in script and "nord" in script


def test_bash_completes_a_sub_command_and_a_variant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bash = shutil.which("bash")
    assert bash is not None
    script = tmp_path / "rummy-tui.bash"
    script.write_text(_script("bash", capsys))

    def complete(*words: str) -> list[str]:
        line = " ".join(words)
        code = (f'source "{script}"; COMP_WORDS=({" ".join(repr(w) for w in words)}); '
                f"COMP_CWORD={len(words) - 1}; COMP_LINE={line!r}; COMP_POINT={len(line)}; "
                f"_shtab_rummy_tui rummy-tui {words[-1]!r} {words[-2]!r}; "
                'printf "%s\\n" "${COMPREPLY[@]}"')
        done = subprocess.run([bash, "--norc", "-c", code], capture_output=True, text=True,
                              timeout=60)
        assert done.returncode == 0, done.stderr
        return sorted(done.stdout.split())

    assert complete("rummy-tui", "s") == ["saves", "schema", "serve", "simulate", "stats"]
    assert complete("rummy-tui", "new", "--variant", "rem") == [
        "remi", "remigio", "remigio-fournier"]
    assert complete("rummy-tui", "--theme", "nor") == ["nord"]


def test_a_shell_it_cannot_write_for_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "fish"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bash" in err and "zsh" in err


def test_the_choices_are_the_scripts_only(capsys: pytest.CaptureFixture[str]) -> None:
    # the parser itself still answers a wrong variant in its own words
    assert main(["new", "--variant", "gin", "--players", "Ann,Bob"]) == 2
    assert "unknown variant 'gin'" in capsys.readouterr().err
