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
seats               12 x n     per seat: stack / scale, looked, is dealer, is to act, and its
                               status one-hot (:class:`~bragkit.engine.kinds.SeatStatus`)
pots                2          pot / scale, carried (frozen) pots / scale
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
(True, 0.0, 1069)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.engine.contract import ActionKind, Phase, SeatStatus, SeatView
from bragkit.engine.events import EVENT_KINDS

__all__ = ["CARD_IDS", "EVENT_VOCAB", "HISTORY", "Observer"]

CARD_IDS: Final = 56
"""Card ids 0..55: the 52 cards and up to four jokers."""
HISTORY: Final = 16
"""How many of the latest events the vector holds."""
EVENT_VOCAB: Final[tuple[str, ...]] = (
    *EVENT_KINDS, *sorted(str(k) for k in ActionKind if str(k) not in EVENT_KINDS), "other")
"""The event kinds of the history block (every engine event and action kind, then "other")."""
_PHASES: Final = tuple(Phase)
_STATUSES: Final = tuple(SeatStatus)
_EVENT_INDEX: Final = {k: i for i, k in enumerate(EVENT_VOCAB)}
_SEAT_WIDTH: Final = 4 + len(_STATUSES)


class Observer:
    """The observation vector of a table of ``n`` seats (see the module for its layout)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.event_width = len(EVENT_VOCAB) + n + 2
        self.offsets: dict[str, tuple[int, int]] = {}
        at = 0
        for name, width in (("own_cards", CARD_IDS), ("own_known", 1), ("cards_seen", CARD_IDS),
                            ("shown", CARD_IDS * (n - 1)), ("seats", _SEAT_WIDTH * n),
                            ("pots", 2), ("to_pay", 3), ("phase", len(_PHASES)),
                            ("events", self.event_width * HISTORY)):
            self.offsets[name] = (at, at + width)
            at += width
        self.size = at
        """The vector's length."""

    def vector(self, view: SeatView, scale: int) -> npt.NDArray[np.float32]:
        """The vector of ``view``; chips are divided by ``scale`` (> 0)."""
        n = self.n
        out = np.zeros(self.size, dtype=np.float32)
        me = view.seat
        k = float(max(1, scale))

        def rel(seat: int) -> int:
            return (seat - me) % n

        at = self.offsets["own_cards"][0]
        own = view.own_cards
        if own is not None:
            out[[at + c.id for c in own]] = 1.0
            out[self.offsets["own_known"][0]] = 1.0
        own_ids = {c.id for c in own} if own is not None else set()
        at = self.offsets["cards_seen"][0]
        seen = [c.id for c in view.known_cards() if c.id not in own_ids]
        if seen:
            out[[at + c for c in seen]] = 1.0
        at = self.offsets["shown"][0]
        for seat, hand in view.shown.items():
            r = rel(seat)
            if r:
                out[[at + CARD_IDS * (r - 1) + c.id for c in hand]] = 1.0
        at = self.offsets["seats"][0]
        for seat in range(min(n, len(view.stacks))):
            base = at + _SEAT_WIDTH * rel(seat)
            out[base] = min(1.0, view.stacks[seat] / k)
            out[base + 1] = float(seat < len(view.looked) and view.looked[seat])
            out[base + 2] = float(seat == view.dealer)
            out[base + 3] = float(seat == view.to_act)
            if seat < len(view.status) and view.status[seat] in _STATUSES:
                out[base + 4 + _STATUSES.index(SeatStatus(view.status[seat]))] = 1.0
        at = self.offsets["pots"][0]
        out[at] = min(1.0, view.pot / k)
        out[at + 1] = min(1.0, sum(view.pots) / k)
        at = self.offsets["to_pay"][0]
        for la in view.legal:
            if la.kind in ("bet", "raise") and la.lo is not None:
                out[at] = min(1.0, la.lo / k)
                out[at + 1] = min(1.0, (la.hi or la.lo) / k)
            elif la.kind == "see":
                out[at + 2] = min(1.0, la.cost / k)
        if view.phase in _PHASES:
            out[self.offsets["phase"][0] + _PHASES.index(Phase(view.phase))] = 1.0
        at = self.offsets["events"][0]
        width = self.event_width
        vocab = len(EVENT_VOCAB)
        for j, e in enumerate(reversed(view.events[-HISTORY:])):
            base = at + width * j
            out[base + _EVENT_INDEX.get(e.kind, vocab - 1)] = 1.0
            slot = rel(e.seat) if e.seat is not None and 0 <= e.seat < n else n
            out[base + vocab + slot] = 1.0
            if e.amount:
                out[base + vocab + n + 1] = min(1.0, e.amount / k)
        return out
