"""This tree's engine against another revision's, on the same machine in the same minutes.

The two trees run in alternating child processes (``PYTHONPATH`` set to each tree's
``src``; the other revision is unpacked by ``git archive`` into a temporary directory), each
timing the same loop: ``--preset`` at ``--players`` seats under a uniformly random legal
policy (``benchmarks/bench_engine.run_brag``'s loop, written here against the public
``Session``/``open_table`` that every revision since 1 December has), CPU time, after a
warm-up.  A busy spell on a shared machine slows both trees alike, so the paired ratio
(this tree's rate over the revision's, round by round) moves far less than either rate.

Prints each round's rates, then for each tree the median and best rate and the median of the
paired ratios.  ``--then RATE`` (the revision's rate when a target was set, e.g. issue 11's
85,000-91,000 at 226c2b1) also prints this tree's rate scaled to that day's machine speed.

    taskset -c 1 .venv/bin/python benchmarks/bench_against.py 226c2b1 --then 88000
    .venv/bin/python benchmarks/bench_against.py HEAD~5 --preset commerce --rounds 4
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import gc, json, random, sys, time
from bragkit.rules import get_preset
try:
    from bragkit.engine import open_table
except ImportError:  # a revision before open_table: brag-style tables only
    from bragkit.engine import Session as open_table
preset, players, decisions, repeats, seed = sys.argv[1], *map(int, sys.argv[2:6])
def run(n, seed):
    rules = get_preset(preset)
    rng = random.Random(seed)
    choice = rng.choice
    table = open_table(rules, [1000] * players, dealer=0, seed=seed)
    done = 0
    gc.collect()
    start = time.process_time()
    while done < n:
        if table.over:
            table = open_table(rules, [1000] * players, dealer=0, seed=rng.randrange(1 << 30))
        legal = table.legal_actions()
        table.apply(choice(legal).sample(rng))
        done += 1
    return n / (time.process_time() - start)
run(3000, seed)
print(json.dumps([run(decisions, seed + i) for i in range(repeats)]))
"""
"""The timed child: the loop of ``bench_engine.run_brag``, in a separate process per tree.
Written out rather than imported from ``bench_engine`` or ``bench_games``: the child runs
against the other revision's engine, which may lack what those scripts import (``table_view``,
``open_table``), and both trees must time the very same loop."""


def unpack(rev: str, into: Path) -> Path:
    """``rev``'s ``src`` unpacked under ``into`` (BenchError naming the revision if git
    cannot give it)."""
    done = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, "src"],
                          capture_output=True)
    if done.returncode != 0:
        message = done.stderr.decode(errors="replace").strip().splitlines()
        raise BenchError(f"git cannot give revision {rev!r}: "
                         f"{message[-1] if message else 'no output'}")
    tar_path = into / "src.tar"
    tar_path.write_bytes(done.stdout)
    with tarfile.open(tar_path) as tar:
        if hasattr(tarfile, "data_filter"):  # (Python 3.11.4 on)
            tar.extractall(into, filter="data")
        else:
            tar.extractall(into)
    return into / "src"


class BenchError(Exception):
    """A benchmark that cannot run (an unknown revision, a failing child)."""


def child_rates(src: Path, cache: Path, preset: str, players: int, decisions: int,
                repeats: int, seed: int) -> list[float]:
    """The rates one child process measures with ``src`` first on its path."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONPYCACHEPREFIX=str(cache),
               OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-c", CHILD, preset, str(players), str(decisions),
                           str(repeats), str(seed)], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        tail = "\n".join(done.stderr.strip().splitlines()[-5:])
        raise BenchError(f"the run with {src} failed:\n{tail}")
    rates: list[float] = json.loads(done.stdout.strip().splitlines()[-1])
    return rates


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("rev", help="the other revision (a commit, tag or branch)")
    parser.add_argument("--preset", default="modern")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--decisions", type=int, default=20_000,
                        help="decisions per timed run (default 20,000)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per child process")
    parser.add_argument("--rounds", type=int, default=6,
                        help="child processes per tree, alternating (default 6)")
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument("--then", type=float, default=None, metavar="RATE",
                        help="the revision's decisions/s when a target was set: also print "
                             "this tree's rate at that day's machine speed")
    args = parser.parse_args()
    for name in ("players", "decisions", "repeats", "rounds"):
        if getattr(args, name) < 1 or getattr(args, name) > 10_000_000:
            parser.error(f"--{name} must be between 1 and 10,000,000")
    if args.players < 2:
        parser.error("--players must be at least 2")
    with tempfile.TemporaryDirectory(prefix="bench-against-") as tmp:
        base = Path(tmp)
        try:
            other = unpack(args.rev, base)
            ours: list[float] = []
            theirs: list[float] = []
            paired: list[float] = []
            for r in range(args.rounds):
                seed = args.seed + r * args.repeats
                a = child_rates(other, base / "cache-rev", args.preset, args.players,
                                args.decisions, args.repeats, seed)
                b = child_rates(ROOT / "src", base / "cache-tree", args.preset, args.players,
                                args.decisions, args.repeats, seed)
                theirs += a
                ours += b
                paired.append(statistics.median(b) / statistics.median(a))
                print(f"round {r + 1}/{args.rounds}: {args.rev} "
                      f"{' '.join(f'{x:,.0f}' for x in a)} | this tree "
                      f"{' '.join(f'{x:,.0f}' for x in b)} | ratio {paired[-1]:.2f}x",
                      flush=True)
        except BenchError as error:
            print(f"bench_against: {error}", file=sys.stderr)
            return 2
    print(f"{args.preset}, {args.players} players, uniformly random legal policy, CPU time, "
          f"{args.rounds} x {args.repeats} runs of {args.decisions:,} decisions per tree")
    for name, rates in ((args.rev, theirs), ("this tree", ours)):
        print(f"  {name}: median {statistics.median(rates):,.0f} decisions/s, "
              f"best {max(rates):,.0f}")
    ratio = statistics.median(paired)
    print(f"  ratio this tree / {args.rev}: {ratio:.2f}x (median of the rounds' ratios; "
          f"{min(paired):.2f}-{max(paired):.2f}), best against best "
          f"{max(ours) / max(theirs):.2f}x")
    if args.then is not None:
        print(f"  at the machine speed of the day {args.rev} ran at {args.then:,.0f}: "
              f"this tree ~{ratio * args.then:,.0f} decisions/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
