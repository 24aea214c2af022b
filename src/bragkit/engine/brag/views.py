"""Per-seat views of a brag-style deal, derived from the event log: a seat never sees a
card it may not see (the reading itself is :func:`bragkit.engine.views.read_events`).

A blind seat does not see its own cards until it looks; the seen hand of a see is public;
a side show is private to its two players; the face-up stub shows one card to all.

>>> import random
>>> from bragkit.rules import get_preset
>>> from bragkit.engine import BragState, shuffled_pack
>>> s = BragState.start(get_preset("modern"), (20, 20), 0,
...                     shuffled_pack(get_preset("modern"), random.Random(5)))
>>> v = s.view(1)
>>> v.own_cards is None, v.to_act, v.pot, seat_view(s, 1) == v
(True, 1, 2, True)
>>> looked = s.apply("look")
>>> len(looked.view(1).own_cards), looked.view(0).known_cards()
(3, ())
>>> from bragkit.engine.brag.core import Work
>>> machine_view(reader(), Work(s), s.events, len(s.events), 1, s.legal_actions()) == v
True
"""

from __future__ import annotations

from typing import Final, cast

from bragkit.cards import Card, card_from_id
from bragkit.engine.actions import LegalAction
from bragkit.engine.brag.core import AnyWork, BragRecord, ViewDigest
from bragkit.engine.brag.legal import legal_actions
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.views import (
    Draft,
    LogReader,
    Reading,
    new_draft,
    new_view,
    read_events,
    reusable_digest,
)

__all__ = ["BRAG_READING", "machine_view", "reader", "seat_view"]

BRAG_READING: Final = Reading(replace=frozenset({"reveal", "deal"}), look="look", stub="stub")
"""What a brag-style deal's card events tell a seat: a seat's cards as it looks at them, a
hand revealed or dealt face up, the stub card."""

_EMPTY: ViewDigest = ((), (), None, {}, None)


def reader(seen: tuple[Event, ...] = ()) -> LogReader:
    """A :class:`~bragkit.engine.views.LogReader` of a brag-style line's log (whose first
    events, showing no card, the outsider sees as ``seen``)."""
    return LogReader(BRAG_READING, seen)


def _digest(digests: dict[int, ViewDigest], events: tuple[Event, ...],
            seat: int) -> ViewDigest:
    """The digest of ``events`` for ``seat``, extending the seat's previous digest of the
    deal (kept in ``digests``, the deal's :attr:`~bragkit.engine.brag.core.DealSetup.views`)
    if its log is a prefix (by value) of ``events``: the next view of the same deal reads
    only the new events, and any log, of any branch, gets exactly the view a fresh pass
    would give (digests are never changed once built).  A log in which no seat may see a
    card (the deal, bets, folds) digests alike for every seat: that digest is kept under
    -1 too, and a seat's first view of the deal reads on from it."""
    old, m = reusable_digest(digests, events, seat, _EMPTY)
    if old[0] is events:
        same: ViewDigest = old
        return same
    shared = False  # reading on from the digest every seat shares (key -1)?
    if not m and -1 in digests:
        old, m = reusable_digest(digests, events, -1, _EMPTY)
        shared = True
    new = events[m:]
    seen, own, shown, stub = read_events(new, seat, old[2], old[3], old[4], BRAG_READING)
    digest: ViewDigest = (events, old[1] + tuple(seen), own, shown, stub)
    digests[seat] = digest
    if (shared or not m) and not any(e.cards is not None and (e.visible_to is None
                                                               or e.visible_to)
                                     for e in new):
        digests[-1] = digest  # no card any seat may see: every seat's digest of this log
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


def machine_view(log: LogReader, w: AnyWork, base: tuple[Event, ...] | None, k: int,
                 seat: int, legal: tuple[LegalAction, ...]) -> SeatView:
    """``seat``'s view of the deal as the machine ``w`` holds it, equal to the view of the
    state it would freeze into (:func:`seat_view`), without building that state.

    The deal's event log is ``base`` (``k`` events; None when ``log`` has read them
    already) and then the machine's new events, ``log`` digests it; ``legal`` holds the
    legal actions of the machine if ``seat`` is to act (else ``()``).  The view is filled
    here, slot by slot (:func:`~bragkit.engine.views.new_view`'s way, without its call: a
    view per decision of every bot)."""
    seen, own, shown, stub = log.digest(seat, base, k, w.new_events)
    d: Draft = new_draft(Draft)
    if own is not None and w.looked[seat] and (hand := w.hands[seat]):
        d.own_cards = log.own_cards(seat, hand, own, own)
    else:
        d.own_cards = None
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
    d.shown = dict(shown) if shown else {}
    d.stub_card = stub
    d.events = seen
    d.legal = legal
    d.contrib = d.committed = d.lives = d.widow = ()
    d.offered = None
    o: object = d
    o.__class__ = SeatView  # (the same layout: now a frozen SeatView)
    return cast(SeatView, d)
