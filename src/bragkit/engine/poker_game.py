"""Temporary re-export of :mod:`bragkit.engine.poker.game` at its old path (issue 11;
listed in tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.poker.game import (
    CACHE_SIZE,
    FOSTER_KEYS,
    GENERAL_KEYS,
    POKER_GAMES,
    PokerGame,
    foreign_keys,
    poker_game_cache_size,
    poker_game_for,
)

__all__ = ["CACHE_SIZE", "FOSTER_KEYS", "GENERAL_KEYS", "POKER_GAMES", "PokerGame",
           "foreign_keys", "poker_game_cache_size", "poker_game_for"]
