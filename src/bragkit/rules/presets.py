"""Named rule presets and the ``{"preset": ..., key: value}`` notation.

>>> get_preset("modern-4card").cards
4
>>> resolve({"preset": "modern", "ante": 2}).ante
2
>>> resolve("teen-patti").game
'teen-patti'
>>> get_preset("poker")
Traceback (most recent call last):
...
bragkit.errors.RulesError: unknown preset 'poker'; known: modern, modern-4card, ...
"""

from __future__ import annotations

from typing import Any, Final

from bragkit.errors import RulesError, excerpt
from bragkit.rules.model import Rules

__all__ = ["PRESETS", "get_preset", "preset_name", "preset_names", "resolve", "to_spec"]

PRESETS: Final[dict[str, Rules]] = {
    # the main games
    "modern": Rules(),
    "modern-4card": Rules(cards=4),
    "modern-5card": Rules(cards=5),
    "teen-patti": Rules(game="teen-patti", pack_policy="shuffle_every_deal",
                        blind_winner_policy="wins", max_bet=10),
    # the S2 variations (4.4.6 - 4.4.11, 4.6)
    "modern-single-see": Rules(see_cost="single"),
    "modern-face-up": Rules(retained_variant="face_up"),
    "modern-cover": Rules(short_stack_policy="cover"),
    "modern-lend": Rules(short_stack_policy="lend_or_show"),
    "modern-rebuy": Rules(rebuy_anytime=True),
    "modern-pot-limit": Rules(pot_limit=True),
    "modern-stub": Rules(stub_face_up=True),
    "modern-dealers-choice": Rules(dealers_choice_every=4),
    "modern-no-blind": Rules(blind_allowed=False),
    "modern-shuffled": Rules(pack_policy="shuffle_every_deal"),
    "modern-wild-twos": Rules(wild="twos"),
    "modern-jokers": Rules(wild="jokers", jokers=2),
    "modern-4card-wild": Rules(cards=4, wild="twos"),
    "modern-5card-wild": Rules(cards=5, wild="jokers", jokers=2),
    "teen-patti-a23-second": Rules(game="teen-patti", pack_policy="shuffle_every_deal",
                                   blind_winner_policy="wins", tp_a23="second"),
    # Commerce (rules-spec 4.10, 4.11; docs/commerce.md)
    "commerce": Rules(game="commerce", pack_policy="shuffle_every_deal"),
    "commerce-32": Rules(game="commerce", pack_policy="shuffle_every_deal", short_pack=True),
    "commerce-hoyle": Rules(game="commerce", pack_policy="shuffle_every_deal",
                            barter_direction="right", commerce_ranking="hoyle18",
                            dealer_is_eldest_for_point=True),
    "commerce-widow": Rules(game="commerce-widow", pack_policy="shuffle_every_deal", stake=3),
    "commerce-widow-stakes": Rules(game="commerce-widow", pack_policy="shuffle_every_deal",
                                   widow_scoring="stakes"),
    "commerce-widow-hoyle": Rules(game="commerce-widow", pack_policy="shuffle_every_deal",
                                  stake=3, widow_rules="hoyle", commerce_ranking="hoyle18"),
    "commerce-widow-britannica": Rules(game="commerce-widow", pack_policy="shuffle_every_deal",
                                       stake=3, widow_rules="britannica",
                                       dealer_widow_privilege=False),
    "commerce-pounce": Rules(game="commerce-widow", pack_policy="shuffle_every_deal", stake=3,
                             widow_rules="britannica", dealer_widow_privilege=False,
                             pounce=True),
    # poker-style games (rules-spec 4.1-4.3, 4.8; docs/games-poker-style.md)
    **{name: Rules(game=game, pack_policy="shuffle_every_deal", **keys) for name, game, keys in (
        ("foster", "foster", {}),
        ("foster-eldest-tie", "foster", {"showdown_tie": "eldest"}),
        ("foster-highest-first", "foster", {"bragger_tiebreak": "highest_first"}),
        ("foster-capped", "foster", {"max_raises": 3, "min_raise": 2, "limit": 6,
                                     "dealer_may_raise_own_ante": False}),
        ("foster-no-side-pots", "foster", {"all_in": "fold", "dealer_withdraws_ante": False}),
        ("foster-check", "foster", {"allow_check": True, "no_call_payment": 2}),
        ("three-stake", "three-stake", {}),
        ("three-stake-draw", "three-stake", {"draw31": True}),
        ("three-stake-check", "three-stake", {"p2_allow_check": True, "p2_tie": "split"}),
        ("three-stake-britannica", "three-stake", {"draw31": True, "ace_value_31": 1,
                                                   "triple_winner_bonus": 1}),
        ("three-stake-distance", "three-stake", {"over31": "distance", "draw31": True,
                                                 "draw_price": 2}),
        ("three-stake-least-excess", "three-stake", {"all_bust": "least_excess"}),
        ("american", "american", {}),
        ("american-braggers-first", "american", {"american_order": "braggers_first"}),
        ("american-seer-survives", "american", {"exchange_tie": "seer_survives"}),
        ("american-both-survive", "american", {"exchange_tie": "both_survive"}),
        ("brag-poker", "brag-poker", {"max_raises": 3}),
        ("brag-poker-bb", "brag-poker", {"max_raises": 3, "bet1_factor": 1}),
        ("brag-poker-no-blind-draw", "brag-poker", {"max_raises": 3, "blind_may_draw": False,
                                                    "half_price_calls": False}),
    )},
}


def preset_names() -> tuple[str, ...]:
    """All preset names, in registry order."""
    return tuple(PRESETS)


def get_preset(name: str) -> Rules:
    """The preset called ``name``."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError(f"unknown preset {excerpt(name)}; known: {', '.join(PRESETS)}") from None


def resolve(spec: str | dict[str, Any] | Rules) -> Rules:
    """Rules from a preset name, a ``{"preset": name, key: value, ...}`` object, or a full dict.

    A dict without ``"preset"`` starts from the ``modern`` defaults.  Every problem with the
    overriding keys is reported in one error.
    """
    if isinstance(spec, Rules):
        return spec
    if isinstance(spec, str):
        return get_preset(spec)
    if not isinstance(spec, dict):
        raise RulesError(f"rules must be a preset name or an object, not {excerpt(spec)}")
    data = dict(spec)
    name = data.pop("preset", None)
    base = Rules() if name is None else get_preset(str(name))
    if not data:
        return base
    merged = base.to_dict()
    merged.update(data)
    return Rules.from_dict(merged)


def preset_name(rules: Rules) -> str | None:
    """The name of the preset equal to ``rules``, if any.

    >>> preset_name(Rules(cards=5))
    'modern-5card'
    """
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return None


def to_spec(rules: Rules) -> str | dict[str, Any]:
    """The shortest spec for ``rules``: a preset name, or the nearest preset plus overrides.

    >>> to_spec(Rules(cards=4, ante=2))
    {'preset': 'modern-4card', 'ante': 2}
    >>> to_spec(Rules())
    'modern'
    """
    name = preset_name(rules)
    if name is not None:
        return name
    mine = rules.to_dict()
    best: tuple[int, str, dict[str, Any]] | None = None
    for pname, preset in PRESETS.items():
        diff = {k: v for k, v in mine.items() if getattr(preset, k) != v}
        if best is None or len(diff) < best[0]:
            best = (len(diff), pname, diff)
    assert best is not None
    return {"preset": best[1], **best[2]}
