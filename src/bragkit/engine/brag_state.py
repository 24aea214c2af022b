"""Temporary re-export of
:mod:`bragkit.engine.brag.state` at its old path (issue 11; listed in
tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.brag.state import (
    BragState,
    Work,
    parse_action,
)

__all__ = [
    "BragState",
    "Work",
    "parse_action",
]
