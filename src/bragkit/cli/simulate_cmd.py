"""``brag simulate``: bots against bots over many hands, with a summary per bot.

The same ``--seed`` gives the same result for any ``--jobs`` and for ``--backend ray``.
``--json`` prints one object with ``"hands"``, ``"decisions"``, ``"pot"`` (chips left on
the table, such as a pot still carried at the end of a block) and ``"bots"``, each with
``"name"``, ``"hands"`` (the deals it was dealt into), ``"net"``, ``"per_hand"``, ``"ci95"``,
``"win_rate"``, ``"see_rate"`` and ``"fold_rate"``; the nets sum to minus ``"pot"``.

Two figures need a word, and the text output gives it under the table (:func:`notes`):

* a bot's ``hands`` is below ``-n`` when it sat some deals out: a seat that cannot pay its
  ante is not dealt in, and stacks are topped up to ``--stack`` only between deals with no
  pot carried, so a broke seat waits out the deals until a carried pot is won;
* *chips left on the table* are the pots still carried (won by nobody yet) when a block of
  ``--block`` deals ended: every block starts a fresh table, so those chips belong to no bot.
"""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
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
from bragkit.errors import BragError
from bragkit.games import house_game, refuse_unserved
from bragkit.limits import MAX_HANDS, MAX_SEATS, MAX_STACK
from bragkit.rules.options import rules_from
from bragkit.sim import SimConfig, parse_bots, run_job, summarize
from bragkit.sim.runner import BlockResult, fresh_seed

__all__ = ["band95", "notes", "simulate_command"]


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


def band95(nets: Sequence[int]) -> tuple[list[float], list[float]]:
    """The 95% band of a bot's cumulative result after each hand: its mean rate times the
    hands played, plus or minus 1.96 standard deviations of a sum of that many hands.

    >>> low, high = band95([2, -2, 2, -2])
    >>> [round(x, 2) for x in low], [round(x, 2) for x in high]
    ([-4.53, -6.4, -7.84, -9.05], [4.53, 6.4, 7.84, 9.05])
    """
    n = len(nets)
    if n == 0:
        return [], []
    mean = sum(nets) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in nets) / (n - 1)) if n > 1 else 0.0
    low = [mean * h - 1.96 * sd * math.sqrt(h) for h in range(1, n + 1)]
    high = [mean * h + 1.96 * sd * math.sqrt(h) for h in range(1, n + 1)]
    return low, high


def _plot(path: str, names: tuple[str, ...], blocks: list[BlockResult],
          out: dict[str, Any]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 5.5))
    rows = [row for b in blocks for row in b.trace]
    hands = list(range(1, len(rows) + 1))
    for i, name in enumerate(names):
        nets = [row[i] for row in rows]
        bot = out["bots"][i]
        ci = bot["ci95"]
        label = f"{i + 1}: {name}, {bot['per_hand']:+.2f} chips/hand" + (
            f" (95% CI {ci[0]:+.2f} to {ci[1]:+.2f})" if ci else "")
        line, = ax.plot(hands, list(accumulate(nets)), label=label, linewidth=1.2)
        low, high = band95(nets)
        ax.fill_between(hands, low, high, color=line.get_color(), alpha=0.12, linewidth=0)
    ax.set_title(f"brag simulate, {out['preset']}: cumulative chips of each bot over "
                 f"{out['hands']:,} hands (seed {out['seed']})", fontsize=10)
    ax.set_xlabel("hands played")
    ax.set_ylabel("cumulative chips won (+) or lost (-)")
    ax.axhline(0, color="grey", linewidth=0.5)
    ax.legend(title="shaded: 95% band of the total at the bot's mean rate (hands as "
                    "independent draws)", fontsize=8, title_fontsize=8, loc="best")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    try:
        fig.savefig(path, dpi=100)
    except (OSError, ValueError) as error:  # ValueError: an extension matplotlib lacks
        raise BragError(f"--plot {path}: {error}") from None
    finally:
        plt.close(fig)


def notes(out: dict[str, Any], block: int, tables: int | None = None) -> list[str]:
    """What the text output's figures mean where they could puzzle: a bot's ``hands`` below
    the hands simulated, and the chips left on the table (``tables``: the vector engine's
    tables, each of them a block of its share of the hands).

    >>> out = {"hands": 500, "pot": 7, "bots": [{"hands": 500}, {"hands": 491}]}
    >>> [line[:40] for line in notes(out, 100)]
    ['hands: the deals each bot was dealt into', 'chips left on the table: 7 chips in pots']
    >>> "when one of 200 tables (2-3 deals each) ended" in notes(out, 100, tables=200)[1]
    True
    """
    lines = []
    if any(b["hands"] < out["hands"] for b in out["bots"]):
        lines.append(f"hands: the deals each bot was dealt into. A bot below {out['hands']} sat "
                     "deals out: a seat that cannot pay its ante is not dealt in, and stacks "
                     "are topped up to --stack only between deals with no pot carried.")
    if out["pot"] and tables is not None:
        few, extra = divmod(out["hands"], tables)
        share = f"{few}-{few + 1}" if extra else f"{few}"
        lines.append(f"chips left on the table: {out['pot']} chips in pots still carried when "
                     f"one of {tables} tables ({share} deals each) ended, won by nobody; the "
                     "nets sum to minus this.")
    elif out["pot"]:
        lines.append(f"chips left on the table: {out['pot']} chips in pots still carried when a "
                     f"block of {block} deals ended (each block starts a new table), won by "
                     "nobody; the nets sum to minus this.")
    return lines


