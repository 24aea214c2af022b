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

from collections.abc import Callable, Sequence
from typing import Final

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.lines import MachineLine
from bragkit.errors import IllegalActionError
from bragkit.games.commerce.core import Draft, seat_view
from bragkit.games.commerce.diagnose import canonical, diagnose
from bragkit.games.commerce.state import CommerceState

__all__ = ["CommerceLine"]


class CommerceLine(MachineLine[CommerceState]):
    """A Commerce deal played forward on a mutable machine (see the module); the machine is
    fresh from the deal (:func:`~bragkit.games.commerce.state.start_draft`).  Cards written
    another way (``10s``, another order) are read as the state reads them."""

    __slots__ = ("_priv", "_pub", "_seen", "_views")

    state_class = CommerceState
    work: Draft

    def __init__(self, start: Callable[[], CommerceState], work: Draft, *,
                 logged: bool = False) -> None:
        """A line from the machine ``work`` fresh from the deal and ``start`` (see
        :class:`~bragkit.engine.lines.MachineLine`); ``logged``: the machine logged the
        deal's events (``start_draft(..., events=True)``) and logs every step, so that a seat
        view reads the log without building a state (a table whose bots read views)."""
        super().__init__(start, work)
        self._seen: dict[int, tuple[Event, ...]] | None = (
            {} if logged and work.new_events else None)
        """Each seat's redacted log so far, once the machine logs every event (else None)."""
        self._views: dict[int, SeatView] = {}
        """The views built since the last step."""
        self._pub: list[Event] = [] if self._seen is not None else _UNREAD_LOG
        """The deal's log (as far as views have read it) as a seat that sees no private card
        sees it: every seat's log is this one but for the private events shown to it (the
        first view of a line that does not log its deal yet makes its own)."""
        self._priv: list[int] = [] if self._seen is not None else _UNREAD_PLACES
        """The places in the log of its private card events past the start that
        :attr:`Draft.start_log` describes, in order."""

    def view(self, seat: int) -> SeatView:
        """``seat``'s view of the deal now, equal to ``self.state().view(seat)`` but built
        from the machine without freezing a state (once per step and seat, then kept).

        From the first view on the machine logs every event (but for the end of the deal,
        which no view reads); each new event is redacted once for every seat (the log as a
        seat that sees no private card sees it), and a seat's log extends the one of its
        last view with that log's new events, the private ones shown to it restored.  A
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
        found = self._views.get(seat)
        if found is not None:
            return found
        seen = self._seen
        w = self.work
        if seen is None:
            self.state()  # (the machine continues from the state built: its log is complete)
            seen = self._seen = {}
            self._pub, self._priv = [], []
        base = w.base
        log: Sequence[Event] = w.new_events if base is None else (*base.events, *w.new_events)
        n = len(log)
        start = w.start_log
        pub = self._pub
        if len(pub) < n:
            if not pub and start is not None:  # (every seat's log starts as ``start`` says)
                pub += start.hidden
            self._read_on(log)
        events = seen.get(seat)
        if events is None:
            events = () if start is None else start.seen(log, seat)
        m = len(events)
        if m < n:
            more = pub[m:]
            priv = self._priv
            j = len(priv)
            while j:  # the private events past the seat's log, the last first
                j -= 1
                i = priv[j]
                if i < m:
                    break
                e = log[i]
                vis = e[4]  # (visible_to: never None here)
                if vis is not None and seat in vis:
                    more[i - m] = e
            events += tuple(more)
        seen[seat] = events
        view = self._views[seat] = seat_view(
            w, seat, events, self.legal_actions() if w.to_act == seat else ())
        return view

    def _read_on(self, log: Sequence[Event]) -> None:
        """The shared log :attr:`_pub` read on to the end of ``log`` (the deal's log)."""
        pub, priv = self._pub, self._priv
        keep = pub.append
        for i in range(len(pub), len(log)):
            e = log[i]
            vis = e[4]
            if vis is None or e[3] is None:  # (public, or no card)
                keep(e)
            else:
                keep(_event(Event, (e[0], e[1], e[2], None, vis, e[5])))  # e.redacted(-1)
                priv.append(i)

    def _legal_now(self) -> tuple[LegalAction, ...]:
        w = self.work
        return w.game.legal(w)

    def _step(self, seat: int, action: Action) -> None:
        w = self.work
        if self._seen is None:
            w.game.act(w, seat, action)
            return
        # views read every event, but for the end of the deal when this step ends it and
        # no read will freeze it (``w.quiet``): the deal's views are then read no more (a
        # table moves on to the next deal), and a later view of this line reads a state
        w.quiet_end, w.quiet = w.quiet, False
        if self._views:
            self._views = {}
        w.game.act(w, seat, action)
        if w.quiet:  # (the game's showdown quieted it: the log lacks the deal's end)
            self._seen = None
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


_event: Final = tuple.__new__
_UNREAD_LOG: Final[list[Event]] = []
_UNREAD_PLACES: Final[list[int]] = []
"""The (never filled) logs of the lines that do not log their deal (no list per deal: a
table that nobody views pays for none); :meth:`CommerceLine.view` replaces them."""

