"""Seat-view cost in instructions (load-independent): callgrind counts of the bench loop.

For each preset, one process under ``valgrind --tool=callgrind`` warms up, then plays
``--decisions`` decisions of ``--players`` seats under a uniformly random legal policy
twice with the same seed (the same game): plainly, and with the seat view of the seat to act
built at every decision (the loop of ``benchmarks/bench_engine.run_table``).  Only the two loops are
counted: callgrind zeroes its counters before ``os.getppid`` and dumps them before
``os.getegid``, which the child calls around each loop (with one BLAS thread: numpy's pool,
imported on the way, would add its spinning to the counts).  Prints instructions per decision
plain and with views, and the view share ``1 - plain / viewed`` (issue 11's bar: a third).
The child's string hash seed is fixed (``--hash-seed``, 0 by default): under a random one the
counts of the same tree move by about 1-2% (three-stake's viewed loop by ~1.5k instructions,
its share by up to 1.5 points), more than many a change measured.

    .venv/bin/python benchmarks/bench_view_instructions.py modern teen-patti
    .venv/bin/python benchmarks/bench_view_instructions.py --brag --decisions 5000
    .venv/bin/python benchmarks/bench_view_instructions.py --all --decisions 2000
"""

from __future__ import annotations

import argparse
import gc
import glob
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path


def play(preset: str, players: int, decisions: int, seed: int, views: bool) -> None:
    """``bench_engine.run_table``'s loop, without its clock and garbage collection."""
    from bragkit.engine import open_table
    from bragkit.engine.session import table_view
    from bragkit.rules import get_preset

    rules = get_preset(preset)
    rng = random.Random(seed)
    choice = rng.choice
    table = open_table(rules, [1000] * players, dealer=0, seed=seed)
    for _ in range(decisions):
        if table.over:
            table = open_table(rules, [1000] * players, dealer=0, seed=rng.randrange(1 << 30))
        if views:
            view = table_view(table, table.to_act)
            legal = table.legal_actions() if view is None else view.legal
        else:
            legal = table.legal_actions()
        table.apply(choice(legal).sample(rng))


def child(preset: str, players: int, decisions: int, seed: int) -> None:
    """The counted process: warm-up, then the plain loop and the viewing loop (the same
    game), each between a zeroing call and a dumping one.  The warm-up plays the whole game
    once: a one-time cost met late in it (a hand-ranking table loaded when a dealer's choice
    first picks its variant) would otherwise fall in the plain loop, the first counted.  The
    shared actions (engine.actions.interned) are forgotten before each loop, so that both
    loops build the game's actions as a fresh game does, not find them all from the warm-up
    (a widow game's sampled exchanges are mostly new actions)."""
    from bragkit.engine import actions

    play(preset, players, decisions, seed, False)
    play(preset, players, 500, seed, True)
    for views in (False, True):
        actions._INTERNED.clear()
        actions._PLAIN.clear()
        gc.collect()
        os.getppid()  # callgrind --zero-before
        play(preset, players, decisions, seed, views)
        os.getegid()  # callgrind --dump-before


def _total(path: str) -> int:
    """The instruction count of one callgrind dump."""
    for line in Path(path).read_text().splitlines():
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
    raise ValueError(f"no totals in {path}")


def measure(preset: str, players: int, decisions: int, seed: int,
            hash_seed: str = "0") -> tuple[int, int]:
    """(plain, viewed) instructions of ``decisions`` decisions of ``preset`` (the child's
    ``PYTHONHASHSEED`` is ``hash_seed``)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
             "--zero-before=os_getppid", "--dump-before=os_getegid",
             sys.executable, __file__, "--child", preset, "--players", str(players),
             "--decisions", str(decisions), "--seed", str(seed)],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            env={**os.environ, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
                 "PYTHONHASHSEED": hash_seed})
        dumps = sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        plain, viewed = (_total(p) for p in dumps[:2])
    return plain, viewed


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("presets", nargs="*")
    parser.add_argument("--brag", action="store_true",
                        help="every preset that plays on the brag-style engine")
    parser.add_argument("--all", action="store_true", help="every preset")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--decisions", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--hash-seed", default="0",
                        help="the child's PYTHONHASHSEED ('random': unpinned)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.presets[0], args.players, args.decisions, args.seed)
        return
    names = list(args.presets)
    if args.all:
        from bragkit.rules import preset_names

        names += [p for p in preset_names() if p not in names]
    if args.brag:
        from bragkit.engine import BragState, open_table
        from bragkit.rules import get_preset, preset_names

        names += [p for p in preset_names() if p not in names and isinstance(
            open_table(get_preset(p), [1000] * 2, dealer=0, seed=1).state, BragState)]
    print(f"instructions per decision, {args.players} players, {args.decisions:,} decisions,"
          f" seed {args.seed}, hash seed {args.hash_seed} (callgrind)")
    print(f"{'preset':28} {'plain':>9} {'views':>9} {'share':>6}")
    for name in names or ["modern"]:
        plain, viewed = measure(name, args.players, args.decisions, args.seed, args.hash_seed)
        share = 1 - plain / viewed
        print(f"{name:28} {plain / args.decisions:9,.0f} {viewed / args.decisions:9,.0f}"
              f" {share:6.1%}{'  OVER 30%' if share > 0.30 else ''}", flush=True)


if __name__ == "__main__":
    main()
