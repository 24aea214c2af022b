"""Exact terminal values in vector form: counterfactual values of one player at every terminal.

At a terminal the result to player i is ``a * M - b'`` style: with ``x_i``, ``x_o`` the chips
each put in, a fold pays ``x_o`` or costs ``x_i`` on every disjoint deal (the ``D`` matrix
only), and a showdown pays ``(x_i + x_o) * M - x_i * D`` where ``M`` is ``win`` (i loses
ties), ``win + tie`` (i wins ties) or, for a forced show whose ties split the pot,
``(x_i + x_o) / 2 * (2 win + tie) - x_i * D``.  So a fold needs one product and a showdown
two, and the ``D`` product is cheap: by inclusion-exclusion over shared cards it is
``n_c (total - the three card sums + the three pair sums - self)``, a thin matrix product.

Only terminals where **both** players are open need dense products.  A blind opponent's
reach is a scalar times ones (precomputed products); a blind player's values are needed
only summed over his classes (his strategy cannot use them), so they are computed as dot
products and stored *sum-only* (spread evenly over the classes).

>>> from bragkit.solve.tree import GameSpec, build_tree
>>> from bragkit.solve.classes import hand_classes
>>> ev = TerminalEvaluator(build_tree(GameSpec.hu_brag_s12(stack=4)), hand_classes())
>>> r = np.ones((ev.tree.size, 1755))
>>> vals = ev.values(0, r)
>>> vals.shape[1]
1755
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from bragkit.solve.classes import HandClasses
from bragkit.solve.tree import FOLD, FORCED, Tree

__all__ = ["PairSums", "TerminalEvaluator"]

F64 = npt.NDArray[np.float64]
I64 = npt.NDArray[np.int64]
Arr = npt.NDArray[np.floating]


class PairSums:
    """Applies the disjoint-deal matrix ``D`` by inclusion-exclusion (see the module).

    >>> from bragkit.solve.classes import hand_classes
    >>> hc = hand_classes()
    >>> ps = PairSums(hc)
    >>> r = np.random.default_rng(1).random((3, 1755))
    >>> bool(np.allclose(ps.apply(r), r @ hc.disjoint.T))
    True
    >>> small = hand_classes("modern", 16)
    >>> r = np.random.default_rng(1).random((3, small.count))
    >>> bool(np.allclose(PairSums(small).apply(r), r @ small.disjoint.T))
    True
    """

    def __init__(self, hc: HandClasses, dtype: type = np.float64) -> None:
        n = hc.count
        pairs: dict[tuple[int, int], int] = {}
        for a, b, c in hc.reps.tolist():
            for p in ((a, b), (a, c), (b, c)):
                pairs.setdefault(p, len(pairs))
        k = 1 + 52 + len(pairs)
        stack = np.zeros((k, n))
        stack[0] = hc.size
        cls = hc.hand_class
        for j in range(3):
            np.add.at(stack, (1 + hc.hands[:, j], cls), 1.0)
        for x, y in ((0, 1), (0, 2), (1, 2)):
            for h, cl in zip(hc.hands.tolist(), cls.tolist(), strict=True):
                found = pairs.get((h[x], h[y]))
                if found is not None:
                    stack[1 + 52 + found, cl] += 1.0
        self.stack_t: Arr = np.ascontiguousarray(stack.T, dtype=dtype)
        reps = hc.reps
        self.cards = [1 + reps[:, j] for j in range(3)]
        self.pairs = [np.array([1 + 52 + pairs[(a, b)] for a, b in zip(
            reps[:, x].tolist(), reps[:, y].tolist(), strict=True)])
            for x, y in ((0, 1), (0, 2), (1, 2))]
        self.size: Arr = hc.size.astype(dtype)

    def apply(self, r: Arr) -> Arr:
        """``r @ D.T`` for a batch of reach rows ``r`` (shape ``(G, 1755)``).

        The sums are formed transposed, ``(548, G)``, so that the six gathers take whole
        contiguous rows (gathering columns cost more than the product; 40% less time).
        """
        st: Arr = self.stack_t.T @ r.T
        acc: Arr = st[self.cards[0]]
        acc += st[self.cards[1]]
        acc += st[self.cards[2]]
        for idx in self.pairs:
            acc -= st[idx]
        np.subtract(st[0][None, :], acc, out=acc)
        out: Arr = acc.T - r
        out *= self.size
        return out


@dataclass
class _Side:
    """Precomputed index arrays for one player's terminal values."""

    # both open
    oo_nodes: I64
    oo_a: F64
    oo_b: F64
    d_src: I64
    oo_dgroup: I64
    m_src: list[I64]
    oo_mgroup: I64        # index into the concatenated M results (-1 for folds)
    # i open, opponent blind
    ob_nodes: I64
    ob_src: I64
    ob_base: F64          # (n, C): a * M 1 + b * D 1
    # i blind
    bx_nodes: I64
    bx_src: I64
    bx_opp_blind: npt.NDArray[np.bool_]
    bx_coef: F64          # (n, 4) coefficients on the column sums of D, W, WT, W2T


