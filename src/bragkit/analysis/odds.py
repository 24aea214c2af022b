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

from bragkit.errors import RulesError
from bragkit.hands import Ranking, get_ranking

__all__ = ["OddsRow", "OddsTable", "category_counts"]


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
        from bragkit.analysis.combos import combinations_array
        from bragkit.hands.batch import category_codes, rank_best_batch

        ids = np.array([c.id for c in pack], dtype=np.int8)[
            combinations_array(len(pack), cards)]
        best = rank_best_batch(rk, ids, with_discards=False)
        codes = category_codes(rk)[best]
        counts = np.bincount(codes, minlength=len(rk.categories)).tolist()
    else:
        index = {name: i for i, name in enumerate(rk.categories)}
        counts = [0] * len(rk.categories)
        for hand in itertools.combinations(pack, cards):
            counts[index[rk.evaluate(hand).category]] += 1
    rows = tuple(OddsRow(name, n, Fraction(n, total))
                 for name, n in zip(rk.categories, counts, strict=True))
    return OddsTable(rk.spec, cards, total, rows)
