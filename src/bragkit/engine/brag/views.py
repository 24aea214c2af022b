"""Per-seat views of a brag-style deal, derived from the event log: a seat never sees a
card it may not see.

The view type is :class:`~bragkit.engine.contract.SeatView`, the same for every game.

A blind seat does not see its own cards until it looks; the seen hand of a see is public;
a side show is private to its two players; the face-up stub shows one card to all.

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.engine import BragState, shuffled_pack
>>> s = BragState.start(get_preset("modern"), (20, 20), 0,
...                     shuffled_pack(get_preset("modern"), random.Random(5)))
>>> v = s.view(1)
>>> v.own_cards is None, v.to_act, v.pot
(True, 1, 2)
>>> v2 = s.apply("look").view(1)
>>> len(v2.own_cards), s.apply("look").view(0).known_cards()
(3, ())
>>> seat_view(s, 1) == v
True
>>> from bragkit.engine.brag.core import Work
>>> machine_view(LogReader(), Work(s), s.events, 1, s.legal_actions()) == v
True
"""

from __future__ import annotations

from collections.abc import Sequence

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import LegalAction
from bragkit.engine.brag.core import AnyWork, BragRecord, ViewDigest, new_event
from bragkit.engine.brag.legal import legal_actions
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.views import make_view, reusable_digest

__all__ = ["LogReader", "machine_view", "seat_view"]


_Digest = ViewDigest
_EVENT = new_event
_EMPTY: _Digest = ((), (), None, {}, None)
_Fork = tuple[int, tuple[Event, ...], "tuple[int, ...] | None", dict[int, tuple[Card, ...]],
              "Card | None"]
"""A seat's digest of a line's log (:class:`LogReader`): as :data:`ViewDigest`, but the
first item counts the events read."""


def _digest(digests: dict[int, _Digest], events: tuple[Event, ...], seat: int) -> _Digest:
    """The digest of ``events`` for ``seat``, extending the seat's previous digest of the
    deal (kept in ``digests``, the deal's :attr:`~bragkit.engine.brag.core.DealSetup.views`)
    if its log is a prefix (by value) of ``events``: the next view of the same deal reads
    only the new events, and any log, of any branch, gets exactly the view a fresh pass
    would give (digests are never changed once built).  A log in which no seat may see a
    card (the deal, bets, folds) digests alike for every seat: that digest is kept under
    -1 too, and a seat's first view of the deal reads on from it."""
    old, m = reusable_digest(digests, events, seat, _EMPTY)
    if old[0] is events:
        same: _Digest = old
        return same
    shared = False  # reading on from the digest every seat shares (key -1)?
    if not m and -1 in digests:
        old, m = reusable_digest(digests, events, -1, _EMPTY)
        shared = True
    public = shared or not m  # so far no card in the log that any seat may see
    seen: list[Event] = []
    keep = seen.append
    own = old[2]
    shown = old[3]
    stub = old[4]
    copied = False
    for e in events[m:]:
        cards = e.cards
        if cards is None:
            keep(e)
            continue
        vis = e.visible_to
        if public and (vis is None or vis):
            public = False
        if vis is not None and seat not in vis:  # redacted: the cards are not this seat's to see
            keep(_EVENT(Event, (e[0], e[1], e[2], None, vis, e[5])))  # e.redacted(seat)
            continue
        keep(e)
        kind = e.kind
        owner = e.seat
        if kind == "stub":
            stub = card_from_id(cards[0]) if cards else None  # None: a face-down card
        elif owner == seat and kind == "look":
            own = cards
        elif owner is not None and owner != seat and (kind == "reveal" or kind == "deal"):
            if not copied:
                shown, copied = dict(shown), True
            shown[owner] = tuple(map(card_from_id, cards))
    digest: _Digest = (events, old[1] + tuple(seen), own, shown, stub)
    digests[seat] = digest
    if public:  # no card any seat may see: every seat's digest of this log is this one
        digests[-1] = digest
    return digest


def seat_view(st: BragRecord, seat: int) -> SeatView:
    """Build ``seat``'s view of ``st`` from the event log (reading only the events added
    since this seat's previous view of the deal)."""
    setup = st.setup
    _, events, own, shown, stub = _digest(setup.views, st.events, seat)
    own_cards: tuple[Card, ...] | None = None
    hand = st.hands[seat]
    if own is not None and hand and st.looked[seat]:
        own_cards = tuple(card_from_id(c) for c in hand if c in own)
    frozen = st.seldom.covered_pots
    return make_view(seat=seat, dealer=setup.dealer, stacks=st.stacks, pot=st.pot,
                     pots=tuple([a for a, _ in frozen]) if frozen else (), stake=st.stake,
                     status=st.status, looked=st.looked, to_act=st.to_act, phase=st.phase,
                     own_cards=own_cards, shown=dict(shown), stub_card=stub, events=events,
                     legal=legal_actions(st) if st.to_act == seat else ())



