"""Casino's table of several seats is a TableCore (issue 11): the seating, packs and deal
records of every table, casino's own seating checks, and nothing else changed."""

from __future__ import annotations

import pytest

from bragkit.cards import card_from_id, format_cards, parse_cards
from bragkit.engine.session import table_view
from bragkit.engine.table import DealRecord, TableCore, table_class
from bragkit.errors import BragError, RulesError
from bragkit.games.casino.rules import CasinoRules
from bragkit.games.casino.seats import CasinoSeatsSession, CasinoSeatsState
from bragkit.games.casino.session import CasinoSession
from bragkit.games.casino.state import HOUSE
from bragkit.rules import get_preset

CASINO = CasinoRules.preset("casino")


def _fold_hand(t: CasinoSeatsSession) -> None:
    """Every seat antes 1 and folds: one whole hand."""
    for s in range(t.n):
        t.apply_text(f"p{s + 1} ante 1")
        t.apply_text(f"p{s + 1} deal")
    for s in range(t.n):
        t.apply_text(f"p{s + 1} fold")


def test_4_9_the_table_of_several_seats_is_a_table_core_dealt_by_the_house() -> None:
    t = table_class("casino")(CASINO, [20, 20, 20], seed=3)  # as open_table opens it
    assert isinstance(t, CasinoSeatsSession) and isinstance(t, TableCore)
    assert (t.dealer, t.first_dealer, t.n, t.deal_no) == (HOUSE, HOUSE, 3, 0)
    assert table_view(t, 1) == t.state.view(1)
    assert t.chips_on_table() == 60 and t.packs_count == 1 and not t.secret_chance


def test_4_9_records_and_packs_are_bounded_as_at_every_table() -> None:
    seen: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []

    def ended(record: DealRecord, final: CasinoSeatsState) -> None:
        seen.append((record.number, final.stacks, t.stacks))

    t = CasinoSeatsSession(CASINO, [10, 10], seed=6, keep_records=2, on_record=ended)
    for _ in range(5):
        _fold_hand(t)
    assert [r.number for r in t.records] == [3, 4]
    assert (t.deal_no, t.packs_count, t.packs_dropped, t.packs_finished) == (5, 6, 3, 5)
    assert len(t.packs_used) == 3  # the two kept hands' packs and the hand in progress's
    first = t.records[0].first
    assert first.all_cards() == list(t.packs_used[0]) and first.bankrolls == (7, 7)
    assert t.records[1].final == t.last_final and t.last_final.stacks == (5, 5)
    # on_record sees each hand with the table's stacks already settled
    assert seen[-1] == (4, (5, 5), (5, 5)) and len(seen) == 5


def test_4_9_given_packs_come_first_and_a_bad_one_is_refused() -> None:
    pack = list(range(52))
    t = CasinoSeatsSession(CASINO, [5, 5], pack=pack, shuffles=[pack[::-1]])
    assert t.state.all_cards() == pack and t.packs_given == 2
    _fold_hand(t)
    assert t.state.all_cards() == pack[::-1] and t.packs_count == 2
    with pytest.raises(BragError, match="does not hold exactly the cards of the pack"):
        CasinoSeatsSession(CASINO, [5, 5], pack=[*pack[:51], 0])


