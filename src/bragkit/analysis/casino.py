"""Exact analysis of casino 3 Card Brag and Three Card Poker for any paytable (rules 3.10, 4.9).

Every deal is counted: the 22,100 player hands times the 18,424 dealer hands
left for each (407,170,400 deals).  Nothing is enumerated pair by pair:
for each player hand ``{a, b, c}``, the dealer hands below a strength ``x``
that avoid its cards are counted by inclusion and exclusion,

    F(x) = G(x) - G_a(x) - G_b(x) - G_c(x) + G_ab(x) + G_ac(x) + G_bc(x) - [r < x]

where ``G`` counts all hands below ``x``, ``G_a`` those holding card ``a``
(a cumulative histogram per card) and ``G_ab`` those holding ``a`` and ``b``
(a row of 52 third cards).  Three such counts per hand (at the qualifier, at
the hand's own strength and just above it) give the dealer's non-qualifying,
losing, tying and winning hands, so the whole analysis is a few numpy passes
over 22,100 rows.  Results are exact fractions.

>>> from bragkit.games.casino import CasinoRules
>>> a = analyse(CasinoRules.preset("casino"))
>>> a.play_threshold, round(float(a.house_edge), 5), round(float(a.pair_plus_edge), 5)
('Q-6-4', 0.03355, 0.02136)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from bragkit.analysis.combos import combinations_array
from bragkit.cards import CardsLike, format_cards, parse_cards
from bragkit.errors import CardError, RulesError
from bragkit.games.casino import CasinoRules, class_label, parse_hand_class
from bragkit.hands import get_ranking

__all__ = [
    "DEALER_HANDS",
    "PLAYER_HANDS",
    "CasinoAnalysis",
    "ClassValue",
    "HandTable",
    "SimulationResult",
    "analyse",
    "decision_values",
    "hand_index",
    "hand_table",
    "optimal_plays",
    "simulate",
]

PLAYER_HANDS: Final = 22_100
"""C(52, 3): the player's possible hands."""
DEALER_HANDS: Final = 18_424
"""C(49, 3): the dealer's possible hands once the player's three cards are out."""
_BIG: Final = 32_000
I64 = npt.NDArray[np.int64]


def hand_index(ids: Sequence[int]) -> int:
    """The colex index (0..22099) of a three-card hand given by card ids, in any order.

    >>> hand_index((0, 1, 2)), hand_index((51, 50, 49))
    (0, 22099)
    """
    a, b, c = sorted(ids)
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6


@dataclass(frozen=True, slots=True, eq=False)
class HandTable:
    """Per player hand (colex order): its strength and the dealer's counts against it.

    ``not_qualified + wins + ties + losses == 18,424`` for every hand, where
    ``wins`` counts qualifying dealer hands the player beats and ``losses``
    qualifying dealer hands that beat it.
    """

    ranking: str
    qualifier_rank: int
    combos: npt.NDArray[np.int64]
    rank: I64
    category: I64
    categories: tuple[str, ...]
    not_qualified: I64
    wins: I64
    ties: I64
    losses: I64
    pair_rank: npt.NDArray[np.int16] = field(repr=False)
    """``pair_rank[a*52 + b, k]``: the strength of ``{a, b, k}`` (32,000 if invalid)."""


