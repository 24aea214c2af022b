"""Every preset the checkers cover, and one entry point that checks any of them.

The list comes from the registries (:func:`bragkit.rules.preset_names` and the casino presets of
:data:`bragkit.games.casino.PRESETS`), so a new preset is checked without editing a list.

>>> names = preset_names()
>>> "modern" in names and "casino" in names and len(names) == len(set(names))
True
>>> check_preset("three-card-poker", hands=20, seed=1).hands
20
"""

from __future__ import annotations

from bragkit.errors import RulesError
from bragkit.games.casino import PRESETS as CASINO_PRESETS
from bragkit.games.casino import CasinoRules
from bragkit.rules import preset_names as rules_preset_names
from bragkit.rules import resolve
from bragkit.testing.casino_check import check_casino
from bragkit.testing.conformance import ConformanceReport, check_conformance

__all__ = ["check_preset", "is_casino", "known_preset", "preset_names"]


def preset_names() -> list[str]:
    """Every table-game preset, then every casino preset (registry order)."""
    table_games = rules_preset_names()
    return [*table_games, *(n for n in CASINO_PRESETS if n not in table_games)]


def is_casino(name: str) -> bool:
    """Whether ``name`` is a casino preset (checked by :func:`check_casino`)."""
    return name in CASINO_PRESETS and name not in rules_preset_names()


def known_preset(name: str) -> str:
    """``name`` if it is a preset either checker covers, else a one-line
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
    """Run the right checker on preset ``name`` with house rules ``settings`` (casino: one
    player, ``stack`` is the bankroll and ``players`` is ignored).  Unknown names and bad
    settings raise :class:`~bragkit.errors.RulesError`; ``keep_going`` records broken
    invariants in the report instead of raising."""
    known_preset(name)
    if is_casino(name):
        return check_casino(CasinoRules.preset(name, **(settings or {})), hands=hands,
                            seed=seed, bankroll=stack, probe_every=probe_every,
                            keep_going=keep_going)
    rules = resolve({"preset": name, **(settings or {})})
    return check_conformance(rules, hands=hands, players=players, seed=seed, stack=stack,
                             probe_every=probe_every, keep_going=keep_going)
