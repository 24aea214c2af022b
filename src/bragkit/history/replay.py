"""Re-play a hand history through the engine, validating every action, and summarise it.

>>> from bragkit.history.format import loads
>>> h = loads('{"rules": {"preset": "modern", "ante": 1}, "stacks": [10, 10, 10], '
...           '"dealer": "p3", "seed": 4, "deals": [["p1 look", "p1 bet 2", "p2 fold", '
...           '"p3 fold"]]}')
>>> result = replay(h)
>>> result.summary()["stacks"], result.summary()["deals"][0]["winners"]
([12, 9, 9], ['p1'])
>>> bad = loads('{"rules": "modern", "stacks": [10, 10], "dealer": 1, "seed": 4, '
...             '"deals": [["p2 see"]]}')
>>> replay(bad)
Traceback (most recent call last):
...
bragkit.errors.HistoryError: deal 1, action 1 (p2 see): nobody has bet yet, ...
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

from bragkit.engine import BragState
from bragkit.engine.actions import parse_move
from bragkit.engine.deal_protocol import DealProtocol
from bragkit.engine.pack import PACK_ONLY_SEED, fresh_pack, new_rng, pack_from_text, pack_text
from bragkit.engine.table import DealRecord, DealState, OnRecord, Table, open_table
from bragkit.errors import BragError, HistoryError, excerpt
from bragkit.games import spec_of
from bragkit.history.format import AnyHistory, HandHistory, is_table_history, spec_for

__all__ = ["MAX_ACTION_CHARS", "ReplayResult", "history_of", "open_session", "play_deal",
           "play_deals", "replay"]


@dataclass
class ReplayResult:
    """A replayed session: the table and every deal's record."""

    history: HandHistory
    session: Table

    def deal_summary(self, record: DealRecord | None, state: Any) -> dict[str, Any]:
        """One deal as a JSON-ready dict."""
        first = state.first()
        dealt: dict[int, str] = {}
        for e in state.events:  # poker-style: Foster deals after the ante, Three-Stake twice
            if e.kind == "deal" and e.seat is not None and e.cards is not None:
                text = pack_text(e.cards)
                dealt[e.seat] = f"{dealt[e.seat]} {text}" if e.seat in dealt else text
        hands = {f"p{s + 1}": dealt[s] for s in sorted(dealt)}
        shown = {f"p{e.seat + 1}": pack_text(e.cards) for e in state.events
                 if e.kind == "reveal" and e.seat is not None and e.cards is not None
                 and e.visible_to is None}
        start = first.stacks
        paid_in = [first.paid[s] for s in range(first.n)]
        net = [state.stacks[s] - start[s] - paid_in[s] - state.bought[s]
               for s in range(state.n)]
        out: dict[str, Any] = {
            "number": (record.number if record else self.session.deal_no) + 1,
            "dealer": f"p{state.dealer + 1}",
            "variant": record.choice if record else None,
            "shuffled": record.shuffled if record else None,
            "hands": hands,
            "shown": shown,
            "actions": list(record.actions if record else self.session.current_actions()),
            "winners": [f"p{s + 1}" for s in state.winners],
            "net": {f"p{s + 1}": net[s] for s in range(state.n)},
            "pot": state.pot + sum(a for a, _ in state.covered_pots),
            "carried": state.carried,
            "retained": f"p{state.retained[0] + 1}" if state.retained else None,
            "finished": state.is_over,
        }
        if state.rules.retained_variant == "face_up" and first.faceup:
            out["face_up"] = pack_text(first.faceup)
        out.update(_retained_hand(first, state))
        if state.rules.stub_face_up:  # 4.4.11: each card the stub showed, in order
            out["stub"] = [pack_text(e.cards) if e.cards else "face down"
                           for e in state.events if e.kind == "stub" and e.cards is not None]
        return out

    def unfinished(self) -> dict[str, Any] | None:
        """The summary of the deal in progress at the end of the history (None if none)."""
        session = self.session
        if session.state is not None and session.state.actions:
            return self.deal_summary(None, session.state)
        return None

    def totals(self) -> dict[str, Any]:
        """The end of the replay: ``stacks``, ``stacks_by_seat``, ``pot``, ``debts``, ``over``
        (and ``split``, the shares of a pot split as the table ended, included in ``stacks``)."""
        session = self.session
        live = session.state is not None and bool(session.state.actions)
        if live and session.state is not None:
            stacks = session.state.stacks
            pot = session.state.chips_in_play() - sum(stacks)
        else:
            stacks = session.stacks
            pot = session.carried
        split = self.history.split
        if split is not None:  # the carried pot, split among the seats as the table ended
            if live or sum(split) != pot:
                raise HistoryError(f'bad history: "split" shares out {sum(split)} chips, but '
                                   + ("a deal is still in progress" if live else
                                      f"the pot carried after the last deal is {pot}"))
            stacks = [a + b for a, b in zip(stacks, split, strict=True)]
            pot = 0
        out: dict[str, Any] = {
            "stacks": list(stacks),
            "stacks_by_seat": {f"p{s + 1}": stacks[s] for s in range(len(stacks))},
            "pot": pot,
            "debts": [{"lender": f"p{a + 1}", "borrower": f"p{b + 1}", "amount": m}
                      for a, b, m in (session.state.debts if live and session.state
                                      else session.debts)],
            "over": session.over,
        }
        if split is not None:
            out["split"] = {f"p{s + 1}": n for s, n in enumerate(split)}
        return out

    def summary(self) -> dict[str, Any]:
        """The whole replay as a JSON-ready dict (``stacks``, ``pot``, ``deals``, ...).

        It holds every deal: for a long history, :func:`bragkit.history.stream.replay_to`
        writes the same output deal by deal in bounded memory."""
        deals = [self.deal_summary(r, r.final) for r in self.session.records]
        last = self.unfinished()
        if last is not None:
            deals.append(last)
        totals = self.totals()
        out = {"rules": self.history.rules_spec, "stacks": totals["stacks"],
               "stacks_by_seat": totals["stacks_by_seat"], "pot": totals["pot"],
               "deals": deals, "debts": totals["debts"], "over": totals["over"]}
        if "split" in totals:
            out["split"] = totals["split"]
        return out

    def text(self) -> str:
        """A readable account of the replay."""
        data = self.summary()
        lines = [line for deal in data["deals"] for line in self.deal_lines(deal)]
        lines.append(self.footer(data))
        return "\n".join(lines)

    @staticmethod
    def footer(totals: dict[str, Any]) -> str:
        """The last line of :meth:`text`: the stacks and the chips left on the table."""
        stacks = ", ".join(f"{k} {v}" for k, v in totals["stacks_by_seat"].items())
        line = f"Stacks: {stacks}; chips on the table: {totals['pot']}"
        split = totals.get("split")
        if split:  # the stacks above include the shares
            shares = ", ".join(f"{k} {v}" for k, v in split.items() if v)
            line = (f"The carried pot of {sum(split.values())} chips was split as the table "
                    f"ended: {shares}\n{line}")
        return line

    @staticmethod
    def deal_lines(deal: dict[str, Any]) -> list[str]:
        """The lines of :meth:`text` for one deal summary (:meth:`deal_summary`)."""
        lines: list[str] = []
        lines.append(f"Deal {deal['number']} (dealer {deal['dealer']})"
                     + (f", variant {deal['variant']}" if deal["variant"] else "")
                     + (", shuffled" if deal["shuffled"] else ""))
        for seat, cards in deal["hands"].items():
            lines.append(f"  {seat}: {cards}")
        for seat, cards in deal.get("retained_hand", {}).items():
            played = deal["played"].get(seat)
            lines.append(f"  {seat} retained hand (from the last deal): {cards}")
            lines.append(f"  {seat} played: {played}" if played else
                         f"  {seat} played: (chose no hand)")
        for action in deal["actions"]:
            lines.append(f"    {action}")
        for seat, cards in deal["shown"].items():
            lines.append(f"  shown {seat}: {cards}")
        if deal["winners"]:
            lines.append(f"  winners: {', '.join(deal['winners'])}")
        if deal["carried"]:
            lines.append(f"  pot of {deal['carried']} carried forward")
        if not deal["finished"]:
            lines.append("  (deal in progress)")
        return lines


