"""Temporary re-export of :mod:`bragkit.engine.poker.session` at its old path (issue 11;
listed in tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.poker.session import PokerSession

__all__ = ["PokerSession"]
