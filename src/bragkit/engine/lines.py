"""What a table needs from a deal played on a mutable machine (a *line*): the one protocol
the brag-style :class:`~bragkit.engine.brag.line.DealLine` and the poker-style
:class:`~bragkit.engine.poker.line.PokerLine` both follow, so that one table class
(:class:`~bragkit.engine.session.Session`) plays either.

A line keeps one mutable copy of the deal (its ``work``) from action to action and builds the
immutable state only when someone reads it (:meth:`Line.state`).  (mypy checks that both
lines follow the protocol where the table holds them.)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

if TYPE_CHECKING:
    from bragkit.engine.actions import Action, LegalAction

__all__ = ["Line", "LineWork", "MachineLine", "Snapshot", "move_on"]


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


class Snapshot(Protocol):
    """An immutable deal state a line hands out (it re-applies actions to the newest one)."""

    def apply_move(self, seat: int, action: Action) -> Self:
        """The state after ``seat`` takes ``action``."""
        ...


S = TypeVar("S", bound=Snapshot)


class MachineLine(ABC, Generic[S]):
    """What every line shares: the log of the actions played and the immutable states built
    when read (:meth:`state`), from the machine when one action is missing (one freeze),
    else by re-applying the missing actions to the newest state built, so that every state
    of the chain exists.  An engine's line adds its machine, its legal actions and its step,
    and says how its machine freezes (the abstract methods)."""

    __slots__ = ("_acts", "_done", "_legal", "_seats", "_snap", "_start")

    def __init__(self, start: Callable[[], S]) -> None:
        """``start`` builds the deal's first state (when a state is first read)."""
        self._start = start
        self._snap: S | None = None
        self._done = 0
        self._seats: list[int] = []
        self._acts: list[Action] = []
        self._legal: tuple[LegalAction, ...] | None = None

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each action played, in order."""
        return tuple(self._seats)

    @property
    def acts(self) -> tuple[Action, ...]:
        """The actions played, in order."""
        return tuple(self._acts)

    def _played(self, seat: int, action: Action) -> None:
        """Log a step the machine has taken (the legal actions change with it)."""
        self._seats.append(seat)
        self._acts.append(action)
        self._legal = None

    def _step_counts(self) -> bool:
        """Whether the step about to be taken will be frozen by the next read (so its events
        are needed): the newest state built is the machine's base, no action behind."""
        snap = self._snap
        return snap is not None and self._done == len(self._acts) and self._based_on(snap)

    def state(self) -> S:
        """The immutable state of the line now (built on the first read, then kept)."""
        done, k = self._done, len(self._acts)
        snap = self._snap
        if snap is None:
            snap = self._snap = self._first_state(k)
            if k == 0:  # the machine now continues from this state
                self._rebase(snap)
        if done == k:
            return snap
        if done == k - 1 and self._based_on(snap):
            snap = self._freeze(self._seats[-1], self._acts[-1])
        else:
            seats, acts = self._seats, self._acts
            for i in range(done, k):
                snap = snap.apply_move(seats[i], acts[i])
        self._rebase(snap)
        self._snap = snap
        self._done = k
        return snap

    def _first_state(self, played: int) -> S:
        """The deal's first state, ``played`` actions into the deal (dealt again)."""
        return self._start()

    @abstractmethod
    def _based_on(self, snap: S) -> bool:
        """Whether the machine's last freeze (its base) is ``snap``."""

    @abstractmethod
    def _freeze(self, seat: int, action: Action) -> S:
        """The state after the machine's one step since its base (``action`` by ``seat``)."""

    @abstractmethod
    def _rebase(self, snap: S) -> None:
        """The machine continues from ``snap``: its base, no events of its own."""


def move_on(line: Line, seat: int, action: Action | str) -> None:
    """``seat`` takes ``action`` (an action or its text) on ``line``: a table's
    ``apply_move``, which refuses a seat out of turn naming the turn order's rule.

    >>> from functools import partial
    >>> from bragkit.engine.poker.line import PokerLine
    >>> from bragkit.engine.poker.state import PokerState, start_work
    >>> from bragkit.rules import get_preset
    >>> args = (get_preset("foster"), (20, 20, 20), 2, tuple(range(52)))
    >>> line = PokerLine(partial(PokerState.start, *args), start_work(*args))
    >>> move_on(line, 0, "ante 2")
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: p1 ante 2: it is p3's turn, not p1's (turn order, rules 4.1)
    >>> move_on(line, 2, "ante 2"); line.to_act
    0
    """
    from bragkit.engine.actions import format_move, parse_action
    from bragkit.errors import IllegalActionError

    if isinstance(action, str):
        action = parse_action(action)
    to_act = line.work.to_act
    if seat != to_act:
        raise IllegalActionError(
            f"{format_move(seat, action)}: it is p{to_act + 1}'s turn, not p{seat + 1}'s "
            f"(turn order, rules {line.state().turn_rule()})")
    line.apply(action)
