"""Temporary re-export of :mod:`bragkit.games.commerce.session` at its old path (issue 11;
listed in tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.games.commerce.session import CommerceSession

__all__ = ["CommerceSession"]
