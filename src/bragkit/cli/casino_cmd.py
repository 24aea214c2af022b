"""``brag casino``: play casino 3 Card Brag against the dealer and analyse any paytable exactly.

* ``brag casino analyse``: the exact house edge, element of risk, standard
  deviation, optimal threshold and side-bet edge (``--json`` for one object).
* ``brag casino simulate -n 1000000 --seed 1``: a simulation of the optimal
  strategy with a 95% confidence interval, as a cross-check.
* ``brag casino play``: a hand-by-hand game in the terminal that says, after
  each hand, what the optimal decision was and what it was worth; every finished hand is
  saved to a hand history that ``brag replay`` reads.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any, TextIO, TypeVar

import click
from rich.console import Console
from rich.table import Table

from bragkit.cli import cli
from bragkit.cli.cardtext import cards_markup, symbols_ok
from bragkit.cli.params import HANDS, SEED, STACK, Whole
from bragkit.cli.prompt_line import read_line
from bragkit.engine.kinds import ActionKind
from bragkit.errors import RulesError, excerpt
from bragkit.games.casino import TIE_RULES, CasinoHand, CasinoRules, pair_plus_units
from bragkit.games.casino.history import dumps_casino
from bragkit.games.casino.session import CasinoSession
from bragkit.limits import MAX_HANDS, MAX_STACK

__all__ = ["casino"]

F = TypeVar("F", bound=Callable[..., Any])


def _rule_options(func: F) -> F:
    options = [
        click.option("--preset", default="casino", show_default=True,
                     help="casino (3 Card Brag) or three-card-poker."),
        click.option("--ante-bonus", default=None, metavar="TABLE",
                     help="Ante Bonus table, e.g. prial=5,running_flush=4,run=1 (or none)."),
        click.option("--pair-bonus", default=None, metavar="TABLE",
                     help="Pair Bonus table, e.g. prial=40,running_flush=30,run=6,flush=4,pair=1."),
        click.option("--tie", default="push", show_default=True, type=click.Choice(TIE_RULES),
                     help="A tie with a qualified dealer: push, or dealer (the house wins)."),
        click.option("--qualifier", default="Q-high", show_default=True, metavar="HAND",
                     help="The dealer's weakest qualifying hand: Q-high, Q-6-4, pair, none..."),
        click.option("--pair-bonus-forfeit-on-fold", is_flag=True,
                     help="A fold also loses the Pair Bonus (default: settled on its own)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def _rules(preset: str, ante_bonus: str | None, pair_bonus: str | None, tie: str,
           qualifier: str, pair_bonus_forfeit_on_fold: bool) -> CasinoRules:
    return CasinoRules.preset(preset, ante_bonus_table=ante_bonus, pair_plus_table=pair_bonus,
                              casino_tie=tie, qualifier=qualifier,
                              pair_plus_forfeit_on_fold=pair_bonus_forfeit_on_fold)


def _pct(x: float) -> str:
    return f"{x:.4%}"


@cli.group(name="casino")
def casino() -> None:
    """Casino 3 Card Brag (and Three Card Poker) against the dealer."""


# ---------------------------------------------------------------------------- analyse
@casino.command(name="analyse")
@_rule_options
@click.option("--play-threshold", default=None, metavar="HAND",
              help="Analyse 'play HAND or better' (e.g. Q-6-3) instead of the optimal strategy.")
@click.option("--always-play", is_flag=True, help="Analyse always playing.")
@click.option("--window", default=4, show_default=True, type=Whole(0, 50),
              help="Strength classes shown either side of the threshold.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def analyse_cmd(preset: str, ante_bonus: str | None, pair_bonus: str | None, tie: str,
                qualifier: str, pair_bonus_forfeit_on_fold: bool, play_threshold: str | None,
                always_play: bool, window: int, as_json: bool) -> None:
    """Exact house edge of every deal (22,100 x 18,424), by strength class with card removal."""
    from bragkit.analysis.casino import PLAYER_HANDS, analyse

    rules = _rules(preset, ante_bonus, pair_bonus, tie, qualifier, pair_bonus_forfeit_on_fold)
    if play_threshold is not None and always_play:
        raise RulesError("give --play-threshold or --always-play, not both")
    strategy = "always" if always_play else play_threshold or "optimal"
    result = analyse(rules, strategy, window=window)
    data = result.as_dict()
    if as_json:
        click.echo(json.dumps(data))
        return
    console = Console(highlight=False)
    table = Table(title=f"{preset}: {result.strategy} (per ante)", show_header=False)
    table.add_column(style="bold")
    table.add_column(justify="right")
    table.add_column()
    table.add_row("Expected return", _pct(data["expected_return"]),
                  data["expected_return_fraction"])
    table.add_row("House edge", _pct(data["house_edge"]), data["house_edge_fraction"])
    table.add_row("Element of risk", _pct(data["element_of_risk"]),
                  data["element_of_risk_fraction"])
    table.add_row("Standard deviation", f"{data['std_dev']:.4f}", "antes")
    table.add_row("Probability of playing", _pct(data["p_play"]), data["p_play_fraction"])
    optimal = "exact optimum" if result.threshold_is_optimal else "best threshold"
    table.add_row("Optimal: play", f"{result.play_threshold} or better", optimal)
    if result.strategy != "optimal":
        table.add_row("Optimal house edge", _pct(data["optimal_house_edge"]),
                      data["optimal_house_edge_fraction"])
    table.add_row("Pair Bonus house edge", _pct(data["pair_bonus_house_edge"]),
                  data["pair_bonus_house_edge_fraction"])
    console.print(table)
    near = Table(title="Value of playing near the threshold (fold = -1)")
    for name in ("Hand", "Description", "Hands", "EV of play", "Played"):
        near.add_column(name, justify="right" if name in ("Hands", "EV of play") else "left")
    for row in result.near_threshold:
        near.add_row(row.label, row.description, str(row.hands), f"{float(row.ev_play):+.5f}",
                     f"{row.played}/{row.hands}")
    console.print(near)
    side = Table(title="Pair Bonus")
    for name in ("Category", "Hands", "Probability", "Pays", "Return"):
        side.add_column(name, justify="left" if name == "Category" else "right")
    for cat, n, pay in result.pair_plus_rows:
        p = Fraction(n, PLAYER_HANDS)
        side.add_row(cat, str(n), f"{float(p):.6f}", f"{pay}:1" if pay else "loses",
                     f"{float(p * (pay if pay else -1)):+.6f}")
    console.print(side)


# ---------------------------------------------------------------------------- simulate
@casino.command(name="simulate")
@_rule_options
@click.option("-n", "--hands", default=1_000_000, show_default=True,
              type=Whole(2, MAX_HANDS), help=f"Hands to simulate, 2..{MAX_HANDS:,}.")
@click.option("--seed", default=None, type=SEED,
              help="Random seed, 0..2**64-1 (default: a fresh one, shown with the results).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def simulate_cmd(preset: str, ante_bonus: str | None, pair_bonus: str | None, tie: str,
                 qualifier: str, pair_bonus_forfeit_on_fold: bool, hands: int,
                 seed: int | None, as_json: bool) -> None:
    """Simulate the optimal strategy; the 95% interval should contain the exact figure."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    from bragkit.analysis.casino import simulate
    from bragkit.sim.runner import fresh_seed

    if seed is None:
        seed = fresh_seed()
    rules = _rules(preset, ante_bonus, pair_bonus, tie, qualifier, pair_bonus_forfeit_on_fold)
    err = Console(stderr=True)
    with Progress(TextColumn("simulating"), BarColumn(), TextColumn("{task.completed:,}/"
                  "{task.total:,}"), TimeRemainingColumn(), console=err, transient=True) as bar:
        task = bar.add_task("simulate", total=hands)
        result = simulate(rules, hands, seed,
                          progress=lambda done: bar.update(task, completed=done))
    data = result.as_dict()
    if as_json:
        click.echo(json.dumps(data))
        return
    console = Console(highlight=False)
    table = Table(title=f"{preset}: {hands:,} hands, seed {seed}, optimal strategy")
    for name in ("Bet", "Mean", "95% interval", "Exact", "Inside"):
        table.add_column(name)
    lo, hi = data["ci95"]
    table.add_row("Ante + Play (per ante)", f"{data['mean']:+.5f}", f"[{lo:+.5f}, {hi:+.5f}]",
                  f"{data['exact']:+.5f}", "yes" if data["exact_in_ci95"] else "NO")
    lo, hi = data["pair_bonus_ci95"]
    table.add_row("Pair Bonus (per unit)", f"{data['pair_bonus_mean']:+.5f}",
                  f"[{lo:+.5f}, {hi:+.5f}]", f"{data['pair_bonus_exact']:+.5f}",
                  "yes" if data["pair_bonus_exact_in_ci95"] else "NO")
    console.print(table)


