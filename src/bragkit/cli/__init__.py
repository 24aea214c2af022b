"""The ``brag`` command line.

Each subcommand lives in its own module of this package and is registered
below.  Errors a user can cause (:class:`bragkit.errors.BragError`) print one
line on stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from bragkit.errors import BragError

__all__ = ["main"]


class BragGroup(click.Group):
    """A click group that turns every :class:`BragError` into one line and exit 2."""

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
    # Subcommand modules register themselves on import: keep this list sorted.
    from bragkit.cli import casino_cmd  # noqa: F401, I001 (one line per command)
    from bragkit.cli import connect_cmd  # noqa: F401
    from bragkit.cli import equity_cmd  # noqa: F401
    from bragkit.cli import hands_cmds  # noqa: F401
    from bragkit.cli import play_cmd  # noqa: F401
    from bragkit.cli import replay_cmd  # noqa: F401
    from bragkit.cli import rules_cmd  # noqa: F401
    from bragkit.cli import serve_cmd  # noqa: F401
    from bragkit.cli import simulate_cmd  # noqa: F401
    from bragkit.cli import solve_cmd  # noqa: F401


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``brag`` console script.

    Usage errors (unknown options, bad choices) print one line and exit 2, like
    every other bad input.  A group without a subcommand (``brag``, ``brag casino``)
    prints its help and exits 0.
    """
    _register()
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
