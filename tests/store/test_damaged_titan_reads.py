"""Worked examples: Thorn's events were hand-edited to break the rules (four more boxes than his
XP pays for), or so that they cannot be read at all (a gold amount typed as words, a game's
score as words). Every command that reads the campaign still lists everything else, and names
Thorn in one line with the change where his events go wrong; none refuses the whole campaign."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest

from .conftest import Cli, run


def _rules_broken(crown: Cli) -> tuple[int, str]:
    """Thorn and Bex play game 2 in one change; then Thorn's Power box is edited by hand into
    five boxes. The number of the change that now breaks the rules, and its line."""
    crown.ok("game", "Thorn:won", "Bex:lost", "--date", "2026-10-08")
    crown.ok("spend", "Thorn", "ability", "power")
    data = json.loads(crown.db.read_text())
    number = len(data["changes"])
    data["changes"][str(number)]["titans"]["1"].extend(
        {"kind": "ability_bought", "ability": a} for a in ("skill", "spirit", "luck", "wisdom")
    )
    crown.db.write_text(json.dumps(data))
    return number, "Thorn: bought a Power box"


def _gold_as_words(crown: Cli) -> tuple[int, str]:
    """Thorn and Bex play game 2; Thorn's 40 gold is then edited by hand into "forty"."""
    crown.ok("game", "Thorn:won", "Bex:lost", "--date", "2026-10-08")
    crown.ok("gold", "Thorn", "40")
    data = json.loads(crown.db.read_text())
    number = len(data["changes"])
    data["changes"][str(number)]["titans"]["1"][0]["amount"] = "forty"
    crown.db.write_text(json.dumps(data))
    return number, "Thorn: gold +40"


def _score_as_words(crown: Cli) -> tuple[int, str]:
    """Thorn and Bex play game 2 in one change (a line every Titan's read holds); Thorn's
    score in it is then edited by hand into "lots"."""
    crown.ok("game", "Thorn:won:score=120", "Bex:lost", "--date", "2026-10-08")
    data = json.loads(crown.db.read_text())
    number = len(data["changes"])
    data["changes"][str(number)]["titans"]["1"][0]["outcome"]["score"] = "lots"
    crown.db.write_text(json.dumps(data))
    return number, "game 2 recorded for Thorn and Bex"


Damage = Callable[[Cli], tuple[int, str]]


@pytest.fixture(params=[_rules_broken, _gold_as_words, _score_as_words])
def damage(request: pytest.FixtureRequest) -> Damage:
    damaged: Damage = request.param
    return damaged


def _named_once(text: str, where: tuple[int, str]) -> None:
    number, line = where
    lines = [line for line in text.splitlines() if "cannot be read" in line]
    assert len(lines) == 1, text
    assert "Thorn" in lines[0] and f'change {number} "{line}' in lines[0]


def test_campaign_list_lists_every_campaign_and_names_the_damaged_titan(
    crown: Cli, damage: Damage
) -> None:
    where = damage(crown)
    number = where[0]
    crown.ok("campaign", "new", "Side Quest", "--base-xp", "0")
    listed = crown.ok("campaign", "list")
    assert "Iron Crown  (base XP 200, 1 Titan, 1 unreadable)" in listed  # Bex; Thorn below
    assert "Side Quest  (base XP 0, 0 Titans)" in listed
    _named_once(listed, where)
    rows = json.loads(crown.ok("campaign", "list", "--json"))
    assert [row["name"] for row in rows] == ["Iron Crown", "Side Quest"]
    [damaged] = rows[0]["unreadable"]
    assert damaged["name"] == "Thorn" and f"change {number}" in damaged["problem"]
    assert rows[1]["unreadable"] == []


def test_the_campaign_history_lists_every_change_and_names_the_damaged_titan(
    crown: Cli, damage: Damage
) -> None:
    where = damage(crown)
    number = where[0]
    told = crown.ok("history")
    _named_once(told, where)
    assert "game 2 recorded for Thorn and Bex" in told and "Bex created for Bo" in told
    assert where[1] in told  # his changes are listed, as they were made
    code, out, err = run(crown.db, crown.capsys, "history", "--json")
    assert code == 0 and f"change {number}" in err and err.startswith("warning: Thorn")
    assert [row["change"] for row in json.loads(out)] == list(range(1, number + 1))


def test_a_titan_who_played_with_the_damaged_titan_still_reads(crown: Cli, damage: Damage) -> None:
    where = damage(crown)
    told = crown.ok("history", "Bex")
    assert "game 2 recorded for Thorn and Bex" in told and "Bex: game 2" in told
    assert "Thorn:" not in told and "cannot be read" not in told  # Bex's own lines only
    _named_once(crown.ok("history"), where)
    assert "2026-10-08" in crown.ok("progress", "Bex")


def test_the_campaign_printout_prints_the_others_and_names_the_damaged_titan(
    crown: Cli, damage: Damage, tmp_path
) -> None:
    where = damage(crown)
    out = tmp_path / "crown.html"
    code, _, err = run(crown.db, crown.capsys, "print-campaign", "--format", "html", "-o", str(out))
    assert code == 0, err
    printed = out.read_text()
    # his sheet and games are left out, and the paper says so at the top of the game log
    assert "Bex" in printed and "Thorn cannot be read" in printed
    assert "Thorn - Titan Character Sheet" not in printed and not re.search(
        r">Thorn: \d+ XP", printed
    )
    _named_once(err, where)


