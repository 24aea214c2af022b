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
>>> machine_view(LogReader(), Work(s), s.events, len(s.events), 1, s.legal_actions()) == v
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
from bragkit.engine.views import new_view, reusable_digest

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
    return new_view(seat, setup.dealer, st.stacks, st.pot,  # (SeatView's fields, in order)
                    tuple([a for a, _ in frozen]) if frozen else (), st.stake, st.status,
                    st.looked, st.to_act, st.phase, own_cards, dict(shown), stub, events,
                    legal_actions(st) if st.to_act == seat else ())



class LogReader:
    """Every seat's digest of one line's event log, a log that only grows (a
    :class:`~bragkit.engine.brag.line.DealLine`'s): what :func:`machine_view` reads.

    One digest, an *outsider*'s (a seat that sees no private card and owns no hand), reads
    every event once; a seat's digest forks from it at the first event that the seat reads
    differently (a card shown to it, a hand of its own made public), and from then on reads
    the log on its own.  Any seat that has not forked reads the outsider's digest.
    """

    __slots__ = ("count", "forks", "owned", "seen", "shown", "stub")

    def __init__(self, seen: tuple[Event, ...] = ()) -> None:
        """A reader of a log whose first events (a log that shows no card to any seat, such
        as the deal's start: :func:`~bragkit.engine.brag.start.start_seen`) the outsider
        sees as ``seen``."""
        self.count = len(seen)
        """How many events of the log the outsider's digest has read."""
        self.seen = seen
        """The log as the outsider sees it."""
        self.shown: dict[int, tuple[Card, ...]] = {}
        """The hands shown to every seat."""
        self.stub: Card | None = None
        """The face-up stub card."""
        self.forks: dict[int, _Fork] = {}
        """The digests of the seats that forked, by seat."""
        self.owned: dict[int, tuple[tuple[int, ...], tuple[int, ...], tuple[Card, ...]]] = {}
        """Each seat's latest own cards: (its hand, its latest look, the cards)."""

    def read_on(self, events: Sequence[Event], m: int) -> None:
        """The outsider reads ``events`` (the log's from index ``m``); a seat forks before
        the first of them it reads differently."""
        for e in events:
            if e.cards is not None:
                break
        else:  # no card in them (bets, folds): read alike by every seat
            self.seen += tuple(events)
            self.count = m + len(events)
            return
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


def machine_view(reader: LogReader, w: AnyWork, base: tuple[Event, ...] | None, k: int,
                 seat: int, legal: tuple[LegalAction, ...]) -> SeatView:
    """``seat``'s view of the deal as the machine ``w`` holds it, equal to the view of the
    state it would freeze into (:func:`seat_view`), without building that state.

    The deal's event log is ``base`` (``k`` events; None when ``reader`` has read them
    already) and then the machine's new events, ``reader`` digests it; ``legal`` holds the
    legal actions of the machine if ``seat`` is to act (else ``()``)."""
    tail = w.new_events
    count = k + len(tail)
    m = reader.count
    if m < count:
        reader.read_on(tail[m - k:] if m >= k else _rest(base, m, tail), m)
    frozen = w.covered_pots
    fork = reader.forks.get(seat)
    if fork is None:
        shown = reader.shown
        return new_view(seat, w.dealer, tuple(w.stacks), w.pot,  # (SeatView's fields, in order)
                        tuple([a for a, _ in frozen]) if frozen else (), w.stake,
                        tuple(w.status), tuple(w.looked), w.to_act, w.phase, None,
                        dict(shown) if shown else {}, reader.stub, reader.seen, legal)
    done = fork[0]
    if done < count:
        fork = reader.forks[seat] = _extend(
            fork, tail[done - k:] if done >= k else _rest(base, done, tail), seat, count)
    _, seen, own, shown, stub = fork
    own_cards: tuple[Card, ...] | None = None
    hand = w.hands[seat]
    if own is not None and hand and w.looked[seat]:
        found = reader.owned.get(seat)
        if found is not None and found[0] is hand and found[1] is own:
            own_cards = found[2]
        else:
            own_cards = tuple([card_from_id(c) for c in hand if c in own])
            reader.owned[seat] = (hand, own, own_cards)
    return new_view(seat, w.dealer, tuple(w.stacks), w.pot,  # (SeatView's fields, in order)
                    tuple([a for a, _ in frozen]) if frozen else (), w.stake, tuple(w.status),
                    tuple(w.looked), w.to_act, w.phase, own_cards,
                    dict(shown) if shown else {}, stub, seen, legal)


def _rest(base: tuple[Event, ...] | None, m: int, tail: list[Event]) -> tuple[Event, ...]:
    """The log ``base + tail`` from index ``m`` (inside ``base``)."""
    assert base is not None, "the reader has not read the base log"
    return base[m:] + tuple(tail)
