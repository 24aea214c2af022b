"""Screenshot goldens: compare a PNG with the stored one by pixelmatch with a tolerance.

Identical images are accepted at once (Pillow's difference box); only when pixels differ does
pixelmatch (pure Python, slow on big images) count the ones that differ beyond its colour
threshold, and the test fails above ``MAX_SHARE`` of the image.  ``BRAG_UPDATE_GOLDEN=1``
rewrites the stored PNGs; a missing golden is written (and the test skipped), except under
``CI=true`` where it is a failure.  Screenshots are kept as 48-colour PNGs (the same
quantization is applied before comparing), about 30 KB each.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pixelmatch.contrib.PIL import pixelmatch

GOLDEN = Path(__file__).parent / "golden"
MAX_SHARE = 0.004
"""At most 0.4% of the pixels may differ (font hinting, anti-aliasing)."""


def check_png(name: str, png: bytes) -> None:
    """Compare ``png`` with ``golden/NAME.png`` (see the module docstring)."""
    path = GOLDEN / f"{name}.png"
    small = Image.open(io.BytesIO(png)).convert("RGB").quantize(
        colors=48, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    new = small.convert("RGBA")
    if os.environ.get("BRAG_UPDATE_GOLDEN") == "1" or not path.exists():
        if not path.exists() and os.environ.get("CI") == "true":
            pytest.fail(f"no golden {path.name}: run BRAG_UPDATE_GOLDEN=1 pytest tests/web")
        GOLDEN.mkdir(exist_ok=True)
        small.save(path, optimize=True)
        if os.environ.get("BRAG_UPDATE_GOLDEN") != "1":
            pytest.skip(f"golden {path.name} written")
        return
    old = Image.open(path).convert("RGBA")
    if old.size != new.size:
        _keep(name, new)
        pytest.fail(f"{name}: size {new.size} differs from the golden's {old.size}")
    if candidate_share(old, new) <= MAX_SHARE:  # pixelmatch could count no more than these
        return
    share, diff = differing_share(old, new)
    if share > MAX_SHARE:
        _keep(name, new, diff)
        pytest.fail(f"{name}: {share:.2%} of the pixels differ from the golden "
                    f"(at most {MAX_SHARE:.1%}); see tests/web/golden/_failed/")


def candidate_share(old: Image.Image, new: Image.Image) -> float:
    """The share of pixels whose colour difference is above pixelmatch's threshold (0.1):
    pixelmatch's own YIQ formula in numpy (the same float64 operations), before its
    anti-aliasing check, which only takes pixels away -- an upper bound of
    :func:`differing_share`'s share, in about 0.15 CPU s where pixelmatch takes 3 s."""
    import numpy as np

    def yiq(image: Image.Image) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        rgba = np.asarray(image.convert("RGBA"), dtype=np.float64)
        alpha = rgba[..., 3:4] / 255  # blended with white, as pixelmatch does below 255
        rgb = np.where(alpha < 1, 255 + (rgba[..., :3] - 255) * alpha, rgba[..., :3])
        r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
        return (r * 0.29889531 + g * 0.58662247 + b * 0.11448223,
                r * 0.59597799 - g * 0.27417610 - b * 0.32180189,
                r * 0.21147017 - g * 0.52261711 + b * 0.31114694)

    (y1, i1, q1), (y2, i2, q2) = yiq(old), yiq(new)
    dy, di, dq = y1 - y2, i1 - i2, q1 - q2
    delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
    return int(np.count_nonzero(delta > 35215 * 0.1 * 0.1)) / delta.size


def differing_share(old: Image.Image, new: Image.Image) -> tuple[float, Image.Image | None]:
    """The share of pixels of ``new`` that differ from ``old`` beyond pixelmatch's colour
    threshold, and the diff image (``None`` when the images are identical)."""
    old, new = old.convert("RGBA"), new.convert("RGBA")
    box = ImageChops.difference(old.convert("RGB"), new.convert("RGB")).getbbox()
    if box is None:
        return 0.0, None
    # pixelmatch (pure Python) only where the images differ: the box of the differing pixels
    # and a margin for its anti-aliasing test, which looks at each pixel's neighbours
    m = 3
    box = (max(box[0] - m, 0), max(box[1] - m, 0), min(box[2] + m, new.size[0]),
           min(box[3] + m, new.size[1]))
    part = Image.new("RGBA", (box[2] - box[0], box[3] - box[1]))
    bad = pixelmatch(old.crop(box), new.crop(box), part, threshold=0.1)
    diff = new.copy()
    diff.paste(part, box[:2])
    return bad / (new.size[0] * new.size[1]), diff


def _keep(name: str, new: Image.Image, diff: Image.Image | None = None) -> None:
    out = GOLDEN / "_failed"
    out.mkdir(exist_ok=True)
    new.save(out / f"{name}.png")
    if diff is not None:
        diff.save(out / f"{name}.diff.png")
