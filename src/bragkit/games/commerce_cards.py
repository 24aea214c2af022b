"""Temporary re-export of :mod:`bragkit.games.commerce.cards` at its old path (issue 11;
listed in tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.games.commerce.cards import arg_cards, card_args, exchange_args

__all__ = ["arg_cards", "card_args", "exchange_args"]
