"""Table sessions and the unshuffled pack (rules 2.4, 4.4.2; flows P1 and P2 of 6.13)."""

from __future__ import annotations

import pytest

from bragkit.cards import card_from_id, parse_cards
from bragkit.engine import Session, fresh_pack, open_table, parse_action
from bragkit.errors import BragError, IllegalActionError
from bragkit.rules import get_preset

MODERN = get_preset("modern")


def ids(text: str) -> tuple[int, ...]:
    return tuple(c.id for c in parse_cards(text))


def pack_with(chosen: dict[int, int]) -> tuple[int, ...]:
    """A pack with chosen card ids at 1-based positions, the rest in id order."""
    rest = [c for c in fresh_pack(MODERN) if c not in chosen.values()]
    pack: list[int] = []
    for pos in range(1, 53):
        pack.append(chosen[pos] if pos in chosen else rest.pop(0))
    return tuple(pack)


def fold_round(t: Session) -> None:
    """The first seat to act looks and bets 1, everybody else folds (no see, no shuffle)."""
    st = t.state
    assert st is not None
    first = st.to_act
    t.apply_text(f"p{first + 1} look")
    t.apply_text(f"p{first + 1} bet 1")
    while t.state is st or (t.state is not None and t.state.dealer == st.dealer):
        seat = t.to_act
        t.apply_text(f"p{seat + 1} fold")


def test_p1_three_players_stacked_cards_come_back_on_the_sixth_deal() -> None:
    chosen = ids("3s 3h 3d")
    pack = pack_with({46: chosen[0], 49: chosen[1], 52: chosen[2]})
    t = Session(MODERN, [100, 100, 100], dealer=0, pack=pack)
    dealers = []
    for _ in range(5):
        assert t.state is not None
        dealers.append(t.state.dealer)
        fold_round(t)
    assert dealers == [0, 1, 2, 0, 1]
    st = t.state
    assert st is not None and st.dealer == 2
    assert not any(r.shuffled for r in t.records[1:])
    assert sorted(st.hands[0]) == sorted(chosen)
    assert st.hands[0] == chosen


def test_p2_six_players() -> None:
    chosen = ids("As Ah Ad")
    pack = pack_with({40: chosen[0], 46: chosen[1], 52: chosen[2]})
    t = Session(MODERN, [100] * 6, dealer=0, pack=pack)
    fold_round(t)
    fold_round(t)
    st = t.state
    assert st is not None and st.dealer == 2
    assert st.hands[0] == chosen


def test_2_4_hands_return_to_the_bottom_in_the_documented_order() -> None:
    from bragkit.testing.fixtures import stacked_pack

    rules = MODERN.replace(ante=0)
    pack = stacked_pack(rules, 3, 2, {0: "2c 7d 9h", 1: "Ks Kh 4c", 2: "5s 6s Jd"})
    t = Session(rules, [50, 50, 50], dealer=2, pack=pack)
    for move in ("p1 look", "p1 bet 2", "p2 look", "p2 bet 2", "p3 fold", "p1 see"):
        t.apply_text(move)
    final = t.records[0].final
    # folded hand first (as it folds), then at the see the seen hand, then the seer's
    assert final.pack[-9:] == ids("5s 6s Jd") + ids("Ks Kh 4c") + ids("2c 7d 9h")
    assert final.winners == (1,)
    assert not final.shuffle_next
    # next deal: no shuffle, dealt from the top of the same pack
    assert t.state is not None
    assert t.state.hands[(t.state.dealer + 1) % 3][0] == final.pack[0]
    assert not t.records[-1].shuffled or t.records[-1].number == 0


def test_2_4_a_see_won_by_a_prial_shuffles_the_next_deal() -> None:
    from bragkit.testing.fixtures import stacked_pack

    rules = MODERN.replace(ante=0)
    pack = stacked_pack(rules, 2, 1, {0: "2c 7d 9h", 1: "Ks Kh Kc"})
    t = Session(rules, [50, 50], dealer=1, pack=pack, seed=3)
    for move in ("p1 look", "p1 bet 2", "p2 look", "p2 bet 2", "p1 see"):
        t.apply_text(move)
    assert t.records[0].final.shuffle_next
    t.apply_text(f"p{t.to_act + 1} fold")
    assert t.records[1].shuffled
    assert t.deal_no == 2 and t.dealer == 1


def test_2_2_dealer_rotates_after_a_carried_deal() -> None:
    t = Session(MODERN, [30, 30, 30], dealer=0, seed=9)
    t.apply_text("p2 bet 1")
    t.apply_text("p3 fold")
    t.apply_text("p1 fold")
    t.apply_text("p2 release")
    assert t.dealer == 1 and t.carried == 4 and t.retained == ()
    assert t.state is not None and t.state.pot == 4 + 3
    assert sum(t.stacks) + t.carried == 90


