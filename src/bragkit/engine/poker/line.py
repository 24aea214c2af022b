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

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.lines import MachineLine
from bragkit.engine.poker.core import PokerWork, legal_now
from bragkit.engine.poker.diagnose import diagnose
from bragkit.engine.poker.state import PokerState, play
from bragkit.errors import IllegalActionError

__all__ = ["PokerLine"]


class PokerLine(MachineLine[PokerState]):
    """A poker-style deal played forward on a mutable machine (see the module); the
    machine is fresh from the deal (:func:`~bragkit.engine.poker.state.start_work`)."""

    __slots__ = ()

    state_class = PokerState
    work: PokerWork

    def _legal_now(self) -> tuple[LegalAction, ...]:
        return legal_now(self.work)

    def _step(self, seat: int, action: Action) -> None:
        play(self.work, seat, action)

    def _admit(self, action: Action) -> Action:
        raise IllegalActionError(diagnose(self.state(), action))
