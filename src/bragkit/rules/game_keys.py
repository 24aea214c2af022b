"""Which configuration keys each game reads (rules 7), as data.

The :class:`~bragkit.rules.Rules` model refuses a key that the chosen game never reads when
it is set away from its default (``draw31`` under Foster's single-stake game, a trade-game
key under the widow form of Commerce): such a house rule would otherwise be silently
ignored.  Each game's :class:`~bragkit.games.spec.GameSpec` names its key set (the sets below);
the refusal reads the registered specs (:mod:`bragkit.rules.catalogue`).

>>> from bragkit.rules import get_preset
>>> get_preset("foster").replace(draw31=True)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bragkit.errors.RulesError: invalid rules: draw31 is not an option of foster (rules 7; ...
>>> sorted(own_keys(get_preset("brag-poker")))[:3]
['all_in', 'bet1_factor', 'big_blind']
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterator, Mapping
from typing import Final

from bragkit.rules.catalogue import GameEntry, RuleSource, entry, game_names, is_loading, version

__all__ = [
    "AMERICAN_KEYS", "BRAG_POKER_KEYS", "COMMERCE_COMMON_KEYS", "FOSTER_KEYS",
    "GAME_KEYS", "GENERAL_KEYS", "LIVES_KEYS", "MODERN_KEYS", "REBUY_KEYS", "TEEN_PATTI_KEYS",
    "TEEN_PATTI_MODEL_CHECKED", "TEEN_PATTI_UNREAD", "THREE_STAKE_KEYS", "TRADE_KEYS", "WIDOW_KEYS",
    "foreign_key_problem", "foreign_keys", "own_keys",
]

GENERAL_KEYS: Final = frozenset({
    "game", "cards", "pack_policy", "first_dealer", "min_buy_in", "dealers_choice_every",
    "wild"})
"""Keys every game reads or validates itself (the rules model checks their values)."""
REBUY_KEYS: Final = frozenset({"rebuy_anytime", "rebuy_max"})
"""Money brought in during a deal (2.3): only the brag-style games read these.  The
poker-style games refuse ``rebuy_anytime`` in the rules model with their own reason (table
stakes); Commerce refuses both here."""

_BETTING_KEYS: Final = frozenset({"limit", "min_raise", "max_raises", "all_in"})
FOSTER_KEYS: Final = _BETTING_KEYS | {
    "allow_check", "dealer_may_raise_own_ante", "no_call_payment", "dealer_withdraws_ante",
    "showdown_tie", "bragger_tiebreak", "bragger_own_rank_natural"}
"""G-F1, Foster's single-stake Brag."""
AMERICAN_KEYS: Final = (FOSTER_KEYS - {"bragger_tiebreak", "bragger_own_rank_natural"}
                        | {"american_order", "exchange_tie"})
"""G-F3, American Brag."""
THREE_STAKE_KEYS: Final = frozenset({
    "stake", "limit", "min_raise", "max_raises", "all_in", "bragger_tiebreak",
    "bragger_own_rank_natural", "p2_allow_check", "p2_tie", "draw31", "draw_price",
    "over31", "all_bust", "ace_value_31", "stock_exhausted", "triple_winner_bonus"})
"""G-F2, Three-Stake Brag."""
BRAG_POKER_KEYS: Final = frozenset({
    "max_raises", "all_in", "small_blind", "big_blind", "bet1_factor", "blind_may_draw",
    "half_price_calls"})
"""G-GA, '3 Card Brag Poker'."""
COMMERCE_COMMON_KEYS: Final = frozenset({
    "stake", "max_trade_rounds", "dealer_is_eldest_for_point", "commerce_exact_tie",
    "commerce_ranking", "short_pack"})
"""Keys both forms of Commerce read (G-C1/G-C2, R-COMMERCE)."""
TRADE_KEYS: Final = COMMERCE_COMMON_KEYS | {
    "dealer_pays_double", "trade_price", "barter_direction", "dealer_trades_free",
    "dealer_pays_winner", "banker_penalty_all"}
"""G-C1, Commerce with trading and bartering."""
LIVES_KEYS: Final = frozenset({"win_from_pool", "horse_price", "horse_rule", "worst_tie",
                               "widow_lives"})
"""The keys only ``widow_scoring="lives"`` reads."""
WIDOW_KEYS: Final = COMMERCE_COMMON_KEYS | LIVES_KEYS | {
    "widow_scoring", "widow_rules", "dealer_widow_privilege", "pounce"}
"""G-C2, Commerce with a widow."""

_MODERN_ONLY: Final = frozenset({
    "min_bet", "max_bet", "raise_limit", "pot_limit", "see_cost", "blind_definition",
    "retained_variant", "faceup_collects", "agreed_showdown", "threes_high", "a23_rank",
    "jokers", "wild_count_mode", "wild_may_duplicate", "discard_compare"})
