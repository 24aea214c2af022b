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
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, Self, TypeVar

from bragkit.engine.actions import allowed
from bragkit.engine.kinds import Phase

if TYPE_CHECKING:
    from bragkit.engine.actions import Action, LegalAction
    from bragkit.engine.contract import SeatView

__all__ = ["Line", "LineCore", "LineWork", "Machine", "MachineLine", "Snapshot", "move_on"]

P_OVER: Final = Phase.OVER


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

    def moves(self) -> tuple[tuple[int, ...], tuple[Action, ...]]:
        """``(seats, acts)`` in one call (what a table records as a deal ends)."""
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

    def view(self, seat: int) -> SeatView:
        """``seat``'s view of the deal now, equal to ``self.state().view(seat)``."""
        ...


class Snapshot(Protocol):
    """An immutable deal state a line hands out (it re-applies actions to the newest one)."""

    def apply_move(self, seat: int, action: Action) -> Self:
        """The state after ``seat`` takes ``action``."""
        ...


S = TypeVar("S", bound=Snapshot)


class Machine(LineWork, Protocol[S]):
    """The mutable machine of a :class:`MachineLine`: it logs the events of its steps
    since its base (unless ``quiet``) and freezes into the next state."""

    quiet: bool
    """Log no events (a step that no read will freeze)."""

    @property
    def base(self) -> object:
        """The newest state the machine continues from (its last freeze, or None)."""
        ...

    def rebase(self, snap: S) -> None:
        """Continue from ``snap``: it becomes the base, with no events of the machine's own."""
        ...

    def freeze(self, cls: type[S], seat: int, action: Action | None) -> S:
        """The ``cls`` state after the machine's steps since its base (``action`` by
        ``seat`` logged unless None)."""
        ...


class LineCore(ABC):
    """What every line shares: its machine, the log of the actions played and the legal
    actions of the situation, computed once (:meth:`_legal_now`); the brag-style
    :class:`~bragkit.engine.brag.line.DealLine` builds on it, every other engine's line on
    :class:`MachineLine`."""

    __slots__ = ("_acts", "_legal", "_seats", "work")

    work: LineWork
    """The machine: the deal as it stands now (read it, never change it)."""

    def __init__(self, work: LineWork) -> None:
        self.work = work
        self._seats: list[int] = []
        self._acts: list[Action] = []
        self._legal: tuple[LegalAction, ...] | None = None

    @property
    def to_act(self) -> int:
        """The seat to act (-1 once the deal is over)."""
        return self.work.to_act

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.work.phase == P_OVER

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each action played, in order."""
        return tuple(self._seats)

    @property
    def acts(self) -> tuple[Action, ...]:
        """The actions played, in order."""
        return tuple(self._acts)

    def moves(self) -> tuple[tuple[int, ...], tuple[Action, ...]]:
        """``(seats, acts)`` in one call (a property read from Python costs more than a
        method call: what a table records as a deal ends)."""
        return tuple(self._seats), tuple(self._acts)

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now (computed once per situation)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.work.phase == P_OVER else self._legal_now()
        return legal

    @abstractmethod
    def _legal_now(self) -> tuple[LegalAction, ...]:
        """The legal actions of the machine's seat to act (the deal is not over)."""


class MachineLine(LineCore, Generic[S]):
    """What every line on a :class:`Machine` shares: the machine, its legal actions (once
    per situation), the step with its check, the log of the actions played and the
    immutable states built when read (:meth:`state`), from the machine when one action is
    missing (one freeze), else by re-applying the missing actions to the newest state
    built, so that every state of the chain exists.  An engine's line says which state it
    builds (:attr:`state_class`), what its machine may do (:meth:`_legal_now`), how it
    steps (:meth:`_step`) and how it reads an action no legal action allows
    (:meth:`_admit`)."""

    __slots__ = ("_done", "_snap", "_start")

    state_class: type[S]
    """The engine's immutable state (the machine freezes into it)."""
    work: Machine[S]

    def __init__(self, start: Callable[[], S], work: Machine[S]) -> None:
        """A line from the machine ``work`` fresh from the deal and ``start``, which builds
        the deal's first state when a state is first read."""
        super().__init__(work)
        self._start = start
        self._snap: S | None = None
        self._done = 0

    def apply(self, action: Action) -> None:
        """The seat to act takes ``action`` (IllegalActionError, naming the rule, if it may
        not; the line is then unchanged)."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if not allowed(legal, action):
            action = self._admit(action)
        w = self.work
        p = w.to_act
        # the events count only if the next read freezes the machine; otherwise a read
        # re-applies the actions to the newest state
        snap = self._snap
        w.quiet = snap is None or self._done != len(self._acts) or w.base is not snap
        self._step(p, action)
        self._seats.append(p)
        self._acts.append(action)
        self._legal = None

    def state(self) -> S:
        """The immutable state of the line now (built on the first read, then kept)."""
        done, k = self._done, len(self._acts)
        snap = self._snap
        w = self.work
        if snap is None:
            snap = self._snap = self._first_state(k)
            if k == 0:  # the machine now continues from this state
                w.rebase(snap)
        if done == k:
            return snap
        if done == k - 1 and w.base is snap:
            snap = w.freeze(self.state_class, self._seats[-1], self._acts[-1])
        else:
            seats, acts = self._seats, self._acts
            for i in range(done, k):
                snap = snap.apply_move(seats[i], acts[i])
        w.rebase(snap)
        self._snap = snap
        self._done = k
        return snap

    def _first_state(self, played: int) -> S:
        """The deal's first state, ``played`` actions into the deal (dealt again)."""
        return self._start()

    @abstractmethod
    def _step(self, seat: int, action: Action) -> None:
        """``seat`` (to act) takes the legal ``action`` on the machine."""

    @abstractmethod
    def _admit(self, action: Action) -> Action:
        """``action``, which no legal action allows as written, as the engine reads it if it
        is legal written so; else IllegalActionError naming the rule."""


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
