"""What a table needs from a deal played on a mutable machine (a *line*): the one protocol
the brag-style :class:`~bragkit.engine.brag.line.DealLine` and the poker-style
:class:`~bragkit.engine.poker.line.PokerLine` both follow, so that one table class
(:class:`~bragkit.engine.session.Session`) plays either.

A line keeps one mutable copy of the deal (its ``work``) from action to action and builds the
immutable state only when someone reads it (:meth:`Line.state`).  (mypy checks that both
lines follow the protocol where the table holds them.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from bragkit.engine.actions import Action, LegalAction

__all__ = ["Line", "LineWork"]


class LineWork(Protocol):
    """The machine of a line as a table reads it between actions and at the deal's end."""

    @property
    def to_act(self) -> int:
        """The seat to act (-1 once the deal is over)."""
        ...

    @property
    def phase(self) -> str:
        """The deal's phase (``over`` once it has ended)."""
        ...

    @property
    def bought(self) -> Sequence[int]:
        """Chips each seat bought in during the deal."""
        ...


class Line(Protocol):
    """A deal in progress on a mutable machine, immutable states built when read."""

    @property
    def work(self) -> LineWork:
        """The machine: the deal as it stands now (read it, never change it)."""
        ...

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        ...

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each action played, in order."""
        ...

    @property
    def acts(self) -> tuple[Action, ...]:
        """The actions played, in order."""
        ...

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now."""
        ...

    def apply(self, action: Action) -> None:
        """The seat to act takes ``action`` (IllegalActionError if it may not)."""
        ...

    def state(self) -> Any:
        """The immutable state of the line now (built on the first read, then kept; typed as
        the table's ``state``, each engine's own state class)."""
        ...
