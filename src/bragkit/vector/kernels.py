"""The per-table kernels of the vector engine: deal, legal mask, one move (rules 4.4, 4.7).

Every function works on one row ``t`` of the state matrix ``S`` (``int32``, one row per
table, columns in :mod:`bragkit.vector.layout`) with the rule parameters ``P``; they are
plain Python over numpy arrays, compiled by numba when available (:mod:`bragkit.vector._jit`).
They play exactly what :class:`bragkit.engine.BragState` plays for the supported rules
(tests/test_vector_diff.py): the brag-style machine's bet bounds, stays and see prices, the
agreed showdown of modern Brag, Teen Patti's side show and pot limit, and fold-outs that
carry the pot to a blind winner, who then retains or releases the hand; in a session the
retained hand is played in the next deal beside a new one (rules 4.4.6: the holder looks at
either and keeps or throws it, nobody sees or proposes a showdown while it holds two).

>>> import numpy as np
>>> from bragkit.vector import layout as L
>>> L.bet_bounds(np.zeros(L.P_SIZE, dtype=np.int32), 0, 1, 3, 10)   # all 0: no bet at all
(0, 0)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bragkit.vector._jit import jit
from bragkit.vector.between import gathered, next_deal, rebuild
from bragkit.vector.layout import (
    A_ACCEPT,
    A_AGREE,
    A_BET_MAX,
    A_BET_MIN,
    A_BET_POT,
    A_BET_X2,
    A_COVER,
    A_DECLINE,
    A_FOLD,
    A_KEEP,
    A_LOOK,
    A_LOOK_NEW,
    A_LOOK_OLD,
    A_REFUSE,
    A_RELEASE,
    A_RETAIN,
    A_RETAIN_NEW,
    A_RETAIN_OLD,
    A_SEE,
    A_SHOWDOWN,
    A_SIDESHOW,
    A_THROW,
    AMT_HI,
    AMT_LO,
    AMT_MAX,
    AMT_MIN,
    AMT_POT,
    AMT_SEE,
    AMT_SIDE,
    AMT_SIDE_HI,
    AMT_X2,
    C_ASK,
    C_BOTTOM,
    C_CARRIED,
    C_DEALER,
    C_FLAGS,
    C_HOLDER,
    C_LAST,
    C_LOOKAT,
    C_OFF,
    C_OLD,
    C_OLD_KEY,
    C_PHASE,
    C_POT,
    C_RETAINED,
    C_SHUF,
    C_STAKE,
    C_STEPS,
    C_TO_ACT,
    P_AGREED,
    P_ANTE,
    P_BLIND_OK,
    P_CARRY,
    P_COVER,
    P_HAS_BET_BLIND,
    P_N,
    P_POT_TOTAL,
    P_PRIAL,
    P_R0,
    P_RETAIN,
    P_SIDESHOW,
    P_SIDESHOW_MIN,
    P_UNSHUF,
    PH_AGREE,
    PH_BET,
    PH_DECIDE,
    PH_OVER,
    PH_RETAIN,
    PH_SIDESHOW,
    ST_COVERED,
    ST_FOLDED,
    ST_IN,
    ST_OUT,
    USED,
    bet_bounds,
    seat_cols,
    see_cost,
)

__all__ = ["deal_table", "legal_table", "move_table", "play_random", "random_choice",
           "step_tables"]

I32 = npt.NDArray[np.int32]
I16 = npt.NDArray[np.int16]
I8 = npt.NDArray[np.int8]
F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
B1 = npt.NDArray[np.bool_]


@jit
def _next_in(S: I32, t: int, status0: int, n: int, seat: int) -> int:
    """The next seat clockwise after ``seat`` still betting (-1 if none)."""
    for k in range(1, n + 1):
        s = seat + k
        if s >= n:
            s -= n
        if S[t, status0 + s] == ST_IN:
            return s
    return -1


@jit
def _active(S: I32, t: int, status0: int, n: int) -> int:
    count = 0
    for s in range(n):
        if S[t, status0 + s] == ST_IN:
            count += 1
    return count


@jit
def _end(S: I32, P: I32, t: int) -> None:
    S[t, C_PHASE] = PH_OVER
    S[t, C_TO_ACT] = -1


@jit
def _advance(S: I32, P: I32, t: int, seat: int) -> None:
    n = P[P_N]
    status0 = seat_cols(n)[2]
    S[t, C_TO_ACT] = _next_in(S, t, status0, n, seat)
    S[t, C_PHASE] = PH_BET
    S[t, C_FLAGS] = 0


@jit
def _pay(S: I32, P: I32, t: int, seat: int, chips: int) -> None:
    stack0 = seat_cols(P[P_N])[0]
    S[t, stack0 + seat] -= chips
    S[t, C_POT] += chips


@jit
def _award_one(S: I32, P: I32, t: int, seat: int) -> None:
    stack0 = seat_cols(P[P_N])[0]
    S[t, stack0 + seat] += S[t, C_POT]
    S[t, C_POT] = 0


@jit
def _gather_at(S: I32, P: I32, t: int, packs: I8, col: int) -> None:
    """An unshuffled session: the hand in columns ``col..col+2`` goes to the bottom of the
    pack, its cards in the order dealt (rules 2.4), written at ``packs[t, C_BOTTOM]`` (over
    the dealt top)."""
    if P[P_UNSHUF] == 0:
        return
    b = S[t, C_BOTTOM]
    for j in range(3):
        packs[t, b + j] = S[t, col + j]
    S[t, C_BOTTOM] = b + 3


@jit
def _gather(S: I32, P: I32, t: int, packs: I8, seat: int) -> None:
    """Every hand ``seat`` holds leaves play: its retained hand first (when it holds two),
    then its hand (rules 2.4, 4.4.6)."""
    if S[t, C_HOLDER] == seat:
        S[t, C_HOLDER] = -1
        _gather_at(S, P, t, packs, C_OLD)
    _gather_at(S, P, t, packs, seat_cols(P[P_N])[6] + 3 * seat)


@jit
def _take_old(S: I32, P: I32, t: int, seat: int) -> None:
    """The holder's old hand becomes its hand (the new one has left play)."""
    cols = seat_cols(P[P_N])
    for j in range(3):
        S[t, cols[6] + 3 * seat + j] = S[t, C_OLD + j]
    S[t, cols[5] + seat] = S[t, C_OLD_KEY]


