"""Casino 3 Card Brag on the one table contract (rules 4.9): ``open_table`` builds a
:class:`CasinoSession` from CasinoRules, it plays and records hands like every table, and the
generic conformance checker (:func:`bragkit.testing.conformance.check_conformance`) runs on
it."""

from __future__ import annotations

import random

import pytest

from bragkit.cards import parse_cards
from bragkit.engine.actions import Action
from bragkit.engine.contract import OVER, GameTable
from bragkit.engine.table import open_table, table_class
from bragkit.errors import IllegalActionError, RulesError
from bragkit.games.casino import PRESETS, CasinoRules
from bragkit.games.casino.seats import open_casino_table
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.state import CasinoState
from bragkit.testing.conformance import ConformanceError, check_conformance

CASINO = CasinoRules.preset("casino")


def _play_hand(rng: random.Random, *tables: CasinoSession) -> None:
    """One random hand, the same moves at every table; the first is a session, whose
    player deals (``p1 deal``) unless the Pair Bonus dealt the cards already."""
    session = tables[0]
    assert isinstance(session, CasinoSession)
    bankroll = session.stacks[0]
    ante = rng.randint(1, max(1, min(10, bankroll // 3)))
    moves = [f"p1 ante {ante}"]
    if rng.random() < 0.4:
        moves.append(f"p1 pairbonus {rng.randint(1, ante)}")
    for move in moves:
        for t in tables:
            t.apply_text(move)
    if session.state.phase == "bet":
        for t in tables:
            t.apply_text("p1 deal")
    assert session.state.phase == "decide" and session.state.view(0).own_cards
    decision = rng.choice(("p1 play", "p1 play", "p1 fold"))
    if session.state.legal_actions()[0].kind != "play":  # the Play bet does not fit
        decision = "p1 fold"
    for t in tables:
        t.apply_text(decision)


def test_4_9_open_table_builds_the_casino_session_from_its_rules() -> None:
    t = open_table(CASINO, [100], seed=3)
    assert type(t) is CasinoSession and table_class("casino") is open_casino_table
    assert isinstance(t, GameTable) and (t.n, t.dealer, t.carried, t.deal_no) == (1, -1, 0, 0)
    assert t.whose_turn == 0 and [str(a) for a in t.legal_actions()] == ["ante 1..100"]
    assert t.last_final is None and len(t.records) == 0


def test_4_9_the_session_plays_the_casino_table_hand_for_hand() -> None:
    """The same seed and actions give the same cards and bankroll as a table that deals at
    the decision (``deal_step=False``)."""
    session = CasinoSession(CASINO, [500], seed=11, keep_records=None)
    table = CasinoSession(CASINO, [500], seed=11, keep_records=None, deal_step=False)
    rng = random.Random(2)
    for _ in range(25):
        _play_hand(rng, session, table)
    assert session.stacks == (table.bankroll,) == (session.total,)
    assert [r.final.hand for r in session.records] == list(table.finished)
    assert [r.actions for r in session.records] == [r.actions for r in table.records]
    record = session.records[-1]
    assert record.final == session.last_final and record.start() == record.final.first()
    assert record.number == 24 and record.dealer == -1 and record.choice is None
    assert sum(r.final.returns()[0] for r in session.records) == session.stacks[0] - 500


def test_4_9_on_record_sees_every_hand_with_its_settled_state() -> None:
    seen: list[tuple[int, int]] = []
    t = CasinoSession(CASINO, [100], seed=5, keep_records=2,
                      on_record=lambda r, final: seen.append((r.number, final.stacks[0])))
    for _ in range(4):
        t.apply_text("p1 ante 5")
        t.apply_text("p1 deal")
        t.apply_text("p1 fold")
    assert seen == [(0, 95), (1, 90), (2, 85), (3, 80)]
    assert len(t.records) == 2 and t.records.dropped == 2 and t.records[0].number == 2


def test_4_9_given_packs_are_card_ids_and_the_top_six_are_dealt() -> None:
    first = [c.id for c in parse_cards("Qs Qd 4c Qh 7d 2s")]
    second = [c.id for c in parse_cards("Ah Kh Qh 2c 3d 5s")]
    t = CasinoSession(CASINO, [100], pack=first, shuffles=iter([second]), seed=1)
    t.apply_text("p1 ante 10")
    t.apply_text("p1 deal")
    assert t.state.hand is not None and t.state.hand.player == tuple(parse_cards("Qs Qd 4c"))
    t.apply_text("p1 play")
    t.apply_text("p1 ante 10")
    t.apply_text("p1 deal")
    assert t.state.hand is not None and t.state.hand.dealer == tuple(parse_cards("2c 3d 5s"))


def test_4_9_every_state_accounts_for_the_whole_pack() -> None:
    t = CasinoSession(CASINO, [50], seed=9)
    states = [t.state]
    for move in ("p1 ante 5", "p1 pairbonus 2", "p1 play"):
        t.apply_text(move)
        states.append(t.last_final if t.deal_no else t.state)
    assert all(sorted(s.all_cards()) == list(range(52)) for s in states)
    dealt = states[0].cards
    assert states[0].secret_cards(0) == {c.id for c in dealt}  # nothing seen before the deal
    done = states[-1]
    assert done.secret_cards(0) == {c.id for c in dealt[6:]}  # the 46 never dealt
    assert not {c.id for c in done.view(0).known_cards()} & done.secret_cards(0)


def test_4_9_a_session_has_one_seat_and_no_dealer() -> None:
    with pytest.raises(RulesError, match="one seat"):
        CasinoSession(CASINO, [100, 100])
    with pytest.raises(RulesError, match="house deals"):
        CasinoSession(CASINO, [100], dealer=1)
    t = CasinoSession(CASINO, [100], seed=1)
    with pytest.raises(IllegalActionError, match="no seat p2"):
        t.apply_move(1, Action("ante", 5))
    empty = CasinoSession(CASINO, [0], seed=1)
    assert empty.over and empty.whose_turn is OVER and empty.legal_actions() == ()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_4_9_generic_conformance_checker_runs_on_casino(name: str) -> None:
    report = check_conformance(CasinoRules.preset(name), hands=200,
                               players=1, seed=4, stack=60)
    assert report.hands == 200 and report.failures == [] and report.sessions >= 1
    assert report.illegal_probes > 10 * report.hands and report.decisions > 2 * report.hands


@pytest.mark.usefixtures("leaky_casino_view")
def test_4_9_generic_checker_catches_a_casino_view_leaking_dealer_cards() -> None:
    with pytest.raises(ConformanceError, match="view of p1 leaks"):
        check_conformance(CASINO, hands=20, players=1, seed=1, stack=60)


def test_4_9_generic_checker_catches_chips_that_are_not_conserved(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(CasinoState, "total", property(lambda self: self.bankroll + 1))
    with pytest.raises(ConformanceError, match="chips not conserved"):
        check_conformance(CASINO, hands=5, players=1, seed=1, stack=60)
