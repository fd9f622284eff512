"""The file's keys: every key the program writes reads back as it was, and a key given twice
(as a hand merge of two copies leaves it) is refused by name, never read silently."""

from __future__ import annotations

import json
from typing import Any

import pytest

from titan_campaign.store.files import StoreError, encode, parse_json

from .conftest import Cli

ODD_KEYS = ["back\\slash", 'a "quoted" key', "two\nlines", "tab\there", "\u00b2"]


@pytest.mark.parametrize("key", ODD_KEYS, ids=repr)
def test_a_key_with_json_specials_is_written_so_that_it_reads_back(key: str) -> None:
    tables = {"meta": {"1": {"schema_version": 3}, key: {"note": key}}, key: {key: {"x": 1}}}
    read = json.loads(encode(tables))
    assert read["meta"]["1"].pop("sealed")  # the file as the program wrote it (see test_seal.py)
    assert read == tables


def test_a_database_with_an_odd_key_survives_a_change(cli: Cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    tables = json.loads(cli.db.read_text())
    tables["meta"]['merge "note"\\'] = {"from": "a hand edit"}
    cli.db.write_text(json.dumps(tables))
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    assert json.loads(cli.db.read_text())["meta"]['merge "note"\\'] == {"from": "a hand edit"}
    assert "Thorn" in cli.ok("titan", "list")


def test_a_key_given_twice_is_refused_by_name(tmp_path) -> None:
    raw = b'{"meta": {"1": {"schema_version": 3}}, "campaigns": {"1": {"name": "A", "base_xp": 0}, "1": {"name": "B", "base_xp": 0}}, "changes": {}}'
    with pytest.raises(StoreError, match='key "1" twice'):
        parse_json(tmp_path / "campaigns.json", raw)


def test_a_hand_merged_file_with_a_change_given_twice_is_refused_and_left_untouched(
    cli: Cli,
) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("titan", "add", "Bex", "--player", "Bo")
    lines = cli.db.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith('  "1": {"campaign"'))
    second = lines[first + 1]
    assert second.startswith('  "2": ')
    lines.insert(first + 1, second.removesuffix(",").replace("Bex", "Mira") + ",")  # "2" twice
    cli.db.write_text("\n".join(lines) + "\n")
    for argv in (("titan", "list"), ("gold", "Thorn", "1")):
        message = cli.refused(*argv)
        assert str(cli.db) in message and 'key "2" twice' in message, message
        assert f'key "2" twice at lines {first + 2} and {first + 3} (' in message  # placed


def test_a_key_given_twice_in_one_document_is_placed_by_its_line(cli: Cli) -> None:
    """A field typed twice in a change: a file holds hundreds of "amount" keys."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("gold", "Thorn", "5")
    lines = cli.db.read_text().splitlines()
    at = next(n for n, line in enumerate(lines) if '"amount": 5' in line)
    lines[at] = lines[at].replace('"amount": 5', '"amount": 5, "amount": 6')
    cli.db.write_text("\n".join(lines) + "\n")
    assert f'key "amount" twice at line {at + 1} (' in cli.refused("titan", "list")


def test_a_file_that_is_not_json_is_placed_by_line_and_column(cli: Cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    lines = cli.db.read_text().splitlines()
    at = next(n for n, line in enumerate(lines) if line.startswith('  "1": {"campaign"'))
    lines[at] = lines[at] + ","  # a line deleted after it leaves its comma: "}," then " }"
    cli.db.write_text("\n".join(lines) + "\n")
    message = cli.refused("titan", "list")
    assert f"is not valid JSON at line {at + 2}, column 2 (" in message, message


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (lambda line: line + ",", "single quotes, or a comma after the last entry?"),
        (lambda line: line.replace("Ann", "An\tn"), "a tab or line break inside a text"),
        (lambda line: line.replace('"Ann"', '"Ann'), "a comma missing between two entries?"),
        (lambda line: line.replace("Ann", "A\\qnn"), "a backslash not followed by"),
    ],
)
def test_a_json_mistake_is_said_in_a_players_words(cli: Cli, edit: Any, said: str) -> None:
    """A tab typed inside a text read "(invalid control character at)", cut off; a comma
    left after the last entry read "(expecting property name enclosed in double quotes)"."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    lines = cli.db.read_text().splitlines()
    at = next(n for n, line in enumerate(lines) if '"player": "Ann"' in line)
    if said.startswith("a comma after"):
        at = next(n for n, line in enumerate(lines) if line.startswith('  "1": {"campaign"'))
    lines[at] = edit(lines[at])
    cli.db.write_text("\n".join(lines) + "\n")
    message = cli.refused("titan", "list")
    assert said in message, message
    assert " at)" not in message and "expecting" not in message.lower(), message