def _retained_hand(first: Any, state: Any) -> dict[str, Any]:
    """``retained_hand`` and ``played`` of a deal in which a seat holds a blind hand retained
    from the last deal (empty otherwise): the retained cards, and the hand the seat actually
    played (the retained or the new one, after ``keep``/``throw``/``name``, or the retained
    hand against the face-up one).

    >>> _retained_hand(object(), object())
    {}
    """
    seat = getattr(first, "retainer", -1)
    if seat is None or seat < 0:
        return {}
    key = f"p{seat + 1}"
    if getattr(first, "faceup", ()):  # face-up variant: the retained hand is the one played
        held = pack_text(first.hands[seat])
        return {"retained_hand": {key: held}, "played": {key: held}}
    old = first.retained_hand[seat]
    if not old:
        return {}
    new = first.hands[seat]
    played: str | None = None
    for e in state.events:
        if e.seat == seat and e.kind in ("keep", "throw", "name") and e.note in ("old", "new"):
            chosen = e.note if e.kind != "throw" else ("new" if e.note == "old" else "old")
            played = pack_text(old if chosen == "old" else new)
    return {"retained_hand": {key: pack_text(old)}, "played": {key: played}}


MAX_ACTION_CHARS: Final = 200
"""The longest action string a history may hold (``p3 choose cards=4 wild=black-twos
blind=yes`` is 41 characters)."""