# ---------------------------------------------------------------------------- play
def _chips(x: Fraction | int) -> str:
    value = Fraction(x)
    if value.denominator == 1:
        return f"{value.numerator:+d}"
    return f"{float(value):+.2f}"


def _side_value(rules: CasinoRules, hand: CasinoHand, action: ActionKind) -> Fraction:
    units = pair_plus_units(rules, action is ActionKind.PLAY, hand.player_strength().category)
    return units * hand.pair_plus


def _ask(console: Console, stream: TextIO) -> ActionKind | None:
    while True:
        console.print("Play or fold? [bold]p[/]lay / [bold]f[/]old / [bold]q[/]uit: ", end="")
        console.file.flush()
        try:  # on a terminal, a Ctrl-C just before the read is not lost (cli/prompt_line)
            answer = read_line(console, "", stream).strip().lower()
        except EOFError:
            console.print()
            return None
        if not stream.isatty():
            console.print(answer, markup=False)   # echo piped input, as a terminal would
        if answer in ("p", "play"):
            return ActionKind.PLAY
        if answer in ("f", "fold"):
            return ActionKind.FOLD
        if answer in ("q", "quit", "exit"):
            return None
        console.print(f"  {excerpt(answer)} is not a decision here: answer p (play) or f (fold).")


@casino.command(name="play")
@_rule_options
@click.option("--ante", default=10, show_default=True, type=STACK,
              help=f"Ante in chips, 1..{MAX_STACK:,}.")
