"""Click parameter types for the bounded numbers of the command line (docs/limits.md).

:class:`Whole` reads a whole number with :func:`bragkit.limits.parse_int`: ASCII digits
only, a bounded length, a documented range; anything else is one usage line and exit 2.

>>> import click
>>> Whole(1, 10).convert("7", None, None)
7
>>> try:
...     Whole(1, 10).convert("99", None, None)
... except click.BadParameter as error:
...     print(error.message)
number too large (99; at most 10)
"""

from __future__ import annotations

import click

from bragkit.errors import BragError, excerpt
from bragkit.limits import MAX_DIGITS, MAX_HANDS, MAX_SEED, MAX_STACK, parse_int

__all__ = ["HANDS", "SEED", "STACK", "Whole"]


class Whole(click.ParamType[int]):
    """A whole number in ``lo..hi`` (ASCII digits; a numeral too long is refused unread)."""

    name = "integer"

    def __init__(self, lo: int, hi: int) -> None:
        self.lo = lo
        self.hi = hi

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        """``INTEGER`` in help texts."""
        return "INTEGER"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> int:
        """The number, or a click usage error naming the bound broken."""
        if isinstance(value, int) and not isinstance(value, bool):
            text = str(value)
        elif isinstance(value, str):
            text = value
        else:
            self.fail(f"{excerpt(value)} is not a whole number", param, ctx)
        try:
            number = parse_int(text, "value", -(10**MAX_DIGITS), self.hi)
        except BragError as error:
            self.fail(str(error).removeprefix("value: "), param, ctx)
        if number < self.lo:  # click's own wording for a range
            self.fail(f"{number} is not in the range {self.lo}<=x<={self.hi}.", param, ctx)
        return number

    def __repr__(self) -> str:
        return f"Whole({self.lo}, {self.hi})"


SEED = Whole(0, MAX_SEED)
"""A random seed: 0..MAX_SEED."""
HANDS = Whole(1, MAX_HANDS)
"""A number of hands or deals: 1..MAX_HANDS."""
STACK = Whole(1, MAX_STACK)
"""A starting stack or bankroll: 1..MAX_STACK."""
