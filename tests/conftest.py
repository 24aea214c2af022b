"""Test-wide settings: no test writes hand histories into the user's data directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _histories_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point ``brag play`` / ``brag casino play``'s default history folder at a temp dir."""
    monkeypatch.setenv("BRAG_HISTORY_DIR", str(tmp_path / "histories"))
