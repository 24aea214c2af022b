"""Engine bots tabulated exactly on the solved tree (brag solve --score)."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from bragkit.bots.heuristic import HeuristicBot
from bragkit.engine import BragState
from bragkit.engine.actions import Action
from bragkit.rules import get_preset
from bragkit.solve import GameSpec, Solver, build_tree, evaluate, hand_classes
from bragkit.solve.tabulate import _label, plan_survival, tabulate_bot

RULES = dataclasses.replace(get_preset("modern"), short_stack_policy="cover",
                            blind_winner_policy="wins")


@pytest.fixture(scope="module")
def small() -> tuple[object, object]:
    tree = build_tree(GameSpec.hu_brag_s12(stack=4))
    return tree, tabulate_bot("heuristic", tree)


def test_plan_survival_matches_the_bots_plan_draws() -> None:
    bot = HeuristicBot(RULES)
    rng = random.Random(11)
    plans = [bot.plan_blind(rng) for _ in range(40_000)]
    for k in (1, 2, 3, 8):
        freq = sum(p >= k for p in plans) / len(plans)
        assert freq == pytest.approx(plan_survival(bot, k), abs=0.01)
    assert plan_survival(bot, 9) == 0.0


def test_blind_rows_follow_the_plan_law(small: tuple[object, object]) -> None:
    tree, strategy = small
    assert strategy.blind_probs.ndim == 2                 # no card axis
    bot = HeuristicBot(RULES)
    root = dict(zip((tree.labels[c] for c in tree.children(0)), strategy.at(0), strict=True))
    assert root["blind"] == pytest.approx(plan_survival(bot, 1))     # p1's first look
    # after a blind stay and p2's blind stay, p1's second look: P(plan >= 2) / P(plan >= 1)
    node = 0
    for label in ("blind", "stay", "blind", "stay"):
        node = next(c for c in tree.children(node) if tree.labels[c] == label)
    probs = dict(zip((tree.labels[c] for c in tree.children(node)), strategy.at(node),
                     strict=True))
    assert probs["blind"] == pytest.approx(plan_survival(bot, 2) / plan_survival(bot, 1))


def _tree_action(label: str, stay: int, up: int) -> Action:
    return Action("bet", stay if label == "stay" else up) if label in ("stay", "double") \
        else Action(label)


def test_tabulated_rows_are_what_the_bot_plays(small: tuple[object, object]) -> None:
    """Two heuristic bots play real deals whose bets are translated to the tree's sizes (the
    engine is given the tree's amount): every open choice is the tabulated one for the
    dealt hand's class, every blind choice has positive tabulated probability."""
    tree, strategy = small
    hc = hand_classes()
    rng = random.Random(3)
    checked = blind_checked = 0
    for k in range(80):
        bots = [HeuristicBot(RULES), HeuristicBot(RULES)]
        st = BragState.new(RULES, [4, 4], 1, rng=random.Random(k))
        node = 0
        while not st.is_over:
            seat = st.to_act
            assert tree.actor[node] == seat
            view, legal = st.view(seat), st.legal_actions()
            action = bots[seat].act(view, legal, rng)
            if tree.look[node]:
                kids = list(tree.children(node))
                looked = action.kind == "look"
                probs = dict(zip((tree.labels[c] for c in kids), strategy.at(node),
                                 strict=True))
                assert probs["look" if looked else "blind"] > 0
                blind_checked += 1
                node = kids[0 if looked else 1]
                if looked:
                    st = st.apply(action)
                    continue
            kids = list(tree.children(node))
            labels = [tree.labels[c] for c in kids]
            mult = 1 if tree.blind[node, seat] else 2
            idx = int(tree.stake[node])
            stakes = tree.spec.stakes
            stay = stakes[idx] * mult
            up = stakes[idx + 1] * mult if idx + 1 < len(stakes) else 0
            label = _label(action, labels, stay)
            probs = strategy.at(node)
            if probs.ndim == 2:
                assert view.own_cards is not None
                cls = hc.class_of(tuple(c.id for c in view.own_cards))
                assert probs[labels.index(label), cls] == 1.0
                checked += 1
            else:
                assert probs[labels.index(label)] > 0
            st = st.apply(_tree_action(label, stay, up))
            node = kids[labels.index(label)]
        assert tree.kind[node] != 0
    assert checked > 40 and blind_checked > 40


def test_heuristic_exploitability_is_exact_and_large(small: tuple[object, object]) -> None:
    tree, strategy = small
    e = evaluate(strategy)
    solver = Solver(tree.spec, tree=tree)
    solver.run(60)
    eq = solver.evaluate()
    assert eq.exploitability < 0.01
    assert e.exploitability > 30 * eq.exploitability
    assert e.best_response[0] + e.best_response[1] == pytest.approx(2 * e.exploitability)
    # each row of the tabulated strategy is a distribution
    lay = strategy.layout
    assert np.allclose(strategy.open_probs.sum(axis=1), 1.0)
    assert np.allclose(strategy.blind_probs.sum(axis=1), 1.0)
    assert strategy.blind_probs[~lay.mask[lay.blind_dec]].sum() == 0
