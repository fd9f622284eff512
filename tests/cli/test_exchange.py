"""Export, import and the example campaign in sheets/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from titan_campaign.store.exchange import EXPORT_VERSION

EXAMPLE = Path(__file__).resolve().parents[2] / "sheets" / "example-campaign.json"


def test_export_then_import_into_another_database_gives_the_same_sheets(thorn, tmp_path) -> None:
    thorn.ok("award", "thorn", "--result", "won", "--score", "250")
    thorn.ok("spend", "thorn", "school", "air")
    thorn.ok("gold", "thorn", "30", "--note", "ransom")
    out_file = tmp_path / "export.json"
    thorn.ok("export", "-o", str(out_file))
    original = json.loads(thorn.ok("sheet", "thorn", "--format", "json"))

    thorn.db = tmp_path / "other.json"
    assert "imported Iron Crown" in thorn.ok("import", str(out_file))
    assert json.loads(thorn.ok("sheet", "thorn", "--format", "json")) == original
    said = thorn.ok("import", str(out_file))  # the same campaigns, known by id: a merge
    assert "merged as a copy" in said and "nothing to merge" in said
    assert json.loads(thorn.ok("sheet", "thorn", "--format", "json")) == original


def _export_with(tmp_path: Path, events: list[dict]) -> Path:
    data = {
        "format": "titan-campaign export",
        "schema_version": 1,
        "campaigns": [{"name": "Forged", "base_xp": 100, "titans": [{"events": events}]}],
    }
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(data))
    return path


CREATED = {"kind": "created", "name": "Forger", "player": "Eve", "base_xp": 100}


@pytest.mark.parametrize(
    ("events", "message"),
    [
        (
            [
                CREATED,
                {"kind": "ability_bought", "ability": "power"},
                {"kind": "ability_bought", "ability": "luck"},
            ],
            "needs 100 XP, 0 available (R1)",
        ),
        ([CREATED, {"kind": "ability_bought", "ability": "telepathy"}], "ability"),
        (
            [CREATED, {"kind": "spell_chosen", "spell": "Fire Ball", "pick": "school"}],
            "no pending pick",
        ),
        ([CREATED, {"kind": "spell_bought", "spell": "Fire Ball"}], "level 3; Fire is at 0"),
        (
            [CREATED, {"kind": "school_gained", "school": "fire", "level": 2}],
            "Fire level 2 needs Fire level 1 first (R4)",
        ),
        ([{**CREATED, "base_xp": 200}], "base XP"),
        (
            [
                CREATED,
                {
                    "kind": "game_recorded",
                    "game": 1,
                    "date": "2026-01-01",
                    "outcome": {"result": "won", "score": -10},
                },
            ],
            "at least 0",
        ),
        ([{**CREATED, "name": "N" * 10_000}], "at most 60 characters"),
    ],
    ids=[
        "overspent",
        "unknown ability",
        "spell without its school",
        "bought spell without mastery",
        "school skips a level",
        "wrong base",
        "negative score",
        "huge name",
    ],
)
def test_import_of_an_impossible_campaign_is_refused_whole(cli, tmp_path, events, message) -> None:
    cli.ok("campaign", "new", "Home", "--base-xp", "0")
    refusal = cli.refused("import", str(_export_with(tmp_path, events)))
    assert message in refusal
    assert "backup" not in refusal  # the file is wrong, not this database
    assert "Forged" not in cli.ok("campaign", "list")


def test_an_export_edited_by_hand_is_refused_without_advice_about_this_database(
    thorn, tmp_path
) -> None:
    """Imported or merged, an export with a score edited to -1 is refused naming it; the
    refusal told the player to restore a backup of their own, healthy, database."""
    thorn.ok("game", "Thorn:won:score=100")
    edited = tmp_path / "edited.json"
    thorn.ok("export", "-o", str(edited))
    edited.write_text(edited.read_text().replace('"score": 100', '"score": -1'))
    for command in ("import", "merge"):
        refusal = thorn.refused(command, str(edited))
        assert "outcome.score: at least 0" in refusal and "backup" not in refusal, refusal
    fresh = type(thorn)(tmp_path / "fresh.json", thorn.capsys)
    refusal = fresh.refused("import", str(edited))
    assert refusal.endswith("outcome.score: at least 0; nothing imported"), refusal


def test_the_example_campaign_is_an_export_of_this_version_as_the_program_writes_it(
    cli, tmp_path
) -> None:
    example = json.loads(EXAMPLE.read_text())
    assert example["schema_version"] == EXPORT_VERSION
    assert all(campaign["id"] for campaign in example["campaigns"])
    assert all(change["id"] for change in example["campaigns"][0]["changes"])
    cli.ok("import", str(EXAMPLE))
    cli.ok("export", "-o", str(tmp_path / "again.json"))
    again = json.loads((tmp_path / "again.json").read_text())
    assert (again["campaigns"], again["deleted"]) == (example["campaigns"], example["deleted"])


def test_example_campaign_imports_with_three_titans_at_different_levels(cli) -> None:
    assert "The Iron Crown" in cli.ok("import", str(EXAMPLE))
    rows = json.loads(cli.ok("titan", "list", "--json"))
    assert {row["name"]: row["level"] for row in rows} == {"Thorn": 4, "Mira": 2, "Osk": 1}
    thorn = json.loads(cli.ok("sheet", "thorn", "--format", "json"))
    assert thorn["honor_guard"] == ["Griffon"] and thorn["magic_items"][0]["legion"] == 2
    mira = json.loads(cli.ok("sheet", "mira", "--format", "json"))
    assert [s["name"] for s in mira["spells"] if s["bonus"]] == ["Ice Bolt"]
    games = json.loads(cli.ok("campaign", "games", "--json"))
    assert [len(g["participants"]) for g in games] == [2, 2, 1, 1]


def test_a_gold_line_of_an_imported_titans_game_names_the_campaign_of_that_game(
    thorn, tmp_path
) -> None:
    """Thorn's loot of game 1 of the Iron Crown is not game 1 of the campaign it joins."""
    thorn.ok("award", "thorn", "--result", "won")
    thorn.ok("gold", "thorn", "20", "--note", "loot", "--game", "1")
    thorn.ok("titan", "export", "thorn", "-o", str(tmp_path / "thorn.json"))
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "200")
    thorn.ok("titan", "import", str(tmp_path / "thorn.json"), "--campaign", "Second Age")
    thorn.ok("award", "thorn", "--result", "won", "--campaign", "Second Age")
    thorn.ok("gold", "thorn", "5", "--game", "1", "--campaign", "Second Age")
    sheet = json.loads(thorn.ok("sheet", "thorn", "--format", "json", "--campaign", "Second Age"))
    assert [(line["game"], line.get("played_in")) for line in sheet["gold_ledger"]] == [
        (1, "Iron Crown"),
        (1, None),  # as a game of this campaign: no played_in
    ]
    text = thorn.ok("sheet", "thorn", "--campaign", "Second Age")
    assert "+20  game 1    in Iron Crown: loot" in text  # the note apart from the campaign


