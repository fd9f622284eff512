"""Names of any script: default file names that keep their letters and never collide, and a
one-line warning for letters the printout font cannot draw."""

from __future__ import annotations

import doctest
from dataclasses import replace
from pathlib import Path

import pytest

from titan_campaign.printing import figures, fonts
from titan_campaign.printing.figures import default_path, file_stem
from titan_campaign.printing.render import printout_path, printout_warnings, render
from titan_campaign.rules.sheet import SheetView


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Mira Stormcaller", "mira-stormcaller"),
        ("Łukasz Żółć", "łukasz-żółć"),
        ("Đorđe", "đorđe"),
        ("Αθηνά Παλλάς", "αθηνά-παλλάς"),
        ("Жанна", "жанна"),
        ("李小龍", "李小龍"),
    ],
)
def test_a_default_file_name_keeps_the_letters_of_any_script(name: str, stem: str) -> None:
    assert file_stem(name) == stem
    assert default_path(name, "sheet", "pdf") == Path(f"{stem}-sheet.pdf")


def test_two_greek_named_titans_never_share_a_file_and_neither_gets_a_generic_name() -> None:
    names = ["Αθηνά", "Ἀπόλλων", "Ares ⚔", "Ares", "Thorn-X", "Thorn X", "⚔", "⚔⚔"]
    stems = [file_stem(name) for name in names]
    assert len(set(stems)) == len(names)
    assert "titan" not in stems


def test_a_printout_is_named_after_the_titan_as_typed(example_sheets: dict[str, SheetView]) -> None:
    paths = {
        printout_path("sheet", "pdf", replace(example_sheets["thorn"], name=name))
        for name in ("Αθηνά", "Ἀθηνᾶ")
    }
    assert len(paths) == 2 and all(path.name.endswith("-sheet.pdf") for path in paths)


def test_json_keeps_names_as_typed(example_sheets: dict[str, SheetView]) -> None:
    assert '"name": "Łukasz Żółć"' in str(
        render("sheet", "json", replace(example_sheets["thorn"], name="Łukasz Żółć"))
    )


def test_a_warning_names_the_letters_the_font_lacks_and_only_then(
    example_sheets: dict[str, SheetView],
) -> None:
    thorn = example_sheets["thorn"]
    assert printout_warnings("sheet", replace(thorn, name="Łukasz Żółć")) == []
    assert printout_warnings("blank") == []
    assert printout_warnings("campaign", [thorn, replace(thorn, player="王 Wang")]) == []
    (warning,) = printout_warnings("campaign", [thorn, replace(thorn, player="王 Wang ♔⚜🜲")])
    assert '"🜲"' in warning and "U+1F732" in warning and "white square" in warning
    item = replace(thorn.magic_items[0], description="Glows 🔥 in the dark")
    (warning,) = printout_warnings("game-card", replace(thorn, magic_items=(item,)))
    assert '"🔥"' in warning


def test_the_worked_examples_in_the_docstrings_hold() -> None:
    for module in (figures, fonts):
        failed, tried = doctest.testmod(module)
        assert tried and not failed, module.__name__
