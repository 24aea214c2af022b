"""The benchmark scripts' own behaviour (not speed): benchmarks/bench_against.py (this tree
against another revision) and benchmarks/bench_shuffle_share.py (the shuffle's share of a run)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCHMARKS / script), *args], capture_output=True,
                          text=True, cwd=BENCHMARKS.parent, timeout=300)


def test_against_head_prints_both_trees_and_their_ratio() -> None:
    done = _run("bench_against.py", "HEAD", "--rounds", "1", "--repeats", "1", "--decisions", "300",
                "--then", "1000")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "round 1/1: HEAD" in out and "| this tree" in out
    assert "HEAD: median" in out and "this tree: median" in out
    assert "ratio this tree / HEAD:" in out
    assert "at the machine speed of the day HEAD ran at 1,000: this tree ~" in out


def test_unknown_revision_is_one_clear_error() -> None:
    done = _run("bench_against.py", "no-such-revision-xyz", "--rounds", "1")
    assert done.returncode == 2
    assert "git cannot give revision 'no-such-revision-xyz'" in done.stderr
    assert "Traceback" not in done.stderr


def test_absurd_counts_are_refused() -> None:
    done = _run("bench_against.py", "HEAD", "--decisions", "0")
    assert done.returncode == 2 and "--decisions must be between" in done.stderr
    done = _run("bench_against.py", "HEAD", "--players", "1")
    assert done.returncode == 2 and "--players must be at least 2" in done.stderr


def test_share_counts_the_shuffles_of_a_shuffling_game() -> None:
    done = _run("bench_shuffle_share.py", "foster", "--decisions", "400")
    assert done.returncode == 0, done.stderr
    line = done.stdout.strip()
    assert line.startswith("foster: ") and "decisions a deal" in line and "of the time" in line
    shuffles = int(line.split(" shuffles of ")[0].rsplit(" ", 1)[1].replace(",", ""))
    assert shuffles > 0  # foster shuffles every deal


def test_unknown_preset_and_absurd_counts_are_refused() -> None:
    done = _run("bench_shuffle_share.py", "no-such-preset")
    assert done.returncode == 2 and "unknown presets: no-such-preset" in done.stderr
    done = _run("bench_shuffle_share.py", "foster", "--decisions", "0")
    assert done.returncode == 2 and "--decisions must be" in done.stderr
    assert "Traceback" not in done.stderr