@jit
def _foldout(S: I32, P: I32, t: int, packs: I8) -> None:
    """One seat left (4.4.2): it wins the pot, or the pot carries when it played blind."""
    n = P[P_N]
    cols = seat_cols(n)
    status0 = cols[2]
    looked0 = cols[3]
    blind0 = cols[4]
    s = -1
    for k in range(n):
        if S[t, status0 + k] == ST_IN:
            s = k
            break
    blind = S[t, looked0 + s] == 0
    if blind and P[P_HAS_BET_BLIND] == 1:
        blind = S[t, blind0 + s] == 1
    if P[P_CARRY] == 1 and blind:
        S[t, C_CARRIED] = S[t, C_POT]
        if P[P_RETAIN] == 1:
            S[t, C_PHASE] = PH_RETAIN
            S[t, C_TO_ACT] = s
            return
        _gather(S, P, t, packs, s)
        _end(S, P, t)
        return
    _award_one(S, P, t, s)
    _gather(S, P, t, packs, s)
    _end(S, P, t)


@jit
def _multiway(S: I32, P: I32, t: int, packs: I8) -> None:
    """Every seat still in shows; the best wins, ties split, odd chips from the dealer's
    left (4.4.10; Teen Patti's pot limit); the hands go to the pack in that order, and a
    prial's win reshuffles."""
    n = P[P_N]
    cols = seat_cols(n)
    stack0 = cols[0]
    status0 = cols[2]
    key0 = cols[5]
    dealer = S[t, C_DEALER]
    best = -1
    count = 0
    for k in range(1, n + 1):
        s = dealer + k
        if s >= n:
            s -= n
        if S[t, status0 + s] == ST_IN:
            key = S[t, key0 + s]
            if key > best:
                best = key
                count = 1
            elif key == best:
                count += 1
    pot = S[t, C_POT]
    share = pot // count
    odd = pot - share * count
    i = 0
    for k in range(1, n + 1):
        s = dealer + k
        if s >= n:
            s -= n
        if S[t, status0 + s] == ST_IN and S[t, key0 + s] == best:
            S[t, stack0 + s] += share + (1 if i < odd else 0)
            i += 1
        if S[t, status0 + s] == ST_IN:
            _gather(S, P, t, packs, s)
    S[t, C_POT] = 0
    S[t, C_SHUF] = best >= P[P_PRIAL]
    _end(S, P, t)


