"""The conformance checker for casino 3 Card Brag (rules 4.9): random legal play on a
:class:`~bragkit.games.casino.session.CasinoSession` (the one-seat table, the decision dealing
the cards: ``deal_step=False``) with invariant checks after every action.

* chips are conserved: the bankroll moves only when a hand settles, by exactly what the
  settlement pays (player and house together always hold the starting bankroll);
* no card appears twice in a hand, and every card is a real card of a 52-card pack;
* the player's view before the reveal (the hand's ``visible_dealer`` and its
  ``as_dict()``) holds no dealer card, and after the settlement the dealer's cards are shown;
* every illegal action (a wrong seat, an unknown verb, amounts out of range, a bet out of
  order) raises :class:`~bragkit.errors.IllegalActionError` and changes nothing, the
  table's random generator included;
* the table's history, saved and loaded again, replays to the same hands and bankroll.

>>> from bragkit.games.casino import CasinoRules
>>> report = check_casino(CasinoRules.preset("casino"), hands=40, seed=3)
>>> report.hands, report.failures
(40, [])
"""

from __future__ import annotations

import random
from typing import Any

from bragkit.cards import parse_cards
from bragkit.engine.pack import new_rng
from bragkit.errors import BragError, IllegalActionError
from bragkit.games.casino import CasinoHand, CasinoRules
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.table import (
    dumps_casino,
    loads_casino,
    paid_chips,
    replay_casino,
)
from bragkit.testing.conformance import ConformanceError, ConformanceReport, NoDealError

__all__ = ["check_casino"]


def _fail(message: str) -> None:
    raise ConformanceError(message)


def _snapshot(t: CasinoSession) -> tuple[Any, ...]:
    rng = t.rng
    return (t.bankroll, t.ante, t.pair_plus, tuple(t.current), len(t.records), t.hand,
            len(t.finished), len(t.dealt), rng.getstate() if rng is not None else None)


def _probe(t: CasinoSession, text: str, report: ConformanceReport) -> None:
    before = _snapshot(t)
    try:
        t.apply_text(text)
    except IllegalActionError:
        if _snapshot(t) != before:
            _fail(f"illegal {text!r} changed the table")
        report.illegal_probes += 1
        return
    _fail(f"illegal {text!r} was accepted")


def _probes(t: CasinoSession) -> list[str]:
    left = t.bankroll - t.staked
    probes = ["p2 fold", "p0 play", "p1 raise", "p1", "p1 play 5", "p1 ante 0", "p1 ante -1"]
    if not t.ante:
        probes += ["p1 play", "p1 fold", "p1 pairbonus 1", f"p1 ante {t.bankroll + 1}"]
    else:
        probes += [f"p1 ante {t.ante}"]
        if t.pair_plus or t.hand is not None:
            probes.append("p1 pairbonus 1")
        else:
            probes.append(f"p1 pairbonus {left + 1}")
        if left < t.ante:
            probes.append("p1 play")
    return probes


def _check_hand(hand: CasinoHand) -> None:
    cards = [c.id for c in (*hand.player, *hand.dealer)]
    if len(set(cards)) != 6:
        _fail(f"a card appears twice in a casino hand: {hand.player} / {hand.dealer}")
    if any(not 0 <= c < 52 for c in cards):
        _fail("a casino hand holds a card that is not in a 52-card pack")


def _check_seat_view(t: CasinoSession, hand: CasinoHand) -> None:
    """The state contract's view of the dealt hand: the player's own cards, no dealer card
    before the reveal, the player's turn with play or fold on offer."""
    view = t.state.view(0)
    dealer = {c.id for c in hand.dealer}
    known = {c.id for c in view.known_cards()}
    if known & dealer:
        _fail(f"the player's SeatView before the reveal shows dealer cards "
              f"{sorted(known & dealer)}")
    if view.own_cards != hand.player or t.whose_turn != 0:
        _fail("the dealt hand's SeatView does not hold the player's cards on the player's turn")
    if "fold" not in {la.kind for la in view.legal} or view.info_key != t.state.info_key(0):
        _fail("the dealt hand's SeatView does not offer fold or its info key differs")


def _check_view(hand: CasinoHand) -> None:
    """Before the reveal the player's view holds the player's three cards only."""
    dealer = {c.id for c in hand.dealer}
    shown = {c.id for c in hand.visible_dealer}
    texts = [v for v in hand.as_dict().values() if isinstance(v, str)]
    for text in texts:
        try:
            shown.update(c.id for c in parse_cards(text))
        except BragError:
            continue
    if shown & dealer:
        _fail(f"the player's view before the reveal shows dealer cards "
              f"{sorted(shown & dealer)}")


