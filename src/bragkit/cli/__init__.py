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

__all__ = ["COMMANDS", "SUMMARIES", "main"]


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

SUMMARIES: Final = {
    "casino": "Casino 3 Card Brag (and Three Card Poker) against the dealer.",
    "compare": 'Rank HANDS, best first; each HAND is one argument such as "As Kd Qh".',
    "connect": "Play at the card-room table of URL (an invite or a seat's link) from the "
               "terminal.",
    "equity": "The chance that HAND wins, ties or loses against unknown hands.",
    "odds": "Print the exact odds of each category, by enumerating every hand.",
    "play": "Play at a terminal table against bots; every deal is saved for 'brag replay'.",
    "replay": "Re-play the hand history FILE and show what happened.",
    "rules": "List the rule keys of PRESET: value, default and meaning of each.",
    "serve": "Run the card room: private tables by link, people and bots playing every game.",
    "simulate": "Simulate bots playing HANDS deals and summarise each bot's results.",
    "solve": "Solve a heads-up game by vector-form CFR and save the equilibrium strategy.",
}
"""The first sentence of each subcommand's help, so that ``brag --help`` lists them without
importing any of them (a test keeps these equal to the commands' own help)."""


class BragGroup(click.Group):
    """A click group that turns every :class:`BragError` into one line and exit 2, and
    loads its subcommands lazily (:data:`COMMANDS`)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        if self is not cli:
            return super().list_commands(ctx)
        return sorted(set(self.commands) | set(COMMANDS))

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self is not cli:
            super().format_commands(ctx, formatter)
            return
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(name) for name in names)
        rows = [(name, click.Command(name, help=SUMMARIES[name]).get_short_help_str(limit))
                for name in names]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

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
