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

from bragkit.cards import Card
from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.contract import SeatView
from bragkit.engine.lines import MachineLine
from bragkit.engine.poker.core import PokerWork, legal_now
from bragkit.engine.poker.diagnose import diagnose
from bragkit.engine.poker.state import PokerState, bet, play
from bragkit.engine.poker.views import CARD_OF, book, fill_view, no_contrib
from bragkit.engine.views import Draft, LogBook
from bragkit.errors import IllegalActionError

__all__ = ["PokerLine"]


class PokerLine(MachineLine[PokerState]):
    """A poker-style deal played forward on a mutable machine (see the module); the
    machine is fresh from the deal (:func:`~bragkit.engine.poker.state.start_work`)."""

    __slots__ = ("_logged", "_reader", "_viewing", "_views")

    state_class = PokerState
    work: PokerWork

    def __init__(self, start: Callable[[], PokerState], work: PokerWork, *,
                 viewing: bool = False) -> None:
        """A line from the machine ``work`` fresh from the deal and ``start`` (see
        :class:`~bragkit.engine.lines.MachineLine`); ``viewing``: seat views will be read
        (:meth:`view`), so the machine logs every step (a machine that logged the deal,
        ``start_work(..., quiet=False)``, then serves views without building a state)."""
        # (MachineLine.__init__ and LineCore.__init__, inline: a table builds a line a deal)
        self.work = work
        self._seats: list[int] = []
        self._acts: list[Action] = []
        self._legal: tuple[LegalAction, ...] | None = None
        self._start = start
        self._snap: PokerState | None = None
        self._done = 0
        self._logged = not work.quiet
        """Whether the machine's new events hold every event since its base."""
        self._viewing = viewing
        """Whether seat views are read from this line (the machine then logs every step)."""
        self._views: SeatView | dict[int, SeatView] | None = None
        """The seat view built at the current step, or (once two seats viewed it) every
        view built at this step, by seat (None: none yet)."""
        self._reader: LogBook | None = None
        """The event log as the views read it, every seat's digest (from the first view)."""

    def view(self, seat: int) -> SeatView:
        """``seat``'s view of the deal now, equal to ``self.state().view(seat)`` but built
        from the machine without freezing a state (once per step and seat, then kept).

        From the first view on, the machine logs every event: a view reads the log of the
        machine's base (the newest state built, or the deal's start) and its events since,
        on the first read of a field read from it (:func:`~bragkit.engine.poker.views.fill_view`).
        A first view after steps the machine did not log builds the state once.

        >>> from functools import partial
        >>> from bragkit.engine.poker.state import PokerState, start_work
        >>> from bragkit.rules import get_preset
        >>> args = (get_preset("brag-poker"), (20, 20, 20), 2, tuple(range(52)))
        >>> line = PokerLine(partial(PokerState.start, *args), start_work(*args),
        ...                  viewing=True)
        >>> v = line.view(0); line.apply(line.legal_actions()[0].examples()[0])
        >>> line.view(1) == line.state().view(1), v == line.state().origin.view(0)
        (True, True)
        """
        kept = self._views  # (a bot views its own seat once a step: no dict for that)
        if kept is not None:
            if isinstance(kept, dict):
                found = kept.get(seat)
                if found is not None:
                    return found
            elif kept.seat == seat:
                return kept
        if not self._logged:
            self.state()  # (the machine continues from the state built: its log is complete)
            self._logged = True
        w = self.work
        log = self._reader
        if log is None:
            log = self._reader = book(w)
            self._viewing = True
        # the view of the state the machine would freeze into (views.seat_view), filled here
        # slot by slot (views.new_view's way, without its call: a view per decision); the
        # fields read from the log are filled on their first read (views.fill_view)
        own: tuple[Card, ...] | None = None
        if w.looked[seat]:
            hand = w.hands[seat]
            if hand:
                owned = log.owned
                if owned is None:
                    owned = log.owned = {}
                mine = owned.get(seat)
                if mine is not None and mine[0] is hand:
                    own = mine[1]
                else:
                    own = tuple(map(CARD_OF, hand))  # (no list comprehension's frame)
                    owned[seat] = (hand, own)
        rnd = w.rnd
        pools = w.pools
        d = Draft()
        count = log.at + len(w.new_events)  # (the book takes them in when read)
        if seat in log.eager:  # (its views are read: built whole)
            events, _, shown, _ = log.read(seat, count)
            d.events = events
            d.shown = dict(shown)
        else:
            d._fill = (fill_view, log, seat, count)
        d.seat = seat
        d.dealer = w.dealer
        d.stacks = tuple(w.stacks)
        d.pot = sum(pools)
        d.pots = tuple(pools) if len(pools) > 1 else ()
        d.stake = rnd.target if rnd is not None else 0
        d.status = tuple(w.status)
        d.looked = tuple(w.looked)
        d.to_act = w.to_act
        d.phase = w.phase
        d.own_cards = own
        d.stub_card = None
        d.legal = (self._legal or self.legal_actions()) if w.to_act == seat else ()
        d.contrib = rnd.contrib if rnd is not None else no_contrib(w.n)
        d.committed = tuple(w.chips)
        d.lives = d.widow = ()
        d.offered = None
        o: object = d
        o.__class__ = SeatView  # (the same layout: now a frozen SeatView)
        if kept is None:
            self._views = d
        elif isinstance(kept, dict):
            kept[seat] = d
        else:  # a second seat's view of this step: keep them all
            self._views = {kept.seat: kept, seat: d}
        return d

    def state(self) -> PokerState:
        """The immutable state of the line now (built on the first read, then kept; the
        views' book, if any, takes the log of the machine's new base)."""
        w = self.work
        base = w.base
        snap = super().state()
        log = self._reader
        if log is not None and w.base is not base:  # (the machine's new events are gone)
            log.rebase(snap.events)
        return snap

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now (computed once per situation)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_now(self.work)  # (empty once the deal is over)
        return legal

    def _legal_now(self) -> tuple[LegalAction, ...]:
        return legal_now(self.work)

    def _step(self, seat: int, action: Action) -> None:
        w = self.work
        if self._viewing:
            if self._logged:
                w.quiet = False  # views read every event
            self._views = None
        self._logged = not w.quiet  # (not quiet: the machine's log is complete since its base)
        if w.phase == "bet" and action.kind != "look":
            bet(w, seat, action)  # (play's betting case, called directly)
        else:
            play(w, seat, action)

    def _admit(self, action: Action) -> Action:
        raise IllegalActionError(diagnose(self.state(), action))

    def _first_state(self, played: int) -> PokerState:
        """No action yet and the deal logged: the machine is the first state (frozen); else
        the deal is dealt again."""
        if played == 0 and self._logged:
            return self.work.freeze(PokerState, -1, None)
        return self._start()
