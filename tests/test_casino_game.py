"""Casino 3 Card Brag: rules, paytables and the hand state machine (rules 3.10, 4.9, 6.14)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from bragkit.engine.kinds import ActionKind
from bragkit.errors import BragError, CardError, IllegalActionError, RulesError
from bragkit.games.casino import (
    CasinoHand,
    CasinoRules,
    Paytable,
    class_label,
    parse_hand_class,
    settle_units,
)
from bragkit.hands import get_ranking

BRAG = CasinoRules.preset("casino")
TCP = CasinoRules.preset("three-card-poker")


def settle(pack: str, action: str = "play", rules: CasinoRules = BRAG, ante: int = 10,
           pair_plus: int = 0) -> CasinoHand:
    return CasinoHand.deal(rules, ante=ante, pair_plus=pair_plus, pack=pack).apply(action)


# ---------------------------------------------------------------------------- rules 6.14
def test_6_14_k1_unqualified_dealer_pays_ante_pushes_play() -> None:
    s = settle("Ks 9d 4c  Jh 7d 2s").settlement          # dealer J-high
    assert s is not None
    assert (s.outcome, s.dealer_qualified) == ("dealer_not_qualified", False)
    assert (s.ante, s.play, s.ante_bonus, s.total) == (10, 0, 0, 10)


def test_6_14_k1_unqualified_dealer_pays_even_a_weaker_player() -> None:
    s = settle("9s 6d 4c  Jh 7d 2s").settlement
    assert s is not None and (s.ante, s.play) == (10, 0)


def test_6_14_k2_qualified_dealer_beaten_pays_both() -> None:
    s = settle("Qs Qd 4c  Qh 7d 2s").settlement          # pair of queens vs Q-high
    assert s is not None
    assert (s.outcome, s.ante, s.play, s.ante_bonus, s.total) == ("player_wins", 10, 10, 0, 20)


def test_6_14_k3_ante_bonus_paid_even_when_the_dealer_wins() -> None:
    s = settle("4s 5h 6d  2c 2d 2h").settlement          # run 4-5-6 vs prial of twos
    assert s is not None
    assert (s.outcome, s.ante, s.play, s.ante_bonus, s.total) == ("dealer_wins", -10, -10, 10, -10)


def test_6_14_k4_fold_loses_ante_and_side_bet_settles_on_its_own() -> None:
    hand = CasinoHand.deal(BRAG, ante=10, pair_plus=5, pack="7s 7h Kd  As Ah Ad")
    s = hand.apply(ActionKind.FOLD).settlement
    assert s is not None
    assert (s.outcome, s.ante, s.play, s.ante_bonus, s.pair_plus) == ("fold", -10, 0, 0, 5)
    forfeit = CasinoRules.preset("casino", pair_plus_forfeit_on_fold=True)
    s2 = CasinoHand.deal(forfeit, ante=10, pair_plus=5, pack="7s 7h Kd  As Ah Ad").apply("fold")
    assert s2.settlement is not None and s2.settlement.pair_plus == -5


def test_6_14_k5_exact_tie_with_qualified_dealer_pushes() -> None:
    s = settle("Qs 8d 5c  Qh 8c 5d").settlement
    assert s is not None
    assert (s.outcome, s.ante, s.play, s.total) == ("tie", 0, 0, 0)


def test_a_cas2_tie_rule_dealer_takes_ties() -> None:
    rules = CasinoRules.preset("casino", casino_tie="dealer")
    s = settle("Qs 8d 5c  Qh 8c 5d", rules=rules).settlement
    assert s is not None and (s.ante, s.play) == (-10, -10)


def test_3_10_queen_high_is_the_weakest_qualifier() -> None:
    q = settle("As Kd 9c  Qh 3d 2s").settlement          # Q-3-2 qualifies
    j = settle("As Kd 9c  Jh Td 8s").settlement          # J-10-8 does not
    assert q is not None and j is not None
    assert q.dealer_qualified and not j.dealer_qualified


def test_custom_qualifier_pair() -> None:
    rules = CasinoRules.preset("casino", qualifier="pair")
    s = settle("As Kd 9c  Kh Qd 9s", rules=rules).settlement
    assert s is not None and not s.dealer_qualified and (s.ante, s.play) == (10, 0)


def test_pair_plus_pays_on_the_table_and_loses_on_high_card() -> None:
    assert settle("7h 8h 9h  2c 3d 5s", pair_plus=2).settlement.pair_plus == 60  # type: ignore[union-attr]
    assert settle("Ah Kd 9h  2c 3d 5s", pair_plus=2).settlement.pair_plus == -2  # type: ignore[union-attr]


def test_tcp_ranks_straight_over_flush_and_pays_its_tables() -> None:
    s = settle("4s 5h 6d  2h 7h 9h", rules=TCP).settlement   # straight beats flush in poker
    assert s is not None and s.outcome == "player_wins" and s.ante_bonus == 10
    b = settle("4s 5h 6d  2h 7h 9h").settlement              # in brag the run beats it too
    assert b is not None and b.outcome == "player_wins"
    s3 = settle("2h 7h 9h  4s 5h 6d", rules=TCP).settlement
    assert s3 is not None and s3.outcome == "dealer_wins"


def test_fractional_paytables_settle_exactly() -> None:
    rules = CasinoRules.preset("casino", ante_bonus_table="run=3/2")
    s = settle("4s 5h 6d  2c 2d 2h", rules=rules).settlement
    assert s is not None and s.ante_bonus == 15 and s.total == -5
    rules = CasinoRules.preset("casino", ante_bonus_table="run=1.25")
    s = settle("4s 5h 6d  2c 2d 2h", rules=rules, ante=1).settlement
    assert s is not None and s.ante_bonus == Fraction(5, 4)


def test_3_10_comparison_is_modern_brag_prial_over_running_flush() -> None:
    s = settle("4h 5h 6h  2c 2d 2h").settlement          # running flush vs prial of twos
    assert s is not None                                  # brag: the prial wins the showdown,
    assert (s.outcome, s.ante, s.play, s.ante_bonus) == ("dealer_wins", -10, -10, 40)
    t = settle("4h 5h 6h  2c 2d 2h", rules=TCP).settlement  # poker: straight flush wins
    assert t is not None
    assert (t.outcome, t.ante, t.play, t.ante_bonus) == ("player_wins", 10, 10, 50)


def test_4_9_ante_bonus_needs_a_play() -> None:
    s = settle("As Ad Ah  Qc Qd 2h", "fold").settlement   # a folded prial earns no bonus
    assert s is not None and (s.ante, s.play, s.ante_bonus, s.total) == (-10, 0, 0, -10)


def test_4_9_ante_bonus_paid_when_the_dealer_does_not_qualify() -> None:
    s = settle("4s 5h 6d  Jh 7d 2s").settlement          # run vs J-high
    assert s is not None
    assert (s.outcome, s.ante, s.play, s.ante_bonus, s.total) == (
        "dealer_not_qualified", 10, 0, 10, 20)


def test_4_9_pair_plus_is_paid_whatever_the_dealer_holds() -> None:
    s = settle("7s 7h Kd  As Ah Ad", pair_plus=5).settlement   # pair loses to a prial
    assert s is not None
    assert (s.outcome, s.ante, s.play, s.pair_plus) == ("dealer_wins", -10, -10, 5)


def test_4_9_the_pack_is_shuffled_every_round() -> None:
    """Every hand of a table comes from a full pack: 30 hands use 180 cards of 52, and
    cards of one hand come back in the next ones."""
    from bragkit.games.casino.session import CasinoSession

    table = CasinoSession(BRAG, [10_000], seed=3, deal_step=False)
    hands = []
    for _ in range(30):
        table.apply_text("p1 ante 1")
        hands.append(set(table.cards().player + table.cards().dealer))
        table.apply_text("p1 fold")
    assert all(len(h) == 6 for h in hands)
    assert any(a & b for a, b in itertools.pairwise(hands))


# ---------------------------------------------------------------------------- state machine
def test_apply_returns_a_new_state_and_leaves_the_old_one() -> None:
    hand = CasinoHand.deal(BRAG, ante=5, rng=random.Random(11))
    assert hand.phase == "decide" and hand.visible_dealer == ()
    assert hand.legal_actions() == (ActionKind.PLAY, ActionKind.FOLD)
    done = hand.apply("PLAY")
    assert hand.settlement is None and hand.actions == ()
    assert done.phase == "settled" and done.actions == (ActionKind.PLAY,)
    assert done.legal_actions() == () and done.visible_dealer == hand.dealer


def test_illegal_actions_raise_with_a_reason_and_change_nothing() -> None:
    hand = CasinoHand.deal(BRAG, ante=5, rng=random.Random(11))
    with pytest.raises(IllegalActionError, match="'raise' is not a casino action"):
        hand.apply("raise")
    done = hand.apply("fold")
    with pytest.raises(IllegalActionError, match="already settled"):
        done.apply("play")
    assert done.actions == (ActionKind.FOLD,) and hand.settlement is None


def test_deal_from_injected_rng_is_reproducible_and_distinct() -> None:
    a = CasinoHand.deal(BRAG, rng=random.Random(5))
    b = CasinoHand.deal(BRAG, rng=random.Random(5))
    assert (a.player, a.dealer) == (b.player, b.dealer)
    assert len(set(a.player + a.dealer)) == 6


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"ante": 0}, IllegalActionError), ({"ante": 2, "pair_plus": -1}, IllegalActionError),
    ({"pack": "As Kd Qh Jc"}, CardError), ({"pack": "As As Qh Jc 9d 8d"}, CardError),
    ({}, RulesError),
])
def test_bad_deals_are_refused(kwargs: dict[str, object], error: type[BragError]) -> None:
    with pytest.raises(error):
        CasinoHand.deal(BRAG, **kwargs)  # type: ignore[arg-type]


def test_as_dict_hides_the_dealer_until_settled() -> None:
    hand = CasinoHand.deal(BRAG, ante=10, pack="Qs Qd 4c  Qh 7d 2s")
    assert hand.as_dict()["dealer"] == ""
    done = hand.apply("play").as_dict()
    assert done["dealer"] == "Qh 7d 2s" and done["settlement"]["total"] == 20


def test_settle_units_agrees_with_the_state_machine_on_random_deals() -> None:
    rng = random.Random(2024)
    m = get_ranking("modern")
    for _ in range(300):
        hand = CasinoHand.deal(BRAG, ante=1, pair_plus=1, rng=rng)
        action = rng.choice(["play", "fold"])
        s = hand.apply(action).settlement
        assert s is not None
        pr = m.rank3(*(c.id for c in hand.player))
        units = settle_units(BRAG, action == "play", pr, m.category_of_rank(pr),
                             m.rank3(*(c.id for c in hand.dealer)))
        assert (s.ante, s.play, s.ante_bonus, s.pair_plus) == units


# ---------------------------------------------------------------------------- rules
def test_presets_hold_the_published_tables() -> None:
    assert str(BRAG.ante_bonus_table) == "prial=5,running_flush=4,run=1"
    assert str(BRAG.pair_plus_table) == "prial=40,running_flush=30,run=6,flush=4,pair=1"
    assert str(TCP.ante_bonus_table) == "straight_flush=5,three_of_a_kind=4,straight=1"
    assert str(TCP.pair_plus_table) == \
        "straight_flush=40,three_of_a_kind=30,straight=6,flush=4,pair=1"
    assert (BRAG.qualifier, BRAG.casino_tie, BRAG.pair_plus_forfeit_on_fold) == \
        ("Q-high", "push", False)


@pytest.mark.parametrize(("overrides", "message"), [
    ({"pair_plus_table": "prial=40,quad=5"}, "unknown category 'quad'"),
    ({"pair_plus_table": "prial:40"}, "expected category=payout"),
    ({"pair_plus_table": "pair=-1"}, "between 0 and"),
    ({"pair_plus_table": "pair=1,pair=2"}, "given twice"),
    ({"ante_bonus_table": "straight=1"}, "unknown category 'straight' for modern"),
    ({"qualifier": "Q-7"}, "qualifier: bad hand"),
    ({"qualifier": "3-high"}, "no high-card hand"),
    ({"casino_tie": "split"}, "casino_tie must be one of push, dealer"),
    ({"colour": "red"}, "unknown casino rule key"),
    ({"pair_plus_forfeit_on_fold": "yes"}, "true or false"),
])
def test_bad_rules_raise_one_clear_error(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        CasinoRules.preset("casino", **overrides)


def test_unknown_preset() -> None:
    with pytest.raises(RulesError, match="unknown casino preset 'baccarat'"):
        CasinoRules.preset("baccarat")


def test_paytable_accepts_none_and_ratio_forms() -> None:
    m = get_ranking("modern")
    assert Paytable.parse("none", m).entries == ()
    assert Paytable.parse("run=3:2", m).pays("run") == Fraction(3, 2)
    assert Paytable.build({"Running Flush": 4}, m).pays("running_flush") == 4


@pytest.mark.parametrize("ranking", ["modern", "three-card-poker"])
def test_hand_classes_parse_and_label_round_trip(ranking: str) -> None:
    r = get_ranking(ranking)
    q64 = parse_hand_class(ranking, "Q-6-4")
    assert q64 == parse_hand_class(ranking, "q64") == parse_hand_class(ranking, "Qs 6d 4h")
    assert parse_hand_class(ranking, "Q-6-3") == q64 - 1
    assert r.category_of_rank(parse_hand_class(ranking, "Q-6-4 suited")) == "flush"
    assert parse_hand_class(ranking, "Q-high") == parse_hand_class(ranking, "Q-3-2")
    assert parse_hand_class(ranking, "none") == 0
    assert r.category_of_rank(parse_hand_class(ranking, "pair")) == "pair"
    assert r.category_of_rank(parse_hand_class(ranking, "pair") - 1) != "pair"
    for ordinal in range(0, r.class_count, 7):
        assert parse_hand_class(ranking, class_label(ranking, ordinal)) == ordinal


def test_a_high_skips_the_a23_run() -> None:
    for ranking in ("modern", "three-card-poker"):
        assert class_label(ranking, parse_hand_class(ranking, "A-high")) == "A-4-2"
