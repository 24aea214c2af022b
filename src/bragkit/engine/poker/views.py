"""What one seat of a poker-style deal may know: the one
:class:`~bragkit.engine.contract.SeatView` (docs/design/contract.md, section 3), read from the
event log (:func:`bragkit.engine.views.read_events`) of a state (:func:`seat_view`) or of a
line's machine (:func:`machine_view`).

In a poker-style view ``stake`` is the amount to meet (the round's target), ``pots`` the
pools when there are several, ``contrib`` each seat's credited contribution to the betting
round -- a raise of ``k`` costs the seat ``stake - contrib[seat] + k`` -- and ``committed`` its
chips in the betting pool this deal.

>>> from bragkit.rules import get_preset
>>> from bragkit.engine.poker.core import PokerWork
>>> from bragkit.engine.poker.state import PokerState
>>> s = PokerState.new(get_preset("foster"), [20, 20, 20], dealer=2).apply("ante 2")
>>> v = seat_view(s, 0)
>>> v.stake, v.contrib, v.committed, len(v.own_cards or ())
(2, (0, 0, 2), (0, 0, 2), 3)
>>> machine_view(book(), PokerWork(s), s.events, len(s.events), 0, s.legal_actions()) == v
True
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from functools import partial
from typing import Final, cast

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import LegalAction
from bragkit.engine.contract import LazyView, SeatView
from bragkit.engine.events import Event
from bragkit.engine.poker.core import CARD, ONLY, PokerRecord, PokerWork
from bragkit.engine.views import (
    Draft,
    LogBook,
    LogDigest,
    LogReader,
    Reading,
    Shown,
    new_draft,
    new_view,
    read_events,
    reusable_digest,
)

__all__ = ["POKER_READING", "PokerReader", "book", "fill_view", "machine_view", "reader",
           "seat_view"]

POKER_READING: Final = Reading(replace=frozenset({"reveal", "exchange"}),
                               add=frozenset({"deal", "draw"}))
"""What a poker-style deal's card events tell a seat: a hand revealed or shown in a private
exchange, the cards dealt or drawn to another seat that it may see."""

_DIGESTS: dict[int, LogDigest] = {}
"""The latest digest built for each seat: the next view of the same deal reads only the
events added since (a digest is reused only when its log is a prefix, by value, of the new
one, and is never changed once built; see :func:`bragkit.engine.views.reusable_digest`)."""

_EMPTY: LogDigest = ((), (), None, {}, None)
_NO_CONTRIB: dict[int, tuple[int, ...]] = {}


_Fork = tuple[int, tuple[Event, ...], "tuple[int, ...] | None", Shown]
"""A seat's digest in a :class:`PokerReader` (as in a LogReader's forks): (how many events of
the log it read, the log as the seat sees it, the card ids of its latest look, the hands of
the seats whose cards it saw privately, as shown to it)."""

_START: Final[_Fork] = (0, (), None, {})
"""A seat's digest before it has read anything (never changed: forks copy before a change)."""
_EVENT: Final = tuple.__new__
_CARD: Final = tuple(card_from_id(c) for c in range(56))
"""``_CARD[i]``: the card of id ``i`` (jokers 52..55), as every view holds it."""


