"""axe-core in a page: its serious and critical violations.

axe-core (axe_playwright_python's ``axe.min.js``, about 560 KB) is injected once per
document: ``Axe.run`` evaluates the whole script before every run, and the catalog runs it
about 90 times on each of its two reused pages (half of an axe test's time went to parsing
it again).  A page that navigates gets a new document, hence a new injection.
"""

from __future__ import annotations

import json
from typing import Any

from axe_playwright_python.base import AXE_SCRIPT
from playwright.sync_api import Page

_OPTIONS = json.dumps({"resultTypes": ["violations"]})  # axe_playwright_python's default
_LOADED = "typeof window.axe === 'object' && typeof window.axe.run === 'function'"


def axe_violations(pg: Page, context: str | None = None) -> list[dict[str, Any]]:
    """axe-core's violations in ``pg`` (within the CSS selector ``context`` when given)."""
    if not pg.evaluate(_LOADED):
        pg.evaluate(AXE_SCRIPT)
    args = f"{json.dumps(context)}, {_OPTIONS}" if context else _OPTIONS
    found: list[dict[str, Any]] = pg.evaluate(f"axe.run({args}).then(r => r.violations)")
    return found


def serious(pg: Page, context: str | None = None) -> list[tuple[str, str, list[Any]]]:
    """The serious and critical violations: rule id, impact and the first three targets."""
    return [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
            for v in axe_violations(pg, context) if v["impact"] in ("serious", "critical")]
