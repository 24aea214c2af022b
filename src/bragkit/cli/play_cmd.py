"""``brag play``: one person against bots at a terminal table.

The table shows the seats, stacks, the pot, who is blind, the price to stay in and to see,
your cards once you have looked, and a running log.  Only legal actions are offered, with
their costs; anything else is refused with a one-line reason.  Every finished deal is saved
(atomically) to a hand-history file that ``brag replay`` reads, so interrupting the game
(Ctrl-C, end of input, ``quit``) leaves the history complete up to the last finished deal.

Shortcuts at the prompt: ``l`` look, ``f`` fold, ``s`` see, ``b`` the smallest bet,
``b N`` bet N, ``q`` quit; any action string (``bet 4``, ``look new``) works too.
"""

from __future__ import annotations

import dataclasses
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from bragkit.bots import bot_names, get_bot
from bragkit.bots.base import Bot, begin_deal, end_deal
from bragkit.cards import Card, format_cards
from bragkit.cli import cli
from bragkit.engine.actions import Action, LegalAction, parse_action
from bragkit.engine.table import Table as GameTable
from bragkit.engine.table import open_table
from bragkit.errors import BragError, HistoryError, IllegalActionError, RulesError
from bragkit.games import hand_ranking
from bragkit.history import dumps, history_of
from bragkit.sim.options import rules_from
from bragkit.sim.runner import parse_bots

__all__ = ["play_command", "read_action", "save_history", "write_atomically"]

_SHORT: dict[str, tuple[str, ...]] = {
    # a shortcut means the first of its actions on offer (else the first, to be refused)
    "l": ("look",), "f": ("fold",), "s": ("see", "stand", "stay", "show"),
    "c": ("call", "check", "cover"), "k": ("keep", "check"), "t": ("throw", "trade"),
    "d": ("discard", "draw"), "r": ("raise",), "p": ("pass", "play"), "a": ("ante", "accept"),
    "x": ("check",), "q": ("quit",), "quit": ("quit",), "exit": ("quit",),
}
_HELP_WORDS = frozenset({"h", "help", "?"})
_LISTED = 4  # an action with more choices than this lists them, numbered
_BLIND_GAMES = frozenset({"modern", "teen-patti", "brag-poker"})

_MEANING = {
    "look": "look at your cards (you stop playing blind)",
    "fold": "give up this deal (your chips in the pot stay there)",
    "bet": "put in N chips: the smallest stays in, more raises the stake",
    "see": "pay to see: both hands are shown, the better wins (the seer loses a tie)",
    "showdown": "propose that everybody still in shows now",
    "agree": "agree to the proposed showdown", "refuse": "refuse the proposed showdown",
    "cover": "cover the blind player's stake (rules-spec S2 cover)",
    "call": "match the bet to stay in", "raise": "raise the bet by N", "check": "bet nothing",
    "pass": "pass (fold, or bet nothing when nobody has bet)", "ante": "your ante as dealer",
    "stand": "stand pat / knock: keep your cards", "stay": "stay in", "draw": "draw a card",
    "discard": "discard these cards", "keep": "keep your hand", "throw": "throw your hand in",
    "exchange": "swap a card of yours for one of the widow (YOURS WIDOWS)",
    "widow": "take the whole widow", "trade": "trade a card", "sideshow": "ask for a side show",
    "accept": "accept", "decline": "decline", "retain": "keep your hand for the next deal",
    "release": "let your hand go", "rebuy": "buy more chips", "borrow": "borrow chips",
    "lend": "lend chips", "name": "name a card", "show": "show your hand",
    "choose": "choose the variant the next deals are played in (dealer's choice)",
}


def help_text(legal: tuple[LegalAction, ...], blind: bool = False) -> str:
    """What the player can type now: each action on offer with its cost, and the shortcuts.

    >>> print(help_text((LegalAction("fold"), LegalAction("see", cost=6))))
    you can:
      fold                  give up this deal (your chips in the pot stay there)
      see (costs 6)         pay to see: both hands are shown, the better wins (the seer ...)
    shortcuts: l look, f fold, s see/stand, c call/check/cover, b bet (b = the smallest), ...
    """
    lines = ["you can:"]
    for la in legal:
        meaning = _MEANING.get(la.kind, "")
        if la.kind == "bet" and blind:
            meaning += " (you are blind: your bet counts double)"
        if len(la.args) > _LISTED:
            usage = f"{la.kind} N"
            meaning = f"{meaning}: N from the {len(la.args)} numbered choices above".lstrip(": ")
        else:
            usage = str(la)
        lines.append(f"  {usage:<21} {meaning}".rstrip())
    lines.append("shortcuts: l look, f fold, s see/stand, c call/check/cover, b bet (b = the "
                 "smallest), r raise, k keep, t throw, d discard, p pass; h this help; "
                 "q quit (every finished deal is already saved)")
    return "\n".join(lines)


