"""The 1,755 suit-isomorphic classes of the 22,100 three-card hands, with exact card removal.

Two hands are in one class when a permutation of the suits maps one onto the other; every
ranking of the brag family is blind to suit names, so a class has one strength, and a
strategy that depends only on the class loses nothing.  For a ranking, :func:`hand_classes`
gives the class-pair count matrices over disjoint deals (rows: the player whose value is
computed, columns: the opponent):

* ``disjoint[c, d]``: ordered pairs (h in c, g in d) with no card in common;
* ``win[c, d]`` / ``tie[c, d]``: those pairs where h beats / ties g.

All entries are whole numbers held exactly in float64.  Every row of ``disjoint`` sums to
``size[c] * 18,424`` (C(49, 3)).

>>> hc = hand_classes("modern")
>>> hc.count, int(hc.size.sum())
(1755, 22100)
>>> int(hc.disjoint.sum()) == 22100 * 18424
True
>>> bool((hc.win + hc.tie + hc.win.T == hc.disjoint).all())
True
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from bragkit.cards import card_from_id, format_cards
from bragkit.hands import get_ranking

__all__ = ["DEALS", "HandClasses", "all_hands", "hand_classes"]

# A reduced deck of n cards is the top n/4 ranks in all four suits (ids 52-n .. 51).

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]

DEALS = 22100 * 18424
"""Ordered deals of two three-card hands from 52 cards (407,170,400)."""


def all_hands(deck: int = 52) -> I64:
    """The hands of a deck (52: 22,100) as sorted card-id triples.

    >>> all_hands().shape, all_hands(12).shape
    ((22100, 3), (220, 3))
    """
    return np.array(list(itertools.combinations(range(52 - deck, 52), 3)), dtype=np.int64)


def _canonical_keys(hands: I64) -> I64:
    """The smallest sorted encoding of each hand over the 24 suit permutations."""
    ranks, suits = hands // 4, hands % 4
    best = np.full(len(hands), np.iinfo(np.int64).max, dtype=np.int64)
    for perm in itertools.permutations(range(4)):
        mapped = np.sort(ranks * 4 + np.asarray(perm, dtype=np.int64)[suits], axis=1)
        key = mapped[:, 0] * 2704 + mapped[:, 1] * 52 + mapped[:, 2]
        np.minimum(best, key, out=best)
    return best


@dataclass(frozen=True)
class HandClasses:
    """Hand classes and exact class-pair count matrices for one ranking (see the module)."""

    ranking: str
    hands: I64
    """All 22,100 hands (sorted id triples)."""
    hand_class: I64
    """The class of each hand."""
    reps: I64
    """One hand of each class (its canonical form), shape ``(1755, 3)``."""
    size: F64
    """Hands in each class."""
    strength: I64
    """The ranking's dense ordinal of each class (higher is better)."""
    disjoint: F64
    win: F64
    tie: F64
    deals: int
    """Ordered deals of two disjoint hands (407,170,400 for 52 cards)."""

    @property
    def count(self) -> int:
        """The number of classes (1,755)."""
        return len(self.reps)

    def class_of(self, cards: tuple[int, int, int]) -> int:
        """The class of a hand given as three card ids.

        >>> hc = hand_classes("modern")
        >>> hc.class_of((51, 47, 43)) == hc.class_of((50, 46, 42))   # AKQ of spades / hearts
        True
        """
        a, b, c = sorted(cards)
        key = _canonical_keys(np.array([[a, b, c]], dtype=np.int64))[0]
        index = int(np.searchsorted(self._keys(), key))
        return index

    def _keys(self) -> I64:
        r = self.reps
        keys: I64 = r[:, 0] * 2704 + r[:, 1] * 52 + r[:, 2]
        return keys

    def label(self, c: int) -> str:
        """The representative hand of class ``c`` as text.

        >>> hand_classes("modern").label(0)
        '2c 2d 2h'
        """
        return format_cards(tuple(card_from_id(int(x)) for x in self.reps[c]))


@lru_cache(maxsize=8)
def hand_classes(ranking: str = "modern", deck: int = 52) -> HandClasses:
    """The classes and exact count matrices under ``ranking`` for a deck (cached).

    >>> hand_classes("teen-patti").count, hand_classes("modern", 12).count
    (1755, 20)
    """
    rank_obj = get_ranking(ranking)
    hands = all_hands(deck)
    keys = _canonical_keys(hands)
    uniq, hand_class, sizes = np.unique(keys, return_inverse=True, return_counts=True)
    reps = np.stack([uniq // 2704, (uniq // 52) % 52, uniq % 52], axis=1).astype(np.int64)
    n = len(uniq)
    hand_rank = rank_obj.take3(hands[:, 0].astype(np.int32), hands[:, 1].astype(np.int32),
                               hands[:, 2].astype(np.int32)).astype(np.int64)
    rep_rank = rank_obj.take3(reps[:, 0].astype(np.int32), reps[:, 1].astype(np.int32),
                              reps[:, 2].astype(np.int32)).astype(np.int64)
    masks = np.zeros(len(hands), dtype=np.int64)
    for j in range(3):
        masks |= np.left_shift(np.int64(1), hands[:, j])
    rep_masks = np.zeros(n, dtype=np.int64)
    for j in range(3):
        rep_masks |= np.left_shift(np.int64(1), reps[:, j])
    disjoint = np.zeros((n, n))
    win = np.zeros((n, n))
    tie = np.zeros((n, n))
    for c in range(n):
        ok = (masks & rep_masks[c]) == 0
        cls = hand_class[ok]
        r = hand_rank[ok]
        disjoint[c] = np.bincount(cls, minlength=n)
        win[c] = np.bincount(cls[r < rep_rank[c]], minlength=n)
        tie[c] = np.bincount(cls[r == rep_rank[c]], minlength=n)
    size = sizes.astype(np.float64)
    disjoint *= size[:, None]
    win *= size[:, None]
    tie *= size[:, None]
    for arr in (hands, reps, hand_class, rep_rank, size, disjoint, win, tie):
        arr.setflags(write=False)
    rest = (deck - 3) * (deck - 4) * (deck - 5) // 6
    return HandClasses(ranking, hands, hand_class.astype(np.int64), reps, size, rep_rank,
                       disjoint, win, tie, len(hands) * rest)