class PokerReader(LogReader):
    """A :class:`~bragkit.engine.views.LogReader` whose seats do not fork in the outsider's
    pass: the outsider notes, for each seat, the card events that it reads otherwise (those
    shown to it privately, its own public look), and a seat's digest reads on from its
    previous one over those alone while they are its own cards (a poker-style deal's private
    deals and draws); a seat shown another seat's cards privately (American Brag's exchange)
    reads on as the shared reader does (:meth:`LogReader._extend`).  Each seat reads only its
    own events, once, when it is first viewed: a deal's start costs the outsider's pass.
    The outsider's log is a list (:attr:`log`), and the card events are noted (the shared
    reader's ``marks``, ``seen`` as a tuple) only for that pass.

    >>> r = reader()
    >>> log = [Event("deal", 0, None, (5, 6, 7), frozenset({0})), Event("bet", 1, 2)]
    >>> r.digest(1, None, 0, log)[0][0].cards, r.digest(0, None, 0, log)[0][0].cards
    (None, (5, 6, 7))
    """

    __slots__ = ("at", "log", "noted", "privy", "raw")

    def __init__(self, reading: Reading, seen: tuple[Event, ...] = ()) -> None:
        super().__init__(reading, seen)
        self.log = list(seen)
        """The log as the outsider sees it (``seen``, which is brought up to date only for the
        shared reader's pass)."""
        self.raw: list[Event] = list(seen)
        """The log as logged."""
        self.noted = len(seen)
        """How many events of :attr:`raw` the card events (``marks``, ``marked``) cover."""
        self.at: dict[int, list[int]] = {}
        """Each seat's events read otherwise than by the outsider: their log indices."""
        self.privy: dict[int, list[Event]] = {}
        """Those events, as logged."""

    def digest(self, seat: int, base: tuple[Event, ...] | None, k: int, tail: Sequence[Event]
               ) -> tuple[tuple[Event, ...], tuple[int, ...] | None, Shown, Card | None]:
        """As :meth:`LogReader.digest`."""
        events, own, mine = self.seat_digest(seat, base, k, tail)
        shown = self.shown
        if not mine and seat not in shown:
            return events, own, shown, self.stub
        found = self.merged.get(seat)
        if found is not None and found[0] is shown and found[1] is mine:
            return events, own, found[2], self.stub
        merged = _merged(shown, mine, seat)
        self.merged[seat] = (shown, mine, merged)
        return events, own, merged, self.stub

    def seat_digest(self, seat: int, base: tuple[Event, ...] | None, k: int,
                    tail: Sequence[Event]
                    ) -> tuple[tuple[Event, ...], tuple[int, ...] | None, Shown]:
        """``seat``'s log, latest look and the hands it saw privately (never change them) of
        the log ``base + tail`` (as :meth:`digest`): its hands shown are the outsider's
        (:attr:`shown`) but its own, with those it saw privately instead."""
        count = k + len(tail)
        m = self.count
        if m < count:
            self._read_on(tail[m - k:] if m >= k else _rest(base, m, tail), m)
        fork = self.forks.get(seat, _START)
        done = fork[0]
        if done < count:
            at = self.at.get(seat)
            if fork[3] or (at is not None and at[-1] >= done):
                fork = self._advance(fork, seat)
            else:  # (nothing of its own since: the outsider's log from there)
                fork = (count, fork[1] + tuple(self.log[done:]), fork[2], fork[3])
            self.forks[seat] = fork
        return fork[1], fork[2], fork[3]

    def _read_on(self, events: Sequence[Event], m: int) -> None:
        """The outsider reads ``events`` (the log's from index ``m``) in one pass: what
        :func:`~bragkit.engine.views.read_events` reads for it, every card event noted, and
        for each seat the card events it reads otherwise."""
        for e in events:
            if e.cards is not None:
                break
        else:  # no card in them (bets, folds): read alike by every seat
            self.log.extend(events)
            self.raw.extend(events)
            self.count = m + len(events)
            return
        replace, add, look, stub_kind = self.reading
        shown, copied, stub = self.shown, False, self.stub
        at, privy = self.at, self.privy
        keep = self.log.append
        i = m - 1
        for e in events:
            i += 1
            cards = e.cards
            if cards is None:
                keep(e)
                continue
            vis = e.visible_to
            owner = e.seat
            if vis is not None:  # private: redacted for the outsider (e.redacted(-1))
                keep(_EVENT(Event, (e[0], owner, e[2], None, vis, e[5])))
            else:
                keep(e)
                kind = e.kind
                if owner is None:
                    if kind == stub_kind:
                        stub = _CARD[cards[0]] if cards else None  # None: a face-down card
                    continue
                if kind in replace or kind in add:
                    if not copied:
                        shown, copied = dict(shown), True
                    hand = (_CARD[cards[0]],) if len(cards) == 1 else \
                        tuple(map(_CARD.__getitem__, cards))
                    have = None if kind in replace else shown.get(owner)
                    shown[owner] = have + tuple([c for c in hand if c not in have]) \
                        if have else hand
                if kind != look:
                    continue
                vis = ONLY[owner]  # (its own look, shown to all: its latest look for it)
            for s in vis:
                found = at.get(s)
                if found is None:
                    at[s] = [i]
                    privy[s] = [e]
                else:
                    found.append(i)
                    privy[s].append(e)
        self.shown, self.stub = shown, stub
        self.raw.extend(events)
        self.count = m + len(events)

    def _extend(self, fork: _Fork, seat: int) -> _Fork:
        """The shared reader's pass (:meth:`LogReader._extend`), its ``seen`` and card events
        brought up to date first."""
        count = self.count
        if len(self.seen) != count:
            self.seen = tuple(self.log)
        raw, marks, marked = self.raw, self.marks, self.marked
        for i in range(self.noted, count):
            e = raw[i]
            if e.cards is not None:
                marks.append(i)
                marked.append(e)
        self.noted = count
        return super()._extend(fork, seat)

    def _advance(self, fork: _Fork, seat: int) -> _Fork:
        """``seat``'s digest ``fork`` read on to the outsider's: the outsider's log from there
        with the seat's own private events in it, and its latest look; the shared reader's
        pass (:meth:`LogReader._extend`) once it has seen another seat's cards privately."""
        done, log, own, mine = fork
        if mine:
            return self._extend(fork, seat)
        at = self.at.get(seat)
        if at is None or at[-1] < done:
            return (self.count, log + tuple(self.log[done:]), own, mine)
        privy = self.privy[seat]
        lo = bisect_left(at, done)
        for e in privy[lo:]:
            if e.seat != seat and e.seat is not None:  # another's cards, shown privately
                return self._extend(fork, seat)
        patched = self.log[done:]
        look = self.reading.look
        for j in range(lo, len(at)):
            e = privy[j]
            if e.visible_to is not None:
                patched[at[j] - done] = e
            if e.seat == seat and e.kind == look:
                own = e.cards
        return (self.count, log + tuple(patched), own, mine)


