"""The game registry: every game's :class:`~bragkit.games.spec.GameSpec`, and what derives
from them.

Each game module (or package) under ``bragkit.games`` declares ``GAMES: tuple[GameSpec, ...]``
and :func:`load` finds them; this is the only place in bragkit that looks modules up by
name.  Registering a spec (:func:`register`) fills every derived table: the rule keys and
presets of :mod:`bragkit.rules.catalogue`, the brag-style families and poker-style games of
the engine, and the table classes.  A new variant is one module with one ``GameSpec``
(docs/engine.md, "Adding a variant").

>>> from bragkit.rules import get_preset
>>> hand_ranking(get_preset("modern-jokers")).spec
'modern(wild=jokers)'
>>> hand_ranking(get_preset("three-stake")).name   # the brag hand of the second pool
'foster'
>>> [s.name for s in specs()][:3]
['modern', 'teen-patti', 'commerce']
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any, Final

from bragkit.errors import RulesError
from bragkit.games.spec import GameSpec, HistoryReader, OwnHistory, OwnRules
from bragkit.rules import catalogue
from bragkit.rules.model import register_hooks, unregister_hooks

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping

    from bragkit.engine.discrete import KindSlots
    from bragkit.hands import Ranking
    from bragkit.rules import Rules

__all__ = ["GameSpec", "OwnHistory", "OwnRules", "action_layout", "discover", "engine_of",
           "game_rules", "hand_ranking", "has_blind_play", "history_loader", "history_reader",
           "house_game", "load",
           "refuse_unserved", "register", "spec_of", "specs", "unregister"]

_SPECS: dict[str, GameSpec] = {}
_LOADED: Final[list[bool]] = [False]


def register(spec: GameSpec) -> None:
    """Register ``spec`` and everything derived from it (a new game, or a replacement)."""
    if not catalogue.is_loading():
        load()  # the built-in games first, so that a clash of preset names is caught
    if spec.own_rules:  # its own rules value: no Rules game, presets or engine hooks
        from bragkit.engine.table import register_table

        register_table(spec.name, pkgutil.resolve_name(spec.table))  # open_table by .game
        _add(spec)
        return
    catalogue.register_game(spec.entry())
    register_hooks(spec.name, spec.rule_hooks())
    if spec.engine == "brag":
        from bragkit.engine.brag.family import FAMILIES

        FAMILIES[spec.name] = spec.hooks
    elif spec.engine == "poker":
        from bragkit.engine.poker.game import POKER_GAMES

        if not isinstance(spec.hooks, str):
            raise RulesError(f"{spec.name}: a poker-style game's hooks are a module:Class path")
        POKER_GAMES[spec.name] = spec.hooks
    from bragkit.engine.table import register_table

    register_table(spec.name, pkgutil.resolve_name(spec.table))
    _add(spec)


def _add(spec: GameSpec) -> None:
    _SPECS[spec.name] = spec
    ordered = sorted(_SPECS.values(), key=lambda s: s.order)
    _SPECS.clear()
    _SPECS.update((s.name, s) for s in ordered)


def unregister(name: str) -> None:
    """Remove a game added with :func:`register` (its rules, family and spec)."""
    spec = _SPECS.pop(name, None)
    catalogue.unregister_game(name)
    unregister_hooks(name)
    if spec is not None and spec.engine == "brag":
        from bragkit.engine.brag.family import FAMILIES

        FAMILIES.pop(name, None)
    elif spec is not None and spec.engine == "poker":
        from bragkit.engine.poker.game import POKER_GAMES

        POKER_GAMES.pop(name, None)


def load() -> None:
    """Make sure every game is registered (:func:`bragkit.rules.catalogue.ensure_loaded`)."""
    catalogue.ensure_loaded()


def discover() -> None:
    """Find and register the ``GAMES`` of every module under :mod:`bragkit.games` (once;
    called by :func:`bragkit.rules.catalogue.ensure_loaded`)."""
    if _LOADED[0]:
        return
    _LOADED[0] = True
    found: list[GameSpec] = []
    for info in pkgutil.iter_modules(__path__, __name__ + "."):
        names = [info.name]
        if info.ispkg:  # a game package: its own GAMES, or those of its modules
            package = importlib.import_module(info.name)
            names += [sub.name for sub in pkgutil.iter_modules(package.__path__, info.name + ".")]
        for name in names:
            declared = getattr(importlib.import_module(name), "GAMES", ())
            found.extend(spec for spec in declared
                         if isinstance(spec, GameSpec) and spec not in found)
    for spec in sorted(found, key=lambda s: s.order):
        register(spec)


def specs() -> tuple[GameSpec, ...]:
    """Every registered game's spec, in listing order."""
    load()
    return tuple(_SPECS.values())


