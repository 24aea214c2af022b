"""An independent oracle for the solver's tests: the sequence-form LP of a tiny game.

It works on individual hands (no classes, no matrices): every ordered deal of two
disjoint hands from a reduced deck, the payoff of each terminal computed from the hands'
strengths, infosets (node, hand) for open decisions and (node,) for blind ones.  Solved
with scipy's HiGHS; it returns player 1's exact game value.
"""

from __future__ import annotations

import itertools

import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix, csr_matrix

from bragkit.hands import get_ranking
from bragkit.solve.tree import FOLD, FORCED, Tree


def lp_value(tree: Tree, blind_sees_cards: bool = False) -> float:
    """Player 1's game value by the sequence-form linear program.  ``blind_sees_cards``
    gives a blind decision one information set per hand (a game in which a blind player
    knew his cards: the value a solver leaking cards into blind play would approach)."""
    spec = tree.spec
    hands = list(itertools.combinations(range(52 - spec.deck, 52), 3))
    rank = get_ranking(spec.ranking).ids_ranker()
    strength = np.array([rank(h) for h in hands])
    sets = [set(h) for h in hands]
    deals = [(a, b) for a in range(len(hands)) for b in range(len(hands))
             if not sets[a] & sets[b]]
    h1 = np.array([d[0] for d in deals])
    h2 = np.array([d[1] for d in deals])
    nh = len(hands)
    seqs: list[dict[tuple[int, ...], int]] = [{(): 0}, {(): 0}]   # (infoset, action) -> id
    infos: list[dict[tuple[int, ...], int]] = [{}, {}]            # infoset -> parent seq
    payoff: dict[tuple[int, int], float] = {}

    def walk(node: int, cur: list[np.ndarray]) -> None:
        kind = int(tree.kind[node])
        if kind:
            x = tree.put[node]
            loser = int(tree.loser[node])
            if kind == FOLD:
                u = np.full(len(deals), float(x[1]) if loser == 1 else -float(x[0]))
            else:
                s1, s2 = strength[h1], strength[h2]
                if kind == FORCED:
                    win, tie = s1 > s2, s1 == s2
                    u = np.where(win, float(x[1]), np.where(tie, (float(x[1]) - float(x[0])) / 2,
                                                           -float(x[0])))
                else:
                    win = (s1 > s2) | ((s1 == s2) & (loser == 1))
                    u = np.where(win, float(x[1]), -float(x[0]))
            a, b = cur[0][h1], cur[1][h2]
            key = a * 10**7 + b
            uniq, inv = np.unique(key, return_inverse=True)
            sums = np.bincount(inv, weights=u)
            for k, s in zip(uniq.tolist(), sums.tolist(), strict=True):
                pair = (k // 10**7, k % 10**7)
                payoff[pair] = payoff.get(pair, 0.0) + s / len(deals)
            return
        p = int(tree.actor[node])
        blind = bool(tree.blind[node, p])
        kids = list(tree.children(node))
        new = np.empty((len(kids), nh), dtype=np.int64)
        for h in range(nh):
            info = (node,) if blind and not blind_sees_cards else (node, h)
            parent = int(cur[p][h])
            if info in infos[p]:
                assert infos[p][info] == parent
            infos[p][info] = parent
            for j in range(len(kids)):
                new[j, h] = seqs[p].setdefault((*info, j), len(seqs[p]))
        for j, child in enumerate(kids):
            nxt = list(cur)
            nxt[p] = new[j]
            walk(child, nxt)

    walk(0, [np.zeros(nh, dtype=np.int64), np.zeros(nh, dtype=np.int64)])
    n1, n2 = len(seqs[0]), len(seqs[1])

    def constraints(i: int) -> csr_matrix:
        rows, cols, vals = [0], [0], [1.0]
        for r, (info, parent) in enumerate(infos[i].items(), start=1):
            rows.append(r)
            cols.append(parent)
            vals.append(-1.0)
            j = 0
            while (*info, j) in seqs[i]:
                rows.append(r)
                cols.append(seqs[i][(*info, j)])
                vals.append(1.0)
                j += 1
        return csr_matrix(coo_matrix((vals, (rows, cols)),
                                     shape=(len(infos[i]) + 1, len(seqs[i]))))

    e_mat, f_mat = constraints(0), constraints(1)
    pa = np.array([k[0] for k in payoff])
    pb = np.array([k[1] for k in payoff])
    pv = np.array(list(payoff.values()))
    a_mat = csr_matrix(coo_matrix((pv, (pa, pb)), shape=(n1, n2)))
    m2 = f_mat.shape[0]
    # variables: x (n1), q (m2); maximise q0 s.t. F^T q - A^T x <= 0, E x = e, x >= 0
    from scipy.sparse import hstack
    a_ub = hstack([-a_mat.T, f_mat.T]).tocsr()
    b_ub = np.zeros(n2)
    a_eq = hstack([e_mat, csr_matrix((e_mat.shape[0], m2))]).tocsr()
    b_eq = np.zeros(e_mat.shape[0])
    b_eq[0] = 1.0
    c = np.zeros(n1 + m2)
    c[n1] = -1.0
    bounds = [(0, None)] * n1 + [(None, None)] * m2
    res = linprog(c, A_ub=a_ub, b_ub=b_ub, A_eq=a_eq, b_eq=b_eq, bounds=bounds,
                  method="highs")
    assert res.status == 0, res.message
    return float(-res.fun)
