"""Rules to kernel parameters: what the vector engine plays, and a one-line refusal of the rest.

>>> from bragkit.rules import get_preset
>>> params(get_preset("teen-patti"), 3)[:5].tolist()   # players, boot, 2 boot, 4 boot, R0
[3, 1, 2, 4, 2]
>>> params(get_preset("modern").replace(short_stack_policy="lend_or_show"), 3)
Traceback (most recent call last):
...
bragkit.errors.RulesError: short_stack_policy='lend_or_show': bragkit.vector plays only \
'fold_or_rebuy', or 'cover' heads-up (use the reference engine, bragkit.engine.open_table)
>>> params(get_preset("modern").replace(short_stack_policy="cover"), 3)
Traceback (most recent call last):
...
bragkit.errors.RulesError: short_stack_policy='cover': bragkit.vector plays covers only \
heads-up in modern Brag with blind_winner_policy='wins', not 3 players with \
blind_winner_policy='carry' (use the reference engine, bragkit.engine.open_table)
"""

from __future__ import annotations

import functools
import itertools
from typing import Final

import numpy as np
import numpy.typing as npt

from bragkit.errors import RulesError
from bragkit.games import hand_ranking
from bragkit.rules import Rules
from bragkit.vector import layout as L

__all__ = ["GAMES", "SUPPORTED", "check", "check_players", "params"]

GAMES: Final = ("modern", "teen-patti")
"""The games the vector engine plays (their three-card forms)."""

SUPPORTED: Final[dict[str, str]] = {
    "ante": "any (Teen Patti: the boot, >= 1)",
    "min_bet, max_bet": "the first bet's bounds (modern)",
    "raise_limit": "None or a cap on each raise (modern)",
    "pot_limit": "True or False (modern)",
    "blind_allowed": "True or False",
    "see_cost": "double or single (modern; Teen Patti's show costs the stay)",
    "blind_definition": "has_bet_blind or never_looked",
    "blind_winner_policy": "carry (the pot carries, the winner retains or releases the "
                           "hand) or wins",
    "agreed_showdown": "True or False (modern)",
    "a23_rank, threes_high, tp_a23": "every ranking option of the two games",
    "sideshow, sideshow_min_active": "Teen Patti's side show",
    "pot_limit_total": "None or Teen Patti's pot limit (a showdown when reached)",
    "first_dealer": "random (the env's generator) or seat1",
    "short_stack_policy": "fold_or_rebuy, or cover heads-up (modern, blind_winner_policy "
                          "wins: the hands are compared at once, ties to the other seat)",
}
"""The rule keys the vector engine reads, and the values it plays."""

_FIXED: Final[dict[str, tuple[object, str]]] = {
    "cards": (3, "three-card deals only"),
    "wild": (None, "no wild cards"),
    "rebuy_anytime": (False, "no rebuys during a deal"),
    "dealers_choice_every": (None, "one game per table (no dealer's choice)"),
    "extra": ((), "no extra rule keys"),
}


def check(rules: Rules) -> None:
    """Raise :class:`~bragkit.errors.RulesError` naming the first option the vector engine
    cannot play."""
    if rules.game not in GAMES:
        raise RulesError(f"game={rules.game!r}: bragkit.vector plays {' and '.join(GAMES)} "
                         "(use the reference engine, bragkit.engine.open_table)")
    for key, (value, what) in _FIXED.items():
        got = getattr(rules, key)
        if got != value:
            raise RulesError(f"{key}={got!r}: bragkit.vector plays {what} (use the reference "
                             "engine, bragkit.engine.open_table)")
    if rules.short_stack_policy not in ("fold_or_rebuy", "cover"):
        raise RulesError(f"short_stack_policy={rules.short_stack_policy!r}: bragkit.vector "
                         "plays only 'fold_or_rebuy', or 'cover' heads-up (use the reference "
                         "engine, bragkit.engine.open_table)")


