"""Test-wide settings.

* No test writes hand histories into the user's data directory.
* Every test process runs numpy's BLAS on one thread (the workers share the cores).
* Ranking tables are cached (``bragkit.hands.tables``) in one folder per user under the
  system temp dir, shared by the pytest-xdist workers and by later runs, never in the
  user's own cache.  Set ``BRAG_CACHE_DIR`` to choose another (``off`` rebuilds them).
* ``make test`` runs the suite on every core with pytest-xdist (``--dist loadgroup``).
  Tests that must share one process (one browser, one server on a port) take
  ``@pytest.mark.xdist_group("name")``; tests that need a free port take one from the
  OS (port 0), and files go under ``tmp_path``, so workers never collide.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

_ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
               "NUMBA_NUM_THREADS")


def pytest_configure(config: pytest.Config) -> None:
    """One BLAS thread per test process (and its subprocesses), and the ranking-table cache
    in the shared test folder: both before anything is imported or built.

    The pytest-xdist workers already use every core; OpenBLAS threads on top of them spin
    against each other (the solver's tests ran four times slower in wall time).
    """
    for name in _ONE_THREAD:
        os.environ.setdefault(name, "1")
    if "numpy" in sys.modules:
        from threadpoolctl import threadpool_limits

        threadpool_limits(1)
    if "BRAG_CACHE_DIR" not in os.environ:
        user = os.getuid() if hasattr(os, "getuid") else 0
        os.environ["BRAG_CACHE_DIR"] = str(Path(tempfile.gettempdir())
                                           / f"bragkit-test-cache-{user}")


@pytest.fixture(autouse=True)
def _histories_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point ``brag play`` / ``brag casino play``'s default history folder at a temp dir."""
    monkeypatch.setenv("BRAG_HISTORY_DIR", str(tmp_path / "histories"))
