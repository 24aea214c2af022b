"""``brag play``: one person against bots at a terminal table.

The table shows the seats, stacks, the pot, who is blind, the price to stay in and to see,
your cards once you have looked, and a running log.  Only legal actions are offered, with
their costs; anything else is refused with a one-line reason.  Every finished deal is saved
(atomically) to a hand-history file that ``brag replay`` reads, so interrupting the game
(Ctrl-C, end of input, ``quit``) leaves the history complete up to the last finished deal.

The command is split in modules: :mod:`bragkit.cli.play_input` (what the player types),
:mod:`bragkit.cli.play_table` (the table and its loop), :mod:`bragkit.cli.play_save`
(hand histories).
"""

from __future__ import annotations

import math
import random
import sys
import textwrap
from typing import Any, Final

import click
from rich.console import Console

from bragkit.bots import bot_names, get_bot
from bragkit.bots.base import Bot
from bragkit.cli import cli
from bragkit.cli.params import HANDS, SEED, STACK, Whole
from bragkit.cli.play_input import Quit, help_text, read_action
from bragkit.cli.play_save import (
    default_history_dir,
    history_path,
    save_history,
    seeded,
    write_atomically,
)
from bragkit.cli.play_table import PlayTable
from bragkit.engine.pack import new_rng
from bragkit.engine.table import open_table
from bragkit.errors import RulesError
from bragkit.games import GameSpec, house_game, specs
from bragkit.limits import MAX_HANDS, MAX_SEATS, MAX_STACK
from bragkit.rules import DEFAULT_GAME, get_preset, preset_names
from bragkit.rules.options import rules_from
from bragkit.sim.runner import parse_bots

DEFAULT_DELAY: Final = 0.4
"""Seconds ``brag play`` waits after each bot action by default (``--delay``)."""
MAX_DELAY: Final = 10.0
"""The longest ``--delay`` accepted."""

__all__ = ["default_bots", "default_history_dir", "help_text", "history_path", "play_command",
           "presets_epilog", "read_action", "save_history", "write_atomically"]


def _finite(seconds: float) -> float:
    """``--delay``: a number of seconds, not ``nan`` (which every range check lets through).

    >>> _finite(0.5)
    0.5
    """
    if not math.isfinite(seconds):
        raise click.BadParameter(f"{seconds} is not a number of seconds",
                                 param_hint="'--delay'")
    return seconds


def default_bots(rules: Any) -> str:
    """Three opponents: two ``heuristic`` and a ``tracker`` where they exist, else random.

    >>> from bragkit.rules import get_preset
    >>> default_bots(get_preset("modern"))
    'heuristic,heuristic,tracker'
    """
    names = bot_names(str(getattr(rules, "game", DEFAULT_GAME)))
    strong = "heuristic" if "heuristic" in names else "random"
    third = "tracker" if "tracker" in names else strong
    return f"{strong},{strong},{third}"


def presets_epilog(width: int = 78) -> str:
    """Every preset ``brag play`` takes, grouped by game, the games with their own terminal
    player included (for ``--help``).

    >>> text = presets_epilog()
    >>> "three-stake: three-stake, three-stake-draw" in text, "casino: " in text
    (True, True)
    """
    games: dict[str, list[str]] = {}
    for name in preset_names():
        games.setdefault(get_preset(name).game, []).append(name)
    lines = ["\b", "Presets (--preset NAME), by game:"]
    for game, names in games.items():
        lines.extend(textwrap.wrap(f"{game}: {', '.join(names)}", width, initial_indent="  ",
                                   subsequent_indent="      ", break_on_hyphens=False))
    for spec in specs():
        if spec.terminal:
            bankroll = _flag_default(terminal_command(spec), "--bankroll")
            against = " against the house" if spec.house else ""
            lines.extend(textwrap.wrap(
                f"{spec.name}: {spec.title}{against}; runs 'brag {spec.terminal}' (--stack is "
                f"passed as its --bankroll, default {bankroll}; --seed, --hands, --history "
                "pass through)", width, initial_indent="  ", subsequent_indent="      "))
    return "\n".join(lines)


def terminal_command(spec: GameSpec) -> click.Command:
    """The ``brag`` subcommand that plays ``spec``'s game at a terminal (its
    ``GameSpec.terminal``, such as ``casino play``).

    >>> from bragkit.games import house_game
    >>> terminal_command(house_game("three-card-poker")).name
    'play'
    """
    ctx = click.Context(cli)
    command: click.Command | None = cli
    for word in spec.terminal.split():
        command = command.get_command(ctx, word) if isinstance(command, click.Group) else None
    if command is None:
        raise RulesError(f"{spec.name}: no 'brag {spec.terminal}' command (GameSpec.terminal)")
    return command


def _flag_default(command: click.Command, flag: str) -> object:
    return next((p.default for p in command.params if flag in p.opts), None)


