"""Summaries of a simulation: per-bot nets, chips per hand with a 95% interval, rates.

The confidence interval of chips per hand treats each *duplicate group* (``players``
consecutive blocks that share their cards) as one independent observation, since deals at
one table are not independent (carried pots, stacks, the unshuffled pack): the mean is the
ratio of total net to total hands, its standard error the ratio estimator's over groups.

>>> from bragkit.sim.runner import BlockResult
>>> blocks = [BlockResult(i, 10, [d, -d], [10, 10], [5, 5], [1, 1], [2, 2], [30, 30])
...           for i, d in enumerate([4, -2, 6, 0])]
>>> s = summarize(("a", "b"), blocks)
>>> s["hands"], [b["net"] for b in s["bots"]], s["bots"][0]["per_hand"]
(40, [8, -8], 0.2)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from bragkit.sim.runner import BlockResult

__all__ = ["ci95", "summarize"]

# two-sided 97.5% quantiles of Student's t for small numbers of degrees of freedom
_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
         9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 30: 2.042, 60: 2.000}


def _t975(df: int) -> float:
    if df >= 120:
        return 1.96
    best = max(k for k in _T975 if k <= df)
    return _T975[best]


def ci95(nets: Sequence[float], hands: Sequence[int]) -> tuple[float, float, float] | None:
    """(mean per hand, low, high) over groups with these nets and hand counts, or ``None``.

    >>> lo_hi = ci95([10, 12, 8, 10], [10, 10, 10, 10])
    >>> lo_hi[0], round(lo_hi[1], 3), round(lo_hi[2], 3)
    (1.0, 0.74, 1.26)
    """
    g = len(nets)
    total_h = sum(hands)
    if total_h == 0:
        return None
    mean = sum(nets) / total_h
    if g < 2:
        return None
    hbar = total_h / g
    ss = sum((x - mean * h) ** 2 for x, h in zip(nets, hands, strict=True))
    se = math.sqrt(ss / (g * (g - 1))) / hbar
    half = _t975(g - 1) * se
    return mean, mean - half, mean + half


def summarize(names: Sequence[str], blocks: Sequence[BlockResult]) -> dict[str, Any]:
    """The JSON-ready summary: ``hands``, ``decisions``, ``pot`` and per-bot ``bots``."""
    n = len(names)
    hands = sum(b.hands for b in blocks)
    groups: dict[int, list[BlockResult]] = {}
    for b in blocks:
        groups.setdefault(b.index // n, []).append(b)
    units = list(groups.values()) if len(groups) >= 2 else [[b] for b in blocks]
    unit_hands = [sum(b.hands for b in u) for u in units]
    bots = []
    for i, name in enumerate(names):
        dealt = sum(b.dealt[i] for b in blocks)
        net = sum(b.net[i] for b in blocks)
        ci = ci95([sum(b.net[i] for b in u) for u in units], unit_hands)

        def rate(count: int, dealt: int = dealt) -> float:
            return round(count / dealt, 6) if dealt else 0.0

        bots.append({
            "name": name,
            "seat": i + 1,
            "hands": dealt,
            "net": net,
            "per_hand": round(net / hands, 6) if hands else 0.0,
            "ci95": [round(ci[1], 6), round(ci[2], 6)] if ci else None,
            "win_rate": rate(sum(b.wins[i] for b in blocks)),
            "see_rate": rate(sum(b.sees[i] for b in blocks)),
            "fold_rate": rate(sum(b.folds[i] for b in blocks)),
            "blind_rate": rate(sum(b.blinds[i] for b in blocks if b.blinds)),
            "blind_bets": sum(b.blind_bets[i] for b in blocks if b.blind_bets),
            "blind_to_end_rate": rate(sum(b.blind_ends[i] for b in blocks if b.blind_ends)),
            "decisions": sum(b.decisions[i] for b in blocks),
        })
    return {
        "hands": hands,
        "decisions": sum(sum(b.decisions) for b in blocks),
        "pot": sum(b.pot for b in blocks),
        "bots": bots,
    }
