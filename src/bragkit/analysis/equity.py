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
import weakref
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


@dataclass(frozen=True, slots=True)
class _Hands:
    """What equity needs of a ranking's pack, whatever the hand (built once per ranking).

    * ``masks``: a 64-bit card mask of every three-card hand, sorted by strength, and
      ``below[r]``, the number of hands weaker than ordinal ``r``;
    * for every pair of cards ``q`` (ids ``pair_x[q] < pair_y[q]``, mask ``pair_masks[q]``),
      ``pair_below[r, q]``: how many third cards make a hand weaker than ordinal ``r``.
    """

    masks: npt.NDArray[np.uint64]
    below: tuple[int, ...]
    pack_ids: frozenset[int]
    pair_x: npt.NDArray[np.intp]
    pair_y: npt.NDArray[np.intp]
    pair_masks: npt.NDArray[np.uint64]
    pair_below: npt.NDArray[np.int16]


_HANDS: weakref.WeakKeyDictionary[Ranking, _Hands] = weakref.WeakKeyDictionary()


def _bits(ids: npt.NDArray[np.intp]) -> npt.NDArray[np.uint64]:
    bits = np.left_shift(np.uint64(1), ids.astype(np.uint64))
    masks: npt.NDArray[np.uint64] = np.bitwise_or.reduce(bits, axis=1)
    return masks


def _hands(ranking: Ranking) -> _Hands:
    found = _HANDS.get(ranking)
    if found is not None:
        return found
    ids = np.array(sorted(c.id for c in ranking.pack), dtype=np.intp)
    combos = ids[combinations_array(len(ids), 3)]
    strength = ranking.rank_batch(combos).astype(np.intp)
    order = np.argsort(strength, kind="stable")
    below = np.searchsorted(strength[order], np.arange(ranking.class_count + 1), side="left")
    pairs = ids[combinations_array(len(ids), 2)]
    pair_of = np.full((64, 64), -1, dtype=np.intp)
    pair_of[pairs[:, 0], pairs[:, 1]] = np.arange(len(pairs))
    classes = ranking.class_count
    counts = np.zeros(classes * len(pairs), dtype=np.intp)
    for x, y in ((0, 1), (0, 2), (1, 2)):
        counts += np.bincount(strength * len(pairs) + pair_of[combos[:, x], combos[:, y]],
                              minlength=len(counts))
    pair_below = np.zeros((classes + 1, len(pairs)), dtype=np.int16)
    np.cumsum(counts.reshape(classes, len(pairs)), axis=0, out=pair_below[1:])
    found = _Hands(np.ascontiguousarray(_bits(combos)[order]), tuple(int(x) for x in below),
                   frozenset(int(i) for i in ids), pairs[:, 0].copy(), pairs[:, 1].copy(),
                   _bits(pairs), pair_below)
    _HANDS[ranking] = found
    return found


def _exact_one_three(table: _Hands, hero: int, gone: int, left: int
                     ) -> tuple[int, int, int]:
    """One opponent, three-card hands: count the hands avoiding ``gone`` on the short side."""
    lt, le = table.below[hero], table.below[hero + 1]
    total = comb(left, 3)
    if lt + le <= len(table.masks):      # the weaker side is the shorter: count it
        ok = (table.masks[:le] & np.uint64(gone)) == 0
        win = int(np.count_nonzero(ok[:lt]))
        tie = int(np.count_nonzero(ok[lt:]))
        return win, tie, total - win - tie
    ok = (table.masks[lt:] & np.uint64(gone)) == 0
    tie = int(np.count_nonzero(ok[:le - lt]))
    lose = int(np.count_nonzero(ok[le - lt:]))
    return total - tie - lose, tie, lose


def _exact_one(ranking: Ranking, hero: int, avail: npt.NDArray[np.int8], k: int
               ) -> tuple[int, int, int]:
    hands = avail[combinations_array(len(avail), k)]
    keys = rank_best_batch(ranking, hands)
    win = int(np.count_nonzero(keys < hero))
    tie = int(np.count_nonzero(keys == hero))
    return win, tie, len(keys) - win - tie