def open_session(history: HandHistory, *, keep_states: bool = True,
                 keep_records: int | None = None, on_record: OnRecord | None = None,
                 rng: random.Random | None = None,
                 more_shuffles: Iterable[str] | None = None) -> Table:
    """The table ``history`` starts (no action played yet); the keywords as for
    :func:`~bragkit.engine.table.open_table`.  ``rng`` draws the shuffles the history does
    not give (default: ``random.Random(seed)``; for a history with a ``"pack"`` and no
    ``"seed"``, ``random.Random(PACK_ONLY_SEED)``, the format's rule): a caller that goes on
    playing at the table passes ``new_rng()``, so its next deals are unpredictable.
    ``more_shuffles`` (pack texts, already checked) are read one at a time after
    ``history.shuffles``, as the table needs them (a streamed replay)."""
    rules = history.rules
    if rng is None and history.seed is None:
        rng = new_rng(PACK_ONLY_SEED if history.pack is not None else None)
    try:
        pack = pack_from_text(history.pack, rules) if history.pack is not None else None
        shuffles: Iterable[tuple[int, ...]] = [pack_from_text(p, rules, partial=True)
                                               for p in history.shuffles]
        if more_shuffles is not None:
            shuffles = itertools.chain(shuffles, (pack_from_text(p, rules, partial=True)
                                                  for p in more_shuffles))
        return open_table(rules, history.stacks, history.dealer, seed=history.seed, pack=pack,
                          rng=rng, shuffles=shuffles, keep_states=keep_states,
                          keep_records=keep_records, on_record=on_record)
    except BragError as error:
        raise HistoryError(f"bad history: {error}") from None