@jit
def _pot_limit_reached(S: I32, P: I32, t: int) -> bool:
    limit = P[P_POT_TOTAL]
    return bool(limit >= 0 and S[t, C_POT] >= limit)


@jit
def _side_target(S: I32, P: I32, t: int, seat: int) -> int:
    """Teen Patti's side-show partner: the previous bettor still in (4.7), else -1."""
    n = P[P_N]
    status0 = seat_cols(n)[2]
    prev = S[t, C_LAST]
    if prev >= 0 and S[t, status0 + prev] != ST_IN:
        prev = -1
        for k in range(1, n):
            s = seat - k
            if s < 0:
                s += n
            if S[t, status0 + s] == ST_IN:
                prev = s
                break
    if prev < 0 or prev == seat:
        return -1
    return int(prev)


@jit
def legal_table(S: I32, P: I32, t: int, masks: I8, amts: I32) -> None:
    """Write table ``t``'s row of ``masks`` (0/1 per slot) and of ``amts`` (what each
    amount slot pays, :data:`~bragkit.vector.layout.AMT_SIZE`)."""
    for i in USED:
        masks[t, i] = 0
    for i in range(amts.shape[1]):
        amts[t, i] = 0
    phase = S[t, C_PHASE]
    if phase == PH_OVER:
        return
    if phase == PH_RETAIN:
        if S[t, C_HOLDER] == S[t, C_TO_ACT]:  # two blind hands: retain the old or the new
            masks[t, A_RETAIN_OLD] = 1
            masks[t, A_RETAIN_NEW] = 1
        else:
            masks[t, A_RETAIN] = 1
        masks[t, A_RELEASE] = 1
        return
    if phase == PH_DECIDE:
        masks[t, A_KEEP] = 1
        masks[t, A_THROW] = 1
        return
    if phase == PH_AGREE:
        masks[t, A_AGREE] = 1
        masks[t, A_REFUSE] = 1
        return
    if phase == PH_SIDESHOW:
        masks[t, A_ACCEPT] = 1
        masks[t, A_DECLINE] = 1
        return
    # the betting phase, written with few branches (random play makes them unpredictable)
    n = P[P_N]
    cols = seat_cols(n)
    stack0 = cols[0]
    status0 = cols[2]
    looked0 = cols[3]
    p = S[t, C_TO_ACT]
    active = 0
    q = -1  # the next seat in after p (the one a see would see, with two left)
    for k in range(1, n):
        s = p + k
        if s >= n:
            s -= n
        live = S[t, status0 + s] == ST_IN
        active += live
        if live and q < 0:
            q = s
    active += 1  # p itself
    stake = S[t, C_STAKE]
    pot = S[t, C_POT]
    holder = S[t, C_HOLDER]
    masks[t, A_SHOWDOWN] = (P[P_AGREED] == 1) & (S[t, C_FLAGS] == 0) & (active >= 3) & \
        (stake > 0) & (holder < 0)
    blind = S[t, looked0 + p] == 0
    two = holder == p
    masks[t, A_LOOK] = blind & (not two)
    masks[t, A_LOOK_OLD] = two  # a holder of two hands is blind (4.4.6)
    masks[t, A_LOOK_NEW] = two
    masks[t, A_FOLD] = 1
    if blind and P[P_BLIND_OK] == 0:
        return
    stack = S[t, stack0 + p]
    lo, hi = bet_bounds(P, stake, 1 if blind else 0, pot, stack)
    ok = lo <= hi
    x2 = min(max(2 * lo, lo), hi)
    at_pot = min(max(pot, lo), hi)
    amts[t, AMT_LO] = lo * ok
    amts[t, AMT_HI] = hi * ok
    amts[t, AMT_MIN] = lo * ok
    amts[t, AMT_X2] = x2 * ok
    amts[t, AMT_POT] = at_pot * ok
    amts[t, AMT_MAX] = hi * ok
    masks[t, A_BET_MIN] = ok
    masks[t, A_BET_X2] = ok & (x2 != lo)
    masks[t, A_BET_POT] = ok & (at_pot != lo) & (at_pot != x2)
    masks[t, A_BET_MAX] = ok & (hi != lo) & (hi != x2) & (hi != at_pot)
    masks[t, A_COVER] = (P[P_COVER] == 1) & (lo > stack)  # heads-up only (config)
    if active == 2 and stake > 0 and holder < 0:  # no see while a seat holds two hands
        q_blind = S[t, looked0 + q] == 0
        cost = see_cost(P, stake, 1 if blind else 0, 1 if q_blind else 0)
        see = (blind | (not q_blind)) & (cost <= stack)
        amts[t, AMT_SEE] = cost * see
        masks[t, A_SEE] = see
    if P[P_SIDESHOW] == 1 and not blind and active >= P[P_SIDESHOW_MIN]:
        prev = _side_target(S, P, t, p)
        if prev >= 0 and S[t, looked0 + prev] == 1:
            slo, shi = bet_bounds(P, stake, 0, pot, stack)
            if slo <= shi:
                amts[t, AMT_SIDE] = slo
                amts[t, AMT_SIDE_HI] = shi
                masks[t, A_SIDESHOW] = 1


