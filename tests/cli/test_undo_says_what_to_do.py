"""A refused undo names the later changes to undo first; a redo that cannot apply says why
(issue 21)."""

from __future__ import annotations

from pathlib import Path

from .conftest import Cli


def crew(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "200")
    for name, player in (("Thorn", "Ann"), ("Mira", "Bo"), ("Osk", "Cy")):
        cli.ok("titan", "add", name, "--player", player)


def test_a_refused_undo_names_each_later_change_to_undo_first(cli) -> None:
    crew(cli)
    cli.ok("game", "Thorn:won", "Mira:lost", "Osk:lost")
    cli.ok("spend", "Mira", "ability", "luck")
    cli.ok("spend", "Osk", "ability", "power")
    cli.ok("spend", "Mira", "ability", "skill")
    refusal = cli.refused("undo", "Thorn")
    assert refusal == (
        '"game 1 recorded for Thorn, Mira and Osk" also changed Mira and Osk, who changed again '
        'since: undo "Mira: bought a Skill box (100 XP)", "Osk: bought a Power box (100 XP)" '
        'and "Mira: bought a Luck box (100 XP)" first, in that order, each as its Titan\'s latest'
        " change"
    )


def test_redo_with_nothing_undone_says_why(cli) -> None:
    crew(cli)
    cli.ok("game", "Thorn:won", "Mira:lost")
    refusal = cli.refused("redo", "Thorn")
    assert refusal.startswith("nothing to redo for Thorn: no change of Thorn's is undone")
    cli.ok("undo", "Thorn")
    cli.ok("spend", "Mira", "ability", "luck")  # a new change to Mira drops the undone game
    assert "a new change to a Titan drops its undone changes" in cli.refused("redo", "Thorn")


def test_undo_right_after_an_import_says_it_is_not_undone_and_changes_nothing(cli) -> None:
    example = Path(__file__).parents[2] / "sheets" / "example-campaign.json"
    cli.ok("import", str(example))
    refusal = cli.refused("undo")
    assert refusal.startswith(
        "the latest change (import of The Iron Crown) is not undone by `undo`"
    ), refusal
    assert "Osk" in cli.ok("titan", "list")


def test_undo_after_an_import_that_began_the_file_names_no_backup(cli, monkeypatch) -> None:
    """The example loaded into a new database, undo sent the player to `titan-campaign
    backups`, which said there were none: the import began the file."""
    monkeypatch.delenv("TITAN_CAMPAIGN_BACKUPS", raising=False)
    example = Path(__file__).parents[2] / "sheets" / "example-campaign.json"
    cli.ok("import", str(example))
    assert cli.ok("backups").startswith("no backups of")
    assert cli.refused("undo") == (
        "the latest change (import of The Iron Crown) is not undone by `undo`: no backup holds"
        " the file as it was before it (the file began with it, or backups are turned off);"
        " `titan-campaign campaign delete NAME --yes` takes a campaign it brought in away;"
        " `undo --campaign NAME` undoes a campaign's own latest change"
    )
    cli.ok("campaign", "new", "Home", "--base-xp", "0")
    cli.ok("campaign", "delete", "Home", "--yes")  # kept a backup first: restore names it
    assert "`restore N` brings it back" in cli.refused("undo")


def test_a_change_line_holding_quotes_is_quoted_without_nesting(cli) -> None:
    """'"campaign "Iron Crown" renamed "Second Age"" cannot be undone now' read as three
    quoted pieces."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "100")
    cli.ok("campaign", "rename", "Second Age")
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "100")
    assert cli.refused("undo", "--campaign", "Second Age") == (
        '\'campaign "Iron Crown" renamed "Second Age"\' cannot be undone now:'
        ' a campaign named "Iron Crown" already exists'
    )


def test_undo_after_an_import_made_with_backups_off_names_no_older_backup(cli, monkeypatch) -> None:
    """Backups off for the import only: undo sent the player to `restore N`, whose newest
    backup came before Cid joined (restoring it would take Cid away too)."""
    monkeypatch.delenv("TITAN_CAMPAIGN_BACKUPS", raising=False)
    cli.ok("campaign", "new", "X", "--base-xp", "0")
    cli.ok("titan", "add", "Bob", "--player", "B")
    cli.ok("titan", "add", "Cid", "--player", "C")
    monkeypatch.setenv("TITAN_CAMPAIGN_BACKUPS", "0")
    cli.ok("import", str(Path(__file__).parents[2] / "sheets" / "example-campaign.json"))
    monkeypatch.delenv("TITAN_CAMPAIGN_BACKUPS")
    refusal = cli.refused("undo")
    assert "no backup holds the file as it was before it" in refusal, refusal
    assert "restore N" not in refusal


def test_undo_after_a_merge_was_undone_still_names_the_backup_before_a_delete(
    cli, monkeypatch
) -> None:
    """A campaign deleted, a copy merged, the merge undone: undo said that no backup held the
    file as it was before the delete, while `backups` listed it ("before: campaign "Side"
    deleted"): a player told so may give the campaign up."""
    monkeypatch.delenv("TITAN_CAMPAIGN_BACKUPS", raising=False)
    crew(cli)
    cli.ok("campaign", "new", "Side", "--base-xp", "0")
    copy = cli.db.with_name("campaigns (conflicted copy).json")
    copy.write_bytes(cli.db.read_bytes())
    Cli(copy, cli.capsys).ok("gold", "Thorn", "4", "--campaign", "Iron Crown")
    cli.ok("campaign", "delete", "Side", "--yes")
    cli.ok("merge", str(copy))
    cli.ok("undo")
    refusal = cli.refused("undo")
    assert refusal.startswith('the latest change (campaign "Side" deleted) is not undone'), refusal
    assert "`restore N` brings it back" in refusal and "no backup" not in refusal
    assert 'before: campaign "Side" deleted' in cli.ok("backups")