def spec_of(game: str) -> GameSpec:
    """The spec of ``game``.

    >>> spec_of("modren")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: unknown game 'modren'; known: modern, teen-patti, commerce, ...
    """
    load()
    found = _SPECS.get(game)
    if found is None:
        raise RulesError(f"unknown game {game!r}; known: {', '.join(_SPECS)}")
    return found


def engine_of(game: str) -> str | None:
    """The machine that plays ``game`` (``brag``, ``poker``, ``commerce``), or None.

    >>> engine_of("teen-patti"), engine_of("foster"), engine_of("casino-or-nothing")
    ('brag', 'poker', None)
    """
    load()
    found = _SPECS.get(game)
    return None if found is None else found.engine


def has_blind_play(game: str) -> bool:
    """Whether seats of ``game`` may play without looking at their cards.

    >>> has_blind_play("brag-poker"), has_blind_play("commerce")
    (True, False)
    """
    load()
    found = _SPECS.get(game)
    return found is not None and found.blind_play


def house_game(rules_spec: object) -> GameSpec | None:
    """The game with its own rules value (casino's) whose preset a history's ``"rules"``
    names (a preset name, or ``{"preset": ...}``); None for every other value.

    >>> house_game({"preset": "three-card-poker"}).name, house_game("modern")
    ('casino', None)
    """
    preset = rules_spec.get("preset") if isinstance(rules_spec, dict) else rules_spec
    if not isinstance(preset, str):
        return None
    return next((s for s in specs() if s.own_rules and preset in s.presets), None)


def history_reader(spec: GameSpec) -> HistoryReader:
    """The :class:`~bragkit.games.spec.HistoryReader` of a game with its own rules value."""
    if not spec.history:
        raise RulesError(f"{spec.name}: no history reader is declared (GameSpec.history)")
    reader: HistoryReader = pkgutil.resolve_name(spec.history)
    return reader


def history_loader(spec: GameSpec) -> Callable[[dict[str, Any]], OwnHistory]:
    """The history parser a game with its own rules value declares
    (``GameSpec.history_loader``).

    >>> history_loader(house_game("casino"))({"rules": "casino", "stacks": [9]}).stacks
    (9,)
    """
    if not spec.history_loader:
        raise RulesError(f"{spec.name}: no history loader is declared (GameSpec.history_loader)")
    loader: Callable[[dict[str, Any]], OwnHistory] = pkgutil.resolve_name(spec.history_loader)
    return loader


def game_rules(spec: GameSpec, preset: str, settings: Mapping[str, object] | None = None
               ) -> OwnRules:
    """The rules value of a game with its own (``spec.own_rules``): its ``preset`` with the
    house rules ``settings``, built by the spec's ``rules_factory``.

    >>> game_rules(house_game("three-card-poker"), "three-card-poker", {"qualifier": "pair"}
    ...            ).qualifier
    'pair'
    """
    if not spec.rules_factory:
        raise RulesError(f"{spec.name}: no rules factory is declared (GameSpec.rules_factory)")
    factory: Callable[..., OwnRules] = pkgutil.resolve_name(spec.rules_factory)
    return factory(preset, **dict(settings or {}))


def action_layout(game: str) -> tuple[KindSlots, ...]:
    """The discrete action-space layout of ``game``: its own (``GameSpec.action_layout``),
    else its machine's (:data:`~bragkit.engine.discrete.LAYOUTS`).

    >>> from bragkit.engine.discrete import LAYOUTS
    >>> action_layout("foster") == LAYOUTS["poker"], [r.kind for r in action_layout("casino")]
    (True, ['ante', 'pairbonus', 'deal', 'play', 'fold'])
    """
    from bragkit.engine.discrete import LAYOUTS

    spec = spec_of(game)
    if spec.action_layout:
        layout: tuple[KindSlots, ...] = pkgutil.resolve_name(spec.action_layout)
        return layout
    found = LAYOUTS.get(spec.engine)
    if found is None:
        raise RulesError(f"{game}: no discrete action space is declared "
                         "(GameSpec.action_layout)")
    return found


def refuse_unserved(game: str, front: str) -> None:
    """Raise the one-line :class:`~bragkit.errors.RulesError` ``game``'s spec declares for the
    front end ``front`` (``GameSpec.unserved``); nothing if the front end serves it.

    >>> refuse_unserved("modern", "simulate")
    """
    spec = spec_of(game)
    reason = spec.unserved.get(front)
    if reason is not None:
        raise RulesError(f"{spec.name}: {reason}")


def hand_ranking(rules: Rules) -> Ranking:
    """The ranking that decides the showdown of ``rules``'s game (the brag pool's, for
    Three-Stake Brag), built from the rules' ranking keys."""
    return spec_of(rules.game).ranking(rules)
