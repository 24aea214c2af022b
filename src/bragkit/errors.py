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