@pytest.mark.parametrize(("rules", "stacks", "dealer", "message"), [
    (CASINO, [], None, "a casino table of several players seats 2..7 with"),
    (CASINO, [10] * 8, None, "seats 2..7"),
    (CASINO, [10, -1], None, "0..1000000000000 chips each, not"),
    (CASINO, [10, 10], 2, "the house deals every casino hand: no dealer seat p2"),
    (get_preset("modern"), [10, 10], None, "a casino table plays CasinoRules, not"),
])
def test_4_9_casino_checks_its_own_seats(rules: object, stacks: list[int],
                                         dealer: int | None, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        table_class("casino")(rules, stacks, dealer, seed=1)


def test_4_9_the_one_seat_table_shares_the_seating_checks() -> None:
    assert CasinoSession(CASINO, [10], HOUSE, seed=1).n == 1
    assert CasinoSession(CASINO, [10], 0, seed=1).n == 1
    with pytest.raises(RulesError, match="has one seat"):
        CasinoSession(CASINO, [10, 10], seed=1)
    with pytest.raises(RulesError, match="no dealer seat p1"):  # (the message's as before)
        CasinoSession(CASINO, [10], 1, seed=1)


def test_4_9_the_one_seat_table_is_a_table_core_with_the_one_seat_chance() -> None:
    """CasinoSession is a TableCore: its packs and records are every table's, and a seed
    deals the hands of the table that deals at the decision (``deal_step=False``, the
    one-seat format's; six cards sampled on top of the pack)."""
    t = CasinoSession(CASINO, [40], seed=8, keep_records=2)
    plain = CasinoSession(CASINO, [40], seed=8, deal_step=False)
    assert isinstance(t, TableCore) and (t.dealer, t.first_dealer, t.n) == (HOUSE, HOUSE, 1)
    for _ in range(4):
        for move in ("p1 ante 2", "p1 deal", "p1 fold"):
            t.apply_text(move)
        plain.apply_text("p1 ante 2")
        plain.apply_text("p1 fold")
    assert t.stacks == (plain.bankroll,) == (32,) and t.deal_no == plain.deal_no == 4
    assert t.packs_count == 5 and len(t.packs_used) == 3 and t.packs_dropped == 2
    assert [format_cards(tuple(card_from_id(c) for c in p)) for p in t.packs_used[:2]] == \
        list(plain.dealt)[2:4]  # the kept hands' packs are the ones the other table dealt
    assert len(t.records) == 2 and t.records.dropped == 2 and t.records[1].number == 3


def test_4_9_a_given_pack_of_six_cards_is_completed_and_a_bad_one_refused() -> None:
    six = [c.id for c in parse_cards("Qs Qd 4c Qh 7d 2s")]
    t = CasinoSession(CASINO, [40], pack=six, seed=1)
    assert t.packs_used[0][:6] == tuple(six) and sorted(t.packs_used[0]) == list(range(52))
    assert t.state.all_cards() == list(t.packs_used[0])
    with pytest.raises(BragError, match="exactly the cards of the pack"):
        CasinoSession(CASINO, [40], pack=[*six[:5], six[0]], seed=1)


def test_4_9_a_seeded_session_history_replays_with_its_given_packs() -> None:
    from bragkit.games.casino.table import dumps_casino, loads_casino, replay_casino

    first = [c.id for c in parse_cards("Qs Qd 4c Qh 7d 2s")]
    t = CasinoSession(CASINO, [60], pack=first, seed=5, keep_records=None)
    for _ in range(3):
        for move in ("p1 ante 3", "p1 deal", "p1 play"):
            t.apply_text(move)
    h = t.history()
    assert h.seed == 5 and h.pack is not None and h.pack.startswith("Qs Qd 4c Qh 7d 2s")
    assert h.shuffles == () and len(h.deals) == 3
    assert replay_casino(loads_casino(dumps_casino(h))).table.bankroll == t.stacks[0]


def test_4_9_one_history_writer_writes_given_packs_as_given_and_packs_read_later() -> None:
    """A seeded table's history writes the packs it was given as given (text or card ids),
    and the packs it read later from an iterator whole, so it replays to the same hands."""
    from bragkit.games.casino.table import dumps_casino, loads_casino, replay_casino

    t = CasinoSession.from_text(CASINO, 60, seed=5, pack="qs qd 4c qh 7d 2s",
                                shuffles=("4h 5d 6c 2s 2h 2d",),
                                more_packs=iter(["9s 7h 3d Ks Kd 2c"]), keep_records=None)
    for _ in range(4):
        for move in ("p1 ante 3", "p1 play"):
            t.apply_text(move)
    h = t.history()
    assert (h.pack, h.shuffles[0]) == ("qs qd 4c qh 7d 2s", "4h 5d 6c 2s 2h 2d")
    assert len(h.shuffles) == 2 and h.shuffles[1].startswith("9s 7h 3d Ks Kd 2c ")
    again = replay_casino(loads_casino(dumps_casino(h))).table
    assert list(again.finished) == list(t.finished) and again.bankroll == t.bankroll
    ids = CasinoSession(CASINO, [60], seed=5, pack=[c.id for c in parse_cards("Qs Qd 4c Qh 7d 2s")],
                        shuffles=[[c.id for c in parse_cards("4h 5d 6c 2s 2h 2d")]])
    assert (ids.history().pack, ids.history().shuffles) == ("Qs Qd 4c Qh 7d 2s",
                                                            ("4h 5d 6c 2s 2h 2d",))


def test_4_9_a_table_takes_on_record_or_on_hand_not_both() -> None:
    seen: list[object] = []
    t = CasinoSession(CASINO, [20], seed=1, on_hand=seen.append, deal_step=False)
    t.apply_text("p1 ante 2")
    t.apply_text("p1 fold")
    assert len(seen) == 1 and t.bankroll == 18
    with pytest.raises(RulesError, match="on_record or on_hand, not both"):
        CasinoSession(CASINO, [20], on_hand=seen.append, on_record=lambda r, f: None)


def test_4_9_the_card_room_checks_casino_seats_by_the_declared_check() -> None:
    import random

    from bragkit.games import spec_of
    from bragkit.server.house import check_seats

    assert spec_of("casino").seating == "bragkit.games.casino.seats:check_seats"
    rng = random.Random(1)
    check_seats(CASINO, [10], rng)
    check_seats(CASINO, [10] * 7, rng)
    with pytest.raises(RulesError, match=r"several players seats 2\.\.7"):
        check_seats(CASINO, [10] * 8, rng)
    with pytest.raises(RulesError, match="one bankroll"):
        check_seats(CASINO, [-1], rng)
    assert rng.random() == random.Random(1).random()  # no table opened: no pack drawn
