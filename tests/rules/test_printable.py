"""Worked examples of the one rule for players' text (rules/printable.py): what is refused, and
how a text read from an old file is shown."""

from __future__ import annotations

import pytest

from titan_campaign.rules.printable import (
    is_unprintable,
    kept_text,
    looks_blank,
    printable,
    shown,
    shown_lines,
)

WELCOME = [
    "李小龍",
    "عمر الخيام",
    "דוד",
    "Ἀχιλλεύς",
    "می\u200cخواهم",  # a zero-width non-joiner inside a Persian word
    "\U0001f468\u200d\U0001f469\u200d\U0001f467",  # a family emoji, joined
    "Ame\u0301lie",  # a combining accent
    "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # a flag: tags
    "\u2764\ufe0f",  # a heart drawn as an emoji: a variation selector
    "[bold red]x[/]",
]


@pytest.mark.parametrize("text", WELCOME)
def test_every_script_emoji_and_accent_is_kept_as_typed(text: str) -> None:
    assert printable(text) == text and shown(text) == text and not looks_blank(text)


@pytest.mark.parametrize(
    "text",
    [
        *("\x1b[2J", "\x07", "a\tb", "a\nb", "\x9b", "\u202e", "\u2066", "\u200b", "\u2028"),
        *("x\u00ad", "y\u061c", "a\u200e", "a\u200f", "x\u034f", "x\u17b4", "x\U0001d173"),
        "x\U000e0001",
    ],
)
def test_control_direction_and_invisible_characters_are_refused(text: str) -> None:
    assert is_unprintable(text)
    with pytest.raises(ValueError, match="cannot hold control characters"):
        printable(text)


def test_a_character_beyond_ffff_is_escaped_with_all_its_digits() -> None:
    assert shown("x\U0001d173") == "x\\U0001d173"


def test_an_old_files_text_is_read_with_visible_escapes_instead() -> None:
    with kept_text():
        assert printable("loot \x1b]0;owned\x07 \u202egnp") == "loot \\x1b]0;owned\\x07 \\u202egnp"
    with pytest.raises(ValueError):
        printable("\x1b")  # only while reading the database itself


def test_a_message_of_several_lines_keeps_its_lines_but_not_an_escape() -> None:
    assert shown_lines("Undone: \x1b[2J\nThorn\t5") == "Undone: \\x1b[2J\nThorn\t5"
    assert shown("Thorn\nerror: fake") == "Thorn\\x0aerror: fake"


@pytest.mark.parametrize("name", ["", " ", "\u200d", "\u0301", "\u2800", "\u200c\u200d"])
def test_a_name_of_only_joiners_marks_or_blank_signs_looks_blank(name: str) -> None:
    assert looks_blank(name)
