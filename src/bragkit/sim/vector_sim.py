"""``brag simulate`` on the vectorised engine when every seat's bot is an array policy.

The array policies (:mod:`bragkit.sim.policies`: ``random``, ``threshold``, and
:mod:`bragkit.sim.cfr_policy`: ``cfr``, the solver's strategy table for HU-Brag-S12's
rules) choose for many tables at once; each has a scalar bot that plays the same strategy,
so the vector path and the scalar path agree statistically (tests/test_vector_sim.py).

The vector path plays each of up to :data:`TABLES` tables (:func:`table_count`: each at
least a block long) as a session, like the scalar path's blocks (stacks, carried pots and
the dealer go on; every seat is topped up to ``--stack`` when a stack falls below a quarter
of it between deals with no pot carried), and the pack as the reference engine handles it
(under ``brag_unshuffled`` the next deal from the pack as gathered, rules 2.4); one
difference it reports: a "block" is one table.
A blind fold-out winner's retained hand is played in the next deal beside a new one (rules
4.4.6: the ``random`` bot retains half the time, ``threshold`` releases).  It is refused
(:func:`vector_reason`; the scalar path runs) for rules the vector engine does not play,
and for the face-up retained variant when a ``random`` bot could retain.  A ``win`` is a
deal with a positive net.

>>> from bragkit.rules import get_preset
>>> from bragkit.sim.runner import SimConfig
>>> cfg = SimConfig(get_preset("teen-patti"), ("random", "threshold"), hands=200, seed=1)
>>> vector_reason(cfg) is None, sum(r.hands for r in run_vector(cfg))
(True, 200)
>>> vector_reason(SimConfig(get_preset("modern"), ("random", "random"), hands=10)) is None
True
"""

from __future__ import annotations

from typing import Final

import numpy as np

from bragkit.errors import BragError, RulesError
from bragkit.sim.policies import ARRAY_BOTS, random_policy, strength_cutoff, threshold_policy
from bragkit.sim.runner import BlockResult, SimConfig

__all__ = ["TABLES", "run_vector", "table_count", "vector_reason"]

TABLES: Final = 1024


