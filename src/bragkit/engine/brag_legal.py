"""Temporary re-export of
:mod:`bragkit.engine.brag.legal` at its old path (issue 11; listed in
tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.brag.legal import (
    borrow_need,
    see_cost_now,
)

__all__ = [
    "borrow_need",
    "see_cost_now",
]
