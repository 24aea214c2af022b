"""Which configuration keys each game reads (rules-spec 7), as data.

The :class:`~bragkit.rules.Rules` model refuses a key that the chosen game never reads when
it is set away from its default (``draw31`` under Foster's single-stake game, a trade-game
key under the widow form of Commerce): such a house rule would otherwise be silently
ignored.  The game modules read their key sets from here, so there is one list per game.

>>> from bragkit.rules import get_preset
>>> get_preset("foster").replace(draw31=True)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bragkit.errors.RulesError: invalid rules: draw31 is not an option of foster (rules-spec 7; ...
>>> sorted(own_keys(get_preset("brag-poker")))[:3]
['all_in', 'bet1_factor', 'big_blind']
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from bragkit.rules.model import Rules

__all__ = [
    "AMERICAN_KEYS", "BRAG_POKER_KEYS", "BRAG_UNREAD", "COMMERCE_COMMON_KEYS", "FOSTER_KEYS",
    "GAME_KEYS", "GENERAL_KEYS", "LIVES_KEYS", "MODERN_UNREAD", "REBUY_KEYS",
    "TEEN_PATTI_UNREAD", "THREE_STAKE_KEYS", "TRADE_KEYS", "WIDOW_KEYS",
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
_TABLE_STAKES_GAMES: Final = frozenset({"foster", "american", "three-stake", "brag-poker"})

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

TEEN_PATTI_UNREAD: Final = frozenset({
    "min_bet", "max_bet", "raise_limit", "pot_limit", "see_cost", "blind_definition",
    "retained_variant", "faceup_collects", "agreed_showdown", "threes_high", "a23_rank",
    "jokers", "wild_count_mode", "wild_may_duplicate", "discard_compare"})
"""Modern Brag keys Teen Patti never reads (4.7 fixes its chaal limits, show price, ranking
and fold-out; it has no retained hands, agreed showdown, wild cards or discards).  Its own
model checks refuse ``short_stack_policy``, ``wild`` and ``dealers_choice_every``."""
MODERN_UNREAD: Final = frozenset({"tp_a23", "sideshow", "sideshow_min_active"})
"""Teen Patti keys modern Brag never reads (``pot_limit_total`` is refused by the model)."""
BRAG_UNREAD: Final[dict[str, tuple[frozenset[str], str]]] = {
    "teen-patti": (TEEN_PATTI_UNREAD, "rules-spec 4.7: Teen Patti fixes its own chaal limits, "
                                      "show price, ranking and fold-out"),
    "modern": (MODERN_UNREAD, "keys of Teen Patti, rules-spec 4.7"),
}
"""The brag-style games (whose keys the rules model lists): the keys of the other one each
never reads, refused away from their defaults, and why."""

GAME_KEYS: Final[dict[str, frozenset[str]]] = {
    "foster": FOSTER_KEYS,
    "american": AMERICAN_KEYS,
    "three-stake": THREE_STAKE_KEYS,
    "brag-poker": BRAG_POKER_KEYS,
    "commerce": TRADE_KEYS,
    "commerce-widow": WIDOW_KEYS,
}
"""The games whose keys are listed here (the brag-style games check theirs in the model)."""

_DEFAULTS: dict[type, dict[str, object]] = {}


def own_keys(rules: Rules) -> frozenset[str]:
    """The keys ``rules.game`` reads, beyond :data:`GENERAL_KEYS`."""
    own = GAME_KEYS[rules.game]
    if rules.game == "commerce-widow" and rules.widow_scoring == "stakes":
        own = own - LIVES_KEYS - {"commerce_exact_tie"}
    return own


def _defaults(rules: Rules) -> dict[str, object]:
    cls = type(rules)
    default = _DEFAULTS.get(cls)
    if default is None:
        default = _DEFAULTS[cls] = {f.name: f.default for f in fields(rules)}
    return default


def foreign_keys(rules: Rules, own: frozenset[str]) -> list[str]:
    """The keys of ``rules`` set away from their defaults that a game reading ``own`` (and
    :data:`GENERAL_KEYS`) never reads."""
    default = _defaults(rules)
    return [f.name for f in fields(rules) if f.name not in own and f.name not in GENERAL_KEYS
            and getattr(rules, f.name) != default[f.name]]


def _brag_key_problem(rules: Rules) -> str | None:
    """One line naming the keys a brag-style game never reads (:data:`BRAG_UNREAD`).

    >>> from bragkit.rules import get_preset
    >>> get_preset("teen-patti").replace(see_cost="single")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: invalid rules: see_cost is not an option of teen-patti (...
    """
    unread, why = BRAG_UNREAD[rules.game]
    default = _defaults(rules)
    stray = [f.name for f in fields(rules) if f.name in unread
             and getattr(rules, f.name) != default[f.name]]
    if not stray:
        return None
    which = "is not an option" if len(stray) == 1 else "are not options"
    return f"{', '.join(stray)} {which} of {rules.game} ({why})"


def foreign_key_problem(rules: Rules) -> str | None:
    """One line naming the keys ``rules.game`` would ignore, or None.

    >>> from bragkit.rules import get_preset
    >>> get_preset("commerce").replace(rebuy_anytime=True)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: invalid rules: rebuy_anytime is not an option of commerce (...
    """
    if rules.game in BRAG_UNREAD:
        return _brag_key_problem(rules)
    if rules.game not in GAME_KEYS:
        return None
    own = own_keys(rules)
    stray = foreign_keys(rules, own)
    if rules.game in _TABLE_STAKES_GAMES:  # the model gives its own reason (table stakes)
        stray = [key for key in stray if key != "rebuy_anytime"]
    if not stray:
        return None
    which = "is not an option" if len(stray) == 1 else "are not options"
    scoring = (" with widow_scoring='stakes'" if rules.game == "commerce-widow"
               and rules.widow_scoring == "stakes" else "")
    return (f"{', '.join(stray)} {which} of {rules.game}{scoring} (rules-spec 7; its options: "
            f"{', '.join(sorted(own))})")
