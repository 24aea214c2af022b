"""The vector kernels between two deals of a session: the next stacks and the pack.

:func:`next_deal` tops stacks up and passes the deal on, as :mod:`bragkit.sim` runs a
table; :func:`gathered` turns a table's pack row into the pack as gathered (rules 2.4) with
a hand retained into the next deal on top of it (rules 4.4.6); :func:`rebuild` rewrites a
row as a whole pack.  Each works on row ``t`` of the state matrix ``S``
(:mod:`bragkit.vector.layout`).

>>> import numpy as np
>>> from bragkit.vector import layout as L
>>> S = np.zeros((1, L.width(2)), dtype=np.int32)
>>> S[0, L.C_RETAINED], S[0, L.C_OLD:L.C_OLD + 3] = 1, (7, 3, 9)
>>> packs = np.zeros((1, 52), dtype=np.int8)
>>> rebuild(S, 0, packs)
>>> packs[0, :6].tolist(), sorted(packs[0].tolist()) == list(range(52))
([7, 3, 9, 0, 1, 2], True)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bragkit.vector._jit import jit
from bragkit.vector.layout import (
    C_BOTTOM,
    C_CARRIED,
    C_DEALER,
    C_LOST,
    C_OFF,
    C_OLD,
    C_RETAINED,
    C_SHUF,
    P_ANTE,
    P_N,
    P_UNSHUF,
    ST_OUT,
    seat_cols,
)

__all__ = ["gathered", "next_deal", "rebuild"]

I32 = npt.NDArray[np.int32]
I8 = npt.NDArray[np.int8]


@jit
def next_deal(S: I32, P: I32, t: int, stack: int, low: int) -> bool:
    """Session mode: the next deal's stacks, as :mod:`bragkit.sim` runs a table -- the stacks
    go on; every seat is topped up to ``stack`` when one is below ``low`` and no pot is
    carried, or when fewer than two seats can pay the ante (the carried pot is then
    dropped, counted in ``C_LOST``: a new session, whose pack is shuffled, returns True);
    the deal passes to the left."""
    n = P[P_N]
    cols = seat_cols(n)
    stack0 = cols[0]
    start0 = cols[1]
    need = max(P[P_ANTE], 1)
    can = 0
    least = S[t, stack0]
    for s in range(n):
        chips = S[t, stack0 + s]
        if chips >= need:
            can += 1
        if chips < least:
            least = chips
    fresh = False
    if can < 2:
        S[t, C_LOST] += S[t, C_CARRIED]
        S[t, C_CARRIED] = 0
        S[t, C_RETAINED] = -1  # a new session: the retained hand goes back to the pack
        fresh = True
    elif least < low and S[t, C_CARRIED] == 0 and S[t, C_RETAINED] < 0:
        fresh = True
    for s in range(n):
        S[t, start0 + s] = stack if fresh else S[t, stack0 + s]
    dealer = S[t, C_DEALER] + 1
    S[t, C_DEALER] = 0 if dealer >= n else dealer
    return can < 2


@jit
def gathered(S: I32, P: I32, t: int, packs: I8) -> bool:
    """A session between deals: turn the table's pack row into the pack as gathered (the
    undealt rest, then the hands in the order they left play, rules 2.4) and return True,
    or False when the next deal must be shuffled (not unshuffled, a prial won, or cards are
    missing).  A hand retained into the next deal goes on top of the row either way."""
    kept = S[t, C_RETAINED]
    if P[P_UNSHUF] == 0:
        if kept >= 0:
            _held_to_top(S, t, packs)
        return False
    if kept < 0 and S[t, C_SHUF] == 1:
        return False
    n = P[P_N]
    status0 = seat_cols(n)[2]
    dealt = S[t, C_OFF]
    for s in range(n):
        if S[t, status0 + s] != ST_OUT:
            dealt += 3
    b = S[t, C_BOTTOM]
    size = packs.shape[1]
    if kept >= 0:  # [gathered, retained hand, undealt rest] -> [retained, rest, gathered]
        if b + 3 != dealt:
            rebuild(S, t, packs)
            return False
        for j in range(3):
            packs[t, b + j] = S[t, C_OLD + j]
        _rotate(packs, t, b, size)
        return True
    if b != dealt:
        return False
    _rotate(packs, t, dealt, size)
    return True


@jit
def _rotate(packs: I8, t: int, k: int, size: int) -> None:
    """Rotate the row left by ``k``: three reversals."""
    _reverse(packs, t, 0, k)
    _reverse(packs, t, k, size)
    _reverse(packs, t, 0, size)


@jit
def _held_to_top(S: I32, t: int, packs: I8) -> None:
    """Move the retained hand's cards (``C_OLD``) to the top of the row, in order."""
    for j in range(3):
        c = S[t, C_OLD + j]
        for i in range(j, packs.shape[1]):
            if packs[t, i] == c:
                packs[t, i] = packs[t, j]
                packs[t, j] = c
                break


@jit
def rebuild(S: I32, t: int, packs: I8) -> None:
    """Rewrite the row as a whole pack: the retained hand (if any) on top, then every other
    card by id (a fallback; a shuffle follows)."""
    kept = S[t, C_RETAINED] >= 0
    k = 0
    if kept:
        for j in range(3):
            packs[t, j] = S[t, C_OLD + j]
        k = 3
    for c in range(packs.shape[1]):
        if kept and (c == S[t, C_OLD] or c == S[t, C_OLD + 1] or c == S[t, C_OLD + 2]):
            continue
        packs[t, k] = c
        k += 1


@jit
def _reverse(packs: I8, t: int, lo: int, hi: int) -> None:
    hi -= 1
    while lo < hi:
        c = packs[t, lo]
        packs[t, lo] = packs[t, hi]
        packs[t, hi] = c
        lo += 1
        hi -= 1
