"""``python -m bragkit.testing``: run the conformance checkers over every preset.

    .venv/bin/python -m bragkit.testing                      # every preset, 2,000 hands each
    .venv/bin/python -m bragkit.testing --hands 10000 --players 6 modern teen-patti casino
    .venv/bin/python -m bragkit.testing --set ante=2 --stack 50 modern modern-cover

The default list is every preset of :data:`bragkit.rules.PRESETS` and every casino preset
(:func:`bragkit.testing.preset_names`).  A broken invariant prints one line and exits 1; a
user error (an unknown preset, rules under which no deal can start) prints one line and
exits 2.
"""

from __future__ import annotations

import argparse
import sys
import time

from bragkit.errors import BragError
from bragkit.rules.options import parse_setting
from bragkit.testing.conformance import ConformanceError
from bragkit.testing.run import check_preset, known_preset, preset_names


def main(argv: list[str] | None = None) -> int:
    """Parse the arguments and run the checkers; the exit status (0 ok, 1 broken, 2 error)."""
    parser = argparse.ArgumentParser(prog="python -m bragkit.testing",
                                     description="Random legal play with invariant checks.")
    parser.add_argument("presets", nargs="*",
                        help="preset names (default: every preset, casino included)")
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--stack", type=int, default=200)
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the random play (default: a fresh one, named in a failure)")
    parser.add_argument("--set", dest="settings", action="append", default=[],
                        metavar="KEY=VALUE", help="a house rule for every preset (repeatable)")
    args = parser.parse_args(argv)
    names = args.presets or preset_names()
    try:
        for name in names:
            known_preset(name)
        settings = dict(parse_setting(text) for text in args.settings)
    except BragError as error:
        print(f"python -m bragkit.testing: {error}", file=sys.stderr)
        return 2
    for name in names:
        start = time.perf_counter()
        try:
            report = check_preset(name, hands=args.hands, players=args.players,
                                  seed=args.seed, stack=args.stack, settings=settings)
        except ConformanceError as error:
            print(f"{name}: BROKEN: {error}", file=sys.stderr)
            return 1
        except BragError as error:
            print(f"python -m bragkit.testing: {name}: {error}", file=sys.stderr)
            return 2
        print(f"{name:26} {report.hands:6} hands {report.decisions:7} decisions "
              f"{report.illegal_probes:8} illegal probes {report.showdowns:5} showdowns "
              f"{report.carried:5} carried  {time.perf_counter() - start:5.1f}s  ok",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
