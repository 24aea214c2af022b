"""The :class:`Rules` object: every option of the modern Brag family as frozen data.

A :class:`Rules` value is keyword-only, frozen and validated when it is built.
An impossible combination raises one :class:`~bragkit.errors.RulesError` that
lists every problem found, not just the first.

>>> r = Rules(ante=2, see_cost="single")
>>> r.ante, r.see_cost, r.game
(2, 'single', 'modern')
>>> Rules(ante=-1, see_cost="triple")
Traceback (most recent call last):
...
bragkit.errors.RulesError: invalid rules: ante must be >= 0, not -1; see_cost must be one of ...
>>> r.replace(cards=4).cards
4
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields
from typing import Any, Final, overload

from bragkit.errors import RulesError, excerpt
from bragkit.limits import MAX_CHIPS, load_json
from bragkit.rules.catalogue import (
    RuleValue,
    engine_games,
    entry,
    extra_key,
    game_names,
    games_reading,
    is_loading,
)
from bragkit.rules.game_keys import foreign_key_problem

__all__ = ["DEFAULT_GAME", "GAMES", "WILD_OPTIONS", "RuleHooks", "Rules", "register_hooks",
           "unregister_hooks"]


class _Games(Sequence[str]):
    """The registered games, in listing order (read from :mod:`bragkit.rules.catalogue`)."""

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...
    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return game_names()[index]

    def __len__(self) -> int:
        return len(game_names())

    def __contains__(self, game: object) -> bool:
        return game in game_names()

    def __iter__(self) -> Iterator[str]:
        return iter(game_names())

    def __repr__(self) -> str:
        return repr(game_names())


GAMES: Final[Sequence[str]] = _Games()
"""Every game (``modern``, ``teen-patti``, ...): the ``game`` values, from the GameSpecs."""
DEFAULT_GAME: Final = "modern"
"""The game of ``Rules()`` and of a front end given no preset."""
WILD_OPTIONS: Final = ("twos", "black-twos", "one-eyed-jacks", "suicide-king", "jokers")

_CHOICES: Final[dict[str, Sequence[Any]]] = {
    "game": GAMES,
    "cards": (3, 4, 5),
    "pack_policy": ("brag_unshuffled", "shuffle_every_deal"),
    "see_cost": ("double", "single"),
    "blind_definition": ("has_bet_blind", "never_looked"),
    "blind_winner_policy": ("carry", "wins"),
    "retained_variant": ("two_hands", "face_up"),
    "faceup_collects": ("antes", "pot"),
    "short_stack_policy": ("fold_or_rebuy", "cover", "lend_or_show"),
    "cover_blind_winner": ("wins_and_shows",),
    "a23_rank": ("top", "second", "low"),
    "tp_a23": ("top", "second"),
    "wild": (None, *WILD_OPTIONS),
    "wild_count_mode": ("physical", "as_used"),
    "discard_compare": ("lex_high", "pair_first"),
    "first_dealer": ("random", "seat1"),
    # Commerce (rules 3.9, 4.10, 4.11)
    "barter_direction": ("left", "right"),
    "commerce_exact_tie": ("eldest", "split"),
    "commerce_ranking": ("peel", "hoyle18"),
    "widow_scoring": ("lives", "stakes"),
    "widow_rules": ("peel", "hoyle", "britannica"),
    "horse_rule": ("first_out_once", "any_once", "none"),
    "worst_tie": ("youngest", "all"),
    # poker-style games (rules 4.1-4.3, 4.8; docs/games-poker-style.md)
    "showdown_tie": ("split", "eldest"),
    "all_in": ("side_pots", "fold"),
    "bragger_tiebreak": ("fewer_then_highest", "highest_first"),
    "p2_tie": ("eldest", "split"),
    "over31": ("bust", "distance"),
    "all_bust": ("carry", "least_excess"),
    "ace_value_31": (11, 1),
    "stock_exhausted": ("stop",),
    "american_order": ("rank_first", "braggers_first"),
    "exchange_tie": ("incumbent_survives", "seer_survives", "both_survive"),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every rule key of the modern Brag family (rules 7, G-M, G-M4/5, wild, G-TP).

    ``game`` picks the family module (``"modern"`` or ``"teen-patti"``); ``cards`` is 3, 4 or 5
    (Four- and Five-Card Brag).  A key the chosen game never reads is refused when set away
    from its default (``see_cost`` under Teen Patti, whose show cost is fixed by its own rules;
    the per-game lists are data in :mod:`bragkit.rules.game_keys`).
    """

    game: str = DEFAULT_GAME
    """The game played (one of GAMES); its presets set the rest."""
    cards: int = 3
    """Cards dealt to each player: 3, or 4 and 5 for Four and Five Card Brag (discard 1 or 2)."""
    # stakes (G-M)
    ante: int = 1
    """Chips every seat pays into the pot before each deal (Teen Patti's boot)."""
    min_bet: int = 1
    """Smallest first bet of a deal, in open-equivalent chips."""
    max_bet: int = 10
    """Largest first bet of a deal, in open-equivalent chips."""
    raise_limit: int | None = None
    """Largest increase of the open-equivalent bet in one turn (none: no limit)."""
    pot_limit: bool = False
    """A bet may not be more chips than the pot holds before it."""
    # pack (2.4)
    pack_policy: str = "brag_unshuffled"
    """brag_unshuffled (shuffle only after a see won by a prial) or shuffle_every_deal."""
    cut_when_unshuffled: bool = False
    """Cut the pack before a deal that is not shuffled."""
    first_dealer: str = "random"
    """Who deals first: random (drawn with the table's generator) or seat1."""
    # blind play, seeing, retained hands (4.4)
    blind_allowed: bool = True
    """Players may bet without looking at their cards."""
    see_cost: str = "double"
    """What a see costs: double (twice the stay) or single (the stay; only against a seen hand)."""
    blind_definition: str = "has_bet_blind"
    """Who counts as a blind fold-out winner: has_bet_blind or never_looked."""
    blind_winner_policy: str = "carry"
    """When all fold to a blind player: carry the pot forward, or he wins it."""
    retained_variant: str = "two_hands"
    """A retained blind hand plays as two_hands or against a face_up hand."""
    faceup_collects: str = "antes"
    """What a face-up retainer collects when nobody stays: the antes or the whole pot."""
    # money (2.3, 4.4.9)
    short_stack_policy: str = "fold_or_rebuy"
    """A player who cannot pay to stay: fold_or_rebuy, cover the pot, or lend_or_show."""
    cover_blind_winner: str = "wins_and_shows"
    """A blind fold-out winner of a pot over a cover wins it and shows his hand."""
    rebuy_anytime: bool = False
    """Players may bring more chips to the table on their own turn."""
    min_buy_in: int = 0
    """The fewest chips a seat may bring to the table."""
    rebuy_max: int = 100
    """The most chips one rebuy may bring."""
    # other S2 options (4.4.10, 4.4.11)
    agreed_showdown: bool = True
    """Three or more players may agree unanimously to show down."""
    stub_face_up: bool = False
    """The undealt stub lies face up and folded hands go face up under it."""
    dealers_choice_every: int | None = None
    """Every N deals the dealer picks the variant (none: never)."""
    loser_must_show: bool = False
    """A seer who loses must show his hand too."""
    # ranking (3.1, 3.2, 3.3)
    threes_high: bool = True
    """3-3-3 is the best prial (else A-A-A)."""
    a23_rank: str = "top"
    """Where A-2-3 ranks among runs: top, second (below A-K-Q) or low."""
    wild: str | None = None
    """Wild cards: none, twos, black-twos, one-eyed-jacks, suicide-king or jokers."""
    jokers: int = 2
    """Jokers added to the pack when wild is jokers."""
    wild_count_mode: str = "physical"
    """How wild cards are counted for 'fewer wild cards win': physical or as_used."""
    wild_may_duplicate: bool = True
    """A wild card may stand for a card held elsewhere in the hand."""
    discard_compare: str = "lex_high"
    """How two discards compare in Five Card Brag: lex_high or pair_first."""
    # Teen Patti (4.7)
    tp_a23: str = "top"
    """Teen Patti: A-2-3 is the top sequence or second (below A-K-Q)."""
    sideshow: bool = True
    """Teen Patti: a seen player may ask the previous seen bettor for a side show."""
    sideshow_min_active: int = 3
    """Teen Patti: the fewest players still in for a side show."""
    pot_limit_total: int | None = None
    """Teen Patti: when the pot reaches this, every hand is shown (none: no limit)."""
    # ---- Commerce (rules 3.9, 4.10 G-C1, 4.11 G-C2; docs/commerce.md) --------------
    # Used only by game="commerce" (trade and barter) and game="commerce-widow".
    stake: int = 1
    """Commerce: the stake each player pays; Three-Stake Brag: S, the stake of each pool."""
    dealer_pays_double: bool = True
    """Commerce: the dealer pays the stake into the pool twice."""
    trade_price: int | None = None
    """Chips a trade costs (paid to the dealer); ``None`` means ``stake``."""
    barter_direction: str = "left"
    """Commerce: the neighbour one barters with, left or right."""
    dealer_trades_free: bool = True
    """Commerce: the dealer trades with the pack without paying."""
    dealer_pays_winner: int | None = None
    """What a losing dealer pays the winner; ``None`` means ``stake``."""
    banker_penalty_all: bool = False
    """Commerce: a losing dealer with a tricon or sequence pays 1 to every player."""
    max_trade_rounds: int = 20
    """Commerce: full rounds of trading before a forced showdown."""
    dealer_is_eldest_for_point: bool = False
    """Commerce: the dealer wins exact ties of point hands."""
    commerce_exact_tie: str = "eldest"
    """Commerce: an exact tie for best goes to the eldest hand, or is split."""
    commerce_ranking: str = "peel"
    """Commerce ranking: peel (point over three cards) or hoyle18 (best one-suit point)."""
    widow_scoring: str = "lives"
    """Commerce with a widow: lives (pool, lives, horses) or stakes (no pool)."""
    widow_rules: str = "peel"
    """Commerce with a widow: how exchanges go, peel, hoyle or britannica."""
    dealer_widow_privilege: bool = True
    """Commerce with a widow: the dealer may take the whole widow unseen."""
    win_from_pool: int = 1
    """Commerce with lives: what the best hand takes from the pool each deal."""
    horse_price: int | None = None
    """Price of a horse (one new life); ``None`` means a third of ``stake`` (at least 1)."""
    horse_rule: str = "first_out_once"
    """Commerce with lives: who may buy a horse, first_out_once, any_once or none."""
    worst_tie: str = "youngest"
    """Commerce with lives: a tie for worst costs the youngest a life, or all of them."""
    pounce: bool = False
    """Commerce with a widow: a tricon may pounce on its fourth card in the widow."""
    widow_lives: int = 3
    """Commerce with lives: the lives each player starts with."""
    short_pack: bool = False
    """The 32-card pack (A K Q J 10 9 8 7), up to 7 players (Commerce only)."""
    # ---- Poker-style games (rules 4.1-4.3, 4.8, 7; docs/games-poker-style.md) -------
    # Foster's single-stake Brag (game="foster"), American Brag ("american"), Three-Stake
    # Brag ("three-stake", whose S is ``stake`` above) and 3 Card Brag Poker ("brag-poker").
    limit: int = 10
    """Foster's betting limit ``L``: the largest single bet or raise increment."""
    min_raise: int = 1
    """Smallest bet or raise increment."""
    max_raises: int | None = None
    """Raises per betting round (None: no cap; the brag-poker preset sets 3)."""
    allow_check: bool = False
    """Players may check (the dealer's ante is then dead money)."""
    dealer_may_raise_own_ante: bool = True
    """The dealer may raise when everybody has only met his ante."""
    no_call_payment: int = 1
    """What each other player pays the dealer when nobody meets his ante."""
    dealer_withdraws_ante: bool = True
    """The dealer takes his ante back when nobody meets it."""
    showdown_tie: str = "split"
    """An exact tie at the showdown: split the pot, or the eldest hand wins."""
    all_in: str = "side_pots"
    """A player short of chips: side_pots (table stakes) or fold."""
    bragger_tiebreak: str = "fewer_then_highest"
    """Two hands made with braggers: fewer_then_highest or highest_first."""
    bragger_own_rank_natural: bool = True
    """A bragger standing for its own rank counts as natural."""
    # Three-Stake Brag (4.2)
    p2_allow_check: bool = False
    """Three-Stake Brag: players may check in the brag pool."""
    p2_tie: str = "eldest"
    """Three-Stake Brag: an exact tie for the brag pool, eldest or split."""
    draw31: bool = False
    """Three-Stake Brag: players may buy cards for the thirty-one pool."""
    draw_price: int = 1
    """Three-Stake Brag: chips per card drawn, paid into the thirty-one pool."""
    over31: str = "bust"
    """Three-Stake Brag: a total over 31 is bust, or counts by its distance from 31."""
    all_bust: str = "carry"
    """Three-Stake Brag: when every hand is bust, carry the pool or pay the least excess."""
    ace_value_31: int = 11
    """Three-Stake Brag: what an ace counts towards 31, 11 or 1."""
    stock_exhausted: str = "stop"
    """Three-Stake Brag: when the stock runs out, drawing stops."""
    triple_winner_bonus: int = 0
    """Three-Stake Brag: what every other player pays a winner of all three pools."""
    # American Brag (4.3)
    american_order: str = "rank_first"
    """American Brag: compare rank_first or braggers_first."""
    exchange_tie: str = "incumbent_survives"
    """American Brag: a tied private exchange, which hand survives."""
    # 3 Card Brag Poker (4.8): SB and BB are small_blind and big_blind
    small_blind: int = 1
    """3 Card Brag Poker: the small blind."""
    big_blind: int = 2
    """3 Card Brag Poker: the big blind."""
    bet1_factor: int = 2
    """3 Card Brag Poker: the pre-draw bet is this times the big blind."""
    blind_may_draw: bool = True
    """3 Card Brag Poker: a blind player may draw without looking."""
    half_price_calls: bool = True
    """3 Card Brag Poker: a blind player calls for half price."""
    # ---- keys declared by a game module (GameSpec.extra_keys; docs/engine.md) --------------
    extra: tuple[tuple[str, RuleValue], ...] = ()
    """A game module's own keys set away from their defaults, as sorted (key, value) pairs."""

    def __post_init__(self) -> None:
        problems = _problems(self)
        if problems:
            raise RulesError("invalid rules: " + "; ".join(problems))

    def __hash__(self) -> int:
        """The hash of every key's value (equal rules hash equal), worked out once per
        object (:data:`_HASHES`): the caches keyed by rules (families, games, a dealer's
        choice) hash them deal after deal, and 85 values take microseconds.

        >>> Rules(ante=2) is not Rules(ante=2) and hash(Rules(ante=2)) == hash(Rules(ante=2))
        True
        """
        found = _HASHES.get(id(self))
        if found is not None and found[0] is self:
            return found[1]
        value = hash(tuple([getattr(self, name) for name in _HASHED]))
        if len(_HASHES) >= _HASHES_MAX:
            _HASHES.clear()
        _HASHES[id(self)] = (self, value)  # (the entry holds the object: its id stays its)
        return value

    # ------------------------------------------------------------------ API
    def replace(self, **changes: Any) -> Rules:
        """A copy with some keys changed, validated again.

        >>> Rules().replace(ante=0).ante
        0
        """
        extra = {k: changes.pop(k) for k in list(changes)
                 if k not in _FIELD_NAMES and extra_key(k) is not None}
        unknown = sorted(set(changes) - _FIELD_NAMES)
        if unknown:
            raise RulesError(f"unknown rule key(s): {', '.join(unknown)}")
        if extra:
            changes["extra"] = _extra_pairs({**dict(self.extra), **extra})
        return dataclasses.replace(self, **changes)

    def to_dict(self, *, minimal: bool = False) -> dict[str, Any]:
        """All keys as a plain dict (``minimal``: only those that differ from the defaults).

        >>> Rules(ante=3).to_dict(minimal=True)
        {'ante': 3}
        """
        result: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "extra":
                continue
            value = getattr(self, f.name)
            if minimal and value == f.default:
                continue
            result[f.name] = value
        result.update(self.extra)  # a game module's own keys (none: the JSON is unchanged)
        return result

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Build rules from a dict; unknown keys and bad types are reported together.

        >>> Rules.from_dict({"ante": 2, "cards": 4}).cards
        4
        >>> Rules.from_dict({"antes": 2, "cards": "4"})
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: invalid rules: unknown rule key 'antes'; cards must be an int...
        >>> Rules.from_dict({"x": 1, "ante": -1, "max_bet": 0})
        Traceback (most recent call last):
        ...
        bragkit.errors.RulesError: invalid rules: unknown rule key 'x'; ante must be >= 0, ...
        """
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object, not {type(data).__name__}")
        problems: list[str] = []
        kwargs: dict[str, Any] = {}
        extra: dict[str, RuleValue] = {}
        for key, value in data.items():
            if key not in _FIELD_NAMES:
                declared = extra_key(key) if isinstance(key, str) else None
                if declared is None:
                    problems.append(f"unknown rule key {excerpt(key)}")
                elif (problem := declared.problem(value)) is not None:
                    problems.append(problem)
                else:
                    extra[key] = value
                continue
            expected = _TYPES[key]
            if not _type_ok(value, expected):
                problems.append(f"{key} must be {_type_name(expected)}, not {excerpt(value)}")
                continue
            kwargs[key] = value
        if problems:  # also report what is wrong with the well-typed keys (one error)
            unchecked = object.__new__(cls)
            for f in fields(cls):
                object.__setattr__(unchecked, f.name, kwargs.get(f.name, f.default))
            problems.extend(_problems(unchecked))
            raise RulesError("invalid rules: " + "; ".join(problems))
        if extra:
            kwargs["extra"] = _extra_pairs(extra)
        return cls(**kwargs)

    def to_json(self, *, minimal: bool = False) -> str:
        """The rules as a JSON object text."""
        return json.dumps(self.to_dict(minimal=minimal), sort_keys=True)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        """Rules from a JSON object text (see :meth:`from_dict`).

        >>> Rules.from_json('{"see_cost": "single"}').see_cost
        'single'
        """
        return cls.from_dict(load_json(text, "rules", RulesError))

    @property
    def discards(self) -> int:
        """How many cards each player discards (0, 1 or 2)."""
        return self.cards - 3

    @property
    def pack_size(self) -> int:
        """Cards in the pack (52, plus jokers when jokers are wild)."""
        if self.short_pack:  # Commerce's 32-card pack
            return 32
        return 52 + (self.jokers if self.wild == "jokers" else 0)

    def max_players(self) -> int:
        """The most players a deal can seat, keeping room for one retained hand.

        >>> Rules().max_players(), Rules(cards=5).max_players()
        (16, 9)
        """
        hooks = _RULE_HOOKS.get(self.game)
        if hooks is not None and hooks.max_players is not None:  # the game's GameSpec says
            return hooks.max_players(self)
        return (self.pack_size - self.cards) // self.cards


_FIELD_NAMES: Final = frozenset(f.name for f in fields(Rules) if f.name != "extra")
_HASHED: Final = tuple(f.name for f in fields(Rules) if f.compare)
"""The keys :meth:`Rules.__eq__` compares, which its hash covers."""
_HASHES_MAX: Final = 4096
_HASHES: Final[dict[int, tuple[Rules, int]]] = {}
"""``id(rules)`` -> ``(rules, hash)`` of the rules hashed lately (bounded)."""
_DEFAULT_ITEMS: Final = tuple((f.name, f.default) for f in fields(Rules) if f.name != "extra")
"""Each shared key and its default, in field order."""


def _extra_pairs(values: dict[str, RuleValue]) -> tuple[tuple[str, RuleValue], ...]:
    """The ``extra`` pairs of ``values``: sorted, defaults left out (so equal rules are equal)."""
    out: list[tuple[str, RuleValue]] = []
    for name, value in sorted(values.items()):
        declared = extra_key(name)
        if declared is None or value != declared.default:
            out.append((name, value))
    return tuple(out)


def _extra_problems(r: Rules) -> list[str]:
    """Problems with a game module's own keys: unknown, bad values, or not read by the game."""
    if is_loading():
        return []
    out: list[str] = []
    game = entry(r.game)
    own = () if game is None else game.extra_keys
    for name, value in r.extra:
        declared = extra_key(name)
        if declared is None:
            out.append(f"unknown rule key {excerpt(name)}")
        elif (problem := declared.problem(value)) is not None:
            out.append(problem)
        elif declared not in own:
            out.append(f"{name} is not an option of {r.game} (a key of "
                       f"{', '.join(declared.games)}, rules {declared.section})")
    return out
