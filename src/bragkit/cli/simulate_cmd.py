"""``brag simulate``: bots against bots over many hands, with a summary per bot.

The same ``--seed`` gives the same result for any ``--jobs`` and for ``--backend ray``.
``--json`` prints one object with ``"hands"``, ``"decisions"``, ``"pot"`` (chips left on
the table, such as a pot still carried at the end of a block) and ``"bots"``, each with
``"name"``, ``"net"``, ``"per_hand"``, ``"ci95"``, ``"win_rate"``, ``"see_rate"`` and
``"fold_rate"``; the nets sum to minus ``"pot"``.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import accumulate
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from bragkit.cli import cli
from bragkit.cli.params import HANDS, SEED, Whole
from bragkit.errors import BragError, RulesError
from bragkit.limits import MAX_HANDS, MAX_SEATS, MAX_STACK
from bragkit.sim import SimConfig, parse_bots, run_job, summarize
from bragkit.sim.options import rules_from
from bragkit.sim.runner import BlockResult, fresh_seed

__all__ = ["simulate_command"]


@contextmanager
def _progress(total: int, show: bool) -> Iterator[Callable[[int], None] | None]:
    if not show:
        yield None
        return
    console = Console(stderr=True)
    with Progress(TextColumn("simulating"), BarColumn(), TextColumn("{task.completed}/"
                  "{task.total} hands"), TimeRemainingColumn(), console=console,
                  transient=True) as bar:
        task = bar.add_task("sim", total=total)
        yield lambda hands: bar.advance(task, hands)


def _check_plot(path: str) -> None:
    """Fail before simulating, not after: matplotlib installed, the folder writable."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise BragError("--plot needs matplotlib: pip install 'bragkit[plot]'") from None
    folder = Path(path).resolve().parent
    if not folder.is_dir():
        raise BragError(f"--plot {path}: no folder {folder}")
    if not os.access(folder, os.W_OK):
        raise BragError(f"--plot {path}: cannot write in {folder}")


def _plot(path: str, names: tuple[str, ...], blocks: list[BlockResult]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    rows = [row for b in blocks for row in b.trace]
    for i, name in enumerate(names):
        ax.plot(list(accumulate(row[i] for row in rows)), label=f"{i + 1}: {name}")
    ax.set_xlabel("hand")
    ax.set_ylabel("cumulative chips")
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.legend()
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100)
    except (OSError, ValueError) as error:  # ValueError: an extension matplotlib lacks
        raise BragError(f"--plot {path}: {error}") from None
    finally:
        plt.close(fig)


def _table(out: dict[str, Any]) -> Table:
    rows = []
    for b in out["bots"]:
        ci = b["ci95"]
        big = max(abs(x) for x in (b["per_hand"], *(ci or ())))
        d = 3 if big < 10 else 2 if big < 100 else 1  # three or four significant digits
        rows.append((f"{b['seat']}: {b['name']}", str(b["hands"]), f"{b['net']:+d}",
                     f"{b['per_hand']:+.{d}f}",
                     f"[{ci[0]:+.{d}f}, {ci[1]:+.{d}f}]" if ci else "-",
                     f"{b['win_rate']:.1%}", f"{b['see_rate']:.1%}", f"{b['fold_rate']:.1%}"))
    table = Table(title=f"{out['preset']}: {out['hands']} hands, seed {out['seed']}",
                  box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 0, 0, 1))
    heads = ("bot", "hands", "net", "chips/hand", "95% CI", "win", "see", "fold")
    for i, col in enumerate(heads):  # never squeezed: 80 columns hold four bots
        width = max(len(col), *(len(r[i]) for r in rows))
        table.add_column(col, justify="left" if col == "bot" else "right", no_wrap=True,
                         min_width=width)
    for r in rows:
        table.add_row(*r)
    return table


@cli.command("simulate")
@click.option("--preset", default="modern", show_default=True, help="Rules preset.")
@click.option("--rules", "rules_file", default=None, metavar="FILE",
              help="A JSON rules file (a preset name or {\"preset\": ..., key: value}).")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="A house rule, e.g. --set ante=2 (repeatable).")
@click.option("--bots", default="heuristic,random,random,random", show_default=True,
              help=f"One bot per seat, comma-separated; NAME*K repeats (at most {MAX_SEATS} "
                   "bots; the game's own seat limit applies): random, heuristic, tracker, "
                   "or a level easy, normal, strong.")
@click.option("-n", "--hands", default=10_000, show_default=True, type=HANDS,
              help=f"Number of hands (deals), 1..{MAX_HANDS:,}.")
@click.option("--seed", default=None, type=SEED,
              help="Random seed, 0..2**64-1 (default: a fresh one, shown with the results).")
@click.option("--jobs", default=1, show_default=True, type=Whole(1, 1024),
              help="Processes, 1..1024 (the result does not depend on it).")
@click.option("--block", default=100, show_default=True, type=Whole(1, MAX_HANDS),
              help="Hands per block (the unit of work and of the confidence interval).")
@click.option("--stack", default=200, show_default=True, type=Whole(4, MAX_STACK),
              help=f"Starting stack of every seat, 4..{MAX_STACK:,} (topped up when low).")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
              show_default=True, help="Where to run the blocks.")
@click.option("--address", default=None, help="Ray cluster address (default: a local Ray).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--plot", "plot", default=None, metavar="FILE.png",
              help="Draw each bot's cumulative result (needs matplotlib).")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar (default: when stderr is a terminal).")
def simulate_command(preset: str, rules_file: str | None, settings: tuple[str, ...], bots: str,
                     hands: int, seed: int | None, jobs: int, block: int, stack: int, backend: str,
                     address: str | None, as_json: bool, plot: str | None,
                     progress: bool | None) -> None:
    """Simulate bots playing HANDS deals and summarise each bot's results."""
    if preset == "casino" and rules_file is None:
        raise RulesError("casino 3 Card Brag is played against the house: use "
                         "'brag casino simulate'")
    rules = rules_from(preset, rules_file, settings)
    names = parse_bots(bots)
    config = SimConfig(rules, names, hands=hands, seed=fresh_seed() if seed is None else seed,
                       block=block, stack=stack, trace=plot is not None)
    from bragkit.bots import get_bot

    for name in sorted(set(names)):
        get_bot(name, rules)  # fail early on an unknown bot
    if plot is not None:
        _check_plot(plot)
    show = sys.stderr.isatty() if progress is None else progress
    started = time.perf_counter()
    with _progress(hands, show) as tick:
        blocks = run_job(config, jobs, backend, address, tick)
    seconds = time.perf_counter() - started
    out: dict[str, Any] = {"preset": preset if rules_file is None else rules_file,
                           "seed": config.seed, "jobs": jobs, "backend": backend}
    out.update(summarize(names, blocks))
    out["seconds"] = round(seconds, 3)
    out["hands_per_second"] = round(hands / seconds, 1) if seconds > 0 else None
    if plot is not None:
        _plot(plot, names, blocks)
    if as_json:
        click.echo(json.dumps(out, indent=2))
        return
    console = Console()
    console.print(_table(out))
    console.print(f"{out['decisions']} decisions in {seconds:.1f} s "
                  f"({out['hands_per_second']} hands/s); chips left on the table: {out['pot']}")
    if plot is not None:
        console.print(f"plot saved to {plot}")
