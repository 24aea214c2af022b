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
"""

from __future__ import annotations

from bragkit.cards import Card, card_from_id
from bragkit.engine.brag.core import BragRecord, ViewDigest, new_event
from bragkit.engine.brag.legal import legal_actions
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.views import make_view, reusable_digest

__all__ = ["seat_view"]


_Digest = ViewDigest
_EVENT = new_event
_EMPTY: _Digest = ((), (), None, {}, None)


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
