"""Game state machines: one module per game (Modern Brag, Casino Brag, ...)."""
