"""Simulation speed and the bots' acceptance figures.

Run: ``.venv/bin/python benchmarks/bench_sim.py`` (about 30 s).  Prints, for four-player
modern Brag (median of 3 repeats after a warm-up, one process):

* hands/s and decisions/s with ``random`` bots and with ``heuristic`` bots,
* hands/s of ``tracker`` against ``heuristic`` heads-up,
* the scaling from ``--jobs 1`` to ``--jobs 2`` (same seed, same result, checked),
* what the heuristic's precomputed one-opponent table costs against calling
  :func:`bragkit.analysis.equity.equity` per hand.

``--acceptance`` also runs the issue's acceptance figures (about 3 minutes): ``heuristic``
against three ``random`` bots over 20,000 hands, ``tracker`` against ``heuristic`` heads-up
over ``--duel`` hands (default 100,000) with seeds 1 and 2, and ``heuristic`` against itself
(the control), each with its 95% interval (docs/bots.md records them).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from bragkit.rules import get_preset  # noqa: E402
from bragkit.sim import SimConfig, run_blocks, summarize  # noqa: E402


def timed(cfg: SimConfig, jobs: int = 1) -> tuple[float, dict[str, object]]:
    start = time.perf_counter()
    out = summarize(cfg.bots, run_blocks(cfg, jobs=jobs))
    return time.perf_counter() - start, out


def rate(bots: tuple[str, ...], hands: int, repeats: int) -> tuple[float, float]:
    cfg = SimConfig(get_preset("modern"), bots, hands=hands, seed=1)
    timed(SimConfig(get_preset("modern"), bots, hands=200, seed=2))  # warm-up
    times = []
    decisions = 0
    for _ in range(repeats):
        seconds, out = timed(cfg)
        times.append(seconds)
        decisions = int(out["decisions"])  # type: ignore[call-overload]
    median = statistics.median(times)
    return hands / median, decisions / median


def table_cost() -> None:
    from bragkit.analysis.equity import equity
    from bragkit.bots.strength import one_opponent_table
    from bragkit.hands import get_ranking

    rk = get_ranking("teen-patti")  # not yet built in this process
    start = time.perf_counter()
    one_opponent_table(rk)
    build = time.perf_counter() - start
    start = time.perf_counter()
    for hand in ("As Ah Ad", "Qs Qd 7c", "2c 3d 5h", "Kh Jd 9s", "7s 6s 4d") * 20:
        equity(hand, ranking=rk)
    per_call = (time.perf_counter() - start) / 100
    table = one_opponent_table(rk)
    start = time.perf_counter()
    for _ in range(100_000):
        table.lookup((51, 47, 43))
    lookup = (time.perf_counter() - start) / 100_000
    print(f"one-opponent table: built in {build * 1000:.0f} ms for all 22,100 hands; "
          f"lookup {lookup * 1e6:.2f} us; equity() {per_call * 1000:.2f} ms per hand "
          f"(the whole table by equity() would take ~{22_100 * per_call:.0f} s)")


def acceptance(duel: int, jobs: int) -> None:
    for bots, hands, seed in ((("heuristic", "random", "random", "random"), 20_000, 1),
                              (("tracker", "heuristic"), duel, 1),
                              (("tracker", "heuristic"), duel, 2),
                              (("heuristic", "heuristic"), 20_000, 1)):  # the control
        cfg = SimConfig(get_preset("modern"), bots, hands=hands, seed=seed)
        seconds, out = timed(cfg, jobs)
        print(f"\n{','.join(bots)}: {hands} hands, seed {seed}, {seconds:.0f} s "
              f"(brag simulate --bots {','.join(bots)} -n {hands} --seed {seed} "
              f"--jobs {jobs})")
        for b in out["bots"]:  # type: ignore[attr-defined]
            ci = b["ci95"]
            print(f"  {b['name']:<10} net {b['net']:+9d}  per hand {b['per_hand']:+.3f}  "
                  f"95% CI [{ci[0]:+.3f}, {ci[1]:+.3f}]  win {b['win_rate']:.1%}  "
                  f"see {b['see_rate']:.1%}  fold {b['fold_rate']:.1%}")
        print(f"  chips left on the table: {out['pot']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--acceptance", action="store_true")
    parser.add_argument("--duel", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    n = args.hands
    for label, bots in (("random x4", ("random",) * 4), ("heuristic x4", ("heuristic",) * 4),
                        ("tracker vs heuristic", ("tracker", "heuristic"))):
        hands_s, dec_s = rate(bots, n, args.repeats)
        print(f"{label:<22} {hands_s:8.0f} hands/s  {dec_s:9.0f} decisions/s  (jobs 1)")
    cfg = SimConfig(get_preset("modern"), ("heuristic",) * 4, hands=2 * n, seed=3)
    ones, twos = [], []
    for _ in range(args.repeats):
        one, out1 = timed(cfg, 1)
        two, out2 = timed(cfg, 2)
        assert out1 == out2, "the result must not depend on --jobs"
        ones.append(one)
        twos.append(two)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"heuristic x4, {2 * n} hands: jobs 1 {min(ones):.2f} s, jobs 2 {min(twos):.2f} s "
          f"(best of {args.repeats}), speed-up {min(ones) / min(twos):.2f}x, same result; "
          f"{os.cpu_count()} CPUs, load average {load:.1f} (other processes share them)")
    table_cost()
    if args.acceptance:
        acceptance(args.duel, args.jobs)


if __name__ == "__main__":
    main()
