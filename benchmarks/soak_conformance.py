"""Soak test (not in CI): many random hands per preset through the conformance checkers.

Every preset (:func:`bragkit.testing.preset_names`: every rules preset and every casino
preset) plays ``--hands`` random hands (default 10^6) in chunks of ``--chunk`` hands, each
chunk with its own seed (derived from ``--seed``, the preset and the chunk number) and a
table size cycling through ``--players``.  The checkers run with ``keep_going``: a broken
invariant is counted, its first message kept, and play goes on at a new table.  A rich
progress bar follows the run; at the end a table gives per preset the hands, the hands per
second of one core, the broken invariants and the first one, then the total.

    nice .venv/bin/python benchmarks/soak_conformance.py                       # 10^6 each
    nice .venv/bin/python benchmarks/soak_conformance.py --hands 5000 --jobs 2
    .venv/bin/python benchmarks/soak_conformance.py --presets modern,casino --hands 20000

Exit status: 0 when nothing broke, 1 when an invariant broke, 2 on a usage error.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
import zlib
from dataclasses import dataclass, field

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from bragkit.errors import BragError
from bragkit.testing import check_preset, preset_names
from bragkit.testing.run import is_casino, known_preset


@dataclass(frozen=True)
class Chunk:
    """One unit of work: ``hands`` hands of ``preset`` at ``players`` seats."""

    preset: str
    number: int
    hands: int
    players: int
    seed: int
    stack: int


@dataclass
class Tally:
    """What the chunks of one preset added up to."""

    hands: int = 0
    decisions: int = 0
    probes: int = 0
    seconds: float = 0.0
    broken: int = 0
    first: str = ""
    errors: list[str] = field(default_factory=list)


def run_chunk(chunk: Chunk) -> tuple[Chunk, int, int, int, float, list[str], str]:
    """Play one chunk; returns (chunk, hands, decisions, probes, seconds, broken, error)."""
    start = time.process_time()
    try:
        report = check_preset(chunk.preset, hands=chunk.hands, players=chunk.players,
                              seed=chunk.seed, stack=chunk.stack, keep_going=True)
    except BragError as error:  # the rules cannot be played at this size: say so
        return chunk, 0, 0, 0, time.process_time() - start, [], str(error)
    return (chunk, report.hands, report.decisions, report.illegal_probes,
            time.process_time() - start, report.failures, "")


def chunks_of(names: list[str], hands: int, size: int, players: list[int], seed: int,
              stack: int) -> list[Chunk]:
    """Every chunk of the run, interleaved across presets (so progress shows on all)."""
    per: dict[str, list[Chunk]] = {}
    for name in names:
        base = zlib.crc32(name.encode()) ^ seed
        todo, number, out = hands, 0, []
        while todo > 0:
            k = min(size, todo)
            seats = 1 if is_casino(name) else players[number % len(players)]
            out.append(Chunk(name, number, k, seats, (base * 1_000_003 + number) % (1 << 62),
                             stack))
            todo -= k
            number += 1
        per[name] = out
    mixed: list[Chunk] = []
    for i in range(max((len(c) for c in per.values()), default=0)):
        mixed.extend(c[i] for c in per.values() if i < len(c))
    return mixed


def _parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="soak_conformance",
                                     description="Random hands per preset through the checker.")
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands per preset")
    parser.add_argument("--presets", default="", help="comma-separated (default: every one)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=500, help="hands per work unit")
    parser.add_argument("--players", default="2,3,4,5,6",
                        help="table sizes to cycle through (casino: one player)")
    parser.add_argument("--stack", type=int, default=200)
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Run the soak; the exit status (0 clean, 1 broken, 2 usage error)."""
    args = _parse(argv)
    console = Console(stderr=True)
    try:
        names = [known_preset(n.strip()) for n in args.presets.split(",") if n.strip()] \
            or preset_names()
        players = [int(p) for p in args.players.split(",")]
        if args.hands < 1 or args.jobs < 1 or args.chunk < 1 or not players:
            raise ValueError("--hands, --jobs and --chunk must be at least 1")
    except (BragError, ValueError) as error:
        print(f"soak_conformance: {error}", file=sys.stderr)
        return 2
    work = chunks_of(names, args.hands, args.chunk, players, args.seed, args.stack)
    tallies = {name: Tally() for name in names}
    left = {name: args.hands for name in names}
    wall = time.perf_counter()
    columns = (TextColumn("{task.description:26}"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]:>9} hands/s  broken {task.fields[broken]}"),
               TimeElapsedColumn())
    with Progress(*columns, console=console) as progress:
        total = progress.add_task("all presets", total=args.hands * len(names), rate="",
                                  broken=0)
        tasks = {n: progress.add_task(n, total=args.hands, rate="", broken=0) for n in names}
        with multiprocessing.Pool(args.jobs) as pool:
            for chunk, hands, decisions, probes, seconds, broken, problem in \
                    pool.imap_unordered(run_chunk, work):
                t = tallies[chunk.preset]
                t.hands += hands
                t.decisions += decisions
                t.probes += probes
                t.seconds += seconds
                t.broken += len(broken)
                if broken and not t.first:
                    t.first = broken[0]
                if problem:
                    t.errors.append(f"{chunk.players} players: {problem}")
                rate = f"{t.hands / t.seconds:,.0f}" if t.seconds else ""
                progress.update(tasks[chunk.preset], advance=chunk.hands, rate=rate,
                                broken=t.broken)
                left[chunk.preset] -= chunk.hands
                if not console.is_terminal and not left[chunk.preset]:  # a log, not a bar
                    print(f"{chunk.preset:26} {t.hands:9,} hands {rate:>7} hands/s "
                          f"broken {t.broken}", file=sys.stderr, flush=True)
                done = sum(x.broken for x in tallies.values())
                elapsed = time.perf_counter() - wall
                progress.update(total, advance=chunk.hands, broken=done,
                                rate=f"{sum(x.hands for x in tallies.values()) / elapsed:,.0f}")
    return _summary(tallies, time.perf_counter() - wall, args)


def _summary(tallies: dict[str, Tally], wall: float, args: argparse.Namespace) -> int:
    out = Console()
    if not out.is_terminal:
        out = Console(width=160)
    table = Table(title=f"conformance soak: {args.hands:,} hands asked per preset, "
                        f"seed {args.seed}, {args.jobs} jobs")
    for column in ("preset", "hands", "decisions", "illegal probes", "hands/s (1 core)",
                   "broken", "first broken invariant / unplayable sizes"):
        table.add_column(column, overflow="fold")
    for name, t in tallies.items():
        note = t.first[:200] or "; ".join(sorted(set(t.errors)))[:200]
        rate = f"{t.hands / t.seconds:,.0f}" if t.seconds else "-"
        table.add_row(name, f"{t.hands:,}", f"{t.decisions:,}", f"{t.probes:,}", rate,
                      str(t.broken), note)
    hands = sum(t.hands for t in tallies.values())
    broken = sum(t.broken for t in tallies.values())
    cpu = sum(t.seconds for t in tallies.values())
    table.add_row("TOTAL", f"{hands:,}", f"{sum(t.decisions for t in tallies.values()):,}",
                  f"{sum(t.probes for t in tallies.values()):,}",
                  f"{hands / cpu:,.0f}" if cpu else "-", str(broken),
                  f"wall {wall:,.0f} s, {hands / wall:,.0f} hands/s over {args.jobs} jobs")
    out.print(table)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
