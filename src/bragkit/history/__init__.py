"""Hand histories: the JSON format, loading and saving, and replay.

>>> from bragkit.engine import Session
>>> from bragkit.rules import get_preset
>>> t = Session(get_preset("modern"), [10, 10], dealer=0, seed=3)
>>> t.apply_text("p2 look"); t.apply_text("p2 bet 1"); t.apply_text("p1 fold")
>>> h = history_of(t)
>>> h.deals
(('p2 look', 'p2 bet 1', 'p1 fold'),)
>>> replay(loads(dumps(h))).summary()["stacks"]
[9, 11]
"""

from bragkit.history.format import (
    FORMAT,
    AnyHistory,
    HandHistory,
    dumps,
    from_dict,
    is_table_history,
    load,
    loads,
)
from bragkit.history.replay import ReplayResult, history_of, replay
from bragkit.history.seat import seat_history, seat_text

__all__ = [
    "FORMAT",
    "AnyHistory",
    "HandHistory",
    "ReplayResult",
    "dumps",
    "from_dict",
    "history_of",
    "is_table_history",
    "load",
    "loads",
    "replay",
    "seat_history",
    "seat_text",
]