def table_count(config: SimConfig) -> int:
    """How many tables the vector path plays at once: up to :data:`TABLES`, each at least a
    block of ``config.block`` deals long as the scalar path's blocks are (so as few pots are
    left carried when the tables end).

    >>> from bragkit.rules import get_preset
    >>> rules = get_preset("modern")
    >>> [table_count(SimConfig(rules, ("random",) * 3, hands=h)) for h in (50, 3000, 10**6)]
    [1, 30, 1024]
    """
    return max(1, min(TABLES, config.hands // config.block))
"""The most tables stepped at once."""


def vector_reason(config: SimConfig) -> str | None:
    """Why ``config`` cannot run on the vector engine (None: it can)."""
    from bragkit.vector.config import check_players

    unknown = sorted(set(config.bots) - set(ARRAY_BOTS))
    if unknown:
        return (f"not every bot is an array policy ({', '.join(ARRAY_BOTS)}): "
                f"{', '.join(unknown)}")
    rules = config.rules
    try:
        check_players(rules, len(config.bots))
    except RulesError as error:
        return str(error)
    if "cfr" in config.bots:
        from bragkit.sim.cfr_policy import cfr_reason

        found = cfr_reason(rules, len(config.bots), config.stack)
        if found is not None:
            return found
    if rules.game == "modern" and rules.blind_winner_policy == "carry" and \
            rules.retained_variant != "two_hands" and "random" in config.bots:
        return (f"retained_variant={rules.retained_variant!r}: the random bot may retain a "
                "blind hand, and bragkit.vector plays a retained hand only as two hands")
    return None


def run_vector(config: SimConfig) -> list[BlockResult]:
    """Play ``config`` on the vector engine: one :class:`BlockResult` per table (see the
    module); :class:`~bragkit.errors.BragError` when :func:`vector_reason` says why not."""
    reason = vector_reason(config)
    if reason is not None:
        raise BragError(f"the vector engine cannot run this simulation: {reason}")
    from bragkit.sim.policies import SLOT
    from bragkit.vector import VectorBrag
    from bragkit.vector import layout as L

    n = len(config.bots)
    N = table_count(config)
    quota = np.full(N, config.hands // N, dtype=np.int64)
    quota[: config.hands % N] += 1
    v = VectorBrag(config.rules, n, N, seed=config.seed % 2**63, stack=config.stack,
                   observe=False, session=True, low=config.stack // 4)
    v.reset(seed=config.seed % 2**63, dealers=[0] * N)
    rng = np.random.default_rng([config.seed % 2**63, 1])
    rows = np.arange(N)
    bot_of = (np.arange(n)[None, :] + (rows % n)[:, None]) % n        # (table, seat) -> bot
    is_random = np.array([b == "random" for b in config.bots])
    is_cfr = np.array([b == "cfr" for b in config.bots])
    cfr = None
    if is_cfr.any():
        from bragkit.sim.cfr_policy import CfrArrayPolicy

        cfr = CfrArrayPolicy(config.rules, N)
    cutoff = strength_cutoff(config.rules)
    cols = L.seat_cols(n)
    need = max(config.rules.ante, 1)
    played = np.zeros(N, dtype=np.int64)
    stats = {k: np.zeros((N, n), dtype=np.int64) for k in (
        "net", "dealt", "wins", "sees", "folds", "decisions", "blinds", "blind_bets",
        "blind_ends")}
    pot = np.zeros(N, dtype=np.int64)
    bet_blind = np.zeros((N, n), dtype=bool)
    looked_any = np.zeros((N, n), dtype=bool)
    while (live := played < quota).any():
        p = v.state[:, L.C_TO_ACT].copy()
        slots, amounts = random_policy(v, rng)
        slots = np.where(is_random[bot_of[rows, p]], slots, threshold_policy(v, cutoff))
        amounts = np.where(is_random[bot_of[rows, p]], amounts, -1).astype(np.int32)
        if cfr is not None:
            cfr.act(v, np.flatnonzero(is_cfr[bot_of[rows, p]]), rng, slots, amounts)
            cfr.advance(v, slots, amounts)
        blind = v.state[rows, cols[3] + p] == 0
        dealt = v.state[:, cols[1]:cols[1] + n] >= need
        lost = v.state[:, L.C_LOST].copy()
        at = (rows[live], p[live])
        np.add.at(stats["decisions"], at, 1)
        np.add.at(stats["sees"], at, slots[live] == SLOT("see"))
        np.add.at(stats["folds"], at, slots[live] == SLOT("fold"))
        is_bet = (slots >= L.A_BET_MIN) & (slots <= L.A_BET_MAX) & blind & live
        np.add.at(stats["blind_bets"], (rows[is_bet], p[is_bet]), 1)
        bet_blind[rows[is_bet], p[is_bet]] = True
        looks = (slots >= SLOT("look")) & (slots <= SLOT("look:1")) & live  # either hand
        looked_any[rows[looks], p[looks]] = True
        _, rewards, term, trunc, info = v.step(slots, amounts)
        if cfr is not None:
            cfr.new_deals(term | trunc)
        done = (term | trunc) & live
        if done.any():
            d = np.flatnonzero(done)
            stats["net"][d] += rewards[d].astype(np.int64)
            stats["dealt"][d] += dealt[d]
            stats["wins"][d] += rewards[d] > 0
            stats["blinds"][d] += bet_blind[d]
            stats["blind_ends"][d] += bet_blind[d] & ~looked_any[d]
            bet_blind[d] = False
            looked_any[d] = False
            played[d] += 1
            last = d[played[d] == quota[d]]
            pot[last] = info["carried"][last] + lost[last]
    results = []
    for t in range(N):
        per_bot = {k: [0] * n for k in stats}
        for s in range(n):
            for k, arr in stats.items():
                per_bot[k][int(bot_of[t, s])] += int(arr[t, s])
        results.append(BlockResult(
            t, int(quota[t]), per_bot["net"], per_bot["dealt"], per_bot["wins"],
            per_bot["sees"], per_bot["folds"], per_bot["decisions"], pot=int(pot[t]),
            blinds=per_bot["blinds"], blind_bets=per_bot["blind_bets"],
            blind_ends=per_bot["blind_ends"]))
    return results