_INT_KEYS: Final = frozenset({"cards", "ante", "min_bet", "max_bet", "min_buy_in", "jokers",
                              "sideshow_min_active", "rebuy_max"})
_OPT_INT_KEYS: Final = frozenset({"raise_limit", "dealers_choice_every", "pot_limit_total"})
_BOOL_KEYS: Final = frozenset({"pot_limit", "cut_when_unshuffled", "blind_allowed",
                               "rebuy_anytime", "agreed_showdown", "stub_face_up",
                               "loser_must_show", "threes_high", "wild_may_duplicate",
                               "sideshow"})
_TYPES: Final[dict[str, str]] = {
    name: ("int" if name in _INT_KEYS else "int?" if name in _OPT_INT_KEYS
           else "bool" if name in _BOOL_KEYS else "str?" if name == "wild" else "str")
    for name in _FIELD_NAMES
}
# Commerce keys (rules 4.10, 4.11)
_TYPES.update({k: "int" for k in ("stake", "max_trade_rounds", "win_from_pool", "widow_lives")})
_TYPES.update({k: "int?" for k in ("trade_price", "dealer_pays_winner", "horse_price")})
# poker-style keys (rules 4.1-4.3, 4.8)
_TYPES.update({k: "int" for k in ("limit", "min_raise", "no_call_payment", "draw_price",
                                  "ace_value_31", "triple_winner_bonus", "small_blind",
                                  "big_blind", "bet1_factor")})
