"""Poker-style games: the thin per-game layer on top of :mod:`.poker_state`.

A :class:`PokerGame` turns :class:`~bragkit.rules.Rules` into what differs between the
games that bet poker-style (Foster's single-stake, Three-Stake and American Brag, the
GameAccount draw game): the deal plan (:meth:`PokerGame.setup`), the betting parameters of
each round (:meth:`PokerGame.betting_for`), decisions of its own phases (ante, draw) and its
settlement (:meth:`PokerGame.round_closed`).  :func:`poker_game_for` finds a rules object's
game through :data:`POKER_GAMES`.

>>> from bragkit.rules import get_preset
>>> poker_game_for(get_preset("foster")).name
'foster'
"""

from __future__ import annotations

import functools
import pkgutil
from abc import ABC, abstractmethod
from dataclasses import fields
from typing import TYPE_CHECKING, ClassVar, Final

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.poker_betting import PokerBetting
from bragkit.errors import IllegalActionError, RulesError
from bragkit.rules.game_keys import FOSTER_KEYS, GENERAL_KEYS, foreign_keys

if TYPE_CHECKING:
    from bragkit.engine.poker_state import PokerState, PokerWork
    from bragkit.rules import Rules

__all__ = ["CACHE_SIZE", "GENERAL_KEYS", "POKER_GAMES", "PokerGame", "foreign_keys",
           "poker_game_cache_size", "poker_game_for"]

# The key lists are data of the rules model (one list per game); re-exported here.
__all__ += ["FOSTER_KEYS"]

class PokerGame(ABC):
    """Base class of the poker-style games (the hooks :mod:`.poker_state` calls)."""

    name: ClassVar[str] = "poker"
    spec_section: ClassVar[str] = "4.1"
    """The docs/rules section illegal-action messages cite."""
    check_key: ClassVar[str] = "allow_check"
    """The rule key that lets an unopened round be checked (named when a check is refused)."""
    pools: ClassVar[int] = 1
    """How many pools a deal has (Three-Stake Brag: 3)."""
    bet_pool: ClassVar[int] = 0
    """The pool the betting goes into."""
    blind_play: ClassVar[bool] = False
    """Whether seats start blind and must ``look`` to see their cards."""
    bet_hooks: ClassVar[bool] = False
    """Whether :meth:`on_call`/:meth:`on_raise` do anything (else betting takes a fast path)."""
    min_players: ClassVar[int] = 2
    """Seats a deal needs (a table whose other seats went broke plays on heads-up)."""
    min_table: ClassVar[int] = 2
    """Seats a table needs to start.  Foster gives three to twelve players (rules
    4.1-4.3), but heads-up tables are allowed (simulations of two bots play them)."""
    max_players: ClassVar[int] = 12
    keys: ClassVar[frozenset[str]] = frozenset()
    """The config keys this game reads (rules 7), from
    :data:`bragkit.rules.game_keys.GAME_KEYS`; the rules model refuses any other key set
    away from its default, so that a house rule of another game (``draw31`` under Foster,
    modern Brag's ``ante``) is never silently ignored."""

    def __init__(self, rules: Rules) -> None:
        # keys of other games are refused by the rules model itself (rules/game_keys.py)
        self.rules = rules
        default = {f.name: f.default for f in fields(rules)}
        inert = [f"{key} has no effect {why}" for key, why in self.inert(rules).items()
                 if getattr(rules, key) != default[key]]
        if inert:
            raise RulesError(f"{rules.game}: {'; '.join(inert)} (rules 7)")

    def inert(self, rules: Rules) -> dict[str, str]:
        """Keys of this game that another key makes meaningless (key -> why); setting one
        away from its default is refused like another game's key."""
        return {}

    # -------------------------------------------------------------- parameters
    def min_stack(self) -> int:
        """Chips a seat needs to be dealt in."""
        return 1

    @abstractmethod
    def betting_for(self, stage: int) -> PokerBetting:
        """The betting parameters of round ``stage`` (0 = the first betting round)."""

    # -------------------------------------------------------------- hooks
    @abstractmethod
    def setup(self, w: PokerWork) -> None:
        """Forced bets and the deal: leave ``w`` ready for its first decision."""

    def phase_legal(self, st: PokerState) -> tuple[LegalAction, ...]:
        """Legal actions in a phase only this game knows (``ante``, ``draw``, ...)."""
        return ()

    def apply_phase(self, w: PokerWork, seat: int, action: Action) -> None:
        """Apply an action of a phase only this game knows (none by default)."""
        raise IllegalActionError(f"p{seat + 1} {action}: {self.name} has no such action "
                                 f"(rules {self.spec_section})")

    def on_raise(self, w: PokerWork, seat: int) -> None:  # noqa: B027 - optional hook
        """Called after ``seat`` bets or raises."""

    def on_call(self, w: PokerWork, seat: int) -> None:  # noqa: B027 - optional hook
        """Called after ``seat`` calls (American Brag's exchanges hook in here)."""

    @abstractmethod
    def round_closed(self, w: PokerWork) -> None:
        """The betting round has closed (every live seat has met the target, or one is left)."""


POKER_GAMES: Final[dict[str, str]] = {
    "foster": "bragkit.games.foster:FosterGame",
    "american": "bragkit.games.american:AmericanGame",
    "three-stake": "bragkit.games.three_stake:ThreeStakeGame",
    "brag-poker": "bragkit.games.brag_poker:BragPokerGame",
}
"""Game name -> ``module:class`` of its poker-style game.  New games add one entry."""

CACHE_SIZE: Final = 256
"""How many distinct rules' games :func:`poker_game_for` keeps (least recently used go)."""

_LAST: list[PokerGame | None] = [None]


@functools.lru_cache(maxsize=CACHE_SIZE)
def _build(rules: Rules) -> PokerGame:
    target = POKER_GAMES.get(rules.game)
    if target is None:
        raise RulesError(f"no poker-style engine for game {rules.game!r}")
    game: PokerGame = pkgutil.resolve_name(target)(rules)
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
