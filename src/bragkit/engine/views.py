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

from typing import Any, Final

from bragkit.cards import Card
from bragkit.engine.actions import LegalAction
from bragkit.engine.contract import SeatView, slot_setter
from bragkit.engine.events import Event

__all__ = ["SeatView", "make_view", "redacted_events", "reusable_digest"]

_VIEW_FIELDS: Final = ("seat", "dealer", "stacks", "pot", "pots", "stake", "status", "looked",
                       "to_act", "phase", "own_cards", "shown", "stub_card", "events", "legal",
                       "contrib", "committed", "lives", "widow", "offered")
(_v_seat, _v_dealer, _v_stacks, _v_pot, _v_pots, _v_stake, _v_status, _v_looked, _v_to_act,
 _v_phase, _v_own_cards, _v_shown, _v_stub_card, _v_events, _v_legal, _v_contrib, _v_committed,
 _v_lives, _v_widow, _v_offered) = (slot_setter(SeatView, name) for name in _VIEW_FIELDS)


def make_view(*, seat: int, dealer: int, stacks: tuple[int, ...], pot: int,
              pots: tuple[int, ...], stake: int, status: tuple[str, ...],
              looked: tuple[bool, ...], to_act: int, phase: str,
              own_cards: tuple[Card, ...] | None, shown: dict[int, tuple[Card, ...]],
              stub_card: Card | None, events: tuple[Event, ...],
              legal: tuple[LegalAction, ...], contrib: tuple[int, ...] = (),
              committed: tuple[int, ...] = (), lives: tuple[int, ...] = (),
              widow: tuple[Card, ...] = (), offered: Card | None = None) -> SeatView:
    """A :class:`SeatView` by keyword through its slot setters (the frozen ``__init__`` is
    slow): every engine's view builder (each argument's name and type checked by mypy).

    >>> v = make_view(seat=0, dealer=1, stacks=(9, 9), pot=2, pots=(), stake=1,
    ...               status=("in", "in"), looked=(False, False), to_act=0, phase="bet",
    ...               own_cards=None, shown={}, stub_card=None, events=(), legal=())
    >>> v == SeatView(0, 1, (9, 9), 2, (), 1, ("in", "in"), (False, False), 0, "bet", None,
    ...               {}, None, (), ())
    True
    """
    view = object.__new__(SeatView)
    _v_seat(view, seat)
    _v_dealer(view, dealer)
    _v_stacks(view, stacks)
    _v_pot(view, pot)
    _v_pots(view, pots)
    _v_stake(view, stake)
    _v_status(view, status)
    _v_looked(view, looked)
    _v_to_act(view, to_act)
    _v_phase(view, phase)
    _v_own_cards(view, own_cards)
    _v_shown(view, shown)
    _v_stub_card(view, stub_card)
    _v_events(view, events)
    _v_legal(view, legal)
    _v_contrib(view, contrib)
    _v_committed(view, committed)
    _v_lives(view, lives)
    _v_widow(view, widow)
    _v_offered(view, offered)
    return view


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
