"""The registry of poker-style games: :func:`poker_game_for` finds a rules object's game.

A :class:`PokerGame` turns :class:`~bragkit.rules.Rules` into what differs between the
games that bet poker-style (Foster's single-stake, Three-Stake and American Brag, the
GameAccount draw game): the deal plan (:meth:`PokerGame.setup`), the betting parameters of
each round (:attr:`PokerGame.rounds`, by stage), decisions of its own phases (ante, draw) and its
settlement (:meth:`PokerGame.round_closed`).  :func:`poker_game_for` finds a rules object's
game through :data:`POKER_GAMES`.

>>> from bragkit.rules import get_preset
>>> poker_game_for(get_preset("foster")).name
'foster'
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Final

from bragkit.engine.hooks import build_hooks
from bragkit.engine.poker.core import PokerGame
from bragkit.errors import RulesError
from bragkit.rules.game_keys import FOSTER_KEYS, GENERAL_KEYS, foreign_keys

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["CACHE_SIZE", "GENERAL_KEYS", "POKER_GAMES", "PokerGame", "foreign_keys",
           "poker_game_cache_size", "poker_game_for"]

# The key lists are data of the rules model (one list per game); re-exported here.
__all__ += ["FOSTER_KEYS"]

POKER_GAMES: Final[dict[str, str]] = {}
"""Game name -> ``module:class`` of its poker-style game, filled from each poker-style game's
GameSpec by the game registry (:mod:`bragkit.games`), loaded on the first look-up."""

CACHE_SIZE: Final = 256
"""How many distinct rules' games :func:`poker_game_for` keeps (least recently used go)."""

_LAST: list[PokerGame | None] = [None]


@functools.lru_cache(maxsize=CACHE_SIZE)
def _build(rules: Rules) -> PokerGame:
    game = build_hooks(POKER_GAMES, rules, "poker-style")
    if not isinstance(game, PokerGame):
        raise RulesError(f"the hooks of {rules.game!r} are not a PokerGame")
    return game


def poker_game_for(rules: Rules) -> PokerGame:
    """The (cached) game object for ``rules`` (the last :data:`CACHE_SIZE` distinct rules
    are kept, so memory stays bounded however many tables of new rules open)."""
    last = _LAST[0]
    if last is not None and last.rules is rules:
        return last
    game = _build(rules)
    _LAST[0] = game
    return game


def poker_game_cache_size() -> int:
    """How many games :func:`poker_game_for` holds now (at most :data:`CACHE_SIZE`)."""
    return _build.cache_info().currsize
