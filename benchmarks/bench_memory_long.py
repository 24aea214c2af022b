"""Memory of long sessions: what a table keeps per deal (issue 10, "Memory").

Run: ``.venv/bin/python benchmarks/bench_memory_long.py [--deals 100000] [--hands 200000]``
(about 10 minutes: tracemalloc is slow).  It plays a seeded Foster session and a seeded
modern session shuffled every deal (each seat folds or stands when it may, else a seeded
random legal action), then a seeded casino session (ante 1, play), and prints for each:
the objects the table keeps (records, packs, casino hands) and the growth of the memory
traced by ``tracemalloc`` per deal between the first tenth of the run and its end.
"""

from __future__ import annotations

import argparse
import random
import tracemalloc
from typing import Any

from bragkit.engine.table import open_table
from bragkit.games.casino import CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.rules import get_preset


def _kept(table: Any) -> str:
    packs = len(table.packs_used)
    count = getattr(table, "packs_count", packs)
    return f"records kept {len(table.records)}, packs kept {packs} of {count}"


def _table_run(name: str, rules: Any, deals: int) -> None:
    table = open_table(rules, [10**9] * 4, dealer=0, seed=11)
    rng = random.Random(3)
    mark = deals // 10
    tracemalloc.start()
    base = 0
    while table.deal_no < deals:
        legal = table.legal_actions()
        folds = [la for la in legal if la.kind in ("fold", "stand")]
        table.apply((folds[0] if folds else rng.choice(legal)).sample(rng))
        if table.deal_no == mark and not base:
            base = tracemalloc.get_traced_memory()[0]
    end = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    print(f"{name}: {deals} deals; {_kept(table)}; traced memory {end / 1e6:.1f} MB, "
          f"growth {(end - base) / (deals - mark):.1f} B/deal over deals {mark}..{deals}")


def _casino_run(hands: int) -> None:
    table = CasinoSession(CasinoRules.preset("casino"), [10**9], seed=11, deal_step=False)
    mark = hands // 10
    tracemalloc.start()
    base = 0
    for k in range(hands):
        table.apply_text("p1 ante 1")
        table.apply_text("p1 play")
        if k + 1 == mark:
            base = tracemalloc.get_traced_memory()[0]
    end = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    counted = getattr(table, "hands_finished", len(table.records))
    print(f"casino: {hands} hands; records kept {len(table.records)}, hands kept "
          f"{len(table.finished)}, cards kept {len(table.dealt)} (of {counted}); traced memory "
          f"{end / 1e6:.1f} MB, growth {(end - base) / (hands - mark):.1f} B/hand over hands "
          f"{mark}..{hands}")


def main() -> None:
    """Run the three sessions and print their figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--hands", type=int, default=200_000)
    args = parser.parse_args()
    _table_run("foster", get_preset("foster"), args.deals)
    _table_run("modern shuffled", get_preset("modern").replace(pack_policy="shuffle_every_deal"),
               args.deals)
    _casino_run(args.hands)


if __name__ == "__main__":
    main()
