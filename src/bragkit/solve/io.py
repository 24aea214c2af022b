"""Saving and loading a solved strategy: one ``.npz`` file with JSON metadata inside.

The file holds the average strategy (``open`` per hand class, ``blind`` one row per blind
decision) and ``meta``: a JSON text with the game parameters, the tree's shape digest,
the solver's figures and a SHA-256 of the arrays, checked on load.  ``precision="uint8"``
stores open probabilities in 1/255 steps (the shipped bot file; rows are renormalised on
load) -- float16 is the default.

>>> import tempfile, pathlib
>>> from bragkit.solve import GameSpec, Solver
>>> s = Solver(GameSpec.hu_brag_s12(stack=4)); s.run(5)
>>> path = pathlib.Path(tempfile.mkdtemp()) / "s4.npz"
>>> meta = save_strategy(s, path)
>>> strategy, loaded = load_strategy(path)
>>> loaded["game"]["stack"], loaded["iterations"]
(4, 5)
"""

from __future__ import annotations

import hashlib
import json
import os
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from bragkit.errors import BragError, RulesError
from bragkit.solve.cfr import Evaluation, Strategy
from bragkit.solve.tree import GameSpec, build_tree

if TYPE_CHECKING:
    from bragkit.solve.cfr import Solver

__all__ = ["FORMAT", "SolveFileError", "load_strategy", "save_strategy"]

FORMAT = "bragkit-solve/1"
"""The format name written into every strategy file."""



class SolveFileError(BragError):
    """A strategy file that cannot be read, or does not fit its game."""


def _digest(*arrays: npt.NDArray[np.generic]) -> str:
    h = hashlib.sha256()
    for a in arrays:
        h.update(np.ascontiguousarray(a).tobytes())
    return h.hexdigest()


def save_strategy(solver: Solver, path: str | os.PathLike[str],
                  evaluation: Evaluation | None = None, precision: str = "float16"
                  ) -> dict[str, object]:
    """Write the solver's average strategy to ``path``; return the metadata written."""
    strategy = solver.average()
    if precision == "uint8":
        open_arr: npt.NDArray[np.generic] = np.round(strategy.open_probs * 255).astype(np.uint8)
    elif precision == "float16":
        open_arr = strategy.open_probs.astype(np.float16)
    else:
        raise RulesError(f"precision must be float16 or uint8, not {precision!r}")
    blind_arr = strategy.blind_probs.astype(np.float64)
    meta: dict[str, object] = {
        "format": FORMAT,
        "game": solver.spec.to_dict(),
        "game_hash": solver.spec.digest(),
        "tree_hash": solver.tree.structure_digest(),
        "nodes": solver.tree.size,
        "algorithm": solver.algorithm,
        "iterations": solver.iterations,
        "seconds": round(solver.seconds, 2),
        "precision": precision,
        "arrays_sha256": _digest(open_arr, blind_arr),
    }
    if evaluation is not None:
        meta["exploitability"] = evaluation.exploitability
        meta["value"] = evaluation.value
        meta["best_response"] = list(evaluation.best_response)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(target.name + ".tmp")
    with open(tmp, "wb") as fh:
        np.savez_compressed(fh, open=open_arr, blind=blind_arr,
                            meta=np.array(json.dumps(meta, sort_keys=True)))
    os.replace(tmp, target)
    return meta


def load_strategy(path: str | os.PathLike[str]) -> tuple[Strategy, dict[str, object]]:
    """Read a strategy file: the strategy (on its rebuilt tree) and its metadata."""
    try:
        with np.load(path, allow_pickle=False) as data:
            open_arr = data["open"]
            blind_arr = data["blind"]
            meta_obj = json.loads(str(data["meta"]))
    except FileNotFoundError:
        raise SolveFileError(f"no strategy file {os.fspath(path)!r}") from None
    except (OSError, KeyError, ValueError, zipfile.BadZipFile, EOFError) as error:
        raise SolveFileError(f"{os.fspath(path)!r} is not a bragkit strategy file "
                             f"({type(error).__name__})") from None
    if not isinstance(meta_obj, dict) or meta_obj.get("format") != FORMAT:
        raise SolveFileError(f"{os.fspath(path)!r} is not a {FORMAT} strategy file")
    meta: dict[str, object] = {str(k): v for k, v in meta_obj.items()}
    if _digest(open_arr, blind_arr) != meta.get("arrays_sha256"):
        raise SolveFileError(f"{os.fspath(path)!r}: the arrays do not match their hash")
    game = meta.get("game")
    if not isinstance(game, dict):  # the parameters, as written by save_strategy
        raise SolveFileError(f"{os.fspath(path)!r}: no game parameters")
    try:
        spec = GameSpec.from_dict({str(k): v for k, v in game.items()})
    except RulesError as error:
        raise SolveFileError(f"{os.fspath(path)!r}: {error}") from None
    if spec.digest() != meta.get("game_hash"):
        raise SolveFileError(f"{os.fspath(path)!r}: the game parameters do not match their hash")
    tree = build_tree(spec)
    if tree.structure_digest() != meta.get("tree_hash"):
        raise SolveFileError(f"{os.fspath(path)!r}: the game tree differs from this "
                             "version's; solve again")
    probs = open_arr.astype(np.float64)
    if meta.get("precision") == "uint8":
        probs /= 255.0
    sums = probs.sum(axis=1, keepdims=True)
    np.divide(probs, sums, out=probs, where=sums > 0)
    try:
        strategy = Strategy(tree, probs, blind_arr.astype(np.float64))
    except RulesError:
        raise SolveFileError(f"{os.fspath(path)!r}: the arrays do not fit the game") from None
    return strategy, meta
