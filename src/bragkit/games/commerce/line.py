"""One line of play of a Commerce deal on a mutable machine, with immutable snapshots.

A :class:`CommerceLine` plays a deal forward on one :class:`~bragkit.games.commerce.core.Draft`
that it keeps from action to action (the games' hooks change it in place, as inside every
transition: no state is built per action), and caches the legal actions of the current
situation.  The immutable :class:`~bragkit.games.commerce.state.CommerceState` is built only
when someone reads it (:meth:`CommerceLine.state`): from the machine when one action is
missing (one freeze), else by re-applying the missing actions to the newest state built
(every state of the chain then exists, ``origin`` links included).  It follows
:class:`~bragkit.engine.lines.Line`, as the other engines' lines do.

>>> from functools import partial
>>> from bragkit.engine.actions import interned
>>> from bragkit.games.commerce.state import CommerceState, start_draft
>>> from bragkit.rules import get_preset
>>> args = (get_preset("commerce"), (10, 10, 10), 2, tuple(range(52)))
>>> line = CommerceLine(partial(CommerceState.start, *args), start_draft(*args))
>>> line.apply(interned("trade", None, "2c")); line.apply(interned("pass"))
>>> line.to_act, line.state() == CommerceState.start(*args).apply("trade 2c").apply("pass")
(1, True)
>>> line.apply(interned("trade", None, "As"))
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: p2 trade As: p2 does not hold As; ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.kinds import Phase
from bragkit.errors import IllegalActionError
from bragkit.games.commerce.core import Draft
from bragkit.games.commerce.diagnose import canonical, diagnose
from bragkit.games.commerce.state import CommerceState

__all__ = ["CommerceLine"]

P_OVER: Final = Phase.OVER


class CommerceLine:
    """A Commerce deal played forward on a mutable machine (see the module)."""

    __slots__ = ("_acts", "_done", "_legal", "_seats", "_snap", "_start", "work")

    def __init__(self, start: Callable[[], CommerceState], work: Draft) -> None:
        """A line from the machine ``work`` fresh from the deal
        (:func:`~bragkit.games.commerce.state.start_draft`) and ``start``, which builds the
        deal's first state when a state is first read."""
        self.work = work
        """The machine: the deal as it stands now (read it, never change it)."""
        self._start = start
        self._snap: CommerceState | None = None
        self._done = 0
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
        return self.work.phase is P_OVER

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat of each action played, in order."""
        return tuple(self._seats)

    @property
    def acts(self) -> tuple[Action, ...]:
        """The actions played, in order."""
        return tuple(self._acts)

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now (computed once per situation)."""
        legal = self._legal
        if legal is None:
            w = self.work
            legal = self._legal = () if w.phase is P_OVER else w.game.legal(w)
        return legal

    def apply(self, action: Action) -> None:
        """The seat to act takes ``action`` (IllegalActionError, naming the rule, if it may
        not; the line is then unchanged).  Cards written another way (``10s``, another
        order) are read as the state reads them."""
        legal = self.legal_actions()
        if not any(la.allows(action) for la in legal):
            st = self.state()
            action = canonical(st, action)
            if not any(la.allows(action) for la in legal):
                raise IllegalActionError(diagnose(st, action))
        w = self.work
        p = w.to_act
        # the events count only if the next read freezes the machine (one step after the
        # newest state built); otherwise a read re-applies the actions to that state
        snap = self._snap
        w.quiet = snap is None or not (self._done == len(self._acts) and w.base is snap)
        w.game.act(w, p, action)
        self._seats.append(p)
        self._acts.append(action)
        self._legal = None

    def state(self) -> CommerceState:
        """The immutable state of the line now (built on the first read, then kept)."""
        done, k = self._done, len(self._acts)
        snap = self._snap
        w = self.work
        if snap is None:
            # no action yet: the machine is the first state (freeze it), else deal it again
            first = k == 0 and w.base is None
            snap = w.freeze(CommerceState, -1, None) if first else self._start()
            self._snap = snap
            if k == 0:  # the machine now continues from this state
                w.base = snap
                w.new_events.clear()
        if done == k:
            return snap
        if done == k - 1 and w.base is snap:
            snap = w.freeze(CommerceState, self._seats[-1], self._acts[-1])
        else:
            seats, acts = self._seats, self._acts
            for i in range(done, k):
                snap = snap.apply_move(seats[i], acts[i])
        w.base = snap
        w.new_events.clear()
        self._snap = snap
        self._done = k
        return snap
