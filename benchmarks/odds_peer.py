"""The peer of ``brag odds --cards 5 --json`` (bench_kernels.py): a plain numpy brute force.

Modern Brag categories (prial, running flush, run, flush, pair, high card; A-2-3 a run)
of every three-card id triple, classified with array operations; then every five-card
hand, best category of its ten three-card subsets.  Prints the counts as JSON.
"""

import itertools
import json
from math import comb

import numpy as np

NAMES = ["high_card", "pair", "flush", "run", "running_flush", "prial"]

ids = np.arange(52)
a, b, c = (x.ravel() for x in np.meshgrid(ids, ids, ids, indexing="ij"))
lo, mid, hi = np.sort(np.stack([a >> 2, b >> 2, c >> 2]), axis=0)
flush = ((a & 3) == (b & 3)) & ((b & 3) == (c & 3))
run = ((hi - mid == 1) & (mid - lo == 1)) | ((hi == 12) & (mid == 1) & (lo == 0))
distinct = (a != b) & (b != c) & (a != c)
category = np.select([lo == hi, run & flush, run, flush, (lo == mid) | (mid == hi)],
                     [5, 4, 3, 2, 1], 0).astype(np.int8)
category[~distinct] = -1

# every five-card hand of range(52), colex order: the k-subsets grow by their last card
rows = np.arange(52, dtype=np.int32).reshape(52, 1)
for size in range(2, 6):
    rows = np.vstack([np.hstack((rows[:comb(last, size - 1)],
                                 np.full((comb(last, size - 1), 1), last, dtype=np.int32)))
                      for last in range(size - 1, 52)])

best = np.full(len(rows), -1, dtype=np.int8)
for i, j, k in itertools.combinations(range(5), 3):
    np.maximum(best, category[rows[:, i] * 2704 + rows[:, j] * 52 + rows[:, k]], out=best)
counts = np.bincount(best, minlength=6)
print(json.dumps({name: int(counts[i]) for i, name in reversed(list(enumerate(NAMES)))}))