def _hand_over(ctx: click.Context, spec: GameSpec, preset: str, stack: int,
               **given: object) -> None:
    """Run ``brag play`` for a game with its own terminal player: the options that do not
    apply are refused in one line; ``--preset``, ``--seed``, ``--hands`` and ``--history``
    pass through and ``--stack`` (when given) is its ``--bankroll``."""
    from click.core import ParameterSource

    command = terminal_command(spec)
    wrong = [f"--{name}" for name in ("bots", "seat", "set")
             if ctx.get_parameter_source(name if name != "set" else "settings")
             == ParameterSource.COMMANDLINE]
    if wrong:
        raise RulesError(f"{spec.title} is played against the house: {', '.join(wrong)} do "
                         f"not apply (see 'brag {spec.terminal} --help')")
    given["--preset"] = preset
    if ctx.get_parameter_source("stack") == ParameterSource.COMMANDLINE:
        given["--bankroll"] = stack
    ctx.invoke(command, **{p.name: given[flag] for p in command.params for flag in p.opts
                           if flag in given and p.name is not None})


@cli.command("play", epilog=presets_epilog())
@click.option("--preset", default="modern", show_default=True, metavar="NAME",
              help="Rules preset: every one is listed below, by game.")
@click.option("--rules", "rules_file", default=None, metavar="FILE",
              help="A JSON rules file (a preset name or {\"preset\": ..., key: value}).")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="A house rule, e.g. --set ante=2 (repeatable).")
@click.option("--bots", default=None,
              help="The bots at the other seats, comma-separated (NAME*K repeats); default "
                   "heuristic,heuristic,tracker (heuristic or random bots for other games); "
                   "levels by name: easy, normal, strong.")
@click.option("--seat", default=1, show_default=True, type=Whole(1, MAX_SEATS),
              help="Your seat.")
@click.option("--stack", default=100, show_default=True, type=STACK,
              help=f"Starting stack of every seat, 1..{MAX_STACK:,}.")
@click.option("--seed", default=None, type=SEED,
              help="Deal from random.Random(SEED): predictable deals, said in the banner and "
                   "saved in the history (default: unpredictable shuffles, no seed).")
@click.option("--hands", "max_deals", default=None, type=HANDS,
              help=f"Stop after this many deals, 1..{MAX_HANDS:,}.")
@click.option("--history", "history", default=None, metavar="FILE",
              help="Hand-history file (default: play-TIME.json, play-TIME-seedSEED.json "
                   "when seeded, in "
                   "$BRAG_HISTORY_DIR, else ~/.local/share/bragkit/histories).")
@click.option("--pause/--no-pause", default=True, show_default=True,
              help="Wait for Enter between deals.")
@click.option("--delay", default=DEFAULT_DELAY, show_default=True, metavar="SECONDS",
              type=click.FloatRange(0, MAX_DELAY), callback=lambda _c, _p, v: _finite(v),
              help=f"Pause after each bot action, so you can follow the play (0 for none; at "
                   f"most {MAX_DELAY:g}; only on a terminal).")
@click.pass_context
def play_command(ctx: click.Context, preset: str, rules_file: str | None,
                 settings: tuple[str, ...], bots: str | None, seat: int, stack: int,
                 seed: int | None, max_deals: int | None, history: str | None,
                 pause: bool, delay: float) -> None:
    """Play at a terminal table against bots; every deal is saved for 'brag replay'.

    Type h at the prompt for the actions on offer and the shortcuts, rules for the hand
    ranking and house rules, hint for your chance against the players still in, q to stop.
    The game ends with a summary: deals played and won, net chips, biggest pot.
    """
    house = house_game(preset) if rules_file is None else None
    if house is not None and house.terminal:  # a game with its own terminal player
        _hand_over(ctx, house, preset, stack,
                   **{"--seed": seed, "--hands": max_deals, "--history": history})
        return
    rules = rules_from(preset, rules_file, settings)
    others = parse_bots(bots or default_bots(rules))
    n = len(others) + 1
    if seat > n:
        raise RulesError(f"--seat {seat}: there are only {n} seats")
    session = open_table(rules, [stack] * n, 0, seed=seed,  # no seed: SystemRandom
                         keep_records=None)  # every deal: the history is saved whole each deal
    human = seat - 1
    names: list[str] = []
    table_bots: dict[int, Bot] = {}
    it = iter(others)
    for s in range(n):
        if s == human:
            names.append("you")
        else:
            name = next(it)
            table_bots[s] = get_bot(name, rules)
            names.append(name)
    console = Console(highlight=False, soft_wrap=True)
    path = history_path(history, "play", seed, lambda p: save_history(session, p), console)
    console.print(f"[bold]brag play[/bold]: {preset if rules_file is None else rules_file}, "
                  f"{n} seats, you are p{seat}; {seeded(seed)}history: {path}")
    console.print("type an action at the prompt (h for help, q to stop)")
    table = PlayTable(session, human, table_bots, names, console, path,
                   new_rng() if seed is None else random.Random(f"bragkit-play-bots:{seed}"),
                   max_deals, pause, delay)
    code = 0
    try:
        table.run()
    except Quit:
        pass
    except KeyboardInterrupt:
        code = 130
        # a Ctrl-C that lands inside a print can leave rich's console buffering for good
        # (its buffer depth raised, never lowered): the summary goes through a new one
        console = Console(highlight=False, soft_wrap=True)
    done = len(session.records)
    console.print(f"\n[bold]{table.summary_text()}[/bold]")
    console.print(f"history saved to {path} ({done} finished deal{'s' if done != 1 else ''}); "
                  f"stacks {' '.join(str(s) for s in session.stacks)}")
    if code:
        sys.exit(code)
