"""``python -m bragkit.testing``: run the conformance checker over brag-style presets.

    .venv/bin/python -m bragkit.testing                      # every preset, 2,000 hands each
    .venv/bin/python -m bragkit.testing --hands 10000 --players 6 modern teen-patti
"""

from __future__ import annotations

import argparse
import time

from bragkit.engine.family import FAMILIES
from bragkit.rules import PRESETS, get_preset
from bragkit.testing.conformance import check_conformance


def main() -> None:
    """Parse the arguments and run the checker; exits non-zero on the first failure."""
    parser = argparse.ArgumentParser(prog="python -m bragkit.testing",
                                     description="Random legal play with invariant checks.")
    parser.add_argument("presets", nargs="*", help="preset names (default: every brag preset)")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    names = args.presets or [n for n, r in PRESETS.items() if r.game in FAMILIES]
    for name in names:
        start = time.perf_counter()
        report = check_conformance(get_preset(name), hands=args.hands, players=args.players,
                                   seed=args.seed)
        print(f"{name:24} {report.hands:6} hands {report.decisions:7} decisions "
              f"{report.illegal_probes:8} illegal probes {report.showdowns:5} showdowns "
              f"{report.carried:5} carried  {time.perf_counter() - start:5.1f}s  ok")


if __name__ == "__main__":
    main()