class LogReader:
    """Every seat's digest of one line's event log, a log that only grows (a
    :class:`~bragkit.engine.brag.line.DealLine`'s): what :func:`machine_view` reads.

    One digest, an *outsider*'s (a seat that sees no private card and owns no hand), reads
    every event once; a seat's digest forks from it at the first event that the seat reads
    differently (a card shown to it, a hand of its own made public), and from then on reads
    the log on its own.  Any seat that has not forked reads the outsider's digest.
    """

    __slots__ = ("count", "forks", "seen", "shown", "stub")

    def __init__(self) -> None:
        self.count = 0
        """How many events of the log the outsider's digest has read."""
        self.seen: tuple[Event, ...] = ()
        """The log as the outsider sees it."""
        self.shown: dict[int, tuple[Card, ...]] = {}
        """The hands shown to every seat."""
        self.stub: Card | None = None
        """The face-up stub card."""
        self.forks: dict[int, _Fork] = {}
        """The digests of the seats that forked, by seat."""

    def read(self, base: tuple[Event, ...], tail: list[Event],
             seat: int) -> tuple[tuple[Event, ...], tuple[int, ...] | None,
                                 dict[int, tuple[Card, ...]], Card | None]:
        """``seat``'s digest of the log ``base + tail`` (a longer log than any read
        before, of which those are prefixes): (the log as the seat sees it, the cards of its
        latest look, the other hands it has seen, the face-up stub card)."""
        m = self.count
        k = len(base)
        if m < k + len(tail):
            self._read_on(base[m:] + tuple(tail) if m < k else tail[m - k:], m)
        fork = self.forks.get(seat)
        if fork is None:
            return self.seen, None, self.shown, self.stub
        done = fork[0]
        if done < self.count:
            new = base[done:] + tuple(tail) if done < k else tuple(tail[done - k:])
            fork = self.forks[seat] = _extend(fork, new, seat, self.count)
        return fork[1], fork[2], fork[3], fork[4]

    def _read_on(self, events: Sequence[Event], m: int) -> None:
        """The outsider reads ``events`` (the log's from index ``m``); a seat forks before
        the first of them it reads differently."""
        seen: list[Event] = []
        keep = seen.append
        shown = self.shown
        forks = self.forks
        copied = False
        for i, e in enumerate(events):
            cards = e.cards
            if cards is None:
                keep(e)
                continue
            vis = e.visible_to
            owner = e.seat
            if vis is not None:
                for s in vis:  # a private card: redacted for the outsider, seen by these
                    if s not in forks:
                        forks[s] = (m + i, self.seen + tuple(seen), None, shown, self.stub)
                keep(_EVENT(Event, (e[0], owner, e[2], None, vis, e[5])))  # e.redacted
                continue
            if owner is not None and owner not in forks:  # its own hand, public
                forks[owner] = (m + i, self.seen + tuple(seen), None, shown, self.stub)
            keep(e)
            kind = e.kind
            if kind == "stub":
                self.stub = card_from_id(cards[0]) if cards else None
            elif owner is not None and (kind == "reveal" or kind == "deal"):
                if not copied:  # (forks share the dict read so far: copy before a change)
                    shown, copied = dict(shown), True
                shown[owner] = tuple(map(card_from_id, cards))
        self.shown = shown
        self.seen += tuple(seen)
        self.count = m + len(events)


def _extend(old: _Fork, events: Sequence[Event], seat: int, count: int) -> _Fork:
    """``seat``'s digest ``old`` read on over ``events`` (the log now has ``count``)."""
    seen: list[Event] = []
    keep = seen.append
    own = old[2]
    shown = old[3]
    stub = old[4]
    copied = False
    for e in events:
        cards = e.cards
        if cards is None:
            keep(e)
            continue
        vis = e.visible_to
        if vis is not None and seat not in vis:
            keep(_EVENT(Event, (e[0], e[1], e[2], None, vis, e[5])))  # e.redacted(seat)
            continue
        keep(e)
        kind = e.kind
        owner = e.seat
        if kind == "stub":
            stub = card_from_id(cards[0]) if cards else None
        elif owner == seat and kind == "look":
            own = cards
        elif owner is not None and owner != seat and (kind == "reveal" or kind == "deal"):
            if not copied:
                shown, copied = dict(shown), True
            shown[owner] = tuple(map(card_from_id, cards))
    return (count, old[1] + tuple(seen), own, shown, stub)


def machine_view(reader: LogReader, w: AnyWork, base: tuple[Event, ...], seat: int,
                 legal: tuple[LegalAction, ...]) -> SeatView:
    """``seat``'s view of the deal as the machine ``w`` holds it, equal to the view of the
    state it would freeze into (:func:`seat_view`), without building that state: the
    deal's event log is ``base`` and then the machine's new events (``reader`` digests
    it), ``legal`` the legal actions of the machine if ``seat`` is to act (else ``()``)."""
    seen, own, shown, stub = reader.read(base, w.new_events, seat)
    own_cards: tuple[Card, ...] | None = None
    hand = w.hands[seat]
    if own is not None and hand and w.looked[seat]:
        own_cards = tuple(card_from_id(c) for c in hand if c in own)
    frozen = w.covered_pots
    return make_view(seat=seat, dealer=w.dealer, stacks=tuple(w.stacks), pot=w.pot,
                     pots=tuple([a for a, _ in frozen]) if frozen else (), stake=w.stake,
                     status=tuple(w.status), looked=tuple(w.looked), to_act=w.to_act,
                     phase=w.phase, own_cards=own_cards, shown=dict(shown), stub_card=stub,
                     events=seen, legal=legal)
