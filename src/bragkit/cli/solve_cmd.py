"""``brag solve``: solve heads-up Brag (HU-Brag-S12) or the Teen Patti anchor game.

Vector-form CFR over the 1,755 suit-isomorphic hand classes (docs/solver.md).  It prints
the exact exploitability of the average strategy (antes per hand, from an exact best
response), player 1's value, the iterations and seconds, and saves the strategy.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import math
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from bragkit.cli import cli
from bragkit.cli.params import SEED, Whole
from bragkit.errors import RulesError

if TYPE_CHECKING:
    from bragkit.solve import GameSpec

__all__ = ["solve_command"]

MAX_ITERATIONS = 1_000_000
ALGORITHM_NAMES = ("dcfr", "cfr+", "pcfr+", "pdcfr+")
"""bragkit.solve.ALGORITHMS (repeated so that ``brag --help`` does not import the solver)."""
MAX_MINUTES = 24 * 60


def _minutes(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        m = float(value)
    except ValueError:
        raise RulesError(f"--minutes must be a number, not {value[:40]!r}") from None
    if not math.isfinite(m) or not 0 < m <= MAX_MINUTES:
        raise RulesError(f"--minutes must be more than 0 and at most {MAX_MINUTES}, not {value}")
    return m


def _stakes(text: str) -> tuple[int, ...]:
    parts = [p.strip() for p in text.split(",")]
    if not 1 <= len(parts) <= 6 or not all(p.isascii() and p.isdigit() and len(p) <= 4
                                           for p in parts):
        raise RulesError(f"--stakes must be up to 6 whole numbers separated by commas "
                         f"(e.g. 1,2,4), not {text[:40]!r}")
    return tuple(int(p) for p in parts)


@contextlib.contextmanager
def _blas_threads(n: int | None) -> Iterator[None]:
    """Limit BLAS threads (with threadpoolctl, when installed)."""
    try:
        module = importlib.import_module("threadpoolctl")
    except ImportError:
        yield
        return
    with module.threadpool_limits(limits=n if n is not None else 1):
        yield


def _spec(game: str, stack: int | None, stakes: str | None, raises: int | None,
          cap: int | None, deck: int, last_chip: str) -> GameSpec:
    from bragkit.solve import GameSpec

    levels = _stakes(stakes) if stakes is not None else (1, 2, 4)
    r = raises if raises is not None else min(2, len(levels) - 1)
    if game == "teen-patti-hu":
        return GameSpec.teen_patti_hu(stack=stack or 50, stakes=levels, max_raises=r,
                                      action_cap=cap or 8, deck=deck)
    if cap is not None:
        raise RulesError("--cap is for teen-patti-hu (HU-Brag-S12 is bounded by the stacks)")
    return GameSpec.hu_brag_s12(stack=stack or 12, stakes=levels, max_raises=r, deck=deck,
                                last_chip=last_chip)


def _default_out(spec: GameSpec) -> Path:
    from bragkit.solve import GameSpec

    base = GameSpec.teen_patti_hu() if spec.game == "teen-patti-hu" else GameSpec.hu_brag_s12()
    name = spec.game if spec == base else f"{spec.game}-{spec.digest()[:8]}"
    return Path(f"{name}.npz")


@cli.command("solve")
@click.option("--game", type=click.Choice(["hu-brag-s12", "teen-patti-hu"]),
              default="hu-brag-s12", show_default=True, help="The game to solve.")
@click.option("--minutes", "minutes_text", default=None, metavar="M",
              help="Solve for M minutes (default 5 when --iterations is not given).")
@click.option("--iterations", type=Whole(1, MAX_ITERATIONS), default=None,
              help="Stop after N iterations (with --minutes: whichever comes first).")
@click.option("--algorithm", type=click.Choice(list(ALGORITHM_NAMES)), default="dcfr",
              show_default=True,
              help="DCFR(1.5, 0, 2), CFR+, predictive CFR+ or predictive DCFR+.")
@click.option("--stack", type=Whole(2, 64), default=None,
              help="Chips each player brings, the ante included (12; Teen Patti 50).")
@click.option("--stakes", default=None, metavar="LIST",
              help="Stake levels in blind units, e.g. 1,2,4 (an open player pays twice).")
@click.option("--raises", type=Whole(0, 5), default=None, help="At most this many doublings (2).")
@click.option("--cap", type=Whole(1, 32), default=None,
              help="teen-patti-hu: betting actions before the forced show (8).")
@click.option("--deck", type=Whole(12, 52), default=52, show_default=True,
              help="Cards in the deck: 52 or a reduced deck of the top ranks (12, 16, ...).")
@click.option("--last-chip", type=click.Choice(["plays-on", "ends"]), default="plays-on",
              show_default=True,
              help="A bet of exactly a player's last chip: play goes on (rules 4.4.9; the "
                   "6,744-node tree), or it ends the betting like a cover.")
@click.option("--out", type=click.Path(dir_okay=False), default=None,
              help="Where to save the strategy (default: GAME.npz in this directory).")
@click.option("--precision", type=click.Choice(["float16", "uint8"]), default="float16",
              show_default=True, help="How open probabilities are stored.")
@click.option("--check", "check_file", type=click.Path(dir_okay=False), default=None,
              help="Recompute the exploitability of a saved strategy FILE and exit.")
@click.option("--score", "score_bots", default=None, metavar="BOTS",
              help="Score bots against the equilibrium, e.g. heuristic,tracker.")
@click.option("--strategy", "strategy_file", type=click.Path(dir_okay=False), default=None,
              help="With --score: the equilibrium file (default: the shipped one).")
@click.option("--deals", type=Whole(0, 20_000), default=0, show_default=True,
              help="With --score: also play this many deals in the engine against cfr per "
                   "engine bot (a cross-check of the exact figures).")
@click.option("--seed", type=SEED, default=None,
              help="With --score: seed of the sampled deals (default: a fresh one, printed).")
@click.option("--threads", type=Whole(1, 64), default=None,
              help="BLAS threads (default 1: faster on a shared machine).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--progress/--no-progress", default=None,
              help="A progress bar (default: when stderr is a terminal).")
def solve_command(game: str, minutes_text: str | None, iterations: int | None,
                  algorithm: str, stack: int | None, stakes: str | None, raises: int | None,
                  cap: int | None, deck: int, last_chip: str, out: str | None, precision: str,
                  check_file: str | None, score_bots: str | None, strategy_file: str | None,
                  deals: int, seed: int | None, threads: int | None, as_json: bool,
                  progress: bool | None
                  ) -> None:
    """Solve a heads-up game by vector-form CFR and save the equilibrium strategy.

    The exploitability is exact (a full best response in float64), in antes per hand.

    \b
    Examples:
      brag solve --minutes 5 --json
      brag solve --game teen-patti-hu --iterations 600
      brag solve --check hu-brag-s12.npz
      brag solve --score heuristic,tracker
    """
    with _blas_threads(threads):
        if check_file is not None:
            _check(check_file, as_json)
            return
        if score_bots is not None:
            from bragkit.solve.score import score_command_output

            click.echo(score_command_output(score_bots, strategy_file, as_json, deals, seed))
            return
        _solve(game, _minutes(minutes_text), iterations, algorithm,
               _spec(game, stack, stakes, raises, cap, deck, last_chip), out, precision,
               as_json, sys.stderr.isatty() if progress is None else progress)


def _check(path: str, as_json: bool) -> None:
    import time

    from bragkit.solve import evaluate, load_strategy

    t0 = time.perf_counter()
    strategy, meta = load_strategy(path)
    e = evaluate(strategy)
    result = {"file": os.fspath(path), "game": meta.get("game"),
              "exploitability": e.exploitability, "value": e.value,
              "best_response": list(e.best_response),
              "saved_exploitability": meta.get("exploitability"),
              "iterations": meta.get("iterations"),
              "seconds": round(time.perf_counter() - t0, 2)}
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(f"{path}: exploitability {e.exploitability:.3e} antes/hand, "
               f"p1 value {e.value:+.5f} (saved: {meta.get('exploitability')})")


def _solve(game: str, minutes: float | None, iterations: int | None, algorithm: str,
           spec: GameSpec, out: str | None, precision: str, as_json: bool,
           show_progress: bool) -> None:
    from bragkit.solve import Solver, save_strategy

    if minutes is None and iterations is None:
        minutes = 5.0
    seconds = None if minutes is None else minutes * 60
    path = Path(out) if out is not None else _default_out(spec)
    solver = Solver(spec, algorithm=algorithm)
    if show_progress:
        from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

        total = float(iterations or 1) if seconds is None else seconds
        with Progress(TextColumn(f"solving {spec.game}"), BarColumn(),
                      TextColumn("{task.fields[it]} iterations"), TimeElapsedColumn(),
                      console=None, transient=True) as bar:
            task = bar.add_task("solve", total=total, it=0)

            def tick(done: int, elapsed: float) -> None:
                bar.update(task, completed=done if seconds is None else elapsed, it=done)

            solver.run(iterations=iterations, seconds=seconds, progress=tick)
    else:
        solver.run(iterations=iterations, seconds=seconds)
    evaluation = solver.evaluate()
    meta = save_strategy(solver, path, evaluation, precision)
    result = {"game": spec.game, "exploitability": evaluation.exploitability,
              "value": evaluation.value, "iterations": solver.iterations,
              "seconds": round(solver.seconds, 2), "best_response":
              list(evaluation.best_response), "nodes": solver.tree.size,
              "algorithm": algorithm, "out": os.fspath(path), "params": meta["game"]}
    if as_json:
        click.echo(json.dumps(result))
        return
    click.echo(f"{spec.game}: {solver.iterations} iterations in {solver.seconds:.1f} s; "
               f"exploitability {evaluation.exploitability:.3e} antes/hand; "
               f"p1 value {evaluation.value:+.5f}; saved {path}")