def _check_replay(t: CasinoSession) -> None:
    again = replay_casino(loads_casino(dumps_casino(t.history()))).table
    if again.bankroll != t.bankroll or len(again.finished) != len(t.finished):
        _fail("replaying the casino history differs (bankroll or hands)")
    for mine, theirs in zip(t.finished, again.finished, strict=True):
        if (mine.player, mine.dealer, mine.settlement) != (theirs.player, theirs.dealer,
                                                           theirs.settlement):
            _fail("replaying the casino history deals or settles a hand differently")


def check_casino(rules: CasinoRules, *, hands: int = 1000, seed: int | None = None,
                 bankroll: int = 200,
                 max_ante: int = 10, probe_every: int = 1,
                 replay_every: int = 50, table_hands: int = 200,
                 keep_going: bool = False) -> ConformanceReport:
    """Play ``hands`` random casino hands under ``rules`` and check every invariant.

    A table starts with ``bankroll`` chips (a fresh one when it is spent, or after
    ``table_hands`` hands); each hand
    stakes a random ante of 1..``max_ante``, sometimes a Pair Bonus, then plays or folds at
    random.  Every table is seeded from ``seed`` (a fresh one when None).  ``replay_every``
    hands, and at the end of each table, its history is saved, loaded and replayed.  Raises
    :class:`~bragkit.testing.conformance.ConformanceError` on the first failure (with
    ``keep_going``: records it in the report's ``failures`` and goes on with a new table).
    """
    if bankroll < 1:
        raise NoDealError(f"no casino hand can start with a bankroll of {bankroll} chips: "
                          "the ante is at least 1")
    if seed is None:
        seed = new_rng().randrange(2**63)
    rng = random.Random(seed)
    report = ConformanceReport()
    while report.hands < hands:
        table_seed = rng.randrange(1 << 30)
        t = CasinoSession(rules, [bankroll], seed=table_seed, rng=random.Random(table_seed),
                          keep_records=None,  # its whole history is replayed
                          deal_step=False)
        report.sessions += 1
        net, counted = 0, False
        while t.bankroll >= 1 and report.hands < hands and t.hands_finished < table_hands:
            try:
                counted = False
                _hand(t, rng, report, probe_every, max_ante)
                done = t.finished[-1]
                assert done.settlement is not None
                net += paid_chips(done.settlement)
                if t.bankroll != bankroll + net or t.bankroll < 0:
                    _fail(f"chips not conserved: bankroll {t.bankroll}, expected "
                          f"{bankroll + net}")
                report.hands += 1
                counted = True
                if len(t.finished) % replay_every == 0:
                    _check_replay(t)
            except (ConformanceError, BragError) as error:
                message = (f"seed {seed}, table {report.sessions}, hand "
                           f"{len(t.finished) + 1}: {error}")
                if not keep_going:
                    raise ConformanceError(message) from None
                report.failures.append(message)
                report.hands += 0 if counted else 1
                break
        else:
            try:
                _check_replay(t)  # the whole table, once it is done
            except ConformanceError as error:
                if not keep_going:
                    raise ConformanceError(f"seed {seed}, table {report.sessions}: "
                                           f"{error}") from None
                report.failures.append(f"seed {seed}, table {report.sessions}: {error}")
    return report


def _hand(t: CasinoSession, rng: random.Random, report: ConformanceReport, probe_every: int,
          max_ante: int) -> None:
    steps: list[str] = [f"p1 ante {rng.randint(1, min(max_ante, t.bankroll))}"]
    for phase in range(3):
        if probe_every and report.decisions % probe_every == 0:
            for text in _probes(t):
                _probe(t, text, report)
        if phase == 0:
            text = steps[0]
        elif phase == 1:
            left = t.bankroll - t.staked
            if left < 1 or rng.random() < 0.5:
                continue
            text = f"p1 pairbonus {rng.randint(1, min(max_ante, left))}"
        else:
            hand = t.cards()
            _check_hand(hand)
            _check_view(hand)
            _check_seat_view(t, hand)
            if probe_every:
                _probe(t, "p1 pairbonus 1", report)  # the cards are dealt: too late
            can_play = t.bankroll - t.staked >= t.ante
            text = "p1 play" if can_play and rng.random() < 0.7 else "p1 fold"
        staked = t.staked
        t.apply_text(text)
        report.decisions += 1
        if phase < 2 and t.bankroll - t.staked < 0:
            _fail(f"{text!r} staked more than the bankroll ({staked} -> {t.staked})")
    done = t.finished[-1]
    settlement = done.settlement
    if settlement is None or not done.visible_dealer:
        _fail("a settled hand does not reveal the dealer's cards")
    elif settlement.outcome != "fold":
        report.showdowns += 1
