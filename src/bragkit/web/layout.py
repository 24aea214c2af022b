"""The HTML frame every page shares: escaping, the page head (no CDN, no web font), the
top navigation.  Pages are plain Python string templates; every value is escaped here.

>>> esc('<b class="x">')
'&lt;b class=&quot;x&quot;&gt;'
>>> "<title>Rules – bragkit</title>" in page("Rules", "<p>x</p>")
True
"""

from __future__ import annotations

import html

__all__ = ["FAVICON", "FAVICON_TURN", "esc", "page"]

FAVICON = "/static/favicon.svg"
FAVICON_TURN = "/static/favicon-turn.svg"


def esc(text: object) -> str:
    """``text`` escaped for HTML text and attribute values."""
    return html.escape(str(text), quote=True)


def page(title: str, body: str, *, script: str = "", nav: bool = True,
         body_class: str = "") -> str:
    """A whole HTML document: ``body`` is trusted HTML (built with :func:`esc`), ``script``
    the path of an ES module to load, if any."""
    nav_html = ("<nav class=\"topnav\" aria-label=\"site\"><a href=\"/\">New table</a>"
                "<a href=\"/lobby\">Your tables</a><a href=\"/casino\">Casino</a>"
                "<a href=\"/rules\">Rules</a></nav>"
                if nav else "")
    js = f'<script type="module" src="{esc(script)}"></script>' if script else ""
    cls = f' class="{esc(body_class)}"' if body_class else ""
    return (
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1, "
        "viewport-fit=cover\">"
        f"<title>{esc(title)} – bragkit</title>"
        f"<link rel=\"icon\" href=\"{FAVICON}\" data-idle=\"{FAVICON}\" "
        f"data-turn=\"{FAVICON_TURN}\">"
        "<link rel=\"stylesheet\" href=\"/static/style.css\">"
        f"{js}</head><body{cls}>{nav_html}{body}</body></html>"
    )