class TerminalEvaluator:
    """Counterfactual values of player i at every terminal (see the module)."""

    def __init__(self, tree: Tree, hc: HandClasses, dtype: type = np.float64) -> None:
        self.tree = tree
        self.hc = hc
        self.dtype = dtype
        self.count = hc.count
        w, t = hc.win, hc.tie
        mats = [w, w + t, 2 * w + t]
        self.mats_t: list[Arr] = [np.ascontiguousarray(m.T, dtype=dtype) for m in mats]
        self.pair_sums = PairSums(hc, dtype)
        self.row_d = hc.disjoint.sum(axis=1)
        self.row_m = [m.sum(axis=1) for m in mats]
        # column sums (1^T M): a blind player's summed values are (1^T M) r
        self.cols = np.stack([hc.disjoint.sum(axis=0)] + [m.sum(axis=0) for m in mats], axis=1)
        self.terminals = np.flatnonzero(tree.kind != 0)
        self.sides = [self._side(i) for i in (0, 1)]
        self.cols_dt: Arr = self.cols.astype(dtype)
        self._coef = [self._coefficients(s) for s in self.sides]

    def _source(self, j: int) -> I64:
        """For every node, the node whose reach of player j is the same vector."""
        tree = self.tree
        src = np.zeros(tree.size, dtype=np.int64)
        for n in range(1, tree.size):
            p = int(tree.parent[n])
            src[n] = n if tree.actor[p] == j else src[p]
        return src

    def _side(self, i: int) -> _Side:
        tree = self.tree
        o = 1 - i
        src = self._source(o)
        z = self.terminals
        xi = tree.put[z, i].astype(np.float64)
        xo = tree.put[z, o].astype(np.float64)
        kind = tree.kind[z]
        loser = tree.loser[z]
        fold = kind == FOLD
        a = np.where(fold, 0.0, xi + xo)
        b = np.where(fold, np.where(loser == i, -xi, xo), -xi)
        mtype = np.where(fold, -1, np.where(loser == i, 0, 1))
        forced = kind == FORCED            # split ties: each takes half the pot
        a = np.where(forced, (xi + xo) / 2, a)
        mtype = np.where(forced, 2, mtype)
        a /= self.hc.deals
        b /= self.hc.deals
        ib = tree.blind[z, i]
        ob = tree.blind[z, o]
        oo = ~ib & ~ob
        d_src, dgroup = np.unique(src[z[oo]], return_inverse=True)
        m_src: list[I64] = []
        mgroup = np.full(int(oo.sum()), -1, dtype=np.int64)
        offset = 0
        mt_oo = mtype[oo]
        zsrc = src[z[oo]]
        for m in range(3):
            sel = mt_oo == m
            u, inv = np.unique(zsrc[sel], return_inverse=True)
            m_src.append(u)
            mgroup[sel] = inv + offset
            offset += len(u)
        sel_ob = ~ib & ob
        base = np.zeros((int(sel_ob.sum()), self.count))
        for k, zi in enumerate(np.flatnonzero(sel_ob)):
            row = b[zi] * self.row_d
            if mtype[zi] >= 0:
                row = row + a[zi] * self.row_m[int(mtype[zi])]
            base[k] = row
        coef = np.zeros((int(ib.sum()), 4))
        for k, zi in enumerate(np.flatnonzero(ib)):
            coef[k, 0] = b[zi]
            if mtype[zi] >= 0:
                coef[k, 1 + int(mtype[zi])] = a[zi]
        # the terminals with a showdown product first, so that they are one slice
        order = np.argsort(mgroup < 0, kind="stable")
        return _Side(z[oo][order], a[oo][order], b[oo][order], d_src,
                     dgroup.astype(np.int64)[order], m_src, mgroup[order],
                     z[sel_ob], src[z[sel_ob]], base,
                     z[ib], src[z[ib]], ob[ib], coef)

    def _coefficients(self, s: _Side) -> tuple[Arr, Arr, int, Arr, Arr, I64]:
        """The side's coefficients in the working dtype, and the flat source rows."""
        dt = self.dtype
        n_m = int((s.oo_mgroup >= 0).sum())
        m_rows = np.concatenate([src for src in s.m_src]) if s.m_src else \
            np.zeros(0, dtype=np.int64)
        return (s.oo_b[:, None].astype(dt), s.oo_a[:n_m, None].astype(dt), n_m,
                s.ob_base.astype(dt), (s.bx_coef / self.count).astype(dt), m_rows)

    def product_rows(self, i: int) -> int:
        """Reach rows multiplied by a dense 1,755 x 1,755 matrix per pass for player i."""
        return sum(len(s) for s in self.sides[i].m_src)

    def values(self, i: int, opp_reach: Arr) -> F64:
        """Player i's values at the terminals, rows in the order of ``self.terminals``...

        Returned as an ``(N, C)`` array over all nodes (zero at decision nodes); ``opp_reach``
        is the opponent's reach at every node, shape ``(N, C)``.
        """
        out = np.zeros((self.tree.size + 1, self.count))
        self.fill(i, opp_reach, out)
        return out

    def fill(self, i: int, opp_reach: Arr, out: Arr) -> None:
        """Write player i's terminal values into the rows of ``out``.

        ``opp_reach`` and ``out`` should have the evaluator's dtype (others are converted).
        """
        s = self.sides[i]
        b_dt, a_dt, n_m, ob_base, bx_coef, m_rows = self._coef[i]
        dt = self.dtype
        if len(s.oo_nodes):
            dr = self.pair_sums.apply(np.asarray(opp_reach[s.d_src], dtype=dt))
            vals = dr[s.oo_dgroup]
            vals *= b_dt
            if n_m:
                parts = []
                start = 0
                for m, src in enumerate(s.m_src):
                    if len(src):
                        rows: Arr = np.asarray(opp_reach[m_rows[start:start + len(src)]], dtype=dt)
                        parts.append(rows @ self.mats_t[m])
                        start += len(src)
                mr = parts[0] if len(parts) == 1 else np.concatenate(parts)
                add = mr[s.oo_mgroup[:n_m]]
                add *= a_dt
                vals[:n_m] += add
            out[s.oo_nodes] = vals
        if len(s.ob_nodes):
            out[s.ob_nodes] = opp_reach[s.ob_src, :1] * ob_base
        if len(s.bx_nodes):
            r: Arr = np.asarray(opp_reach[s.bx_src], dtype=dt)
            sums = r @ self.cols_dt                      # (n, 4)
            sums *= bx_coef
            out[s.bx_nodes] = sums.sum(axis=1)[:, None]
