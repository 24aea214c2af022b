"""Exact odds of every category, by complete enumeration (the table seed 002 lost).

>>> table = category_counts("modern")
>>> table.total, [(row.category, row.ways) for row in table.rows][:3]
(22100, [('prial', 52), ('running_flush', 48), ('run', 720)])
>>> round(table.rows[0].odds_against, 1)
424.0
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError
from bragkit.hands import Ranking, get_ranking

__all__ = ["OddsRow", "OddsTable", "best_ordinals", "category_counts"]


@dataclass(frozen=True, slots=True)
class OddsRow:
    """One category: the number of hands, its exact probability and the odds against it."""

    category: str
    ways: int
    probability: Fraction

    @property
    def odds_against(self) -> float:
        """Odds against, as ``x`` in "x to 1" (infinite for an impossible category)."""
        return float("inf") if self.ways == 0 else float((1 - self.probability)
                                                         / self.probability)


@dataclass(frozen=True, slots=True)
class OddsTable:
    """The category counts of a ranking for hands of ``cards`` cards."""

    ranking: str
    cards: int
    total: int
    rows: tuple[OddsRow, ...]

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``total``, ``categories`` (name to count) and details."""
        return {
            "ranking": self.ranking,
            "cards": self.cards,
            "total": self.total,
            "categories": {row.category: row.ways for row in self.rows},
            "probabilities": {row.category: float(row.probability) for row in self.rows},
            "odds_against": {row.category: (None if row.ways == 0 else row.odds_against)
                             for row in self.rows},
        }


def best_ordinals(ranking: Ranking, ids: npt.NDArray[np.intp], k: int) -> npt.NDArray[np.int16]:
    """The best three-card ordinal of every ``k``-subset of the card ids ``ids``, in colex
    order (``combinations_array(len(ids), k)``), for ``k`` = 3, 4 or 5.

    The subsets ending with ``ids[e]`` are the ``(k-1)``-subsets of ``ids[:e]`` plus that
    card, so their best is the best of the ``(k-1)``-subset (the same array, one level
    down) and of each three-card hand holding ``ids[e]``: a gather per pair of the
    subset from the 4,096 ordinals of that card's slice of the flat table, which stays
    in the CPU cache.

    >>> from bragkit.hands import get_ranking
    >>> m = get_ranking("modern")
    >>> ids = np.arange(52, dtype=np.intp)
    >>> best = best_ordinals(m, ids, 4)
    >>> int(best[0]) == max(m.rank3(0, 1, 2), m.rank3(0, 1, 3), m.rank3(0, 2, 3), m.rank3(1, 2, 3))
    True
    """
    from bragkit.analysis.combos import combinations_array

    flat = ranking.numpy_table()
    n = len(ids)
    if k == 3:
        hands = ids[combinations_array(n, 3)]
        return ranking.take3(hands[:, 0], hands[:, 1], hands[:, 2])
    smaller = best_ordinals(ranking, ids[:-1], k - 1)
    subsets = ids[combinations_array(n - 1, k - 1)]
    pairs = [(subsets[:, i] << 6) | subsets[:, j]
             for i, j in itertools.combinations(range(k - 1), 2)]
    out = np.empty(comb(n, k), dtype=np.int16)
    start = 0
    for e in range(k - 1, n):
        size = comb(e, k - 1)
        block = out[start:start + size]
        part = flat[int(ids[e]) << 12:(int(ids[e]) + 1) << 12]
        np.maximum(smaller[:size], part.take(pairs[0][:size]), out=block)
        for pair in pairs[1:]:
            np.maximum(block, part.take(pair[:size]), out=block)
        start += size
    return out


def category_counts(ranking: Ranking | str = "modern", cards: int = 3,
                    **options: Any) -> OddsTable:
    """Count the hands of ``cards`` cards in each category of ``ranking``, exactly.

    Four and five cards keep their best three.  Every hand of the ranking's pack
    (jokers included) is enumerated.
    """
    rk = get_ranking(ranking, **options) if isinstance(ranking, str) else ranking
    if cards not in rk.hand_sizes:
        sizes = ", ".join(str(n) for n in rk.hand_sizes)
        raise RulesError(f"{rk.name} ranks {sizes}-card hands, not {cards}-card hands")
    pack = rk.pack
    total = comb(len(pack), cards)
    counts: list[int]
    if cards in (3, 4, 5):
        from bragkit.hands.batch import category_codes

        ids = np.array(sorted(c.id for c in pack), dtype=np.intp)
        per_class = np.bincount(best_ordinals(rk, ids, cards), minlength=rk.class_count)
        counts = np.bincount(category_codes(rk), weights=per_class,
                             minlength=len(rk.categories)).astype(np.int64).tolist()
    else:
        index = {name: i for i, name in enumerate(rk.categories)}
        counts = [0] * len(rk.categories)
        for hand in itertools.combinations(pack, cards):
            counts[index[rk.evaluate(hand).category]] += 1
    rows = tuple(OddsRow(name, n, Fraction(n, total))
                 for name, n in zip(rk.categories, counts, strict=True))
    return OddsTable(rk.spec, cards, total, rows)
