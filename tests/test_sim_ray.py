"""The Ray backend gives the same totals as a local run (a local Ray started by the test).

The Ray part runs in a child process, for two reasons:

* **Same code by construction.**  Ray workers are fresh processes that import bragkit when
  they start, while a local run uses the code this process imported when it started; in a
  source tree being edited, the two can differ (an earlier flake: the Ray totals differed
  from the local run).  The child imports a snapshot of the package, and its Ray workers
  inherit the child's ``PYTHONPATH``, so the local run and every worker run the same bytes
  (and :func:`~bragkit.sim.ray_backend.run_blocks_ray` checks it, block by block).
* **Bounded time, clean shutdown.**  The child shuts Ray down in a ``finally``; if it does
  not finish in time, its whole process group (Ray's daemons included) is killed and the
  test fails instead of hanging CI.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import bragkit
from bragkit.errors import BragError
from bragkit.rules import get_preset
from bragkit.sim import SimConfig, run_block
from bragkit.sim.ray_backend import (
    _check_reachable,
    check_same_code,
    code_fingerprint,
    fingerprinted_block,
)

if importlib.util.find_spec("ray") is None:  # ray itself is imported only by the child
    pytest.skip("ray is not installed", allow_module_level=True)

TIMEOUT = 150  # seconds for the child (Ray starts in ~5 s on the project's machine)

CHILD = r'''
import json, sys
import bragkit
from bragkit.rules import get_preset
from bragkit.sim import SimConfig, run_blocks, simulate, summarize
from bragkit.sim.ray_backend import code_fingerprint, run_blocks_ray
import ray

assert bragkit.__file__.startswith(sys.argv[1]), bragkit.__file__
cfg = SimConfig(get_preset("modern"), ("heuristic", "random", "tracker"), hands=80, seed=9,
                block=20)
local = summarize(cfg.bots, run_blocks(cfg, jobs=1))
# a small local Ray: one worker, a small object store, no dashboard
ray.init(num_cpus=1, object_store_memory=80 * 1024 * 1024, include_dashboard=False,
         log_to_driver=False, configure_logging=False)
try:
    @ray.remote
    def where():
        import bragkit
        return bragkit.__file__
    worker_file = ray.get(where.remote())
    seen = []
    remote = summarize(cfg.bots, run_blocks_ray(cfg, progress=seen.append))
    # the public entry point joins the Ray already running (and leaves it running)
    again = simulate(cfg, backend="ray")
    still = ray.is_initialized()
finally:
    ray.shutdown()
print("RESULT " + json.dumps({"local": local, "remote": remote, "again": again,
                              "seen": seen, "worker_file": worker_file, "still": still,
                              "fingerprint": code_fingerprint()}))
'''


def _snapshot(tmp_path: Path) -> Path:
    """A copy of the bragkit package as it is now (what the child and its workers import)."""
    root = tmp_path / "snapshot"
    shutil.copytree(Path(bragkit.__file__).parent, root / "bragkit",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return root


def test_ray_backend_matches_local_run(tmp_path: Path) -> None:
    root = _snapshot(tmp_path)
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}  # a local Ray, ours
    env.update(PYTHONPATH=str(root), RAY_USAGE_STATS_ENABLED="0")
    proc = subprocess.Popen([sys.executable, str(script), str(root)], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        out, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        pytest.fail(f"the Ray run did not finish in {TIMEOUT} s (killed)")
    assert proc.returncode == 0, err[-3000:]
    line = next(x for x in out.splitlines() if x.startswith("RESULT "))
    got = json.loads(line[len("RESULT "):])
    assert got["worker_file"].startswith(str(root))
    assert got["remote"] == got["local"]
    assert got["again"] == got["local"]
    assert got["local"]["hands"] == 80
    assert sorted(got["seen"]) == [20, 20, 20, 20]
    assert got["still"], "simulate() must not shut down a Ray it did not start"
    # the snapshot is this package's code: same fingerprint unless the tree changed meanwhile
    assert len(got["fingerprint"]) == 16


def test_a_block_from_other_code_is_refused() -> None:
    cfg = SimConfig(get_preset("modern"), ("heuristic", "random"), hands=10, seed=1, block=5)
    code, block = fingerprinted_block(cfg, 1)
    assert code == code_fingerprint() and block == run_block(cfg, 1)
    check_same_code(code, code, 1)
    with pytest.raises(BragError, match="block 1 ran on a Ray worker with different bragkit"):
        check_same_code(code, "0" * 16, 1)


def test_an_address_nobody_answers_at_fails_fast() -> None:
    import socket

    with socket.socket() as s:  # a port that was free a moment ago
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(BragError, match="no Ray cluster answers at"):
        _check_reachable(f"127.0.0.1:{port}")
    with pytest.raises(BragError, match="no Ray cluster answers at"):
        _check_reachable(f"ray://127.0.0.1:{port}")
    _check_reachable("auto")  # left to Ray


def test_cli_ray_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from bragkit.cli import main

    for address, message in (("127.0.0.1:1", "no Ray cluster answers at 127.0.0.1:1"),):
        with pytest.raises(SystemExit) as exc:
            main(["simulate", "--backend", "ray", "--address", address, "-n", "5", "--bots",
                  "random,random", "--no-progress"])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1
