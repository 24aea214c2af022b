"""One line of play of a brag-style deal on a mutable machine, with immutable snapshots.

A :class:`DealLine` plays a deal forward on one mutable :class:`~bragkit.engine.brag.core.Work`
copy that it keeps from action to action (the handlers of
:mod:`~bragkit.engine.brag.transitions` change it in place: no tuple is rebuilt, no state is
constructed per action), and caches the legal actions of the current situation.  The
immutable :class:`~bragkit.engine.brag.state.BragState` of the line is built only when
someone reads it (:meth:`DealLine.state`): from the machine itself when one action is
missing (one freeze), or by re-applying the missing actions to the newest state built
(every state of the chain then exists, ``origin`` links included).  States handed out never
change: the machine copies into new tuples when it freezes.

A table (:class:`~bragkit.engine.session.Session`) plays each deal on a line; a caller that
branches from an older state uses the states themselves (``state.apply``).

>>> import random
>>> from bragkit.engine import BragState
>>> from bragkit.engine.actions import interned
>>> from bragkit.rules import get_preset
>>> first = BragState.new(get_preset("modern"), [9, 9, 9], rng=random.Random(1))
>>> line = DealLine(first)
>>> line.apply(interned("bet", 2)); line.apply(interned("fold"))
>>> line.to_act, line.state() == first.apply("bet 2").apply("fold"), line.state().origin.pot
(0, True, 5)
>>> line.apply(interned("bet", 1))
Traceback (most recent call last):
...
bragkit.errors.IllegalActionError: p1 bet 1: you must put in at least 2 chips, ... 4.4.2)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

from bragkit.engine.actions import Action, LegalAction, allowed
from bragkit.engine.brag.core import NO_FLAGS, Work, new_event, stub_event
from bragkit.engine.brag.diagnose import diagnose
from bragkit.engine.brag.legal import canonical_discard, legal_bet, legal_now
from bragkit.engine.brag.resolve import foldout
from bragkit.engine.brag.start import fresh_state, start_head
from bragkit.engine.brag.state import BragState
from bragkit.engine.brag.transitions import HANDLERS, apply_action
from bragkit.engine.brag.views import BRAG_READING, fill_draft, fill_view
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.kinds import Phase, SeatStatus
from bragkit.engine.lines import LineCore
from bragkit.engine.turns import AFTER
from bragkit.engine.views import Draft, LogBook, live_book
from bragkit.errors import IllegalActionError

__all__ = ["DealLine", "fresh_line"]

_EVENT: Final = new_event
_NEW: Final = object.__new__  # (no look-up of __new__ on the type per deal)
P_BET: Final = Phase.BET
P_DISCARD: Final = Phase.DISCARD
P_OVER: Final = Phase.OVER
S_FOLDED: Final = SeatStatus.FOLDED
S_IN: Final = SeatStatus.IN


class DealLine(LineCore):
    """A deal played forward on a mutable machine (see the module)."""

    __slots__ = ("_alias", "_base_len", "_base_log", "_carried", "_done", "_logged", "_reader",
                 "_retained", "_snap", "_start", "_view", "_viewing", "_views")

    work: Work[BragState]

    def __init__(self, first: BragState | None = None, *,
                 start: Callable[[], BragState] | None = None,
                 work: Work[BragState] | None = None, carried: int | None = None,
                 retained: tuple[int, ...] = (), viewing: bool = False) -> None:
        """A line from the deal's ``first`` state, or from its machine ``work`` fresh from
        the start (:func:`~bragkit.engine.brag.start.start_work`) and ``start``, which
        builds the first state when a state is first read.  ``carried`` (the pot carried
        in) and ``retained`` (a retained blind hand, as given to ``start_work``) say where
        the machine's deal came from: with no retained hand, a first read before any action
        builds the first state from the machine itself.  ``viewing`` says seat views will be
        read (:meth:`view`): the machine then logs every event."""
        if first is None:
            assert start is not None and work is not None
        else:
            work = Work(first)
        assert work is not None
        super().__init__(work)
        self._snap = first
        self._start = start
        self._carried = carried
        self._retained = retained
        self._alias = work.family.see_alias
        self._done = 0
        self._logged = first is not None
        """Whether the machine's ``new_events`` hold every event since :attr:`_base_log`."""
        self._base_log: tuple[Event, ...] | None = None if first is None else first.events
        """The event log the machine's ``new_events`` continue: the newest state's (None:
        the deal's start, read by the view reader already, when a view came first)."""
        self._base_len = 0 if first is None else len(first.events)
        """How many events the base log holds."""
        self._viewing = False
        """Whether seat views are read from this line (the machine then logs every step)."""
        self._view: SeatView | None = None
        """The latest seat view built at the current step (None: none yet)."""
        self._views: dict[int, SeatView] | None = None
        """Every seat view built at the current step, by seat, once two seats viewed it."""
        self._reader: LogBook | None = None
        """The event log as the views read it, every seat's digest (from the first view)."""
        if viewing:
            self._viewing = True
            if first is None and carried is not None:
                self._from_start(carried)

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """What the seat to act may do now (computed once per situation)."""
        legal = self._legal
        if legal is None:
            w = self.work
            phase = w.phase
            if phase == P_BET and self._snap is None:  # (no state built to share them)
                legal = self._legal = legal_bet(w)
            else:
                legal = self._legal = () if phase == P_OVER else self._legal_now()
        return legal

    def _legal_now(self) -> tuple[LegalAction, ...]:
        snap = self._snap  # the newest state built may know them already (its cache)
        if snap is not None and snap.cache and self._done == len(self._acts):
            legal: tuple[LegalAction, ...] = snap.cache[0]
            return legal
        return legal_now(self.work)

    def apply(self, action: Action) -> None:
        """The seat to act takes ``action`` (IllegalActionError, naming the rule, if it may
        not; the line is then unchanged).

        Bet, look and fold (the last fold but one then ends the deal by
        :func:`~bragkit.engine.brag.resolve.foldout`) are played here, in place, exactly as
        their handlers (:mod:`~bragkit.engine.brag.transitions`) play them."""
        w = self.work
        kind = action.kind
        arg = action.arg
        phase = w.phase
        betting = phase is P_BET  # (a machine's phase and statuses are the kinds' members)
        if betting:
            alias = self._alias
            if alias is not None and kind == alias and arg is None:
                action = Action("see")  # Teen Patti calls the see a "show"
                kind = "see"
        elif kind == "discard" and arg is not None and phase == P_DISCARD:
            action = canonical_discard(w, action)
            arg = action.arg
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if not allowed(legal, action):
            raise IllegalActionError(diagnose(self.state(), action))  # the line is unchanged
        p = w.to_act
        # the events are needed by seat views, or if the next read freezes the machine (one
        # step after the newest state built); otherwise a read re-applies the actions
        if not self._logged:
            keep = False
        elif self._viewing:
            keep = True
            self._view = self._views = None  # (the step before's; a line that views logs)
        else:
            keep = self._done == len(self._acts)
            if not keep:
                self._logged = False
        self._seats.append(p)
        self._acts.append(action)
        self._legal = None
        if betting:  # the plain cases in place (the handlers' code: Work.advance)
            if kind == "bet" and not w.family.has_after_bet:
                amount = action.amount
                assert amount is not None
                looked = w.looked[p]
                w.stacks[p] -= amount
                w.pot += amount
                w.paid[p] += amount
                w.last_bettor = p
                if looked:
                    w.stake = amount
                else:
                    w.stake = 2 * amount
                    w.blind_bet[p] = True
                if keep:
                    w.new_events.append(_EVENT(Event, ("bet", p, amount, None, None,
                                                       None if looked else "blind")))
                status = w.status  # (betting.next_in_turn inline)
                for s in AFTER[w.n][p]:
                    if status[s] is S_IN:
                        w.to_act = s
                        break
                else:
                    w.to_act = -1
                w.turn_flags = NO_FLAGS
                w.pending = None
                return
            if kind == "fold":  # (transitions._do_fold, its bet phase inline)
                status = w.status
                active = status.count(S_IN)
                status[p] = S_FOLDED
                if keep:
                    w.new_events.append(_EVENT(Event, ("fold", p, None, None, None, None)))
                old = w.retained_hand[p]
                if old:
                    w.pack += old
                    w.retained_hand[p] = ()
                hand = w.hands[p]
                if hand:
                    w.pack += hand
                    w.hands[p] = ()
                if keep and w.rules.stub_face_up and w.pack:  # (Work.stub_changed(True))
                    w.new_events.append(stub_event(w.pack[-1]))
                if active == 2:  # one seat is left in
                    w.quiet = not keep
                    foldout(w)
                    return
                for s in AFTER[w.n][p]:  # (Work.advance, betting.next_in_turn inline)
                    if status[s] is S_IN:
                        w.to_act = s
                        break
                w.turn_flags = NO_FLAGS
                w.pending = None
                return
            elif kind == "look" and arg is None:
                w.looked[p] = True
                if keep:
                    w.new_events.append(_EVENT(Event, ("look", p, None, w.hands[p],
                                                       frozenset((p,)), None)))
                if w.rules.cards != 3:  # (rules.discards, cards - 3, without its call)
                    w.phase = P_DISCARD
                return
        w.quiet = not keep
        handler = HANDLERS.get(kind)
        try:
            if handler is None:
                w.family.apply_extra(w, p, action)
            else:
                handler(w, p, action)
        except BaseException:
            self._seats.pop()
            self._acts.pop()
            raise

    def state(self) -> BragState:
        """The immutable state of the line now (built on the first read, then kept)."""
        done = self._done
        k = len(self._acts)
        snap = self._snap
        if snap is None:
            carried = self._carried
            if k == 0 and carried is not None and not self._retained:  # the machine is the start
                snap = fresh_state(BragState, self.work, carried)
            else:
                assert self._start is not None
                snap = self._start()
            self._snap = snap
            if k == 0:
                self.work.base = snap  # the machine holds this state: the next step freezes
                self._base_log = snap.events
                self._base_len = len(snap.events)
                self._logged = True
        if done != k:
            w = self.work
            if done == k - 1 and self._logged and w.base is snap:
                snap = w.freeze(self._seats[-1], self._acts[-1])
            else:
                seats, acts = self._seats, self._acts
                for i in range(done, k):
                    snap = apply_action(snap, seats[i], acts[i])
            w.base = snap
            w.new_events.clear()
            log = self._reader
            if log is not None:
                log.rebase(snap.events)  # (the views' book: the machine's events are gone)
            self._logged = True
            self._base_log = snap.events
            self._base_len = len(snap.events)
            self._snap = snap
            self._done = k
        if not snap.cache:  # the state shares the line's legal actions: read from the machine
            # (cheaper than from the state), and the next action needs them anyway
            snap.cache.append(self._legal or self.legal_actions())
        return snap

    def view(self, seat: int) -> SeatView:
        """``seat``'s view of the deal now, equal to ``self.state().view(seat)`` but built
        from the machine without freezing a state (once per step and seat, then kept).

        From the first view on, the machine logs every event: a view reads the log from the
        newest state built (or the deal's start) and the machine's events since then.  A
        first view after steps the machine did not log builds the state once.

        >>> import random
        >>> from bragkit.engine import BragState
        >>> from bragkit.engine.actions import interned
        >>> from bragkit.rules import get_preset
        >>> line = DealLine(BragState.new(get_preset("modern"), [9, 9, 9], rng=random.Random(1)))
        >>> line.apply(interned("look")); v = line.view(1)  # p2 looked
        >>> line.apply(interned("bet", 2))
        >>> line.view(1) == line.state().view(1), len(line.view(1).own_cards), v.to_act
        (True, 3, 1)
        """
        last = self._view  # (a bot views its own seat once a step: no dict for that)
        if last is not None and last.seat == seat:
            return last
        views = self._views
        if views is not None and (found := views.get(seat)) is not None:
            return found
        if not self._logged:
            carried = self._carried
            if self._snap is None and not self._acts and carried is not None:
                self._from_start(carried)
            else:
                self.state()  # (the machine continues from the state built: logged)
        w = self.work
        log = self._reader
        if log is None:  # (the log so far is the state's built: the machine's events follow)
            assert self._base_log is not None
            log = self._reader = LogBook(BRAG_READING, self._base_log, w.new_events)
            self._viewing = True
        # the view of the state the machine would freeze into (brag.views.seat_view), filled
        # here slot by slot (views.new_view's way, without its call: a view per decision);
        # the fields read from the log are filled on their first read (brag.views.fill_view)
        d = Draft()
        d.legal = (self._legal or self.legal_actions()) if w.to_act == seat else ()
        count = self._base_len + len(w.new_events)  # (the book takes them in when read)
        hand = w.hands[seat] if w.looked[seat] else None
        if seat in log.eager:  # (its views are read: built whole)
            fill_draft(log, seat, count, hand, d)
        else:
            d._fill = (fill_view, log, seat, count, hand)
        frozen = w.covered_pots
        d.seat = seat
        d.dealer = w.dealer
        d.stacks = tuple(w.stacks)
        d.pot = w.pot
        d.pots = tuple([a for a, _ in frozen]) if frozen else ()
        d.stake = w.stake
        d.status = tuple(w.status)
        d.looked = tuple(w.looked)
        d.to_act = w.to_act
        d.phase = w.phase
        d.contrib = d.committed = d.lives = d.widow = ()
        d.offered = None
        o: object = d
        o.__class__ = SeatView  # (the same layout: now a frozen SeatView)
        view: SeatView = d  # (views.Draft is a SeatView to mypy: no cast call)
        if last is not None:  # a second seat's view of this step: keep them all
            if views is None:
                views = self._views = {last.seat: last}
            views[seat] = view
        self._view = view
        return view

    def _from_start(self, carried: int) -> None:
        """Views read the fresh machine's log from the deal's start (no state built): the
        reader starts with the start's log as a seat that sees none of its cards sees it."""
        w = self.work
        statuses = tuple(w.status)  # (who is dealt in: the machine's change as seats fold)
        dealt = statuses.count(S_IN)
        retained = self._retained
        stub = w.pack[-1] if w.rules.stub_face_up and w.pack else None  # (4.4.11)
        at = 1 + (bool(retained) and statuses[retained[0]] is not S_IN) + dealt + \
            (dealt if w.rules.ante else 0) + (stub is not None)  # (start_head's length)
        self._reader = live_book(BRAG_READING, w.new_events, at,
                                 partial(start_head, w.family, w.n, w.dealer, statuses,
                                         carried, retained, stub))
        self._viewing = True
        self._base_log = None
        self._base_len = at
        self._logged = True


def fresh_line(start: Callable[[], BragState], work: Work[BragState], carried: int,
               retained: tuple[int, ...], viewing: bool) -> DealLine:
    """``DealLine(start=start, work=work, carried=carried, retained=retained,
    viewing=viewing)``, filled slot by slot (a table builds a line per deal).

    >>> from functools import partial
    >>> from bragkit.engine.brag.start import start_deal, start_work
    >>> from bragkit.rules import get_preset
    >>> args = (BragState, get_preset("modern"), (9, 9, 9), 0, tuple(range(52)), 0)
    >>> line = fresh_line(partial(start_deal, *args, (), ()), start_work(*args, ()), 0, (), False)
    >>> line.state() == start_deal(*args, (), ()), line.to_act
    (True, 1)
    """
    line: DealLine = _NEW(DealLine)
    line.work = work
    line._seats = []
    line._acts = []
    line._legal = None
    line._snap = None
    line._start = start
    line._carried = carried
    line._retained = retained
    line._alias = work.family.see_alias
    line._done = 0
    line._logged = False
    line._base_log = None
    line._base_len = 0
    line._viewing = False
    line._view = None
    line._views = None
    line._reader = None
    if viewing:
        line._viewing = True
        line._from_start(carried)
    return line