@jit
def move_table(S: I32, P: I32, t: int, action: int, amts: I32, exact: int,
               packs: I8) -> None:
    """Apply slot ``action`` (legal: checked by the caller) for the seat to act of table
    ``t``; ``amts`` holds the amounts from :func:`legal_table`; ``exact >= 0`` is the chips
    of a bet or side show instead of its bucket's (checked by the caller); ``packs``: the
    table's pack row, where an unshuffled session gathers the hands leaving play."""
    n = P[P_N]
    cols = seat_cols(n)
    status0 = cols[2]
    looked0 = cols[3]
    blind0 = cols[4]
    key0 = cols[5]
    p = S[t, C_TO_ACT]
    S[t, C_STEPS] += 1
    if action == A_LOOK:
        S[t, looked0 + p] = 1
        return
    if A_LOOK_OLD <= action <= A_LOOK_NEW:
        S[t, C_LOOKAT] = action - A_LOOK_OLD
        S[t, C_PHASE] = PH_DECIDE
        return
    if action == A_KEEP:  # the other hand leaves play; the seat has looked at its hand
        if S[t, C_LOOKAT] == 0:
            _gather_at(S, P, t, packs, cols[6] + 3 * p)
            _take_old(S, P, t, p)
        else:
            _gather_at(S, P, t, packs, C_OLD)
        S[t, C_HOLDER] = -1
        S[t, looked0 + p] = 1
        S[t, C_PHASE] = PH_BET
        return
    if action == A_THROW:  # the hand looked at leaves play; the other stays blind
        if S[t, C_LOOKAT] == 0:
            _gather_at(S, P, t, packs, C_OLD)
        else:
            _gather_at(S, P, t, packs, cols[6] + 3 * p)
            _take_old(S, P, t, p)
        S[t, C_HOLDER] = -1
        S[t, C_PHASE] = PH_BET
        return
    if action == A_FOLD:
        S[t, status0 + p] = ST_FOLDED
        _gather(S, P, t, packs, p)
        if _active(S, t, status0, n) == 1:
            _foldout(S, P, t, packs)
        else:
            _advance(S, P, t, p)
        return
    if A_BET_MIN <= action <= A_BET_MAX:
        x = amts[t, AMT_MIN + action - A_BET_MIN] if exact < 0 else exact
        blind = S[t, looked0 + p] == 0
        _pay(S, P, t, p, x)
        S[t, C_STAKE] = 2 * x if blind else x
        S[t, C_LAST] = p
        if blind:
            S[t, blind0 + p] = 1
        if _pot_limit_reached(S, P, t):
            _multiway(S, P, t, packs)
            return
        _advance(S, P, t, p)
        return
    if action == A_SEE:
        q = _next_in(S, t, status0, n, p)
        _pay(S, P, t, p, amts[t, AMT_SEE])
        winner = p if S[t, key0 + p] > S[t, key0 + q] else q
        _award_one(S, P, t, winner)
        _gather(S, P, t, packs, q)  # the seen hand first, then the seer's (rules 2.4)
        _gather(S, P, t, packs, p)
        S[t, C_SHUF] = S[t, key0 + winner] >= P[P_PRIAL]
        _end(S, P, t)
        return
    if action == A_COVER:  # heads-up (4.4.9): the other shows, the coverer must beat it
        q = _next_in(S, t, status0, n, p)
        _pay(S, P, t, p, S[t, cols[0] + p])
        S[t, status0 + p] = ST_COVERED
        winner = p if S[t, key0 + p] > S[t, key0 + q] else q
        _award_one(S, P, t, winner)
        _gather(S, P, t, packs, q)
        _gather(S, P, t, packs, p)
        S[t, C_SHUF] = S[t, key0 + winner] >= P[P_PRIAL]
        _end(S, P, t)
        return
    if action == A_SHOWDOWN:
        S[t, C_ASK] = p
        S[t, C_PHASE] = PH_AGREE
        S[t, C_TO_ACT] = _next_in(S, t, status0, n, p)
        return
    if action == A_AGREE:
        proposer = S[t, C_ASK]
        nxt = _next_in(S, t, status0, n, p)
        if nxt == proposer:
            _multiway(S, P, t, packs)
        else:
            S[t, C_TO_ACT] = nxt
        return
    if action == A_REFUSE:
        S[t, C_TO_ACT] = S[t, C_ASK]
        S[t, C_PHASE] = PH_BET
        S[t, C_FLAGS] = 1
        return
    if action in (A_RETAIN, A_RETAIN_NEW):  # the hand goes on to the next deal
        if action == A_RETAIN_NEW:
            _gather_at(S, P, t, packs, C_OLD)
            S[t, C_HOLDER] = -1
        for j in range(3):
            S[t, C_OLD + j] = S[t, cols[6] + 3 * p + j]
        S[t, C_RETAINED] = p
        _end(S, P, t)
        return
    if action == A_RETAIN_OLD:
        _gather_at(S, P, t, packs, cols[6] + 3 * p)
        S[t, C_HOLDER] = -1
        S[t, C_RETAINED] = p
        _end(S, P, t)
        return
    if action == A_RELEASE:
        _gather(S, P, t, packs, p)
        _end(S, P, t)
        return
    if action == A_SIDESHOW:
        x = amts[t, AMT_SIDE] if exact < 0 else exact
        target = _side_target(S, P, t, p)
        _pay(S, P, t, p, x)
        S[t, C_STAKE] = x
        S[t, C_LAST] = p
        if _pot_limit_reached(S, P, t):
            _multiway(S, P, t, packs)
            return
        S[t, C_PHASE] = PH_SIDESHOW
        S[t, C_ASK] = p
        S[t, C_TO_ACT] = target
        return
    if action == A_DECLINE:
        _advance(S, P, t, S[t, C_ASK])
        return
    if action == A_ACCEPT:
        asker = S[t, C_ASK]
        if S[t, key0 + p] > S[t, key0 + asker]:
            loser = asker
        elif S[t, key0 + asker] > S[t, key0 + p]:
            loser = p
        else:
            loser = asker
        S[t, status0 + loser] = ST_FOLDED
        _gather(S, P, t, packs, loser)
        if _active(S, t, status0, n) == 1:
            _foldout(S, P, t, packs)
        else:
            _advance(S, P, t, asker)
        return


