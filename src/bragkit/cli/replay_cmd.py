"""``brag replay FILE [--json] [--as pN] [--max-bytes N]``: re-play a hand history,
validating every action.

An illegal or malformed action prints one line naming the deal, the action's position,
the seat and the rule broken, and exits with status 2.  A casino history (its "rules" name
a casino preset) is re-played by :func:`bragkit.games.casino.table.replay_casino`.  The
history is read with a bounded read and re-played deal by deal
(:func:`bragkit.history.stream.replay_to`), so memory does not grow with the number of
deals; the output is written only once the whole history has replayed.
"""

from __future__ import annotations

import tempfile

import click

from bragkit.cli import cli
from bragkit.errors import HistoryError, excerpt
from bragkit.history.stream import MAX_HISTORY_BYTES, read_history_text, replay_to

__all__ = ["replay_command"]


def _seat(text: str | None) -> int | None:
    """``--as p2`` as a 0-based seat (None without ``--as``)."""
    if text is None:
        return None
    digits = text[1:] if text[:1] in "pP" else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 3 or int(digits) < 1:
        raise HistoryError(f"--as {excerpt(text)}: name a seat like p2")
    return int(digits) - 1


@cli.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the result as JSON.")
@click.option("--as", "seat", metavar="SEAT",
              help="Show only what SEAT (p1, p2, ...) was allowed to see: its own cards once "
                   "looked at, hands shown to it, the events as it saw them.")
@click.option("--max-bytes", type=click.IntRange(min=1), default=MAX_HISTORY_BYTES,
              show_default=True, help="Refuse a history file larger than this.")
def replay_command(file: str, as_json: bool, seat: str | None, max_bytes: int) -> None:
    """Re-play the hand history FILE and show what happened.

    The history is the full record: without --as this prints every hand dealt, shown or
    not (folded and blind hands included). --as p2 prints only what p2 was allowed to see.

    The JSON output has "stacks" (the final stack of each seat), "pot" (chips still on the
    table, such as a carried pot) and "deals", each with "hands" (keyed "p1", ...) and
    "winners" (a casino history: "p1" and "dealer" hands, "pot" 0).
    """
    where = _seat(seat)
    text = read_history_text(file, max_bytes)
    with tempfile.TemporaryFile("w+", encoding="utf-8") as spool:
        replay_to(spool, text, as_json=as_json, seat=where)
        del text
        spool.seek(0)
        while chunk := spool.read(1 << 16):
            click.echo(chunk, nl=False)
