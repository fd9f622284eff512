"""Names never carry control characters (they could retitle a terminal or fake lines), and the
figures of a game are checked the same way however they arrive."""

from __future__ import annotations

import json

import pytest

from .conftest import Cli


@pytest.mark.parametrize(
    "name",
    ["\x1b]0;owned\x07Thorn", "Thorn\nerror: fake", "Nul\x00", "   "],
    ids=["OSC", "newline", "NUL", "spaces"],
)
def test_a_titan_name_with_control_characters_or_only_spaces_is_refused(thorn, name) -> None:
    message = thorn.refused("titan", "add", name, "--player", "Bo")
    assert "name" in message and "\x1b" not in message and "\n" not in message


def test_a_campaign_name_with_control_characters_is_refused(cli) -> None:
    assert "control characters" in cli.refused("campaign", "new", "Iron\x07Crown", "--base-xp", "0")


def test_a_game_number_never_recorded_is_refused(thorn) -> None:
    assert "no game 7" in thorn.refused("award", "Thorn", "--result", "won", "--game", "7")


# Texts that would act on a terminal or hide what they say: escape sequences (colours, a new
# window title, a clipboard write), the bell, direction overrides, invisible characters.
ESCAPES = {
    "OSC title": "loot \x1b]0;owned\x07",
    "OSC clipboard": "\x1b]52;c;cm0gLXJmIH4=\x07 loot",
    "CSI colour": "\x1b[31mred\x1b[0m",
    "bell": "ding\x07",
    "C1 CSI": "\x9b2J",
    "right-to-left override": "loot \u202egnp.exe",
    "isolate": "\u2067loot\u2069",
    "zero-width space": "lo\u200bot",
    "line separator": "loot\u2028error: fake",
}


@pytest.mark.parametrize("note", ESCAPES.values(), ids=ESCAPES.keys())
def test_a_gold_note_that_acts_on_a_terminal_is_refused_naming_the_note(thorn, note) -> None:
    message = thorn.refused("gold", "Thorn", "5", "--note", note)
    assert message.startswith("note: cannot hold control characters"), message


def test_a_scenario_and_an_item_description_that_act_on_a_terminal_are_refused(thorn) -> None:
    said = thorn.refused("award", "Thorn", "--result", "won", "--scenario", "\x1b]0;x\x07")
    assert said.startswith("--scenario: cannot hold control characters"), said
    said = thorn.refused("item", "add", "Thorn", "Cloak", "--description", "\x1b[2J")
    assert said.startswith("description: cannot hold control characters"), said
    said = thorn.refused("item", "add", "Thorn", "Clo\u202eak")
    assert said.startswith("name: cannot hold control characters"), said


@pytest.mark.parametrize(
    "name",
    ["Th\u202eorn", "\u200b", "\u200b\u200b", "\u2066Bo\u2069", "\u3164", "\u200d"],
    ids=["RLO", "only ZWSP", "two ZWSP", "isolates", "hangul filler", "only ZWJ"],
)
def test_a_name_with_a_direction_override_or_that_looks_blank_is_refused(thorn, name) -> None:
    message = thorn.refused("titan", "add", name, "--player", "Bo")
    assert message.startswith("name: "), message
    assert thorn.refused("titan", "add", "Bryn", "--player", name)
    assert thorn.refused("campaign", "new", name, "--base-xp", "0")
    assert thorn.refused("titan", "rename", "Thorn", name)


@pytest.mark.parametrize(
    "name",
    [
        "Thorn\u00ad",
        "Thorn\u061c",
        "Th\u200eorn",
        "Thorn\u034f",
        "Thorn\U000e0001",
        "Thorn\u2800",
        "Zed\ufff9x",
        "Zed\U0001bca0x",
    ],
    ids=[
        "soft hyphen",
        "Arabic letter mark",
        "LRM",
        "grapheme joiner",
        "language tag",
        "blank Braille cell",  # "Thorn⠀" listed as a second "Thorn"
        "annotation anchor",
        "shorthand format control",
    ],
)
def test_a_name_with_a_character_that_shows_nothing_is_refused(thorn, name) -> None:
    assert thorn.refused("titan", "add", name, "--player", "Bo").startswith("name: ")


@pytest.mark.parametrize("name", ["Thorn\ufe0f", "Thorn\U000e0041", "Th\u200dorn"])
def test_a_name_that_differs_only_by_what_shows_nothing_is_the_same_name(thorn, name) -> None:
    message = thorn.refused("titan", "add", name, "--player", "Bo")
    assert message.startswith('campaign "Iron Crown" already has a Titan named "Thorn"'), message


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Th\u200dorn", "Th\\u200dorn"), ("Thorn\ufe0f", "Thorn\\ufe0f"), ("THORN", "THORN")],
)
def test_the_same_name_typed_with_a_character_that_shows_nothing_shows_it_as_an_escape(
    thorn, name, shown
) -> None:
    """'already has a Titan named "Thorn" ("Th‍orn" is the same name)': both read Thorn."""
    message = thorn.refused("titan", "add", name, "--player", "Bo")
    assert message.endswith(f'named "Thorn" ("{shown}" is the same name)'), message


