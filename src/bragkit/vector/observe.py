"""Observation vectors of the vector engine: a documented subset of the AEC env's vector.

The blocks are those of :class:`bragkit.rl.observe.Observer` with the same meaning and
scaling, in the same order, minus the blocks built from the event log and shown hands
(``cards_seen``, ``shown``, ``events``), which a fold-out-or-showdown deal without a log
does not keep:

==========  =======  ==================================================================
block       length   content (seats relative to the observer, chips / ``scale``)
==========  =======  ==================================================================
own cards   56       1 at each card id of the seat's hand once it has looked (while in)
own known   1        1 once the seat has looked (while it holds its hand)
seats       15 n     stack, looked, is dealer, is to act, 0, 0, 0, status one-hot
pots        3        pot, 0 (no covered pot), the stake R
to pay      3        on the seat's turn: lowest and highest bet and the see cost
phase       23       one-hot :class:`~bragkit.engine.kinds.Phase`
==========  =======  ==================================================================

``size(n)`` is ``86 + 15 n`` (176 for six seats); tests/test_vector_diff.py checks every
entry against the AEC env's vector of the same state.

>>> size(2), size(6), BLOCKS
(116, 176, ('own_cards', 'own_known', 'seats', 'pots', 'to_pay', 'phase'))
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.vector._jit import jit
from bragkit.vector.layout import (
    AMT_HI,
    AMT_LO,
    AMT_SEE,
    C_DEALER,
    C_PHASE,
    C_POT,
    C_STAKE,
    C_TO_ACT,
    P_N,
    PHASE_COUNT,
    ST_IN,
    STATUS_COUNT,
    seat_cols,
)

__all__ = ["BLOCKS", "observe_tables", "size"]

BLOCKS: Final = ("own_cards", "own_known", "seats", "pots", "to_pay", "phase")
"""The blocks of the AEC vector kept, in order (:mod:`bragkit.rl.observe`)."""
CARD_IDS: Final = 56
SEAT_WIDTH: Final = 7 + STATUS_COUNT


def size(n: int) -> int:
    """The length of an ``n``-seat observation."""
    return CARD_IDS + 1 + SEAT_WIDTH * n + 3 + 3 + PHASE_COUNT


@jit
def observe_tables(S: npt.NDArray[np.int32], P: npt.NDArray[np.int32],
                   amts: npt.NDArray[np.int32], seats: npt.NDArray[np.int32], scale: float,
                   out: npt.NDArray[np.float32]) -> None:
    """Row ``t`` of ``out``: seat ``seats[t]``'s observation of table ``t`` (-1: the seat to
    act; no seat to act: all 0)."""
    n = P[P_N]
    cols = seat_cols(n)
    stack0 = cols[0]
    status0 = cols[2]
    looked0 = cols[3]
    cards0 = cols[6]
    k = max(1.0, scale)
    seats_at = CARD_IDS + 1
    pots_at = seats_at + SEAT_WIDTH * n
    phase_at = pots_at + 6
    for t in range(S.shape[0]):
        row = out[t]
        for i in range(row.shape[0]):
            row[i] = 0.0
        me = seats[t]
        to_act = S[t, C_TO_ACT]
        if me < 0:
            me = to_act
        if me < 0:
            continue
        if S[t, looked0 + me] == 1 and S[t, status0 + me] == ST_IN:
            for j in range(3):
                row[S[t, cards0 + 3 * me + j]] = 1.0
            row[CARD_IDS] = 1.0
        for s in range(n):
            rel = s - me if s >= me else s - me + n
            base = seats_at + SEAT_WIDTH * rel
            row[base] = min(1.0, S[t, stack0 + s] / k)
            if S[t, looked0 + s] == 1:
                row[base + 1] = 1.0
            if s == S[t, C_DEALER]:
                row[base + 2] = 1.0
            if s == to_act:
                row[base + 3] = 1.0
            row[base + 7 + S[t, status0 + s]] = 1.0
        row[pots_at] = min(1.0, S[t, C_POT] / k)
        row[pots_at + 2] = min(1.0, S[t, C_STAKE] / k)
        if me == to_act:
            if amts[t, AMT_HI] > 0:
                row[pots_at + 3] = min(1.0, amts[t, AMT_LO] / k)
                row[pots_at + 4] = min(1.0, amts[t, AMT_HI] / k)
            if amts[t, AMT_SEE] > 0:
                row[pots_at + 5] = min(1.0, amts[t, AMT_SEE] / k)
        row[phase_at + S[t, C_PHASE]] = 1.0
