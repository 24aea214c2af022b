"""The registry of named rankings and their options.

>>> get_ranking("modern") is get_ranking("modern", threes_high=True)
True
>>> get_ranking("modern", wild="twos").spec
'modern(wild=twos)'
>>> get_ranking("modren")
Traceback (most recent call last):
...
bragkit.errors.RulesError: unknown ranking 'modren'; known: modern, teen-patti, three-card-poker...
>>> get_ranking("modern", a23_rank="middle")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bragkit.errors.RulesError: ranking modern: option a23_rank must be one of top, ...
"""

from __future__ import annotations

import pkgutil
from dataclasses import dataclass
from typing import Any, Final

from bragkit.cards import MAX_JOKERS, Card, standard_pack
from bragkit.errors import RulesError, excerpt
from bragkit.hands.core import Ranking

__all__ = ["RANKING_NAMES", "OptionSpec", "RankingEntry", "get_ranking", "ranking_options"]


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a ranking: its default and its allowed values."""

    default: Any
    choices: tuple[Any, ...] | None = None
    kind: type | None = None
    doc: str = ""

    def check(self, ranking: str, key: str, value: Any) -> Any:
        """Validate ``value``; return it normalised, or raise :class:`RulesError`."""
        if self.choices is not None:
            # True == 1 in Python: a bool is only a valid choice where a bool is listed
            bool_mismatch = isinstance(value, bool) and not any(
                isinstance(c, bool) for c in self.choices)
            if bool_mismatch or value not in self.choices:
                shown = ", ".join(str(c) for c in self.choices)
                raise RulesError(
                    f"ranking {ranking}: option {key} must be one of {shown}, not {excerpt(value)}")
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise RulesError(f"ranking {ranking}: option {key} must be true or false, "
                                 f"not {excerpt(value)}")
            return value
        if self.kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise RulesError(f"ranking {ranking}: option {key} must be a whole number, "
                             f"not {excerpt(value)}")
        return value


@dataclass(frozen=True, slots=True)
class RankingEntry:
    """Where a ranking's class lives, its options and a one-line summary."""

    target: str
    options: dict[str, OptionSpec]
    summary: str

    def load(self) -> type[Ranking]:
        """Import and return the ranking class."""
        loaded: type[Ranking] = pkgutil.resolve_name(self.target)
        return loaded


_WILD_NAMES: Final = (None, "twos", "black-twos", "one-eyed-jacks", "suicide-king", "jokers")
_MODERN_OPTIONS: Final = {
    "threes_high": OptionSpec(True, kind=bool, doc="3-3-3 is the best prial"),
    "a23_rank": OptionSpec("top", ("top", "second", "low"), doc="where A-2-3 ranks among runs"),
    "flush_over_run": OptionSpec(False, kind=bool, doc="house rule: a flush beats a run"),
    "wild": OptionSpec(None, _WILD_NAMES, doc="which cards are wild"),
    "jokers": OptionSpec(2, tuple(range(1, MAX_JOKERS + 1)), doc="jokers added when wild=jokers"),
    "wild_count_mode": OptionSpec("physical", ("physical", "as_used"),
                                  doc="count every wild card, or only those not standing for "
                                      "themselves"),
    "wild_may_duplicate": OptionSpec(True, kind=bool,
                                     doc="a wild card may stand for a card held elsewhere"),
    "discard_compare": OptionSpec("lex_high", ("lex_high", "pair_first"),
                                  doc="how two discards compare in Five Card Brag"),
}

_FOSTER_OPTIONS: Final = {
    "bragger_tiebreak": OptionSpec("fewer_then_highest", ("fewer_then_highest", "highest_first"),
                                   doc="between bragger-made hands: fewer braggers first, or "
                                       "the highest bragger first"),
    "bragger_own_rank_natural": OptionSpec(True, kind=bool,
                                           doc="a bragger standing for its own rank is "
                                               "natural"),
}
_THIRTY_ONE_OPTIONS: Final = {
    "ace_value_31": OptionSpec(11, (11, 1), doc="pip value of an ace"),
    "over31": OptionSpec("bust", ("bust", "distance"),
                         doc="a total over 31 is bust, or ranks by its distance from 31"),
}