def _disjoint_ordered_pairs(per_pair: npt.NDArray[np.int64], table: _Hands) -> int:
    """Ordered pairs of disjoint hands in a set given by how many of its hands hold each pair.

    Each hand holds three pairs and, per card, two pairs with that card.  A hand meets
    ``sum(per_card) - sum(per_pair) + 1`` hands of the set (itself once), so the meetings
    add up to ``sum(per_card**2) - sum(per_pair**2) + size``.
    """
    size = int(per_pair.sum()) // 3
    per_card = (np.bincount(table.pair_x, weights=per_pair, minlength=64)
                + np.bincount(table.pair_y, weights=per_pair, minlength=64)).astype(np.int64)
    per_card //= 2
    meeting = int(per_card @ per_card) - int(per_pair @ per_pair) + size
    return size * size - meeting


def _exact_two(ranking: Ranking, table: _Hands, hero: int, gone: int, gone_ids: list[int],
               left: int) -> tuple[int, int, int, int]:
    """Two opponents, three-card hands: from the pair counts, less the gone cards."""
    free = (table.pair_masks & np.uint64(gone)) == 0
    below = table.pair_below[hero].astype(np.int64)
    at_most = table.pair_below[hero + 1].astype(np.int64)
    if gone_ids:
        flat = ranking.numpy_table()
        base = (table.pair_x << 12) | (table.pair_y << 6)
        third = flat[base[:, None] + np.array(gone_ids, dtype=np.intp)[None, :]]
        valid = third >= 0
        below -= np.count_nonzero(valid & (third < hero), axis=1)
        at_most -= np.count_nonzero(valid & (third <= hero), axis=1)
    below *= free
    at_most *= free
    total = comb(left, 3) * comb(left - 3, 3)
    win = _disjoint_ordered_pairs(below, table)
    not_lose = _disjoint_ordered_pairs(at_most, table)
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
    dead_cards = parse_cards(dead) if dead else ()
    if dead_cards:
        clash = set(cards) & set(dead_cards)
        if clash:
            raise CardError(f"card {format_cards(sorted(clash))!r} is both in the hand and dead")
    table = _hands(rk)
    gone = 0
    for card in (*cards, *dead_cards):
        if card.id not in table.pack_ids:
            raise CardError(f"card {str(card)!r} is not in the pack of {rk.spec}")
        gone |= 1 << card.id
    if opponents < 1:
        raise RulesError(f"need at least one opponent, not {opponents}")
    k = len(cards)
    left = len(table.pack_ids) - gone.bit_count()
    if left < k * opponents:
        raise RulesError(f"only {left} cards left: not enough for {opponents} "
                         f"opponents of {k} cards")
    feasible = opponents == 1 or (opponents == 2 and k == 3)
    if exact is None:
        exact = feasible
    if exact and not feasible:
        raise RulesError(f"exact equity is available against one opponent, or two with "
                         f"three-card hands; not {opponents} with {k} cards")
    if k == 3:
        a, b, c = cards
        hero = rk.rank3(a.id, b.id, c.id)
    else:
        hero = int(rank_best_batch(rk, np.array([[c.id for c in cards]], dtype=np.int8))[0])
    if exact and k == 3:
        if opponents == 1:
            w, t, lo = _exact_one_three(table, hero, gone, left)
            total = w + t + lo
        else:
            gone_ids = [card.id for card in (*cards, *dead_cards)]
            w, t, lo, total = _exact_two(rk, table, hero, gone, gone_ids, left)
        return Equity(cards, dead_cards, opponents, "exact", total, Fraction(w, total),
                      Fraction(t, total), Fraction(lo, total))
    avail = np.array([c.id for c in rk.pack if not gone >> c.id & 1], dtype=np.int8)
    if exact:
        w, t, lo = _exact_one(rk, hero, avail, k)
        total = w + t + lo
        return Equity(cards, dead_cards, 1, "exact", total, Fraction(w, total),
                      Fraction(t, total), Fraction(lo, total))
    if samples < 1:
        raise RulesError(f"need at least one sample, not {samples}")
    pw, pt, pl, ci = _monte_carlo(rk, hero, avail, k, opponents, samples, seed)
    return Equity(cards, dead_cards, opponents, "monte-carlo", samples, pw, pt, pl, ci)
