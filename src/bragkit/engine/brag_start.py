"""Temporary re-export of
:mod:`bragkit.engine.brag.start` at its old path (issue 11; listed in
tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.brag.start import (
    start_deal,
)

__all__ = [
    "start_deal",
]
