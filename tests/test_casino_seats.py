"""Casino 3 Card Brag with several seats against one dealer (issue 12; rules 4.9): the hand on
the one state contract (:class:`CasinoSeatsState`) and its table (:class:`CasinoSeatsSession`),
which the card room plays."""

from __future__ import annotations

import io
import json
import pathlib
import random

import pytest

from bragkit.cards import parse_cards
from bragkit.engine.actions import Action
from bragkit.engine.contract import OVER, GameTable
from bragkit.engine.pack import pack_text
from bragkit.errors import HistoryError, IllegalActionError, RulesError
from bragkit.games import history_reader
from bragkit.games import spec_of as spec_of_game
from bragkit.games.casino.hand import CasinoHand
from bragkit.games.casino.history import CasinoHistory, loads_casino, spec_of
from bragkit.games.casino.rules import CasinoRules
from bragkit.games.casino.seats import CasinoSeatsSession, CasinoSeatsState, open_casino_table
from bragkit.games.casino.seats_history import replay_seats, seat_account, seats_summary
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.state import HOUSE, paid_chips
from bragkit.games.casino.table import replay_casino
from bragkit.history import HandHistory, dumps, loads
from bragkit.server.options import timeout_action
from bragkit.testing.conformance import check_conformance

CASINO = CasinoRules.preset("casino")
POKER = CasinoRules.preset("three-card-poker")
PACK = "Qs Qd 4c  9h 8h 2c  Ah Kh Qh  Qc 7d 2s"


def test_4_9_open_table_seats_one_player_or_several() -> None:
    assert type(open_casino_table(CASINO, [50], seed=1)) is CasinoSession
    t = open_casino_table(CASINO, [50, 60, 70], seed=1)
    assert type(t) is CasinoSeatsSession and isinstance(t, GameTable)
    assert (t.n, t.dealer, t.carried, t.deal_no, t.to_act) == (3, HOUSE, 0, 0, 0)
    assert [str(a) for a in t.legal_actions()] == ["ante 1..50"]
    with pytest.raises(RulesError, match=r"2\.\.7"):
        CasinoSeatsSession(CASINO, [10] * 8)
    with pytest.raises(RulesError, match="house deals"):
        CasinoSeatsSession(CASINO, [10, 10], dealer=2)
    assert CasinoSeatsSession(CASINO, [10, 10], dealer=1, seed=1).dealer == HOUSE


def test_4_9_each_seat_bets_then_decides_against_one_dealer_hand() -> None:
    s = CasinoSeatsState.start(CASINO, (50, 50, 50), PACK)
    for move in ("ante 10", "pairbonus 2", "ante 5", "deal", "ante 10"):
        assert s.view(0).own_cards is None
        s = s.apply(move)
    assert s.phase == "ante" and s.to_act == 2   # p3's Pair Bonus or the deal
    s = s.apply("deal")
    assert s.phase == "decide" and s.to_act == 0
    assert [str(a) for a in s.legal_actions()] == ["play (costs 10)", "fold"]
    assert s.view(1).own_cards == parse_cards("9h 8h 2c")
    assert s.stacks == (38, 45, 40) and s.pot == 27
    s = s.apply("play").apply("fold").apply("play")
    assert s.is_over and s.whose_turn is OVER and s.pot == 0
    dealer = parse_cards("Qc 7d 2s")
    for seat, (cards, played, ante, bonus) in enumerate(
            (("Qs Qd 4c", True, 10, 2), ("9h 8h 2c", False, 5, 0), ("Ah Kh Qh", True, 10, 0))):
        own = parse_cards(cards)
        hand = CasinoHand(CASINO, ante, bonus, (own[0], own[1], own[2]),
                          (dealer[0], dealer[1], dealer[2])).apply("play" if played else "fold")
        assert hand.settlement is not None
        assert s.returns()[seat] == paid_chips(hand.settlement)
    assert s.total == 150 + sum(s.returns())  # the house pays or takes the difference
    assert s.view(1).shown == {HOUSE: dealer, 0: parse_cards("Qs Qd 4c"),
                               2: parse_cards("Ah Kh Qh")}   # p2's folded hand stays hidden
    assert 3 not in s.view(0).shown and parse_cards("9h")[0].id in s.secret_cards(0)
    assert s.replay() == s


