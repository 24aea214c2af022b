"""The ``brag play`` table: the seats on screen, the bots, the human's prompt, the log."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Final

from rich.console import Console
from rich.table import Table

from bragkit.bots import get_bot
from bragkit.bots.base import Bot, begin_deal, end_deal
from bragkit.cards import Card, format_cards
from bragkit.cli.play_input import LISTED, Help, Quit, help_text, read_action
from bragkit.cli.play_save import save_history
from bragkit.engine.actions import LegalAction
from bragkit.engine.table import Table as GameTable
from bragkit.errors import BragError
from bragkit.games import hand_ranking

__all__ = ["PlayTable"]

_BLIND_GAMES = frozenset({"modern", "teen-patti", "brag-poker"})


_CHOSEN_ANTE: Final = ("foster", "american")
"""Games whose dealer chooses the ante (rules-spec 4.1, 4.3): the log shows it."""


class PlayTable:
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
            chosen_ante = e.kind == "ante" and getattr(self.rules, "game", "") in _CHOSEN_ANTE
            if (e.kind in ("deal_start", "deal_end", "ante") and not chosen_ante) or (
                    e.kind == "deal" and e.cards is None):
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
            if len(la.args) > LISTED:
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
                raise Quit from None
            try:
                action = read_action(text, legal)
                self.session.apply_move(self.human, action)
                return
            except Help:
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
                    raise Quit
                if self.pause and not t.over and (self.max_deals is None
                                                  or len(t.records) < self.max_deals):
                    try:
                        answer = self.console.input("Enter for the next deal, q to quit: ")
                    except EOFError:
                        raise Quit from None
                    if answer.strip().lower() in ("q", "quit"):
                        raise Quit
