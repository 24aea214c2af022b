"""Temporary re-export of
:mod:`bragkit.engine.brag.family` at its old path (issue 11; listed in
tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.brag.family import (
    CACHE_SIZE,
    FAMILIES,
    BragFamily,
    family_cache_size,
    family_for,
)

__all__ = [
    "CACHE_SIZE",
    "FAMILIES",
    "BragFamily",
    "family_cache_size",
    "family_for",
]