_TYPES["max_raises"] = "int?"
_TYPES.update({k: "bool" for k in ("allow_check", "dealer_may_raise_own_ante",
                                   "dealer_withdraws_ante", "bragger_own_rank_natural",
                                   "p2_allow_check", "draw31", "blind_may_draw",
                                   "half_price_calls")})
_TYPES.update({k: "bool" for k in ("dealer_pays_double", "dealer_trades_free",
                                   "banker_penalty_all", "dealer_is_eldest_for_point",
                                   "dealer_widow_privilege", "pounce", "short_pack")})


def _type_ok(value: object, expected: str) -> bool:
    if expected.endswith("?") and value is None:
        return True
    base = expected.rstrip("?")
    if base == "int":  # every whole-number key is bounded by MAX_CHIPS (docs/limits.md)
        return isinstance(value, int) and not isinstance(value, bool) and \
            -MAX_CHIPS <= value <= MAX_CHIPS
    if base == "bool":
        return isinstance(value, bool)
    return isinstance(value, str)


def _type_name(expected: str) -> str:
    base = expected.rstrip("?")
    name = {"int": f"an int (at most {MAX_CHIPS})", "bool": "a bool", "str": "a string"}[base]
    return name + (" or null" if expected.endswith("?") else "")


def _problems(r: Rules) -> list[str]:
    """Every problem with ``r``, in a stable order."""
    bad: list[tuple[int, str]] = []
    mistyped = False
    for name in _FIELD_NAMES:
        value = getattr(r, name)
        if not _type_ok(value, _TYPES[name]):
            bad.append((_ORDER[name], f"{name} must be {_type_name(_TYPES[name])}, "
                        f"not {excerpt(value)}"))
            mistyped = True
            continue
        choices = _CHOICES.get(name)
        if name == "game" and is_loading():  # the registry is still being built
            continue
        if choices is not None and value not in choices:
            shown = ", ".join("null" if c is None else str(c) for c in choices)
            bad.append((_ORDER[name], f"{name} must be one of {shown}, not {excerpt(value)}"))
    if mistyped:  # value checks assume the types are right
        return [text for _, text in sorted(bad)]
    out = _value_problems(r)
    changed = [name for name, default in _DEFAULT_ITEMS if getattr(r, name) != default]
    foreign = foreign_key_problem(r, changed)
    if foreign is not None:
        out.append(foreign)
    return sorted([text for _, text in bad] + out, key=_sort_key)


