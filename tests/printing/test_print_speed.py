"""What keeps printouts quick (bench/bench_cli.py measures them): text measured from the font's
own tables exactly as fpdf2 measures it, no PDF library loaded for an HTML printout, and each
cut-down font kept in the user's cache folder for the next printout of the same letters."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from fpdf import FPDF

from titan_campaign.printing import fonts
from titan_campaign.printing.canvas import FONT, register_fonts, text_width

SAMPLES = ["Thorn", "Ζεύς Ἀθηνᾶ", "Жар-птица", "שלום Thorn 12", "مرحبا بالعالم", "1 234,5 …", ""]


@pytest.mark.parametrize("text", SAMPLES)
@pytest.mark.parametrize(("bold", "italic"), [(False, False), (True, False), (False, True)])
def test_text_is_measured_as_fpdf2_measures_it(text: str, bold: bool, italic: bool) -> None:
    meter = FPDF(unit="mm")
    register_fonts(meter)
    style = "B" if bold else "I" if italic else ""
    for size in (7.0, 8.5, 11.25, 22.0):
        meter.set_font(FONT, style, size)
        if all(fonts.in_shipped_font(char) for char in text):
            assert text_width(text, size, bold, italic) == meter.get_string_width(text)


def test_an_html_printout_loads_no_pdf_library(tmp_path: Path) -> None:
    probe = (
        "import sys\n"
        "from titan_campaign.printing.render import render\n"
        "page = render('blank', 'html')\n"
        "assert page.startswith('<!DOCTYPE html>')\n"
        "print('fpdf' in sys.modules)\n"
    )
    env = {"XDG_CACHE_HOME": str(tmp_path), "PATH": ""}
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    assert result.stdout.strip() == "False"


def test_a_cut_down_font_is_kept_and_read_back_from_the_cache_folder(tmp_path: Path) -> None:
    built: list[frozenset[str]] = []

    def cut(letters: frozenset[str]) -> bytes:
        built.append(letters)
        return fonts._shipped_subset(fonts.font_path("B"), letters)

    path = fonts.font_path("B")
    first = fonts._cached_subset(path, frozenset("Thorn"), "web", lambda: cut(frozenset("Thorn")))
    again = fonts._cached_subset(path, frozenset("Thorn"), "web", lambda: cut(frozenset("Thorn")))
    other = fonts._cached_subset(path, frozenset("Thor"), "web", lambda: cut(frozenset("Thor")))
    assert first == again and first != other
    assert built == [frozenset("Thorn"), frozenset("Thor")]  # the second one came from the cache
    assert len(list(fonts.cache_folder().glob("*.ttf"))) == 2
    assert not list(fonts.cache_folder().glob("*.part"))


def test_a_cache_folder_that_cannot_be_written_still_gives_the_font(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    path = fonts.font_path("")
    font = fonts._cached_subset(path, frozenset("Ab"), "web", lambda: b"font data")
    assert font == b"font data"
    assert blocked.read_text() == "a file where the cache folder would go"


def test_the_cache_folder_is_emptied_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "CACHE_LIMIT", 3)
    path = fonts.font_path("")
    for letters in ("a", "b", "c", "d"):
        fonts._cached_subset(path, frozenset(letters), "web", lambda: b"font")
    assert len(list(fonts.cache_folder().glob("*.ttf"))) == 1
