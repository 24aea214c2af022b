"""The differential check: the vector engine against the reference engine, move by move.

:func:`differential` plays ``num_envs`` tables of :class:`~bragkit.vector.VectorBrag` under
uniformly random masked play and, beside each table, the reference
:class:`~bragkit.engine.BragState` dealt from the same pack and dealer.  Before every move it
requires the same legal mask (the reference's legal actions through the discrete action
space), after every move the same stacks, pot, stake, seat to act, phase, hands (and the
retained hand of a seat holding two, rules 4.4.6) and, in an unshuffled session, pack, and
at the end of every deal the same net chips; with ``observations`` it also compares each
observation with the same blocks of the AEC env's vector
(:class:`bragkit.rl.observe.Observer`).  A difference raises :class:`DifferentialError`
naming the table, the move and the field.

>>> from bragkit.rules import get_preset
>>> stats = differential(get_preset("modern"), players=3, num_envs=8, steps=40, seed=1)
>>> stats["decisions"], stats["deals"] > 10
(320, True)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from bragkit.engine import Action, BragState
from bragkit.errors import BragError
from bragkit.rules import Rules
from bragkit.vector import layout as L
from bragkit.vector.engine import VectorBrag

__all__ = ["DifferentialError", "ExpectedObs", "differential"]

ExpectedObs = Callable[[BragState, int], npt.NDArray[np.float32]]
"""``f(state, seat)``: the observation the vector engine must give ``seat`` in ``state``."""


class DifferentialError(BragError):
    """The vector engine and the reference engine disagree (a bug in the vector engine)."""


def _start(v: VectorBrag, t: int, carried: int = 0,
           retained: tuple[int, ...] = ()) -> BragState:
    """The reference deal of table ``t``: its pack (below a retained hand on top of the
    row), dealer, start stacks, carried pot and retained hand ``(seat, *cards)``."""
    dealer = int(v.state[t, L.C_DEALER])
    start = L.seat_cols(v.n)[1]
    stacks = tuple(int(x) for x in v.state[t, start:start + v.n])
    off = int(v.state[t, L.C_OFF])
    return BragState.start(v.rules, stacks, dealer, tuple(v.packs[t, off:].tolist()),
                           carried=carried, retained=retained)


def _next_stacks(v: VectorBrag, final: BragState
                 ) -> tuple[tuple[int, ...], int, tuple[int, ...] | None, tuple[int, ...]]:
    """The next deal's stacks, carried pot, pack and retained hand of a session (the rule
    of bragkit.sim and of the reference Session: the pack as gathered under
    ``brag_unshuffled`` unless a prial won, or a new session starts; None: shuffled; a new
    session drops a retained hand)."""
    stacks, carried, retained = final.stacks, final.carried, final.retained
    need = max(v.rules.ante, 1)
    keep = v.rules.pack_policy == "brag_unshuffled" and not final.shuffle_next
    pack = tuple(final.pack) if keep and len(final.pack) + len(retained[1:]) == 52 else None
    if sum(1 for x in stacks if x >= need) < 2:
        return (v.stack,) * v.n, 0, None, ()
    if min(stacks) < v.low and carried == 0 and not retained:
        return (v.stack,) * v.n, 0, pack, ()
    return stacks, carried, pack, retained


def _exact(v: VectorBrag, acts: npt.NDArray[np.int32],
           rng: np.random.Generator) -> npt.NDArray[np.int32]:
    """A uniformly random exact amount for each bet and side show (else -1)."""
    amt = v.amounts
    side = acts == L.A_SIDESHOW
    bet = (acts >= L.A_BET_MIN) & (acts <= L.A_BET_MAX)
    lo = np.where(side, amt[:, L.AMT_SIDE], amt[:, L.AMT_LO])
    hi = np.where(side, amt[:, L.AMT_SIDE_HI], amt[:, L.AMT_HI])
    pick = lo + (rng.random(len(acts)) * (hi - lo + 1)).astype(np.int32)
    return np.where(bet | side, pick, -1).astype(np.int32)


def differential(rules: Rules, players: int, num_envs: int, steps: int, seed: int,
                 stack: int = 40, expected_obs: ExpectedObs | None = None,
                 exact_amounts: bool = False, session: bool = False) -> dict[str, int]:
    """Play ``steps`` random moves at ``num_envs`` tables through both engines (see the
    module); returns ``{"decisions", "deals", "unshuffled", "retained", "two_hands"}``
    (``retained``: deals started with a retained hand, ``two_hands``: decisions of a seat
    holding two).  ``exact_amounts``: bets and side shows
    of uniformly random exact amounts instead of the buckets'; ``session``: the tables
    play on from deal to deal (``VectorBrag(session=True)``, top-ups below a quarter of
    ``stack``), each next deal checked against the stacks and carried pot that the
    previous reference deal leaves, and its pack the reference's pack as gathered when
    unshuffled (rules 2.4: ``stats["unshuffled"]`` counts those deals)."""
    v = VectorBrag(rules, players, num_envs, seed=seed, stack=stack, observe=False,
                   session=session, low=stack // 4)
    v.reset(seed=seed)
    space = v.space
    refs = [_start(v, t) for t in range(num_envs)]
    rng = np.random.default_rng(seed + 1)
    deals = unshuffled = retains = two_hands = 0
    for step in range(steps):
        for t, ref in enumerate(refs):
            want = space.mask(ref.legal_actions(), ref.pot)
            if not np.array_equal(want, v.masks[t]):
                names = [space.slots[i].name for i in np.flatnonzero(want != v.masks[t])]
                raise DifferentialError(f"step {step} table {t}: masks differ at {names}; "
                                        f"reference {ref.action_strings()}")
        if expected_obs is not None:
            _compare_obs(v, refs, expected_obs, step)
        acts = v.random_actions(rng)
        two_hands += int((v.state[:, L.C_HOLDER] == v.to_act).sum())
        exact = _exact(v, acts, rng) if exact_amounts else None
        moves = []
        for t, ref in enumerate(refs):
            move = space.action(int(acts[t]), ref.legal_actions(), ref.pot)
            if exact is not None and exact[t] >= 0:
                move = Action(move.kind, int(exact[t]))
            moves.append(move)
        _, rewards, done, trunc, _ = v.step(acts, exact)
        for t, ref in enumerate(refs):
            new = ref.apply(moves[t])
            refs[t] = new
            where = f"step {step} table {t} after {new.action_strings()}"
            if done[t] or trunc[t]:
                if not new.is_over:
                    raise DifferentialError(f"{where}: the vector deal ended, the reference's "
                                            "did not")
                got = tuple(int(x) for x in rewards[t])
                if got != new.returns():
                    raise DifferentialError(f"{where}: results {got} != {new.returns()}")
                deals += 1
                carried = 0
                retained: tuple[int, ...] = ()
                if session:
                    stacks, carried, pack, retained = _next_stacks(v, new)
                    start = L.seat_cols(v.n)[1]
                    mine = tuple(int(x) for x in v.state[t, start:start + v.n])
                    if mine != stacks:
                        raise DifferentialError(f"{where}: next stacks {mine} != {stacks}")
                    off = int(v.state[t, L.C_OFF])
                    if off != (3 if retained else 0) or (
                            retained and tuple(v.packs[t, :3].tolist()) != retained[1:]):
                        raise DifferentialError(f"{where}: the next deal's retained hand "
                                                f"{v.packs[t, :off].tolist()} != the "
                                                f"reference's {list(retained[1:])}")
                    retains += bool(retained)
                    if pack is not None:
                        unshuffled += 1
                        if tuple(v.packs[t, off:].tolist()) != pack:
                            raise DifferentialError(f"{where}: the next deal's pack "
                                                    f"{v.packs[t].tolist()} != the reference's "
                                                    f"gathered pack {list(pack)}")
                refs[t] = _start(v, t, carried, retained)
                _compare_state(v, t, refs[t], f"step {step} table {t} at the next deal")
                continue
            _compare_state(v, t, new, where)
    return {"decisions": steps * num_envs, "deals": deals, "unshuffled": unshuffled,
            "retained": retains, "two_hands": two_hands}


def _compare_state(v: VectorBrag, t: int, ref: BragState, where: str) -> None:
    S = v.state
    got = {"stacks": tuple(int(x) for x in v.stacks()[t]), "pot": int(S[t, L.C_POT]),
           "stake": int(S[t, L.C_STAKE]), "to_act": int(S[t, L.C_TO_ACT]),
           "phase": int(S[t, L.C_PHASE])}
    phases = list(type(ref.phase))
    want = {"stacks": ref.stacks, "pot": ref.pot, "stake": ref.stake, "to_act": ref.to_act,
            "phase": phases.index(ref.phase)}
    cards = v.hands()[t]
    holder = int(S[t, L.C_HOLDER])
    got["hands"] = tuple(tuple(int(c) for c in cards[s]) if ref.status[s] == "in" else ()
                         for s in range(v.n))
    want["hands"] = tuple(ref.hands[s] if ref.status[s] == "in" else () for s in range(v.n))
    got["retained hand"] = tuple(tuple(int(c) for c in S[t, L.C_OLD:L.C_OLD + 3])
                                 if s == holder else () for s in range(v.n))
    want["retained hand"] = tuple(ref.retained_hand)
    if v.params[L.P_UNSHUF] == 1:
        dealt = int(S[t, L.C_OFF]) + 3 * sum(1 for x in ref.status if x != "out")
        row = v.packs[t].tolist()
        got["pack"] = (*row[dealt:], *row[:int(S[t, L.C_BOTTOM])])
        want["pack"] = tuple(ref.pack)
    for key, value in want.items():
        if got[key] != value:
            raise DifferentialError(f"{where}: {key} {got[key]} != reference {value}")


def _compare_obs(v: VectorBrag, refs: list[BragState], expected: ExpectedObs,
                 step: int) -> None:
    for seat in range(v.n):
        mine = v.observe(np.full(v.num_envs, seat, dtype=np.int32))
        for t, ref in enumerate(refs):
            want = expected(ref, seat)
            if not np.array_equal(want, mine[t]):
                bad = np.flatnonzero(want != mine[t]).tolist()
                raise DifferentialError(f"step {step} table {t} seat {seat}: observation "
                                        f"entries {bad} differ")