def _engine(config: SimConfig, engine: str, backend: str) -> tuple[str, str]:
    """Which engine runs the simulation (``scalar`` or ``vector``) and a note saying why."""
    from bragkit.sim.vector_sim import table_count, vector_reason

    reason = vector_reason(config)
    if engine == "vector" and reason is not None:
        raise BragError(f"--engine vector: {reason}")
    if engine == "vector" or (engine == "auto" and reason is None and backend == "local"):
        from bragkit.vector._jit import BACKEND

        tables = table_count(config)
        return "vector", (f"bragkit.vector, {tables} tables at once, {BACKEND} kernels, one "
                          "process; each table is a block")
    if engine == "scalar":
        return "scalar", "--engine scalar"
    return "scalar", (f"the vector engine cannot run this: {reason}" if reason is not None
                      else "--backend ray")


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
@click.option("--engine", type=click.Choice(["auto", "scalar", "vector"]), default="auto",
              show_default=True,
              help="vector: the vectorised engine (every bot an array policy: random, "
                   "threshold, cfr; modern or teen-patti; one process); auto: vector when it "
                   "can, else scalar. The output says which ran, and why not vector.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--plot", "plot", default=None, metavar="FILE.png",
              help="Draw each bot's cumulative result (needs matplotlib).")
@click.option("--progress/--no-progress", default=None,
              help="Show a progress bar (default: when stderr is a terminal).")
def simulate_command(preset: str, rules_file: str | None, settings: tuple[str, ...], bots: str,
                     hands: int, seed: int | None, jobs: int, block: int, stack: int, backend: str,
                     address: str | None, engine: str, as_json: bool, plot: str | None,
                     progress: bool | None) -> None:
    """Simulate bots playing HANDS deals and summarise each bot's results.

    Per bot: the deals it was dealt into (below -n when it sat deals out: a seat that cannot
    pay its ante is not dealt in, and stacks are topped up to --stack only between deals with
    no pot carried), its net chips, chips per hand with a 95% confidence interval, and its win,
    see and fold rates. "Chips left on the table" are the pots still carried, won by nobody,
    when a block of --block deals ended (each block is a new table); the nets sum to minus
    them. --plot draws each bot's cumulative chips with a 95% band.
    """
    house = house_game(preset) if rules_file is None else None
    if house is not None:  # a game with its own rules value: its spec says why not here
        refuse_unserved(house.name, "simulate")
    rules = rules_from(preset, rules_file, settings)
    names = parse_bots(bots)
    config = SimConfig(rules, names, hands=hands, seed=fresh_seed() if seed is None else seed,
                       block=block, stack=stack, trace=plot is not None)
    from bragkit.sim.policies import sim_bot

    for name in sorted(set(names)):
        sim_bot(name, rules)  # fail early on an unknown bot
    run_on, why = _engine(config, engine, backend)
    if plot is not None:
        _check_plot(plot)
    show = sys.stderr.isatty() if progress is None else progress
    started = time.perf_counter()
    with _progress(hands, show) as tick:
        blocks = run_job(config, jobs, "vector" if run_on == "vector" else backend, address,
                         tick)
    seconds = time.perf_counter() - started
    out: dict[str, Any] = {"preset": preset if rules_file is None else rules_file,
                           "seed": config.seed, "jobs": jobs, "backend": backend,
                           "engine": run_on, "engine_note": why}
    out.update(summarize(names, blocks))
    out["seconds"] = round(seconds, 3)
    out["hands_per_second"] = round(hands / seconds, 1) if seconds > 0 else None
    if plot is not None:
        _plot(plot, names, blocks, out)
    if as_json:
        click.echo(json.dumps(out, indent=2))
        return
    console = Console()
    console.print(_table(out))
    console.print(f"engine: {run_on} ({why})")
    console.print(f"{out['decisions']} decisions in {seconds:.1f} s "
                  f"({out['hands_per_second']} hands/s); chips left on the table: {out['pot']}")
    tables = None
    if run_on == "vector":
        from bragkit.sim.vector_sim import table_count

        tables = table_count(config)
    for line in notes(out, block, tables):
        console.print(f"[dim]{line}[/dim]")
    if plot is not None:
        console.print(f"plot saved to {plot}")
