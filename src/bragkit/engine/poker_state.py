"""Temporary re-export of :mod:`bragkit.engine.poker.state` at its old path (issue 11;
listed in tests/test_layers.py SHIMS; new code imports the new module).  ``PokerSeatView``
is the one :class:`~bragkit.engine.contract.SeatView`."""

from bragkit.engine.contract import SeatView
from bragkit.engine.poker.core import NOBODY, ONLY, PokerWork
from bragkit.engine.poker.state import PokerState

PokerSeatView = SeatView

__all__ = ["NOBODY", "ONLY", "PokerSeatView", "PokerState", "PokerWork"]
