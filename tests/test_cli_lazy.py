"""The ``brag`` group loads its subcommands lazily (issue 15, start-up): every subcommand is
listed in ``bragkit.cli.COMMANDS``, and running one imports only its own module."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

import bragkit.cli as cli_package
from bragkit.cli import COMMANDS, _register, cli


def test_commands_lists_every_subcommand_module_and_every_command() -> None:
    here = Path(cli_package.__file__).parent
    modules = {p.stem for p in here.glob("*.py") if p.stem.endswith(("_cmd", "_cmds"))}
    assert set(COMMANDS.values()) == modules
    _register()
    assert set(cli.commands) == set(COMMANDS)


def test_help_lists_every_command() -> None:
    out = CliRunner().invoke(cli, ["--help"]).output
    listed = [line.split()[0] for line in out.split("Commands:")[1].splitlines() if line.strip()]
    assert listed == sorted(COMMANDS)


_PROBE = """
import json, sys
from bragkit.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
names = [m for m in sys.modules if m.startswith("bragkit.cli.") or m == "numpy"
         or m.startswith("bragkit.engine")]
print(json.dumps(sorted(names)), file=sys.stderr)
"""


def _loaded(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True,
                          text=True, check=True, timeout=60)
    loaded: list[str] = json.loads(done.stderr.strip().splitlines()[-1])
    return loaded


def test_odds_help_loads_only_its_own_module_and_no_numpy() -> None:
    loaded = _loaded("odds", "--help")
    assert "bragkit.cli.hands_cmds" in loaded
    assert "numpy" not in loaded and not any(m.startswith("bragkit.engine") for m in loaded)
    others = {f"bragkit.cli.{m}" for m in COMMANDS.values()} - {"bragkit.cli.hands_cmds"}
    assert not others & set(loaded)


def test_an_unknown_command_is_one_line_and_exit_2() -> None:
    done = subprocess.run([sys.executable, "-m", "bragkit", "nosuch"], capture_output=True,
                          text=True, check=False, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "No such command 'nosuch'" in done.stderr


def test_summaries_are_each_commands_own_first_sentence() -> None:
    _register()
    assert set(cli_package.SUMMARIES) == set(COMMANDS)
    for name, summary in cli_package.SUMMARIES.items():
        command = cli.commands[name]
        assert (command.help or "").split("\n\n")[0].strip() == summary, name


def test_group_help_loads_no_subcommand_module() -> None:
    loaded = _loaded("--help")
    assert not {f"bragkit.cli.{m}" for m in COMMANDS.values()} & set(loaded)
    assert "numpy" not in loaded
