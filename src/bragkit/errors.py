"""The exceptions bragkit raises.

Every error a user can cause derives from :class:`BragError`, so a command line
or a server can catch one type and print one clear line.

>>> from bragkit.cards import parse_cards
>>> try:
...     parse_cards("As Zz")
... except BragError as error:
...     print(error)
bad card 'Zz' in 'As Zz'
"""

from __future__ import annotations

import reprlib


class BragError(Exception):
    """Base class of every error caused by bad input or an illegal request."""


class CardError(BragError, ValueError):
    """A malformed card, a duplicated card or a hand of the wrong size."""


class RulesError(BragError, ValueError):
    """An unknown ranking, preset or option, or an impossible combination of rules."""


class IllegalActionError(BragError, ValueError):
    """An action the rules do not allow in the current state.

    The state it was applied to is left unchanged.
    """


class HistoryError(BragError, ValueError):
    """A hand-history file that cannot be read or does not replay."""



EXCERPT = 60
"""Characters of user input an error message quotes at most (see :func:`excerpt`)."""


class _ShortRepr(reprlib.Repr):
    """A bounded ``repr``: an integer too long to print gives its size instead."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxtuple = self.maxlist = self.maxset = self.maxfrozenset = 6
        self.maxdict = 4
        self.maxstring = self.maxlong = self.maxother = EXCERPT

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 200:
            return f"<an integer of {x.bit_length()} bits>"
        return super().repr_int(x, level)


_SHORT = _ShortRepr()


def _printable(text: str) -> str:
    """``text`` with newlines and other control characters escaped as ``repr`` does."""
    return text if text.isprintable() else repr(text)[1:-1]


def excerpt(text: object, limit: int = EXCERPT, *, quote: bool = True) -> str:
    """``repr(text)`` cut to about ``limit`` characters, for quoting input in an error.

    Error messages quote what the user gave; a 50 MB action string must not give a 50 MB
    error line.  A long text keeps its start and says how long the whole was; any other
    value is shown by a bounded ``repr`` (nested lists, huge integers included).
    ``quote=False`` leaves a text unquoted (for a message that brackets it itself).

    >>> excerpt("p2 fold")
    "'p2 fold'"
    >>> excerpt("p1 bet " + "9" * 1000)
    "'p1 bet 999999999999999999999999999999999999999999999'... (1007 characters)"
    >>> excerpt([[1, 2, 3]] * 100)
    '[[1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3], [1, 2, 3], ...]'
    >>> excerpt(10 ** 5000)
    '<an integer of 16610 bits>'
    >>> excerpt("p2 " + "x" * 100, 20, quote=False)
    'p2 xxxxxxxxx... (103 characters)'
    >>> print(excerpt("p1 bet\\n4", quote=False))   # an error stays one line
    p1 bet\\n4
    """
    if isinstance(text, str):
        if len(text) <= limit:
            return repr(text) if quote else _printable(text)
        cut = text[:max(limit - 8, 1)]
        return f"{cut!r}... ({len(text)} characters)" if quote else \
            f"{_printable(cut)}... ({len(text)} characters)"
    shown = _SHORT.repr(text)
    return shown if len(shown) <= 2 * limit else f"{shown[:2 * limit]}..."
