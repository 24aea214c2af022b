"""All k-subsets of ``range(n)`` as one numpy array, in colex order.

>>> combinations_array(5, 3).tolist()[:4]
[[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]]
>>> combinations_array(52, 5).shape
(2598960, 5)
"""

from __future__ import annotations

from math import comb

import numpy as np
import numpy.typing as npt

__all__ = ["combinations_array"]


def combinations_array(n: int, k: int) -> npt.NDArray[np.int8]:
    """Every k-subset of ``range(n)`` (n <= 127), one per row, increasing, in colex order.

    Colex order means the subsets of ``range(j)`` come first, so the array for
    ``k`` is built from prefixes of the array for ``k - 1``.
    """
    if not 0 < k <= n <= 127:
        raise ValueError(f"need 0 < k <= n <= 127, got n={n}, k={k}")
    rows = np.arange(n, dtype=np.int8).reshape(n, 1)
    for size in range(2, k + 1):
        blocks = []
        for last in range(size - 1, n):
            prefix = rows[: comb(last, size - 1)]
            tail = np.full((prefix.shape[0], 1), last, dtype=np.int8)
            blocks.append(np.hstack((prefix, tail)))
        rows = np.vstack(blocks)
    return rows
