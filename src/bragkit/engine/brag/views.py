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
>>> from bragkit.engine.brag.line import DealLine  # (a view from the deal's machine)
>>> DealLine(s).view(1) == v
True
"""

from __future__ import annotations

from typing import Final

from bragkit.cards import Card, card_from_id
from bragkit.engine.brag.core import BragRecord, ViewDigest
from bragkit.engine.brag.legal import legal_actions
from bragkit.engine.contract import LazyView, SeatView
from bragkit.engine.events import Event
from bragkit.engine.views import (
    Draft,
    LogBook,
    Reading,
    new_view,
    read_events,
    reusable_digest,
)

__all__ = ["BRAG_READING", "fill_draft", "fill_view", "seat_view"]

BRAG_READING: Final = Reading(replace=frozenset({"reveal", "deal"}), look="look", stub="stub")
"""What a brag-style deal's card events tell a seat: a seat's cards as it looks at them, a
hand revealed or dealt face up, the stub card."""

_EMPTY: ViewDigest = ((), (), None, {}, None)


_CARD: Final = tuple(card_from_id(c) for c in range(56))
_SET: Final = object.__setattr__


def fill_draft(log: LogBook, seat: int, count: int, hand: tuple[int, ...] | None,
               d: Draft) -> None:
    """Fill a draft's fields read from the log (the line's :class:`LogBook` ``log``, its
    first ``count`` events): ``seat``'s events, own cards (of ``hand``, the seat's hand if it
    has looked at a hand, else None), the hands shown to it, the stub card."""
    events, own, shown, stub = log.read(seat, count)
    d.events = events
    d.own_cards = None if own is None or not hand else \
        tuple([_CARD[c] for c in hand if c in own])
    d.shown = dict(shown)
    d.stub_card = stub


def fill_view(log: LogBook, seat: int, count: int, hand: tuple[int, ...] | None,
              view: LazyView) -> None:
    """A lazy view's ``_fill`` (:func:`fill_draft`, the view a draft for a moment: plain
    stores, no setter calls); the seat's next views of the deal are built whole."""
    log.see(seat)
    _SET(view, "__class__", Draft)
    assert isinstance(view, Draft)
    del view._fill
    fill_draft(log, seat, count, hand, view)
    o: object = view
    o.__class__ = SeatView


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
