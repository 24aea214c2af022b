"""Running a simulation's blocks on a Ray cluster (the optional ``bragkit[distributed]`` extra).

Each block is one Ray task running :func:`bragkit.sim.runner.run_block`, so the totals are
the same as a local run with the same seed.  ``address=None`` joins the Ray instance this
process has already started (``ray.init()``) or starts a local one; give ``"auto"`` or a
``ray://`` address to join a cluster.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bragkit.errors import BragError
from bragkit.sim.runner import BlockResult, SimConfig, block_count, run_block

__all__ = ["run_blocks_ray"]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BragError("the ray backend needs Ray: pip install 'bragkit[distributed]'") from None
    return ray


def run_blocks_ray(config: SimConfig, address: str | None = None,
                   progress: Callable[[int], None] | None = None) -> list[BlockResult]:
    """Run every block of ``config`` as a Ray task; results in block order."""
    ray = _ray()
    started = False
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False,
                 configure_logging=False)
        started = True
    try:
        task = ray.remote(run_block)
        pending = [task.remote(config, i) for i in range(block_count(config))]
        results: list[BlockResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            r: BlockResult = ray.get(done[0])
            results.append(r)
            if progress:
                progress(r.hands)
    finally:
        if started:
            ray.shutdown()
    results.sort(key=lambda r: r.index)
    return results
