"""The ``brag play`` table: the seats on screen, the bots, the human's prompt, the log.

Besides actions the prompt takes table commands: ``rules`` (the hand ranking and the house
rules), ``hint`` (your chance against the players still in), ``h`` (help) and ``q`` (quit).
Between deals the "Enter for the next deal" prompt takes the same commands, and an action
typed there is kept for your first move of the next deal.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any, Final

from rich import box
from rich.console import Console
from rich.table import Table

from bragkit.bots import get_bot
from bragkit.bots.base import Bot, begin_deal, end_deal
from bragkit.cards import Card
from bragkit.cli.cardtext import cards_markup, markup_text, symbols_ok
from bragkit.cli.play_info import SessionSummary, hint_text, rules_text
from bragkit.cli.play_input import LISTED, Help, Quit, help_text, read_action
from bragkit.cli.play_render import (
    deal_pot,
    event_markup,
    last_actions,
    last_own_cards,
    no_turn_reason,
    paid_this_deal,
)
from bragkit.cli.play_save import save_history
from bragkit.cli.prompt_line import read_line
from bragkit.engine.actions import LegalAction
from bragkit.engine.table import Table as GameTable
from bragkit.errors import BragError
from bragkit.explain import (
    Narration,
    lives_text,
    own_cards_text,
    price_line,
    prices,
    stay_in_text,
)
from bragkit.games import engine_of, hand_ranking, has_blind_play
from bragkit.rules.game_keys import own_keys

__all__ = ["TABLE_COMMANDS", "PlayTable"]

_QUIT_WORDS: Final = frozenset({"q", "quit", "exit"})
_HELP_WORDS: Final = frozenset({"h", "help", "?"})
TABLE_COMMANDS: Final = ("table commands (they do not act): rules = the hand ranking and the "
                         "house rules; hint = your chance against the players still in; "
                         "h = help; q = quit")
"""The help line for the commands the prompt takes besides actions."""

class PlayTable:
    """Runs the table: bots, the human's prompt, the log, saving."""

    def __init__(self, session: GameTable, human: int, bots: dict[int, Bot], names: list[str],
                 console: Console, history: Path, rng: random.Random,
                 max_deals: int | None, pause: bool, delay: float = 0.0) -> None:
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
        self.ante_chosen = "dealer_withdraws_ante" in own_keys(self.rules)
        """The dealer chooses the ante (Foster's games, rules 4.1, 4.3): the log shows it."""
        self.narration = Narration(human, ["you" if s == human else self.seat_name(s)
                                           for s in range(len(names))])
        self.delay = delay if console.is_terminal else 0.0  # pacing is for people watching
        self.symbols = symbols_ok(console)
        self.queued: list[str] = []
        """What the player typed at the between-deals prompt, for his next move."""
        self.decided = False
        """Whether the player has had a decision in the deal in progress."""
        self.summary = SessionSummary(start=session.stacks[human])

    # -------------------------------------------------------------- display
    def view(self) -> Any:
        t = self.session
        if t.state is not None:
            return t.state.view(self.human)
        return t.last_final.view(self.human) if t.records else None

    def seat_name(self, seat: int) -> str:
        return f"p{seat + 1} ({self.names[seat]})"

    def log_new(self, events: tuple[Any, ...]) -> None:
        why: dict[int, list[str]] = {}  # the explanations (bragkit.explain) under their events
        for note in self.narration.new_notes(self.rules, events):
            why.setdefault(note.index, []).append(note.text)
        for k, e in enumerate(events[self.logged:], self.logged):
            chosen_ante = e.kind == "ante" and self.ante_chosen
            if not ((e.kind in ("deal_start", "deal_end", "ante") and not chosen_ante) or (
                    e.kind == "deal" and e.cards is None)):
                who = self.seat_name(e.seat) if e.seat is not None else "*"
                self.console.print(f"  [dim]{who}[/dim] "
                                   f"{event_markup(e, symbols=self.symbols)}")
            self.explain(why.pop(k, []))
        self.explain([text for texts in why.values() for text in texts])
        self.logged = len(events)

    def explain(self, texts: list[str]) -> None:
        """Print explanations, in italics, under the log."""
        for text in texts:
            self.console.print(f"  [italic]{markup_text(text, symbols=self.symbols)}[/italic]")

    def blind_play(self) -> bool:
        """Whether this game has blind play (looking at your cards is an action)."""
        return bool(has_blind_play(str(getattr(self.rules, "game", "")))
                    and getattr(self.rules, "blind_allowed", True))

    def cards(self, cards: tuple[Card, ...] | None) -> str:
        """Cards as markup: suit symbols in red and black (letters on a non-UTF-8 terminal)."""
        return cards_markup(cards or (), symbols=self.symbols)

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
        self.console.print(self.seat_table(view, dealer, f"Deal {t.deal_no + 1}"))
        line = f"pot {view.pot}"
        carried = getattr(t, "carried", 0)
        if carried and t.state is not None and t.state.pot >= carried:
            line += f" (with {carried} carried)"
        stake = getattr(view, "stake", None)
        if stake is not None:
            brag_style = engine_of(str(getattr(self.rules, "game", ""))) == "brag"
            line += (f"; stake (open-equivalent) {stake}" if brag_style
                     else f"; bet to match {stake}")
        widow = getattr(view, "widow", None)
        if widow:
            line += f"; widow {self.cards(widow)}"
        found = prices(t.state, self.human, legal)  # exact prices: bragkit.explain
        stay = stay_in_text(found, getattr(self.rules, "game", ""))
        line += f"; {stay}" if stay else ""
        line += "".join(f"; to see: {p.lo}" for p in found if p.action.kind == "see")
        self.console.print(line)
        self.console.print(markup_text(price_line(found), symbols=self.symbols))
        for la in legal:
            if len(la.args) > LISTED:
                numbered = ", ".join(f"{i}) {a}" for i, a in enumerate(la.args, 1))
                self.console.print(f"{la.kind} choices (type {la.kind} N or the choice): "
                                   + markup_text(numbered, symbols=self.symbols))
        offers = " | ".join(markup_text(str(la), symbols=self.symbols) for la in legal)
        self.console.print(f"[bold]your move[/bold]: {offers}")

    def seat_table(self, view: Any, dealer: int, title: str) -> Table:
        """Every seat: dealer marker, stack, chips paid and last action in this deal, status
        (blind or open where blind play exists) and the cards this seat may see."""
        n = len(view.stacks)
        events = getattr(view, "events", ())
        paid = paid_this_deal(events, n)
        last = last_actions(events, n, symbols=self.symbols)
        table = Table(title=title, caption="D = dealer, < = to act; put in = chips paid this "
                      "deal", expand=False, box=box.SIMPLE_HEAD, show_edge=False,
                      padding=(0, 1, 0, 0), title_justify="left", caption_justify="left")
        for col in ("seat", "player", "stack", "put in", "last action", "status", "cards"):
            table.add_column(col, justify="right" if col in ("stack", "put in") else "left")
        looked = getattr(view, "looked", None) if self.blind_play() else None
        for s in range(n):
            status = view.status[s] if s < len(view.status) else ""
            if looked is not None and status == "in":
                status += ", open" if looked[s] else ", blind"
            own = view.own_cards if s == self.human else view.shown.get(s)
            if s == self.human and own is None and view.to_act < 0:  # the deal is over
                own = last_own_cards(events, s)  # a folded hand, still yours to see
            cards = self.cards(own)
            if s == self.human and view.own_cards:
                cards += markup_text(self.describe(view.own_cards), symbols=self.symbols)
            if s == self.human and own is None:
                cards = "(not looked)" if looked is not None else "(not dealt yet)"
            words = own_cards_text(view, s, getattr(view, "legal", ())) if s == self.human \
                else None  # two blind hands, a Commerce dealer choosing: bragkit.explain
            if words:
                words = markup_text(words, symbols=self.symbols)
                cards = f"{cards} [{words}]" if view.own_cards else words
            status += lives_text(view, s)
            marker = (" D" if s == dealer else "") + (" <" if s == view.to_act else "")
            table.add_row(f"p{s + 1}{marker}", self.names[s], str(view.stacks[s]),
                          str(paid[s]), last[s], status, cards)
        return table

    # -------------------------------------------------------------- playing
    def table_command(self, text: str, view: Any) -> bool:
        """Run ``rules`` or ``hint`` if that is what ``text`` says; whether it was one."""
        word = text.strip().lower()
        if word == "rules":
            self.console.print(markup_text(rules_text(self.rules, symbols=self.symbols),
                                           symbols=self.symbols))
            return True
        if word == "hint":
            if view is None or self.session.state is None:
                self.console.print("hint: no cards yet (the next deal has not started)")
            else:
                seed = self.session.deal_no * 1009 + len(getattr(view, "events", ()))
                self.console.print(markup_text(hint_text(self.rules, view, self.human,
                                                         symbols=self.symbols, seed=seed),
                                               symbols=self.symbols))
            return True
        return False

    def read_line(self, prompt: str) -> str:
        """The next line the player typed (one typed between deals comes first)."""
        if self.queued:
            text = self.queued.pop(0)
            self.console.print(f"{prompt}{text}   [dim](typed before the deal)[/dim]",
                               markup=True, highlight=False)
            return text
        try:
            return read_line(self.console, prompt)  # never loses a Ctrl-C (prompt_line)
        except EOFError:
            raise Quit from None

    def ask(self, view: Any, legal: tuple[LegalAction, ...]) -> None:
        self.decided = True
        self.show(view, legal)
        while True:
            text = self.read_line("> ")
            if self.table_command(text, view):
                continue
            try:
                action = read_action(text, legal)
                self.session.apply_move(self.human, action)
                return
            except Help:
                looked = getattr(view, "looked", None) if self.blind_play() else None
                text = help_text(legal, looked is not None and not looked[self.human],
                                 self.rules, prices(self.session.state, self.human, legal))
                self.console.print(markup_text(text, symbols=self.symbols))  # cards as shown
                self.console.print(TABLE_COMMANDS, markup=False)
            except BragError as error:
                self.console.print(f"[red]not allowed:[/red] "
                                   f"{markup_text(str(error), symbols=self.symbols)}")

    def between_deals(self) -> None:
        """The "Enter for the next deal" prompt: Enter goes on, ``q`` quits, ``rules``,
        ``hint`` and ``h`` answer and ask again, anything else is kept as the first move
        of the next deal."""
        while True:
            try:
                answer = read_line(self.console, "Enter for the next deal (or q quit, "
                                   "rules, h help, or your first move): ")
            except EOFError:
                raise Quit from None
            word = answer.strip().lower()
            if not word:
                return
            if word in _QUIT_WORDS:
                raise Quit
            if word in _HELP_WORDS:
                self.console.print("Enter starts the next deal; an action typed here is kept "
                                   "for your first move of it.", markup=False)
                self.console.print(TABLE_COMMANDS, markup=False)
                continue
            if self.table_command(answer, None):
                continue
            self.queued.append(answer)
            return

    def pace(self) -> None:
        """Wait ``--delay`` seconds after a bot's move (only on a terminal)."""
        if self.delay > 0:
            time.sleep(self.delay)

    def summary_text(self) -> str:
        """The end-of-session line: deals played and won, net, biggest pot."""
        t = self.session
        return self.summary.text(stack=t.stacks[self.human], bought=t.bought[self.human])

    def finish_deal(self) -> None:
        t = self.session
        rec = t.records[-1]
        final = t.last_final
        final_view = final.view(self.human)
        self.log_new(final_view.events)
        winners = ", ".join(self.seat_name(s) for s in getattr(final, "winners", ()))
        self.summary.add_deal(won=self.human in getattr(final, "winners", ()),
                              pot=deal_pot(final_view.events))
        if any(final_view.shown.values()) or last_own_cards(final_view.events, self.human):
            self.console.print(self.seat_table(final_view, final_view.dealer,
                                               f"Deal {rec.number + 1}: the end"))
        if not self.decided:
            self.console.print("[yellow]" + no_turn_reason(
                self.rules, final_view.events, self.human, final_view.dealer, self.names)
                + "[/yellow]")
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
                self.decided = False
                self.console.rule(f"deal {t.deal_no + 1}")
                if t.rules != self.rules:  # dealer's choice: the variant is announced
                    self.rules = t.rules
                    self.console.print(f"variant: {t.rules.cards} cards, wild "
                                       f"{t.rules.wild or 'none'}, blind "
                                       f"{'allowed' if t.rules.blind_allowed else 'not allowed'}")
                    self.bots = {s: get_bot(b.name, t.rules) for s, b in self.bots.items()}
                shuffled = t.packs_count > self.packs_seen
                self.packs_seen = t.packs_count
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
                if t.deal_no == deal_no and t.state is not None:
                    self.log_new(t.state.view(self.human).events)
                    self.pace()
            if t.deal_no != deal_no:
                self.finish_deal()
                if t.state is not None and t.state.status[self.human] == "out":
                    self.console.print("you cannot pay to be dealt in: the game is over for you")
                    raise Quit
                if self.pause and not t.over and (self.max_deals is None
                                                  or len(t.records) < self.max_deals):
                    self.between_deals()
