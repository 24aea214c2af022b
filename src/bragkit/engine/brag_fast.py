"""Temporary re-export of
:mod:`bragkit.engine.brag.fast` at its old path (issue 11; listed in
tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.brag.fast import (
    fast,
)

__all__ = [
    "fast",
]
