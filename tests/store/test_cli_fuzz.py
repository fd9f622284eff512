"""The command line never shows a traceback, and a refused command changes nothing."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from titan_campaign import actions
from titan_campaign.store import Database

COMMANDS = [
    "campaign",
    "titan",
    "spend",
    "choose",
    "award",
    "honor-guard",
    "gold",
    "buy",
    "item",
    "plan",
    "undo",
    "redo",
    "history",
    "sheet",
    "cards",
    "game-card",
    "print-campaign",
    "backups",
    "restore",
    "export",
    "import",
    "game",
]
WORDS = [
    "new",
    "list",
    "games",
    "add",
    "archive",
    "ability",
    "school",
    "spell",
    "swap",
    "decline-swap",
    "item",
    "use",
    "remove",
    "Thorn",
    "thorn",
    "Bex",
    "Nobody",
    "Iron Crown",
    "power",
    "luck",
    "wisdom",
    "fire",
    "air",
    "Fire Ball",
    "Ice Bolt",
    "Griffon",
    "Ogre",
    "Ogre=1",
    "Lion",
    "cloak",
    "Cloak of Mist",
    "won",
    "lost",
    "json",
    "text",
    "html",
    "export.json",
    "out.html",
    "missing.json",
    "db/campaigns.json",
    "db/campaigns.json.lock",
    "db/campaigns.json.backups",
    "./db/../db/campaigns.json",
    "-",
    "/dev/null",
    "no-such-folder/out.pdf",
    "0",
    "1",
    "2",
    "3",
    "-1",
    "100",
    "250",
    "99999999999999999999",
    "",
    "2026-02-30",
    "2026-10-01",
    "é",
    "--json",
    "--all",
    "--player",
    "--base-xp",
    "--result",
    "--score",
    "--game",
    "--date",
    "--survivors",
    "--note",
    "--price",
    "--type",
    "--charges",
    "--format",
    "--output",
    "-o",
    "--blank",
    "--bonus",
    "--charisma",
    "--upgrade",
    "--legion",
    "--campaign",
    "--help",
    "--fled",
    "--scenario-xp",
    "Thorn:won",
    "Bex:lost:score=3",
    "Thorn:won:survivors=Titan+Ogre",
    "x:lost:fled=-1",
    "rename",
    "delete",
    "--yes",
    "\x1b]0;title\x07",
    "a\nb",
]
# What a player may type, paste or have in a terminal of another encoding: Rich markup, terminal
# control (ESC, BEL, OSC window title and clipboard writes), bidirectional overrides and
# zero-width letters, and words that are not UTF-8 (as Python reads Latin-1 bytes).
TEXTS = [
    "loot [/b]",
    "[bold]Thorn[/bold]",
    "[sold] sword",
    "[/]",
    "[link=file:///etc/passwd]x[/link]",
    "\x1b[31mred\x1b[0m",
    "bell\x07",
    "\x1b]0;owned\x07",
    "\x1b]52;c;aGVsbG8=\x07",
    "\x1b[2J\x1b[H",
    "\x9b31m",
    "abc\u202edcb",
    "\u200b",
    "\u2066isolate\u2069",
    "Th\udcf6rn",
    "\udcff\udcfe",
    "caf\udce9 [/b]",
    "\x00nul",
]
WORDS += TEXTS


RANDOM = st.builds(
    lambda command, rest: [command, *rest],
    st.sampled_from(COMMANDS),
    st.lists(st.sampled_from(WORDS) | st.text(max_size=8), max_size=7),
)
TITAN = st.sampled_from(["Thorn", "bex", "Nobody"])
TEXT = st.sampled_from(TEXTS) | st.lists(st.sampled_from(TEXTS), min_size=2, max_size=3).map(
    "".join
)
NUMBER = st.sampled_from(["0", "1", "2", "50", "-30", "400", "100000000"])
NAME = st.sampled_from(
    [
        "power",
        "luck",
        "wisdom",
        "intelligence",
        "fire",
        "Fire",
        "air",
        "Fire Ball",
        "Ice Bolt",
        "Lightning",
        "Wind",
    ]
)
# Nearly well-formed commands, so that many are carried out and change the database.
SHAPED = st.one_of(
    st.tuples(st.just("spend"), TITAN, st.sampled_from(["ability", "school", "spell"]), NAME),
    st.tuples(st.just("gold"), TITAN, NUMBER),
    st.tuples(
        st.just("award"),
        TITAN,
        st.just("--result"),
        st.sampled_from(["won", "lost"]),
        st.just("--score"),
        NUMBER,
    ),
    st.tuples(
        st.just("award"), TITAN, st.just("--result"), st.just("lost"), st.just("--game"), NUMBER
    ),
    st.tuples(
        st.just("titan"),
        st.just("add"),
        st.sampled_from(["Mira", "thorn", "Osk"]),
        st.just("--player"),
        st.just("Cy"),
    ),
    st.tuples(st.sampled_from(["undo", "redo", "history", "sheet"]), TITAN),
    st.tuples(st.just("titan"), st.just("archive"), TITAN),
    st.tuples(st.just("choose"), TITAN, st.sampled_from(["school", "spell", "decline-swap"]), NAME),
    st.tuples(
        st.just("item"), st.sampled_from(["add", "use", "remove"]), TITAN, st.just("Cloak of Mist")
    ),
    st.tuples(st.just("buy"), TITAN, st.just("item"), st.just("Crown"), st.just("--price"), NUMBER),
    st.tuples(st.just("honor-guard"), TITAN, st.sampled_from(["Griffon", "Ogre", "Hydra"])),
    st.tuples(st.just("restore"), NUMBER),
    st.tuples(
        st.just("campaign"),
        st.just("new"),
        st.sampled_from(["Iron Crown", "Second"]),
        st.just("--base-xp"),
        st.sampled_from(["0", "100", "150"]),
    ),
).map(list)
# Commands that keep a player's text, and the commands that show it again.
TYPED = st.one_of(
    st.tuples(st.just("gold"), TITAN, NUMBER, st.just("--note"), TEXT),
    st.tuples(
        st.just("award"),
        TITAN,
        st.just("--result"),
        st.just("won"),
        st.just("--scenario"),
        TEXT,
    ),
    st.tuples(st.just("item"), st.just("add"), TITAN, TEXT, st.just("--description"), TEXT),
    st.tuples(st.just("titan"), st.just("add"), TEXT, st.just("--player"), TEXT),
    st.tuples(st.just("titan"), st.just("rename"), TITAN, TEXT),
    st.tuples(st.just("campaign"), st.just("new"), TEXT, st.just("--base-xp"), st.just("0")),
).map(list)
SHOWING = [
    ["history"],
    ["history", "Thorn", "--json"],
    ["campaign", "games"],
    ["campaign", "list"],
    ["titan", "list"],
    ["sheet", "Thorn"],
    ["game-card", "Thorn", "--format", "text"],
    ["export"],
]
ARGV = RANDOM | SHAPED | TYPED


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The database folder every example starts from, Iron Crown with Thorn and Bex: made
    once through the actions, then copied whole (file, backups) for each example."""
    folder = tmp_path_factory.mktemp("seed") / "db"
    folder.mkdir()
    db = folder / "campaigns.json"
    actions.new_campaign(Database(db), "Iron Crown", 200)
    actions.add_titan(Database(db), actions.find_campaign(Database(db)), "Thorn", "Ann")
    actions.add_titan(Database(db), actions.find_campaign(Database(db)), "Bex", "Bo")
    return folder


