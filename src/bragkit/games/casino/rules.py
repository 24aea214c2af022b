"""Casino 3 Card Brag against the dealer (rules 3.10, 4.9) as an immutable state machine.

One player's hand against the house: the player stakes an ``ante`` and
optionally a Pair Bonus (``pair_plus``) side bet, sees three cards and either
folds (losing the ante) or plays (a Play bet equal to the ante).  The dealer
then shows three cards and qualifies with Q-high or better (configurable).
The Ante Bonus pays on a played run or better whatever the dealer holds; the
side bet pays on the player's cards alone.

:class:`CasinoRules` holds the presets ``casino`` (R-MODERN and the Wizard of
Odds 3 Card Brag tables) and ``three-card-poker`` (poker ranking, standard
tables) and validates paytables, the qualifier and the tie rule.
:class:`~bragkit.games.casino.hand.CasinoHand` (one hand) and
:class:`~bragkit.games.casino.state.CasinoState` (a hand on the one state contract) play them.

>>> rules = CasinoRules.preset("casino")
>>> rules.qualifier_rank == parse_hand_class("modern", "Q-high"), str(rules.ante_bonus_table)
(True, 'prial=5,running_flush=4,run=1')
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Final

from bragkit.cards import (
    RANK_LETTERS,
    parse_cards,
    rank_text,
)
from bragkit.errors import CardError, RulesError, excerpt
from bragkit.hands import Ranking, get_ranking

__all__ = [
    "MAX_SEATS",
    "PRESETS",
    "CasinoRules",
    "Paytable",
    "Settlement",
    "chips",
    "class_label",
    "pair_plus_units",
    "parse_hand_class",
    "settle_units",
]

MAX_SEATS: Final = 7
"""The boxes of a casino 3 Card Brag layout: at most seven players against one dealer."""
_MAX_PAY: Final = Fraction(100_000)
_MAX_DENOMINATOR: Final = 1_000
_PAYOUT: Final = re.compile(  # bounded digits, no exponent: reading a payout is cheap
    r"(?P<sign>[-+]?)(?P<whole>[0-9]{1,12})(?:\.(?P<frac>[0-9]{1,6})|[/:](?P<den>[0-9]{1,12}))?")
_RANK_TOKEN: Final = re.compile(r"10|[2-9TJQKA]", re.IGNORECASE)


# ---------------------------------------------------------------------------- paytables
def _number(text: str, where: str) -> Fraction:
    """A payout: ``5``, ``2.5``, ``5/2`` or ``3:2`` in ASCII digits of bounded length (no
    exponent), so reading one costs little whatever it says.

    >>> _number("5/2", "pair bonus"), _number("3:2", "x"), _number("2.25", "x")
    (Fraction(5, 2), Fraction(3, 2), Fraction(9, 4))
    >>> _number("1e99999999", "pair bonus")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: pair bonus: payout '1e99999999' is not a number (write 5, 2.5, \
5/2 or 3:2)
    """
    raw = text.strip()
    m = _PAYOUT.fullmatch(raw)
    if m is None or (m["den"] is not None and int(m["den"]) == 0):
        raise RulesError(f"{where}: payout {excerpt(raw)} is not a number "
                         f"(write 5, 2.5, 5/2 or 3:2)")
    if m["frac"] is not None:
        value = Fraction(int(m["whole"] + m["frac"]), 10 ** len(m["frac"]))
    else:
        value = Fraction(int(m["whole"]), int(m["den"] or 1))
    if m["sign"] == "-":
        value = -value
    if value < 0 or value > _MAX_PAY:
        raise RulesError(f"{where}: payout {excerpt(raw)} must be between 0 and {_MAX_PAY}")
    if value.denominator > _MAX_DENOMINATOR:
        raise RulesError(f"{where}: payout {excerpt(raw)} is too fine (denominator over "
                         f"{_MAX_DENOMINATOR})")
    return value


def _normal_category(name: str) -> str:
    return re.sub(r"[\s-]+", "_", name.strip().lower())


@dataclass(frozen=True, slots=True)
class Paytable:
    """What a bet pays per unit staked, by category (categories not listed lose).

    >>> t = Paytable.parse("prial=5, running-flush=4,run=1", get_ranking("modern"), "ante bonus")
    >>> t.pays("running_flush"), t.pays("pair"), str(t)
    (Fraction(4, 1), Fraction(0, 1), 'prial=5,running_flush=4,run=1')
    >>> Paytable.parse("run=x", get_ranking("modern"), "ante bonus")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: ante bonus: payout 'x' is not a number (write 5, 2.5, 5/2 or 3:2)
    """

    entries: tuple[tuple[str, Fraction], ...]

    def pays(self, category: str) -> Fraction:
        """The payout per unit on ``category`` (0 when it does not pay: the stake is lost)."""
        for name, value in self.entries:
            if name == category:
                return value
        return Fraction(0)

    def as_dict(self) -> dict[str, Fraction]:
        """The table as a dict (best category first)."""
        return dict(self.entries)

    @staticmethod
    def parse(text: str, ranking: Ranking, where: str = "paytable") -> Paytable:
        """Read ``"cat=pay,cat=pay"`` (or ``none``) for ``ranking``; payouts may be 5, 2.5, 5/2."""
        if text.strip().lower() in ("", "none"):
            return Paytable(())
        found: dict[str, Fraction] = {}
        for item in text.split(","):
            name, sep, value = item.partition("=")
            if not sep or not name.strip():
                raise RulesError(f"{where}: expected category=payout, got {excerpt(item.strip())} "
                                 f"in {excerpt(text)}")
            category = _normal_category(name)
            if category in found:
                raise RulesError(f"{where}: category {excerpt(category)} given twice in "
                                 f"{excerpt(text)}")
            found[category] = _number(value, where)
        return Paytable.build(found, ranking, where)

    @staticmethod
    def build(table: Mapping[str, Any], ranking: Ranking, where: str = "paytable") -> Paytable:
        """Validate a mapping of category to payout for ``ranking``."""
        known = ranking.categories
        entries: dict[str, Fraction] = {}
        for name, value in table.items():
            category = _normal_category(str(name))
            if category not in known:
                raise RulesError(f"{where}: unknown category {excerpt(name)} for {ranking.name} "
                                 f"(categories: {', '.join(known)})")
            if isinstance(value, bool) or not isinstance(value, int | float | str | Fraction):
                raise RulesError(f"{where}: payout for {category} must be a number, "
                                 f"not {excerpt(value)}")
            entries[category] = _number(str(value), where)
        ordered = tuple((c, entries[c]) for c in known if c in entries)
        return Paytable(ordered)

    def __str__(self) -> str:
        return ",".join(f"{name}={value}" for name, value in self.entries) or "none"


# ---------------------------------------------------------------------------- hand classes
def _ranks_of(text: str) -> tuple[int, ...] | None:
    compact = re.sub(r"[\s\-,/]+", "", text)
    tokens = _RANK_TOKEN.findall(compact)
    if "".join(tokens).upper() != compact.upper():
        return None
    return tuple(10 if t == "10" else RANK_LETTERS.index(t.upper()) + 2 for t in tokens)


def _hands_with_ranks(ranks: Sequence[int], suited: bool) -> Iterator[tuple[int, int, int]]:
    r0, r1, r2 = ((r - 2) * 4 for r in ranks)
    suits = [(s, s, s) for s in range(4)] if suited else itertools.product(range(4), repeat=3)
    for s0, s1, s2 in suits:
        ids = (r0 + s0, r1 + s1, r2 + s2)
        if len(set(ids)) == 3:
            yield ids


@functools.lru_cache(maxsize=64)
def parse_hand_class(ranking_name: str, text: str) -> int:
    """The dense ordinal of the weakest hand described by ``text`` under a ranking.

    ``text`` may be a rank pattern (``Q-6-4``, ``Q64``, ``7-7-2``; the weakest
    suit assignment, so unsuited), a rank pattern with ``suited``, explicit
    cards (``Qs 6h 4d``), ``Q-high`` (the weakest high-card hand with that top
    card), a category name (``pair``: its weakest hand) or ``none`` (every hand).

    >>> m = get_ranking("modern")
    >>> parse_hand_class("modern", "Q-high") == m.rank3(40, 5, 0)   # Qc 3d 2c
    True
    >>> parse_hand_class("modern", "Q-6-4") < parse_hand_class("modern", "Q-6-4 suited")
    True
    >>> parse_hand_class("modern", "Q-6")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: bad hand 'Q-6': write three ranks (Q-6-4), cards (Qs 6h 4d), \
