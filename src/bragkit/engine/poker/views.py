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
>>> machine_view(reader(), PokerWork(s), s.events, len(s.events), 0, s.legal_actions()) == v
True
"""

from __future__ import annotations

from typing import Final

from bragkit.cards import Card
from bragkit.engine.actions import LegalAction
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event
from bragkit.engine.poker.core import CARD, PokerRecord, PokerWork
from bragkit.engine.views import (
    LogDigest,
    LogReader,
    Reading,
    new_view,
    read_events,
    reusable_digest,
)

__all__ = ["POKER_READING", "machine_view", "reader", "seat_view"]

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


def reader(seen: tuple[Event, ...] = ()) -> LogReader:
    """A :class:`~bragkit.engine.views.LogReader` of a poker-style line's log."""
    return LogReader(POKER_READING, seen)


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


def machine_view(log: LogReader, w: PokerWork, base: tuple[Event, ...] | None, k: int,
                 seat: int, legal: tuple[LegalAction, ...]) -> SeatView:
    """What ``seat`` may know of the deal on the machine ``w``: the view of the state it
    would freeze into (:func:`seat_view`), read by ``log`` from the deal's log, ``base``
    (``k`` events, or None once read) and the machine's new events; ``legal``: the
    machine's legal actions if ``seat`` is to act, else ``()``."""
    seen, _, shown, _ = log.digest(seat, base, k, w.new_events)
    own: tuple[Card, ...] | None = None
    if w.looked[seat]:
        hand = w.hands[seat]
        if hand:
            own = log.own_cards(seat, hand, None, None)
    rnd = w.rnd
    pools = w.pools
    return new_view(seat, w.dealer, tuple(w.stacks), sum(pools),  # (SeatView's fields)
                    tuple(pools) if len(pools) > 1 else (),
                    rnd.target if rnd is not None else 0, tuple(w.status), tuple(w.looked),
                    w.to_act, w.phase, own, dict(shown) if shown else {}, None, seen, legal,
                    rnd.contrib if rnd is not None else _no_contrib(w.n), tuple(w.chips))
