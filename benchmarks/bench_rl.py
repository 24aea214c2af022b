"""RL environment speed: AEC steps/s of bragkit.rl.env under random masked play, with
PettingZoo's ``leduc_holdem_v4`` (RLCard inside) measured the same way in the same run.

Each step reads ``env.last()`` (observation and mask of the agent to act) and plays a
uniformly random legal index (``action_space.sample(mask)``); a finished episode is reset.
Steps of finished agents (``step(None)``) are counted too, as PettingZoo's own
``performance_benchmark`` does.  Prints steps/s and episodes/s (median of the repeats, one
core) and the ratio bragkit/leduc.  ``--gym`` also times the Gymnasium wrapper against the
``random`` bot.

    .venv/bin/python benchmarks/bench_rl.py                        # modern, 3 players
    .venv/bin/python benchmarks/bench_rl.py --preset teen-patti --players 2 --steps 20000
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings
from typing import Any

import numpy as np

import bragkit.rl as rl


def run_aec(env: Any, steps: int, seed: int) -> tuple[float, int, int]:
    """Random masked play for ``steps`` steps: (seconds, steps, episodes)."""
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    done = episodes = 0
    start = time.process_time()
    while done < steps:
        obs, _reward, term, trunc, _info = env.last()
        if term or trunc:
            env.step(None)
            if not env.agents:
                episodes += 1
                env.reset()
        else:
            env.step(env.action_space(env.agent_selection).sample(obs["action_mask"]))
        done += 1
    return time.process_time() - start, done, episodes


def run_gym(preset: str, players: int, steps: int, seed: int) -> tuple[float, int, int]:
    """The Gymnasium wrapper against random bots: (seconds, learner steps, episodes)."""
    g = rl.gym_env(preset, players=players, opponents=["random"], seed=seed)
    _obs, info = g.reset(seed=seed)
    rng = np.random.default_rng(seed)
    done = episodes = 0
    start = time.process_time()
    while done < steps:
        legal = np.flatnonzero(info["action_mask"])
        _obs, _r, term, trunc, info = g.step(int(rng.choice(legal)))
        done += 1
        if term or trunc:
            episodes += 1
            _obs, info = g.reset()
    return time.process_time() - start, done, episodes


def median_rate(results: list[tuple[float, int, int]]) -> tuple[float, float]:
    """Median steps/s and episodes/s."""
    return (statistics.median(n / s for s, n, _ in results),
            statistics.median(e / s for s, _, e in results))


def main() -> None:
    """Run the benchmark and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="modern")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--steps", type=int, default=30_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--gym", action="store_true")
    args = ap.parse_args()
    warnings.simplefilter("ignore")
    rows = []
    brag = [run_aec(rl.env(args.preset, args.players), args.steps, args.seed + k)
            for k in range(args.repeats)]
    rows.append((f"bragkit {args.preset} x{args.players} (AEC)", *median_rate(brag)))
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except ImportError as exc:   # rlcard or pygame missing: pip install -e .[bench]
        print(f"leduc_holdem_v4 not measured: {exc}")
    else:
        leduc = [run_aec(leduc_holdem_v4.env(), args.steps, args.seed + k)
                 for k in range(args.repeats)]
        rows.append(("PettingZoo leduc_holdem_v4 (AEC)", *median_rate(leduc)))
    if args.gym:
        gym = [run_gym(args.preset, args.players, args.steps // 3, args.seed + k)
               for k in range(args.repeats)]
        rows.append((f"bragkit {args.preset} x{args.players} (Gymnasium, random bots)",
                     *median_rate(gym)))
    print(f"{'environment':<52} {'steps/s':>10} {'episodes/s':>11}")
    for name, sps, eps in rows:
        print(f"{name:<52} {sps:>10,.0f} {eps:>11,.0f}")
    if len(rows) > 1 and rows[1][0].startswith("PettingZoo"):
        print(f"bragkit / leduc steps/s: {rows[0][1] / rows[1][1]:.2f}")


if __name__ == "__main__":
    main()
