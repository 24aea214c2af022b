"""Casino 3 Card Brag against the house (rules 3.10, 4.9): one package.

* :mod:`~bragkit.games.casino.rules`: :class:`CasinoRules`, paytables and settlement (no
  engine import: the rules reference reads them);
* :mod:`~bragkit.games.casino.hand`: :class:`CasinoHand` (one hand as an immutable value);
* :mod:`~bragkit.games.casino.state`: :class:`CasinoState`, a hand on the one state contract
  (:class:`bragkit.engine.contract.GameState`: bets, decision, reveal);
* :mod:`~bragkit.games.casino.session`: ``CasinoSession``, the one casino table
  (consecutive hands from a bankroll, on the one table contract);
* :mod:`~bragkit.games.casino.table`: the casino hand histories (``bragkit-history/1``) and
  their replay.

This module re-exports the names of the old ``bragkit.games.casino`` module.

>>> CasinoRules.preset("casino").qualifier
'Q-high'
"""

from __future__ import annotations

from bragkit.games.casino.hand import CasinoHand
from bragkit.games.casino.rules import (
    PRESETS,
    TIE_RULES,
    CasinoRules,
    Paytable,
    Settlement,
    class_label,
    pair_plus_units,
    parse_hand_class,
    settle_units,
)

__all__ = [
    "PRESETS",
    "TIE_RULES",
    "CasinoHand",
    "CasinoRules",
    "Paytable",
    "Settlement",
    "class_label",
    "pair_plus_units",
    "parse_hand_class",
    "settle_units",
]
