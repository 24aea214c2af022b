"""The Ray backend gives the same totals as a local run (a local Ray started by the test)."""

from __future__ import annotations

import pytest

from bragkit.rules import get_preset
from bragkit.sim import SimConfig, run_blocks, summarize

ray = pytest.importorskip("ray")


def test_ray_backend_matches_local_run() -> None:
    from bragkit.sim.ray_backend import run_blocks_ray

    cfg = SimConfig(get_preset("modern"), ("heuristic", "random", "tracker"), hands=80,
                    seed=9, block=20)
    local = summarize(cfg.bots, run_blocks(cfg, jobs=1))
    # a small local Ray: one worker, a small object store, no dashboard
    ray.init(num_cpus=1, object_store_memory=80 * 1024 * 1024, include_dashboard=False,
             log_to_driver=False, configure_logging=False)
    try:
        seen: list[int] = []
        remote = summarize(cfg.bots, run_blocks_ray(cfg, progress=seen.append))
    finally:
        ray.shutdown()
    assert remote == local
    assert sorted(seen) == [20, 20, 20, 20]
