"""The progress chart: the same shapes as SVG and PDF, readable with 0, 1 and many games."""

from __future__ import annotations

import io
import itertools
import shutil
import subprocess
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import cast

import pytest
from fpdf import FPDF
from PIL import Image
from pypdf import PdfReader

from titan_campaign.printing.canvas import PT, text_width
from titan_campaign.printing.progress_chart import (
    ChartLine,
    ChartMark,
    ChartText,
    Shape,
    chart_shapes,
    draw_progress_pdf,
    nice_step,
    progress_svg,
)
from titan_campaign.rules.events import AbilityBought, GameOutcome, GameRecorded
from titan_campaign.rules.progress import ProgressRow, progress
from titan_campaign.rules.titan import TitanLog

CHROMIUM = next(
    (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
)
SVG = "{http://www.w3.org/2000/svg}"


def season(games: int) -> list[ProgressRow]:
    """Rows of a Titan that earns 150 XP a game and spends 100 after each."""
    return [
        ProgressRow(n, f"2026-01-{n % 28 + 1:02d}", 150, 150 * n, 100 * n, n // 2, n // 2)
        for n in range(1, games + 1)
    ]


def texts(shapes: Sequence[Shape]) -> list[str]:
    return [shape.text for shape in shapes if isinstance(shape, ChartText)]


def test_the_chart_has_a_title_a_legend_both_scales_and_a_game_number_under_each_game() -> None:
    shapes = chart_shapes(season(5), "Thorn's progress")
    words = texts(shapes)
    assert words[0] == "Thorn's progress"
    assert {"XP earned", "XP spent", "Level (right scale)", "XP", "Game"} <= set(words)
    assert {"1", "2", "3", "4", "5"} <= set(words)
    assert "800" in words  # XP scale: 750 spent at most, rounded up to a step of 200
    lines = [s for s in shapes if isinstance(s, ChartLine)]
    series = {line.colour for line in lines if line.width > 2}
    assert len(series) == 3  # earned, spent and level each have their own line


def test_a_chart_of_no_game_says_so_and_draws_no_series() -> None:
    shapes = chart_shapes([], "Thorn's progress")
    assert "No games recorded yet: the chart starts after the first game." in texts(shapes)
    assert len([s for s in shapes if isinstance(s, ChartMark)]) == 3  # the legend's marks only


def test_a_chart_of_one_game_draws_its_points_and_says_the_lines_start_later() -> None:
    shapes = chart_shapes(season(1), "Thorn's progress")
    words = texts(shapes)
    assert words[words.index("One game so far:") + 1] == "lines start with a second game."
    assert len([s for s in shapes if isinstance(s, ChartMark)]) == 3 + 3


def test_the_one_game_note_stays_clear_of_the_games_marks() -> None:
    """The earned XP mark (190 of a scale of 200) sat on the note's "s" of "start"."""
    row = ProgressRow(1, "2026-01-01", 190, 190, 200, 1, 1)
    shapes = chart_shapes([row], "Osk's progress")
    marks = [s for s in shapes if isinstance(s, ChartMark)][3:]  # the legend's come first
    notes = [s for s in shapes if isinstance(s, ChartText) and "game" in s.text and s.size < 11]
    assert len(notes) == 2
    for note in notes:
        end = note.x + text_width(note.text, note.size) / PT  # a chart unit as a point
        for mark in marks:
            assert end < mark.x - mark.size or abs(note.y - mark.y) > 12, (note, mark)


def test_the_level_line_never_lies_on_the_xp_spent_line() -> None:
    """With 200 XP spent and level 1, both scales topped at the same height: the level line
    hid the XP spent line, though the legend listed it."""
    rows = [ProgressRow(n, "2026-01-01", 50, 50 * n, 200, 1, 1) for n in (1, 2, 3)]
    shapes = chart_shapes(rows, "Fox's progress")
    marks = [s for s in shapes if isinstance(s, ChartMark)][3:]
    spent = [m.y for m in marks if m.shape == "square"]
    level = [m.y for m in marks if m.shape == "diamond"]
    assert all(abs(a - b) > 20 for a, b in zip(spent, level, strict=True)), (spent, level)


def test_a_titan_that_stays_level_1_has_its_level_line_inside_the_plot_as_in_the_app() -> None:
    """Mira of the example campaign, level 1 after both games: the level scale went 0 to 1,
    so her level line lay on the plot's top edge, over the top XP grid line. The scale goes
    to 4 at least, as the app's chart does."""
    rows = [ProgressRow(1, "2026-09-12", 104, 104, 200, 1, 1)]
    rows.append(ProgressRow(2, "2026-10-03", 180, 284, 200, 1, 1))
    shapes = chart_shapes(rows, "Mira's progress")
    top = min(s.y1 for s in shapes if isinstance(s, ChartLine) and s.colour == "#d0d0d0")
    level = [m.y for m in shapes if isinstance(m, ChartMark) and m.shape == "diamond"][1:]
    assert all(y > top + 40 for y in level), (top, level)
    assert "4" in texts(shapes)  # the right scale's top, as level_scale_top says


def test_game_numbers_of_a_long_campaign_do_not_overlap() -> None:
    shapes = chart_shapes(season(60), "A long campaign")
    numbers = [
        s for s in shapes if isinstance(s, ChartText) and s.text.isdigit() and s.anchor == "middle"
    ]
    xs = sorted(s.x for s in numbers)
    assert len(xs) < 60
    assert min(b - a for a, b in itertools.pairwise(xs)) >= 30
    assert numbers[-1].text == "60"


def imported(past: int, here: int) -> list[ProgressRow]:
    """Rows of a Titan brought in from The Iron Crown with ``past`` games played there, then
    ``here`` games in this campaign: both numbered from 1."""
    return [
        replace(row, played_in="The Iron Crown") if n < past else replace(row, game=n - past + 1)
        for n, row in enumerate(season(past + here))
    ]


def text_box(shape: ChartText) -> tuple[float, float, float, float]:
    """Left, top, right and bottom of a chart text (its descenders included)."""
    wide = text_width(shape.text, shape.size) / PT
    left = {"start": shape.x, "middle": shape.x - wide / 2, "end": shape.x - wide}[shape.anchor]
    return left, shape.y - 0.8 * shape.size, left + wide, shape.y + 0.25 * shape.size


@pytest.mark.parametrize(
    ("past", "here", "width", "height"),
    [(4, 1, 640.0, 360.0), (4, 1, 186.0, 105.0), (20, 1, 640.0, 360.0), (1, 12, 186.0, 105.0)],
)
def test_an_imported_titans_games_of_another_campaign_are_named_and_set_apart_on_the_axis(
    past: int, here: int, width: float, height: float
) -> None:
    """Games "1 2 3 4 1" told apart as the table does: a divider between the campaigns' games
    and over each the words "played in The Iron Crown" / "played in this campaign" (shortened
    to fit its own games, never over the other campaign's), as large as the game numbers and
    clear of every other word, at the sheet's size too."""
    shapes = chart_shapes(imported(past, here), "Thorn: XP and level by game", width, height)
    words = [s for s in shapes if isinstance(s, ChartText)]
    number = next(s for s in words if s.text == "1" and s.anchor == "middle")
    named = [s for s in words if s.y < number.y and s.size == number.size and s not in [number]]
    named = [s for s in named if "Iron" in s.text or "this" in s.text]
    assert named, "no campaign named over its games"
    if (past, here) == (4, 1) and width > 600:
        assert named[0].text == "played in The Iron Crown"
    if (past, here) == (1, 12):
        assert named[-1].text == "played in this campaign"
    ticks = sorted(
        s.x1
        for s in shapes
        if isinstance(s, ChartLine) and s.x1 == s.x2 and s.y1 > height / 2 and not s.dash
    )
    dividers = [s for s in shapes if isinstance(s, ChartLine) and s.x1 == s.x2 and s.dash]
    assert len(dividers) == 1 and ticks[past - 1] < dividers[0].x1 < ticks[past]
    for label in named:  # over its own campaign's games only
        left, _, right, _ = text_box(label)
        if "Iron" in label.text:
            assert right <= dividers[0].x1, label.text
        else:
            assert left >= dividers[0].x1, label.text
    for a, b in itertools.combinations(words, 2):
        (al, at, ar, ab), (bl, bt, br, bb) = text_box(a), text_box(b)
        assert ar <= bl or br <= al or ab <= bt or bb <= at, (a.text, b.text)
    assert all(0 <= text_box(s)[0] and text_box(s)[2] <= width for s in named)


def test_a_titan_of_one_campaign_has_no_divider_and_no_campaign_names() -> None:
    shapes = chart_shapes(season(5), "Thorn's progress")
    assert not any(s.startswith("played in") for s in texts(shapes))
    assert not any(isinstance(s, ChartLine) and s.x1 == s.x2 and s.dash for s in shapes)


@pytest.mark.parametrize(
    ("largest", "step"), [(0, 1), (7, 2), (100, 20), (1234, 500), (9999, 2000)]
)
def test_scale_steps_are_round_numbers(largest: int, step: int) -> None:
    assert nice_step(largest) == step


def test_the_svg_is_a_document_with_its_title_and_escaped_names() -> None:
    log = TitanLog.create("Thorn", "Ann", 200)
    for event in (
        GameRecorded(game=1, date="2026-11-01", outcome=GameOutcome(result="won")),
        AbilityBought(ability="power"),
        GameRecorded(game=2, date="2026-11-08", outcome=GameOutcome(result="lost")),
    ):
        log, _ = log.do(event)
    svg = progress_svg(progress(log.events), "Thorn & <Ann>")
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 640 360"
    title = root.find(f"{SVG}title")
    assert title is not None and title.text == "Thorn & <Ann>"
    assert len(root.findall(f"{SVG}line")) > 10


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")
@pytest.mark.parametrize("games", [0, 1, 12])
def test_chromium_draws_the_svg_chart_with_ink_in_each_series_colour(
    tmp_path: Path, games: int
) -> None:
    svg = tmp_path / "chart.svg"
    png = tmp_path / "chart.png"
    svg.write_text(progress_svg(season(games), "Thorn's progress"), encoding="utf-8")
    assert CHROMIUM is not None
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    command += ["--window-size=640,360", f"--screenshot={png}", svg.as_uri()]
    subprocess.run(command, check=True, capture_output=True, timeout=90)
    image = Image.open(png).convert("RGB")
    colours = cast(list[tuple[int, tuple[int, int, int]]], image.getcolors(640 * 360) or [])
    inked = sum(count for count, (r, g, b) in colours if r + g + b < 600)
    assert inked > 0.01 * 640 * 360  # not blank: axes, grid, text
    blue = sum(count for count, (r, g, b) in colours if b > 140 and r < 80)
    assert blue > 20  # the earned series, at least in the legend


def test_the_pdf_chart_draws_the_same_words_in_a_box_of_the_page() -> None:
    pdf = FPDF(unit="mm")
    pdf.add_page()
    draw_progress_pdf(pdf, season(8), 10, 20, 190, 107, "Thorn's progress")
    draw_progress_pdf(pdf, [], 10, 150, 190, 107, "Łukasz's progress")  # the font is kept
    reader = PdfReader(io.BytesIO(bytes(pdf.output())))
    words = reader.pages[0].extract_text()
    for word in ("Thorn's progress", "XP earned", "Level (right scale)", "8", "Łukasz", "No games"):
        assert word in words


LONGEST_NAME = "Aelfwynn Thunderhoof-Blackwater the Unconquered of Stormhold"  # 60 letters


@pytest.mark.parametrize(("width", "height"), [(640.0, 360.0), (186.0, 90.0)])
def test_the_title_of_a_titan_with_the_longest_name_fits_the_chart(
    width: float, height: float
) -> None:
    """Set smaller, then shortened with "…", the title stays inside the chart (it ran off
    both sides of the SVG and past the margins of the PDF page): as an SVG of 640 by 360,
    and drawn on a page in millimetres."""
    for title in (f"{LONGEST_NAME}: XP and level by game", "W" * 60 + ": progress game by game"):
        shape = chart_shapes(season(3), title, width, height)[0]  # the title comes first
        assert isinstance(shape, ChartText) and shape.bold
        wide = text_width(shape.text, shape.size, bold=True) / PT
        assert shape.x - wide / 2 >= 0 and shape.x + wide / 2 <= width, (shape.text, wide)
        assert shape.text.startswith(title[:20])


def test_the_svg_chart_carries_the_font_of_a_chinese_name() -> None:
    """A Titan named in Chinese: the chart embeds the letters it draws, as the sheet does
    (it named fonts a computer may not have, and drew empty boxes)."""
    svg = progress_svg(season(2), "王小明: progress game by game")
    assert "@font-face" in svg and "Noto Sans SC Embedded" in svg


def test_marks_of_one_height_are_drawn_apart() -> None:
    """One game, 100 XP earned and level 1 (on a scale to 2): the XP earned dot lay wholly
    under the level diamond, and only two marks showed for three series."""
    shapes = chart_shapes([ProgressRow(1, "2026-01-01", 100, 100, 200, 1, 1)], "Uno's progress")
    marks = [s for s in shapes if isinstance(s, ChartMark)][3:]
    for one, other in itertools.combinations(marks, 2):
        assert abs(one.x - other.x) + abs(one.y - other.y) >= one.size, (one, other)