REGISTRY: Final[dict[str, RankingEntry]] = {
    "modern": RankingEntry("bragkit.hands.modern:ModernRanking", _MODERN_OPTIONS,
                           "modern Three Card Brag (prial, running flush, run, flush, pair)"),
    "teen-patti": RankingEntry(
        "bragkit.hands.modern:TeenPattiRanking",
        {"a23_rank": OptionSpec("top", ("top", "second"), doc="A-2-3 above or below A-K-Q")},
        "Teen Patti (trail, pure sequence, sequence, colour, pair)"),
    "three-card-poker": RankingEntry(
        "bragkit.hands.poker3:ThreeCardPokerRanking", {},
        "Three Card Poker (straight flush, three of a kind, straight, flush, pair)"),
    "foster": RankingEntry(
        "bragkit.hands.foster:FosterRanking", _FOSTER_OPTIONS,
        "Foster's English Brag: triplet, pair, high card; braggers A♦ > J♣ > 9♦"),
    "american": RankingEntry(
        "bragkit.hands.american:AmericanRanking",
        {"american_order": OptionSpec("rank_first", ("rank_first", "braggers_first"),
                                      doc="compare rank before or after the number of "
                                          "braggers")},
        "Foster's American Brag: triplet, pair, high card; every jack and nine a bragger"),
    "commerce": RankingEntry(
        "bragkit.hands.commerce:CommerceRanking",
        {"commerce_ranking": OptionSpec("peel", ("peel", "hoyle18"),
                                        doc="Peel's five categories or Hoyle's three "
                                            "(tricon, sequence, point)")},
        "Commerce (tricon, sequence, flush, pair, point)"),
    "single-card": RankingEntry(
        "bragkit.hands.counts:SingleCardRanking", {},
        "the best single card of Three-Stake Brag's first pool (braggers win at equal rank)"),
    "thirty-one": RankingEntry(
        "bragkit.hands.counts:ThirtyOneRanking", _THIRTY_ONE_OPTIONS,
        "nearest to thirty-one by pip total (Three-Stake Brag's third pool)"),
}
"""Every named ranking.  Modules that add a ranking add one entry here."""

RANKING_NAMES: Final = tuple(REGISTRY)

_CACHE: dict[tuple[str, tuple[tuple[str, Any], ...]], Ranking] = {}


def ranking_options(name: str) -> dict[str, OptionSpec]:
    """The options a ranking accepts.

    >>> sorted(ranking_options("teen-patti"))
    ['a23_rank']
    """
    return dict(_entry(name).options)


def _entry(name: str) -> RankingEntry:
    entry = REGISTRY.get(name)
    if entry is None:
        raise RulesError(f"unknown ranking {excerpt(name)}; known: {', '.join(REGISTRY)}")
    return entry


def _pack(options: dict[str, Any]) -> tuple[Card, ...]:
    if options.get("wild") == "jokers":
        return standard_pack(jokers=int(options["jokers"]))
    return standard_pack()


def get_ranking(name: str = "modern", **options: Any) -> Ranking:
    """The ranking called ``name`` with ``options`` (validated; unset options take defaults).

    Options equal to ``None`` are treated as unset, so command lines can pass
    every flag through.
    """
    entry = _entry(name)
    problems: list[str] = []
    full: dict[str, Any] = {}
    for key, spec in entry.options.items():
        value = options.get(key)
        if value is None:
            full[key] = spec.default
            continue
        try:
            full[key] = spec.check(name, key, value)
        except RulesError as error:
            problems.append(str(error))
    unknown = sorted(k for k, v in options.items() if k not in entry.options and v is not None)
    for key in unknown:
        known = ", ".join(entry.options) or "none"
        problems.append(f"ranking {name}: unknown option {excerpt(key)} (options: {known})")
    if problems:
        raise RulesError("; ".join(problems))
    if full.get("wild") != "jokers" and "jokers" in full:
        full["jokers"] = entry.options["jokers"].default
    cache_key = (name, tuple(sorted(full.items(), key=lambda kv: kv[0])))
    found = _CACHE.get(cache_key)
    if found is not None:
        return found
    shown = {k: v for k, v in full.items() if v != entry.options[k].default}
    ranking = entry.load()(shown, _pack(full))
    ranking.full_options = full
    _CACHE[cache_key] = ranking
    return ranking
