"""The rules layer's view of the registered games: their rule keys and presets.

Each game declares itself once, in a :class:`~bragkit.games.spec.GameSpec` in its own module;
the game registry (:mod:`bragkit.games`) hands the rules-relevant part of every spec to
:func:`register_game`.  The rules layer never imports a game: the first question about a
game (``Rules(game=...)`` validation, :func:`bragkit.rules.get_preset`) loads the registry
through :func:`ensure_loaded`, which calls the loader that the top package
(:mod:`bragkit`) installs with :func:`set_loader` (so the rules layer never names the games).
The catalogue types rules values by :class:`RuleSource`, the part of
:class:`~bragkit.rules.Rules` it reads, so it imports no rules model either.

>>> entry("foster").section, "limit" in entry("foster").keys
('4.1', True)
>>> game_names()[:2]
('modern', 'teen-patti')
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final, Protocol

from bragkit.errors import RulesError, excerpt

__all__ = [
    "GameEntry",
    "RuleKey",
    "RuleSource",
    "RuleValue",
    "Unread",
    "engine_games",
    "ensure_loaded",
    "entry",
    "extra_key",
    "game_names",
    "games_reading",
    "is_loading",
    "preset_values",
    "register_game",
    "set_loader",
    "unregister_game",
    "version",
]

RuleValue = int | bool | str | None
"""The value of one rule key."""



class RuleSource(Protocol):
    """What the catalogue reads of a rules value (:class:`~bragkit.rules.Rules` is one)."""

    @property
    def game(self) -> str:
        """The ``game`` key."""

    @property
    def extra(self) -> tuple[tuple[str, RuleValue], ...]:
        """The game-module keys set away from their defaults."""


Unread = tuple[tuple[str, RuleValue, frozenset[str]], ...]
"""Keys a game does not read under some values of its own keys: ``(key, value, unread)``
means that ``unread`` are not read while ``key`` is ``value`` (Commerce's stakes scoring)."""


_TYPE_OF: Final = {"int": int, "bool": bool, "str": str}


@dataclass(frozen=True, slots=True)
class RuleKey:
    """One rule key's declaration (re-exported by :mod:`bragkit.rules.keys`).

    The shared keys are :class:`~bragkit.rules.Rules` fields; a game module may declare
    keys of its own (its GameSpec's ``extra_keys``), whose values live in ``Rules.extra``.

    >>> k = RuleKey("bonus", "int", 0, None, "A toy bonus.", "4.4", lo=0, hi=9)
    >>> k.problem(3), k.problem(12), k.problem("x")
    (None, 'bonus must be 0..9, not 12', "bonus must be an int, not 'x'")
    """

    name: str
    type: str
    """``int``, ``bool``, ``str``; a trailing ``?`` means ``null`` is allowed too."""
    default: RuleValue
    allowed: tuple[RuleValue, ...] | None
    """The values allowed (None: any value of the type, within ``lo..hi`` for an int)."""
    doc: str
    """One line saying what the key means."""
    section: str
    """The rules section of the first game that reads it (``7``: every game)."""
    lo: int | None = None
    hi: int | None = None
    general: bool = False
    """Every game reads it (``game``, ``first_dealer``, ...)."""

    @property
    def games(self) -> tuple[str, ...]:
        """The games whose GameSpec reads this key (every game for a general key)."""
        if self.general:
            return game_names()
        return games_reading(self.name)

    def problem(self, value: object) -> str | None:
        """Why ``value`` is not a value of this key, or None."""
        if value is None and self.type.endswith("?"):
            return None
        base = _TYPE_OF[self.type.rstrip("?")]
        if not isinstance(value, base) or (base is int and isinstance(value, bool)):
            article = "an" if base is int else "a"
            return f"{self.name} must be {article} {base.__name__}, not {excerpt(value)}"
        if self.allowed is not None and value not in self.allowed:
            shown = ", ".join(map(str, self.allowed))
            return f"{self.name} must be one of {shown}, not {excerpt(value)}"
        if isinstance(value, int) and not isinstance(value, bool) and (
                (self.lo is not None and value < self.lo)
                or (self.hi is not None and value > self.hi)):
            return f"{self.name} must be {self.lo}..{self.hi}, not {value}"
        return None

    def of(self, rules: RuleSource) -> RuleValue:
        """This key's value in ``rules`` (its default when not set)."""
        for name, value in rules.extra:
            if name == self.name:
                return value
        found: RuleValue = getattr(rules, self.name, self.default)
        return found


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
    engine: str = ""
    """The machine that plays it (its GameSpec's ``engine``)."""
    title: str = ""
    """Its human name (``"Teen Patti"``)."""
    unread_reason: str = "rules 7"
    """Why a stray key is refused (the end of the one-line error)."""
    model_checked: frozenset[str] = frozenset()
    """Stray keys the rules model refuses itself, with its own reason."""
    inactive: Unread = ()
    """Keys not read under some values of the game's own keys (Commerce's stakes scoring)."""
    extra_keys: tuple[RuleKey, ...] = ()
    """Keys the game's own module declares (values in ``Rules.extra``)."""

    def unread(self, rules: RuleSource) -> tuple[frozenset[str], str]:
        """The keys this game does not read under ``rules`` (:attr:`inactive`), and a phrase
        saying when.

        >>> e = GameEntry(name="toy", section="9", keys=frozenset({"a", "b"}), presets={},
        ...               inactive=(("game", "toy", frozenset({"b"})),))
        >>> from types import SimpleNamespace
        >>> e.unread(SimpleNamespace(game="toy", extra=()))
        (frozenset({'b'}), " with game='toy'")
        """
        for key, value, keys in self.inactive:
            if getattr(rules, key) == value:
                return keys, f" with {key}={value!r}"
        return frozenset(), ""


_ENTRIES: dict[str, GameEntry] = {}
_PRESET_GAME: dict[str, str] = {}
_STATE: Final[dict[str, bool]] = {"loaded": False, "loading": False}
_LOADER: Final[list[Callable[[], None]]] = []
_VERSION: Final[list[int]] = [0]
_LOAD_LOCK: Final = threading.RLock()
_NAMES: Final[list[tuple[str, ...]]] = [()]


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
    _NAMES[0] = tuple(_ENTRIES)


def version() -> int:
    """A number that changes whenever a game is registered (for caches of derived tables)."""
    ensure_loaded()
    return _VERSION[0]


def unregister_game(name: str) -> None:
    """Remove a game added with :func:`register_game` (a test's toy variant)."""
    old = _ENTRIES.pop(name, None)
    if old is not None:
        for preset in old.presets:
            _PRESET_GAME.pop(preset, None)
        _VERSION[0] += 1
        _NAMES[0] = tuple(_ENTRIES)


def set_loader(loader: Callable[[], None]) -> None:
    """Install the function that registers every game (the top package :mod:`bragkit` installs
    :func:`bragkit.games.discover`); :func:`ensure_loaded` calls it once, on first use."""
    _LOADER[:] = [loader]


def ensure_loaded() -> None:
    """Load the game registry once (it registers every game here), through the loader of
    :func:`set_loader`: the rules layer imports no game (docs/design/contract.md, section 1).
    """
    if _STATE["loaded"]:
        return
    with _LOAD_LOCK:  # another thread's first use waits here until the registry is loaded
        if _STATE["loaded"] or _STATE["loading"]:  # loading: this thread, re-entered
            return
        if not _LOADER:
            raise RulesError("no game registry: import bragkit (its __init__ installs the "
                             "loader)")
        _STATE["loading"] = True
        try:
            _LOADER[0]()
        finally:
            _STATE["loading"] = False
        _STATE["loaded"] = True


def is_loading() -> bool:
    """True while the registry is being loaded (game checks wait until it is done)."""
    return _STATE["loading"]


def game_names() -> tuple[str, ...]:
    """Every registered game, in listing order."""
    if not _STATE["loaded"]:
        ensure_loaded()
    return _NAMES[0]


def entry(game: str) -> GameEntry | None:
    """The entry of ``game``, or None when no such game is registered."""
    if not _STATE["loaded"]:
        ensure_loaded()
    return _ENTRIES.get(game)


def games_reading(key: str) -> tuple[str, ...]:
    """The games whose spec reads ``key``, in listing order.

    >>> games_reading("draw31")
    ('three-stake',)
    """
    ensure_loaded()
    return tuple(name for name, e in _ENTRIES.items()
                 if key in e.keys or any(k.name == key for k in e.extra_keys))


def engine_games(engine: str) -> tuple[str, ...]:
    """The games played by machine ``engine``, in listing order.

    >>> engine_games("poker")
    ('foster', 'three-stake', 'american', 'brag-poker')
    """
    ensure_loaded()
    return tuple(name for name, e in _ENTRIES.items() if e.engine == engine)


def extra_key(name: str) -> RuleKey | None:
    """The game-module key called ``name`` (declared by some game), or None."""
    ensure_loaded()
    for e in _ENTRIES.values():
        for key in e.extra_keys:
            if key.name == name:
                return key
    return None


def preset_values() -> dict[str, dict[str, RuleValue]]:
    """Every preset of every game as a full ``--set``-style mapping (``game`` included)."""
    ensure_loaded()
    out: dict[str, dict[str, RuleValue]] = {}
    for name, e in _ENTRIES.items():
        for preset, values in e.presets.items():
            out[preset] = {"game": name, **values}
    return out
