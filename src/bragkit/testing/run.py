"""Every preset the checkers cover, and one entry point that checks any of them.

The list comes from the game registry (:func:`bragkit.rules.preset_names`, then the presets
of the games with their own rules value, :attr:`~bragkit.games.spec.GameSpec.own_rules`), so a
new preset is checked without editing a list; every one is checked by the one generic checker,
:func:`~bragkit.testing.conformance.check_conformance` (a house game at one seat).

>>> names = preset_names()
>>> "modern" in names and "casino" in names and len(names) == len(set(names))
True
>>> check_preset("three-card-poker", hands=20, seed=1).hands
20
"""

from __future__ import annotations

from bragkit.errors import RulesError
from bragkit.games import GameSpec, game_rules, house_game
from bragkit.rules import preset_names as rules_preset_names
from bragkit.rules import resolve
from bragkit.testing.conformance import ConformanceReport, check_conformance

__all__ = ["check_preset", "known_preset", "own_rules_game", "preset_names"]


def preset_names() -> list[str]:
    """Every table-game preset, then the presets of the games with their own rules value
    (registry order)."""
    from bragkit.games import specs

    table_games = rules_preset_names()
    own = [n for spec in specs() if spec.own_rules for n in spec.presets]
    return [*table_games, *(n for n in own if n not in table_games)]


def own_rules_game(name: str) -> GameSpec | None:
    """The game with its own rules value whose preset ``name`` is (None: a Rules preset).

    >>> own_rules_game("three-card-poker").house, own_rules_game("modern")
    (True, None)
    """
    return None if name in rules_preset_names() else house_game(name)


def known_preset(name: str) -> str:
    """``name`` if it is a preset the checker covers, else a one-line
    :class:`~bragkit.errors.RulesError`.

    >>> known_preset("casino")
    'casino'
    >>> known_preset("modren")
    Traceback (most recent call last):
    ...
    bragkit.errors.RulesError: unknown preset 'modren'; run with no preset to check all 48
    """
    names = preset_names()
    if name not in names:
        raise RulesError(f"unknown preset {name[:40]!r}; run with no preset to check all "
                         f"{len(names)}")
    return name


def check_preset(name: str, *, hands: int = 1000, players: int = 4, seed: int | None = None,
                 stack: int = 200, probe_every: int = 1,
                 settings: dict[str, object] | None = None,
                 keep_going: bool = False) -> ConformanceReport:
    """Check preset ``name`` with house rules ``settings`` (a house game seats one player:
    ``players`` is ignored and ``stack`` is the bankroll).  Unknown names and bad settings
    raise :class:`~bragkit.errors.RulesError`; ``keep_going`` records broken invariants in
    the report instead of raising."""
    known_preset(name)
    own = own_rules_game(name)
    if own is not None:
        return check_conformance(game_rules(own, name, settings), hands=hands,
                                 players=1 if own.house else players, seed=seed, stack=stack,
                                 probe_every=probe_every, keep_going=keep_going)
    rules = resolve({"preset": name, **(settings or {})})
    return check_conformance(rules, hands=hands, players=players, seed=seed, stack=stack,
                             probe_every=probe_every, keep_going=keep_going)