@functools.lru_cache(maxsize=16)
def hand_table(ranking_name: str, qualifier_rank: int) -> HandTable:
    """Count, for every player hand, the dealer hands that do not qualify, lose, tie and win.

    >>> t = hand_table("modern", 0)
    >>> int((t.not_qualified + t.wins + t.ties + t.losses).min()), int(t.ties.sum())
    (18424, 450528)
    """
    ranking = get_ranking(ranking_name)
    combos = combinations_array(52, 3).astype(np.int64)   # colex: row i is hand_index i
    rank = ranking.rank_batch(combos).astype(np.int64)
    k = ranking.class_count
    names = ranking.categories
    cat_of_class = np.array([names.index(ranking.category_of_rank(r)) for r in range(k)],
                            dtype=np.int64)
    category = cat_of_class[rank]
    a, b, c = combos[:, 0], combos[:, 1], combos[:, 2]

    below = np.zeros(k + 1, dtype=np.int64)
    below[1:] = np.cumsum(np.bincount(rank, minlength=k))
    per_card = np.bincount(np.concatenate((a, b, c)) * k + np.tile(rank, 3), minlength=52 * k)
    card_below = np.zeros((52, k + 1), dtype=np.int64)
    card_below[:, 1:] = np.cumsum(per_card.reshape(52, k), axis=1)
    flat_rank = np.full(52 * 52 * 52, _BIG, dtype=np.int16)
    for x, y, z in ((a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)):
        flat_rank[(x * 52 + y) * 52 + z] = rank
    pair_rank = flat_rank.reshape(52 * 52, 52)

    q = np.full(rank.shape, qualifier_rank, dtype=np.int64)
    points = (q, rank, rank + 1)
    counts = []
    for x in points:
        counts.append(below[x] - card_below[a, x] - card_below[b, x] - card_below[c, x]
                      - (rank < x))
    for i, j in ((a, b), (a, c), (b, c)):
        rows = pair_rank[i * 52 + j]
        for n, x in enumerate(points):
            counts[n] += np.count_nonzero(rows < x[:, None].astype(np.int16), axis=1)
    f_q, f_r, f_r1 = counts
    qualified = rank >= qualifier_rank
    wins = np.where(qualified, f_r - f_q, 0)
    ties = np.where(qualified, f_r1 - f_r, 0)
    losses = DEALER_HANDS - f_q - wins - ties
    return HandTable(ranking_name, qualifier_rank, combos, rank, category, names, f_q, wins,
                     ties, losses, pair_rank)


# ---------------------------------------------------------------------------- values
def _denominator(rules: CasinoRules) -> int:
    return math.lcm(1, *(v.denominator for _, v in rules.ante_bonus_table.entries))


def _play_values(rules: CasinoRules, table: HandTable) -> tuple[I64, int]:
    """Per hand, the value of playing in units of ``1 / (18,424 * d)`` ante, and ``d``."""
    d = _denominator(rules)
    bonus = np.array([int(rules.ante_bonus_table.pays(name) * d) for name in table.categories],
                     dtype=np.int64)
    tie = -2 if rules.casino_tie == "dealer" else 0
    base = table.not_qualified + 2 * table.wins + tie * table.ties - 2 * table.losses
    values: I64 = d * base + DEALER_HANDS * bonus[table.category]
    return values, d


def decision_values(rules: CasinoRules, cards: CardsLike) -> tuple[Fraction, Fraction]:
    """Exact expected results per ante of ``(play, fold)`` for one player hand.

    The Pair Bonus is left out (it does not depend on the decision unless it
    is forfeited on a fold).

    >>> from bragkit.games.casino import CasinoRules
    >>> play, fold = decision_values(CasinoRules.preset("casino"), "Qs 6h 4d")
    >>> play > fold, fold
    (True, Fraction(-1, 1))
    """
    hand = parse_cards(cards)
    if len(hand) != 3 or any(c.is_joker for c in hand):
        raise CardError(f"a casino hand needs 3 cards from one pack, got {format_cards(hand)!r}")
    table = hand_table(rules.ranking, rules.qualifier_rank)
    values, d = _play_values(rules, table)
    index = hand_index([c.id for c in hand])
    return Fraction(int(values[index]), DEALER_HANDS * d), Fraction(-1)


def optimal_plays(rules: CasinoRules) -> npt.NDArray[np.bool_]:
    """Per hand (colex order), whether playing is strictly better than folding.

    >>> from bragkit.games.casino import CasinoRules
    >>> plays = optimal_plays(CasinoRules.preset("casino"))
    >>> int(plays.sum()), bool(plays[hand_index((40, 17, 8))]), bool(plays[hand_index((40, 17, 4))])
    (14900, True, False)
    """
    table = hand_table(rules.ranking, rules.qualifier_rank)
    values, d = _play_values(rules, table)
    result: npt.NDArray[np.bool_] = values > -DEALER_HANDS * d
    return result


# ---------------------------------------------------------------------------- analysis
@dataclass(frozen=True, slots=True)
class ClassValue:
    """The value of playing one strength class (averaged over its suit combinations)."""

    label: str
    description: str
    hands: int
    ev_play: Fraction
    played: int
    """How many of its hands the analysed strategy plays."""