@jit
def deal_table(S: I32, P: I32, t: int, packs: I8, draws: F64, row: int, shuffle: bool,
               table: I16) -> None:
    """Start a deal at table ``t`` from its stacks (columns ``start``) and dealer: antes,
    then three cards each from the dealer's left, one at a time (rules 2.4).  With
    ``shuffle`` the first cards of the table's row of ``packs`` are shuffled first (a
    partial Fisher-Yates from ``draws[row, 1:]`` in [0, 1), one per dealt card: a
    uniformly random deal; in an unshuffled session the whole pack, whose undealt rest the
    next deal takes).  A hand retained into this deal (``C_RETAINED``) lies on top of
    the row, out of the pack: the pack is the other 49 cards; its seat holds it beside a
    new hand (and counts as having bet blind, rules 4.4.6), or, when that seat cannot pay
    the ante, it goes to the bottom of the pack at once."""
    n = P[P_N]
    cols = seat_cols(n)
    stack0 = cols[0]
    start0 = cols[1]
    status0 = cols[2]
    looked0 = cols[3]
    blind0 = cols[4]
    key0 = cols[5]
    cards0 = cols[6]
    ante = P[P_ANTE]
    need = max(ante, 1)
    dealer = S[t, C_DEALER]
    m = 0
    for s in range(n):
        if S[t, start0 + s] >= need:
            m += 1
    kept = S[t, C_RETAINED]
    off = 3 if kept >= 0 else 0
    size = packs.shape[1] - off
    if shuffle:  # the dealt cards; the whole pack when the next deal takes the undealt rest
        count = min(size, draws.shape[1] - 1) if P[P_UNSHUF] == 1 else 3 * m
        for i in range(count):
            j = i + int(draws[row, 1 + i] * (size - i))
            if j >= size:
                j = size - 1
            c = packs[t, off + i]
            packs[t, off + i] = packs[t, off + j]
            packs[t, off + j] = c
    pot = S[t, C_CARRIED]
    i = 0
    for k in range(1, n + 1):
        s = dealer + k
        if s >= n:
            s -= n
        S[t, looked0 + s] = 0
        S[t, blind0 + s] = 0
        S[t, key0 + s] = -1
        S[t, stack0 + s] = S[t, start0 + s]
        if S[t, start0 + s] >= need:
            S[t, status0 + s] = ST_IN
            S[t, stack0 + s] -= ante
            pot += ante
            a = int(packs[t, off + i])
            b = int(packs[t, off + i + m])
            c = int(packs[t, off + i + 2 * m])
            S[t, cards0 + 3 * s] = a
            S[t, cards0 + 3 * s + 1] = b
            S[t, cards0 + 3 * s + 2] = c
            S[t, key0 + s] = table[(a << 12) | (b << 6) | c]
            i += 1
        else:
            S[t, status0 + s] = ST_OUT
            S[t, cards0 + 3 * s] = -1
            S[t, cards0 + 3 * s + 1] = -1
            S[t, cards0 + 3 * s + 2] = -1
    S[t, C_POT] = pot
    S[t, C_CARRIED] = 0
    S[t, C_STAKE] = P[P_R0]  # the stake before anyone bets
    S[t, C_LAST] = -1
    S[t, C_FLAGS] = 0
    S[t, C_ASK] = -1
    S[t, C_STEPS] = 0
    S[t, C_BOTTOM] = 0
    S[t, C_SHUF] = 0
    S[t, C_HOLDER] = -1
    S[t, C_RETAINED] = -1
    S[t, C_OFF] = off
    if kept >= 0:
        if S[t, status0 + kept] == ST_IN:
            S[t, C_HOLDER] = kept
            a = int(packs[t, 0])
            b = int(packs[t, 1])
            c = int(packs[t, 2])
            S[t, C_OLD] = a
            S[t, C_OLD + 1] = b
            S[t, C_OLD + 2] = c
            S[t, C_OLD_KEY] = table[(a << 12) | (b << 6) | c]
            S[t, blind0 + kept] = 1
        else:  # released: it cannot pay the ante (the held cards lead the bottom)
            S[t, C_BOTTOM] = 3
    S[t, C_PHASE] = PH_BET
    S[t, C_TO_ACT] = _next_in(S, t, status0, n, dealer)