def test_an_emoji_name_typed_again_keeps_its_joiners(thorn) -> None:
    family = LEGIT["family emoji (ZWJ)"]
    thorn.ok("titan", "add", family, "--player", "Cy")
    message = thorn.refused("titan", "add", family.upper(), "--player", "Cy")
    assert message.endswith(f'named "{family}" ("{family.upper()}" is the same name)'), message


LEGIT = {
    "Chinese": "李小龍",
    "Arabic": "عمر الخيام",
    "Hebrew": "דוד",
    "Greek": "Ἀχιλλεύς",
    "Persian with ZWNJ": "می\u200cخواهم",
    "family emoji (ZWJ)": "Bo \U0001f468\u200d\U0001f469\u200d\U0001f467",
    "flag emoji": "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f Jock",
    "combining marks": "Ame\u0301lie Zo\u0308e",
    "Devanagari": "क्षत्रिय",
}


def test_a_refusal_naming_an_emoji_name_keeps_its_joiners(thorn) -> None:
    """'👨?👩?👧 is not archived': the joiners inside the emoji were said as question marks."""
    family = LEGIT["family emoji (ZWJ)"]
    thorn.ok("titan", "add", family, "--player", "Cy")
    assert thorn.refused("titan", "restore", family) == f"{family} is not archived"


@pytest.mark.parametrize("text", LEGIT.values(), ids=LEGIT.keys())
def test_names_and_notes_in_any_script_are_kept_as_typed(thorn, text) -> None:
    thorn.ok("titan", "add", text, "--player", text)
    thorn.ok("gold", text, "5", "--note", text)
    thorn.ok("item", "add", text, "Cloak", "--description", text)
    assert text in thorn.ok("history")
    assert text in thorn.ok("sheet", text)
    assert thorn.ok("titan", "list").count(text) == 2


def test_an_export_whose_change_text_acts_on_a_terminal_is_not_imported(thorn, tmp_path) -> None:
    exported = tmp_path / "export.json"
    thorn.ok("gold", "Thorn", "5", "--note", "loot")
    thorn.ok("export", "-o", str(exported))
    data = json.loads(exported.read_text())
    data["campaigns"][0]["name"] = "Other"
    data["campaigns"][0]["changes"][-1]["text"] = "Thorn: gold +5 (\x1b]0;owned\x07)"
    exported.write_text(json.dumps(data))
    message = thorn.refused("import", str(exported))
    assert "text: cannot hold control characters" in message and "nothing imported" in message
    data["campaigns"][0]["changes"][-1]["text"] = "Thorn: gold +5"
    data["campaigns"][0]["changes"][-1]["titans"]["1"][0]["note"] = "\u202eloot"
    exported.write_text(json.dumps(data))
    message = thorn.refused("import", str(exported))
    assert "note: cannot hold control characters" in message and "nothing imported" in message


@pytest.fixture
def old_file(thorn) -> Cli:
    """A database written before such texts were refused: a note, an item, a scenario, a
    campaign name, a Titan's name and a change's line holding escapes, bells and overrides."""
    thorn.ok("gold", "Thorn", "5", "--note", "loot")
    thorn.ok("item", "add", "Thorn", "Cloak", "--description", "warm")
    thorn.ok("award", "Thorn", "--result", "won", "--scenario", "Tower")
    raw = thorn.db.read_text()
    for typed, stored in (
        ('"loot"', '"loot \\u001b]0;owned\\u0007"'),
        ('"warm"', '"\\u001b[2Jwarm\\u009b"'),
        ('"Tower"', '"Tower\\u202e\\u0007"'),
        ('"Iron Crown"', '"Iron\\u200b Crown"'),
        ('"name": "Thorn"', '"name": "Thorn\\u202e"'),
    ):
        assert typed in raw, typed
        raw = raw.replace(typed, stored)
    thorn.db.write_text(raw)
    return thorn


UNSEEN = ("\x1b", "\x07", "\x9b", "\u202e", "\u200b")


@pytest.mark.parametrize(
    "command",
    [
        ("history",),
        ("history", "Thorn\\u202e"),
        ("campaign", "games"),
        ("campaign", "list"),
        ("titan", "list"),
        ("sheet", "Thorn\\u202e"),
        ("sheet", "Thorn\\u202e", "--format", "html", "-o", "-"),
        ("gold", "Thorn\\u202e", "1"),
    ],
    ids=lambda command: " ".join(command),
)
def test_an_old_file_holding_such_text_is_read_and_printed_with_visible_escapes(
    old_file, command
) -> None:
    code, out, err = old_file(*command)
    assert code == 0, err
    for unseen in UNSEEN:
        assert unseen not in out + err, (unseen, out + err)
    shown = out.replace("&#x27;", "'")
    assert "\\x1b" in shown or "\\u202e" in shown or "\\u200b" in shown, out


