"""The solver: hand classes, the tree, blind information sets, CFR against an LP oracle."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from bragkit.errors import RulesError
from bragkit.hands import get_ranking
from bragkit.solve import GameSpec, Solver, build_tree, evaluate, hand_classes
from bragkit.solve.classes import DEALS, all_hands
from bragkit.solve.terminal import PairSums
from tests.solve_lp import lp_value


def test_classes_count_and_sizes() -> None:
    hc = hand_classes("modern")
    assert hc.count == 1755
    assert int(hc.size.sum()) == 22100
    assert np.bincount(hc.hand_class, minlength=1755).tolist() == hc.size.astype(int).tolist()
    assert int(hc.disjoint.sum()) == DEALS
    assert (hc.disjoint.sum(axis=1) == hc.size * 18424).all()


def test_class_pair_counts_match_brute_force_sample() -> None:
    hc = hand_classes("modern")
    rank = get_ranking("modern").ids_ranker()
    hands = [tuple(h) for h in all_hands().tolist()]
    members: dict[int, list[tuple[int, ...]]] = {}
    for h, c in zip(hands, hc.hand_class.tolist(), strict=True):
        members.setdefault(c, []).append(h)
    rng = random.Random(7)
    for _ in range(12):
        c, d = rng.randrange(1755), rng.randrange(1755)
        disjoint = win = tie = 0
        for h in members[c]:
            for g in members[d]:
                if set(h) & set(g):
                    continue
                disjoint += 1
                rh, rg = rank(h), rank(g)
                win += rh > rg
                tie += rh == rg
        assert (hc.disjoint[c, d], hc.win[c, d], hc.tie[c, d]) == (disjoint, win, tie)


def test_teen_patti_classes_use_teen_patti_ranking() -> None:
    modern, tp = hand_classes("modern"), hand_classes("teen-patti")
    # 3-3-3 is the top prial in modern brag only
    c = modern.class_of((4, 5, 6))
    assert modern.strength[c] == modern.strength.max()
    assert tp.strength[c] < tp.strength.max()


def test_pair_sums_equal_the_dense_disjoint_product() -> None:
    hc = hand_classes("modern")
    r = np.random.default_rng(3).random((4, 1755))
    assert np.allclose(PairSums(hc).apply(r), r @ hc.disjoint.T, rtol=1e-12)


def test_tree_sizes() -> None:
    s12 = build_tree(GameSpec.hu_brag_s12())
    # the research note's enumeration of HU-Brag-S12 (rl-solver-anchors.md section 2.2)
    assert (s12.size, s12.terminal_count, s12.blind_decision_count) == (6744, 4100, 1006)
    assert s12.max_contribution == 12
    ends = build_tree(GameSpec.hu_brag_s12(last_chip="ends"))
    assert (ends.size, ends.terminal_count, ends.max_contribution) == (4988, 3030, 12)
    tp = build_tree(GameSpec.teen_patti_hu())
    assert (tp.decision_count, tp.blind_decision_count, tp.max_contribution) == (2014, 728, 33)
    assert int((tp.kind == 4).sum()) == 925       # forced shows


def test_4_4_4_see_needs_a_bet_and_costs_double() -> None:
    t = build_tree(GameSpec.hu_brag_s12())
    first = [t.labels[c] for c in t.children(int(t.first_child[0]) + 1)]   # p1 blind bets
    assert "see" not in first
    # p1 stays blind (1 chip); p2 looks: an open player may not see a blind one
    node = 0
    for label in ("blind", "stay", "look"):
        node = next(c for c in t.children(node) if t.labels[c] == label)
    assert "see" not in [t.labels[c] for c in t.children(node)]
    node = 0
    for label in ("blind", "stay", "blind", "see"):
        node = next(c for c in t.children(node) if t.labels[c] == label)
    assert tuple(t.put[node]) == (2, 3)          # blind see: twice the blind stay of 1


def test_bad_specs_refused() -> None:
    for bad in ({"stack": 1}, {"max_raises": 3}, {"stakes": (2, 1)}, {"deck": 14},
                {"last_chip": "x"}):
        with pytest.raises(RulesError):
            GameSpec.hu_brag_s12(**bad)


def test_blind_strategy_has_one_row_whatever_the_cards() -> None:
    s = Solver(GameSpec.hu_brag_s12(stack=5))
    s.run(5)
    strategy = s.average()
    tree = strategy.tree
    lay = strategy.layout
    assert strategy.blind_probs.ndim == 2              # (blind decisions, actions): no cards
    for k in lay.blind_dec[:20]:
        node = int(lay.dec[k])
        assert strategy.at(node).shape == (int(tree.n_children[node]),)
    # the regrets of blind decisions carry no card axis either
    assert all(r.ndim == 2 for r in s.reg_blind)
    # the expanded per-class view of a blind decision is the same row for every class
    probs = strategy.dec_probs()[lay.blind_dec]
    assert np.allclose(probs, probs[:, :, :1])


def test_cfr_matches_the_sequence_form_lp_on_a_reduced_deck() -> None:
    spec = GameSpec.hu_brag_s12(stack=4, deck=12)
    exact = lp_value(build_tree(spec))
    s = Solver(spec, dtype=np.float64)
    s.run(1500)
    e = s.evaluate()
    assert -e.best_response[1] - 1e-9 <= exact <= e.best_response[0] + 1e-9
    assert e.exploitability < 1e-4
    assert abs(e.value - exact) < 1e-4


def test_blind_decisions_know_no_cards_by_their_value() -> None:
    """The solver's value is the LP's whose blind information sets hold no card (one per
    public node), not the LP's of the game in which a blind player knew his cards: a
    solver leaking cards into blind play would be there (stacks 2, 12 cards)."""
    spec = GameSpec.hu_brag_s12(stack=2, deck=12)
    tree = build_tree(spec)
    s = Solver(spec, dtype=np.float64)
    s.run(300)
    e = s.evaluate()
    assert e.exploitability < 1e-7
    assert abs(e.value - lp_value(tree)) < 1e-7
    assert abs(e.value - lp_value(tree, blind_sees_cards=True)) > 0.05   # -0.2130 / -0.2831


def test_teen_patti_reduced_deck_matches_lp() -> None:
    spec = GameSpec.teen_patti_hu(deck=12, action_cap=2)
    exact = lp_value(build_tree(spec))
    s = Solver(spec, algorithm="cfr+", dtype=np.float64)
    s.run(800)
    e = s.evaluate()
    assert abs(e.value - exact) < 2e-4


def test_best_response_nonnegative_and_exploitability_decreasing() -> None:
    s = Solver(GameSpec.hu_brag_s12(stack=4))
    figures = []
    for _ in range(4):
        s.run(15)
        e = s.evaluate()
        assert e.best_response[0] >= e.value - 1e-12
        assert e.best_response[1] >= -e.value - 1e-12
        assert e.exploitability >= 0
        figures.append(e.exploitability)
    assert figures[-1] < figures[0] / 4


def test_one_player_game_best_response_matches_brute_force() -> None:
    # stack 2: p1's only decisions are look/blind then fold or cover (p2 never acts)
    spec = GameSpec.hu_brag_s12(stack=2, deck=12, last_chip="ends")
    s = Solver(spec, dtype=np.float64)
    s.run(200)
    hands = list(itertools.combinations(range(40, 52), 3))
    rank = get_ranking("modern").ids_ranker()
    total = 0.0
    deals = 0
    for h in hands:
        ev = 0.0
        n = 0
        for g in hands:
            if set(h) & set(g):
                continue
            n += 1
            ev += 1.0 if rank(h) > rank(g) else -2.0     # covers: ties to p2
        total += max(-1.0 * n, ev)
        deals += n
    e = evaluate(s.average())
    assert e.best_response[0] == pytest.approx(total / deals, abs=1e-12)   # p2 never acts
    assert e.value == pytest.approx(total / deals, abs=1e-5)


def test_4_4_9_exactly_affording_the_stay_plays_on() -> None:
    # stack 2: after the ante p1 has one chip, exactly a blind stay; he stays and p2 acts
    t = build_tree(GameSpec.hu_brag_s12(stack=2, deck=12))
    node = 0
    for label in ("blind", "stay"):
        node = next(c for c in t.children(node) if t.labels[c] == label)
    assert t.kind[node] == 0 and t.actor[node] == 1
    assert tuple(t.put[node]) == (2, 1)
    # an open p1 cannot pay the open stay of 2 with his one chip: he folds or covers
    open_p1 = next(c for c in t.children(0) if t.labels[c] == "look")
    assert [t.labels[c] for c in t.children(open_p1)] == ["fold", "cover"]
    # the option: a bet of the last chip ends the betting as a cover
    ends = build_tree(GameSpec.hu_brag_s12(stack=2, deck=12, last_chip="ends"))
    blind_p1 = next(c for c in ends.children(0) if ends.labels[c] == "blind")
    assert [ends.labels[c] for c in ends.children(blind_p1)] == ["fold", "cover"]


@pytest.mark.parametrize("algorithm", ["dcfr", "cfr+", "pcfr+"])
def test_compiled_and_numpy_updates_agree(algorithm: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    import bragkit.solve.cfr as cfr_module

    spec = GameSpec.hu_brag_s12(stack=5)
    compiled = Solver(spec, algorithm=algorithm, dtype=np.float64)
    compiled.run(12)
    monkeypatch.setattr(cfr_module, "update_open", lambda *args: False)
    plain = Solver(spec, algorithm=algorithm, dtype=np.float64)
    plain.run(12)
    a, b = compiled.average(), plain.average()
    assert np.allclose(a.open_probs, b.open_probs, atol=1e-12)
    assert np.allclose(a.blind_probs, b.blind_probs, atol=1e-12)
    for i in (0, 1):
        assert np.allclose(compiled.reg_open[i], plain.reg_open[i], atol=1e-9)


def test_predictive_algorithms_converge() -> None:
    spec = GameSpec.hu_brag_s12(stack=4)
    for name in ("pcfr+", "pdcfr+"):
        s = Solver(spec, algorithm=name)
        s.run(60)
        assert s.evaluate().exploitability < 5e-3, name
