"""Finding a game's engine hooks in an engine's registry (the one look-up path shared by the
brag-style families and the poker-style games).

A registry maps a game name to its hooks: a ``module:Class`` path, or a factory, called with
the rules.  The game registry (:mod:`bragkit.games`) fills the registries when it loads, so a
miss loads it once before it is an error.

>>> from bragkit.rules import get_preset
>>> build_hooks({}, get_preset("modern"), "toy-style")
Traceback (most recent call last):
...
bragkit.errors.RulesError: no toy-style engine for game 'modern'
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from bragkit.errors import RulesError
from bragkit.rules.catalogue import ensure_loaded

if TYPE_CHECKING:
    from bragkit.rules import Rules

__all__ = ["Hooks", "build_hooks"]

Hooks = str | Callable[["Rules"], object]
"""A registered game's hooks: a ``module:Class`` path, or a factory taking the rules."""


def build_hooks(registry: Mapping[str, Hooks], rules: Rules, engine: str) -> object:
    """The hooks object of ``rules.game`` from ``registry`` (built from the rules); the
    caller checks its type.  Raises :class:`~bragkit.errors.RulesError` when the game has
    none (``engine`` names the registry in the message).

    >>> from bragkit.rules import get_preset
    >>> build_hooks({"modern": lambda rules: rules.game}, get_preset("modern"), "toy")
    'modern'
    """
    target = registry.get(rules.game)
    if target is None:
        ensure_loaded()
        target = registry.get(rules.game)
    if target is None:
        raise RulesError(f"no {engine} engine for game {rules.game!r}")
    factory = pkgutil.resolve_name(target) if isinstance(target, str) else target
    made: object = factory(rules)
    return made