def replay(history: AnyHistory) -> ReplayResult:
    """Re-play ``history``; any malformed or illegal action raises one clear HistoryError.

    The result keeps every deal (its :meth:`~ReplayResult.summary` lists them all);
    :func:`bragkit.history.stream.replay_to` replays a long history in bounded memory.  A
    history of a game with its own rules value is re-played by the reader its spec declares
    (``GameSpec.history``: what ``brag replay`` runs).

    >>> from bragkit.history.format import loads
    >>> replay(loads('{"rules": "casino", "stacks": [20], "seed": 1, "deals": []}'))
    Traceback (most recent call last):
    ...
    bragkit.errors.HistoryError: a casino history is re-played by \
bragkit.games.casino.seats_history:replay_history (brag replay runs it), not as a table's
    """
    if not is_table_history(history):
        spec = spec_of(history.rules.game)
        raise HistoryError(f"a {spec.name} history is re-played by {spec.history} (brag "
                           "replay runs it), not as a table's")
    session = open_session(history)
    play_deals(session, history.deals)
    result = ReplayResult(history, session)
    if history.split is not None:
        result.totals()  # a "split" must share out exactly the pot carried at the end
    return result


def play_deals(session: Table, deals: Iterable[Sequence[str]]) -> None:
    """Apply every deal's action strings to ``session`` in order (every deal but the last
    must finish); a malformed or illegal action raises one HistoryError naming it."""
    last: int | None = None
    for d, actions in enumerate(deals):
        if last is not None and session.deal_no == last:
            raise HistoryError(f"deal {d} is not finished but deal {d + 1} follows")
        last = d
        play_deal(session, d, actions)


def play_deal(session: Table, d: int, actions: Sequence[str]) -> None:
    """Apply deal ``d``'s (0-based) action strings to ``session``."""
    if not actions and session.deal_no > d:
        return  # settled without a decision (Three-Stake: all but one seat all-in), maybe last
    if session.over:
        raise HistoryError(f"deal {d + 1}: the session is over (fewer than two seats can "
                           "pay the ante)")
    for i, text in enumerate(actions):
        if len(text) > MAX_ACTION_CHARS:
            raise HistoryError(f"{_where(d, i, text)}: an action string is at most "
                               f"{MAX_ACTION_CHARS} characters, not {len(text)}")
        if session.deal_no != d:
            raise HistoryError(f"{_where(d, i, text)}: deal {d + 1} is already over; this "
                               "action belongs to no deal")
        try:
            seat, action = parse_move(text)
            if seat >= session.n:
                raise HistoryError(f"{_where(d, i, text)}: there is no seat p{seat + 1}")
            session.apply_move(seat, action)
        except HistoryError:
            raise
        except BragError as error:
            message = str(error)
            prefix = f"{text.split()[0]} " if text.split() else ""
            if message.startswith(prefix) and ": " in message:
                message = message.split(": ", 1)[1]
            raise HistoryError(f"{_where(d, i, text)}: {message}") from None


def _where(d: int, i: int, text: str) -> str:
    """How an error names action ``i`` of deal ``d`` (both 0-based): ``deal 2, action 3
    (p1 see)``, a long action cut to an excerpt."""
    return f"deal {d + 1}, action {i + 1} ({excerpt(text, quote=False)})"


