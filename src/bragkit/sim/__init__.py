"""Simulating bots at scale: seeded blocks, processes or Ray, statistics with 95% intervals.

>>> from bragkit.rules import get_preset
>>> out = simulate(SimConfig(get_preset("modern"), ("heuristic", "random"), hands=20, seed=2))
>>> out["hands"], [b["name"] for b in out["bots"]], sum(b["net"] for b in out["bots"]) + out["pot"]
(20, ['heuristic', 'random'], 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bragkit.sim.runner import (
    BlockResult,
    SimConfig,
    block_count,
    parse_bots,
    run_block,
    run_blocks,
)
from bragkit.sim.stats import ci95, summarize

__all__ = [
    "BlockResult",
    "SimConfig",
    "block_count",
    "ci95",
    "parse_bots",
    "run_block",
    "run_blocks",
    "run_job",
    "simulate",
    "summarize",
]


def run_job(config: SimConfig, jobs: int = 1, backend: str = "local",
            address: str | None = None,
            progress: Callable[[int], None] | None = None) -> list[BlockResult]:
    """Run every block of ``config`` in ``jobs`` local processes, or on Ray
    (``backend="ray"``, at ``address``), or on the vectorised engine (``backend="vector"``,
    one process, every bot an array policy: :mod:`bragkit.sim.vector_sim`); the results
    come back in block order.

    >>> from bragkit.rules import get_preset
    >>> cfg = SimConfig(get_preset("modern"), ("random", "random"), hands=30, block=20)
    >>> [r.hands for r in run_job(cfg)]
    [20, 10]
    """
    if backend == "vector":
        from bragkit.sim.vector_sim import run_vector

        results = run_vector(config)
        if progress:
            progress(config.hands)
        return results
    if backend == "ray":
        from bragkit.sim.ray_backend import run_blocks_ray

        return run_blocks_ray(config, address, progress)
    return run_blocks(config, jobs, progress)


def simulate(config: SimConfig, jobs: int = 1, backend: str = "local",
             address: str | None = None,
             progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Run ``config`` (see :func:`run_job`) and return its summary (see :func:`summarize`)."""
    return summarize(config.bots, run_job(config, jobs, backend, address, progress))
