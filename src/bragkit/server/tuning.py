"""The server process's garbage-collector settings (docs/server.md, "Performance").

A card room holds a large live heap (each table's engine state, its bots, every
connection's protocol objects, about 270,000 tracked objects at 500 tables) that makes
almost no cyclic garbage while it plays: measured under ``benchmarks/bench_server.py``, the
cycles found were the HTTP protocol objects left by each WebSocket upgrade, once per
connection.  CPython's default thresholds still run a full (generation 2) collection every
few seconds at 300 actions/s, and each one walks the whole heap: 110-170 ms of CPU with the
event loop stopped, which was most of the 500-table tail.  :func:`tune_gc` freezes what the
process holds once it is up (the imported modules and the resumed tables are never
scanned again; freezing frees nothing and keeps nothing alive: an object is still freed
when its last reference goes) and makes full collections rare (after ``full_every``
collections of generation 1 instead of 10); the young generations are collected as before,
so short-lived cycles are still freed at once.
"""

from __future__ import annotations

import gc

__all__ = ["FULL_EVERY", "tune_gc"]

FULL_EVERY = 1000
"""Generation-1 collections between two full collections (CPython's default is 10)."""


def tune_gc(full_every: int = FULL_EVERY) -> tuple[int, int, int]:
    """Freeze the heap the process holds now and make full collections rare; the
    thresholds before (to restore them with ``gc.set_threshold``).

    >>> import gc
    >>> before = tune_gc(500)
    >>> gc.get_threshold()[2], gc.get_freeze_count() > 0
    (500, True)
    >>> gc.set_threshold(*before); gc.unfreeze()
    """
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(before[0], before[1], max(1, full_every))
    return before