def _sort_key(text: str) -> int:
    head = text.split(" ", 1)[0]
    return _ORDER.get(head, len(_ORDER))


def _value_problems(r: Rules) -> list[str]:
    out: list[str] = []
    if r.ante < 0:
        out.append(f"ante must be >= 0, not {r.ante}")
    if r.min_bet < 1:
        out.append(f"min_bet must be >= 1, not {r.min_bet}")
    if r.max_bet < r.min_bet:
        out.append(f"max_bet ({r.max_bet}) must be >= min_bet ({r.min_bet})")
    if r.raise_limit is not None and r.raise_limit < 0:
        out.append(f"raise_limit must be >= 0 or null, not {r.raise_limit}")
    if r.pot_limit and r.ante == 0:
        out.append("pot_limit needs ante >= 1 (the first bet may not exceed the pot)")
    if r.min_buy_in < 0:
        out.append(f"min_buy_in must be >= 0, not {r.min_buy_in}")
    if r.rebuy_max < 1:
        out.append(f"rebuy_max must be >= 1, not {r.rebuy_max}")
    if r.jokers < 1 or r.jokers > 4:
        out.append(f"jokers must be 1..4, not {r.jokers}")
    if r.dealers_choice_every is not None and r.dealers_choice_every < 1:
        out.append(f"dealers_choice_every must be >= 1 or null, not {r.dealers_choice_every}")
    if r.sideshow_min_active < 2:
        out.append(f"sideshow_min_active must be >= 2, not {r.sideshow_min_active}")
    if r.pot_limit_total is not None and r.pot_limit_total < 1:
        out.append(f"pot_limit_total must be >= 1 or null, not {r.pot_limit_total}")
    if r.pot_limit_total is not None and not _reads(r, "pot_limit_total"):
        out.append(f"pot_limit_total is {_option_of('pot_limit_total')}")
    hooks = _RULE_HOOKS.get(r.game)
    if hooks is not None and hooks.problems is not None:  # the game's own checks (GameSpec)
        out.extend(hooks.problems(r))
    if r.short_stack_policy == "lend_or_show" and r.rebuy_anytime:
        out.append("short_stack_policy='lend_or_show' excludes rebuy_anytime")
    out.extend(_commerce_problems(r))
    out.extend(_poker_problems(r))
    out.extend(_extra_problems(r))
    return out


