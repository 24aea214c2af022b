"""Random play of the Commerce games next to modern Brag, in one run (decisions per second).

Two figures per preset, both under a uniformly random legal policy (a legal action uniformly
at random, then a uniformly random argument) on ``--players`` seats:

* ``checker``: the conformance checker's random play (:func:`bragkit.testing.check_conformance`
  with every invariant and illegal-action probe after every decision), the figure the
  issue's performance goal compares: each game must reach at least half of modern Brag's;
* ``plain``: the same random play through :class:`~bragkit.engine.Session` with no checks.

Each figure is the median of the repeats, after one untimed warm-up per preset (which builds
the ranking tables).  Modern Brag is measured in the same run.

    .venv/bin/python benchmarks/bench_commerce.py                 # 4 players, 3 repeats
    .venv/bin/python benchmarks/bench_commerce.py --repeats 5 --hands 2000
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from bragkit.engine import Session
from bragkit.rules import get_preset
from bragkit.testing import check_conformance

BASELINE = "modern"
PRESETS = ("commerce", "commerce-32", "commerce-hoyle", "commerce-widow",
           "commerce-widow-stakes", "commerce-widow-hoyle", "commerce-widow-britannica",
           "commerce-pounce")


def checker_rate(preset: str, hands: int, players: int, seed: int) -> float:
    """Decisions per second of the conformance checker's random play."""
    rules = get_preset(preset)
    gc.collect()
    start = time.perf_counter()
    report = check_conformance(rules, hands=hands, players=players, seed=seed)
    return report.decisions / (time.perf_counter() - start)


def plain_rate(preset: str, decisions: int, players: int, seed: int) -> float:
    """Decisions per second of random play through Session, no checks."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    table = Session(rules, [200] * players, dealer=0, seed=seed)
    done = 0
    gc.collect()
    start = time.perf_counter()
    while done < decisions:
        if table.over:
            table = Session(rules, [200] * players, dealer=0, seed=rng.randrange(1 << 30))
            continue
        table.apply(rng.choice(table.legal_actions()).sample(rng))
        done += 1
    return done / (time.perf_counter() - start)


def measure(preset: str, args: argparse.Namespace) -> tuple[float, float]:
    """Median checker and plain rates of ``preset``."""
    checker_rate(preset, 50, args.players, 0)
    checker = [checker_rate(preset, args.hands, args.players, args.seed + r)
               for r in range(args.repeats)]
    plain = [plain_rate(preset, args.decisions, args.players, args.seed + r)
             for r in range(args.repeats)]
    return statistics.median(checker), statistics.median(plain)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=1000, help="checker hands per repeat")
    parser.add_argument("--decisions", type=int, default=20000,
                        help="plain decisions per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", action="append", choices=PRESETS,
                        help="only these presets (repeatable)")
    args = parser.parse_args()
    base_checker, base_plain = measure(BASELINE, args)
    print(f"{args.players} players, median of {args.repeats} repeats "
          f"(checker: {args.hands} hands; plain: {args.decisions} decisions)")
    print(f"{'preset':28} {'checker dec/s':>14} {'vs modern':>10} {'plain dec/s':>12} "
          f"{'vs modern':>10}")
    print(f"{BASELINE:28} {base_checker:14,.0f} {1:10.2f} {base_plain:12,.0f} {1:10.2f}")
    for preset in args.preset or PRESETS:
        checker, plain = measure(preset, args)
        flag = "ok" if checker >= base_checker / 2 else "BELOW HALF"
        print(f"{preset:28} {checker:14,.0f} {checker / base_checker:10.2f} "
              f"{plain:12,.0f} {plain / base_plain:10.2f}  {flag}")


if __name__ == "__main__":
    main()
