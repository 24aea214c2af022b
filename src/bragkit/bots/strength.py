"""Hand-strength tables for bots: exact chances against one opponent, precomputed.

:func:`one_opponent_table` gives, for every three-card hand of a ranking, the exact chance
of beating and of tying one unknown opponent holding any other three of the remaining
cards (card removal included).  It is built once per ranking by inclusion-exclusion over
the cards a hand shares with the hero (about 0.1 s), which is far faster than calling
:func:`bragkit.analysis.equity.equity` for each hand (about 1 ms each); the tests check
that the two agree exactly.  Hands of four or five cards use a sampled percentile of
their best three cards instead (:func:`percentile_table`).

:func:`sampled_win` estimates the chance of winning when some cards are known (the
tracker bot's partial knowledge of its own and its opponents' hands), by sampling the
unknown cards.

>>> from bragkit.hands import get_ranking
>>> from bragkit.cards import parse_cards
>>> t = one_opponent_table(get_ranking("modern"))
>>> ids = [c.id for c in parse_cards("As Ah Ad")]
>>> win, tie = t.lookup(ids)
>>> round(win, 6), tie
(0.999783, 0.0)
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from bragkit.hands.batch import rank_best_batch

if TYPE_CHECKING:
    from bragkit.hands.core import Ranking

__all__ = ["OneOpponentTable", "PercentileTable", "best_three", "one_opponent_table",
           "percentile_table", "sampled_win"]

_S = 64  # card id stride (ids are < 64)


def best_three(ranking: Ranking, ids: tuple[int, ...]) -> tuple[int, ...]:
    """The best three of ``ids`` under ``ranking`` (all of them when there are three or fewer).

    >>> from bragkit.hands import get_ranking
    >>> best_three(get_ranking("modern"), (0, 51, 47, 43))   # 2c As Ks Qs
    (51, 47, 43)
    """
    if len(ids) <= 3:
        return ids
    rank3 = ranking.rank3
    return max(itertools.combinations(ids, 3), key=lambda h: rank3(*h))


@dataclass(frozen=True)
class OneOpponentTable:
    """Exact (win, tie) chances of every three-card hand against one random hand."""

    win: npt.NDArray[np.float64]
    tie: npt.NDArray[np.float64]

    def lookup(self, ids: Any) -> tuple[float, float]:
        """(win, tie) of the hand with these three card ids (any order)."""
        a, b, c = sorted(ids)
        i = (a * _S + b) * _S + c
        return float(self.win[i]), float(self.tie[i])


@lru_cache(maxsize=16)
def one_opponent_table(ranking: Ranking) -> OneOpponentTable:
    """Build (once per ranking) the exact one-opponent table by inclusion-exclusion."""
    ids = sorted(c.id for c in ranking.pack)
    hands = np.array(list(itertools.combinations(ids, 3)), dtype=np.int64)
    keys = ranking.rank_batch(hands).astype(np.int64)
    k = int(keys.max()) + 2
    n_cards = len(ids)
    # counts of hands by key: overall, per card, per card pair; cumulative "below key"
    by_key = np.bincount(keys, minlength=k)
    below_all = np.concatenate(([0], np.cumsum(by_key)))[:k]
    card_key = np.zeros((_S, k), dtype=np.int64)
    pair_key = np.zeros((_S * _S, k), dtype=np.int64)
    for i in range(3):
        np.add.at(card_key, (hands[:, i], keys), 1)
    for i, j in ((0, 1), (0, 2), (1, 2)):
        np.add.at(pair_key, (hands[:, i] * _S + hands[:, j], keys), 1)
    card_below = np.cumsum(card_key, axis=1) - card_key
    pair_below = np.cumsum(pair_key, axis=1) - pair_key

    def disjoint_below(kk: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        out = below_all[kk].copy()
        for i in range(3):
            out -= card_below[hands[:, i], kk]
        for i, j in ((0, 1), (0, 2), (1, 2)):
            out += pair_below[hands[:, i] * _S + hands[:, j], kk]
        return out

    lt = disjoint_below(keys)
    le = disjoint_below(keys + 1) - 1  # the hero's own hand is counted once in "<= key"
    total = (n_cards - 3) * (n_cards - 4) * (n_cards - 5) // 6
    win = np.zeros(_S ** 3)
    tie = np.zeros(_S ** 3)
    flat = (hands[:, 0] * _S + hands[:, 1]) * _S + hands[:, 2]
    win[flat] = lt / total
    tie[flat] = (le - lt) / total
    return OneOpponentTable(win, tie)


@dataclass(frozen=True)
class PercentileTable:
    """Sorted keys of sampled hands: the share of hands a key beats."""

    keys: npt.NDArray[np.int64]

    def beats(self, key: int) -> float:
        """Share of sampled hands strictly below ``key`` plus half of the equal ones."""
        lo = int(np.searchsorted(self.keys, key, side="left"))
        hi = int(np.searchsorted(self.keys, key, side="right"))
        return (lo + (hi - lo) / 2) / len(self.keys)


@lru_cache(maxsize=16)
def percentile_table(ranking: Ranking, cards: int, samples: int = 20_000) -> PercentileTable:
    """Sampled (fixed seed) distribution of ``cards``-card hand keys under ``ranking``."""
    ids = np.array(sorted(c.id for c in ranking.pack), dtype=np.int64)
    gen = np.random.default_rng(12345)
    order = np.argsort(gen.random((samples, len(ids))), axis=1)[:, :cards]
    keys = np.sort(rank_best_batch(ranking, ids[order]))
    return PercentileTable(keys)


def sampled_win(ranking: Ranking, mine: tuple[int, ...], opponents: list[tuple[int, ...]],
                known_out: set[int], rng: random.Random, samples: int = 300,
                cards: int = 3) -> float:
    """Chance that our hand beats every opponent, sampling the cards nobody knows.

    ``mine`` and each entry of ``opponents`` are the cards known to be in that hand (up to
    ``cards``); ``known_out`` are cards known to be elsewhere (dead).  Ties count half.

    >>> from bragkit.hands import get_ranking
    >>> from bragkit.cards import parse_cards
    >>> aces = tuple(c.id for c in parse_cards("As Ah Ad"))
    >>> deuces = tuple(c.id for c in parse_cards("2s 2h 2d"))
    >>> sampled_win(get_ranking("modern"), aces, [deuces], set(), random.Random(1))
    1.0
    """
    known = set(mine).union(*opponents) | known_out
    pool = np.array([c.id for c in ranking.pack if c.id not in known], dtype=np.int64)
    need = [cards - len(mine)] + [cards - len(o) for o in opponents]
    total_need = sum(need)
    gen = np.random.default_rng(rng.getrandbits(63))
    if total_need > len(pool):
        return 0.5
    if total_need:
        order = np.argsort(gen.random((samples, len(pool))), axis=1)[:, :total_need]
        drawn = pool[order]
    else:
        samples = 1
        drawn = np.zeros((1, 0), dtype=np.int64)
    col = 0
    hand_keys = []
    for known_cards, missing in zip([mine, *opponents], need, strict=True):
        fixed = np.broadcast_to(np.array(known_cards, dtype=np.int64), (samples, len(known_cards)))
        hand = np.concatenate([fixed, drawn[:, col:col + missing]], axis=1)
        col += missing
        hand_keys.append(rank_best_batch(ranking, hand, with_discards=cards > 3))
    me = hand_keys[0]
    best = np.max(np.stack(hand_keys[1:]), axis=0) if opponents else np.full(samples, -1)
    return float((np.count_nonzero(me > best) + 0.5 * np.count_nonzero(me == best)) / samples)