@pytest.mark.parametrize("second_campaign", [False, True], ids=["one campaign", "two"])
@pytest.mark.parametrize("typed", ["T\\x07", "T"])
def test_a_name_an_old_file_left_a_bell_in_is_found_as_listed_or_as_it_still_reads(
    thorn, typed, second_campaign
) -> None:
    """Thorn's name "T\\u0007" in an old file: `titan list` listed "T\\x07", but `sheet T`
    said no Titan was named T."""
    if second_campaign:
        thorn.ok("campaign", "new", "Second Age", "--base-xp", "0")
        thorn.ok("titan", "add", "Osk", "--player", "Cy", "--campaign", "Second Age")
    thorn.db.write_text(thorn.db.read_text().replace('"name": "Thorn"', '"name": "T\\u0007"'))
    assert "T\\x07 (Ann)" in thorn.ok("titan", "list", "--campaign", "Iron Crown")
    assert "Titan Name: T\\x07" in thorn.ok("sheet", typed)
    assert "T\\x07: 1 gold" in thorn.ok("gold", typed, "1")


@pytest.mark.parametrize("how", ["add", "rename", "import"])
def test_a_new_name_that_a_damaged_name_still_reads_as_is_refused(thorn, how, tmp_path) -> None:
    """Thorn's name "T\\u0007" in an old file, listed as "T\\x07", is found by `sheet T`; but
    `titan add T` was taken, and then two Titans answered to "T"."""
    thorn.ok("titan", "add", "Osk", "--player", "Cy")
    titan_file = tmp_path / "osk.json"
    thorn.ok("titan", "export", "Osk", "-o", str(titan_file))
    if how == "import":
        thorn.ok("undo")  # Osk leaves: her file may come back, under a new name
    thorn.db.write_text(thorn.db.read_text().replace('"name": "Thorn"', '"name": "T\\u0007"'))
    if how == "add":
        message = thorn.refused("titan", "add", "t", "--player", "Bo")
    elif how == "rename":
        message = thorn.refused("titan", "rename", "Osk", "T")
    else:
        message = thorn.refused("titan", "import", str(titan_file), "--name", "T")
    assert 'already has a Titan named "T\\x07"' in message, message
    assert "still" in message and "rename it" in message, message
    thorn.ok("titan", "rename", "T\\x07", "T")  # mended: its own name is free to it
    assert "Titan Name: T\n" in thorn.ok("sheet", "T") + "\n"


def test_an_undo_bringing_back_what_a_damaged_name_still_says_is_refused(thorn) -> None:
    """Undoing T's rename to Tee brought "T" back beside "T\\x07" (Thorn's name in an old
    file), which `sheet T` also finds: two Titans answered to "T"."""
    thorn.ok("titan", "add", "T", "--player", "Cy")
    thorn.ok("titan", "rename", "T", "Tee")
    thorn.db.write_text(thorn.db.read_text().replace('"name": "Thorn"', '"name": "T\\u0007"'))
    message = thorn.refused("undo")
    assert 'already has a Titan named "T\\x07"' in message and "still" in message, message


def test_an_old_file_with_an_escape_in_an_item_warns_of_no_raw_character_when_printed(
    old_file, tmp_path
) -> None:
    old_file.ok("item", "add", "Thorn\\u202e", "ᚠ", "--description", "ᚢ")
    code, _, err = old_file(
        "sheet", "Thorn\\u202e", "--format", "pdf", "-o", str(tmp_path / "s.pdf")
    )
    assert code == 0 and "warning:" in err
    for unseen in UNSEEN:
        assert unseen not in err


def test_a_mistaken_argument_holding_an_escape_is_said_back_with_it_visible(thorn) -> None:
    message = thorn.refused("goal", "Thorn", "--abil\x1b[2Jities", "spirit=3")
    assert "--abil\\x1b[2Jities" in message
    message = thorn.refused("spend", "Thorn", "spell", "Fire\u202eBall")
    assert "Fire\\u202eBall" in message


def test_a_titan_file_whose_note_acts_on_a_terminal_is_not_imported(thorn, tmp_path) -> None:
    titan_file = tmp_path / "thorn.json"
    thorn.ok("gold", "Thorn", "5", "--note", "loot")
    thorn.ok("titan", "export", "Thorn", "-o", str(titan_file))
    titan_file.write_text(
        titan_file.read_text().replace('"loot"', '"loot \\u001b]52;c;eA==\\u0007"')
    )
    message = thorn.refused("titan", "import", str(titan_file), "--name", "Osk")
    assert "note: cannot hold control characters" in message, message


def test_a_name_holding_double_quotes_is_quoted_without_nesting(cli) -> None:
    """'no Titan named "Bob "B"" in ...' read as two quoted pieces."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", 'Bob "B"', "--player", "Ann")
    refusal = cli.refused("titan", "add", 'Bob "B"', "--player", "Bo")
    assert refusal.startswith('campaign "Iron Crown" already has a Titan named \'Bob "B"\'')
    assert cli.refused("undo", 'Bob "C"').startswith("no Titan named 'Bob \"C\"'")
