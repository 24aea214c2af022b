"""Exact analysis: hand odds, equities and casino house edges.

Submodules are imported on demand (they use numpy); import them directly,
for example ``from bragkit.analysis.odds import category_counts``.
"""