_ORDER: Final = {f.name: i for i, f in enumerate(fields(Rules))}
MAX_COUNT: Final = 1_000
"""The largest count key (rounds, lives, raises): a deal always ends (docs/limits.md)."""


# ---- Commerce validation (rules 4.10, 4.11) ------------------------------------------
_COMMERCE_DEFAULTS: Final = {
    "stake": 1, "dealer_pays_double": True, "trade_price": None, "barter_direction": "left",
    "dealer_trades_free": True, "dealer_pays_winner": None, "banker_penalty_all": False,
    "max_trade_rounds": 20, "dealer_is_eldest_for_point": False, "commerce_exact_tie": "eldest",
    "commerce_ranking": "peel", "widow_scoring": "lives", "widow_rules": "peel",
    "dealer_widow_privilege": True, "win_from_pool": 1, "horse_price": None,
    "horse_rule": "first_out_once", "worst_tie": "youngest", "pounce": False, "widow_lives": 3,
    "short_pack": False,
}


def _commerce_problems(r: Rules) -> list[str]:
    """Problems with the Commerce keys (and with other games' keys under Commerce)."""
    out: list[str] = []
    engine = _engine(r)
    if engine is None:  # an unknown game (refused above), or one not registered yet
        return out
    if engine != _COMMERCE_MACHINE:
        changed = sorted(k for k, v in _COMMERCE_DEFAULTS.items() if getattr(r, k) != v
                         and not _reads(r, k))  # Three-Stake's S is ``stake`` (4.2)
        if changed:
            out.append(f"{', '.join(changed)}: Commerce options "
                       f"({_game_choice(engine_games(_COMMERCE_MACHINE))})")
        return out
    if r.stake < 1:
        out.append(f"stake must be >= 1, not {r.stake}")
    for key in ("trade_price", "dealer_pays_winner", "horse_price"):
        value = getattr(r, key)
        if value is not None and value < 0:
            out.append(f"{key} must be >= 0 or null, not {value}")
    if r.max_trade_rounds < 1:
        out.append(f"max_trade_rounds must be >= 1, not {r.max_trade_rounds}")
    if r.max_trade_rounds > MAX_COUNT:
        out.append(f"max_trade_rounds must be at most {MAX_COUNT}, not {r.max_trade_rounds}")
    if r.win_from_pool < 0:
        out.append(f"win_from_pool must be >= 0, not {r.win_from_pool}")
    if r.widow_lives > MAX_COUNT:
        out.append(f"widow_lives must be at most {MAX_COUNT}, not {r.widow_lives}")
    if r.widow_lives < 1:
        out.append(f"widow_lives must be >= 1, not {r.widow_lives}")
    if r.cards != 3:
        out.append(f"Commerce deals 3 cards, not {r.cards}")
    if r.wild is not None:
        out.append("Commerce has no wild cards")
    if r.pack_policy != "shuffle_every_deal":
        out.append("Commerce shuffles every deal (pack_policy='shuffle_every_deal')")
    if r.dealers_choice_every is not None:
        out.append(f"dealers_choice_every is not an option of {r.game}")
    return out


