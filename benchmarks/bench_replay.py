"""Benchmark ``brag replay`` on large histories: wall time, peak RSS and output size.

Generates valid modern-Brag histories of a given size in bytes (two seats, every deal one
blind fold: ``["p2 fold"]``, ``["p1 fold"]``, ... -- about 12 bytes a deal, so 5 MB is
about 400,000 deals) and runs ``brag replay FILE`` (and ``--json``, and ``--as p1``) in a
fresh process each, reading the child's own peak resident set size from ``wait4``.

Run (not part of the test suite)::

    .venv/bin/python benchmarks/bench_replay.py                 # 5 MB and 50 MB
    .venv/bin/python benchmarks/bench_replay.py --sizes 5 --modes text

Each line: size, deals, mode, seconds, peak RSS (MB), output (MB), exit status.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MB = 1_000_000


def write_history(path: Path, size: int) -> int:
    """Write a valid history of about ``size`` bytes to ``path``; return its number of deals."""
    head = '{"rules": "modern", "stacks": [1000000, 1000000], "dealer": "p1", "seed": 1,\n'
    deals = max(1, (size - len(head)) // 12)
    with path.open("w", encoding="ascii") as fh:
        fh.write(head + ' "deals": [\n')
        for d in range(deals):  # dealer p1 first: the non-dealer acts first and folds
            fh.write(('["p2 fold"]' if d % 2 == 0 else '["p1 fold"]')
                     + (",\n" if d < deals - 1 else "\n"))
        fh.write("]}\n")
    return deals


def run(args: list[str], out: Path) -> tuple[float, float, int]:
    """Run ``brag`` with ``args``; (seconds, peak RSS in MB, exit status)."""
    brag = Path(sys.executable).with_name("brag")
    start = time.perf_counter()
    with out.open("wb") as fh:
        child = subprocess.Popen([str(brag), *args], stdout=fh, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    if child.stderr is not None:
        error = child.stderr.read().decode(errors="replace").strip()
        if error:
            print(f"    stderr: {error[:200]}")
        child.stderr.close()
    child.returncode = os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_maxrss / 1024, child.returncode  # ru_maxrss: KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="5,50", help="history sizes in MB (default 5,50)")
    parser.add_argument("--modes", default="text,json,as",
                        help="which outputs to time: text, json, as (default all)")
    options = parser.parse_args()
    modes = {"text": [], "json": ["--json"], "as": ["--as", "p1"]}
    with tempfile.TemporaryDirectory() as tmp:
        for size in (float(s) for s in options.sizes.split(",")):
            history = Path(tmp) / f"h{size:g}.json"
            deals = write_history(history, int(size * MB))
            for mode in options.modes.split(","):
                out = Path(tmp) / "out"
                seconds, rss, code = run(["replay", str(history), *modes[mode]], out)
                print(f"{size:g} MB  {deals:>9,} deals  {mode:<4}  {seconds:7.1f} s  "
                      f"peak RSS {rss:7.1f} MB  output {out.stat().st_size / MB:7.1f} MB  "
                      f"exit {code}", flush=True)


if __name__ == "__main__":
    main()