def test_4_9_illegal_actions_raise_and_change_nothing() -> None:
    s = CasinoSeatsState.start(CASINO, (20, 20), PACK)
    for seat, text, words in ((1, "ante 5", "not p2's turn"), (0, "ante 21", "not on offer"),
                              (0, "play", "not on offer"), (0, "raise 3", "not on offer")):
        with pytest.raises(IllegalActionError, match=words):
            s.apply_move(seat, text)
    assert s.actions == () and s.apply("ante 20").to_act == 1  # all in: no Pair Bonus left
    low = s.apply("ante 15").apply("deal").apply("ante 5").apply("deal")
    assert [str(a) for a in low.legal_actions()] == ["fold"]  # 5 left: no Play bet of 15


def test_4_9_a_seat_without_chips_sits_out_and_the_table_ends_when_all_are_spent() -> None:
    s = CasinoSeatsState.start(POKER, (0, 10), PACK)
    assert s.to_act == 1 and s.status == ("out", "in")
    t = CasinoSeatsSession(CASINO, [1, 1], seed=2)
    while not t.over:
        t.apply_text(f"p{t.to_act + 1} " + ("ante 1" if t.state.phase == "ante" else "fold"))
    assert t.stacks == (0, 0) and t.legal_actions() == () and t.whose_turn is OVER
    with pytest.raises(IllegalActionError, match="over"):
        t.apply_move(0, Action("ante", 1))


def _random_play(t: CasinoSeatsSession, rng: random.Random, hands: int) -> None:
    while not t.over and t.deal_no < hands:
        state = t.state
        seat = t.to_act
        for other in range(t.n):  # what each seat sees: never a card it may not know
            view = state.view(other)
            known = {c.id for c in view.known_cards()}
            assert not known & state.secret_cards(other)
            if not state.is_over:
                assert not known & {c.id for c in state.cards[3 * t.n:3 * t.n + 3]}
        offer = rng.choice(t.legal_actions())
        small = offer.lo is not None and rng.random() < 0.9  # mostly the least bet
        t.apply_move(seat, offer.examples()[0] if small else offer.sample(rng))


def test_4_9_random_play_keeps_the_contract_and_replays_from_its_packs() -> None:
    rng = random.Random(12)
    finals: list[CasinoSeatsState] = []
    t = CasinoSeatsSession(POKER, [400, 400, 400, 400], seed=5, keep_records=None,
                           on_record=lambda r, final: finals.append(final))
    _random_play(t, rng, 30)
    assert t.deal_no == len(t.records) == len(finals) and t.packs_count == t.deal_no + (not t.over)
    for record, final in zip(t.records, finals, strict=True):
        assert record.final == final and record.first == final.first()
    again = CasinoSeatsSession(POKER, [400, 400, 400, 400], pack=t.packs_used[0],
                               shuffles=t.packs_used[1:])
    for record in t.records:
        for text in record.actions:
            again.apply_text(text)
    assert again.stacks == t.stacks and not again.secret_chance
    for final in finals:  # every chip to or from the house: the seats change by its result
        assert sum(final.stacks) == sum(final.bankrolls) + sum(final.returns()) == final.total
    assert sum(t.stacks) == 1600 + sum(sum(f.returns()) for f in finals)


def test_4_9_a_table_keeps_the_packs_of_its_kept_hands_only() -> None:
    t = CasinoSeatsSession(CASINO, [500, 500], seed=3, keep_records=2)
    rng = random.Random(1)
    _random_play(t, rng, 6)
    assert t.packs_count == t.deal_no + 1 and len(t.packs_used) == 3
    assert t.packs_finished == t.deal_no


def _history_of(t: CasinoSeatsSession) -> CasinoHistory:
    return CasinoHistory(t.rules, spec_of(t.rules), t.start_stacks[0], None,
                         pack_text(t.packs_used[0]),
                         tuple(pack_text(p) for p in t.packs_used[1:t.deal_no]),
                         tuple(r.actions for r in t.records), t.start_stacks[1:])


