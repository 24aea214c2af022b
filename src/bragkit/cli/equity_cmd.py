"""``brag equity``: the chance of a hand against unknown opponents."""

from __future__ import annotations

import json
import sys

import click

from bragkit.cards import parse_cards
from bragkit.cli import cli
from bragkit.cli.hands_cmds import ranking_flags, ranking_from_flags
from bragkit.cli.params import SEED, Whole
from bragkit.limits import MAX_SAMPLES

__all__ = ["equity_command"]


@cli.command("equity")
@ranking_flags
@click.argument("hand")
@click.option("--opponents", "-n", type=Whole(1, 16), default=1, show_default=True,
              help="How many unknown hands to beat, 1..16.")
@click.option("--dead", default="", metavar="CARDS",
              help='Cards known to be out of play, e.g. --dead "9s 9h 4c".')
@click.option("--samples", type=Whole(1, MAX_SAMPLES), default=200_000, show_default=True,
              help=f"Deals to sample when exact enumeration is not feasible, 1..{MAX_SAMPLES:,} "
                   "(about a million a second).")
@click.option("--seed", type=SEED, default=None,
              help="Seed for sampling, 0..2**64-1 (reproducible).")
@click.option("--monte-carlo", "force_sampling", is_flag=True,
              help="Sample even where an exact count is feasible.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def equity_command(hand: str, opponents: int, dead: str, samples: int, seed: int | None,
                   force_sampling: bool, as_json: bool, ranking_name: str, wild: str | None,
                   jokers: int | None, a23: str | None, no_threes_high: bool,
                   extra: tuple[str, ...]) -> None:
    """The chance that HAND wins, ties or loses against unknown hands.

    Exact against one opponent (and two, with three-card hands), by
    enumerating every hand they can hold with the cards left; otherwise a
    Monte Carlo estimate with a 95% confidence interval. The output says which.

    \b
    Examples:
      brag equity "Qs Qd 7c"
      brag equity "Qs Qd 7c" --opponents 3 --seed 1
      brag equity "Ah Kh 4c" --dead "As Ad 9c 9d"
    """
    from bragkit.analysis.equity import equity

    ranking = ranking_from_flags(ranking_name, wild, jokers, a23, no_threes_high, extra)
    result = equity(parse_cards(hand), opponents, dead=parse_cards(dead), ranking=ranking,
                    samples=samples, seed=seed, exact=False if force_sampling else None)
    if as_json:
        click.echo(json.dumps(result.as_dict()))
        return
    strength = ranking.evaluate(result.hand)
    from bragkit.cli.cardtext import cards_plain  # the card text of brag play and compare

    symbols = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"
    lines = [f"{cards_plain(result.hand, symbols=symbols)}: {strength.description}",
             f"against {opponents} unknown hand{'s' if opponents > 1 else ''}"
             + (f", with {cards_plain(result.dead, symbols=symbols)} out of play"
                if result.dead else "")]
    if result.method == "exact":
        lines.append(f"exact, over every one of {result.deals:,} deals:")
    else:
        lines.append(f"Monte Carlo estimate over {result.deals:,} deals "
                     f"(± is the 95% confidence interval):")
    for index, (name, value) in enumerate((("win", result.win), ("tie", result.tie),
                                           ("lose", result.lose))):
        text = f"  {name:5} {float(value):9.4%}"
        if result.ci95 is not None:
            text += f"  ± {result.ci95[index]:.4%}"
        lines.append(text)
    click.echo("\n".join(lines))