@jit
def _legal_exact(amts: I32, t: int, action: int, x: int) -> bool:
    """Whether ``x`` chips are a legal amount of slot ``action`` (a bet or a side show)."""
    if A_BET_MIN <= action <= A_BET_MAX:
        return bool(amts[t, AMT_LO] <= x <= amts[t, AMT_HI])
    if action == A_SIDESHOW:
        return bool(amts[t, AMT_SIDE] <= x <= amts[t, AMT_SIDE_HI])
    return False


@jit
def step_tables(S: I32, P: I32, actions: I32, exact: I32, masks: I8, amts: I32,
                rewards: F64, carry: I32, term: B1, trunc: B1, packs: I8, pool: F64,
                cursor: I64, table: I16, max_steps: int, random_dealer: bool,
                session: bool, stack: int, low: int) -> int:
    """Apply ``actions`` (one slot per table; ``exact[t] >= 0``: the chips of a bet or side
    show instead of its bucket's) to every table, and redeal each finished one.

    Each finished (or truncated after ``max_steps`` decisions) table gets its net chips in
    ``rewards`` (0 elsewhere), the pot it carries out in ``carry``, and ``term``
    (``trunc``) set; then a new deal: the next row of ``pool`` (uniform draws;
    ``cursor[0]`` is the next row) shuffles its pack and, unless ``session``, draws its
    dealer (seat 0 unless ``random_dealer``) and restores every stack to ``stack``; with
    ``session`` the table goes on (:func:`_next_deal`).  The masks and amounts are
    recomputed.  Returns the first table whose action is masked out (then no table moves),
    else -1.  The caller refills the pool (``cursor[0] = 0``) whenever fewer than
    ``len(actions)`` rows are left, so that a step never runs out."""
    N = S.shape[0]
    for t in range(N):
        a = actions[t]
        if a < 0 or a >= masks.shape[1] or masks[t, a] == 0:
            return t
        if exact[t] >= 0 and not _legal_exact(amts, t, a, exact[t]):
            return t
    for t in range(N):
        _step_one(S, P, t, actions[t], exact[t], masks, amts, rewards, carry, term, trunc,
                  packs, pool, cursor, table, max_steps, random_dealer, session, stack, low)
    return -1