@dataclass(frozen=True, slots=True)
class CasinoAnalysis:
    """Exact figures of one casino table under one strategy (per ante unless stated)."""

    rules: CasinoRules
    strategy: str
    expected_return: Fraction
    element_of_risk: Fraction
    variance: Fraction
    p_play: Fraction
    play_threshold: str
    threshold_is_optimal: bool
    optimal_house_edge: Fraction
    near_threshold: tuple[ClassValue, ...]
    pair_plus_return: Fraction
    pair_plus_variance: Fraction
    pair_plus_rows: tuple[tuple[str, int, Fraction], ...]
    """``(category, hands, payout)`` for each category of the ranking, best first."""

    @property
    def house_edge(self) -> Fraction:
        """The house edge per ante (minus the expected return)."""
        return -self.expected_return

    @property
    def std_dev(self) -> float:
        """The standard deviation of one hand's result, in antes."""
        return math.sqrt(self.variance)

    @property
    def pair_plus_edge(self) -> Fraction:
        """The Pair Bonus house edge per unit of side bet."""
        return -self.pair_plus_return

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (floats plus exact fractions as ``"p/q"`` text)."""

        def frac(x: Fraction) -> str:
            return f"{x.numerator}/{x.denominator}"

        return {
            "rules": self.rules.as_dict(),
            "strategy": self.strategy,
            "deals": PLAYER_HANDS * DEALER_HANDS,
            "expected_return": float(self.expected_return),
            "expected_return_fraction": frac(self.expected_return),
            "house_edge": float(self.house_edge),
            "house_edge_fraction": frac(self.house_edge),
            "element_of_risk": float(self.element_of_risk),
            "element_of_risk_fraction": frac(self.element_of_risk),
            "std_dev": self.std_dev,
            "p_play": float(self.p_play),
            "p_play_fraction": frac(self.p_play),
            "play_threshold": self.play_threshold,
            "threshold_is_optimal": self.threshold_is_optimal,
            "optimal_house_edge": float(self.optimal_house_edge),
            "optimal_house_edge_fraction": frac(self.optimal_house_edge),
            "near_threshold": [
                {"hand": v.label, "description": v.description, "hands": v.hands,
                 "ev_play": float(v.ev_play), "ev_play_fraction": frac(v.ev_play),
                 "ev_fold": -1.0, "played": v.played}
                for v in self.near_threshold],
            "pair_bonus_house_edge": float(self.pair_plus_edge),
            "pair_bonus_house_edge_fraction": frac(self.pair_plus_edge),
            "pair_bonus_std_dev": math.sqrt(self.pair_plus_variance),
            "pair_bonus_table": [
                {"category": name, "hands": n, "probability": n / PLAYER_HANDS,
                 "pays": str(pay)} for name, n, pay in self.pair_plus_rows],
        }


def _strategy_plays(rules: CasinoRules, table: HandTable, strategy: str,
                    optimal: npt.NDArray[np.bool_]) -> tuple[npt.NDArray[np.bool_], str]:
    text = strategy.strip()
    if text.lower() == "optimal":
        return optimal, "optimal"
    if text.lower() in ("always", "always-play"):
        return np.ones(PLAYER_HANDS, dtype=bool), "always play"
    try:
        threshold = parse_hand_class(rules.ranking, text)
    except RulesError as error:
        raise RulesError(f"play threshold: {error}") from None
    return table.rank >= threshold, f"play {class_label(rules.ranking, threshold)} or better"


def analyse(rules: CasinoRules, strategy: str = "optimal", window: int = 4) -> CasinoAnalysis:
    """The exact analysis of ``rules`` under ``strategy``.

    ``strategy`` is ``optimal`` (play exactly the hands worth more than a
    fold), ``always`` or a threshold hand such as ``Q-6-3`` (play it or
    better).  ``window`` classes either side of the threshold are valued in
    :attr:`CasinoAnalysis.near_threshold`.

    >>> from bragkit.games.casino import CasinoRules
    >>> tcp = analyse(CasinoRules.preset("three-card-poker"))
    >>> tcp.play_threshold, round(float(tcp.house_edge), 4), round(float(tcp.pair_plus_edge), 4)
    ('Q-6-4', 0.0337, 0.0232)
    """
    table = hand_table(rules.ranking, rules.qualifier_rank)
    values, d = _play_values(rules, table)
    scale = DEALER_HANDS * d
    optimal = values > -scale
    plays, name = _strategy_plays(rules, table, strategy, optimal)

    def ev_of(mask: npt.NDArray[np.bool_]) -> Fraction:
        total = int(values[mask].sum()) - scale * int(np.count_nonzero(~mask))
        return Fraction(total, PLAYER_HANDS * scale)

    ev = ev_of(plays)
    optimal_ev = ev_of(optimal)
    n_play = int(np.count_nonzero(plays))
    p_play = Fraction(n_play, PLAYER_HANDS)

    # second moment, grouped by the player's category (the Ante Bonus depends only on it)
    ncat = len(table.categories)
    sums = [np.bincount(table.category[plays], weights=w[plays], minlength=ncat)
            for w in (table.not_qualified, table.wins, table.ties, table.losses)]
    tie = -2 if rules.casino_tie == "dealer" else 0
    second = Fraction(DEALER_HANDS * (PLAYER_HANDS - n_play))
    for i, cat in enumerate(table.categories):
        bonus = rules.ante_bonus_table.pays(cat)
        for s, base in zip(sums, (1, 2, tie, -2), strict=True):
            second += int(s[i]) * (base + bonus) ** 2
    variance = second / (PLAYER_HANDS * DEALER_HANDS) - ev**2

    # the threshold: the weakest class the optimal strategy plays, if it is a clean cut;
    # otherwise the best threshold strategy
    k = get_ranking(rules.ranking).class_count
    class_hands = np.bincount(table.rank, minlength=k)
    class_sum = np.bincount(table.rank, weights=values.astype(np.float64), minlength=k)
    weakest = int(table.rank[optimal].min()) if optimal.any() else k - 1
    clean = bool(optimal[table.rank >= weakest].all())
    if clean:
        threshold = weakest
    else:
        gain = class_sum + scale * class_hands          # value of playing over folding
        suffix = np.cumsum(gain[::-1])[::-1]
        threshold = int(np.argmax(suffix))
    rows = []
    for r in range(max(0, threshold - window), min(k, threshold + window + 1)):
        in_class = table.rank == r
        ids = table.combos[int(np.argmax(in_class))]
        rows.append(ClassValue(
            class_label(rules.ranking, r),
            get_ranking(rules.ranking).evaluate([int(i) for i in ids]).description,
            int(class_hands[r]), Fraction(int(values[in_class].sum()), int(class_hands[r]) * scale),
            int(np.count_nonzero(plays & in_class))))

    # the Pair Bonus side bet (settled on the player's cards; optionally forfeited on a fold)
    pays = [rules.pair_plus_table.pays(cat) for cat in table.categories]
    per_cat = np.bincount(table.category, minlength=ncat)
    folded = np.bincount(table.category[~plays], minlength=ncat)
    pp_total = Fraction(0)
    pp_second = Fraction(0)
    for i, pay in enumerate(pays):
        n, lost = int(per_cat[i]), int(folded[i])
        if pay <= 0:
            pp_total -= n
            pp_second += n
            continue
        if rules.pair_plus_forfeit_on_fold:
            n -= lost
            pp_total -= lost
            pp_second += lost
        pp_total += n * pay
        pp_second += n * pay * pay
    pp_ev = pp_total / PLAYER_HANDS
    return CasinoAnalysis(
        rules=rules, strategy=name, expected_return=ev,
        element_of_risk=-ev / (1 + p_play), variance=variance, p_play=p_play,
        play_threshold=class_label(rules.ranking, threshold), threshold_is_optimal=clean,
        optimal_house_edge=-optimal_ev, near_threshold=tuple(rows),
        pair_plus_return=pp_ev, pair_plus_variance=pp_second / PLAYER_HANDS - pp_ev**2,
        pair_plus_rows=tuple((cat, int(per_cat[i]), pays[i])
                             for i, cat in enumerate(table.categories)))


# ---------------------------------------------------------------------------- simulation
@dataclass(frozen=True, slots=True)
class SimulationResult:
    """Mean results of simulated hands with 95% confidence intervals, against the exact figures."""

    hands: int
    seed: int
    mean: float
    std_err: float
    exact: float
    pair_plus_mean: float
    pair_plus_std_err: float
    pair_plus_exact: float

    @staticmethod
    def _ci(mean: float, se: float) -> tuple[float, float]:
        return mean - 1.96 * se, mean + 1.96 * se

    @property
    def ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of the main game's mean result per ante."""
        return self._ci(self.mean, self.std_err)

    @property
    def pair_plus_ci95(self) -> tuple[float, float]:
        """The 95% confidence interval of the Pair Bonus mean result per unit."""
        return self._ci(self.pair_plus_mean, self.pair_plus_std_err)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        lo, hi = self.ci95
        plo, phi = self.pair_plus_ci95
        return {
            "hands": self.hands, "seed": self.seed,
            "mean": self.mean, "std_err": self.std_err, "ci95": [lo, hi],
            "exact": self.exact, "exact_in_ci95": lo <= self.exact <= hi,
            "pair_bonus_mean": self.pair_plus_mean, "pair_bonus_std_err": self.pair_plus_std_err,
            "pair_bonus_ci95": [plo, phi], "pair_bonus_exact": self.pair_plus_exact,
            "pair_bonus_exact_in_ci95": plo <= self.pair_plus_exact <= phi,
        }


