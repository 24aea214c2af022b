"""The observation vector of one seat: exactly what its :class:`SeatView` holds, as numbers.

:class:`Observer` turns a view into a flat ``float32`` vector of fixed length for a table of
``n`` seats.  Seats are *relative*: block entries for seat ``k`` describe the seat ``k``
places after the observer (0 is the observer itself).  Chips are divided by ``scale`` (the
chips at the table at the start of the deal), so every entry lies in ``[0, 1]``.

==================  =========  ==============================================================
block               length     content
==================  =========  ==============================================================
own cards           56         1 at each card id of the seat's own hand, all 0 while blind
                               (card ids 0-51 and jokers 52-55, :mod:`bragkit.cards`)
own known           1          1 once the seat has seen its own hand
cards seen          56         every other card the view reveals (shown hands, widow, stub,
                               the events' visible cards)
shown, per seat     56 x (n-1) the hand each other seat has shown to the observer
seats               15 x n     per seat: stack / scale, looked, is dealer, is to act, its
                               contribution to the betting round / scale and chips committed
                               this deal / scale (poker-style), lives / 3 (Commerce), and its
                               status one-hot (:class:`~bragkit.engine.kinds.SeatStatus`)
pots                3          pot / scale, carried (frozen) pots / scale, the stake to meet /
                               scale (brag-style: open-equivalent; poker-style: the target)
to pay              3          on the observer's turn: the lowest and highest bet
                               (``bet``/``raise``) / scale and the see cost / scale, else 0
phase               23         one-hot :class:`~bragkit.engine.kinds.Phase`
last events         E x 16     the 16 latest events of the seat's log, newest first; each:
                               kind one-hot (:data:`EVENT_VOCAB`), relative seat one-hot
                               (n, plus one for "no seat"), amount / scale
==================  =========  ==============================================================

A blind seat's view has no own cards, and its log holds no card it has not seen, so its vector
never holds its own cards (tests/test_rl_env.py proves it on two packs).

>>> import random
>>> from bragkit.engine import open_table
>>> from bragkit.rules import get_preset
>>> t = open_table(get_preset("modern"), [20, 20], dealer=0, seed=3)
>>> obs = Observer(2)
>>> v = obs.vector(t.state.view(1), 40)
>>> v.shape == (obs.size,), float(v[:56].sum()), obs.size
(True, 0.0, 1076)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.engine.contract import ActionKind, Phase, SeatStatus, SeatView
from bragkit.engine.events import EVENT_KINDS, Event

__all__ = ["CARD_IDS", "EVENT_VOCAB", "HISTORY", "LIVES", "Observer"]

CARD_IDS: Final = 56
"""Card ids 0..55: the 52 cards and up to four jokers."""
HISTORY: Final = 16
"""How many of the latest events the vector holds."""
LIVES: Final = 3.0
"""Commerce's lives are divided by this (a seat starts with three)."""
EVENT_VOCAB: Final[tuple[str, ...]] = (
    *EVENT_KINDS, *sorted(str(k) for k in ActionKind if str(k) not in EVENT_KINDS), "other")
"""The event kinds of the history block (every engine event and action kind, then "other")."""
_PHASES: Final = tuple(Phase)
_STATUSES: Final = tuple(SeatStatus)
_EVENT_INDEX: Final = {k: i for i, k in enumerate(EVENT_VOCAB)}
_STATUS_INDEX: Final[dict[str, int]] = {str(s): i for i, s in enumerate(_STATUSES)}
_PHASE_INDEX: Final[dict[str, int]] = {str(p): i for i, p in enumerate(_PHASES)}
_SEAT_WIDTH: Final = 7 + len(_STATUSES)