@pytest.mark.parametrize("at", ["2026-13-06T20:00:00.000+00:00", "2026-12-06T20:00:00", "soon"])
def test_a_changes_moment_that_is_no_moment_with_its_offset_is_refused_naming_it(
    cli: Cli, at: str
) -> None:
    """A change's ``at`` orders two copies' changes in a merge: a month 13, or a time with no
    offset from UTC (local time, which clocks change), was read, and sealed by the next change."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cli.ok("gold", "Thorn", "5")
    doc = json.loads(cli.db.read_text())
    moment = doc["changes"]["2"]["at"]
    cli.db.write_text(cli.db.read_text().replace(f'"at": "{moment}"', f'"at": "{at}"'))
    message = cli.refused("gold", "Thorn", "1")
    assert f"damaged at changes 2: at: {at} is not a moment with its offset from UTC" in message


def test_a_file_saved_in_another_encoding_is_placed_by_line_and_column(cli: Cli) -> None:
    """A name saved as Latin-1 by an editor ("B\xf6") was "not valid JSON", with no place and
    no word of the encoding."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Bo", "--player", "Ann")
    lines = cli.db.read_bytes().splitlines()
    at = next(n for n, line in enumerate(lines) if b'"name": "Bo"' in line)
    column = lines[at].index(b'"Bo"') + 3
    lines[at] = lines[at].replace(b'"Bo"', b'"B\xf6"')
    cli.db.write_bytes(b"\n".join(lines) + b"\n")
    said = cli.refused("titan", "list")
    assert f"is not UTF-8 text at line {at + 1}, column {column} (" in said
    assert "save it as UTF-8" in said


def test_a_picture_given_as_the_database_is_said_to_be_no_text(cli: Cli) -> None:
    """A picture was "not UTF-8 text ... (saved in another encoding, such as Latin-1?)"."""
    cli.db.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x01\x00")
    said = cli.refused("titan", "list")
    assert said.startswith(f"{cli.db} is not a campaign database: it is not text at all (a picture")
    assert "UTF-8" not in said


@pytest.mark.parametrize(
    "kept",
    [
        lambda text: "{",  # a write cut short at once
        lambda text: text[: text.index('"player": "Ann"') + 14],  # inside a text
        lambda text: text[: text.index('"player": "Ann"') + 15],  # after a value
        lambda text: text[: text.index('"player": "Ann"') + 10] + "\n",  # a line break kept
    ],
    ids=["{", "inside a text", "after a value", "then a line break"],
)
def test_a_file_cut_short_is_said_to_end_early(cli: Cli, kept: Any) -> None:
    """A sync tool's short write was never called one: a file cut to "{" read "a name in double
    quotes expected: single quotes?", one cut mid-file "a text not closed by a double quote" or
    "a comma missing between two entries?"."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    cut = kept(cli.db.read_text())
    cli.db.write_text(cut)
    message = cli.refused("titan", "list")
    line = cut.rstrip().count("\n") + 1
    assert f"the file ends early at line {line}: it may have been cut short" in message, message
    assert "restore a backup" in message
    for misleading in ("single quotes", "not closed", "comma missing", "column"):
        assert misleading not in message, message
