"""Commerce tables: consecutive deals, who plays and deals, packs, histories (2.2-2.4, 4.10)."""

from __future__ import annotations

import pytest

from bragkit.engine import open_table
from bragkit.engine.pack import fresh_pack, pack_text
from bragkit.errors import BragError, IllegalActionError, RulesError
from bragkit.games.commerce.session import CommerceSession
from bragkit.games.commerce.state import dealer_need, eligible
from bragkit.history import history_of, loads, replay
from bragkit.rules import Rules, get_preset
from bragkit.testing.fixtures import stacked_pack

C = get_preset("commerce")
W = get_preset("commerce-widow")


def test_session_dispatches_to_the_commerce_table() -> None:
    assert isinstance(open_table(C, [10, 10, 10], dealer=0, seed=1), CommerceSession)
    assert isinstance(open_table(W, [10, 10, 10], dealer=0, seed=1), CommerceSession)
    with pytest.raises(RulesError, match="plays Commerce"):
        CommerceSession(get_preset("modern"), [10, 10], dealer=0)


def test_2_2_the_deal_passes_left() -> None:
    t = open_table(C, [10, 10, 10], dealer=1, seed=2)
    dealers = []
    for _ in range(4):
        dealers.append(t.dealer)
        t.apply_text(f"p{t.to_act + 1} stand")
    assert dealers == [1, 2, 0, 1]
    assert [r.dealer for r in t.records] == [1, 2, 0, 1]


def test_4_10_dealer_who_cannot_cover_passes_the_deal() -> None:
    assert dealer_need(C, 3) == 3
    assert eligible(C, (2, 10, 10), 0, None) == (False, True, True)
    t = open_table(C, [2, 10, 10], dealer=0, seed=2)
    assert t.dealer == 1 and t.state is not None and t.state.status[0] == "in"


def test_session_ends_when_fewer_than_two_can_play() -> None:
    pack = stacked_pack(C, 3, 1, {1: "As Ad Ah"}, seats=[0, 1])
    t = open_table(C, [1, 3, 0], dealer=1, pack=pack)
    st = t.state
    assert st is not None and st.status == ("in", "in", "out")
    t.apply_text("p1 stand")
    assert t.over and t.state is None and t.stacks == (0, 4, 0)
    with pytest.raises(IllegalActionError, match="session is over"):
        t.apply_text("p1 stand")


@pytest.mark.parametrize(("rules", "stacks"), [
    (C.replace(stake=30), [20, 20, 20]),
    (W.replace(stake=30), [20, 20, 40]),
    (get_preset("commerce-widow-stakes").replace(stake=2), [3, 3, 3, 2]),
])
def test_a_table_where_no_deal_is_possible_is_one_clear_error(rules: Rules,
                                                              stacks: list[int]) -> None:
    with pytest.raises(BragError, match=r"^no deal is possible: fewer than two seats can pay"):
        open_table(rules, stacks, dealer=0, seed=1)


def test_4_11_stakes_seats_must_cover_every_other() -> None:
    rules = get_preset("commerce-widow-stakes")
    assert eligible(rules, (3, 3, 3, 2), 0, None) == (True, True, True, False)
    assert eligible(rules.replace(stake=2), (3, 3, 3, 2), 0, None) == (False,) * 4


def test_4_11_lives_session_carries_pool_and_lives() -> None:
    t = open_table(W, [10, 10, 10], dealer=2, seed=1)
    assert t.state is not None and t.state.pot == 9
    while t.deal_no == 0:
        legal = t.legal_actions()
        kinds = [la.kind for la in legal]
        pick = next(k for k in ("keep", "stand", "pass", "decline") if k in kinds)
        t.apply_text(f"p{t.to_act + 1} {pick}")
    first = t.records[0].final
    st = t.state
    assert st is not None
    assert st.pot == first.carried and st.lives == first.lives and st.paid == (0, 0, 0)
    assert sum(st.stacks) + st.pot == 30


def test_lives_out_player_neither_plays_nor_deals() -> None:
    t = CommerceSession(W, [10, 10, 10], dealer=0, seed=1)
    t.lives = (0, 2, 2)
    t.dealer = 0
    t.state = None
    t._new_deal()
    st = t.state
    assert st is not None and st.dealer == 1 and st.status[0] == "out" and st.hands[0] == ()


def test_given_packs_and_history() -> None:
    first = stacked_pack(C, 3, 0, {1: "As Ad Ah"})
    second = tuple(reversed(fresh_pack(C)))
    t = open_table(C, [10, 10, 10], dealer=0, pack=first, shuffles=[second])
    t.apply_text("p2 stand")
    assert t.records[0].final.winners == (1,)
    assert t.packs_used == [first, second]
    h = history_of(t)
    assert h.pack == pack_text(first) and h.shuffles == (pack_text(second),)
    again = replay(loads(
        '{"rules": "commerce", "stacks": [10, 10, 10], "dealer": "p1", '
        f'"pack": "{pack_text(first)}", "deals": [["p2 stand"]]}}'))
    assert again.session.stacks == t.stacks


def test_short_pack_history_round_trip() -> None:
    rules = get_preset("commerce-32")
    t = open_table(rules, [10, 10, 10], dealer=0, seed=3)
    t.apply_text("p2 stand")
    h = history_of(t)
    assert replay(loads(
        '{"rules": "commerce-32", "stacks": [10, 10, 10], "dealer": "p1", '
        f'"pack": "{pack_text(t.packs_used[0])}", "deals": [["p2 stand"]]}}'
    )).session.stacks == t.stacks
    assert h.seed == 3


def test_bad_given_pack() -> None:
    with pytest.raises(Exception, match="exactly the cards"):
        open_table(get_preset("commerce-32"), [10, 10, 10], dealer=0, pack=fresh_pack(C))
