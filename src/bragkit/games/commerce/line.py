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

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.lines import MachineLine
from bragkit.errors import IllegalActionError
from bragkit.games.commerce.core import Draft
from bragkit.games.commerce.diagnose import canonical, diagnose
from bragkit.games.commerce.state import CommerceState

__all__ = ["CommerceLine"]


class CommerceLine(MachineLine[CommerceState]):
    """A Commerce deal played forward on a mutable machine (see the module); the machine is
    fresh from the deal (:func:`~bragkit.games.commerce.state.start_draft`).  Cards written
    another way (``10s``, another order) are read as the state reads them."""

    __slots__ = ()

    state_class = CommerceState
    work: Draft

    def _legal_now(self) -> tuple[LegalAction, ...]:
        w = self.work
        return w.game.legal(w)

    def _step(self, seat: int, action: Action) -> None:
        w = self.work
        w.game.act(w, seat, action)

    def _admit(self, action: Action) -> Action:
        st = self.state()
        action = canonical(st, action)  # the legal arguments are canonical already
        if not any(la.allows(action) for la in self.legal_actions()):
            raise IllegalActionError(diagnose(st, action))
        return action

    def _first_state(self, played: int) -> CommerceState:
        """No action yet: the machine is the first state (frozen) if it logged the deal's
        events, else the deal is dealt again."""
        w = self.work
        if played == 0 and w.base is None and w.new_events:
            return w.freeze(CommerceState, -1, None)
        return self._start()