@jit
def _step_one(S: I32, P: I32, t: int, action: int, exact: int, masks: I8, amts: I32,
              rewards: F64, carry: I32, term: B1, trunc: B1, packs: I8, pool: F64,
              cursor: I64, table: I16, max_steps: int, random_dealer: bool, session: bool,
              stack: int, low: int) -> None:
    """One legal move at table ``t``, the redeal if it ends the deal (:func:`step_tables`)."""
    n = P[P_N]
    cols = seat_cols(n)
    stack0 = cols[0]
    start0 = cols[1]
    move_table(S, P, t, action, amts, exact, packs)
    over = S[t, C_PHASE] == PH_OVER
    cut = not over and S[t, C_STEPS] >= max_steps
    term[t] = over
    trunc[t] = cut
    if over or cut:
        for s in range(n):
            rewards[t, s] = S[t, stack0 + s] - S[t, start0 + s] if over else 0.0
        carry[t] = S[t, C_CARRIED] if over else 0
        row = cursor[0]
        if row >= pool.shape[0]:  # never: the caller refills the pool in time
            row = 0
        cursor[0] = row + 1
        shuffle = True
        if session and over:
            kept = gathered(S, P, t, packs)
            if not next_deal(S, P, t, stack, low):
                shuffle = not kept
        else:
            if random_dealer:
                S[t, C_DEALER] = min(int(pool[row, 0] * n), n - 1)
            elif not session:
                S[t, C_DEALER] = 0
            S[t, C_CARRIED] = 0
            S[t, C_RETAINED] = -1
            if P[P_UNSHUF] == 1:  # truncated: hands may be half gathered
                rebuild(S, t, packs)
            for s in range(n):
                S[t, start0 + s] = stack
        deal_table(S, P, t, packs, pool, row, shuffle, table)
    else:
        for s in range(n):
            rewards[t, s] = 0.0
        carry[t] = 0
    legal_table(S, P, t, masks, amts)


@jit
def play_random(S: I32, P: I32, draws: F64, actions: I32, masks: I8, amts: I32,
                rewards: F64, carry: I32, term: B1, trunc: B1, packs: I8, pool: F64,
                cursor: I64, table: I16, max_steps: int, random_dealer: bool,
                session: bool, stack: int, low: int) -> None:
    """One uniformly random legal move at every table (the ``floor(draws[t] * k)``-th of
    its ``k`` legal slots, written to ``actions``), as :func:`step_tables` plays it: random
    masked play in one pass."""
    for t in range(S.shape[0]):
        k = 0
        for i in USED:
            k += masks[t, i]
        j = int(draws[t] * k)
        if j >= k:
            j = k - 1
        a = 0
        for i in USED:
            if masks[t, i] == 1:
                if j == 0:
                    a = i
                    break
                j -= 1
        actions[t] = a
        _step_one(S, P, t, a, -1, masks, amts, rewards, carry, term, trunc, packs, pool,
                  cursor, table, max_steps, random_dealer, session, stack, low)


@jit
def random_choice(masks: I8, draws: F64, out: I32) -> None:
    """``out[t]``: the ``floor(draws[t] * k)``-th of table ``t``'s ``k`` legal slots (a
    uniformly random legal action for uniform ``draws``)."""
    for t in range(masks.shape[0]):
        k = 0
        for i in USED:
            k += masks[t, i]
        j = int(draws[t] * k)
        if j >= k:
            j = k - 1
        for i in USED:
            if masks[t, i] == 1:
                if j == 0:
                    out[t] = i
                    break
                j -= 1
