"""Temporary re-export of :mod:`bragkit.engine.poker.betting` at its old path (issue 11;
listed in tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.poker.betting import PokerBetting, Round, side_pots, split

__all__ = ["PokerBetting", "Round", "side_pots", "split"]
