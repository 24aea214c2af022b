"""Modern Three Card Brag (R-MODERN), Teen Patti (R-TEENPATTI) and wild cards (R-MODERN+W).

Categories, best first: prial, running flush, run, flush, pair, high card
(rules 3.1).  Options:

* ``threes_high`` (default True): 3-3-3 is the best prial.
* ``a23_rank``: ``"top"`` (default; A-2-3 is the best run), ``"second"`` (just
  below A-K-Q) or ``"low"`` (below 4-3-2).
* ``flush_over_run`` (house rule, default False): a flush beats a run, as in poker.
* ``wild``: ``None``, ``"twos"``, ``"black-twos"``, ``"one-eyed-jacks"`` (J♠ J♥),
  ``"suicide-king"`` (K♥) or ``"jokers"`` (adds ``jokers`` jokers, default 2,
  to the pack).  A wild card stands for any card; when two hands are otherwise
  equal, fewer wild cards win (rules 3.2).
* ``wild_count_mode``: ``"physical"`` (default: every wild card held counts) or
  ``"as_used"`` (a wild card standing for itself does not count).
* ``wild_may_duplicate`` (default True): a wild card may stand for a card held
  elsewhere.  In a three-card hand from one pack this never changes a strength
  (two cards of one rank already make a pair), and a test proves it.
* ``discard_compare``: ``"lex_high"`` (default) or ``"pair_first"``, for Four
  and Five Card Brag (rules 3.3).

>>> from bragkit.hands import get_ranking
>>> m = get_ranking("modern")
>>> [m.evaluate(h).description for h in ("3s 3h 3d", "Ah 2h 3h", "4s 5h 6d", "Ac 9c Kc")]
['Prial of threes', 'Running flush A-2-3', 'Run 6-5-4', 'Flush A-K-9']
>>> w = get_ranking("modern", wild="twos")
>>> s = w.evaluate("2s 8h 7h")
>>> s.description, s.wilds
('Running flush 9-8-7 (1 wild card)', ((2s, 9h),))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bragkit.cards import Card, Rank, Suit, card_from_id, rank_text
from bragkit.hands.core import Analysis, Ranking, Strength
from bragkit.hands.discard import best_of

__all__ = ["WILD_SETS", "ModernRanking", "TeenPattiRanking", "wild_cards"]

PRIAL, RUNNING_FLUSH, RUN, FLUSH, PAIR, HIGH_CARD = 5, 4, 3, 2, 1, 0

MODERN_NAMES: Final = ("prial", "running_flush", "run", "flush", "pair", "high_card")
TEEN_PATTI_NAMES: Final = ("trail", "pure_sequence", "sequence", "colour", "pair", "high_card")
_LABELS: Final = {
    "prial": "Prial", "running_flush": "Running flush", "run": "Run", "flush": "Flush",
    "pair": "Pair", "high_card": "High card", "trail": "Trail",
    "pure_sequence": "Pure sequence", "sequence": "Sequence", "colour": "Colour",
}

WILD_SETS: Final[dict[str, tuple[int, ...]]] = {
    "twos": (0, 1, 2, 3),
    "black-twos": (0, 3),
    "one-eyed-jacks": (9 * 4 + Suit.SPADES, 9 * 4 + Suit.HEARTS),
    "suicide-king": (11 * 4 + Suit.HEARTS,),
}
"""Card ids of each named wild set (``jokers`` is the jokers of the pack)."""


def wild_cards(wild: str | None, jokers: int = 2) -> frozenset[int]:
    """Card ids that are wild under option ``wild``.

    >>> sorted(wild_cards("black-twos")), sorted(wild_cards("jokers", 2))
    ([0, 3], [52, 53])
    """
    if wild is None:
        return frozenset()
    if wild == "jokers":
        return frozenset(range(52, 52 + jokers))
    return frozenset(WILD_SETS[wild])


class ModernRanking(Ranking):
    """R-MODERN, with wild cards and best-three-of-four-or-five (see module docs)."""

    name = "modern"
    hand_sizes: tuple[int, ...] = (3, 4, 5)
    category_names: tuple[str, ...] = MODERN_NAMES

    def __init__(self, options: dict[str, Any], pack: Sequence[Card]) -> None:
        super().__init__(options, pack)
        self.threes_high = bool(options.get("threes_high", True))
        self.a23_rank: Final = str(options.get("a23_rank", "top"))
        self.flush_over_run: Final = bool(options.get("flush_over_run", False))
        wild = options.get("wild")
        self.wild: Final = None if wild is None else str(wild)
        self.wild_ids: Final = wild_cards(self.wild, int(options.get("jokers", 2)))
        self.count_as_used: Final = options.get("wild_count_mode", "physical") == "as_used"
        self.may_duplicate: Final = bool(options.get("wild_may_duplicate", True))
        self.discard_compare: Final = str(options.get("discard_compare", "lex_high"))
        names = self.category_names
        if self.flush_over_run:
            names = (names[0], names[1], names[3], names[2], names[4], names[5])
        self.categories = names
        self._run_value = {14: 30 if self.a23_rank == "top" else 27 if self.a23_rank == "second"
                           else 2}
        self._memo: dict[tuple[int, ...], tuple[tuple[int, ...], Card]] = {}

    # ------------------------------------------------------------------ natural hands
    def natural_key(self, ranks: Sequence[int], suits: Sequence[int]) -> tuple[int, ...]:
        """The key of a hand without wild cards: ``(category, values...)``.

        >>> from bragkit.hands import get_ranking
        >>> get_ranking("modern").natural_key((3, 3, 3), (0, 1, 2))
        (5, 15, 0, 0)
        """
        r0, r1, r2 = sorted(ranks, reverse=True)
        if r0 == r2:
            return (PRIAL, 15 if (r0 == 3 and self.threes_high) else r0, 0, 0)
        flush = suits[0] == suits[1] == suits[2]
        if r0 != r1 and r1 != r2:
            if r0 - r2 == 2:
                run_value = 2 * r0
            elif r0 == 14 and r1 == 3 and r2 == 2:
                run_value = self._run_value[14]
            else:
                run_value = 0
            if run_value:
                if flush:
                    return (RUNNING_FLUSH, run_value, 0, 0)
                return (FLUSH if self.flush_over_run else RUN, run_value, 0, 0)
            if flush:
                return (RUN if self.flush_over_run else FLUSH, r0, r1, r2)
            return (HIGH_CARD, r0, r1, r2)
        pair, kicker = (r0, r2) if r0 == r1 else (r1, r0)
        return (PAIR, pair, kicker, 0)

    def _category_name(self, key: tuple[int, ...]) -> str:
        return self.category_names[5 - self._base_category(key)]

    def _base_category(self, key: tuple[int, ...]) -> int:
        cat = key[0]
        if self.flush_over_run and cat in (RUN, FLUSH):
            return FLUSH if cat == RUN else RUN
        return cat

    def _describe(self, key: tuple[int, ...], cards: Sequence[Card]
                  ) -> tuple[str, tuple[int, ...]]:
        """Describe a natural key; also return the display order of rank values."""
        name = self._category_name(key)
        label = _LABELS[name]
        ranks = sorted((c.rank_value for c in cards), reverse=True)
        base = self._base_category(key)
        if base == PRIAL:
            return f"{label} of {Rank(ranks[0]).plural}", tuple(ranks)
        if base in (RUNNING_FLUSH, RUN):
            order = (14, 2, 3) if ranks == [14, 3, 2] else tuple(ranks)
            return f"{label} {'-'.join(rank_text(r) for r in order)}", order
        if base == PAIR:
            pair, kicker = key[1], key[2]
            return (f"{label} of {Rank(pair).plural}, {Rank(kicker).label} kicker",
                    (pair, pair, kicker))
        return f"{label} {'-'.join(rank_text(r) for r in ranks)}", tuple(ranks)

    def _order(self, cards: Sequence[Card], ranks: tuple[int, ...]) -> tuple[Card, ...]:
        pool = sorted(cards, key=lambda c: -c.id)
        out: list[Card] = []
        for r in ranks:
            for c in pool:
                if c.rank_value == r:
                    out.append(c)
                    pool.remove(c)
                    break
        return tuple(out) + tuple(pool)

    # ------------------------------------------------------------------ wild cards
    def _best_single_wild(self, naturals: tuple[Card, Card]) -> tuple[tuple[int, ...], Card]:
        memo_key = (naturals[0].id, naturals[1].id)
        found = self._memo.get(memo_key)
        if found is not None:
            return found
        held = {naturals[0].id, naturals[1].id}
        best: tuple[int, ...] | None = None
        best_card = naturals[0]
        ranks = [naturals[0].rank_value, naturals[1].rank_value, 0]
        suits = [int(naturals[0].suit or 0), int(naturals[1].suit or 0), 0]
        # cards not held first, so that among equal keys a fresh card is named
        for cid in sorted(range(52), key=lambda i: i in held):
            if not self.may_duplicate and cid in held:
                continue
            ranks[2] = cid // 4 + 2
            suits[2] = cid % 4
            key = self.natural_key(ranks, suits)
            if best is None or key > best:
                best, best_card = key, card_from_id(cid)
        assert best is not None
        self._memo[memo_key] = (best, best_card)
        return best, best_card

    def _wild_analysis(self, cards: tuple[Card, Card, Card]) -> Analysis:
        wild = [c for c in cards if c.id in self.wild_ids]
        natural = [c for c in cards if c.id not in self.wild_ids]
        subs: list[tuple[Card, Card]]
        if len(wild) == 1:
            n0, n1 = natural
            key, stand = self._best_single_wild((n0, n1))
            subs = [(wild[0], stand)]
            count = 1
            if self.count_as_used and wild[0].rank is not None:
                own = self.natural_key(
                    (n0.rank_value, n1.rank_value, wild[0].rank_value),
                    (int(n0.suit or 0), int(n1.suit or 0), int(wild[0].suit or 0)))
                if own >= key:
                    key, subs, count = own, [(wild[0], wild[0])], 0
        else:
            if natural:
                prial_rank = natural[0].rank_value
                used_suits = {natural[0].suit}
            else:
                prial_rank = 3 if self.threes_high else 14
                used_suits = set()
            subs = []
            count = 0
            # a wild card of the prial's rank stands for itself where it can
            for w in sorted(wild, key=lambda c: c.rank_value != prial_rank):
                if w.rank_value == prial_rank and w.suit not in used_suits:
                    subs.append((w, w))
                    used_suits.add(w.suit)
                    if not self.count_as_used:
                        count += 1
                    continue
                suit = next(s for s in Suit if s not in used_suits)
                used_suits.add(suit)
                subs.append((w, card_from_id((prial_rank - 2) * 4 + suit)))
                count += 1
            key = (PRIAL, 15 if (prial_rank == 3 and self.threes_high) else prial_rank, 0, 0)
        standing = tuple(natural) + tuple(s for _, s in subs)
        description, order = self._describe(key, standing)
        by_stand = {s.id: w for w, s in subs}
        ordered = tuple(by_stand.get(c.id, c) for c in self._order(standing, order))
        n = len(wild)
        description += f" ({n} wild card{'s' if n > 1 else ''})"
        sub_order = {c.id: i for i, c in enumerate(ordered)}
        subs.sort(key=lambda ws: sub_order[ws[0].id])
        return Analysis((*key, -count), self._category_name(key), description, ordered,
                        tuple(subs))

    # ------------------------------------------------------------------ Ranking API
    def analyse(self, cards: tuple[Card, Card, Card]) -> Analysis:
        """Classify three cards (see :class:`bragkit.hands.core.Analysis`)."""
        if self.wild_ids and any(c.id in self.wild_ids for c in cards):
            return self._wild_analysis(cards)
        ranks = [c.rank_value for c in cards]
        suits = [int(c.suit or 0) for c in cards]
        key = self.natural_key(ranks, suits)
        description, order = self._describe(key, cards)
        if self.wild_ids:
            key = (*key, 0)
        return Analysis(key, self._category_name(key), description, self._order(cards, order))

    def classify(self, cards: tuple[Card, Card, Card]) -> tuple[tuple[int, ...], str]:
        """The key and category of three cards (fast; used to build the tables)."""
        if self.wild_ids and any(c.id in self.wild_ids for c in cards):
            info = self._wild_analysis(cards)
            return info.key, info.category
        a, b, c = cards
        key = self.natural_key((a.rank_value, b.rank_value, c.rank_value),
                               (a.suit or 0, b.suit or 0, c.suit or 0))
        if self.wild_ids:
            return (*key, 0), self._category_name(key)
        return key, self._category_name(key)

    def _evaluate_more(self, hand: tuple[Card, ...]) -> Strength:
        return best_of(self, hand)


class TeenPattiRanking(ModernRanking):
    """R-TEENPATTI: modern categories, A-A-A the best trail, A-2-3 top or second.

    >>> from bragkit.hands import get_ranking
    >>> tp = get_ranking("teen-patti")
    >>> tp.evaluate("As Ah Ad") > tp.evaluate("3s 3h 3d")
    True
    >>> tp.evaluate("Kd Qd Jd").category, tp.spec
    ('pure_sequence', 'teen-patti')
    """

    name = "teen-patti"
    hand_sizes = (3,)
    category_names = TEEN_PATTI_NAMES

    def __init__(self, options: dict[str, Any], pack: Sequence[Card]) -> None:
        super().__init__(options, pack)
        self.threes_high = False  # no special threes in Teen Patti (rules 3.6)
