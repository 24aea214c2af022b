"""One line of play of a poker-style deal on a mutable machine, with immutable snapshots.

A :class:`PokerLine` plays a deal forward on one :class:`~bragkit.engine.poker.core.PokerWork`
that it keeps from action to action (the betting machine and the games' hooks change it in
place, as inside every transition: no state is built per action), and caches the legal
actions of the current situation.  The immutable
:class:`~bragkit.engine.poker.state.PokerState` is built only when someone reads it
(:meth:`PokerLine.state`): from the machine when one action is missing (one freeze), else by
re-applying the missing actions to the newest state built (every state of the chain then
exists, ``origin`` links included).  States handed out never change.

A poker-style table (:class:`~bragkit.engine.poker.session.PokerSession`) plays each deal on
a line (the brag-style one is :class:`~bragkit.engine.brag.line.DealLine`; both follow
:class:`~bragkit.engine.lines.Line`).

>>> from functools import partial
>>> from bragkit.engine.actions import interned
>>> from bragkit.engine.poker.state import PokerState, start_work
>>> from bragkit.rules import get_preset
>>> args = (get_preset("foster"), (20, 20, 20), 2, tuple(range(52)))
>>> line = PokerLine(partial(PokerState.start, *args), start_work(*args))
>>> line.apply(interned("ante", 2)); line.apply(interned("fold"))
>>> line.to_act, line.state() == PokerState.start(*args).apply("ante 2").apply("fold")
(1, True)
>>> line.apply(interned("raise", 11))
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: p2 raise 11: a raise must be 1..10 chips (the betting limit...
"""

from __future__ import annotations

from collections.abc import Callable

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.lines import MachineLine
from bragkit.engine.poker.core import PokerWork, legal_now
from bragkit.engine.poker.diagnose import diagnose
from bragkit.engine.poker.state import PokerState, play
from bragkit.errors import IllegalActionError

__all__ = ["PokerLine"]


class PokerLine(MachineLine[PokerState]):
    """A poker-style deal played forward on a mutable machine (see the module)."""

    __slots__ = ("work",)

    def __init__(self, start: Callable[[], PokerState], work: PokerWork) -> None:
        """A line from the machine ``work`` fresh from the deal
        (:func:`~bragkit.engine.poker.state.start_work`) and ``start``, which builds the
        deal's first state when a state is first read."""
        super().__init__(start)
        self.work = work
        """The machine: the deal as it stands now (read it, never change it)."""

    @property
    def to_act(self) -> int:
        """The seat to act (-1 once the deal is over)."""
        return self.work.to_act

    @property
    def is_over(self) -> bool:
        """Whether the deal has ended."""
        return self.work.phase == "over"

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now (computed once per situation)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = () if self.work.phase == "over" else legal_now(self.work)
        return legal

    def apply(self, action: Action) -> None:
        """The seat to act takes ``action`` (IllegalActionError, naming the rule, if it may
        not; the line is then unchanged)."""
        for la in self.legal_actions():
            if la.allows(action):
                break
        else:
            raise IllegalActionError(diagnose(self.state(), action))
        w = self.work
        p = w.to_act
        # the events count only if the next read freezes the machine; otherwise a read
        # re-applies the actions to the newest state
        w.quiet = not self._step_counts()
        play(w, p, action)
        self._played(p, action)

    def _based_on(self, snap: PokerState) -> bool:
        return self.work.base is snap

    def _freeze(self, seat: int, action: Action) -> PokerState:
        return self.work.freeze(PokerState, seat, action)

    def _rebase(self, snap: PokerState) -> None:
        self.work.base = snap
        self.work.new_events.clear()