MODERN_KEYS: Final = _MODERN_ONLY | REBUY_KEYS | {
    "ante", "cut_when_unshuffled", "blind_allowed", "blind_winner_policy",
    "short_stack_policy", "cover_blind_winner", "stub_face_up", "loser_must_show"}
"""G-M, G-M4/5 and the wild cards: modern Brag (rules 4.4-4.6)."""
TEEN_PATTI_KEYS: Final = REBUY_KEYS | {
    "ante", "cut_when_unshuffled", "blind_allowed", "stub_face_up", "loser_must_show",
    "tp_a23", "sideshow", "sideshow_min_active", "pot_limit_total"}
"""G-TP, Teen Patti (4.7 fixes its chaal limits, show price, ranking and fold-out; it has no
retained hands, agreed showdown, wild cards or discards)."""
TEEN_PATTI_MODEL_CHECKED: Final = frozenset({
    "short_stack_policy", "cover_blind_winner", "blind_winner_policy"})
"""Modern keys Teen Patti does not read but does not refuse here: the rules model refuses
``short_stack_policy`` away from ``fold_or_rebuy`` itself, ``cover_blind_winner`` has one
value, and ``blind_winner_policy`` is the presets' (Teen Patti's last seat always wins)."""
TEEN_PATTI_UNREAD: Final = MODERN_KEYS - TEEN_PATTI_KEYS - TEEN_PATTI_MODEL_CHECKED
"""Modern Brag keys Teen Patti refuses away from their defaults."""


def _entries() -> dict[str, GameEntry]:
    return {name: found for name in game_names() if (found := entry(name)) is not None}


class _GameKeys(Mapping[str, frozenset[str]]):
    """Game -> the keys it reads, for the games whose stray keys are refused by that list
    (the brag-style games refuse the keys of the other brag-style games instead)."""

    def _data(self) -> dict[str, frozenset[str]]:
        return {name: e.keys for name, e in _entries().items() if not e.brag_style}

    def __getitem__(self, game: str) -> frozenset[str]:
        return self._data()[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data())

    def __len__(self) -> int:
        return len(self._data())


GAME_KEYS: Final[Mapping[str, frozenset[str]]] = _GameKeys()
"""Game -> the keys it reads, derived from the registered GameSpecs (non-brag-style games)."""


def own_keys(rules: RuleSource) -> frozenset[str]:
    """The keys ``rules.game`` reads under these rules, beyond :data:`GENERAL_KEYS`."""
    found = entry(rules.game)
    if found is None:
        return frozenset()
    return found.keys - found.unread(rules)[0]


def foreign_keys(changed: Collection[str], own: frozenset[str]) -> list[str]:
    """The keys of ``changed`` (keys set away from their defaults) that a game reading
    ``own`` (and :data:`GENERAL_KEYS`) never reads.

    >>> foreign_keys(["ante", "draw31", "game"], frozenset({"ante"}))
    ['draw31']
    """
    return [name for name in changed if name not in own and name not in GENERAL_KEYS]


@functools.lru_cache(maxsize=64)
def _brag_unread(game: str, registry_version: int) -> frozenset[str]:
    """The keys of the other brag-style games that ``game`` neither reads nor checks itself."""
    entries = _entries()
    others = frozenset().union(*(e.keys for e in entries.values() if e.brag_style))
    own = entries[game]
    return others - own.keys - own.model_checked


def _brag_key_problem(rules: RuleSource, changed: Collection[str], game: GameEntry
                      ) -> str | None:
    """One line naming the keys of the other brag-style games that ``game`` never reads.

    >>> from bragkit.rules import get_preset
    >>> get_preset("teen-patti").replace(see_cost="single")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: invalid rules: see_cost is not an option of teen-patti (...
    """
    unread = _brag_unread(game.name, version())
    stray = [name for name in changed if name in unread]
    if not stray:
        return None
    which = "is not an option" if len(stray) == 1 else "are not options"
    return f"{', '.join(stray)} {which} of {rules.game} ({game.unread_reason})"


def foreign_key_problem(rules: RuleSource, changed: Collection[str]) -> str | None:
    """One line naming the keys ``rules.game`` would ignore, or None; ``changed`` names the
    shared keys set away from their defaults, in the order of the rules fields.

    >>> from bragkit.rules import get_preset
    >>> get_preset("commerce").replace(rebuy_anytime=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: invalid rules: rebuy_anytime is not an option of commerce (...
    """
    if is_loading():
        return None
    game = entry(rules.game)
    if game is None:
        return None
    if game.brag_style:
        return _brag_key_problem(rules, changed, game)
    unread, when = game.unread(rules)
    own = game.keys - unread
    stray = [key for key in foreign_keys(changed, own) if key not in game.model_checked]
    if not stray:
        return None
    which = "is not an option" if len(stray) == 1 else "are not options"
    return (f"{', '.join(stray)} {which} of {rules.game}{when} ({game.unread_reason}; its "
            f"options: {', '.join(sorted(own))})")
