"""The rules catalogue and the presets are safe to use first from several threads at once:
the first use loads the game registry once, and the others wait for it (the card room's
worker threads once read an empty preset list: "unknown preset 'modern'; known: ")."""

from __future__ import annotations

import subprocess
import sys

SCRIPT = """
import random, threading
import bragkit
from bragkit.engine.table import open_table
from bragkit.rules import get_preset
names = ["modern", "teen-patti", "commerce", "three-stake", "american", "brag-poker",
         "modern-4card", "foster"]
errors = []
barrier = threading.Barrier(len(names))
def play(name):
    barrier.wait()
    try:
        table = open_table(get_preset(name), [100] * 3, seed=2)
        rng = random.Random(1)
        for _ in range(200):
            legal = table.legal_actions()
            if table.to_act < 0 or not legal:
                break
            table.apply(rng.choice(legal).sample(rng))
    except Exception as error:
        errors.append(f"{name}: {error!r}")
threads = [threading.Thread(target=play, args=(name,)) for name in names]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
print(len(errors), errors[:2])
"""


def test_first_use_from_eight_threads_at_once_loads_every_game() -> None:
    for _ in range(2):  # a fresh process each time: the registry is loaded on first use
        done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                              timeout=120, check=True)
        assert done.stdout.strip() == "0 []", done.stdout + done.stderr
