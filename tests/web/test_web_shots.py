"""tests/web/shots.py: the numpy pre-check never accepts what pixelmatch would refuse."""

from __future__ import annotations

from PIL import Image, ImageDraw

from tests.web.shots import GOLDEN, candidate_share, differing_share


def test_candidate_share_bounds_pixelmatch_and_counts_a_solid_change_alike() -> None:
    # a crop of a real golden (pixelmatch is slow on whole screenshots)
    old = Image.open(GOLDEN / "see-on-offer-desktop.png").convert("RGBA").crop((0, 600, 320,
                                                                                 800))
    assert candidate_share(old, old.copy()) == 0
    block = old.copy()
    ImageDraw.Draw(block).rectangle((20, 100, 180, 160), fill=(11, 93, 138, 255))
    text = old.copy()
    ImageDraw.Draw(text).text((30, 20), "raise 4 fold see", fill=(0, 0, 0, 255))
    faint = old.copy()
    faint.putalpha(200)  # blended with white, as pixelmatch does
    for new in (block, text, faint):
        exact = differing_share(old, new)[0]
        assert exact <= candidate_share(old, new)
    # away from edges no pixel is anti-aliasing: the two counts agree
    inner = old.copy()
    ImageDraw.Draw(inner).rectangle((40, 110, 60, 130), fill=(250, 0, 0, 255))
    assert candidate_share(old, inner) > 0
    assert abs(candidate_share(old, inner) - differing_share(old, inner)[0]) < 0.002
