"""Per-seat views, derived from the event log: a seat never sees a card it may not see.

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
"""

from __future__ import annotations

from typing import Any, cast

from bragkit.cards import Card
from bragkit.engine.actions import LegalAction
from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event

__all__ = ["SeatView", "make_view", "new_view", "redacted_events", "reusable_digest"]

class _Draft:
    """A mutable twin of :class:`SeatView`: the same slots in the same order, so a draft
    filled by plain attribute stores becomes a ``SeatView`` by ``__class__`` assignment
    (CPython allows it between classes of the same layout).  Filling a frozen view slot by
    slot costs a setter call per field; this is a few times cheaper (a view per decision
    of every bot)."""

    __slots__ = SeatView.__slots__  # (in SeatView's order: the layout is the same)
    seat: int
    dealer: int
    stacks: tuple[int, ...]
    pot: int
    pots: tuple[int, ...]
    stake: int
    status: tuple[str, ...]
    looked: tuple[bool, ...]
    to_act: int
    phase: str
    own_cards: tuple[Card, ...] | None
    shown: dict[int, tuple[Card, ...]]
    stub_card: Card | None
    events: tuple[Event, ...]
    legal: tuple[LegalAction, ...]
    contrib: tuple[int, ...]
    committed: tuple[int, ...]
    lives: tuple[int, ...]
    widow: tuple[Card, ...]
    offered: Card | None


_new = object.__new__
_set_class = object.__setattr__


def make_view(*, seat: int, dealer: int, stacks: tuple[int, ...], pot: int,
              pots: tuple[int, ...], stake: int, status: tuple[str, ...],
              looked: tuple[bool, ...], to_act: int, phase: str,
              own_cards: tuple[Card, ...] | None, shown: dict[int, tuple[Card, ...]],
              stub_card: Card | None, events: tuple[Event, ...],
              legal: tuple[LegalAction, ...], contrib: tuple[int, ...] = (),
              committed: tuple[int, ...] = (), lives: tuple[int, ...] = (),
              widow: tuple[Card, ...] = (), offered: Card | None = None) -> SeatView:
    """A :class:`SeatView` by keyword, without its slow frozen ``__init__``: every
    engine's view builder (each argument's name and type checked by mypy).

    >>> v = make_view(seat=0, dealer=1, stacks=(9, 9), pot=2, pots=(), stake=1,
    ...               status=("in", "in"), looked=(False, False), to_act=0, phase="bet",
    ...               own_cards=None, shown={}, stub_card=None, events=(), legal=())
    >>> v == SeatView(0, 1, (9, 9), 2, (), 1, ("in", "in"), (False, False), 0, "bet", None,
    ...               {}, None, (), ()), type(v).__name__
    (True, 'SeatView')
    """
    return new_view(seat, dealer, stacks, pot, pots, stake, status, looked, to_act, phase,
                    own_cards, shown, stub_card, events, legal, contrib, committed, lives,
                    widow, offered)


def new_view(seat: int, dealer: int, stacks: tuple[int, ...], pot: int,
             pots: tuple[int, ...], stake: int, status: tuple[str, ...],
             looked: tuple[bool, ...], to_act: int, phase: str,
             own_cards: tuple[Card, ...] | None, shown: dict[int, tuple[Card, ...]],
             stub_card: Card | None, events: tuple[Event, ...],
             legal: tuple[LegalAction, ...], contrib: tuple[int, ...] = (),
             committed: tuple[int, ...] = (), lives: tuple[int, ...] = (),
             widow: tuple[Card, ...] = (), offered: Card | None = None, /) -> SeatView:
    """:func:`make_view` with the fields in order: the hot path's builder (a keyword call
    of twenty arguments costs about as much as filling the view).

    >>> new_view(0, 1, (9, 9), 2, (), 1, ("in", "in"), (False, False), 0, "bet", None, {},
    ...          None, (), ()).stacks
    (9, 9)
    """
    d: _Draft = _new(_Draft)
    d.seat = seat
    d.dealer = dealer
    d.stacks = stacks
    d.pot = pot
    d.pots = pots
    d.stake = stake
    d.status = status
    d.looked = looked
    d.to_act = to_act
    d.phase = phase
    d.own_cards = own_cards
    d.shown = shown
    d.stub_card = stub_card
    d.events = events
    d.legal = legal
    d.contrib = contrib
    d.committed = committed
    d.lives = lives
    d.widow = widow
    d.offered = offered
    _set_class(d, "__class__", SeatView)  # (same layout: now a frozen SeatView)
    return cast(SeatView, d)


def redacted_events(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` sees them (:meth:`Event.redacted` of each, in one pass).

    >>> e = Event("look", seat=0, cards=(51, 47, 43), visible_to=frozenset({0}))
    >>> redacted_events((e,), 1)[0].cards, redacted_events((e,), 0)[0] is e
    (None, True)
    """
    return tuple([e if e.cards is None or e.visible_to is None or seat in e.visible_to
                  else e.redacted(seat) for e in events])


def reusable_digest(digests: dict[int, Any], events: tuple[Event, ...], seat: int,
                    empty: Any) -> tuple[Any, int]:
    """``seat``'s latest digest in ``digests`` (a tuple whose first item is the event log it
    read) and how many events of ``events`` it covers, or ``(empty, 0)`` if its log is not a
    prefix (by value) of ``events``.  Shared by every engine's incremental views.

    >>> e1, e2 = Event("bet", 0, 2), Event("fold", 1)
    >>> reusable_digest({0: ((e1,), "d")}, (e1, e2), 0, ((), ""))[1]
    1
    >>> reusable_digest({0: ((e2,), "d")}, (e1, e2), 0, ((), ""))
    (((), ''), 0)
    """
    old = digests.get(seat, empty)
    src = old[0]
    m = len(src)
    if src is not events and (not m or m > len(events) or events[m - 1] != src[-1]
                              or events[:m] != src):
        return empty, 0
    return old, m