Q-high, a category or none
    """
    ranking = get_ranking(ranking_name)
    raw = text.strip()
    low = raw.lower()
    problem = (f"bad hand {excerpt(raw)}: write three ranks (Q-6-4), cards (Qs 6h 4d), Q-high, "
               f"a category or none")
    if low in ("none", "any"):
        return 0
    if _normal_category(low) in ranking.categories:
        category = _normal_category(low)
        return min(r for r in range(ranking.class_count) if ranking.category_of_rank(r) == category)
    if low.endswith("-high") or low.endswith(" high"):
        top = _ranks_of(raw[:-5])
        if top is None or len(top) != 1:
            raise RulesError(problem)
        found = [ranking.rank3(*ids)
                 for lo, mid in itertools.combinations(range(2, top[0]), 2)
                 for ids in _hands_with_ranks((top[0], mid, lo), False)
                 if ranking.category_of_rank(ranking.rank3(*ids)) == "high_card"]
        if not found:
            raise RulesError(f"bad hand {excerpt(raw)}: no high-card hand has that top card")
        return min(found)
    try:
        cards = parse_cards(raw)
    except CardError:
        cards = ()
    if len(cards) == 3 and not any(c.is_joker for c in cards):
        return ranking.rank3(*(c.id for c in cards))
    suited = low.endswith("suited")
    ranks = _ranks_of(raw[:-6] if suited else raw)
    if ranks is None or len(ranks) != 3 or (suited and len(set(ranks)) != 3):
        raise RulesError(problem)
    found = [ranking.rank3(*ids) for ids in _hands_with_ranks(ranks, suited)]
    if not found:
        raise RulesError(f"bad hand {excerpt(raw)}: impossible with one pack")
    return min(found)


@functools.lru_cache(maxsize=8)
def _representatives(ranking_name: str) -> tuple[tuple[int, int, int], ...]:
    ranking = get_ranking(ranking_name)
    reps: dict[int, tuple[int, int, int]] = {}
    for ids in itertools.combinations(range(52), 3):
        r = ranking.rank3(*ids)
        if r not in reps or ids < reps[r]:
            reps[r] = ids
    return tuple(reps[r] for r in range(ranking.class_count))


def class_label(ranking_name: str, ordinal: int) -> str:
    """A short name of a strength class that :func:`parse_hand_class` reads back.

    >>> class_label("modern", parse_hand_class("modern", "Q-6-4"))
    'Q-6-4'
    >>> class_label("modern", parse_hand_class("modern", "qh 6h 4h"))
    'Q-6-4 suited'
    """
    ids = _representatives(ranking_name)[ordinal]
    values = sorted((i // 4 + 2 for i in ids), reverse=True)
    text = "-".join(rank_text(v) for v in values)
    if parse_hand_class(ranking_name, text) == ordinal:
        return text
    return f"{text} suited"


# ---------------------------------------------------------------------------- rules
PRESETS: Final[dict[str, dict[str, str]]] = {
    "casino": {
        "ranking": "modern",
        "ante_bonus_table": "prial=5,running_flush=4,run=1",
        "pair_plus_table": "prial=40,running_flush=30,run=6,flush=4,pair=1",
    },
    "three-card-poker": {
        "ranking": "three-card-poker",
        "ante_bonus_table": "straight_flush=5,three_of_a_kind=4,straight=1",
        "pair_plus_table": "straight_flush=40,three_of_a_kind=30,straight=6,flush=4,pair=1",
    },
}
"""The casino presets: ranking and the default Ante Bonus and Pair Bonus tables."""

TIE_RULES: Final = ("push", "dealer")


@dataclass(frozen=True, slots=True, kw_only=True)
class CasinoRules:
    """The rules of one casino table (validated; use :meth:`preset`).

    Keys: ``ranking``, ``ante_bonus_table``, ``pair_plus_table`` (rules 3.10),
    ``qualifier`` (the dealer's weakest qualifying hand, default ``Q-high``),
    ``casino_tie`` (``push`` or ``dealer``: who takes a tie with a qualified
    dealer) and ``pair_plus_forfeit_on_fold`` (default false: the side bet is
    settled on the player's cards even after a fold).

    >>> CasinoRules.preset("casino", casino_tie="dealer").casino_tie
    'dealer'
    >>> CasinoRules.preset("casino", qualifier="Q-6")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: qualifier: bad hand 'Q-6': write three ranks (Q-6-4), ...
    """

    preset_name: str = "casino"
    """The preset the table starts from: casino or three-card-poker."""
    ranking: str = "modern"
    """The hand ranking (set by the preset: modern or three-card-poker)."""
    ante_bonus_table: Paytable = Paytable(())
    """What the Ante Bonus pays on a played hand, per category, whatever the dealer holds."""
    pair_plus_table: Paytable = Paytable(())
    """What the Pair Bonus side bet pays, per category, on the player's cards alone."""
    qualifier: str = "Q-high"
    """The dealer's weakest qualifying hand (a class such as Q-high, Q-6-4 or pair)."""
    casino_tie: str = "push"
    """A tie with a qualified dealer: push (both bets back) or dealer (the house wins)."""
    pair_plus_forfeit_on_fold: bool = False
    """A fold loses the Pair Bonus side bet too (else it is settled on the cards)."""

    def __post_init__(self) -> None:
        ranking = get_ranking(self.ranking)
        for table in (self.ante_bonus_table, self.pair_plus_table):
            if not isinstance(table, Paytable):
                raise RulesError(f"paytables must be Paytable values, not {excerpt(table)}")
            for name, _ in table.entries:
                if name not in ranking.categories:
                    raise RulesError(f"paytable category {excerpt(name)} is not a {ranking.name} "
                                     f"category")
        if not isinstance(self.qualifier, str):
            raise RulesError(f"qualifier must be a hand class as text (Q-high, Q-6-4, pair, "
                             f"none...), not {excerpt(self.qualifier)}")
        if not isinstance(self.casino_tie, str) or self.casino_tie not in TIE_RULES:
            raise RulesError(f"casino_tie must be one of {', '.join(TIE_RULES)}, "
                             f"not {excerpt(self.casino_tie)}")
        if not isinstance(self.pair_plus_forfeit_on_fold, bool):
            raise RulesError("pair_plus_forfeit_on_fold must be true or false")
        try:
            parse_hand_class(self.ranking, self.qualifier)
        except RulesError as error:
            raise RulesError(f"qualifier: {error}") from None

    @property
    def game(self) -> str:
        """The game these rules play, ``casino`` (its GameSpec's name: the registry's table
        look-up, :func:`~bragkit.engine.table.table_class`, finds the casino table by it)."""
        return "casino"

    def max_players(self) -> int:
        """The most players of a table (:data:`MAX_SEATS`: the boxes of a casino layout)."""
        return MAX_SEATS

    @property
    def pack_size(self) -> int:
        """The cards of the pack a hand is dealt from: 52 (no jokers; six of them play)."""
        return 52

    @staticmethod
    def preset(name: str = "casino", **overrides: Any) -> CasinoRules:
        """A preset (``casino`` or ``three-card-poker``) with some keys overridden.

        Paytables may be given as text (``"prial=5,run=1"``) or mappings.
        Unknown keys raise :class:`RulesError`.

        >>> r = CasinoRules.preset("three-card-poker", pair_plus_table="pair=2")
        >>> str(r.pair_plus_table), r.ranking
        ('pair=2', 'three-card-poker')
        """
        base = PRESETS.get(name) if isinstance(name, str) else None
        if base is None:
            raise RulesError(f"unknown casino preset {excerpt(name)}; known: "
                             f"{', '.join(PRESETS)}")
        known = {f.name for f in dataclasses.fields(CasinoRules)} - {"preset_name", "ranking"}
        unknown = sorted(set(overrides) - known)
        if unknown:
            raise RulesError(f"unknown casino rule key(s) {', '.join(unknown)}; "
                             f"known: {', '.join(sorted(known))}")
        values = {k: v for k, v in overrides.items() if v is not None}
        ranking = get_ranking(base["ranking"])
        tables: dict[str, Paytable] = {}
        for key, where in (("ante_bonus_table", "ante bonus"), ("pair_plus_table", "pair bonus")):
            given = values.pop(key, base[key])
            if isinstance(given, Paytable):
                tables[key] = given
            elif isinstance(given, str):
                tables[key] = Paytable.parse(given, ranking, where)
            elif isinstance(given, Mapping):
                tables[key] = Paytable.build(given, ranking, where)
            else:
                raise RulesError(f"{where}: expected a table, not {excerpt(given)}")
        return CasinoRules(preset_name=name, ranking=base["ranking"],
                           ante_bonus_table=tables["ante_bonus_table"],
                           pair_plus_table=tables["pair_plus_table"], **values)

    @property
    def ranking_obj(self) -> Ranking:
        """The ranking object (cached by :func:`bragkit.hands.get_ranking`)."""
        return get_ranking(self.ranking)

    @property
    def qualifier_rank(self) -> int:
        """The dense ordinal of the weakest qualifying dealer hand."""
        return parse_hand_class(self.ranking, self.qualifier)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form (payouts as text such as ``"5"`` or ``"5/2"``)."""
        return {
            "preset": self.preset_name,
            "ranking": self.ranking,
            "ante_bonus_table": {k: str(v) for k, v in self.ante_bonus_table.entries},
            "pair_plus_table": {k: str(v) for k, v in self.pair_plus_table.entries},
            "qualifier": self.qualifier,
            "casino_tie": self.casino_tie,
            "pair_plus_forfeit_on_fold": self.pair_plus_forfeit_on_fold,
        }


# ---------------------------------------------------------------------------- settlement
def pair_plus_units(rules: CasinoRules, played: bool, category: str) -> Fraction:
    """The Pair Bonus result per unit of side bet: the table's payout, else -1 (also on a
    fold when ``pair_plus_forfeit_on_fold``); the dealer's hand never matters (rules 4.9).

    >>> r = CasinoRules.preset("casino")
    >>> [str(pair_plus_units(r, played, c)) for played, c in
    ...  ((True, "run"), (False, "run"), (True, "high_card"))]
    ['6', '6', '-1']
    """
    if not played and rules.pair_plus_forfeit_on_fold:
        return Fraction(-1)
    pays = rules.pair_plus_table.pays(category)
    return pays if pays > 0 else Fraction(-1)


def settle_units(rules: CasinoRules, played: bool, player: int, category: str,
                 dealer: int) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Net results per unit staked: ``(ante, play, ante_bonus, pair_plus)``.

    ``player`` and ``dealer`` are dense ordinals, ``category`` the player's
    category.  The pair-plus result is per unit of side bet.

    >>> r = CasinoRules.preset("casino")
    >>> m = r.ranking_obj
    >>> run, prial = m.rank3(8, 13, 16), m.rank3(0, 1, 2)       # 4-5-6 run; 2-2-2
    >>> [str(x) for x in settle_units(r, True, run, "run", prial)]   # rules 6.14 K3
    ['-1', '-1', '1', '6']
    """
    pair_plus = pair_plus_units(rules, played, category)
    if not played:
        return Fraction(-1), Fraction(0), Fraction(0), pair_plus
    bonus = rules.ante_bonus_table.pays(category)
    if dealer < rules.qualifier_rank:
        return Fraction(1), Fraction(0), bonus, pair_plus
    if player > dealer:
        return Fraction(1), Fraction(1), bonus, pair_plus
    if player < dealer or rules.casino_tie == "dealer":
        return Fraction(-1), Fraction(-1), bonus, pair_plus
    return Fraction(0), Fraction(0), bonus, pair_plus


def chips(value: Fraction) -> int | Fraction:
    """A whole number of chips as an ``int``, else the fraction.

    >>> chips(Fraction(4, 2)), chips(Fraction(5, 2))
    (2, Fraction(5, 2))
    """
    return value.numerator if value.denominator == 1 else value


@dataclass(frozen=True, slots=True)
class Settlement:
    """Net chips won (+) or lost (-) on each bet of a finished hand."""

    outcome: str
    """``fold``, ``dealer_not_qualified``, ``player_wins``, ``dealer_wins`` or ``tie``."""
    dealer_qualified: bool
    ante: int | Fraction
    play: int | Fraction
    ante_bonus: int | Fraction
    pair_plus: int | Fraction

    @property
    def total(self) -> int | Fraction:
        """The net result of the whole hand."""
        return chips(Fraction(self.ante + self.play + self.ante_bonus + self.pair_plus))

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form."""
        out: dict[str, Any] = {"outcome": self.outcome, "dealer_qualified": self.dealer_qualified}
        for key in ("ante", "play", "ante_bonus", "pair_plus", "total"):
            value = getattr(self, key)
            out[key] = value if isinstance(value, int) else str(value)
        return out
