"""Casino 3 Card Brag exact analysis: class counting against brute-force enumeration.

Run: ``.venv/bin/python benchmarks/bench_casino.py`` (about 5 s).  In one run it prints

* the time of the exact analysis by strength class with card removal
  (:func:`bragkit.analysis.casino.analyse`, main game and side bet, cold
  per-hand tables, median of 5),
* the time of a straightforward numpy enumeration of all 407,170,400 deals
  (every player hand against every dealer hand, overlapping deals masked out),
  which must give identical per-hand counts (checked),
* the wall clock of ``brag casino analyse --json`` in a fresh interpreter
  (median of 5), the issue's budget being 1 s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

from bragkit.analysis.casino import DEALER_HANDS, PLAYER_HANDS, analyse, hand_table
from bragkit.games.casino import CasinoRules

ROOT = Path(__file__).resolve().parent.parent
I64 = npt.NDArray[np.int64]


def brute_force(ranking: str, qualifier: int, chunk: int = 400) -> tuple[I64, I64, I64, I64]:
    """Count, by enumerating every deal, each player hand's non-qualifying/win/tie/loss hands."""
    table = hand_table(ranking, qualifier)
    combos, rank = table.combos, table.rank
    masks = np.zeros(PLAYER_HANDS, dtype=np.uint64)
    for col in range(3):
        masks |= np.left_shift(np.uint64(1), combos[:, col].astype(np.uint64))
    out = [np.zeros(PLAYER_HANDS, dtype=np.int64) for _ in range(4)]
    dealer_q = rank >= qualifier
    for start in range(0, PLAYER_HANDS, chunk):
        stop = min(start + chunk, PLAYER_HANDS)
        apart = (masks[start:stop, None] & masks[None, :]) == 0
        mine = rank[start:stop, None]
        qualified = apart & dealer_q[None, :]
        out[0][start:stop] = np.count_nonzero(apart & ~dealer_q[None, :], axis=1)
        out[1][start:stop] = np.count_nonzero(qualified & (rank[None, :] < mine), axis=1)
        out[2][start:stop] = np.count_nonzero(qualified & (rank[None, :] == mine), axis=1)
        out[3][start:stop] = np.count_nonzero(qualified & (rank[None, :] > mine), axis=1)
    return out[0], out[1], out[2], out[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--preset", default="casino")
    args = parser.parse_args()
    rules = CasinoRules.preset(args.preset)
    analyse(rules)  # warm-up: ranking tables, imports

    times = []
    for _ in range(args.repeats):
        hand_table.cache_clear()
        start = time.perf_counter()
        result = analyse(rules)
        times.append(time.perf_counter() - start)
    fast = statistics.median(times)

    start = time.perf_counter()
    counts = brute_force(rules.ranking, rules.qualifier_rank)
    brute = time.perf_counter() - start
    table = hand_table(rules.ranking, rules.qualifier_rank)
    same = all(np.array_equal(x, y) for x, y in zip(
        counts, (table.not_qualified, table.wins, table.ties, table.losses), strict=True))
    total = int(sum(int(c.sum()) for c in counts))

    walls = []
    command = [str(Path(sys.executable).parent / "brag"), "casino", "analyse", "--json",
               "--preset", args.preset]
    for _ in range(args.repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT)
        walls.append(time.perf_counter() - start)
    wall = statistics.median(walls)

    print(f"preset {args.preset}: house edge {float(result.house_edge):.6%} "
          f"= {result.house_edge}, pair bonus {float(result.pair_plus_edge):.6%}")
    print(f"class counting with card removal : {fast * 1000:8.1f} ms  (median of {args.repeats})")
    print(f"numpy brute force, {total:,} deals: {brute * 1000:8.1f} ms  "
          f"(x{brute / fast:.0f} slower; counts identical: {same})")
    print(f"brag casino analyse --json (wall) : {wall * 1000:8.1f} ms  (median of {args.repeats}; "
          f"budget 1000 ms)")
    if not same or total != PLAYER_HANDS * DEALER_HANDS:
        sys.exit("MISMATCH between the class counts and the brute force")


if __name__ == "__main__":
    main()
