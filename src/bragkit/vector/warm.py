"""``python -m bragkit.vector.warm``: compile the vector engine's numba kernels into numba's
on-disk cache now.

The first process that steps :class:`~bragkit.vector.VectorBrag` on a fresh install compiles
its kernels (230 to 320 s of CPU on the project's 2-core test machine; 25 s with
``BRAGKIT_NUMBA_INLINE=never``); later processes load them from the cache in a second.
A user may run it once after installing (``brag simulate`` would otherwise pay it on its
first vector run).  Without numba (the pure-Python fallback) there is nothing to compile and
it returns at once.

>>> from bragkit.vector.warm import main, warm
>>> callable(warm) and callable(main)
True
"""

from __future__ import annotations

import secrets
import sys
import time

from bragkit.vector import VectorBrag
from bragkit.vector._jit import BACKEND

__all__ = ["warm"]


def warm(steps: int = 40, seed: int | None = None) -> str:
    """Step the configurations the kernels are compiled for (sessions with carried and
    retained hands, heads-up covers, observations, Teen Patti; ``seed`` None: unpredictable
    cards, which compile the same kernels); answer the backend."""
    if seed is None:  # an int, as the callers' seeds are (the same compiled signatures)
        seed = secrets.randbelow(2**31)
    configs: list[tuple[str, int, dict[str, object], bool]] = [
        ("modern", 6, {}, True),
        ("modern", 2, {"short_stack_policy": "cover", "blind_winner_policy": "wins"}, False),
        ("teen-patti", 4, {}, False),
    ]
    for preset, players, rules, session in configs:
        v = VectorBrag(preset, players, 8, seed=seed, stack=40, rules=rules, session=session,
                       observe=True)
        v.reset(seed=seed)
        for _ in range(steps):
            v.step_random()
            v.step(v.random_actions())
    return BACKEND


def main() -> int:
    """Warm the cache and say how long it took."""
    started = time.process_time()
    backend = warm()
    print(f"bragkit.vector: {backend} kernels ready "
          f"({time.process_time() - started:.1f} s of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