# ---- Poker-style games' validation (rules 4.1-4.3, 4.8) -----------------------------
_POKER_DEFAULTS: Final = {
    "limit": 10, "min_raise": 1, "max_raises": None, "allow_check": False,
    "dealer_may_raise_own_ante": True, "no_call_payment": 1, "dealer_withdraws_ante": True,
    "showdown_tie": "split", "all_in": "side_pots", "bragger_tiebreak": "fewer_then_highest",
    "bragger_own_rank_natural": True, "p2_allow_check": False, "p2_tie": "eldest",
    "draw31": False, "draw_price": 1, "over31": "bust", "all_bust": "carry", "ace_value_31": 11,
    "stock_exhausted": "stop", "triple_winner_bonus": 0, "american_order": "rank_first",
    "exchange_tie": "incumbent_survives", "small_blind": 1, "big_blind": 2, "bet1_factor": 2,
    "blind_may_draw": True, "half_price_calls": True,
}


def _poker_problems(r: Rules) -> list[str]:
    """Problems with the poker-style games' keys (and with those keys under other games)."""
    out: list[str] = []
    engine = _engine(r)
    if engine is None:
        return out
    if engine != _POKER_MACHINE:
        changed = sorted(k for k, v in _POKER_DEFAULTS.items() if getattr(r, k) != v)
        if changed:
            out.append(f"{', '.join(changed)}: options of the poker-style games "
                       f"({', '.join(engine_games(_POKER_MACHINE))})")
        return out
    if r.limit < 1:
        out.append(f"limit must be >= 1, not {r.limit}")
    if not 1 <= r.min_raise <= max(r.limit, 1):
        out.append(f"min_raise must be 1..limit ({r.limit}), not {r.min_raise}")
    if r.max_raises is not None and r.max_raises < 0:
        out.append(f"max_raises must be >= 0 or null, not {r.max_raises}")
    for key in ("no_call_payment", "draw_price", "triple_winner_bonus", "small_blind"):
        if getattr(r, key) < 0:
            out.append(f"{key} must be >= 0, not {getattr(r, key)}")
    if _reads(r, "stake") and r.stake < 1:
        out.append(f"stake must be >= 1, not {r.stake}")
    if r.big_blind < 1 or r.big_blind < r.small_blind:
        out.append(f"big_blind must be >= 1 and >= small_blind, not {r.big_blind}")
    if r.bet1_factor < 1:
        out.append(f"bet1_factor must be >= 1, not {r.bet1_factor}")
    if r.cards != 3:
        out.append(f"{r.game} deals 3 cards, not {r.cards}")
    if r.wild is not None:
        out.append(f"{r.game} has no wild-card option (its braggers are built in)")
    if r.pack_policy != "shuffle_every_deal":
        out.append(f"{r.game} shuffles every deal (pack_policy='shuffle_every_deal')")
    if r.dealers_choice_every is not None:
        out.append(f"dealers_choice_every is not an option of {r.game}")
    if r.rebuy_anytime:
        out.append(f"{r.game} plays table stakes: money comes in only between deals "
                   "(rebuy_anytime=false)")
    return out


