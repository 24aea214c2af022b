"""Exact and Monte Carlo equity of a hand against unknown opponents' hands.

Against one opponent the chance of winning, tying and losing is exact: every
hand the opponent can hold from the cards left (after the hero's hand and any
``dead`` cards) is enumerated.  Against two opponents with three-card hands it
is also exact: ordered pairs of disjoint opponent hands are counted by
inclusion-exclusion over the cards they share.  Otherwise it is a Monte Carlo
estimate with a 95% confidence interval; :attr:`Equity.method` says which.

>>> e = equity("As Ah Ad")
>>> e.method, e.deals, e.lose
('exact', 18424, Fraction(1, 4606))
>>> round(float(equity("Qs Qd 7c", opponents=2).win), 4)
0.7808
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from bragkit.analysis.combos import combinations_array
from bragkit.cards import Card, CardsLike, format_cards, parse_cards
from bragkit.errors import CardError, RulesError
from bragkit.hands import Ranking, get_ranking
from bragkit.hands.batch import rank_best_batch

__all__ = ["Equity", "equity"]


@dataclass(frozen=True, slots=True)
class Equity:
    """The result of :func:`equity`.

    ``win``, ``tie`` and ``lose`` are exact fractions for ``method == "exact"``
    and floats (estimates) for ``"monte-carlo"``, where ``ci95`` gives the
    half-width of the 95% confidence interval of each.  A tie means the best
    opponent holds an equal hand (who wins it depends on the game: in Brag the
    player who paid to see loses).
    """

    hand: tuple[Card, ...]
    dead: tuple[Card, ...]
    opponents: int
    method: str
    deals: int
    win: Fraction | float
    tie: Fraction | float
    lose: Fraction | float
    ci95: tuple[float, float, float] | None = None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        out: dict[str, Any] = {
            "hand": format_cards(self.hand),
            "dead": format_cards(self.dead),
            "opponents": self.opponents,
            "method": self.method,
            "deals": self.deals,
            "win": float(self.win),
            "tie": float(self.tie),
            "lose": float(self.lose),
        }
        if self.method == "exact":
            out["fractions"] = {k: f"{v.numerator}/{v.denominator}"
                                for k, v in (("win", self.win), ("tie", self.tie),
                                             ("lose", self.lose))
                                if isinstance(v, Fraction)}
        if self.ci95 is not None:
            out["ci95"] = {"win": self.ci95[0], "tie": self.ci95[1], "lose": self.ci95[2]}
        return out


def _exact_one(ranking: Ranking, hero: int, avail: npt.NDArray[np.int8], k: int
               ) -> tuple[int, int, int]:
    hands = avail[combinations_array(len(avail), k)]
    keys = rank_best_batch(ranking, hands)
    win = int(np.count_nonzero(keys < hero))
    tie = int(np.count_nonzero(keys == hero))
    return win, tie, len(keys) - win - tie


def _disjoint_ordered_pairs(hands: npt.NDArray[np.intp], inside: npt.NDArray[np.bool_],
                            cards: int) -> int:
    """Ordered pairs of disjoint hands, both in the set ``inside``."""
    chosen = hands[inside]
    size = len(chosen)
    if size == 0:
        return 0
    per_card = np.bincount(chosen.ravel(), minlength=cards)
    pair_index = [chosen[:, i] * cards + chosen[:, j] for i, j in ((0, 1), (0, 2), (1, 2))]
    per_pair = np.bincount(np.concatenate(pair_index), minlength=cards * cards)
    meeting = (per_card[chosen].sum(axis=1)
               - sum(per_pair[p] for p in pair_index) + 1)
    return int((size - meeting).sum())


def _exact_two(ranking: Ranking, hero: int, avail: npt.NDArray[np.int8]
               ) -> tuple[int, int, int, int]:
    positions = combinations_array(len(avail), 3).astype(np.intp)
    keys = rank_best_batch(ranking, avail[positions])
    below = keys < hero
    at_most = keys <= hero
    total = comb(len(avail), 3) * comb(len(avail) - 3, 3)
    win = _disjoint_ordered_pairs(positions, below, len(avail))
    not_lose = _disjoint_ordered_pairs(positions, at_most, len(avail))
    return win, not_lose - win, total - not_lose, total


def _monte_carlo(ranking: Ranking, hero: int, avail: npt.NDArray[np.int8], k: int,
                 opponents: int, samples: int, seed: int | None
                 ) -> tuple[float, float, float, tuple[float, float, float]]:
    rng = np.random.default_rng(random.Random(seed).getrandbits(64) if seed is not None
                                else None)
    win = tie = 0
    done = 0
    while done < samples:
        batch = min(50_000, samples - done)
        order = np.argsort(rng.random((batch, len(avail))), axis=1)[:, : k * opponents]
        dealt = avail[order]
        best = np.full(batch, -1, dtype=np.int64)
        for o in range(opponents):
            best = np.maximum(best, rank_best_batch(ranking, dealt[:, o * k:(o + 1) * k]))
        win += int(np.count_nonzero(best < hero))
        tie += int(np.count_nonzero(best == hero))
        done += batch
    p = (win / samples, tie / samples, (samples - win - tie) / samples)
    half = tuple(1.96 * math.sqrt(max(x * (1 - x), 1e-12) / samples) for x in p)
    return p[0], p[1], p[2], (half[0], half[1], half[2])


def equity(hand: CardsLike, opponents: int = 1, *, dead: CardsLike = (),
           ranking: Ranking | str = "modern", samples: int = 200_000,
           seed: int | None = None, exact: bool | None = None) -> Equity:
    """The chance that ``hand`` beats, ties or loses to ``opponents`` unknown hands.

    ``dead`` cards are known to be out of play (folded hands on a face-up stub,
    say).  ``exact=None`` enumerates exactly where that is feasible (one
    opponent; two opponents with three-card hands) and samples otherwise;
    ``exact=False`` forces sampling.  Opponents hold as many cards as the hero.
    """
    rk = get_ranking(ranking) if isinstance(ranking, str) else ranking
    cards = parse_cards(hand)
    if len(cards) not in rk.hand_sizes:
        sizes = ", ".join(str(n) for n in rk.hand_sizes)
        raise CardError(f"a {rk.name} hand needs {sizes} cards, got {len(cards)}")
    dead_cards = parse_cards(dead)
    clash = set(cards) & set(dead_cards)
    if clash:
        raise CardError(f"card {format_cards(sorted(clash))!r} is both in the hand and dead")
    for card in (*cards, *dead_cards):
        if card not in rk.pack:
            raise CardError(f"card {str(card)!r} is not in the pack of {rk.spec}")
    if opponents < 1:
        raise RulesError(f"need at least one opponent, not {opponents}")
    gone = {c.id for c in (*cards, *dead_cards)}
    avail = np.array([c.id for c in rk.pack if c.id not in gone], dtype=np.int8)
    k = len(cards)
    if len(avail) < k * opponents:
        raise RulesError(f"only {len(avail)} cards left: not enough for {opponents} "
                         f"opponents of {k} cards")
    hero = int(rank_best_batch(rk, np.array([[c.id for c in cards]], dtype=np.int8))[0])
    feasible = opponents == 1 or (opponents == 2 and k == 3)
    if exact is None:
        exact = feasible
    if exact and not feasible:
        raise RulesError(f"exact equity is available against one opponent, or two with "
                         f"three-card hands; not {opponents} with {k} cards")
    if exact and opponents == 1:
        w, t, lo = _exact_one(rk, hero, avail, k)
        total = w + t + lo
        return Equity(cards, dead_cards, 1, "exact", total, Fraction(w, total),
                      Fraction(t, total), Fraction(lo, total))
    if exact:
        w, t, lo, total = _exact_two(rk, hero, avail)
        return Equity(cards, dead_cards, 2, "exact", total, Fraction(w, total),
                      Fraction(t, total), Fraction(lo, total))
    if samples < 1:
        raise RulesError(f"need at least one sample, not {samples}")
    pw, pt, pl, ci = _monte_carlo(rk, hero, avail, k, opponents, samples, seed)
    return Equity(cards, dead_cards, opponents, "monte-carlo", samples, pw, pt, pl, ci)