def _merged(shown: Shown, mine: Shown, seat: int) -> Shown:
    """The hands shown to ``seat``: the outsider's ``shown`` but its own, with ``mine`` (those
    it saw privately) instead."""
    merged = {o: h for o, h in shown.items() if o != seat and o not in mine}
    merged.update(mine)
    return merged


def _rest(base: tuple[Event, ...] | None, m: int, tail: Sequence[Event]) -> tuple[Event, ...]:
    """The log ``base + tail`` from index ``m`` (inside ``base``)."""
    assert base is not None, "the reader has not read the base log"
    return base[m:] + tuple(tail)


def reader(seen: tuple[Event, ...] = ()) -> PokerReader:
    """A :class:`PokerReader` of a poker-style line's log."""
    return PokerReader(POKER_READING, seen)


def _digest(events: tuple[Event, ...], seat: int) -> LogDigest:
    old: LogDigest
    old, m = reusable_digest(_DIGESTS, events, seat, _EMPTY)
    if old[0] is events:
        return old
    seen, _, shown, _ = read_events(events[m:], seat, None, old[3], None, POKER_READING)
    digest: LogDigest = (events, old[1] + tuple(seen), None, shown, None)
    _DIGESTS[seat] = digest
    return digest


def _no_contrib(n: int) -> tuple[int, ...]:
    found = _NO_CONTRIB.get(n)
    if found is None:
        found = _NO_CONTRIB[n] = (0,) * n
    return found


def seat_view(st: PokerRecord, seat: int) -> SeatView:
    """What ``seat`` may know of ``st``: never a card it may not see."""
    _, events, _, shown, _ = _digest(st.events, seat)
    own = None
    if st.looked[seat] and st.hands[seat]:
        own = tuple([CARD[c] for c in st.hands[seat]])
    rnd = st.rnd
    pools = st.pools
    return new_view(seat, st.dealer, st.stacks, sum(pools),  # (SeatView's fields, in order)
                    pools if len(pools) > 1 else (), rnd.target if rnd is not None else 0,
                    st.status, st.looked, st.to_act, st.phase, own, dict(shown), None, events,
                    st.legal_actions() if st.to_act == seat else (),
                    rnd.contrib if rnd is not None else _no_contrib(st.n), st.chips)


def book() -> LogBook:
    """A :class:`~bragkit.engine.views.LogBook` of a poker-style line's log."""
    return LogBook(POKER_READING)


_SET: Final = object.__setattr__


def fill_view(log: LogBook, seat: int, count: int, view: LazyView) -> None:
    """Fill a lazy view's fields read from the log (the line's :class:`LogBook` ``log``, its
    first ``count`` events): ``seat``'s events and the hands shown to it (the view a draft
    for a moment: plain stores, no setter calls); the seat's next views of the deal are
    built whole."""
    log.eager.add(seat)
    events, _, shown, _ = log.read(seat, count)
    _SET(view, "__class__", Draft)
    assert isinstance(view, Draft)
    del view._fill
    view.events = events
    view.shown = dict(shown)
    o: object = view
    o.__class__ = SeatView


def machine_view(log: LogBook, w: PokerWork, base: tuple[Event, ...] | None, k: int,
                 seat: int, legal: tuple[LegalAction, ...]) -> SeatView:
    """What ``seat`` may know of the deal on the machine ``w``: the view of the state it
    would freeze into (:func:`seat_view`), its events and hands shown read from the line's
    log ``log`` on their first read (:func:`fill_view`), the log being ``base`` (``k``
    events, or None once in ``log``) and the machine's new events; ``legal``: the
    machine's legal actions if ``seat`` is to act, else ``()``."""
    own: tuple[Card, ...] | None = None
    if w.looked[seat]:
        hand = w.hands[seat]
        if hand:
            owned = log.owned
            found = owned.get(seat)
            if found is not None and found[0] is hand:
                own = found[1]
            else:
                own = tuple([_CARD[c] for c in hand])
                owned[seat] = (hand, own)
    rnd = w.rnd
    pools = w.pools
    d: Draft = new_draft(Draft)  # (views.new_view's way, the log's fields left to fill_view)
    count = log.extend(base, k, w.new_events)
    if seat in log.eager:  # (its views are read: built whole)
        events, _, shown, _ = log.read(seat, count)
        d.events = events
        d.shown = dict(shown)
    else:
        d._fill = partial(fill_view, log, seat, count)
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
    d.legal = legal
    d.contrib = rnd.contrib if rnd is not None else _no_contrib(w.n)
    d.committed = tuple(w.chips)
    d.lives = d.widow = ()
    d.offered = None
    o: object = d
    o.__class__ = SeatView  # (the same layout: now a frozen SeatView)
    return cast(SeatView, d)