def check_players(rules: Rules, players: int) -> None:
    """Raise :class:`~bragkit.errors.RulesError` when ``rules`` are playable only at another
    number of seats (covers: heads-up modern Brag whose blind fold-out winner wins)."""
    check(rules)
    if rules.short_stack_policy == "cover" and (
            players != 2 or rules.game != "modern" or rules.blind_winner_policy != "wins"):
        raise RulesError(f"short_stack_policy='cover': bragkit.vector plays covers only "
                         f"heads-up in modern Brag with blind_winner_policy='wins', not "
                         f"{players} players with blind_winner_policy="
                         f"{rules.blind_winner_policy!r} (use the reference engine, "
                         "bragkit.engine.open_table)")


def params(rules: Rules, players: int) -> npt.NDArray[np.int32]:
    """The kernels' rule parameters (:mod:`bragkit.vector.layout`, ``P_*``) of ``rules``."""
    check_players(rules, players)
    out = np.zeros(L.P_SIZE, dtype=np.int32)
    out[L.P_N] = players
    out[L.P_ANTE] = rules.ante
    teen = rules.game == "teen-patti"
    out[L.P_MIN_FIRST] = 2 * rules.ante if teen else rules.min_bet
    out[L.P_MAX_FIRST] = 4 * rules.ante if teen else rules.max_bet
    out[L.P_R0] = 2 * rules.ante if teen else 0
    out[L.P_RAISE_LIMIT] = -1 if teen or rules.raise_limit is None else rules.raise_limit
    out[L.P_RAISE_FACTOR] = 2 if teen else -1
    out[L.P_POT_LIMIT] = 0 if teen else int(rules.pot_limit)
    out[L.P_SEE] = L.SEE_STAY if teen else (L.SEE_SINGLE if rules.see_cost == "single"
                                            else L.SEE_DOUBLE)
    out[L.P_BLIND_OK] = int(rules.blind_allowed)
    out[L.P_AGREED] = 0 if teen else int(rules.agreed_showdown)
    carry = not teen and rules.blind_winner_policy == "carry"
    out[L.P_CARRY] = int(carry)
    out[L.P_RETAIN] = int(carry)
    out[L.P_HAS_BET_BLIND] = int(rules.blind_definition == "has_bet_blind")
    out[L.P_SIDESHOW] = int(teen and rules.sideshow)
    out[L.P_SIDESHOW_MIN] = rules.sideshow_min_active
    limit = rules.pot_limit_total if teen else None
    out[L.P_POT_TOTAL] = -1 if limit is None else limit
    out[L.P_PRIAL] = prial_floor(rules)
    out[L.P_COVER] = int(rules.short_stack_policy == "cover")
    return out


@functools.lru_cache(maxsize=32)
def prial_floor(rules: Rules) -> int:
    """The lowest hand strength (the ranking's flat-table value) of a prial under ``rules``;
    every stronger hand is a prial too (prials rank highest); above every hand when the
    ranking names no prial (Teen Patti's trail is not one: the reference engine reshuffles
    after a prial only).

    >>> from bragkit.rules import get_preset
    >>> from bragkit.games import hand_ranking
    >>> r = get_preset("modern")
    >>> ranking = hand_ranking(r)
    >>> ranking.category_of_rank(prial_floor(r)), ranking.category_of_rank(prial_floor(r) - 1)
    ('prial', 'running_flush')
    """
    ranking = hand_ranking(rules)
    ranks = np.unique(ranking.numpy_table()[_combos()])
    prial = [int(k) for k in ranks if ranking.category_of_rank(int(k)) == "prial"]
    if not prial:
        return int(ranks.max()) + 1
    floor = min(prial)
    if any(ranking.category_of_rank(int(k)) != "prial" for k in ranks if k >= floor):
        raise RulesError(f"game={rules.game!r}: a prial does not rank above every other "
                         "hand in this ranking (bragkit.vector cannot tell a prial's win)")
    return floor


@functools.lru_cache(maxsize=1)
def _combos() -> npt.NDArray[np.int64]:
    c = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int64)
    return np.asarray((c[:, 0] << 12) | (c[:, 1] << 6) | c[:, 2])
