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
from bragkit.engine.poker.core import PokerWork, legal_now
from bragkit.engine.poker.diagnose import diagnose
from bragkit.engine.poker.state import PokerState, play
from bragkit.errors import IllegalActionError

__all__ = ["PokerLine"]


class PokerLine:
    """A poker-style deal played forward on a mutable machine (see the module)."""

    __slots__ = ("_acts", "_done", "_legal", "_seats", "_snap", "_start", "work")

    def __init__(self, start: Callable[[], PokerState], work: PokerWork) -> None:
        """A line from the machine ``work`` fresh from the deal
        (:func:`~bragkit.engine.poker.state.start_work`) and ``start``, which builds the
        deal's first state when a state is first read."""
        self.work = work
        """The machine: the deal as it stands now (read it, never change it)."""
        self._start = start
        self._snap: PokerState | None = None
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
        return self.work.phase == "over"

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
        # the events count only if the next read freezes the machine (one step after the
        # newest state built); otherwise a read re-applies the actions to that state
        w.quiet = not (self._done == len(self._acts) and w.base is self._snap)
        play(w, p, action)
        self._seats.append(p)
        self._acts.append(action)
        self._legal = None

    def state(self) -> PokerState:
        """The immutable state of the line now (built on the first read, then kept)."""
        done, k = self._done, len(self._acts)
        snap = self._snap
        w = self.work
        if snap is None:
            snap = self._snap = self._start()
            if k == 0:  # the machine now continues from this state
                w.base = snap
                w.new_events.clear()
        if done == k:
            return snap
        if done == k - 1 and w.base is snap:
            snap = w.freeze(PokerState, self._seats[-1], self._acts[-1])
        else:
            seats, acts = self._seats, self._acts
            for i in range(done, k):
                snap = snap.apply_move(seats[i], acts[i])
        w.base = snap
        w.new_events.clear()
        self._snap = snap
        self._done = k
        return snap
