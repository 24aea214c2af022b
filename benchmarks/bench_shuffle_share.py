"""How much of a table's time goes to shuffling, and what a nearly free shuffle would change.

For each preset, one run of ``--decisions`` decisions under the uniformly random legal policy
(``bench_engine.run_table``) with every ``shuffle_ids`` call timed: prints decisions/s,
decisions per deal, the shuffles made, their mean cost and their share of the run's time.

``--stand-in`` instead measures paired ratios to modern (each run after a modern run, median of
``--repeats``), first with the exact shuffle, then with a nearly free stand-in: a random
rotation of the pack, *not* a shuffle, so the games are different ones. It is a measurement of
what the shuffle's cost weighs in the ratio, never a way to play.

    taskset -c 1 .venv/bin/python benchmarks/bench_shuffle_share.py three-stake foster american
    taskset -c 1 .venv/bin/python benchmarks/bench_shuffle_share.py --stand-in three-stake
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import bench_engine
import bragkit.engine.poker.session as poker_session
import bragkit.engine.session as brag_session
from bragkit.engine.pack import shuffle_ids
from bragkit.rules import preset_names

Shuffle = Callable[[random.Random, list[int]], None]


def use(shuffle: Shuffle) -> None:
    """Make the brag-style and poker-style tables shuffle with ``shuffle``."""
    name = "shuffle_ids"  # (each table module's own name for it: a measurement)
    for module in (brag_session, poker_session):
        setattr(module, name, shuffle)


def rotation(rng: random.Random, cards: list[int]) -> None:
    """The stand-in: the pack cut at a random place (one draw, C-level slicing)."""
    k = rng.getrandbits(5) % max(len(cards), 1)
    cards[:] = cards[k:] + cards[:k]


def shares(names: list[str], decisions: int, seed: int) -> None:
    spent = [0.0, 0.0]
    clock = time.perf_counter

    def timed(rng: random.Random, cards: list[int]) -> None:
        start = clock()
        shuffle_ids(rng, cards)
        spent[0] += clock() - start
        spent[1] += 1

    use(timed)
    for name in names:
        bench_engine.run_table(name, 6, 20_000, seed, clock)  # warm-up
        spent[:] = [0.0, 0.0]
        seconds, done, hands = bench_engine.run_table(name, 6, decisions, seed, clock)
        each = spent[0] / spent[1] * 1e6 if spent[1] else 0.0
        print(f"{name}: {done / seconds:,.0f} decisions/s, {done / max(hands, 1):.2f} "
              f"decisions a deal, {spent[1]:,.0f} shuffles of {each:.2f} us, "
              f"{spent[0] / seconds:.1%} of the time")
    use(shuffle_ids)


def stand_in(names: list[str], decisions: int, repeats: int, seed: int) -> None:
    clock = time.process_time
    for label, shuffle in (("exact shuffle", shuffle_ids), ("nearly free stand-in", rotation)):
        use(shuffle)
        for name in ["modern", *names]:
            bench_engine.run_table(name, 6, 20_000, seed, clock)
        ratios: dict[str, list[float]] = {name: [] for name in names}
        for i in range(repeats):
            for name in names:
                seconds, done, _ = bench_engine.run_table("modern", 6, decisions, seed + i, clock)
                modern = done / seconds
                seconds, done, _ = bench_engine.run_table(name, 6, decisions, seed + i, clock)
                ratios[name].append(done / seconds / modern)
        shown = ", ".join(f"{n} {statistics.median(r):.2f}" for n, r in ratios.items())
        print(f"{label}: paired ratio to modern (median of {repeats}): {shown}", flush=True)
    use(shuffle_ids)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("presets", nargs="+")
    parser.add_argument("--decisions", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--stand-in", action="store_true",
                        help="paired ratios with the exact shuffle and with a nearly free one")
    args = parser.parse_args()
    unknown = [p for p in args.presets if p not in preset_names()]
    if unknown:
        parser.error(f"unknown presets: {', '.join(unknown)}")
    if not 1 <= args.decisions <= 10_000_000 or not 1 <= args.repeats <= 1000:
        parser.error("--decisions must be 1-10,000,000 and --repeats 1-1000")
    if args.stand_in:
        stand_in(args.presets, args.decisions, args.repeats, args.seed)
    else:
        shares(args.presets, args.decisions, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