def history_of(played: Table | DealState) -> HandHistory:
    """The history of every deal played at a table of any game (the current one included,
    unless the table's chance is secret: see below), or of one deal played from a state
    class's ``start``/``new`` (``BragState.new``,
    ``CommerceState.new``, ``PokerState.start``, ...; its pack is written out in full).

    A table without a seed writes its packs (``"pack"``, then ``"shuffles"``); one whose
    chance is secret (``SystemRandom``, :attr:`~bragkit.engine.table.Table.secret_chance`,
    as in live play) writes only its finished deals and their packs, so no pack appears in
    the history before its deal is over.

    >>> import random
    >>> from bragkit.engine import BragState
    >>> from bragkit.rules import get_preset
    >>> st = BragState.new(get_preset("modern"), [20, 20], rng=random.Random(3))
    >>> st = st.apply("look").apply("bet 2").apply("fold")
    >>> h = history_of(st)
    >>> h.deals, replay(h).summary()["stacks"] == list(st.stacks)
    ((('p2 look', 'p2 bet 2', 'p1 fold'),), True)
    """
    if isinstance(played, DealProtocol):  # a single deal
        return _history_of_deal(cast(DealState, played))
    session = cast(Table, played)
    if session.records.dropped:
        raise HistoryError(f"this table kept only its last {len(session.records)} deal records "
                           f"(keep_records={session.records.keep}), so its history cannot be "
                           "saved: open it with keep_records=None, or save each deal as it "
                           "ends (on_record)")
    deals = [r.actions for r in session.records]
    secret = session.secret_chance  # no pack of the deal in progress may be written
    current = session.current_actions()
    if current and not secret:
        deals.append(current)
    seed = session.seed
    pack = None
    shuffles: tuple[str, ...] = ()
    if seed is None or session.given_pack is not None:
        packs = session.packs_used  # every pack: no record, hence no pack, was dropped
        if secret:
            packs = packs[:session.packs_finished - session.packs_dropped]
        pack = pack_text(packs[0]) if packs else None
        shuffles = tuple(pack_text(p) for p in packs[1:])
    return HandHistory(session.base_rules, spec_for(session.base_rules), session.start_stacks,
                       session.first_dealer, seed, pack, shuffles, tuple(deals))


def _history_of_deal(state: DealState) -> HandHistory:
    """The history of one deal played from a state class's ``start``/``new`` (any engine):
    the pack is rebuilt from the first state's dealt cards and checked by re-playing."""
    first = state.first()
    if isinstance(first, BragState):
        if (first.pot != sum(first.paid) or first.retainer >= 0
                or first.retained_hand != ((),) * first.n):
            raise HistoryError("a deal with a carried pot or a retained hand can be saved only "
                               "from its session")
        if any(s == "out" for s in first.status):
            raise HistoryError("a deal with seats sitting out can be saved only from its "
                               "session")
    rules, n = first.rules, first.n
    won = [0] * n  # pools settled before the first decision (Three-Stake's face-up card)
    for e in first.events:
        if e.kind == "award" and e.seat is not None and e.amount:
            won[e.seat] += e.amount
    stacks = tuple(first.stacks[s] + first.paid[s] - won[s] for s in range(n))
    pack = _first_pack(first)
    history = HandHistory(rules, spec_for(rules), stacks, first.dealer, None, pack_text(pack),
                          (), (tuple(state.action_strings()),))
    try:  # the saved history must give back this very deal
        table = replay(history).session
        again = table.state if table.deal_no == 0 else table.last_final
    except BragError:
        again = None
    if again != state:
        raise HistoryError(f"this {type(state).__name__} deal cannot be saved on its own (it "
                           "does not start a table); save it from its table (open_table)")
    return history


def _first_pack(first: Any) -> tuple[int, ...]:
    """The pack (top first) that ``first`` was dealt from: the cards dealt one at a time
    clockwise in each run of ``deal`` events, then other cards taken from the top (Commerce's
    widow), then the stock."""
    stock = tuple(first.pack)
    left = set(stock)
    dealt: list[int] = []
    run: list[tuple[int, ...]] = []
    seats: set[int | None] = set()

    def flush() -> None:
        longest = max((len(c) for c in run), default=0)
        dealt.extend(c[j] for j in range(longest) for c in run if j < len(c))
        run.clear()
        seats.clear()

    for e in first.events:
        cards = tuple(c for c in e.cards or () if c not in left and c not in dealt)
        if not cards:
            continue
        if e.kind == "deal":
            if e.seat in seats:  # a seat dealt to again: a new round of dealing
                flush()
            seats.add(e.seat)
            run.append(cards)
        else:
            flush()
            dealt.extend(cards)
    flush()
    pack = (*dealt, *stock)
    if sorted(pack) != sorted(fresh_pack(first.rules)):
        raise HistoryError(f"this {type(first).__name__} deal cannot be saved on its own (its "
                           "pack cannot be rebuilt); save it from its table (open_table)")
    return pack