def test_4_9_a_history_of_several_seats_saves_loads_and_replays_to_its_stacks() -> None:
    t = CasinoSeatsSession(CASINO.preset("casino", casino_tie="dealer"), [90, 80, 70],
                           seed=8, keep_records=None)
    _random_play(t, random.Random(3), 12)
    text = dumps(HandHistory(t.rules, spec_of(t.rules), t.start_stacks, -1, None,
                             _history_of(t).pack, _history_of(t).shuffles,
                             _history_of(t).deals))
    loaded = loads(text)
    assert loaded.stacks == (90, 80, 70) and loaded.dealer == -1
    own = loads_casino(text)
    assert replay_seats(own).stacks == t.stacks
    data = seats_summary(own)
    assert data["stacks"] == list(t.stacks) and len(data["deals"]) == 12
    out = io.StringIO()
    history_reader(spec_of_game("casino"))(out, text, as_json=True)
    assert json.loads(out.getvalue()) == data
    out = io.StringIO()
    history_reader(spec_of_game("casino"))(out, text, as_json=False)
    assert out.getvalue().splitlines()[-1].startswith("Stacks: p1 ")
    with pytest.raises(HistoryError, match="3 seats"):
        replay_casino(own)


def test_4_9_a_seat_s_account_of_a_history_holds_only_what_it_saw() -> None:
    t = CasinoSeatsSession(POKER, [50, 50], seed=2, keep_records=None)
    _random_play(t, random.Random(5), 8)
    history = _history_of(t)
    for seat in (0, 1):
        account = seat_account(history, seat)
        for deal, final in zip(account["deals"], (r.final for r in t.records), strict=True):
            other = final.hands[1 - seat]
            assert other is not None
            text = json.dumps(deal)
            hidden = not final.played[1 - seat]
            assert hidden == all(str(c) not in deal["shown"].get(f"p{2 - seat}", "")
                                 for c in other.player)
            mine = final.hands[seat]
            assert mine is not None
            if hidden:  # a folded hand's cards appear nowhere in the other seat's account
                assert not any(f'"{c}' in text or f" {c}" in text for c in other.player)


@pytest.mark.parametrize("preset", ["casino", "three-card-poker"])
def test_4_9_the_conformance_checker_passes_a_table_of_several_seats(preset: str) -> None:
    report = check_conformance(CasinoRules.preset(preset), hands=150, players=4, seed=3,
                               stack=200)
    assert report.hands == 150 and not report.failures


def test_4_9_the_timer_plays_the_least_ante_then_no_pair_bonus_then_fold() -> None:
    s = CasinoSeatsState.start(CASINO, (50, 50), PACK)
    assert timeout_action(s.legal_actions()) == "ante 1"
    s = s.apply("ante 1")
    assert timeout_action(s.legal_actions()) == "deal"
    s = s.apply("deal").apply("ante 1").apply("deal")
    assert timeout_action(s.legal_actions()) == "fold"


def test_4_9_brag_replay_as_a_seat_prints_that_seat_s_account(tmp_path: pathlib.Path) -> None:
    from click.testing import CliRunner

    from bragkit.cli import _register, cli
    t = CasinoSeatsSession(POKER, [50, 50, 50], seed=4, keep_records=None)
    _random_play(t, random.Random(9), 6)
    history = _history_of(t)
    path = tmp_path / "casino.json"
    path.write_text(dumps(HandHistory(t.rules, spec_of(t.rules), t.start_stacks, -1, None,
                                      history.pack, history.shuffles, history.deals)))
    _register()
    runner = CliRunner()
    result = runner.invoke(cli, ["replay", str(path), "--as", "p2", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == seat_account(history, 1)
    result = runner.invoke(cli, ["replay", str(path), "--as", "p2"])
    lines = result.stdout.splitlines()
    assert result.exit_code == 0 and lines[0] == "What p2 was allowed to see"
    assert lines[-1] == f"Stacks: p1 {t.stacks[0]}, p2 {t.stacks[1]}, p3 {t.stacks[2]}; " \
                        "chips on the table: 0"
    assert sum(line.startswith("Hand ") for line in lines) == 6
    result = runner.invoke(cli, ["replay", str(path), "--as", "p4"])
    assert result.exit_code != 0 and "the history has seats p1..p3" in result.output
    assert "Traceback" not in result.output
