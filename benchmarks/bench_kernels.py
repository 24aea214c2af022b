"""Batch kernels against plain numpy peers, each measured in fresh processes (issue 15).

Run: ``.venv/bin/python benchmarks/bench_kernels.py`` (about a minute; ``--quick`` for
fewer processes).  Every figure is printed with its peer, measured in the same run:

* ``Ranking.rank_batch`` on an ``(N, 3)`` int32 array against a numpy flat-index gather
  ``flat[h[:, 0] * 2704 + h[:, 1] * 52 + h[:, 2]]`` (the anchors' ``numpy_flat``), at
  200,000 and 2,000,000 rows.  Each fresh process times both, alternating, so both see
  the same allocator; the ratio is the median over processes of each process's ratio
  (medians of the timed calls), and the first (cold) call is reported too.
* ``equity()`` exact against one opponent and against two, and the same call of the
  numpy baseline of the anchors (precomputed strengths and 64-bit masks of all 22,100
  hands; one opponent only).
* Start-up: CPU time (user + system) of ``brag odds --help`` and ``brag --help``.
* ``brag odds --cards 5 --json`` against ``benchmarks/odds_peer.py`` (a short numpy
  brute force over every five-card hand), whole-process wall clock, best of several.
* Building the ranking tables with the cache off, and loading them from the cache.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BRAG = ROOT / ".venv" / "bin" / "brag"
PEER = Path(__file__).resolve().parent / "odds_peer.py"


# ---------------------------------------------------------------- children (fresh processes)
def _random_hands(n: int, seed: int) -> object:
    import numpy as np

    rng = np.random.default_rng(seed)
    a = rng.integers(0, 52, n)
    b = rng.integers(0, 51, n)
    b += b >= a
    c = rng.integers(0, 50, n)
    lo, hi = np.minimum(a, b), np.maximum(a, b)
    c += c >= lo
    c += c >= hi
    return np.ascontiguousarray(np.stack([a, b, c], axis=1).astype(np.int32))


def child_rank_batch(n: int, seed: int, calls: int) -> dict[str, float]:
    import numpy as np

    from bragkit.hands import get_ranking

    modern = get_ranking("modern")
    table64 = modern.numpy_table()
    flat52 = table64.reshape(64, 64, 64)[:52, :52, :52].ravel().copy()
    h = _random_hands(n, seed)
    assert isinstance(h, np.ndarray)

    def baseline() -> object:
        return flat52[h[:, 0] * 2704 + h[:, 1] * 52 + h[:, 2]]

    def bragkit() -> object:
        return modern.rank_batch(h)

    assert np.array_equal(np.asarray(baseline()), np.asarray(bragkit()))
    times: dict[str, list[float]] = {"baseline": [], "bragkit": []}
    cpu: dict[str, list[float]] = {"baseline": [], "bragkit": []}
    order = [("bragkit", bragkit), ("baseline", baseline)]
    for i in range(calls):
        for name, run in (order if i % 2 else order[::-1]):
            start, start_cpu = time.perf_counter(), time.process_time()
            run()
            times[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - start_cpu)
    out = {}
    for name, seconds in times.items():
        out[f"{name}_cold"] = n / seconds[0]
        out[name] = n / statistics.median(seconds[1:])
        out[f"{name}_best"] = n / min(seconds[1:])
        out[f"{name}_cpu"] = n / max(statistics.median(cpu[name][1:]), 1e-9)
    return out


def child_equity(repeats: int) -> dict[str, float]:
    import itertools
    import random

    import numpy as np

    from bragkit.analysis.equity import equity
    from bragkit.hands import get_ranking

    modern = get_ranking("modern")
    rng = random.Random(7)
    heroes = [" ".join(str(c) for c in rng.sample(modern.pack, 3)) for _ in range(200)]
    # the anchors' numpy baseline: strengths and masks of every hand, built once
    combos = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int64)
    masks = ((np.int64(1) << combos[:, 0]) | (np.int64(1) << combos[:, 1])
             | (np.int64(1) << combos[:, 2]))
    flat = modern.flat_table
    strength = modern.numpy_table()[combos[:, 0] * 4096 + combos[:, 1] * 64 + combos[:, 2]]
    ids = [tuple(c.id for c in modern.evaluate(h).kept) for h in heroes]

    def baseline() -> None:
        for a, b, c in ids:
            mine = flat[(a << 12) | (b << 6) | c]
            ok = (masks & ((1 << a) | (1 << b) | (1 << c))) == 0
            s = strength[ok]
            np.count_nonzero(s < mine)
            np.count_nonzero(s == mine)

    def one() -> None:
        for h in heroes:
            equity(h)

    two_heroes = heroes[:40]

    def two() -> None:
        for h in two_heroes:
            equity(h, opponents=2)

    equity(heroes[0])
    equity(heroes[0], opponents=2)
    baseline()
    out = {}
    for name, run, count in (("baseline_one_us", baseline, len(ids)),
                             ("one_us", one, len(heroes)), ("two_us", two, len(two_heroes))):
        wall, cpu = [], []
        for _ in range(repeats):
            start, start_cpu = time.perf_counter(), time.process_time()
            run()
            wall.append((time.perf_counter() - start) / count * 1e6)
            cpu.append((time.process_time() - start_cpu) / count * 1e6)
        out[name] = statistics.median(wall)
        out[f"{name}_cpu"] = statistics.median(cpu)
    return out


def child_tables() -> dict[str, float]:
    from bragkit.hands.registry import REGISTRY, _pack

    out = {}
    for name in ("modern", "foster", "commerce"):
        entry = REGISTRY[name]
        full = {k: o.default for k, o in entry.options.items()}
        ranking = entry.load()({}, _pack(full))
        start = time.process_time()
        ranking.flat_table  # noqa: B018 - builds or loads
        out[name] = time.process_time() - start
    return out


# ---------------------------------------------------------------- parent
def _child(args: list[str], env: dict[str, str] | None = None) -> dict[str, float]:
    done = subprocess.run([sys.executable, __file__, "--child", *args], capture_output=True,
                          text=True, check=True, env=env)
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def cpu_seconds(args: list[str], repeats: int) -> float:
    """Median user + system CPU seconds of a command (its own process)."""
    values = []
    for _ in range(repeats):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(args, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        values.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(values)


def wall_seconds(args: list[str], repeats: int) -> tuple[float, str]:
    """Best wall clock of a command and its output."""
    best = float("inf")
    out = ""
    for _ in range(repeats):
        start = time.perf_counter()
        out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        best = min(best, time.perf_counter() - start)
    return best, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer processes and repeats")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, *rest = args.child
        if kind == "rank_batch":
            result = child_rank_batch(int(rest[0]), int(rest[1]), int(rest[2]))
        elif kind == "equity":
            result = child_equity(int(rest[0]))
        else:
            result = child_tables()
        print(json.dumps(result))
        return

    processes = 3 if args.quick else 7
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
    print("rank_batch against the numpy flat gather (modern, int32 (N, 3) input; "
          f"{processes} fresh processes each)")
    print("(median: median wall clock of each process's calls; best: its fastest call; cpu:\n"
          " median CPU time of its calls, steadier on a loaded machine)")
    print(f"{'rows':>10} {'calls':>6} {'numpy M/s':>10} {'bragkit M/s':>12} {'ratio':>6} "
          f"{'min':>6} {'cold ratio':>10}  goal >= 1.2x")
    for n, calls in ((200_000, 21), (2_000_000, 9)):
        runs = [_child(["rank_batch", str(n), str(seed), str(calls)], env)
                for seed in range(processes)]
        for kind, suffix in (("median", ""), ("best", "_best"), ("cpu", "_cpu")):
            ratios = [r[f"bragkit{suffix}"] / r[f"baseline{suffix}"] for r in runs]
            print(f"{n:>10,} {kind:>6} "
                  f"{statistics.median(r[f'baseline{suffix}'] for r in runs) / 1e6:>10.0f} "
                  f"{statistics.median(r[f'bragkit{suffix}'] for r in runs) / 1e6:>12.0f} "
                  f"{statistics.median(ratios):>5.2f}x {min(ratios):>5.2f}x", end="")
            if not suffix:
                cold = [r["bragkit_cold"] / r["baseline_cold"] for r in runs]
                print(f" {statistics.median(cold):>9.2f}x", end="")
            print()

    eq = _child(["equity", "3" if args.quick else "5"], env)
    print("\nequity(), exact, modern, per call (median of repeats over 200 / 40 random hands)")
    for clock, suffix in (("wall", ""), ("cpu", "_cpu")):
        one, base, two = (eq[f"{k}{suffix}"] for k in ("one_us", "baseline_one_us", "two_us"))
        print(f"  {clock:4} one opponent {one:8.1f} us (goal <= 30 us; the anchors' numpy "
              f"baseline {base:.1f} us, {one / base:.2f}x); two opponents {two:7.1f} us "
              f"(goal <= 393 us, 1/3 of 1,180)")

    repeats = 5 if args.quick else 11
    print("\nstart-up, CPU time (user + system), median of", repeats)
    for command in (["odds", "--help"], ["--help"], ["equity", "--help"]):
        seconds = cpu_seconds([str(BRAG), *command], repeats)
        print(f"  brag {' '.join(command):14} {seconds:6.3f} s")
    bare = cpu_seconds([sys.executable, "-c", "import numpy"], repeats)
    print(f"  (python -c 'import numpy': {bare:.3f} s)")

    rounds = 3 if args.quick else 7
    ours, out = wall_seconds([str(BRAG), "odds", "--cards", "5", "--json"], rounds)
    peer, peer_out = wall_seconds([sys.executable, str(PEER)], rounds)
    same = json.loads(out)["categories"] == json.loads(peer_out)
    ours_cpu = cpu_seconds([str(BRAG), "odds", "--cards", "5", "--json"], rounds)
    peer_cpu = cpu_seconds([sys.executable, str(PEER)], rounds)
    print(f"\nbrag odds --cards 5 --json against a numpy brute force (benchmarks/odds_peer.py),"
          f" whole processes; same counts: {same}")
    print(f"  wall (best of {rounds}): {ours:.3f} s against {peer:.3f} s, {ours / peer:.2f}x "
          f"(goal < 1)")
    print(f"  CPU (median of {rounds}): {ours_cpu:.3f} s against {peer_cpu:.3f} s, "
          f"{ours_cpu / peer_cpu:.2f}x")

    with tempfile.TemporaryDirectory() as folder:
        off = _child(["tables"], {**env, "BRAG_CACHE_DIR": "off"})
        _child(["tables"], {**env, "BRAG_CACHE_DIR": folder})
        cached = _child(["tables"], {**env, "BRAG_CACHE_DIR": folder})
    print("\nranking tables, CPU time: " + ", ".join(
        f"{name} built {1000 * off[name]:.0f} ms, loaded {1000 * cached[name]:.1f} ms"
        for name in off))


if __name__ == "__main__":
    main()
