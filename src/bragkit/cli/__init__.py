"""The ``brag`` command line.

Each subcommand lives in its own module of this package, listed in
:data:`COMMANDS` and imported only when that subcommand runs (or ``brag --help``
lists them all).  Errors a user can cause (:class:`bragkit.errors.BragError`) print one
line on stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, Final

import click

from bragkit.errors import BragError

__all__ = ["COMMANDS", "main"]


COMMANDS: Final = {
    "casino": "casino_cmd",
    "compare": "hands_cmds",
    "connect": "connect_cmd",
    "equity": "equity_cmd",
    "odds": "hands_cmds",
    "play": "play_cmd",
    "replay": "replay_cmd",
    "rules": "rules_cmd",
    "serve": "serve_cmd",
    "simulate": "simulate_cmd",
    "solve": "solve_cmd",
}
"""Each subcommand and the module of this package that registers it (on import, with
``@cli.command``).  A new subcommand adds one line here: only the module of the
subcommand being run is imported, so ``brag odds --help`` loads no engine, no numpy."""


class BragGroup(click.Group):
    """A click group that turns every :class:`BragError` into one line and exit 2, and
    loads its subcommands lazily (:data:`COMMANDS`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        if self is not cli:
            return super().list_commands(ctx)
        return sorted(set(self.commands) | set(COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if self is cli and cmd_name not in self.commands and cmd_name in COMMANDS:
            importlib.import_module(f"bragkit.cli.{COMMANDS[cmd_name]}")
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except BragError as error:
            click.echo(f"brag: error: {error}", err=True)
            sys.exit(2)


@click.group(cls=BragGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="bragkit", prog_name="brag")
def cli() -> None:
    """bragkit: play, replay and analyse Brag and its family of card games."""


def _register() -> None:
    """Import every subcommand module (tests use the whole group; ``brag`` itself loads
    only the subcommand it runs)."""
    for module in sorted(set(COMMANDS.values())):
        importlib.import_module(f"bragkit.cli.{module}")


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``brag`` console script.

    Usage errors (unknown options, bad choices) print one line and exit 2, like
    every other bad input.  A group without a subcommand (``brag``, ``brag casino``)
    prints its help and exits 0.
    """
    try:
        cli.main(args=argv, prog_name="brag", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as error:  # bare `brag`, `brag casino`
        click.echo(error.ctx.get_help() if error.ctx is not None else error.format_message())
        sys.exit(0)
    except click.UsageError as error:
        hint = f" (try '{error.ctx.command_path} --help')" if error.ctx is not None else ""
        click.echo(f"brag: error: {error.format_message()}{hint}", err=True)
        sys.exit(2)
    except click.ClickException as error:
        click.echo(f"brag: error: {error.format_message()}", err=True)
        sys.exit(error.exit_code)
    except click.Abort:
        click.echo("brag: interrupted", err=True)
        sys.exit(130)
    except BragError as error:
        click.echo(f"brag: error: {error}", err=True)
        sys.exit(2)
