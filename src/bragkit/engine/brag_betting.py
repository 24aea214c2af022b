"""Temporary re-export of
:mod:`bragkit.engine.brag.betting` at its old path (issue 11; listed in
tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.brag.betting import (
    BragBetting,
    next_in_turn,
)

__all__ = [
    "BragBetting",
    "next_in_turn",
]
