"""The turn order of a table, worked out once: every engine's "next seat clockwise".

>>> AFTER[4][1]
(2, 3, 0, 1)
"""

from __future__ import annotations

from typing import Final

from bragkit.limits import MAX_SEATS

__all__ = ["AFTER"]

AFTER: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple((seat + step) % n for step in range(1, n + 1)) for seat in range(n))
    for n in range(MAX_SEATS + 1))
"""``AFTER[n][seat]``: the seats of an ``n``-seat table clockwise after ``seat``, ending with
``seat`` itself."""
