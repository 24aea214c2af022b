"""Batch ranking of many hands at once with numpy (imported on demand).

:func:`rank_best_batch` ranks an ``(N, k)`` array of card ids, ``k`` = 3, 4 or
5, to comparable integers: the best three cards' dense ordinal, then the
discards (rules 3.3), packed into one ``int64``.

>>> import numpy as np
>>> from bragkit.hands import get_ranking
>>> from bragkit.cards import parse_cards
>>> m = get_ranking("modern")
>>> ids = np.array([[c.id for c in parse_cards(h)] for h in ("4s 9h 9d Kc", "9s 9c Kd 7h")])
>>> keys = rank_best_batch(m, ids)
>>> bool(keys[1] > keys[0])
True
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from bragkit.errors import CardError

if TYPE_CHECKING:
    from bragkit.hands.core import Ranking

__all__ = ["category_codes", "discard_base", "rank_best_batch"]


def category_codes(ranking: Ranking) -> npt.NDArray[np.int8]:
    """For each three-card ordinal, the index of its category in ``ranking.categories``
    (0 = best category)."""
    index = {name: i for i, name in enumerate(ranking.categories)}
    return np.array([index[ranking.category_of_rank(r)] for r in range(ranking.class_count)],
                    dtype=np.int8)


def discard_base(k: int, mode: str) -> int:
    """How many distinct discard codes a k-card hand has (the packing radix)."""
    if k == 3:
        return 1
    if k == 4:
        return 16
    return 512 if mode == "pair_first" else 256


def _rank_values(ids: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int64]:
    # rank value 2..14, jokers (ids >= 52) count 1 (below a two)
    values: npt.NDArray[np.int64] = np.where(ids >= 52, 1, (ids >> 2) + 2).astype(np.int64)
    return values


def rank_best_batch(ranking: Ranking, hands: Any, *, with_discards: bool = True
                    ) -> npt.NDArray[np.int64]:
    """Comparable keys of an ``(N, k)`` array of card ids (k = 3, 4 or 5).

    With ``with_discards=False`` the result is just the best three cards' ordinal
    (enough for category counts, and faster).  No validation of ids.
    """
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] not in (3, 4, 5):
        raise CardError(f"need an (N, 3), (N, 4) or (N, 5) array of card ids, got {arr.shape}")
    k = arr.shape[1]
    if k not in ranking.hand_sizes:
        raise CardError(f"{ranking.name} does not rank {k}-card hands")
    if k == 3:
        out: npt.NDArray[np.int64] = ranking.rank_batch(arr).astype(np.int64)
        return out
    cols = [arr[:, i] for i in range(k)]  # views: take3 builds its index from any ints
    mode = str(ranking.options.get("discard_compare", "lex_high"))
    radix = discard_base(k, mode) if with_discards else 1
    best: npt.NDArray[np.int64] | None = None
    for kept in itertools.combinations(range(k), 3):
        a, b, c = (cols[i] for i in kept)
        key = ranking.take3(a, b, c).astype(np.int64)
        if with_discards:
            rest = [_rank_values(cols[i]) for i in range(k) if i not in kept]
            if k == 4:
                code = rest[0]
            else:
                hi = np.maximum(rest[0], rest[1])
                lo = np.minimum(rest[0], rest[1])
                code = hi * 16 + lo
                if mode == "pair_first":
                    code = code + 256 * (hi == lo)
            key = key * radix + code
        best = key if best is None else np.maximum(best, key)
    assert best is not None
    return best