@click.option("--pair-bonus-bet", default=0, show_default=True, type=Whole(0, MAX_STACK),
              help=f"Pair Bonus side bet in chips each hand, 0..{MAX_STACK:,}.")
@click.option("--bankroll", default=1000, show_default=True, type=STACK,
              help=f"Chips you start with, 1..{MAX_STACK:,}; play stops when they cannot "
                   "cover a hand (it must cover the first: ante, Play bet and Pair Bonus).")
@click.option("--seed", default=None, type=SEED,
              help="Deal from random.Random(SEED): predictable hands, said in the banner and "
                   "saved in the history (default: unpredictable shuffles, no seed).")
@click.option("--hands", "max_hands", default=None, type=HANDS,
              help=f"Stop after this many hands, 1..{MAX_HANDS:,} (default: until q or end "
                   "of input).")
@click.option("--history", "history", default=None, metavar="FILE",
              help="Hand-history file (default: casino-TIME.json, casino-TIME-seedSEED.json "
                   "when seeded, in "
                   "$BRAG_HISTORY_DIR, else ~/.local/share/bragkit/histories).")
def play_cmd(preset: str, ante_bonus: str | None, pair_bonus: str | None, tie: str,
             qualifier: str, pair_bonus_forfeit_on_fold: bool, ante: int, pair_bonus_bet: int,
             bankroll: int, seed: int | None, max_hands: int | None,
             history: str | None) -> None:
    """Play against the dealer; after each hand see the optimal decision and its value.

    Every finished hand is saved (atomically) to a hand-history file that 'brag replay'
    reads, so q, end of input or Ctrl-C leave it complete up to the last finished hand.
    """
    from bragkit.analysis.casino import decision_values
    from bragkit.cli.play_save import history_path, seeded

    rules = _rules(preset, ante_bonus, pair_bonus, tie, qualifier, pair_bonus_forfeit_on_fold)
    if 2 * ante + pair_bonus_bet > bankroll:  # not one hand could be played
        raise RulesError(f"--bankroll {bankroll} cannot cover one hand: the ante, the Play bet "
                         f"and the Pair Bonus need {2 * ante + pair_bonus_bet} chips "
                         f"(--ante {ante}, --pair-bonus-bet {pair_bonus_bet})")
    console = Console(highlight=False, soft_wrap=True)
    stream = sys.stdin
    table = CasinoSession(rules, [bankroll], seed=seed,  # no seed: SystemRandom
                          keep_records=None,  # every hand: the history is saved whole each hand
                          deal_step=False)  # the decision deals, as the format's hands
    path = history_path(history, "casino", seed, lambda p: _save(table, p), console)
    console.print(f"[bold]{preset}[/]: ante {ante}, pair bonus {pair_bonus_bet}; the dealer "
                  f"qualifies with {rules.qualifier}. Ante bonus {rules.ante_bonus_table}; "
                  f"pair bonus {rules.pair_plus_table}. Bankroll {bankroll}; {seeded(seed)}"
                  f"history: {path}")
    played = 0
    net = Fraction(0)
    cost = Fraction(0)
    interrupted = False
    try:
        while max_hands is None or played < max_hands:
            need = 2 * ante + pair_bonus_bet
            if table.bankroll < need:
                console.print(f"\nYour bankroll of {table.bankroll} cannot cover a hand "
                              f"(ante, Play bet and pair bonus: {need} chips).")
                break
            table.apply_text(f"p1 ante {ante}")
            if pair_bonus_bet:
                table.apply_text(f"p1 pairbonus {pair_bonus_bet}")
            hand = table.cards()
            strength = hand.player_strength()
            console.print(f"\n[bold]Hand {played + 1}[/]: you hold "
                          f"{cards_markup(strength.kept, symbols=symbols_ok(console))}  "
                          f"({strength.description})")
            action = _ask(console, stream)
            if action is None:
                break
            table.apply_text(f"p1 {action.value}")
            _save(table, path)
            done = table.finished[-1]
            s = done.settlement
            assert s is not None
            dealer = done.dealer_strength()
            console.print(f"  Dealer: {cards_markup(dealer.kept, symbols=symbols_ok(console))}  "
                          f"({dealer.description}) -> {s.outcome.replace('_', ' ')}")
            console.print(f"  ante {_chips(s.ante)}, play {_chips(s.play)}, ante bonus "
                          f"{_chips(s.ante_bonus)}, pair bonus {_chips(s.pair_plus)}: "
                          f"[bold]{_chips(s.total)}[/]; bankroll {table.bankroll}")
            ev_play, ev_fold = decision_values(rules, hand.player)
            play, fold = ActionKind.PLAY, ActionKind.FOLD
            value = {play: ev_play * ante + _side_value(rules, hand, play),
                     fold: ev_fold * ante + _side_value(rules, hand, fold)}
            best = play if value[play] > value[fold] else fold
            lost = value[best] - value[action]
            verdict = "optimal" if action is best else f"cost {float(lost):.2f} chips on average"
            console.print(f"  Optimal: {best.value.upper()} (EV {float(value[best]):+.3f} chips, "
                          f"{float(ev_play if best is play else ev_fold):+.4f} per ante); "
                          f"your {action.value.upper()}: EV {float(value[action]):+.3f} chips, "
                          f"{verdict}.")
            played += 1
            net += Fraction(s.total)
            cost += lost
    except KeyboardInterrupt:
        # Ctrl-C ends the game cleanly: summary, history, status 130; the summary goes
        # through a new console (one interrupted inside a print may buffer for good)
        console = Console(highlight=False, soft_wrap=True)
        console.print()
        interrupted = True
    console.print(f"\n{played} hand{'s' if played != 1 else ''} played, net {_chips(net)} chips; "
                  f"expected cost of your decisions against the optimum: {float(cost):.2f} chips."
                  f"\nBankroll {table.bankroll}; history saved to {path} "
                  f"({table.hands_finished} finished hand"
                  f"{'s' if table.hands_finished != 1 else ''}).")
    sys.stdout.flush()
    if interrupted:
        sys.exit(130)  # like brag play: the shell sees the interruption


def _save(table: CasinoSession, path: Path) -> None:
    """Write the finished hands of ``table`` to ``path`` atomically."""
    from bragkit.cli.play_save import write_atomically

    write_atomically(path, dumps_casino(table.history(finished_only=True)))

