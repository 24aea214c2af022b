"""Temporary re-export of
:mod:`bragkit.engine.brag.resolve` at its old path (issue 11; listed in
tests/test_layers.py SHIMS; new code imports the new module)."""

from bragkit.engine.brag.resolve import (
    QUALIFYING,
    award,
    best_split,
    chain_frozen,
    cover_showdown,
    end_deal,
    enter_qualify,
    finish_qualify,
    foldout,
    hand_key,
    multiway_showdown,
    return_cards,
    see_showdown,
    settle_hand,
)

__all__ = [
    "QUALIFYING",
    "award",
    "best_split",
    "chain_frozen",
    "cover_showdown",
    "end_deal",
    "enter_qualify",
    "finish_qualify",
    "foldout",
    "hand_key",
    "multiway_showdown",
    "return_cards",
    "see_showdown",
    "settle_hand",
]
