"""The rules layer's view of the registered games: their rule keys and presets.

Each game declares itself once, in a :class:`~bragkit.games.spec.GameSpec` in its own module;
the game registry (:mod:`bragkit.games`) hands the rules-relevant part of every spec to
:func:`register_game`.  The rules layer never imports a game: the first question about a
game (``Rules(game=...)`` validation, :func:`bragkit.rules.get_preset`) loads the registry
through :func:`ensure_loaded`.

>>> entry("foster").section, "limit" in entry("foster").keys
('4.1', True)
>>> game_names()[:2]
('modern', 'teen-patti')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from bragkit.errors import RulesError

if TYPE_CHECKING:
    from bragkit.rules.model import Rules

__all__ = [
    "GameEntry",
    "RuleValue",
    "ensure_loaded",
    "entry",
    "game_names",
    "games_reading",
    "is_loading",
    "preset_values",
    "register_game",
    "version",
]

RuleValue = int | bool | str | None
"""The value of one rule key."""

Inactive = Callable[["Rules"], tuple[frozenset[str], str]]
"""Keys a game does not read under some of its own rules, and a phrase saying when."""


def _no_inactive(rules: Rules) -> tuple[frozenset[str], str]:
    return frozenset(), ""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEntry:
    """What the rules layer knows of one game (taken from its GameSpec)."""

    name: str
    """The ``game`` value (``"modern"``)."""
    section: str
    """Its docs/rules section (``"4.4"``)."""
    keys: frozenset[str]
    """Every rule key the game reads, the general ones (``game``, ``first_dealer``) aside."""
    presets: Mapping[str, Mapping[str, RuleValue]]
    """Its presets: name -> the keys set away from the defaults (``game`` is implied)."""
    order: int = 100
    """Where the game sits in listings (``GAMES``, the presets)."""
    brag_style: bool = False
    """A brag-style game: its stray keys are those another brag-style game reads."""
    unread_reason: str = "rules 7"
    """Why a stray key is refused (the end of the one-line error)."""
    model_checked: frozenset[str] = frozenset()
    """Stray keys the rules model refuses itself, with its own reason."""
    inactive: Inactive = field(default=_no_inactive)
    """Keys not read under some values of the game's own keys (Commerce's stakes scoring)."""


_ENTRIES: dict[str, GameEntry] = {}
_PRESET_GAME: dict[str, str] = {}
_STATE: Final[dict[str, bool]] = {"loaded": False, "loading": False}
_VERSION: Final[list[int]] = [0]


def register_game(game: GameEntry) -> None:
    """Add (or replace) a game; its presets must not clash with another game's.

    >>> register_game(GameEntry(name="modern", section="4.4", keys=frozenset(),
    ...                         presets={"foster": {}}))
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: preset 'foster' of modern is already a preset of foster
    """
    for preset in game.presets:
        owner = _PRESET_GAME.get(preset)
        if owner is not None and owner != game.name:
            raise RulesError(f"preset {preset!r} of {game.name} is already a preset of {owner}")
    old = _ENTRIES.get(game.name)
    if old is not None:
        for preset in old.presets:
            _PRESET_GAME.pop(preset, None)
    _ENTRIES[game.name] = game
    for preset in game.presets:
        _PRESET_GAME[preset] = game.name
    ordered = sorted(_ENTRIES.values(), key=lambda e: e.order)
    _ENTRIES.clear()
    _ENTRIES.update((e.name, e) for e in ordered)
    _VERSION[0] += 1


def version() -> int:
    """A number that changes whenever a game is registered (for caches of derived tables)."""
    ensure_loaded()
    return _VERSION[0]


def ensure_loaded() -> None:
    """Load the game registry once (it registers every game here).

    This is the one place the rules layer reaches the games, by name and at run time, so
    that no rules module imports a game (docs/design/contract.md, section 1).
    """
    if _STATE["loaded"] or _STATE["loading"]:
        return
    _STATE["loading"] = True
    try:
        importlib.import_module("bragkit.games").discover()
    finally:
        _STATE["loading"] = False
    _STATE["loaded"] = True


def is_loading() -> bool:
    """True while the registry is being loaded (game checks wait until it is done)."""
    return _STATE["loading"]


def game_names() -> tuple[str, ...]:
    """Every registered game, in listing order."""
    ensure_loaded()
    return tuple(_ENTRIES)


def entry(game: str) -> GameEntry | None:
    """The entry of ``game``, or None when no such game is registered."""
    ensure_loaded()
    return _ENTRIES.get(game)


def games_reading(key: str) -> tuple[str, ...]:
    """The games whose spec reads ``key``, in listing order.

    >>> games_reading("draw31")
    ('three-stake',)
    """
    ensure_loaded()
    return tuple(name for name, e in _ENTRIES.items() if key in e.keys)


def preset_values() -> dict[str, dict[str, RuleValue]]:
    """Every preset of every game as a full ``--set``-style mapping (``game`` included)."""
    ensure_loaded()
    out: dict[str, dict[str, RuleValue]] = {}
    for name, e in _ENTRIES.items():
        for preset, values in e.presets.items():
            out[preset] = {"game": name, **values}
    return out
