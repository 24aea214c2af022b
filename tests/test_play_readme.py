"""The README's shell commands work as written (its Python examples run as doctests).

Every ``brag ...`` line of the README's ``sh`` blocks is run, in order, in an empty directory,
through a shell whose PATH holds the virtualenv's ``bin`` (as after ``source
.venv/bin/activate``), with no input (the interactive ``brag play`` and ``brag casino play``
stop at the end of input).  Only the simulations' ``-n`` is cut down, to keep the suite fast.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BIN = Path(sys.executable).parent
_SLOW = re.compile(r"^brag (?:casino )?simulate\b")


def _sh_lines(text: str) -> list[str]:
    """The command lines of the ``sh`` blocks, comments dropped."""
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text, flags=re.S):
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words:
                lines.append(shlex.join(words))
    return lines


def _env(tmp_path: Path, path: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV",)}
    env.update(PATH=path, BRAG_HISTORY_DIR=str(tmp_path / "histories"), COLUMNS="100")
    return env


def _without_venv() -> str:
    return os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                           if p and Path(p).resolve() != BIN.resolve())


def test_the_readme_brag_commands_run_as_written(tmp_path: Path) -> None:
    commands = [c for c in _sh_lines(README.read_text(encoding="utf-8"))
                if c.startswith("brag ")]
    assert len(commands) >= 15, commands
    assert any(c.startswith("brag replay game.json") for c in commands)
    path = os.pathsep.join([str(BIN), _without_venv()])
    for command in commands:
        if _SLOW.match(command):
            command = re.sub(r"-n \d+", "-n 200", command)
        proc = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=_env(tmp_path, path),
                              stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=240)
        assert proc.returncode == 0, f"{command}: {proc.stderr[-500:]}"
        assert "Traceback" not in proc.stderr, command
    assert (tmp_path / "game.json").exists() and (tmp_path / "duel.png").exists()


def test_the_readme_says_how_to_reach_brag(tmp_path: Path) -> None:
    text = README.read_text(encoding="utf-8")
    assert "source .venv/bin/activate" in _sh_lines(text)
    activate = BIN / "activate"
    if not activate.exists():
        pytest.skip("not running from a virtualenv with an activate script")
    bare = _env(tmp_path, _without_venv() or "/usr/bin:/bin")
    found = subprocess.run(["bash", "-c", "command -v brag"], env=bare, capture_output=True,
                           text=True)
    if found.returncode == 0 and Path(found.stdout.strip()).parent.resolve() != BIN.resolve():
        pytest.skip("another brag is on the PATH")
    # what a new user types after the two set-up commands
    proc = subprocess.run(["bash", "-c", f"source {shlex.quote(str(activate))} && brag odds"],
                          cwd=tmp_path, env=bare, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "prial" in proc.stdout and "odds against" in proc.stdout
