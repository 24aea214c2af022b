"""``brag compare`` and ``brag odds`` (being written)."""