@pytest.mark.slow
@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(argvs=st.lists(ARGV, min_size=1, max_size=4))
def test_random_command_lines_exit_0_or_1_and_a_refusal_is_one_line_that_changes_nothing(
    capsys, run_cli, snapshot, seeded, argvs
) -> None:
    home = os.getcwd()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "db"
        shutil.copytree(seeded, folder)
        db = folder / "campaigns.json"
        os.chdir(scratch)  # files a command writes (sheets, exports) land here
        try:
            for argv in argvs:
                before = snapshot(folder)
                code, out, err = run_cli(db, capsys, *argv)
                event(f"exit {code}")
                assert code in (0, 1), (argv, code, err)
                assert "Traceback" not in err and "Traceback" not in out, (argv, err)
                if code != 0:
                    assert snapshot(folder) == before, (
                        f"{argv} was refused but changed the database"
                    )
                json.loads(db.read_bytes())  # still the database: no printout landed on it
                if code == 1:
                    assert err.strip().count("\n") == 0 and err.startswith("error: "), (argv, err)
        finally:
            os.chdir(home)


@pytest.mark.slow
@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(typed=st.lists(TYPED, min_size=1, max_size=3))
def test_texts_with_markup_control_characters_or_another_encoding_never_give_a_traceback(
    capsys, run_cli, snapshot, seeded, typed
) -> None:
    """Each text is kept or refused (the database untouched), and every command that shows
    texts again answers without a traceback."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "db"
        shutil.copytree(seeded, folder)
        db = folder / "campaigns.json"
        for argv in [*typed, *SHOWING]:
            before = snapshot(folder)
            code, out, err = run_cli(db, capsys, *argv)
            event(f"{argv[0]}: exit {code}")
            assert code in (0, 1), (argv, code, err)
            assert "Traceback" not in err and "Traceback" not in out, (argv, err)
            if code == 1:
                assert err.startswith("error: ") and err.strip().count("\n") == 0, (argv, err)
                assert snapshot(folder) == before, f"{argv} was refused but changed the database"
