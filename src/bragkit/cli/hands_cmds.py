"""``brag compare`` and ``brag odds``: rank hands and print exact odds tables."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, TypeVar

import click

from bragkit.cards import format_cards, parse_cards
from bragkit.cli import cli
from bragkit.cli.params import Whole
from bragkit.errors import RulesError, excerpt
from bragkit.hands import RANKING_NAMES, Ranking, Strength, get_ranking, ranking_options
from bragkit.limits import MAX_CHIPS, is_whole_number, parse_int

__all__ = ["compare", "odds", "ranking_from_flags"]

F = TypeVar("F", bound=Callable[..., Any])

_WILDS = ("twos", "black-twos", "one-eyed-jacks", "suicide-king", "jokers")


def ranking_flags(function: F) -> F:
    """The ranking options shared by every command that ranks hands."""
    decorators = [
        click.option("--ranking", "ranking_name", default="modern", show_default=True,
                     type=click.Choice(RANKING_NAMES),
                     help="Which game's hand ranking to use."),
        click.option("--wild", type=click.Choice(_WILDS), default=None,
                     help="Wild cards (modern ranking)."),
        click.option("--jokers", type=Whole(1, 4), default=None,
                     help="How many jokers --wild jokers adds [default: 2]."),
        click.option("--a23", type=click.Choice(("top", "second", "low")), default=None,
                     help="Where the run A-2-3 ranks [default: top]."),
        click.option("--no-threes-high", "no_threes_high", is_flag=True, default=False,
                     help="Make A-A-A, not 3-3-3, the best prial."),
        click.option("--option", "-o", "extra", multiple=True, metavar="KEY=VALUE",
                     help="Any other ranking option, e.g. -o flush_over_run=true or "
                          "-o bragger_tiebreak=highest_first. Repeatable."),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def _parse_value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if is_whole_number(text):
        return parse_int(text, "--option", -MAX_CHIPS, MAX_CHIPS, RulesError)
    return text


def ranking_from_flags(ranking_name: str, wild: str | None, jokers: int | None,
                       a23: str | None, no_threes_high: bool,
                       extra: tuple[str, ...] = ()) -> Ranking:
    """Build the ranking the command-line flags ask for (RulesError on a bad combination)."""
    options: dict[str, Any] = {
        "wild": wild,
        "jokers": jokers,
        "a23_rank": a23,
        "threes_high": False if no_threes_high else None,
    }
    for item in extra:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise RulesError(f"bad --option {excerpt(item)}: expected KEY=VALUE")
        options[key.strip()] = _parse_value(value.strip())
    if no_threes_high and "threes_high" not in ranking_options(ranking_name):
        raise RulesError(f"ranking {ranking_name} has no option threes_high "
                         f"(--no-threes-high is for the modern ranking)")
    return get_ranking(ranking_name, **options)


def _order(strengths: list[Strength]) -> list[list[int]]:
    indexed = sorted(range(len(strengths)), key=lambda i: strengths[i].key, reverse=True)
    groups: list[list[int]] = []
    for i in indexed:
        if groups and strengths[groups[-1][0]] == strengths[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


@cli.command()
@ranking_flags
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.argument("hands", nargs=-1, required=True)
def compare(hands: tuple[str, ...], ranking_name: str, wild: str | None, jokers: int | None,
            a23: str | None, no_threes_high: bool, extra: tuple[str, ...],
            as_json: bool) -> None:
    """Rank HANDS, best first; each HAND is one argument such as "As Kd Qh".

    Hands of 4 or 5 cards keep their best three and compare discards (modern
    ranking). Hands that tie exactly are grouped together.

    \b
    Examples:
      brag compare "3s 3h 3d" "As Ah Ad" "Ah 2h 3h"
      brag compare --wild twos "2s 8h 7h" "8c 7d 6s"
      brag compare --json --ranking foster "8s 8h 8c" "8d Jc 9d"
    """
    ranking = ranking_from_flags(ranking_name, wild, jokers, a23, no_threes_high, extra)
    cards = [parse_cards(text) for text in hands]
    strengths = [ranking.evaluate(hand) for hand in cards]
    order = _order(strengths)
    if as_json:
        payload = {
            "ranking": ranking.spec,
            "order": order,
            "hands": [{"hand": format_cards(hand), **s.as_dict()}
                      for hand, s in zip(cards, strengths, strict=True)],
        }
        click.echo(json.dumps(payload, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    from bragkit.cli.cardtext import cards_markup, markup_text, symbols_ok

    console = Console()
    symbols = symbols_ok(console)  # the same card text as brag play (bragkit.cli.cardtext)
    table = Table(title=f"Ranking: {ranking.spec}")
    for column in ("place", "#", "hand", "category", "description", "discards"):
        table.add_column(column)
    for place, group in enumerate(order, start=1):
        tie = " (tie)" if len(group) > 1 else ""
        for i in group:
            s = strengths[i]
            table.add_row(f"{place}{tie}", str(i), cards_markup(s.kept, symbols=symbols),
                          s.category, markup_text(s.description, symbols=symbols),
                          cards_markup(s.discarded, symbols=symbols))
    console.print(table)


@cli.command()
@ranking_flags
@click.option("--cards", type=Whole(1, 5), default=None,
              help="Cards per hand (4 and 5 keep the best three) [default: 3, or 1 for "
                   "single-card].")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def odds(ranking_name: str, wild: str | None, jokers: int | None, a23: str | None,
         no_threes_high: bool, extra: tuple[str, ...], cards: int | None,
         as_json: bool) -> None:
    """Print the exact odds of each category, by enumerating every hand.

    \b
    Examples:
      brag odds
      brag odds --cards 5 --wild jokers
      brag odds --ranking teen-patti --json
    """
    from bragkit.analysis.odds import category_counts

    ranking = ranking_from_flags(ranking_name, wild, jokers, a23, no_threes_high, extra)
    if cards is None:
        cards = 3 if ranking.accepts(3) else ranking.hand_sizes[0]
    table = category_counts(ranking, cards)
    if as_json:
        click.echo(json.dumps(table.as_dict()))
        return
    from rich.console import Console
    from rich.table import Table

    view = Table(title=f"{cards}-card hands, {ranking.spec}: {table.total:,} hands "
                       f"from a {len(ranking.pack)}-card pack")
    view.add_column("category")
    view.add_column("ways", justify="right")
    view.add_column("probability", justify="right")
    view.add_column("odds against", justify="right")
    for row in table.rows:
        against = "impossible" if row.ways == 0 else f"{row.odds_against:,.2f} to 1"
        view.add_row(row.category.replace("_", " "), f"{row.ways:,}",
                     f"{float(row.probability):.4%}", against)
    Console().print(view)
