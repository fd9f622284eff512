"""What keeps printouts quick (bench/bench_cli.py measures them): text measured from the font's
own tables exactly as fpdf2 measures it, no PDF library loaded for an HTML printout, and each
cut-down font kept in the user's cache folder for the next printout of the same letters."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from fpdf import FPDF

from titan_campaign.printing import font_cache, font_tools, fonts
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
        return font_tools.shipped_subset(fonts.font_path("B"), letters)

    path = fonts.font_path("B")
    first = font_cache.cached_subset(
        path, frozenset("Thorn"), "web", lambda: cut(frozenset("Thorn"))
    )
    again = font_cache.cached_subset(
        path, frozenset("Thorn"), "web", lambda: cut(frozenset("Thorn"))
    )
    other = font_cache.cached_subset(path, frozenset("Thor"), "web", lambda: cut(frozenset("Thor")))
    assert first == again and first != other
    assert built == [frozenset("Thorn"), frozenset("Thor")]  # the second one came from the cache
    assert len(list(font_cache.cache_folder().glob("*.ttf"))) == 2
    assert not list(font_cache.cache_folder().glob("*.part"))


def test_a_cache_folder_that_cannot_be_written_still_gives_the_font(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    path = fonts.font_path("")
    font = font_cache.cached_subset(path, frozenset("Ab"), "web", lambda: b"font data")
    assert font == b"font data"
    assert blocked.read_text() == "a file where the cache folder would go"


def test_the_cache_folder_is_emptied_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(font_cache, "CACHE_LIMIT", 3)
    path = fonts.font_path("")
    for letters in ("a", "b", "c", "d"):
        font_cache.cached_subset(path, frozenset(letters), "web", lambda: b"font")
    assert len(list(font_cache.cache_folder().glob("*.ttf"))) == 1


def _modules_loaded(script: str, cache: Path) -> set[str]:
    """The libraries a fresh process has loaded after running ``script`` (cache in ``cache``)."""
    probe = f"import sys\n{script}\nprint(' '.join(sorted(sys.modules)))\n"
    env = {"XDG_CACHE_HOME": str(cache), "PATH": ""}
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    return set(result.stdout.split())


SHEET_SCRIPT = (
    "from titan_campaign.rules.sheet import sheet_view\n"
    "from titan_campaign.rules.titan import TitanLog\n"
    "from titan_campaign.printing.render import render, printout_warnings\n"
    "data = sheet_view(TitanLog.create('Thorn', 'Ann', 200).state, 'Iron Crown')\n"
    "printout_warnings('sheet', data, '{fmt}')\n"
    "render('sheet', '{fmt}', data)\n"
)


def test_a_text_sheet_loads_no_font_library(tmp_path: Path) -> None:
    loaded = _modules_loaded(SHEET_SCRIPT.format(fmt="text"), tmp_path)
    assert "fontTools.ttLib" not in loaded and "fpdf" not in loaded


@pytest.mark.parametrize("fmt", ["html", "svg"])
def test_an_html_or_svg_sheet_printed_again_loads_no_font_library(tmp_path: Path, fmt: str) -> None:
    first = _modules_loaded(SHEET_SCRIPT.format(fmt=fmt), tmp_path)
    assert "fontTools.ttLib" in first  # the first printout cuts the fonts and reads their tables
    again = _modules_loaded(SHEET_SCRIPT.format(fmt=fmt), tmp_path)
    assert "fontTools.ttLib" not in again and "fpdf" not in again
    assert "urllib.request" not in again  # what xml.sax loads (ssl, email): escaping needs none


def test_font_facts_are_kept_by_the_font_files_content_not_its_time(tmp_path: Path) -> None:
    font = tmp_path / "font.ttf"
    font.write_bytes(fonts.font_path("").read_bytes())
    first = fonts.font_facts(font)
    assert first.units_per_em == 2048 and first.advances()[ord("A")] > 0
    kept = list(font_cache.cache_folder().parent.glob("font-facts/*.json"))
    assert len(kept) == 1
    os.utime(font, (0, 0))  # an older time alone is no reason to read the tables again
    fonts.font_facts.cache_clear()
    font_cache.file_digest.cache_clear()
    assert fonts.font_facts(font) == first
    assert list(font_cache.cache_folder().parent.glob("font-facts/*.json")) == kept
    font.write_bytes(fonts.font_path("B").read_bytes())  # another font under the same name
    fonts.font_facts.cache_clear()
    font_cache.file_digest.cache_clear()
    assert fonts.font_facts(font).advances() == fonts.font_facts(fonts.font_path("B")).advances()
    assert len(list(font_cache.cache_folder().parent.glob("font-facts/*.json"))) == 2


def test_damaged_font_facts_in_the_cache_are_read_again_from_the_font(tmp_path: Path) -> None:
    font = tmp_path / "font.ttf"
    font.write_bytes(fonts.font_path("").read_bytes())
    good = fonts.font_facts(font)
    (kept,) = font_cache.cache_folder().parent.glob("font-facts/*.json")
    kept.write_text('{"units_per_em": 2048, "missing": 1')
    fonts.font_facts.cache_clear()
    font_cache.file_digest.cache_clear()
    assert fonts.font_facts(font) == good
    assert json.loads(kept.read_text())["units_per_em"] == 2048


def test_a_pdf_is_set_from_cut_down_fonts_kept_in_the_cache_folder(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    from titan_campaign.printing.pdf import sheet_pdf

    first = sheet_pdf(None)
    assert len(list(font_cache.cache_folder().glob("*.ttf"))) == 3  # regular, bold, italic
    assert not caplog.records  # cutting the fonts has nothing to say to the player

    def no_cutting(*args: object) -> bytes:
        raise AssertionError("the cut fonts should come from the cache folder")

    monkeypatch.setattr(font_tools, "pdf_subset", no_cutting)
    again = sheet_pdf(None)
    assert len(again) == len(first)


def test_a_cache_entry_that_cannot_be_finished_leaves_no_part_file_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A full disk when the entry is put in place: the printout still gets its font, and the
    cache folder keeps no half-made file to pile up (the cache limit counts only entries)."""

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(font_cache.os, "replace", disk_full)
    path = fonts.font_path("")
    assert font_cache.cached_subset(path, frozenset("Ab"), "web", lambda: b"font") == b"font"
    assert list(font_cache.cache_folder().iterdir()) == []


def test_printouts_side_by_side_never_read_a_half_written_cache_entry(tmp_path: Path) -> None:
    """Two printouts at once (two commands, two served tabs) fill the same entry: the one that
    reads meanwhile finds the whole entry or none, never the first part of one."""
    entry = font_cache.cache_folder() / "entry.ttf"
    content = bytes(range(256)) * 8192  # 2 MiB: written in many pieces
    stop = threading.Event()

    def write() -> None:
        while not stop.is_set():
            font_cache._write_whole(entry, content)

    writers = [threading.Thread(target=write) for _ in range(2)]
    for writer in writers:
        writer.start()
    seen = []
    try:
        while len(seen) < 50 and all(writer.is_alive() for writer in writers):
            with contextlib.suppress(FileNotFoundError):  # before the first one is in place
                seen.append(entry.read_bytes())
    finally:
        stop.set()
        for writer in writers:
            writer.join()
    assert seen and all(found == content for found in seen)
    assert [path.name for path in entry.parent.iterdir()] == ["entry.ttf"]
