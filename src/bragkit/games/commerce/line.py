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

from bragkit.engine.actions import Action, LegalAction, allowed
from bragkit.engine.contract import SeatView
from bragkit.engine.lines import MachineLine
from bragkit.engine.views import LogBook, Reading
from bragkit.errors import IllegalActionError
from bragkit.games.commerce.core import P_HORSE, P_OVER, Draft, fill_events, lazy_view, seat_view
from bragkit.games.commerce.diagnose import canonical, diagnose
from bragkit.games.commerce.state import CommerceState

__all__ = ["CommerceLine", "fresh_line"]


class CommerceLine(MachineLine[CommerceState]):
    """A Commerce deal played forward on a mutable machine (see the module); the machine is
    fresh from the deal (:func:`~bragkit.games.commerce.state.start_draft`).  Cards written
    another way (``10s``, another order) are read as the state reads them."""

    __slots__ = ("_book", "_views")

    state_class = CommerceState
    work: Draft

    def __init__(self, start: Callable[[], CommerceState], work: Draft, *,
                 logged: bool = False) -> None:
        """A line from the machine ``work`` fresh from the deal and ``start`` (see
        :class:`~bragkit.engine.lines.MachineLine`); ``logged``: the machine logged the
        deal's events (``start_draft(..., events=True)``) and logs every step, so that a seat
        view reads the log without building a state (a table whose bots read views)."""
        super().__init__(start, work)
        self._book: LogBook | None = LogBook(_READING, (), work.new_events) \
            if logged and work.new_events else None
        """The deal's log as the views read it, every seat's digest, once the machine logs
        every event (else None: the first view builds the state, its log complete); it
        follows the machine's new events (:meth:`LogBook.rebase` when they go)."""
        self._views: SeatView | dict[int, SeatView] | None = None
        """The view built since the last step, or (once two seats viewed it) every view
        built since, by seat (None: none yet)."""

    def view(self, seat: int) -> SeatView:
        """``seat``'s view of the deal now, equal to ``self.state().view(seat)`` but built
        from the machine without freezing a state (once per step and seat, then kept).

        From the first view on the machine logs every event (but for the end of the deal,
        which no view reads); a view keeps the line's log book (:class:`LogBook`) and the
        log's length, and reads the seat's events from it on their first read (a lazy
        view: a bot reading ``legal`` pays for no log); a seat whose views are read, and a
        deal's end or horse (whose hands shown come from the events), get whole views.  A
        first view after steps the machine did not log builds the state once (its log is
        then complete).

        >>> from functools import partial
        >>> from bragkit.engine.actions import interned
        >>> from bragkit.games.commerce.state import CommerceState, start_draft
        >>> from bragkit.rules import get_preset
        >>> args = (get_preset("commerce"), (10, 10, 10), 2, tuple(range(52)))
        >>> line = CommerceLine(partial(CommerceState.start, *args), start_draft(*args),
        ...                     logged=True)
        >>> v = line.view(0); line.apply(interned("trade", None, "2c"))
        >>> [str(c) for c in line.view(0).own_cards], line._snap is None
        (['4d', '2s', '3h'], True)
        >>> v.to_act, [str(a) for a in v.legal][:2], line.view(1) == line.state().view(1)
        (0, ['stand', 'trade (costs 1) 2c|2s|3h'], True)
        >>> line.view(0).events[-1].cards, line.view(1).events[-1].cards  # (p1 drew the 4d)
        ((9,), None)
        """
        kept = self._views  # (a bot views its own seat once a step: no dict for that)
        if kept is not None:
            if isinstance(kept, dict):
                found = kept.get(seat)
                if found is not None:
                    return found
            elif kept.seat == seat:
                return kept
        w = self.work
        book = self._book
        if book is None:
            self.state()  # (the machine continues from the state built: its log is complete)
            base = w.base
            book = self._book = LogBook(_READING, () if base is None else base.events,
                                        w.new_events)
        count = book.at + len(w.new_events)  # (the book takes them in when read)
        legal = self.legal_actions() if w.to_act == seat else ()
        phase = w.phase
        if seat in book.eager or phase is P_OVER or phase is P_HORSE:  # (shown: from events)
            view = seat_view(w, seat, book.read(seat, count)[0], legal)
        else:  # its events read from the book on their first read (fill_events)
            view = lazy_view(w, seat, (fill_events, book, seat, count), legal)
        if kept is None:
            self._views = view
        elif isinstance(kept, dict):
            kept[seat] = view
        else:  # a second seat's view of this step: keep them all
            self._views = {kept.seat: kept, seat: view}
        return view

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now (computed once per situation)."""
        legal = self._legal
        if legal is None:
            w = self.work
            legal = self._legal = () if w.phase is P_OVER else w.game.legal(w)
        return legal

    def state(self) -> CommerceState:
        """The immutable state of the line now (built on the first read, then kept; the
        views' book, if any, takes the log of the machine's new base)."""
        w = self.work
        base = w.base
        snap = super().state()
        book = self._book
        if book is not None and w.base is not base:  # (the machine's new events are gone)
            book.rebase(snap.events)
        return snap

    def _legal_now(self) -> tuple[LegalAction, ...]:
        w = self.work
        return w.game.legal(w)

    def apply(self, action: Action) -> None:
        """The seat to act takes ``action`` (IllegalActionError, naming the rule, if it may
        not; the line is then unchanged): :meth:`MachineLine.apply` with the legality test
        and the step inline (a table's every action)."""
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
        if self._book is None:
            w.game.act(w, p, action)
        else:
            self._step(p, action)
        self._seats.append(p)
        self._acts.append(action)
        self._legal = None

    def _step(self, seat: int, action: Action) -> None:
        w = self.work
        if self._book is None:
            w.game.act(w, seat, action)
            return
        # views read every event, but for the end of the deal when this step ends it and
        # no read will freeze it (``w.quiet``): the deal's views are then read no more (a
        # table moves on to the next deal), and a later view of this line reads a state
        w.quiet_end, w.quiet = w.quiet, False
        self._views = None
        w.game.act(w, seat, action)
        if w.quiet:  # (the game's showdown quieted it: the log lacks the deal's end)
            self._book = None
        w.quiet_end = False

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


def fresh_line(start: Callable[[], CommerceState], work: Draft, logged: bool) -> CommerceLine:
    """``CommerceLine(start, work, logged=logged)``, filled slot by slot (a table builds a
    line per deal: no keyword ``__init__`` chain).

    >>> from functools import partial
    >>> from bragkit.games.commerce.state import CommerceState, start_draft
    >>> from bragkit.rules import get_preset
    >>> args = (get_preset("commerce"), (10, 10, 10), 2, tuple(range(52)))
    >>> line = fresh_line(partial(CommerceState.start, *args), start_draft(*args), False)
    >>> line.state() == CommerceState.start(*args), line.to_act
    (True, 0)
    """
    line: CommerceLine = _NEW(CommerceLine)
    line.work = work
    line._seats = []
    line._acts = []
    line._legal = None
    line._start = start
    line._snap = None
    line._done = 0
    line._book = LogBook(_READING, (), work.new_events) if logged and work.new_events else None
    line._views = None
    return line


_NEW: Final = object.__new__
_READING: Final = Reading()
"""Commerce's views read only the seat's events from the log (every card event redacted for
the seats it is not shown to): its hands shown come from the reveals of the deal's end."""
