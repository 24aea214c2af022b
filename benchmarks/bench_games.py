"""Random-play throughput of every other game (poker-style, Commerce) next to modern Brag,
in one run.

For every game it measures, in CPU time of this process (``time.process_time``, steadier than
wall-clock time on a shared machine), the median of ``--repeats`` runs of:

* **random play**: a table (``open_table``) driven by a uniformly random legal policy (a legal
  action uniformly at random, then a uniformly random amount or argument), restarting with
  fresh stacks when a session ends or after ``--table-deals`` deals (default 100, see
  :func:`random_play`); and
* **conformance**: :func:`bragkit.testing.check_conformance` (the same random play plus every
  invariant check and the illegal-action probes after every decision).

It prints decisions/s of each and the ratio to modern Brag measured in the same run (the
runs are interleaved so that changing machine load affects every game alike); the bar is at
least half of modern Brag's figure (``ok``).

    .venv/bin/python benchmarks/bench_games.py                    # 4 players, 3 repeats
    .venv/bin/python benchmarks/bench_games.py --players 6 --decisions 50000
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

GAMES = ("modern", "foster", "american", "three-stake", "three-stake-draw", "brag-poker",
         "commerce", "commerce-32", "commerce-hoyle", "commerce-widow", "commerce-widow-stakes",
         "commerce-widow-hoyle", "commerce-widow-britannica", "commerce-pounce")


def random_play(preset: str, players: int, decisions: int, seed: int,
                table_deals: int | None = 100) -> float:
    """Decisions per second of uniformly random legal play.

    A table restarts with fresh stacks when its session ends or, with ``table_deals``, after
    that many deals.  A table keeps only each deal's inputs and action strings (not its
    states), so a table that never ends (Foster's limit keeps stacks alive for thousands of
    deals) costs about as much per deal as a short one; what still differs in a long table
    is the play itself (stacks drift apart, seats go broke, deals get shorter).
    """
    rules = get_preset(preset)
    rng = random.Random(seed)
    choice = rng.choice
    table = open_table(rules, [1000] * players, dealer=0, seed=seed)
    done = 0
    gc.collect()
    start = time.process_time()
    while done < decisions:
        if table.over or (table_deals is not None and table.deal_no >= table_deals):
            table = open_table(rules, [1000] * players, dealer=0, seed=rng.randrange(1 << 30))
        table.apply(choice(table.legal_actions()).sample(rng))
        done += 1
    return done / (time.process_time() - start)


def conformance(preset: str, players: int, hands: int, seed: int) -> float:
    """Decisions per second of the conformance checker (checks and probes included)."""
    gc.collect()
    start = time.process_time()
    report = check_conformance(get_preset(preset), hands=hands, players=players, seed=seed)
    return report.decisions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=30_000)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--table-deals", type=int, default=100,
                        help="restart a table after this many deals (0: only when it ends)")
    parser.add_argument("--game", action="append", choices=GAMES[1:],
                        help="only these games next to modern (repeatable)")
    args = parser.parse_args()
    table_deals = args.table_deals or None
    games = ("modern", *args.game) if args.game else GAMES

    for game in games:  # warm-up: ranking tables, imports
        random_play(game, args.players, 500, args.seed)
    plays: dict[str, list[float]] = {game: [] for game in games}
    checks: dict[str, list[float]] = {game: [] for game in games}
    for i in range(args.repeats):  # interleaved, so that load changes hit every game alike
        for game in games:
            plays[game].append(random_play(game, args.players, args.decisions, args.seed + i,
                                           table_deals))
            checks[game].append(conformance(game, args.players, args.hands, args.seed + i))
    rows = [(game, statistics.median(plays[game]), statistics.median(checks[game]))
            for game in games]
    base_play, base_check = rows[0][1], rows[0][2]
    print(f"{args.players} players, uniformly random legal policy, median of {args.repeats}; "
          f"tables restart after {table_deals or 'their last'} deals")
    print(f"{'game':26} {'random play/s':>14} {'vs modern':>10} {'checker/s':>11} "
          f"{'vs modern':>10}")
    for game, play, check in rows:
        ok = "ok" if min(play / base_play, check / base_check) >= 0.5 else "BELOW HALF"
        print(f"{game:26} {play:14,.0f} {play / base_play:9.2f}x {check:11,.0f} "
              f"{check / base_check:9.2f}x  {ok if game != 'modern' else ''}")


if __name__ == "__main__":
    main()
