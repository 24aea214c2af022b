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

from typing import Any

from bragkit.engine.contract import SeatView
from bragkit.engine.events import Event

__all__ = ["SeatView", "redacted_events", "reusable_digest"]


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