READS = [
    ("campaign", "list"),
    ("campaign", "list", "--json"),
    ("campaign", "games"),
    ("campaign", "games", "--json"),
    ("titan", "list"),
    ("titan", "list", "--all", "--json"),
    ("history",),
    ("history", "--json"),
    ("history", "Bex"),
    ("history", "Bex", "--json"),
    ("sheet", "Bex"),
    ("sheet", "Bex", "--format", "json"),
    ("progress", "Bex"),
    ("progress", "Bex", "--format", "json"),
    ("goal", "Bex", "--ability", "power=1"),
    ("choices", "Bex"),
    ("plan", "Bex"),
    ("game-card", "Bex", "--format", "text"),
    ("backups",),
]


@pytest.mark.parametrize("argv", READS, ids=" ".join)
def test_no_read_of_the_campaign_is_refused_for_one_damaged_titan(
    crown: Cli, damage: Damage, argv
) -> None:
    damage(crown)
    code, out, err = run(crown.db, crown.capsys, *argv)
    assert code == 0, err
    assert out.strip() and "Traceback" not in err


@pytest.mark.parametrize("argv", [("sheet", "Thorn"), ("progress", "Thorn")])
def test_reading_the_damaged_titan_itself_names_the_change_in_one_line(
    crown: Cli, damage: Damage, argv
) -> None:
    where = damage(crown)
    number = where[0]
    assert f'change {number} "{where[1]}' in crown.refused(*argv)


def test_the_damaged_titans_own_history_lists_his_changes_and_names_the_line_once(
    crown: Cli, damage: Damage
) -> None:
    """`history Thorn` was refused outright, so a player could not look through his changes
    to find the bad one, while the whole `history` listed everything with a one-line warning."""
    where = damage(crown)
    number = where[0]
    told = crown.ok("history", "Thorn")
    _named_once(told, where)
    assert "Thorn created for Ann" in told and where[1] in told  # his changes, as made
    assert "Bex created for Bo" not in told  # his own only
    code, out, err = run(crown.db, crown.capsys, "history", "Thorn", "--json")
    assert code == 0 and err.startswith("warning: Thorn") and f"change {number}" in err
    rows = json.loads(out)
    assert rows[0]["text"].startswith("Thorn created") and rows[-1]["change"] == number


def test_an_export_of_a_file_with_a_line_that_cannot_be_read_is_refused_naming_it(
    crown: Cli, tmp_path
) -> None:
    number, line = _gold_as_words(crown)
    out = tmp_path / "export.json"
    refused = crown.refused("export", "-o", str(out))
    assert f'change {number} "{line}" is damaged' in refused and "Thorn" in refused
    assert "nothing exported" in refused and "backups" in refused
    assert not out.exists()


def test_a_deleted_campaign_is_restored_though_a_titan_of_another_has_a_damaged_line(
    crown: Cli, damage: Damage
) -> None:
    """Every backup taken after the hand edit was refused whole for Thorn's line ("nothing
    restored"), though the file itself reads it: a deleted campaign could not come back."""
    where = damage(crown)
    crown.ok("campaign", "new", "Side Quest", "--base-xp", "0")
    crown.ok("titan", "add", "Zed", "--player", "Ed", "--campaign", "Side Quest")
    deleted = crown.ok("campaign", "delete", "Side Quest", "--yes")
    assert "`restore N` brings it back" in deleted
    said = crown.ok("restore", "1")
    assert said.startswith("restored backup 1")
    _named_once(said, where)  # and how to mend it
    assert "Iron Crown" in said and "mend it by hand, or restore a backup" in said
    assert "Zed (Ed)" in crown.ok("titan", "list", "--campaign", "Side Quest")
    _named_once(crown.ok("history", "--campaign", "Iron Crown"), where)  # the line as it was


def _purse_short_before_a_later_change(crown: Cli) -> tuple[int, str]:
    """Thorn is given 50 gold, buys a Ring for 20 of it, then a Power box; the 50 gold is
    then edited by hand into 5: the purchase of the Ring, no longer his latest change, breaks
    the rules (R11)."""
    crown.ok("gold", "Thorn", "50")
    crown.ok("buy", "Thorn", "item", "Ring", "--price", "20")
    crown.ok("spend", "Thorn", "ability", "power")
    data = json.loads(crown.db.read_text())
    number = len(data["changes"]) - 1
    data["changes"][str(number - 1)]["titans"]["1"][0]["amount"] = 5
    crown.db.write_text(json.dumps(data))
    return number, "Thorn: bought magic item Ring for 20 gold"


@pytest.mark.parametrize(
    "argv", [("undo", "Thorn"), ("undo", "--campaign", "Iron Crown"), ("undo",)], ids=" ".join
)
def test_undo_of_a_later_change_of_a_titan_whose_line_breaks_the_rules_is_refused(
    crown: Cli, argv
) -> None:
    """It was saved, saying "warning: the change was saved (undo: ...); then Thorn: change ...
    breaks the rules ...: do not enter it again" (as if the disk had failed after saving):
    the line that breaks the rules is still there after it, so it is refused as every other
    change to Thorn is, naming the line."""
    number, line = _purse_short_before_a_later_change(crown)
    refused = crown.refused(*argv)  # one line, exit 1, the file as it was
    assert refused == crown.refused("gold", "Thorn", "1")
    assert refused.startswith(f'Thorn: change {number} "{line}" breaks the rules')


def test_undo_of_the_change_that_breaks_the_rules_takes_it_back_and_thorn_reads_again(
    crown: Cli,
) -> None:
    _, line = _rules_broken(crown)
    code, out, err = run(crown.db, crown.capsys, "undo", "Thorn")
    assert (code, err) == (0, "") and out.startswith(f"undone: {line}")
    assert "cannot be read" not in crown.ok("history") + crown.ok("sheet", "Thorn")
    refused = crown.refused("redo", "Thorn")  # the rules judge it again: it breaks them
    assert "R1" in refused and "Thorn" in refused