def simulate(rules: CasinoRules, hands: int, seed: int, *, chunk: int = 50_000,
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Deal ``hands`` random hands (numpy ``PCG64(seed)``) and play the optimal strategy.

    Each hand stakes one ante and one unit of Pair Bonus; ``progress`` is
    called with the number of hands done after each chunk.

    >>> from bragkit.games.casino import CasinoRules
    >>> r = simulate(CasinoRules.preset("casino"), 20_000, seed=1)
    >>> r.ci95[0] <= r.exact <= r.ci95[1]
    True
    """
    if hands < 2:
        raise RulesError(f"simulate needs at least 2 hands, not {hands}")
    table = hand_table(rules.ranking, rules.qualifier_rank)
    plays = optimal_plays(rules)
    exact = analyse(rules)
    flat_rank = table.pair_rank.reshape(-1)
    ante_bonus = np.array([float(rules.ante_bonus_table.pays(c)) for c in table.categories])
    side = np.array([float(rules.pair_plus_table.pays(c)) or -1.0 for c in table.categories])
    tie = -2.0 if rules.casino_tie == "dealer" else 0.0
    q = rules.qualifier_rank
    rng = np.random.Generator(np.random.PCG64(seed))
    totals = np.zeros(4)
    done = 0
    while done < hands:
        m = min(chunk, hands - done)
        keys = rng.random((m, 52))
        six = np.argpartition(keys, 6, axis=1)[:, :6]
        six = np.take_along_axis(six, np.argsort(np.take_along_axis(keys, six, 1), axis=1), 1)
        player = np.sort(six[:, :3], axis=1)
        dealer = six[:, 3:]
        pr = flat_rank[(player[:, 0] * 52 + player[:, 1]) * 52 + player[:, 2]].astype(np.int64)
        dr = flat_rank[(dealer[:, 0] * 52 + dealer[:, 1]) * 52 + dealer[:, 2]].astype(np.int64)
        idx = (player[:, 0] + player[:, 1] * (player[:, 1] - 1) // 2
               + player[:, 2] * (player[:, 2] - 1) * (player[:, 2] - 2) // 6)
        cat = table.category[idx]
        base = np.where(dr < q, 1.0, np.where(pr > dr, 2.0, np.where(pr < dr, -2.0, tie)))
        result = np.where(plays[idx], base + ante_bonus[cat], -1.0)
        pp = side[cat]
        if rules.pair_plus_forfeit_on_fold:
            pp = np.where(plays[idx], pp, -1.0)
        totals += (result.sum(), (result**2).sum(), pp.sum(), (pp**2).sum())
        done += m
        if progress is not None:
            progress(done)
    mean, pmean = totals[0] / hands, totals[2] / hands
    var = (totals[1] / hands - mean**2) * hands / (hands - 1)
    pvar = (totals[3] / hands - pmean**2) * hands / (hands - 1)
    return SimulationResult(hands, seed, float(mean), math.sqrt(var / hands),
                            float(exact.expected_return), float(pmean), math.sqrt(pvar / hands),
                            float(exact.pair_plus_return))
