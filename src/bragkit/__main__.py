"""``python -m bragkit`` runs the ``brag`` command line."""

from bragkit.cli import main

main()
