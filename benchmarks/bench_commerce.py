"""Random play of the Commerce games next to modern Brag, in one run (decisions per second).

Two figures per preset, both under a uniformly random legal policy (a legal action uniformly
at random, then a uniformly random argument) on ``--players`` seats:

* ``checker``: the conformance checker's random play (:func:`bragkit.testing.check_conformance`
  with every invariant and illegal-action probe after every decision), the figure the
  issue's performance goal compares: each game must reach at least half of modern Brag's;
* ``plain``: the same random play through :func:`~bragkit.engine.open_table` with no checks
  (tables restart after ``--table-deals`` deals, as in ``bench_games.py``).

Modern Brag is measured in the same run, interleaved with each preset (modern, preset,
modern, preset, ...), so that load on a shared machine hits both alike; each ratio is the
median of the per-pair ratios, each rate the median of the repeats, after one untimed
warm-up per preset (which builds the ranking tables).

    .venv/bin/python benchmarks/bench_commerce.py                 # 4 players, 3 repeats
    .venv/bin/python benchmarks/bench_commerce.py --repeats 5 --hands 2000
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time

from bragkit.engine import open_table
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


def plain_rate(preset: str, decisions: int, players: int, seed: int,
               table_deals: int = 100) -> float:
    """Decisions per second of random play through open_table, no checks.

    A table restarts when its session ends or after ``table_deals`` deals, so every game
    keeps about the same history in memory (Commerce sessions can run for ever)."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    table = open_table(rules, [200] * players, dealer=0, seed=seed)
    done = 0
    gc.collect()
    start = time.perf_counter()
    while done < decisions:
        if table.over or (table_deals and table.deal_no >= table_deals):
            table = open_table(rules, [200] * players, dealer=0, seed=rng.randrange(1 << 30))
            continue
        table.apply(rng.choice(table.legal_actions()).sample(rng))
        done += 1
    return done / (time.perf_counter() - start)


def measure(preset: str, args: argparse.Namespace) -> dict[str, float]:
    """Median rates of ``preset`` and of modern Brag, interleaved, and the median ratios."""
    checker_rate(preset, 50, args.players, 0)
    rows: list[tuple[float, float, float, float]] = []
    for r in range(args.repeats):
        seed = args.seed + r
        base_c = checker_rate(BASELINE, args.hands, args.players, seed)
        game_c = checker_rate(preset, args.hands, args.players, seed)
        base_p = plain_rate(BASELINE, args.decisions, args.players, seed, args.table_deals)
        game_p = plain_rate(preset, args.decisions, args.players, seed, args.table_deals)
        rows.append((base_c, game_c, base_p, game_p))
    med = statistics.median
    return {"checker": med(g for _, g, _, _ in rows),
            "checker_ratio": med(g / b for b, g, _, _ in rows),
            "modern_checker": med(b for b, _, _, _ in rows),
            "plain": med(g for _, _, _, g in rows),
            "plain_ratio": med(g / b for _, _, b, g in rows),
            "modern_plain": med(b for _, _, b, _ in rows)}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=600, help="checker hands per repeat")
    parser.add_argument("--decisions", type=int, default=10000,
                        help="plain decisions per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--table-deals", type=int, default=100,
                        help="plain: restart a table after this many deals (0: never)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", action="append", choices=PRESETS,
                        help="only these presets (repeatable)")
    args = parser.parse_args()
    checker_rate(BASELINE, 50, args.players, 0)
    print(f"{args.players} players, median of {args.repeats} interleaved repeats "
          f"(checker: {args.hands} hands; plain: {args.decisions} decisions)")
    print(f"{'preset':26} {'checker dec/s':>13} {'modern':>8} {'ratio':>6}  "
          f"{'plain dec/s':>11} {'modern':>8} {'ratio':>6}")
    for preset in args.preset or PRESETS:
        m = measure(preset, args)
        flag = "ok" if m["checker_ratio"] >= 0.5 else "BELOW HALF"
        print(f"{preset:26} {m['checker']:13,.0f} {m['modern_checker']:8,.0f} "
              f"{m['checker_ratio']:6.2f}  {m['plain']:11,.0f} {m['modern_plain']:8,.0f} "
              f"{m['plain_ratio']:6.2f}  {flag}")


if __name__ == "__main__":
    main()