def test_a_titan_brought_back_into_its_own_campaign_tells_its_past_games_apart(
    thorn, tmp_path
) -> None:
    """Its past games were "game 1 in Iron Crown" inside Iron Crown, where gold --game 1 then
    said it had played no game 1; then "Iron Crown (2)", which read as another campaign. (It
    comes back once it has left: its game and its joining undone.)"""
    thorn.ok("award", "thorn", "--result", "won")
    thorn.ok("titan", "export", "thorn", "-o", str(tmp_path / "thorn.json"))
    thorn.ok("undo")
    thorn.ok("undo")
    thorn.ok("titan", "import", str(tmp_path / "thorn.json"), "--name", "Thorn Again")
    sheet = json.loads(thorn.ok("sheet", "Thorn Again", "--format", "json"))
    assert [game["played_in"] for game in sheet["games"]] == ["Iron Crown (earlier)"]


@pytest.mark.parametrize("joined", ["Second Age", "Iron Crown"], ids=["renamed since", "same name"])
def test_an_imported_titans_past_reads_apart_in_a_campaign_now_of_its_past_campaigns_name(
    thorn, tmp_path, joined
) -> None:
    """Thorn of "Iron Crown" imported into "Second Age" of another file, which was then renamed
    "Iron Crown" (or was called so already): its progress and history said "played in Iron
    Crown" inside "Iron Crown", as if they were this campaign's games."""
    thorn.ok("award", "thorn", "--result", "won")
    thorn.ok("titan", "export", "thorn", "-o", str(tmp_path / "thorn.json"))
    thorn.db = tmp_path / "other.json"
    thorn.ok("campaign", "new", joined, "--base-xp", "200")
    thorn.ok("titan", "import", str(tmp_path / "thorn.json"))
    thorn.ok("award", "thorn", "--result", "lost")
    if joined != "Iron Crown":
        thorn.ok("campaign", "rename", "Iron Crown")
    progress = thorn.ok("progress", "thorn")
    assert "played in Iron Crown (earlier):" in progress, progress
    assert "played in Iron Crown:" not in progress, progress
    assert "game 1 in Iron Crown (earlier) on" in thorn.ok("history", "thorn")
    sheet = json.loads(thorn.ok("sheet", "thorn", "--format", "json"))
    assert [game.get("played_in") for game in sheet["games"]] == ["Iron Crown (earlier)", None]
    thorn.ok("progress", "thorn", "--format", "svg", "-o", str(tmp_path / "chart.svg"))
    assert "Iron Crown (earlier)" in (tmp_path / "chart.svg").read_text()
    exported = thorn.ok("titan", "export", "thorn", "-o", str(tmp_path / "again.json"))
    assert '"played_in": "Iron Crown"' in (tmp_path / "again.json").read_text(), exported


