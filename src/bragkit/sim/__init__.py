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
    "simulate",
    "summarize",
]


def simulate(config: SimConfig, jobs: int = 1, backend: str = "local",
             address: str | None = None,
             progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Run ``config`` and return its summary (see :func:`summarize`)."""
    if backend == "ray":
        from bragkit.sim.ray_backend import run_blocks_ray

        blocks = run_blocks_ray(config, address, progress)
    else:
        blocks = run_blocks(config, jobs, progress)
    return summarize(config.bots, blocks)