class Observer:
    """The observation vector of a table of ``n`` seats (see the module for its layout)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.event_width = len(EVENT_VOCAB) + n + 2
        self.offsets: dict[str, tuple[int, int]] = {}
        at = 0
        for name, width in (("own_cards", CARD_IDS), ("own_known", 1), ("cards_seen", CARD_IDS),
                            ("shown", CARD_IDS * (n - 1)), ("seats", _SEAT_WIDTH * n),
                            ("pots", 3), ("to_pay", 3), ("phase", len(_PHASES)),
                            ("events", self.event_width * HISTORY)):
            self.offsets[name] = (at, at + width)
            at += width
        self.size = at
        """The vector's length."""

    def vector(self, view: SeatView, scale: int) -> npt.NDArray[np.float32]:
        """The vector of ``view``; chips are divided by ``scale`` (> 0)."""
        n = self.n
        me = view.seat
        k = float(max(1, scale))
        ones: list[int] = []          # entries set to 1
        idx: list[int] = []           # entries set to a value in [0, 1]
        val: list[float] = []
        off = self.offsets

        def rel(seat: int) -> int:
            return (seat - me) % n

        at = off["own_cards"][0]
        own = view.own_cards
        own_ids = {c.id for c in own} if own is not None else set()
        if own is not None:
            ones += [at + c for c in own_ids]
            ones.append(off["own_known"][0])
        at = off["cards_seen"][0]
        ones += [at + c.id for c in view.known_cards() if c.id not in own_ids]
        at = off["shown"][0]
        for seat, hand in view.shown.items():
            r = rel(seat)
            if r:
                ones += [at + CARD_IDS * (r - 1) + c.id for c in hand]
        at = off["seats"][0]
        looked, status = view.looked, view.status
        for seat in range(min(n, len(view.stacks))):
            base = at + _SEAT_WIDTH * rel(seat)
            idx.append(base)
            val.append(min(1.0, view.stacks[seat] / k))
            if seat < len(looked) and looked[seat]:
                ones.append(base + 1)
            if seat == view.dealer:
                ones.append(base + 2)
            if seat == view.to_act:
                ones.append(base + 3)
            if seat < len(status):
                found = _STATUS_INDEX.get(status[seat])
                if found is not None:
                    ones.append(base + 7 + found)
            for j, values, top in ((4, view.contrib, k), (5, view.committed, k),
                                   (6, view.lives, LIVES)):
                if seat < len(values) and values[seat]:
                    idx.append(base + j)
                    val.append(min(1.0, values[seat] / top))
        at = off["pots"][0]
        idx += [at, at + 1, at + 2]
        val += [min(1.0, view.pot / k), min(1.0, sum(view.pots) / k), min(1.0, view.stake / k)]
        at = off["to_pay"][0]
        for la in view.legal:
            if la.kind in ("bet", "raise") and la.lo is not None:
                idx += [at, at + 1]
                val += [min(1.0, la.lo / k), min(1.0, (la.hi or la.lo) / k)]
            elif la.kind == "see":
                idx.append(at + 2)
                val.append(min(1.0, la.cost / k))
        phase = _PHASE_INDEX.get(view.phase)
        if phase is not None:
            ones.append(off["phase"][0] + phase)
        self._events(reversed(view.events[-HISTORY:]), me, k, off["events"][0], ones, idx, val)
        out = np.zeros(self.size, dtype=np.float32)
        out[ones] = 1.0
        out[idx] = val
        return out

    def history(self, events: Sequence[Event], seat: int, scale: int,
                bound: int) -> npt.NDArray[np.float32]:
        """The whole log ``events`` of ``seat``, oldest first, ``bound`` events of
        :attr:`event_width` entries each (the layout of the "last events" block; unused rows
        0).  A log longer than ``bound`` raises ``ValueError``: nothing is cut.

        >>> obs = Observer(2)
        >>> from bragkit.engine.events import Event
        >>> v = obs.history([Event("ante", 0, 1), Event("bet", 1, 2)], 1, 10, 3)
        >>> v.shape == (3 * obs.event_width,), int(v.sum() * 10)
        (True, 43)
        """
        if len(events) > bound:
            raise ValueError(f"a log of {len(events)} events is longer than the bound {bound}")
        ones: list[int] = []
        idx: list[int] = []
        val: list[float] = []
        self._events(iter(events), seat, float(max(1, scale)), 0, ones, idx, val)
        out = np.zeros(bound * self.event_width, dtype=np.float32)
        out[ones] = 1.0
        out[idx] = val
        return out

    def _events(self, events: Iterator[Event], me: int, k: float, at: int, ones: list[int],
                idx: list[int], val: list[float]) -> None:
        """Encode ``events`` in rows of :attr:`event_width` from entry ``at``: the kind
        one-hot, the seat (relative to ``me``; ``n`` for none) one-hot, the amount / ``k``."""
        n = self.n
        width = self.event_width
        vocab = len(EVENT_VOCAB)
        for j, e in enumerate(events):
            base = at + width * j
            ones.append(base + _EVENT_INDEX.get(e.kind, vocab - 1))
            who = e.seat
            ones.append(base + vocab + ((who - me) % n if who is not None and 0 <= who < n
                                        else n))
            if e.amount:
                idx.append(base + vocab + n + 1)
                val.append(min(1.0, e.amount / k))