# ---- what the model asks of the registered games -------------------------------------
_COMMERCE_MACHINE: Final = "commerce"
"""The machine (GameSpec ``engine``) whose games read the Commerce keys above."""
_POKER_MACHINE: Final = "poker"
"""The machine whose games read the poker-style keys above."""


@dataclass(frozen=True, slots=True)
class RuleHooks:
    """A game's own parts of the rules model, from its GameSpec (:func:`register_hooks`)."""

    problems: Callable[[Rules], list[str]] | None = None
    """Its own value checks (one line each), beyond the keys' declarations."""
    max_players: Callable[[Rules], int] | None = None
    """The most players a deal seats (default: what the pack deals, one hand to spare)."""


_RULE_HOOKS: dict[str, RuleHooks] = {}


def register_hooks(game: str, hooks: RuleHooks) -> None:
    """Install ``game``'s rule hooks (the game registry does, from each GameSpec)."""
    _RULE_HOOKS[game] = hooks


def unregister_hooks(game: str) -> None:
    """Remove ``game``'s rule hooks (a test's toy variant)."""
    _RULE_HOOKS.pop(game, None)


def _engine(r: Rules) -> str | None:
    found = entry(r.game)
    return None if found is None else found.engine


def _reads(r: Rules, key: str) -> bool:
    """Whether ``r.game``'s spec reads ``key``."""
    found = entry(r.game)
    return found is not None and key in found.keys


def _game_choice(games: Sequence[str]) -> str:
    """``game='a' or 'b'``."""
    return "game=" + " or ".join(repr(g) for g in games)


def _option_of(key: str) -> str:
    """``a Teen Patti option (game='teen-patti')``: the games whose specs read ``key``."""
    readers = games_reading(key)
    found = entry(readers[0]) if readers else None
    title = found.title if found is not None else "game"
    return f"a {title} option ({_game_choice(readers)})"
