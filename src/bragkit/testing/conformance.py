"""A conformance checker for every game on the engine: random legal play plus invariants.

It plays uniformly random legal actions over many hands (restarting a table whenever a
session ends) and asserts, after every action:

* chips are conserved exactly (stacks + live pot + frozen pots + carried pot = money in);
* no card appears twice and every card of the pack is accounted for;
* there are legal actions exactly when the hand is not over;
* every illegal action tried raises :class:`~bragkit.errors.IllegalActionError` and leaves
  the state unchanged (a wrong seat, an unoffered kind, amounts just outside the bounds);
* no seat's view contains a card it may not see;
* replaying a deal's action log from its first state reproduces its final state.

It works for any game whose table and states follow two small protocols
(:class:`TableLike`, :class:`StateLike`); every table :func:`~bragkit.engine.table.open_table`
builds follows them (pass ``table_factory`` to use another engine).

>>> from bragkit.rules import get_preset
>>> report = check_conformance(get_preset("modern"), hands=30, players=4, seed=1)
>>> report.hands >= 30, report.failures
(True, [])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from bragkit.engine.actions import Action, LegalAction
from bragkit.engine.table import DealState, open_table
from bragkit.errors import BragError, IllegalActionError
from bragkit.rules import Rules

__all__ = [
    "ConformanceError",
    "ConformanceReport",
    "StateLike",
    "TableLike",
    "check_conformance",
    "check_state",
]


StateLike = DealState
"""What the checker needs from one deal's state (the engine's :class:`DealState` protocol)."""


class TableLike(Protocol):
    """What the checker needs from a table playing consecutive deals."""

    @property
    def over(self) -> bool: ...
    @property
    def deal_no(self) -> int: ...
    @property
    def carried(self) -> int: ...
    @property
    def stacks(self) -> Sequence[int]: ...
    @property
    def records(self) -> Sequence[Any]: ...
    @property
    def last_final(self) -> Any: ...
    @property
    def state(self) -> Any: ...
    @property
    def total(self) -> int: ...
    def legal_actions(self) -> tuple[LegalAction, ...]: ...
    def apply(self, action: Action) -> None: ...

_PROBE_KINDS = ("look", "fold", "see", "cover", "keep", "throw", "retain", "release", "stay",
                "showdown", "agree", "refuse", "borrow", "show", "accept", "decline")


class ConformanceError(AssertionError):
    """An invariant failed."""


@dataclass
class ConformanceReport:
    """What a conformance run did."""

    hands: int = 0
    decisions: int = 0
    sessions: int = 0
    illegal_probes: int = 0
    showdowns: int = 0
    carried: int = 0
    failures: list[str] = field(default_factory=list)


def _fail(message: str) -> None:
    raise ConformanceError(message)


def check_state(st: StateLike) -> None:
    """Check the invariants of one state (chips, cards, legal actions, views)."""
    if st.chips_in_play() != st.total:
        _fail(f"chips not conserved: {st.chips_in_play()} != {st.total}")
    cards = st.all_cards()
    if len(cards) != len(set(cards)):
        _fail("a card appears twice")
    if len(cards) != st.rules.pack_size:
        _fail(f"{len(cards)} cards accounted for, pack has {st.rules.pack_size}")
    legal = st.legal_actions()
    if bool(legal) == st.is_over:
        _fail(f"legal actions {legal!r} but is_over={st.is_over}")
    for seat in range(st.n):
        _check_view(st, seat)


def _check_view(st: StateLike, seat: int) -> None:
    secret = st.secret_cards(seat)
    view = st.view(seat)
    leaked = {c.id for c in view.known_cards()} & secret
    if leaked:
        _fail(f"view of p{seat + 1} leaks cards {sorted(leaked)}")
    own = getattr(view, "own_cards", None)
    looked = getattr(st, "looked", None)
    if looked is not None and not looked[seat] and own is not None:
        _fail(f"blind p{seat + 1} sees its own cards")


def _probes(st: StateLike, legal: tuple[LegalAction, ...]) -> list[tuple[int, Action]]:
    seat = st.to_act
    probes: list[tuple[int, Action]] = []
    offered = {la.kind for la in legal}
    for kind in _PROBE_KINDS:
        if kind not in offered:
            probes.append((seat, Action(kind)))
    if "bet" not in offered:
        probes.append((seat, Action("bet", 1)))
    for la in legal:
        if la.lo is not None:
            probes.append((seat, Action(la.kind, la.lo - 1)))
            probes.append((seat, Action(la.kind, (la.hi or la.lo) + 1)))
        if la.args:
            probes.append((seat, Action(la.kind, arg="nonsense")))
    if legal:
        probes.append(((seat + 1) % st.n, legal[0].examples()[0]))
    return probes


def _snapshot(st: StateLike) -> tuple[Any, ...]:
    return (st.to_act, st.chips_in_play(), tuple(st.all_cards()), st.legal_actions())


def _probe(st: StateLike, seat: int, action: Action, report: ConformanceReport) -> None:
    before_events = st.events
    snapshot = _snapshot(st)
    try:
        st.apply_move(seat, action)
    except IllegalActionError:
        pass
    else:
        normalize = getattr(st, "normalize", None)
        canonical = normalize(action) if normalize is not None else action
        if not any(la.allows(canonical) for la in st.legal_actions()) or seat != st.to_act:
            _fail(f"illegal p{seat + 1} {action} was accepted")
        return
    if st.events is not before_events or snapshot != _snapshot(st):
        _fail(f"illegal p{seat + 1} {action} changed the state")
    report.illegal_probes += 1


def _default_table(rules: Rules, stacks: list[int], dealer: int, seed: int) -> TableLike:
    return open_table(rules, stacks, dealer=dealer, seed=seed)


def check_conformance(rules: Rules, *, hands: int = 1000, players: int = 4, seed: int = 0,
                      stack: int = 200, probe_every: int = 1, max_decisions: int = 2000,
                      table_factory: Callable[[Rules, list[int], int, int], TableLike]
                      | None = None) -> ConformanceReport:
    """Play ``hands`` deals of random legal play under ``rules`` and check every invariant.

    ``table_factory(rules, stacks, dealer, seed)`` builds a table (default:
    :func:`~bragkit.engine.table.open_table`).  Raises :class:`ConformanceError` on the first
    failure (with the seed and deal).
    """
    factory = table_factory or _default_table
    rng = random.Random(seed)
    report = ConformanceReport()
    while report.hands < hands:
        table = factory(rules, [stack] * players, report.sessions % players,
                        rng.randrange(1 << 30))
        report.sessions += 1
        decisions_this_deal = 0
        while not table.over and report.hands < hands:
            st = table.state
            if st is None:  # a dealer's choice is pending
                choice = table.legal_actions()[0].sample(rng)
                table.apply(choice)
                continue
            try:
                check_state(st)
            except ConformanceError as error:
                raise ConformanceError(f"seed {seed}, session {report.sessions}, deal "
                                       f"{table.deal_no}: {error}") from None
            legal = st.legal_actions()
            if probe_every and report.decisions % probe_every == 0:
                for seat, action in _probes(st, legal):
                    _probe(st, seat, action, report)
            action = rng.choice(legal).sample(rng)
            before = table.deal_no
            try:
                table.apply(action)
            except BragError as error:
                raise ConformanceError(f"legal action {action} raised {error}") from None
            report.decisions += 1
            decisions_this_deal += 1
            if decisions_this_deal > max_decisions:
                _fail(f"deal {table.deal_no} did not end after {max_decisions} decisions")
            if table.deal_no != before:
                decisions_this_deal = 0
                report.hands += 1
                record = table.records[-1]
                final = table.last_final
                check_state(final)
                if final.replay() != final:
                    _fail(f"deal {record.number}: replaying the action log differs")
                if record.start() != final.first():
                    _fail(f"deal {record.number}: the record does not rebuild the first state")
                if any(e.kind == "reveal" for e in final.events):
                    report.showdowns += 1
                if final.carried:
                    report.carried += 1
                if sum(table.stacks) + table.carried != table.total:
                    _fail("session chips not conserved between deals")
    return report
