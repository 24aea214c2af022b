"""Engine throughput: six-player modern Brag under a uniformly random legal policy.

Each decision picks one of the legal actions uniformly at random, then a uniformly random
amount within its bounds (or argument).  Tables restart with fresh stacks when a session
ends.  Prints decisions/s and hands/s (median of the repeats, one core).  When PokerKit is
importable, it also plays six-handed no-limit hold'em with a uniformly random policy over
{fold, check/call, min-raise} (as ``../shared/anchors/bench_sim.py`` measured it) in the same
run and prints the ratio.

    .venv/bin/python benchmarks/bench_engine.py                 # 6 players, 5 repeats
    .venv/bin/python benchmarks/bench_engine.py --preset teen-patti --players 4
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
from typing import Any

from bragkit.engine import Session
from bragkit.rules import get_preset


def run_brag(preset: str, players: int, decisions: int, seed: int,
             clock: Any = time.perf_counter) -> tuple[float, int, int]:
    """Play until ``decisions`` decisions; return (seconds, decisions, hands)."""
    rules = get_preset(preset)
    rng = random.Random(seed)
    choice = rng.choice
    table = Session(rules, [1000] * players, dealer=0, seed=seed)
    done = 0
    hands = 0
    gc.collect()
    start = clock()
    while done < decisions:
        if table.over:
            table = Session(rules, [1000] * players, dealer=0, seed=rng.randrange(1 << 30))
        before = table.deal_no
        legal = table.legal_actions()
        table.apply(choice(legal).sample(rng))
        done += 1
        if table.deal_no != before:
            hands += 1
    return clock() - start, done, hands


def run_pokerkit(players: int, hands: int, seed: int) -> tuple[float, int, int] | None:
    """PokerKit 6-max NLHE, random over fold / check-call / min-raise; None if missing."""
    try:
        from pokerkit import Automation, NoLimitTexasHoldem
    except ImportError:
        return None
    rng = random.Random(seed)
    automations = tuple(Automation)
    decisions = 0
    gc.collect()
    start = time.perf_counter()
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(automations, False, 0, (1, 2), 2, 400, players)
        while state.status:
            options = []
            if state.can_fold():
                options.append(0)
            if state.can_check_or_call():
                options.append(1)
            if state.can_complete_bet_or_raise_to():
                options.append(2)
            pick = rng.choice(options)
            if pick == 0:
                state.fold()
            elif pick == 1:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to()
            decisions += 1
    return time.perf_counter() - start, decisions, hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--preset", default="modern")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--decisions", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--pokerkit-hands", type=int, default=300)
    parser.add_argument("--cpu-time", action="store_true",
                        help="time with process CPU time (robust on a busy shared machine)")
    args = parser.parse_args()

    clock = time.process_time if args.cpu_time else time.perf_counter
    run_brag(args.preset, args.players, 2000, args.seed)  # warm-up (ranking tables)
    rates, hand_rates, per_hand = [], [], []
    for i in range(args.repeats):
        secs, done, hands = run_brag(args.preset, args.players, args.decisions, args.seed + i,
                                     clock)
        rates.append(done / secs)
        hand_rates.append(hands / secs)
        per_hand.append(done / max(hands, 1))
    dps = statistics.median(rates)
    print(f"bragkit {args.preset}, {args.players} players, uniformly random legal policy"
          f" ({'CPU' if args.cpu_time else 'wall-clock'} time, median of {args.repeats})")
    print(f"  decisions/s: {dps:,.0f} (min {min(rates):,.0f}, max {max(rates):,.0f})")
    print(f"  hands/s:     {statistics.median(hand_rates):,.0f}"
          f"  ({statistics.median(per_hand):.1f} decisions per hand)")
    pk = run_pokerkit(6, args.pokerkit_hands, args.seed)
    if pk is None:
        print("pokerkit: not installed (the anchor measured ~12,100 decisions/s for 6-max "
              "random hold'em on this machine: ../shared/perf-anchors.md)")
        print(f"  ratio vs the anchor: {dps / 12_100:.1f}x")
    else:
        secs, decisions, hands = pk
        pk_rate = decisions / secs
        print(f"pokerkit NLHE 6-max random: {pk_rate:,.0f} decisions/s, "
              f"{hands / secs:,.0f} hands/s")
        print(f"  ratio bragkit/pokerkit (decisions/s): {dps / pk_rate:.1f}x")


if __name__ == "__main__":
    main()
