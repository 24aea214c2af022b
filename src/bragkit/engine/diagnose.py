"""Temporary re-export of
:mod:`bragkit.engine.brag.diagnose` at its old path (issue 11; listed in
tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.brag.diagnose import (
    diagnose,
)

__all__ = [
    "diagnose",
]
