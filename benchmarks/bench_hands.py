"""Hand-evaluation speed: bragkit's fast paths against the naive brag baseline.

Run: ``.venv/bin/python benchmarks/bench_hands.py`` (about 20 s).  Prints hands/s
(median of 5 repeats after a warm-up) for

* the integer fast path (``Ranking.ids_ranker()`` over id triples),
* the public API on Card values (``Ranking.evaluate(cards)``),
* the numpy batch (``Ranking.rank_batch``) and the best-of-five batch,
* the naive classifier of ``../shared/anchors/brag_baselines.py`` in the same
  run (when that folder is present), with the ratios;

and the wall clock of ``brag odds --cards 5 --json``, the import time of the
core and the peak RSS of a process that has ranked hands.  Targets (issue 2):
10 M/s, 2 M/s, 150 M/s, under 5 s, under 150 ms, under 60 MiB.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ANCHORS = ROOT.parent / "shared" / "anchors"


def median_rate(run: Callable[[], object], count: int, repeats: int) -> float:
    run()
    rates = []
    for _ in range(repeats):
        gc.collect()
        start = time.perf_counter()
        run()
        rates.append(count / (time.perf_counter() - start))
    return statistics.median(rates)


def subprocess_seconds(args: list[str], repeats: int = 3) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=12345)
    args = parser.parse_args()

    import numpy as np

    from bragkit.cards import card_from_id
    from bragkit.hands import get_ranking
    from bragkit.hands.batch import rank_best_batch

    rng = random.Random(args.seed)
    ids = [tuple(rng.sample(range(52), 3)) for _ in range(args.hands)]
    cards = [tuple(card_from_id(i) for i in h) for h in ids]
    modern = get_ranking("modern")
    rank = modern.ids_ranker()
    evaluate = modern.evaluate
    rows: list[tuple[str, float, str]] = []

    def fast() -> None:
        for h in ids:
            rank(h)

    def public() -> None:
        for h in cards:
            evaluate(h)

    fast_rate = median_rate(fast, len(ids), args.repeats)
    rows.append(("integer fast path (ids_ranker)", fast_rate, ">= 10 M/s"))
    public_rate = median_rate(public, len(cards), args.repeats)
    rows.append(("public API on Card values (evaluate)", public_rate, ">= 2 M/s"))

    big = np.array([rng.sample(range(52), 3) for _ in range(2_000_000)], dtype=np.int8)
    batch_rate = median_rate(lambda: modern.rank_batch(big), len(big), args.repeats)
    rows.append(("numpy batch, 2 M three-card hands", batch_rate, ">= 150 M/s"))
    five = np.array([rng.sample(range(52), 5) for _ in range(500_000)], dtype=np.int8)
    five_rate = median_rate(lambda: rank_best_batch(modern, five), len(five), args.repeats)
    rows.append(("numpy batch, best 3 of 5 with discards", five_rate, ""))

    naive_rate = None
    if (ANCHORS / "brag_baselines.py").exists():
        sys.path.insert(0, str(ANCHORS))
        from brag_baselines import naive_key  # type: ignore[import-not-found]

        def naive() -> None:
            for h in ids:
                naive_key(h)

        naive_rate = median_rate(naive, len(ids), args.repeats)
        rows.append(("anchor: naive pure-Python classifier", naive_rate, "baseline"))

    print(f"{'benchmark':44} {'hands/s':>14}  {'x naive':>8}  target")
    for name, rate, target in rows:
        ratio = f"{rate / naive_rate:8.1f}" if naive_rate else "       -"
        print(f"{name:44} {rate:14,.0f}  {ratio}  {target}")

    brag = str(ROOT / ".venv" / "bin" / "brag")
    if not os.path.exists(brag):
        brag = "brag"
    odds5 = subprocess_seconds([brag, "odds", "--cards", "5", "--json"])
    print(f"\nbrag odds --cards 5 --json: {odds5:.2f} s wall clock (target < 5 s, aim 1 s)")
    bare = subprocess_seconds([sys.executable, "-c", "pass"], 5)
    core = subprocess_seconds([sys.executable, "-c", "import bragkit, bragkit.hands"], 5)
    print(f"import bragkit (core): {1000 * (core - bare):.0f} ms over a bare interpreter "
          f"({1000 * core:.0f} ms in all; target < 150 ms)")
    probe = ("import random\nfrom bragkit.hands import get_ranking\nm=get_ranking('modern')\n"
             "r=random.Random(1)\nfor _ in range(200000): m.evaluate(r.sample(m.pack, 3))\n"
             "print([l for l in open('/proc/self/status') if l.startswith('VmHWM')][0])")
    out = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True,
                         text=True).stdout
    kib = int(out.split()[1])
    print(f"peak RSS after ranking 200,000 hands: {kib / 1024:.1f} MiB (target < 60 MiB)")


if __name__ == "__main__":
    main()
