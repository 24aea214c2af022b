"""``brag replay FILE [--json]``: re-play a hand history, validating every action.

An illegal or malformed action prints one line naming the deal, the action's position,
the seat and the rule broken, and exits with status 2.  A casino history (its "rules" name
a casino preset) is re-played by :func:`bragkit.games.casino_table.replay_casino`.
"""

from __future__ import annotations

import json

import click

from bragkit.cli import cli
from bragkit.games.casino_table import load_casino, replay_casino
from bragkit.history import load, replay

__all__ = ["replay_command"]


@cli.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
def replay_command(file: str, as_json: bool) -> None:
    """Re-play the hand history FILE and show what happened.

    The JSON output has "stacks" (the final stack of each seat), "pot" (chips still on the
    table, such as a carried pot) and "deals", each with "hands" (keyed "p1", ...) and
    "winners" (a casino history: "p1" and "dealer" hands, "pot" 0).
    """
    casino = load_casino(file)
    result = replay_casino(casino) if casino is not None else replay(load(file))
    if as_json:
        click.echo(json.dumps(result.summary(), indent=2))
    else:
        click.echo(result.text())
