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
from bragkit.engine.lines import MachineLine
from bragkit.errors import IllegalActionError
from bragkit.games.commerce.core import Draft
from bragkit.games.commerce.diagnose import canonical, diagnose
from bragkit.games.commerce.state import CommerceState

__all__ = ["CommerceLine"]

P_OVER: Final = Phase.OVER


class CommerceLine(MachineLine[CommerceState]):
    """A Commerce deal played forward on a mutable machine (see the module)."""

    __slots__ = ("work",)

    def __init__(self, start: Callable[[], CommerceState], work: Draft) -> None:
        """A line from the machine ``work`` fresh from the deal
        (:func:`~bragkit.games.commerce.state.start_draft`) and ``start``, which builds the
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
        return self.work.phase is P_OVER

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
        for la in legal:  # as written (the legal arguments are canonical already)
            if la.allows(action):
                break
        else:
            st = self.state()
            action = canonical(st, action)
            if not any(la.allows(action) for la in legal):
                raise IllegalActionError(diagnose(st, action))
        w = self.work
        p = w.to_act
        # the events count only if the next read freezes the machine; otherwise a read
        # re-applies the actions to the newest state
        w.quiet = not self._step_counts()
        w.game.act(w, p, action)
        self._played(p, action)

    def _first_state(self, played: int) -> CommerceState:
        """No action yet: the machine is the first state (frozen), else it is dealt again."""
        w = self.work
        if played == 0 and w.base is None:
            return w.freeze(CommerceState, -1, None)
        return self._start()

    def _based_on(self, snap: CommerceState) -> bool:
        return self.work.base is snap

    def _freeze(self, seat: int, action: Action) -> CommerceState:
        return self.work.freeze(CommerceState, seat, action)

    def _rebase(self, snap: CommerceState) -> None:
        self.work.base = snap
        self.work.new_events.clear()