def test_an_export_over_a_file_says_it_replaced_it(thorn, tmp_path) -> None:
    """`titan export Mira -o t.json` over Thorn's file said only "Mira written to t.json":
    Thorn's file was gone without a word (as `sheet -o` says it, so do the exports)."""
    thorn.ok("titan", "add", "Mira", "--player", "Bo")
    titan_file, export = tmp_path / "t.json", tmp_path / "e.json"
    assert "(the file there replaced)" not in thorn.ok(
        "titan", "export", "Thorn", "-o", str(titan_file)
    )
    said = thorn.ok("titan", "export", "Mira", "-o", str(titan_file))
    assert said.strip().endswith("with its whole history (the file there replaced)"), said
    assert "replaced" not in thorn.ok("export", "-o", str(export))
    assert "written to" in (said := thorn.ok("export", "-o", str(export)))
    assert said.strip().endswith("(the file there replaced)"), said


def test_importing_an_export_whose_campaigns_were_deleted_here_says_so_every_time(cli) -> None:
    """The example imported, deleted, imported again: the second import said only "nothing
    to merge: the database has all its changes", and no campaign was there."""
    cli.ok("import", str(EXAMPLE))
    cli.ok("campaign", "delete", "The Iron Crown", "--yes")
    for _ in range(2):
        said = cli.ok("import", str(EXAMPLE))
        assert "its campaigns were deleted here, and an import keeps them deleted" in said, said
    assert "The Iron Crown" not in cli.ok("campaign", "list")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("titan", "import"), "is not a titan-campaign Titan file: it is not JSON"),
        (("import",), "is not a titan-campaign export: it is not JSON"),
    ],
)
def test_importing_a_file_that_is_no_json_at_all_says_what_it_is_not(
    thorn, tmp_path, argv, said
) -> None:
    """`titan import somefile.sh` said "not valid JSON at line 1, column 1 (a value expected:
    a comma after the last item of a list?)"."""
    script = tmp_path / "somefile.sh"
    script.write_text("#!/bin/sh\necho hello\n")
    message = thorn.refused(*argv, str(script))
    assert message == f'{script} {said} (it begins "#!/bin/sh"); nothing imported', message
