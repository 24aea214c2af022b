"""The optional compiled kernel of the solver's iteration (numba, the ``speed`` extra).

:func:`update_open` does one player's whole update at his open decisions in one pass over
memory: instantaneous regrets from the counterfactual values, the discounted (or floored)
regrets, the average strategy, and regret matching into the new strategy.  The numpy code
in :mod:`bragkit.solve.cfr` does the same in about ten array passes with temporaries; it is
used when numba is missing or ``BRAGKIT_NUMBA=0`` (same results to float32 rounding).

>>> BACKEND in ("numba", "numpy")
True
"""

from __future__ import annotations

import os
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

__all__ = ["BACKEND", "update_open"]

Arr = npt.NDArray[np.floating]
I64 = npt.NDArray[np.int64]


def _update_open(cfv: Arr, own: Arr, child: I64, dec_node: I64, n_act: I64, sig_row: I64,
                 reg: Arr, avg: Arr, sig_open: Arr, sig: Arr, pos_f: float, neg_f: float,
                 floor: bool, keep: float, predictive: bool) -> None:
    """One player's update at his open decisions (see the module); arrays are changed in
    place.  ``sig_row[k]`` is decision k's row in the full strategy array ``sig``."""
    n, w, classes = reg.shape
    q = np.zeros(w, dtype=np.float64)
    for k in range(n):
        d = dec_node[k]
        na = n_act[k]
        row = sig_row[k]
        for c in range(classes):
            v = cfv[d, c]
            o = own[d, c]
            total = 0.0
            for a in range(na):
                inst = cfv[child[k, a], c] - v
                r = reg[k, a, c] + inst
                if floor:
                    r = max(r, 0.0) * pos_f
                elif r > 0:
                    r = r * pos_f
                else:
                    r = r * neg_f
                reg[k, a, c] = r
                avg[k, a, c] = avg[k, a, c] * keep + sig_open[k, a, c] * o
                x = r + inst if predictive else r
                x = max(x, 0.0)
                q[a] = x
                total += x
            for a in range(na):
                p = q[a] / total if total > 0 else 1.0 / na
                sig_open[k, a, c] = p
                sig[row, a, c] = p


def _compiled() -> Callable[..., None] | None:
    if os.environ.get("BRAGKIT_NUMBA", "1") == "0":
        return None
    try:
        import numba
    except ImportError:  # pragma: no cover - the speed extra is installed in dev
        return None
    kernel: Callable[..., None] = numba.njit(cache=True, nogil=True, error_model="numpy",
                                             fastmath=False)(_update_open)
    return kernel


_KERNEL = _compiled()
BACKEND: str = "numba" if _KERNEL is not None else "numpy"
"""``"numba"`` when the compiled kernel is used, else ``"numpy"`` (the array code)."""


def update_open(cfv: Arr, own: Arr, child: I64, dec_node: I64, n_act: I64, sig_row: I64,
                reg: Arr, avg: Arr, sig_open: Arr, sig: Arr, pos_f: float, neg_f: float,
                floor: bool, keep: float, predictive: bool) -> bool:
    """Run the compiled kernel; False (nothing done) when numba is not in use."""
    if _KERNEL is None:
        return False
    _KERNEL(cfv, own, child, dec_node, n_act, sig_row, reg, avg, sig_open, sig, pos_f, neg_f,
            floor, keep, predictive)
    return True
