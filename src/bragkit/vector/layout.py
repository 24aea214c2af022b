"""The numbers the vector kernels share: state columns, rule parameters, slots, codes.

A table's state is one row of an ``int32`` matrix.  Scalar columns first
(:data:`C_PHASE` ... :data:`C_STEPS`), then seven blocks of ``n`` per-seat columns (stack,
stack at the deal's start, status, looked, has bet blind, hand strength) and the
``3 n`` card ids: :func:`seat_cols` gives where each block starts.  Phases and statuses are
the indices of :class:`~bragkit.engine.kinds.Phase` and
:class:`~bragkit.engine.kinds.SeatStatus`; actions are the slots of the brag-style
:class:`~bragkit.engine.discrete.ActionSpace`.

>>> seat_cols(2), width(2)
((22, 24, 26, 28, 30, 32, 34), 40)
>>> A_LOOK, A_FOLD, A_BET_MIN, PH_BET, ST_IN
(0, 3, 8, 3, 0)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.engine.contract import Phase, SeatStatus
from bragkit.engine.discrete import ActionSpace
from bragkit.vector._jit import jit

__all__ = ["SPACE", "bet_bounds", "seat_cols", "see_cost", "width"]

SPACE: Final = ActionSpace.for_engine("brag")
"""The brag-style discrete action space (the RL environment's)."""
_slot = SPACE.slot_index
A_LOOK: Final = _slot("look")
A_LOOK_OLD: Final = _slot("look:0")
"""Look at the retained (old) hand of two (rules 4.4.6); ``look:1`` the new one."""
A_LOOK_NEW: Final = _slot("look:1")
A_FOLD: Final = _slot("fold")
A_SEE: Final = _slot("see")
A_COVER: Final = _slot("cover")
"""Heads-up cover (rules 4.4.9): put in the rest, the hands are compared at once."""
A_BET_MIN: Final = _slot("bet@min")
A_BET_X2: Final = _slot("bet@x2")
A_BET_POT: Final = _slot("bet@pot")
A_BET_MAX: Final = _slot("bet@max")
A_KEEP: Final = _slot("keep")
A_THROW: Final = _slot("throw")
A_RETAIN: Final = _slot("retain")
A_RETAIN_OLD: Final = _slot("retain:0")
A_RETAIN_NEW: Final = _slot("retain:1")
A_RELEASE: Final = _slot("release")
A_SHOWDOWN: Final = _slot("showdown")
A_AGREE: Final = _slot("agree")
A_REFUSE: Final = _slot("refuse")
A_ACCEPT: Final = _slot("accept")
A_DECLINE: Final = _slot("decline")
A_SIDESHOW: Final = _slot("sideshow@min")
assert (A_BET_X2, A_BET_POT, A_BET_MAX) == (A_BET_MIN + 1, A_BET_MIN + 2, A_BET_MIN + 3)
assert (A_LOOK_OLD, A_LOOK_NEW, A_RETAIN_OLD, A_RETAIN_NEW) == (A_LOOK + 1, A_LOOK + 2,
                                                                A_RETAIN + 1, A_RETAIN + 2)
USED: Final = tuple(sorted((A_LOOK, A_LOOK_OLD, A_LOOK_NEW, A_FOLD, A_SEE, A_COVER, A_BET_MIN,
                            A_BET_X2, A_BET_POT, A_BET_MAX, A_KEEP, A_THROW, A_RETAIN, A_RETAIN_OLD,
                            A_RETAIN_NEW, A_RELEASE, A_SHOWDOWN, A_AGREE, A_REFUSE, A_ACCEPT,
                            A_DECLINE, A_SIDESHOW)))
"""The slots the vector engine's games can offer (the others are always masked out)."""

_PHASES: Final = tuple(Phase)
PH_BET: Final = _PHASES.index(Phase.BET)
PH_DECIDE: Final = _PHASES.index(Phase.DECIDE)
PH_AGREE: Final = _PHASES.index(Phase.AGREE)
PH_RETAIN: Final = _PHASES.index(Phase.RETAIN)
PH_SIDESHOW: Final = _PHASES.index(Phase.SIDESHOW)
PH_OVER: Final = _PHASES.index(Phase.OVER)
PHASE_COUNT: Final = len(_PHASES)
_STATUSES: Final = tuple(SeatStatus)
ST_IN: Final = _STATUSES.index(SeatStatus.IN)
ST_OUT: Final = _STATUSES.index(SeatStatus.OUT)
ST_FOLDED: Final = _STATUSES.index(SeatStatus.FOLDED)
ST_COVERED: Final = _STATUSES.index(SeatStatus.COVERED)
STATUS_COUNT: Final = len(_STATUSES)

# scalar columns of the state matrix
C_PHASE: Final = 0
C_TO_ACT: Final = 1
C_POT: Final = 2
C_STAKE: Final = 3
"""The open-equivalent stake R of the latest bet (a blind seat stays for half)."""
C_LAST: Final = 4
"""The latest bettor (-1 before the first bet)."""
C_DEALER: Final = 5
C_CARRIED: Final = 6
"""The pot carried into the deal (before its start), or out of it (a blind fold-out)."""
C_FLAGS: Final = 7
"""1 when the seat to act had its showdown proposal refused this turn (4.4.10)."""
C_ASK: Final = 8
"""Who proposed the showdown, or asked for the side show."""
C_STEPS: Final = 9
"""Decisions taken in the deal."""
C_LOST: Final = 10
"""Session mode: carried chips dropped when the table had to start afresh (fewer than two
seats could pay the ante), as :mod:`bragkit.sim` closes such a table."""
C_BOTTOM: Final = 11
"""An unshuffled session (:data:`P_UNSHUF`): the cards gone to the bottom of the pack in this
deal, written over the dealt top of the table's pack row (``packs[t, :C_BOTTOM]``, each hand
in the order dealt, as they left play; rules 2.4)."""
C_SHUF: Final = 12
"""1 when the deal ended with a see or showdown won by a prial: the next deal is shuffled."""
C_HOLDER: Final = 13
"""The seat holding two hands, its retained blind hand beside the new one (rules 4.4.6), until
it keeps or throws one, folds or the deal ends; -1 if none."""
C_OLD: Final = 14
"""Three columns: the holder's retained (old) hand, cards in the order dealt; at the end of a
deal with a retain, the hand retained into the next deal."""
C_OLD_KEY: Final = 17
"""The old hand's strength."""
C_LOOKAT: Final = 18
"""In the decide phase: which hand the holder looked at (0 the old, 1 the new)."""
C_RETAINED: Final = 19
"""The seat that retained its blind hand into the next deal (-1 if none); in a session the
next deal then starts with that hand on top of the table's pack row (``packs[t, :3]``, out
of the pack)."""
C_OFF: Final = 20
"""Where the deal's pack starts in the table's pack row: 3 when a retained hand lies on top
of it (the pack of that deal is the other 49 cards), else 0."""
SCALARS: Final = 22

# rule parameters (an int32 vector)
P_N: Final = 0
P_ANTE: Final = 1
P_MIN_FIRST: Final = 2
P_MAX_FIRST: Final = 3
P_R0: Final = 4
P_RAISE_LIMIT: Final = 5
P_RAISE_FACTOR: Final = 6
P_POT_LIMIT: Final = 7
P_SEE: Final = 8
P_BLIND_OK: Final = 9
P_AGREED: Final = 10
P_CARRY: Final = 11
P_RETAIN: Final = 12
P_HAS_BET_BLIND: Final = 13
P_SIDESHOW: Final = 14
P_SIDESHOW_MIN: Final = 15
P_POT_TOTAL: Final = 16
P_UNSHUF: Final = 17
"""1: a session under ``pack_policy="brag_unshuffled"`` (the next deal from the pack as
gathered, rules 2.4)."""
P_PRIAL: Final = 18
"""The lowest hand strength of a prial (a see or showdown won by one reshuffles)."""
P_COVER: Final = 19
"""1: ``short_stack_policy="cover"`` heads-up (a seat short of the stay covers, 4.4.9)."""
P_SIZE: Final = 20
SEE_DOUBLE: Final = 0
SEE_SINGLE: Final = 1
SEE_STAY: Final = 2

# the amounts row of a table (what each amount slot pays, and the bet range)
AMT_MIN: Final = 0
AMT_X2: Final = 1
AMT_POT: Final = 2
AMT_MAX: Final = 3
AMT_SEE: Final = 4
AMT_SIDE: Final = 5
AMT_LO: Final = 6
AMT_HI: Final = 7
AMT_SIDE_HI: Final = 8
AMT_SIZE: Final = 9


@jit
def seat_cols(n: int) -> tuple[int, int, int, int, int, int, int]:
    """Where the per-seat blocks start: stack, start stack, status, looked, blind bet,
    hand strength, cards (``3 n`` columns)."""
    b = SCALARS
    return b, b + n, b + 2 * n, b + 3 * n, b + 4 * n, b + 5 * n, b + 6 * n


def width(n: int) -> int:
    """The number of state columns of an ``n``-seat table."""
    return SCALARS + 9 * n


@jit
def bet_bounds(P: npt.NDArray[np.int32], r: int, blind: int, pot: int,
               stack: int) -> tuple[int, int]:
    """Lowest and highest chips of a bet (``lo > hi``: none), as the brag-style machine's
    ``BragBetting.bet_bounds`` (rules 4.4.1-4.4.4, 4.4.9)."""
    if r == 0:
        lo_e = P[P_MIN_FIRST]
        hi_e = P[P_MAX_FIRST]
    else:
        lo_e = r
        hi_e = -1
        if P[P_RAISE_LIMIT] >= 0:
            hi_e = r + P[P_RAISE_LIMIT]
        if P[P_RAISE_FACTOR] >= 0:
            cap = r * P[P_RAISE_FACTOR]
            hi_e = cap if hi_e < 0 else min(hi_e, cap)
    if blind == 1:
        lo = (lo_e + 1) // 2
        hi = max(lo, hi_e // 2) if hi_e >= 0 else stack
        if r == 0:
            hi = hi_e // 2
    else:
        lo = lo_e
        hi = hi_e if hi_e >= 0 else stack
    if P[P_POT_LIMIT] == 1 and hi > pot:
        hi = max(pot, lo)
    if hi > stack:
        hi = stack
    return lo, hi


@jit
def see_cost(P: npt.NDArray[np.int32], r: int, seer_blind: int, seen_blind: int) -> int:
    """Chips a see (a Teen Patti show) costs (``see_mode`` double, single or stay)."""
    stay = (r + 1) // 2 if seer_blind == 1 else r
    mode = P[P_SEE]
    if mode == SEE_STAY or (mode == SEE_SINGLE and seen_blind == 0):
        return stay
    return 2 * stay
