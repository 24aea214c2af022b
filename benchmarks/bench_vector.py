"""Vector engine speed: decisions/s of bragkit.vector under uniformly random masked play,
with OpenSpiel's C++ ``leduc_poker`` under random play driven from Python in the same run.

bragkit: ``VectorBrag(preset, players, N, observe=False)``; each step draws one uniformly
random legal slot per table from the masks (``random_actions``, a kernel) and steps every
table (finished tables are redealt in the step); ``step_random`` does both in one kernel
pass (the same moves).  Every step is N decisions.  ``--observe`` also times the steps with
the observation vectors built.  OpenSpiel: ``new_initial_state``,
chance outcomes sampled by probability, a random legal action at each decision node;
decisions (not chance nodes) are counted.  Figures are process CPU time (one core; the
kernels and the loop are single-threaded), the median of ``--repeats``.

``--diff DEALS`` instead runs the differential check (:mod:`bragkit.vector.check`) for
about DEALS deals per case (both presets, 2 to 6 players, modern's sessions with random
retains: two-hand deals, and heads-up covers) and prints deals/s: the long form of
tests/test_vector_diff.py.

    .venv/bin/python benchmarks/bench_vector.py                    # modern, 6 players
    .venv/bin/python benchmarks/bench_vector.py --observe --sizes 1,256,4096
    .venv/bin/python benchmarks/bench_vector.py --diff 20000
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np

from bragkit.rules import get_preset
from bragkit.vector import VectorBrag
from bragkit.vector._jit import BACKEND
from bragkit.vector.check import differential


def run_vector(preset: str, players: int, num_envs: int, decisions: int, seed: int,
               observe: bool, fused: bool = False) -> tuple[float, int, int]:
    """Random masked play: (CPU seconds, decisions, deals finished).  ``fused``: the
    policy inside the step kernel (``step_random``), else ``step(random_actions())``."""
    v = VectorBrag(preset, players=players, num_envs=num_envs, seed=seed, observe=observe)
    v.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(20):  # warm up (compiled kernels load on the first call)
        v.step(v.random_actions(rng))
        v.step_random(rng)
    steps = max(1, decisions // num_envs)
    deals = 0
    start = time.process_time()
    if fused:
        for _ in range(steps):
            term = v.step_random(rng)[2]
            deals += int(term.sum())
    else:
        for _ in range(steps):
            term = v.step(v.random_actions(rng))[2]
            deals += int(term.sum())
    return time.process_time() - start, steps * num_envs, deals


def run_leduc(decisions: int, seed: int) -> tuple[float, int, int]:
    """OpenSpiel leduc_poker, random play from Python: (CPU seconds, decisions, hands)."""
    import random

    import pyspiel

    game = pyspiel.load_game("leduc_poker")
    rng = random.Random(seed)
    done = hands = 0
    start = time.process_time()
    while done < decisions:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                done += 1
        hands += 1
    return time.process_time() - start, done, hands


def median_rate(runs: list[tuple[float, int, int]]) -> tuple[float, float]:
    """Median decisions/s and deals/s of some runs."""
    return (statistics.median(d / s for s, d, _ in runs),
            statistics.median(e / s for s, _, e in runs))


def bench(args: argparse.Namespace) -> dict[str, dict[str, tuple[float, float]]]:
    """Every measurement: ``{"vector": {N: rates}, "observe": {N: rates}, "leduc": ...}``."""
    sizes = [int(x) for x in args.sizes.split(",")]
    out: dict[str, dict[str, tuple[float, float]]] = {"vector": {}, "fused": {},
                                                      "observe": {}, "leduc": {}}
    for n in sizes:
        budget = args.decisions if n >= 256 else max(20_000, args.decisions // 40)
        runs = [run_vector(args.preset, args.players, n, budget, args.seed + r, False)
                for r in range(args.repeats)]
        out["vector"][str(n)] = median_rate(runs)
        runs = [run_vector(args.preset, args.players, n, budget, args.seed + r, False, True)
                for r in range(args.repeats)]
        out["fused"][str(n)] = median_rate(runs)
        if args.observe:
            runs = [run_vector(args.preset, args.players, n, budget // 4, args.seed + r, True)
                    for r in range(args.repeats)]
            out["observe"][str(n)] = median_rate(runs)
    runs = [run_leduc(args.leduc, args.seed + r) for r in range(args.repeats)]
    out["leduc"]["1"] = median_rate(runs)
    return out


def show(args: argparse.Namespace, out: dict[str, dict[str, tuple[float, float]]]) -> None:
    leduc, hands = out["leduc"]["1"]
    print(f"bragkit.vector {args.preset}, {args.players} players, random masked play "
          f"({BACKEND} kernels), CPU time, one core, median of {args.repeats}")
    print(f"{'tables':>8} {'decisions/s':>14} {'deals/s':>12} {'x leduc':>8}")
    for label, note in (("vector", "  step(random_actions())"),
                        ("fused", "  step_random(): the policy in the step kernel"),
                        ("observe", "  step(random_actions()) with observations")):
        for n, (rate, deals) in out[label].items():
            print(f"{n:>8} {rate:>14,.0f} {deals:>12,.0f} {rate / leduc:>8.1f}{note}")
    print(f"OpenSpiel leduc_poker (C++ from Python): {leduc:,.0f} decisions/s, "
          f"{hands:,.0f} hands/s")


def diff(args: argparse.Namespace) -> None:
    total = 0
    start = time.process_time()
    for preset in ("modern", "teen-patti"):
        for players in range(2, 7):
            deals = 0
            seed = args.seed
            while deals < args.diff:
                stats = differential(get_preset(preset), players, num_envs=64, steps=200,
                                     seed=seed)
                deals += stats["deals"]
                seed += 1
            print(f"{preset:>10} {players} players: {deals:,} deals identical")
            total += deals
    for players in range(2, 7):  # modern's sessions: carried pots, retained hands, the pack
        deals = retained = two = 0
        seed = args.seed
        while deals < args.diff:
            stats = differential(get_preset("modern"), players, num_envs=64, steps=200,
                                 seed=seed, exact_amounts=True, session=True)
            deals += stats["deals"]
            retained += stats["retained"]
            two += stats["two_hands"]
            seed += 1
        print(f"modern sessions {players} players: {deals:,} deals identical ({retained:,} "
              f"with a retained hand, {two:,} decisions holding two hands)")
        total += deals
    cover = get_preset("modern").replace(short_stack_policy="cover", blind_winner_policy="wins")
    deals = 0
    seed = args.seed
    while deals < args.diff:  # heads-up covers (HU-Brag-S12's rules), stacks of 12
        deals += differential(cover, 2, num_envs=64, steps=200, seed=seed, stack=12,
                              exact_amounts=True, session=True)["deals"]
        seed += 1
    print(f"modern heads-up covers: {deals:,} deals identical")
    total += deals
    seconds = time.process_time() - start
    print(f"{total:,} deals in {seconds:.1f} s CPU ({total / seconds:,.0f} deals/s, the "
          "reference engine dominating)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--preset", default="modern")
    p.add_argument("--players", type=int, default=6)
    p.add_argument("--sizes", default="1,256,4096")
    p.add_argument("--decisions", type=int, default=4_000_000,
                   help="decisions per run at N >= 256 (N = 1: a 40th)")
    p.add_argument("--leduc", type=int, default=200_000, help="OpenSpiel decisions per run")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--observe", action="store_true", help="also time with observations")
    p.add_argument("--diff", type=int, default=0, help="run the differential check instead")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    if args.diff:
        diff(args)
        return
    out = bench(args)
    if args.json:
        print(json.dumps({"preset": args.preset, "players": args.players,
                          "backend": BACKEND, **out}))
    else:
        show(args, out)


if __name__ == "__main__":
    main()
