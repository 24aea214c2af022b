"""Temporary re-export of :mod:`bragkit.games.commerce.widow` at its old path (issue 11;
listed in tests/test_layers.py SHIMS; new code imports the new module).  Its ``GAMES`` is
declared by :mod:`bragkit.games.commerce` only, so the registry sees it once."""

from bragkit.games.commerce.widow import (
    LIVES_KEYS,
    WIDOW_GAME,
    WIDOW_KEYS,
    WidowGame,
    horse_price,
)

__all__ = ["LIVES_KEYS", "WIDOW_GAME", "WIDOW_KEYS", "WidowGame", "horse_price"]
