"""What one seat of a poker-style deal may know: the one
:class:`~bragkit.engine.contract.SeatView` (docs/design/contract.md, section 3), read from the
event log (:func:`bragkit.engine.views.read_events`) of a state (:func:`seat_view`) or of a
line's machine (:meth:`bragkit.engine.poker.line.PokerLine.view`, with :func:`book` and
:func:`fill_view`).

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
>>> from bragkit.engine.poker.line import PokerLine
>>> line = PokerLine(lambda: s, PokerWork(s), viewing=True)
>>> line.view(0) == v
True
"""

from __future__ import annotations

from typing import Final

from bragkit.cards import card_from_id
from bragkit.engine.contract import LazyView, SeatView
from bragkit.engine.events import Event
from bragkit.engine.poker.core import CARD, PokerRecord, PokerWork
from bragkit.engine.views import (
    Draft,
    LogBook,
    LogDigest,
    Reading,
    new_view,
    read_events,
    reusable_digest,
)

__all__ = ["CARD_OF", "POKER_READING", "book", "fill_view", "no_contrib", "seat_view"]

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


_CARD: Final = tuple(card_from_id(c) for c in range(56))
"""``_CARD[i]``: the card of id ``i`` (jokers 52..55), as every view holds it."""
CARD_OF: Final = _CARD.__getitem__
"""``CARD_OF(i)``: the card of id ``i`` (a seat's own cards, ``tuple(map(CARD_OF, hand))``)."""


def _digest(events: tuple[Event, ...], seat: int) -> LogDigest:
    old: LogDigest
    old, m = reusable_digest(_DIGESTS, events, seat, _EMPTY)
    if old[0] is events:
        return old
    seen, _, shown, _ = read_events(events[m:], seat, None, old[3], None, POKER_READING)
    digest: LogDigest = (events, old[1] + tuple(seen), None, shown, None)
    _DIGESTS[seat] = digest
    return digest


def no_contrib(n: int) -> tuple[int, ...]:
    """``(0,) * n``, one shared tuple per table size (``contrib`` outside a betting round)."""
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
                    rnd.contrib if rnd is not None else no_contrib(st.n), st.chips)


def book(w: PokerWork) -> LogBook:
    """A :class:`~bragkit.engine.views.LogBook` of the log of a poker-style line's machine
    ``w`` (its base's events, then its new events: the book follows that list; the line
    hands the book its new base's log whenever it empties it, :meth:`LogBook.rebase`)."""
    return LogBook(POKER_READING, w.base.events, w.new_events)


_SET: Final = object.__setattr__


def fill_view(log: LogBook, seat: int, count: int, view: LazyView) -> None:
    """Fill a lazy view's fields read from the log (the line's :class:`LogBook` ``log``, its
    first ``count`` events): ``seat``'s events and the hands shown to it (the view a draft
    for a moment: plain stores, no setter calls); the seat's next views of the deal are
    built whole."""
    log.see(seat)
    events, _, shown, _ = log.read(seat, count)
    _SET(view, "__class__", Draft)
    assert isinstance(view, Draft)
    del view._fill
    view.events = events
    view.shown = dict(shown)
    o: object = view
    o.__class__ = SeatView
