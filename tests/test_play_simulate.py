"""``brag simulate`` explains its figures, and its plot has a title, axis labels and a band."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bragkit.cli import _register, cli
from bragkit.cli.simulate_cmd import band95, notes

_register()


def test_text_output_says_why_hands_are_below_n_and_what_chips_left_are() -> None:
    result = CliRunner().invoke(cli, ["simulate", "-n", "600", "--seed", "1", "--no-progress"])
    assert result.exit_code == 0, result.output
    data = json.loads(CliRunner().invoke(cli, ["simulate", "-n", "600", "--seed", "1",
                                               "--json"]).output)
    # this seed has both: a seat sat deals out, and pots were carried when blocks ended
    assert min(b["hands"] for b in data["bots"]) < 600 and data["pot"] > 0
    text = " ".join(result.output.split())
    assert "A bot below 600 sat deals out: a seat that cannot pay its ante is not dealt in" \
        in text
    assert f"chips left on the table: {data['pot']} chips in pots still carried when a " \
           "block of 100 deals ended" in text
    assert sum(b["net"] for b in data["bots"]) == -data["pot"]


def test_notes_only_when_needed() -> None:
    full = {"hands": 50, "pot": 0, "bots": [{"hands": 50}, {"hands": 50}]}
    assert notes(full, 10) == []
    short = {"hands": 50, "pot": 3, "bots": [{"hands": 49}, {"hands": 50}]}
    assert [line.split(":")[0] for line in notes(short, 10)] == ["hands",
                                                                  "chips left on the table"]


def test_help_explains_hands_and_chips_left() -> None:
    text = " ".join(CliRunner().invoke(cli, ["simulate", "--help"]).output.split())
    assert "below -n when it sat deals out" in text
    assert '"Chips left on the table" are the pots still carried' in text
    assert "95% band" in text


def test_band95_widens_with_the_square_root_of_the_hands() -> None:
    nets = [3, -1] * 50
    low, high = band95(nets)
    assert len(low) == len(high) == 100
    mean = sum(nets) / len(nets)
    half_1, half_100 = (high[0] - low[0]) / 2, (high[99] - low[99]) / 2
    assert half_100 == pytest.approx(10 * half_1)
    assert (high[99] + low[99]) / 2 == pytest.approx(100 * mean)
    assert band95([]) == ([], [])


def test_plot_has_title_axis_labels_and_a_band(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    seen: dict[str, object] = {}
    real_close = plt.close

    def keep(fig: Figure) -> None:  # inspect the figure before it is closed
        ax = fig.axes[0]
        seen["title"] = ax.get_title()
        seen["x"], seen["y"] = ax.get_xlabel(), ax.get_ylabel()
        seen["bands"] = len(ax.collections)
        seen["lines"] = [line.get_label() for line in ax.get_lines()]
        real_close(fig)

    monkeypatch.setattr(plt, "close", keep)
    out = tmp_path / "duel.png"
    result = CliRunner().invoke(cli, ["simulate", "--bots", "heuristic,random", "-n", "300",
                                      "--seed", "3", "--plot", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "cumulative chips" in str(seen["title"]) and "300 hands" in str(seen["title"])
    assert seen["x"] == "hands played" and "cumulative chips" in str(seen["y"])
    assert seen["bands"] == 2  # one shaded 95% band per bot
    labels = [label for label in seen["lines"] if not str(label).startswith("_")]
    assert labels[0].startswith("1: heuristic, ") and "95% CI" in labels[0]