def test_4_4_11_face_up_stub_shows_its_bottom_card() -> None:
    rules = get_preset("modern-stub")
    t = Session(rules, [30, 30, 30], dealer=0, seed=2)
    st = t.state
    assert st is not None
    view = st.view(1)
    assert view.stub_card is not None and view.stub_card.id == st.pack[-1]
    st2 = st.apply("fold")
    assert st2.view(2).stub_card is not None
    assert st2.view(2).stub_card.id == st2.pack[-1]  # type: ignore[union-attr]


def test_4_4_11_dealers_choice_after_a_full_circle() -> None:
    rules = get_preset("modern").replace(dealers_choice_every=2)
    t = Session(rules, [40, 40], dealer=0, seed=4)
    for _ in range(2):
        seat = t.to_act
        t.apply_text(f"p{seat + 1} fold")
    assert t.choice_pending and t.to_act == 0
    with pytest.raises(IllegalActionError) as bad:
        t.apply_text("p1 choose cards=6 wild=twos blind=no")
    suggested = str(bad.value).split("'choose ", 1)[1].split("'", 1)[0]
    assert t.legal_actions()[0].allows(parse_action(f"choose {suggested}"))
    t.apply_text("p1 choose cards=4 wild=twos blind=no")
    st = t.state
    assert st is not None and st.rules.cards == 4 and st.rules.wild == "twos"
    assert len(st.hands[1]) == 4
    assert [la.kind for la in st.legal_actions()] == ["look", "fold"]  # blind not allowed
    t.apply_text("p2 fold")
    assert t.state is not None and t.state.rules.cards == 4  # until the next choice
    assert t.to_act == 0 and not t.choice_pending


def test_2_4_cut_when_unshuffled() -> None:
    plain = Session(MODERN, [30, 30], dealer=0, seed=6)
    cut = Session(MODERN.replace(cut_when_unshuffled=True), [30, 30], dealer=0, seed=6)
    for t in (plain, cut):
        t.apply_text("p2 look")
        t.apply_text("p2 bet 1")
        t.apply_text("p1 fold")
    assert plain.state is not None and cut.state is not None
    assert plain.records[0].final.pack == cut.records[0].final.pack
    top = plain.records[0].final.pack
    assert plain.state.hands[0][0] == top[0]
    assert cut.state.hands[0][0] != top[0]
    assert sorted(cut.state.all_cards()) == list(range(52))


def test_4_4_7_face_up_variant_across_deals() -> None:
    t = Session(get_preset("modern-face-up"), [30, 30, 30], dealer=2, seed=12)
    for move in ("p1 bet 1", "p2 fold", "p3 fold", "p1 retain"):
        t.apply_text(move)
    st = t.state
    assert st is not None and st.retainer == 0 and st.phase in ("qualify", "discard")
    assert len(st.faceup) == 3 and st.hands[0] == t.records[0].final.retained[1:]
    assert st.pot == 4 + 3
    # the face-up hand is public, the retained hand is not
    assert st.view(1).shown[0] == tuple(card_from_id(c) for c in st.faceup)
    assert st.view(0).own_cards is None


def test_4_4_9_debts_are_carried_between_deals() -> None:
    from bragkit.testing.fixtures import stacked_pack

    rules = get_preset("modern-lend").replace(ante=0)
    pack = stacked_pack(rules, 2, 1, {0: "Ks Kh 9d", 1: "2c 5d 9h"})
    t = Session(rules, [13, 100], dealer=1, pack=pack)
    for move in ("p1 look", "p1 bet 10", "p2 look", "p2 bet 10", "p1 borrow", "p2 lend 7",
                 "p1 bet 10", "p2 see"):
        t.apply_text(move)
    assert t.deal_no == 1 and t.debts == ((1, 0, 7),)
    assert t.state is not None and t.state.debts == ((1, 0, 7),)
    assert sum(t.stacks) + t.carried == 113


@pytest.mark.parametrize("game", ["modern", "foster", "commerce"])
def test_2_4_an_injected_pack_must_hold_exactly_the_pack(game: str) -> None:
    rules = get_preset(game)
    good = fresh_pack(rules)
    bad = (*good[1:], good[1])                               # one card twice, one missing
    assert open_table(rules, [20, 20, 20], 0, pack=good).packs_used == [good]
    assert open_table(rules, [20, 20, 20], 0, shuffles=[good]).packs_used == [good]
    for given in ({"pack": bad}, {"shuffles": [bad]}):
        with pytest.raises(BragError, match="does not hold exactly the cards of the pack"):
            open_table(rules, [20, 20, 20], 0, **given)  # type: ignore[arg-type]
