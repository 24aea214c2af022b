"""Re-export shim: the casino table moved to :mod:`bragkit.games.casino.table` (listed in
tests/test_layers.py SHIMS; no new code imports it).

>>> CasinoTable.__module__
'bragkit.games.casino.table'
"""

from __future__ import annotations

from bragkit.games.casino.table import (
    CasinoHistory,
    CasinoRecord,
    CasinoReplay,
    CasinoTable,
    Kept,
    casino_pack_ok,
    dumps_casino,
    is_casino_spec,
    load_casino,
    loads_casino,
    paid_chips,
    play_casino_deals,
    replay_casino,
    replay_casino_to,
    replay_table,
    rules_of,
    spec_of,
)

__all__ = ["CasinoHistory", "CasinoRecord", "CasinoReplay", "CasinoTable", "Kept",
           "casino_pack_ok", "dumps_casino", "is_casino_spec", "load_casino", "loads_casino",
           "paid_chips", "play_casino_deals", "replay_casino", "replay_casino_to",
           "replay_table", "rules_of", "spec_of"]
