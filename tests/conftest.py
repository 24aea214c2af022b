"""Test-wide settings.

* No test writes hand histories into the user's data directory.
* Every test process runs numpy's BLAS on one thread (the workers share the cores).
* Hypothesis has no deadline per example (a loaded machine is not a failing test).
* Ranking tables are cached (``bragkit.hands.tables``) in one folder per user under the
  system temp dir, shared by the pytest-xdist workers and by later runs, never in the
  user's own cache.  Set ``BRAG_CACHE_DIR`` to choose another (``off`` rebuilds them).
* ``make test`` runs the suite on every core with pytest-xdist (``--dist loadgroup``).
  Tests that must share one process (one page, one server on a port) are listed in
  :data:`XDIST_GROUPS` (``@pytest.mark.xdist_group`` has no effect with pytest 9.2);
  tests that need a free port take one from the OS (port 0), and files go under
  ``tmp_path``, so workers never collide.
* The longest tests (:data:`LONGEST_FIRST`) are collected first: xdist hands out tests in
  collection order, so none of them is left for the end while the other worker idles.
* ``BRAG_TEST_CPU=FOLDER`` writes each test's CPU seconds (the test process, and the
  subprocesses it waited for) and wall seconds to ``FOLDER/<worker>.tsv``: the suite is
  CPU-bound on two cores, so CPU, not wall time on a shared machine, says what to cut.
  The children's column counts every child reaped during the test, also one an earlier
  test or fixture started (docs/vector.md showed 32 s of it in 1.8 s of wall time).
"""

from __future__ import annotations

import itertools
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Final

import pytest

LONGEST_FIRST: Final = (
    # single tests of 10 s or more (make test --durations), then the files of long tests
    "src/bragkit/solve/score.py::",
    "tests/test_memory_casino.py::test_streamed_casino_replay_memory",
    "tests/test_play_readme.py::", "docs/solver.md::", "src/bragkit/solve/cfr.py::",
    "tests/server/test_kill9_server.py::", "tests/server/test_kill9_store.py::", "docs/web.md::",
    "tests/test_commerce_conformance.py::", "tests/test_three_stake_conformance.py::",
    "tests/web/", "tests/test_foster_conformance.py::", "tests/test_rl_openspiel.py::",
    "tests/test_conformance.py::", "tests/test_brag_poker_conformance.py::",
    "tests/test_american_conformance.py::", "tests/test_memory_packs.py::",
    "tests/test_solve_core.py::", "tests/test_solve_cli.py::", "tests/test_odds.py::",
)
"""Node id prefixes, longest first: these tests are collected before all others."""

XDIST_GROUPS: Final = (
    (re.compile(r"tests/web/test_web_catalog\.py::\w+\[(desktop|phone)\b"), "catalog-{}"),
)
"""Node ids run on one worker, as one unit of ``--dist loadgroup``: (pattern, group name;
``{}`` takes the pattern's first group).  The catalog's tests of one viewport share one
page, which draws each fixture once for its four tests (tests/web/test_web_catalog.py).

``@pytest.mark.xdist_group`` does not group anything with pytest 9.2 and pytest-xdist 3.8:
xdist names the group by assigning ``item._nodeid``, which pytest 9.2 no longer reads
(``Node.nodeid`` is ``str(item._id)``), so the scheduler never sees the ``@group``
suffix; the groups here are given to the scheduler directly
(:func:`pytest_xdist_make_scheduler`)."""

_ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
               "NUMBA_NUM_THREADS")


def _no_hypothesis_deadline() -> None:
    """Hypothesis's 200 ms deadline per example is off for every test (23 tests already said
    ``deadline=None``): on the shared 2-core machine at load 15 a 2 ms example took 371 ms,
    and ``test_replacing_a_wild_by_what_it_stands_for`` failed as flaky.  Speed is measured
    by the benchmarks, in CPU time; a test asserts behaviour.  A test's own ``settings``
    still wins."""
    from hypothesis import settings

    settings.register_profile("bragkit-tests", deadline=None)
    settings.load_profile("bragkit-tests")


_no_hypothesis_deadline()


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


@pytest.fixture
def leaky_casino_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """An injected leak for the casino conformance tests: while a hand is played,
    ``CasinoState.view`` shows the player the dealer's cards."""
    import dataclasses

    from bragkit.engine.contract import SeatView
    from bragkit.games.casino.state import CasinoState

    real = CasinoState.view

    def leaky(self: CasinoState, seat: int) -> SeatView:
        view = real(self, seat)
        if self.hand is None or self.is_over:
            return view
        return dataclasses.replace(view, shown={-1: self.hand.dealer})

    monkeypatch.setattr(CasinoState, "view", leaky)


_HISTORY_DIRS: Final = itertools.count()


@pytest.fixture(scope="session")
def _history_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder under which each test gets its own default history folder."""
    return tmp_path_factory.mktemp("histories")


@pytest.fixture(autouse=True)
def _histories_in_tmp(_history_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point ``brag play`` / ``brag casino play``'s default history folder at a temp folder
    of the test's own, not yet created, in an existing parent (as ``tmp_path / "histories"``
    was).  Not ``tmp_path`` itself: building one for each of the 3,400 tests cost about
    0.5 ms of CPU each, for the few tests that save a history."""
    monkeypatch.setenv("BRAG_HISTORY_DIR", str(_history_root / f"t{next(_HISTORY_DIRS)}"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Put the tests of :data:`LONGEST_FIRST` first, in its order (a stable sort)."""
    def rank(item: pytest.Item) -> int:
        return next((i for i, prefix in enumerate(LONGEST_FIRST)
                     if item.nodeid.startswith(prefix)), len(LONGEST_FIRST))

    items.sort(key=rank)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """``--dist loadgroup`` with :data:`XDIST_GROUPS` (other modes: xdist's own)."""
    if config.getoption("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class Grouped(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            for pattern, name in XDIST_GROUPS:
                found = pattern.match(nodeid)
                if found:
                    return name.format(*found.groups())
            return str(super()._split_scope(nodeid))

    return Grouped(config, log)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    """With ``BRAG_TEST_CPU=FOLDER``: one line per test, ``cpu  children-cpu  wall  nodeid``."""
    folder = os.environ.get("BRAG_TEST_CPU")
    if not folder:
        yield
        return
    import resource

    def cpu(who: int) -> float:
        use = resource.getrusage(who)
        return use.ru_utime + use.ru_stime

    start = (cpu(resource.RUSAGE_SELF), cpu(resource.RUSAGE_CHILDREN), time.perf_counter())
    yield
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    line = (f"{cpu(resource.RUSAGE_SELF) - start[0]:.3f}\t"
            f"{cpu(resource.RUSAGE_CHILDREN) - start[1]:.3f}\t"
            f"{time.perf_counter() - start[2]:.3f}\t{item.nodeid}\n")
    Path(folder).mkdir(parents=True, exist_ok=True)
    with open(Path(folder) / f"{worker}.tsv", "a", encoding="utf-8") as out:
        out.write(line)
