"""Game families: the thin per-game layer on top of the shared brag engine.

A family turns :class:`~bragkit.rules.Rules` into the few things that differ between
games: the hand ranking, the betting-machine parameters, what a fold-out to a blind seat
does, and any extra actions (Teen Patti's side show).  The engine asks the registry for the
family of a rules object with :func:`family_for`.

>>> from bragkit.rules import get_preset
>>> family_for(get_preset("modern")).name, family_for(get_preset("teen-patti")).name
('modern', 'teen-patti')
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, Final

from bragkit.engine.brag.core import BragFamily
from bragkit.engine.hooks import Hooks, build_hooks
from bragkit.errors import RulesError
from bragkit.rules.catalogue import ensure_loaded

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["CACHE_SIZE", "FAMILIES", "BragFamily", "family_cache_size", "family_for",
           "family_games"]


FAMILIES: Final[dict[str, Hooks]] = {}
"""Game name -> ``module:class`` of its family, filled from each brag-style game's GameSpec by
the game registry (:mod:`bragkit.games`), which is loaded on the first look-up."""

CACHE_SIZE: Final = 256
"""How many distinct rules' families :func:`family_for` keeps (least recently used go)."""

_LAST: list[Any] = [None, None]


@functools.lru_cache(maxsize=CACHE_SIZE)
def _build(rules: Rules) -> BragFamily:
    made = build_hooks(FAMILIES, rules, "brag-style")
    if not isinstance(made, BragFamily):
        raise RulesError(f"the hooks of {rules.game!r} are not a BragFamily")
    family: BragFamily = made
    return family


def family_games() -> tuple[str, ...]:
    """The brag-style games (those with a family), from the game registry.

    >>> family_games()
    ('modern', 'teen-patti')
    """
    ensure_loaded()
    return tuple(FAMILIES)


def family_for(rules: Rules) -> BragFamily:
    """The (cached) family object for ``rules``: the last :data:`CACHE_SIZE` distinct rules
    are kept, so a server opening tables of ever new rules stays in bounded memory.

    >>> from bragkit.rules import get_preset
    >>> r = get_preset("modern")
    >>> family_for(r) is family_for(r.replace(ante=7)), family_for(r) is family_for(r)
    (False, True)
    >>> family_cache_size() <= CACHE_SIZE
    True
    """
    if _LAST[0] is rules:
        last: BragFamily = _LAST[1]
        return last
    family = _build(rules)
    _LAST[0], _LAST[1] = rules, family
    return family


def family_cache_size() -> int:
    """How many families :func:`family_for` holds now (at most :data:`CACHE_SIZE`)."""
    return _build.cache_info().currsize