class _Quit(Exception):
    """The player asked to stop."""


class _Help(Exception):
    """The player asked for help."""


def save_history(session: GameTable, path: Path) -> int:
    """Write the finished deals of ``session`` to ``path`` atomically; return their number.

    A file that cannot be written is a :class:`~bragkit.errors.HistoryError` (one line).
    """
    history = history_of(session)
    done = len(session.records)
    history = dataclasses.replace(history, deals=history.deals[:done])
    write_atomically(path, dumps(history))
    return done


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` at once (a temporary file, fsync, rename): an
    interruption leaves the old file or the new one, never a part.  Errors are
    :class:`~bragkit.errors.HistoryError` (one line)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as error:
        raise HistoryError(f"cannot write the history {path}: {error.strerror or error}") \
            from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # as an ordinary file, not mkstemp's 0600
        os.replace(tmp, path)
    except BaseException as error:
        Path(tmp).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise HistoryError(f"cannot write the history {path}: "
                               f"{error.strerror or error}") from None
        raise


def default_history_dir() -> Path:
    """Where ``brag play`` saves histories by default (never the current directory).

    ``$BRAG_HISTORY_DIR`` if set, else the user's data directory:
    ``$XDG_DATA_HOME/bragkit/histories`` or ``~/.local/share/bragkit/histories``
    (``%LOCALAPPDATA%\\bragkit\\histories`` on Windows).

    >>> import os
    >>> os.environ["BRAG_HISTORY_DIR"] = "/tmp/h"
    >>> default_history_dir().as_posix()
    '/tmp/h'
    >>> del os.environ["BRAG_HISTORY_DIR"]
    """
    chosen = os.environ.get("BRAG_HISTORY_DIR")
    if chosen:
        return Path(chosen).expanduser()
    base = os.environ.get("LOCALAPPDATA" if os.name == "nt" else "XDG_DATA_HOME")
    if base:
        return Path(base) / "bragkit" / "histories"
    return Path.home() / ".local" / "share" / "bragkit" / "histories"


def history_path(given: str | None, prefix: str, seed: int, save: Callable[[Path], object],
                 console: Console) -> Path:
    """Where a session saves its hands: ``given``, else ``PREFIX-TIME-seedSEED.json`` in
    :func:`default_history_dir` (in ``brag-histories`` here if that cannot be written).
    ``save(path)`` writes the empty history at once, so the place is known to be writable.

    >>> import tempfile
    >>> where = Path(tempfile.mkdtemp()) / "h.json"
    >>> history_path(str(where), "play", 1, lambda p: p.write_text("{}"), Console()).name
    'h.json'
    """
    if given is not None:
        path = Path(given)
        save(path)
        return path
    name = f"{prefix}-{time.strftime('%Y%m%d-%H%M%S')}-seed{seed}.json"
    try:
        path = default_history_dir() / name
        save(path)
    except (HistoryError, RuntimeError) as error:  # RuntimeError: no home directory
        path = Path("brag-histories") / name
        console.print(f"[yellow]{error}[/yellow]; saving in the current directory")
        save(path)
    return path


def read_action(text: str, legal: tuple[LegalAction, ...]) -> Action:
    """Turn what the player typed into an action (shortcuts allowed); may raise BragError.

    >>> legal = (LegalAction("look"), LegalAction("fold"), LegalAction("bet", lo=2, hi=9))
    >>> read_action("b", legal), read_action("b 4", legal), read_action("l", legal)
    (Action(kind='bet', amount=2, arg=None), Action(kind='bet', amount=4, arg=None), \
Action(kind='look', amount=None, arg=None))
    >>> read_action("b", (LegalAction("fold"), LegalAction("see", cost=4)))
    Traceback (most recent call last):
    ...
    bragkit.errors.IllegalActionError: bet is not on offer now; you can: fold, see (costs 4)
    """
    words = text.strip().split()
    if not words:
        raise RulesError("type an action, e.g. " + ", ".join(_example(la) for la in legal)
                         + " (h for help)")
    head = words[0].lower()
    if head in _HELP_WORDS:
        raise _Help
    kinds = [la.kind for la in legal]
    if head == "b":
        head = "bet"
    elif head in _SHORT:
        options = _SHORT[head]
        head = next((k for k in options if k in kinds), options[0])
    if head == "quit":
        raise _Quit
    if len(words) == 1:
        for la in legal:
            if la.kind == head and la.lo is not None:
                return Action(head, la.lo)
    if len(words) == 2 and words[1].isdigit():  # "choose 3": the 3rd of a numbered list
        for la in legal:
            if la.kind == head and len(la.args) > _LISTED:
                number = int(words[1])
                if not 1 <= number <= len(la.args):
                    raise IllegalActionError(f"{head} {number}: choose 1 to {len(la.args)}")
                return Action(head, arg=la.args[number - 1])
    try:
        return parse_action(" ".join([head, *words[1:]]))
    except BragError:
        if head in kinds or head not in _MEANING:
            raise
        offered = ", ".join(str(la) for la in legal)  # "b" when no bet is on offer
        raise IllegalActionError(f"{head} is not on offer now; you can: {offered}") from None


def default_bots(rules: Any) -> str:
    """Three opponents: two ``heuristic`` and a ``tracker`` where they exist, else random.

    >>> from bragkit.rules import get_preset
    >>> default_bots(get_preset("modern"))
    'heuristic,heuristic,tracker'
    """
    names = bot_names(str(getattr(rules, "game", "modern")))
    strong = "heuristic" if "heuristic" in names else "random"
    third = "tracker" if "tracker" in names else strong
    return f"{strong},{strong},{third}"


def _example(la: LegalAction) -> str:
    return str(la.examples()[0])


class _Table:
    """Runs the table: bots, the human's prompt, the log, saving."""

    def __init__(self, session: GameTable, human: int, bots: dict[int, Bot], names: list[str],
                 console: Console, history: Path, rng: random.Random,
                 max_deals: int | None, pause: bool) -> None:
        self.session = session
        self.human = human
        self.bots = bots
        self.names = names
        self.console = console
        self.history = history
        self.rng = rng
        self.max_deals = max_deals
        self.pause = pause
        self.logged = 0
        self.packs_seen = 0
        self.rules = session.rules

    # -------------------------------------------------------------- display
    def view(self) -> Any:
        t = self.session
        if t.state is not None:
            return t.state.view(self.human)
        return t.last_final.view(self.human) if t.records else None

    def seat_name(self, seat: int) -> str:
        return f"p{seat + 1} ({self.names[seat]})"

    def log_new(self, events: tuple[Any, ...]) -> None:
        for e in events[self.logged:]:
            if e.kind in ("deal_start", "deal_end", "ante") or (e.kind == "deal"
                                                                 and e.cards is None):
                continue
            who = self.seat_name(e.seat) if e.seat is not None else "*"
            text = str(e).split(" ", 1)[1] if " " in str(e) else str(e)
            self.console.print(f"  [dim]{who}[/dim] {text}")
        self.logged = len(events)

    def blind_play(self) -> bool:
        """Whether this game has blind play (looking at your cards is an action)."""
        return bool(getattr(self.rules, "game", "") in _BLIND_GAMES
                    and getattr(self.rules, "blind_allowed", True))

    def describe(self, cards: tuple[Card, ...]) -> str:
        """``" (Pair of kings, two kicker)"``: the hand under the game's ranking, if it
        ranks hands of that size."""
        try:
            ranking = hand_ranking(self.rules)
            if ranking.accepts(len(cards)):
                return f" ({ranking.evaluate(cards).description})"
        except BragError:
            return ""
        return ""

    def show(self, view: Any, legal: tuple[LegalAction, ...]) -> None:
        t = self.session
        dealer = view.dealer if t.state is not None else getattr(t, "dealer", view.dealer)
        table = Table(title=f"Deal {t.deal_no + 1} - dealer p{dealer + 1}", expand=False)
        for col in ("seat", "player", "stack", "status", "cards"):
            table.add_column(col)
        looked = getattr(view, "looked", None) if self.blind_play() else None
        for s in range(len(view.stacks)):
            status = view.status[s] if s < len(view.status) else ""
            if looked is not None and status == "in":
                status += ", open" if looked[s] else ", blind"
            cards = format_cards((view.own_cards if s == self.human else view.shown.get(s)) or ())
            if s == self.human and view.own_cards:
                cards += self.describe(view.own_cards)
            if s == self.human and view.own_cards is None:
                cards = "(not looked)" if looked is not None else "(not dealt yet)"
            marker = " <" if s == view.to_act else ""
            table.add_row(f"p{s + 1}{marker}", self.names[s], str(view.stacks[s]), status, cards)
        self.console.print(table)
        line = f"pot {view.pot}"
        carried = getattr(t, "carried", 0)
        if carried and t.state is not None and t.state.pot >= carried:
            line += f" (with {carried} carried)"
        r = getattr(view, "r", None)
        if r is not None:
            brag_style = getattr(self.rules, "game", "") in ("modern", "teen-patti")
            line += f"; stake (open-equivalent) {r}" if brag_style else f"; bet to match {r}"
        widow = getattr(view, "widow", None)
        if widow:
            line += f"; widow {format_cards(widow)}"
        blind = looked is not None and not looked[self.human]
        for la in legal:
            if la.kind == "bet" and la.lo is not None:
                line += f"; to stay in: {la.lo}"
                if blind:
                    line += " (you are blind: your bets count double)"
            if la.kind == "see":
                line += f"; to see: {la.cost}"
        self.console.print(line)
        for la in legal:
            if len(la.args) > _LISTED:
                numbered = ", ".join(f"{i}) {a}" for i, a in enumerate(la.args, 1))
                self.console.print(f"{la.kind} choices (type {la.kind} N or the choice): "
                                   f"{numbered}", markup=False)
        offers = " | ".join(str(la) for la in legal)
        self.console.print(f"[bold]your move[/bold]: {offers}")

    # -------------------------------------------------------------- playing
    def ask(self, view: Any, legal: tuple[LegalAction, ...]) -> None:
        self.show(view, legal)
        while True:
            try:
                text = self.console.input("> ")
            except EOFError:
                raise _Quit from None
            try:
                action = read_action(text, legal)
                self.session.apply_move(self.human, action)
                return
            except _Help:
                looked = getattr(view, "looked", None) if self.blind_play() else None
                self.console.print(help_text(legal, looked is not None
                                             and not looked[self.human]), markup=False)
            except BragError as error:
                self.console.print(f"[red]not allowed:[/red] {error}")

    def finish_deal(self) -> None:
        t = self.session
        rec = t.records[-1]
        final = t.last_final
        self.log_new(final.view(self.human).events)
        winners = ", ".join(self.seat_name(s) for s in getattr(final, "winners", ()))
        self.console.print(f"[bold]deal {rec.number + 1} over[/bold]"
                           + (f": won by {winners}" if winners else "")
                           + f"; stacks {' '.join(str(s) for s in t.stacks)}"
                           + (f"; {t.carried} carried" if t.carried else ""))
        for seat, bot in self.bots.items():
            end_deal(bot, final.view(seat))
        save_history(t, self.history)
        self.logged = 0

    def run(self) -> None:
        t = self.session
        started = -1
        while not t.over:
            if self.max_deals is not None and len(t.records) >= self.max_deals:
                break
            if t.state is not None and started != t.deal_no:
                started = t.deal_no
                self.console.rule(f"deal {t.deal_no + 1}")
                if t.rules != self.rules:  # dealer's choice: the variant is announced
                    self.rules = t.rules
                    self.console.print(f"variant: {t.rules.cards} cards, wild "
                                       f"{t.rules.wild or 'none'}, blind "
                                       f"{'allowed' if t.rules.blind_allowed else 'not allowed'}")
                    self.bots = {s: get_bot(b.name, t.rules) for s, b in self.bots.items()}
                shuffled = len(t.packs_used) > self.packs_seen
                self.packs_seen = len(t.packs_used)
                for seat, bot in self.bots.items():
                    begin_deal(bot, t.state.view(seat), shuffled)
            deal_no = t.deal_no
            seat = t.to_act
            legal = t.legal_actions()
            view = self.view()
            if view is not None:
                self.log_new(view.events if t.state is not None else ())
            if seat == self.human:
                self.ask(view, legal)
            else:
                bot_view = t.state.view(seat) if t.state is not None else \
                    t.last_final.view(seat)
                t.apply_move(seat, self.bots[seat].act(bot_view, legal, self.rng))
            if t.deal_no != deal_no:
                self.finish_deal()
                if t.state is not None and t.state.status[self.human] == "out":
                    self.console.print("you cannot pay to be dealt in: the game is over for you")
                    raise _Quit
                if self.pause and not t.over and (self.max_deals is None
                                                  or len(t.records) < self.max_deals):
                    try:
                        answer = self.console.input("Enter for the next deal, q to quit: ")
                    except EOFError:
                        raise _Quit from None
                    if answer.strip().lower() in ("q", "quit"):
                        raise _Quit


@cli.command("play")
@click.option("--preset", default="modern", show_default=True,
              help="Rules preset (casino plays 'brag casino play').")
@click.option("--rules", "rules_file", default=None, metavar="FILE",
              help="A JSON rules file (a preset name or {\"preset\": ..., key: value}).")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="A house rule, e.g. --set ante=2 (repeatable).")
@click.option("--bots", default=None,
              help="The bots at the other seats, comma-separated (NAME*K repeats); default "
                   "heuristic,heuristic,tracker (heuristic or random bots for other games).")
@click.option("--seat", default=1, show_default=True, type=click.IntRange(1),
              help="Your seat.")
@click.option("--stack", default=100, show_default=True, type=click.IntRange(1),
              help="Starting stack of every seat.")
@click.option("--seed", default=None, type=int,
              help="Random seed (default: unpredictable; saved in the history).")
@click.option("--hands", "max_deals", default=None, type=click.IntRange(1),
              help="Stop after this many deals.")
@click.option("--history", "history", default=None, metavar="FILE",
              help="Hand-history file (default: play-TIME-seedSEED.json in "
                   "$BRAG_HISTORY_DIR, else ~/.local/share/bragkit/histories).")
@click.option("--pause/--no-pause", default=True, show_default=True,
              help="Wait for Enter between deals.")
@click.pass_context
def play_command(ctx: click.Context, preset: str, rules_file: str | None,
                 settings: tuple[str, ...], bots: str | None, seat: int, stack: int,
                 seed: int | None, max_deals: int | None, history: str | None,
                 pause: bool) -> None:
    """Play at a terminal table against bots; every deal is saved for 'brag replay'.

    Type h at the prompt for the actions on offer and the shortcuts, q to stop.
    """
    if preset == "casino" and rules_file is None:
        from click.core import ParameterSource

        from bragkit.cli.casino_cmd import play_cmd as casino_play

        given = [f"--{name}" for name in ("bots", "seat", "set")
                 if ctx.get_parameter_source(name if name != "set" else "settings")
                 == ParameterSource.COMMANDLINE]
        if given:
            raise RulesError(f"casino 3 Card Brag is played against the house: "
                             f"{', '.join(given)} do not apply (see 'brag casino play --help')")
        bankroll = {} if ctx.get_parameter_source("stack") != ParameterSource.COMMANDLINE \
            else {"bankroll": stack}
        ctx.invoke(casino_play, seed=seed, max_hands=max_deals, history=history, **bankroll)
        return
    rules = rules_from(preset, rules_file, settings)
    others = parse_bots(bots or default_bots(rules))
    n = len(others) + 1
    if seat > n:
        raise RulesError(f"--seat {seat}: there are only {n} seats")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    session = open_table(rules, [stack] * n, 0, seed=seed)
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
                  f"{n} seats, you are p{seat}; seed {seed}; history: {path}")
    console.print("type an action at the prompt (h for help, q to stop)")
    table = _Table(session, human, table_bots, names, console, path,
                   random.Random(f"bragkit-play-bots:{seed}"), max_deals, pause)
    code = 0
    try:
        table.run()
    except _Quit:
        pass
    except KeyboardInterrupt:
        code = 130
    done = len(session.records)
    console.print(f"\nhistory saved to {path} ({done} finished deal{'s' if done != 1 else ''}); "
                  f"stacks {' '.join(str(s) for s in session.stacks)}")
    if code:
        sys.exit(code)
