"""The console script, `python -m titan_campaign`, and where the data lives."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest


def run(*argv: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """The program as a player runs it."""
    return python("-m", "titan_campaign", *argv, env=env)


def python(*argv: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Python on ``argv`` (``-c`` and a script), with no input."""
    return subprocess.run(
        [sys.executable, *argv],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )


def test_default_database_lives_in_the_user_data_folder_and_env_var_overrides(
    tmp_path: Path,
) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "HOME": str(tmp_path)}
    env.pop("TITAN_CAMPAIGN_DB", None)
    assert run("campaign", "new", "Home", "--base-xp", "0", env=env).returncode == 0
    assert (tmp_path / "data" / "titan-campaign" / "campaigns.json").exists()

    env["TITAN_CAMPAIGN_DB"] = str(tmp_path / "elsewhere.json")
    assert run("campaign", "new", "Away", "--base-xp", "100", env=env).returncode == 0
    listed = json.loads(run("campaign", "list", "--json", env=env).stdout)
    assert [c["name"] for c in listed] == ["Away"]


def test_refusal_from_a_real_process_has_no_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "TITAN_CAMPAIGN_DB": str(tmp_path / "db.json")}
    result = run("titan", "add", "Thorn", "--player", "Ann", env=env)
    assert result.returncode == 1
    assert result.stderr.startswith("error: ") and "Traceback" not in result.stderr


def test_no_command_opens_the_app_on_the_named_titan(tmp_path: Path, monkeypatch) -> None:
    import titan_campaign.tui.app as app_module
    from titan_campaign import cli
    from titan_campaign.cli import main

    monkeypatch.setattr(cli, "has_terminal", lambda: True)  # as in a player's terminal
    opened: list[tuple[Path, str | None, str | None]] = []
    monkeypatch.setattr(
        app_module,
        "run_app",
        lambda path, campaign=None, titan=None: opened.append((path, campaign, titan)) or 0,
    )
    assert main(["--db", str(tmp_path / "db.json"), "--titan", "Thorn"]) == 0
    assert main(["--db", str(tmp_path / "db.json"), "--campaign", "Iron Crown"]) == 0
    assert opened == [
        (tmp_path / "db.json", None, "Thorn"),
        (tmp_path / "db.json", "Iron Crown", None),
    ]


def test_output_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    env = {**os.environ, "TITAN_CAMPAIGN_DB": str(tmp_path / "db.json")}
    assert run("campaign", "new", "Home", "--base-xp", "0", env=env).returncode == 0
    reader = subprocess.Popen(
        [sys.executable, "-m", "titan_campaign", "campaign", "list"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    )
    reader.stdout.close()  # like `| head` that has stopped reading before anything came
    assert reader.wait(timeout=60) == 0
    assert reader.stderr.read() == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="a system without /dev/full")
def test_output_to_a_full_disk_says_the_output_cannot_be_written(tmp_path: Path) -> None:
    """It said only "No space left on device", as if the database could not be saved."""
    env = {**os.environ, "TITAN_CAMPAIGN_DB": str(tmp_path / "db.json")}
    assert run("campaign", "new", "Home", "--base-xp", "0", env=env).returncode == 0
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "titan_campaign", "campaign", "list", "--json"],
            check=False,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
    assert done.returncode == 1
    assert done.stderr == "error: the output cannot be written: No space left on device\n"


def test_a_mistake_is_told_by_the_parser_of_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from titan_campaign.cli.parser import parse_arguments

    with pytest.raises(SystemExit) as exited:
        parse_arguments(["shet", "gold"])  # "gold" is a command, "shet" is not
    assert exited.value.code == 1
    error = capsys.readouterr().err
    assert error == 'error: no command "shet": did you mean sheet? (see titan-campaign --help)\n'


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["help"], 'no command "help" (see titan-campaign --help)'),
        (
            ["titan", "lst"],
            'no command "lst": did you mean list? (see titan-campaign titan --help)',
        ),
        # a word of the same meaning: "create" is not near "new" by its letters
        (
            ["campaign", "create"],
            'no command "create": did you mean new? (see titan-campaign campaign --help)',
        ),
        (
            ["titan", "create"],
            'no command "create": did you mean add? (see titan-campaign titan --help)',
        ),
        (
            ["titan", "remove"],
            'no command "remove": did you mean archive? (see titan-campaign titan --help)',
        ),
        # it said only 'no command "delete"': an item is removed, a Titan archived
        (
            ["item", "delete", "Thorn", "Ring"],
            'no command "delete": did you mean remove? (see titan-campaign item --help)',
        ),
        (
            ["item", "rm", "Thorn", "Ring"],
            'no command "rm": did you mean remove? (see titan-campaign item --help)',
        ),
    ],
)
def test_a_word_that_is_no_command_is_said_with_the_nearest_one(
    words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A mistyped command was answered with argparse's "invalid choice" and every command."""
    from titan_campaign.cli.parser import parse_arguments

    with pytest.raises(SystemExit):
        parse_arguments(words)
    assert capsys.readouterr().err == f"error: {said}\n"


@pytest.mark.parametrize(
    ("words", "meant"),
    [
        # a command of campaign or titan typed on its own is pointed there, not to "game"
        (["games"], "campaign games"),
        (["rename", "Thorn", "Thor"], "campaign rename or titan rename"),
        (["archive", "Osk"], "titan archive"),
        (["list"], "campaign list or titan list"),
        (["add", "Foo"], "titan add, item add or campaign new"),
        (["new", "X"], "campaign new, titan add or item add"),
        (["delete", "X"], "campaign delete, titan archive or item remove"),
        (["retire", "Osk"], "titan archive"),
        (["renam", "Thorn", "Thor"], "campaign rename or titan rename"),
    ],
)
def test_a_command_of_campaign_or_titan_typed_alone_is_pointed_there(
    words: list[str], meant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``games`` was answered "did you mean game?" (which records a game), ``rename`` the
    same, and ``archive``, ``list``, ``new``, ``delete`` with no hint at all."""
    from titan_campaign.cli.parser import parse_arguments

    with pytest.raises(SystemExit) as exited:
        parse_arguments(words)
    assert exited.value.code == 1
    said = f'error: no command "{words[0]}": did you mean {meant}? (see titan-campaign --help)\n'
    assert capsys.readouterr().err == said


@pytest.mark.parametrize(
    ("command", "pointer"),
    [
        ("restore", "titan restore: bring an archived Titan back"),
        ("export", "titan export: write one Titan with its whole history to a file"),
    ],
)
def test_restore_or_export_with_a_titans_name_points_to_the_titan_command_of_that_name(
    command: str, pointer: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``restore Osk`` said only that a backup's number was expected."""
    from titan_campaign.cli.parser import parse_arguments

    with pytest.raises(SystemExit) as exited:
        parse_arguments([command, "Osk"])
    assert exited.value.code == 1
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Osk" in error
    assert f"; {pointer} (see titan-campaign {command} --help)" in error


def _every_parser() -> list[tuple[str, argparse.ArgumentParser]]:
    from titan_campaign.cli.parser import build_parser

    found = [("titan-campaign", build_parser())]
    for prog, parser in found:  # grows as subcommands are found
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                found.extend((f"{prog} {name}", sub) for name, sub in action.choices.items())
    return found


def test_every_command_names_its_words_in_capitals_or_by_the_words_it_takes() -> None:
    """``gold TITAN amount``, ``titan add name``, ``import file``: two styles in one usage."""
    named = [
        (prog, action.metavar)
        for prog, parser in _every_parser()
        for action in parser._actions
        if not action.option_strings and not isinstance(action, argparse._SubParsersAction)
    ]
    assert ("titan-campaign gold", "AMOUNT") in named
    assert ("titan-campaign choose", "{school,spell,swap,decline-swap}") in named
    odd = [
        (prog, name) for prog, name in named if not name or not (name.isupper() or name[0] == "{")
    ]
    assert odd == []


def test_a_missing_choice_is_named_as_the_usage_line_names_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``choose Thorn`` said "required: what" under a usage line showing {school,...}."""
    from titan_campaign.cli.parser import parse_arguments

    with pytest.raises(SystemExit):
        parse_arguments(["choose", "Thorn"])
    error = capsys.readouterr().err
    assert "required: {school,spell,swap,decline-swap} (see titan-campaign choose --help)" in error


def test_every_argument_of_every_command_says_what_it_is_in_its_help() -> None:
    unexplained = [
        f"{prog} {action.option_strings[-1] if action.option_strings else action.dest}"
        for prog, parser in _every_parser()
        for action in parser._actions
        if not action.help and not isinstance(action, argparse._SubParsersAction)
    ]
    assert unexplained == []


def test_a_command_s_help_names_its_titan_and_its_figures_in_a_player_s_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from titan_campaign.cli.parser import parse_arguments

    with pytest.raises(SystemExit):
        parse_arguments(["award", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "TITAN the Titan's name" in text
    assert "--battle-won N battles won (25 XP each) (R8)" in text


def test_the_app_without_a_terminal_says_so_and_ends(tmp_path: Path) -> None:
    """Started with its output into a file (or no keyboard), the app wrote the sheet's escape
    codes into it until killed (10 minutes of a full core)."""
    env = {**os.environ, "TITAN_CAMPAIGN_DB": str(tmp_path / "db.json")}
    env.pop("TEXTUAL_DRIVER", None)
    result = run(env=env)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "error: the app needs a terminal: start it in one, or give a command"
        " (titan-campaign --help lists them)\n"
    )
    assert not (tmp_path / "db.json").exists()


def test_a_database_in_a_folder_that_is_not_there_is_refused_never_made(tmp_path: Path) -> None:
    """``--db /nonexist/x.json`` made /nonexist at the root, and a database in it: a typo (or
    a synced folder not there yet) got a new, empty campaign file."""
    typo = tmp_path / "campains" / "campaigns.json"
    env = {**os.environ, "TITAN_CAMPAIGN_DB": str(typo)}
    result = run("campaign", "new", "Home", "--base-xp", "0", env=env)
    assert result.returncode == 1
    assert result.stderr == (
        f"error: TITAN_CAMPAIGN_DB {typo}: there is no folder {typo.parent} (it is never made"
        " for you): make it first, or check the name\n"
    )
    result = run("--db", str(typo), "titan", "list", env=env)
    assert result.stderr.startswith(f"error: --db {typo}: there is no folder")
    assert not typo.parent.exists()


CTRL_C_WHILE_LOADING = """
import os, signal, sys, time

LOADING, HOW = sys.argv[1], sys.argv[2]

class CtrlC:
    def find_spec(self, name, path=None, target=None):
        if name == LOADING:  # ctrl+c as the program loads this module
            try:
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(5)
            except KeyboardInterrupt:
                if HOW == "panic":  # a library's own way of saying it (pydantic's core panics)
                    raise RuntimeError("panicked: failed to import datetime C API") from None
                raise
        return None

sys.meta_path.insert(0, CtrlC())
from titan_campaign.start import entry
sys.argv = ["titan-campaign", "titan", "list"]
entry()
"""


@pytest.mark.parametrize("how", ["signal", "panic"])
@pytest.mark.parametrize("loading", ["pydantic", "titan_campaign.cli.parser", "argparse"])
def test_ctrl_c_while_the_program_loads_says_one_line_and_exits_1(
    tmp_path: Path, loading: str, how: str
) -> None:
    """ctrl+c in the first half second of a command (a typo seen at once) printed a
    traceback of the modules loading (or a library's panic) and ended the program by the
    signal."""
    env = {**os.environ, "TITAN_CAMPAIGN_DB": str(tmp_path / "db.json")}
    result = python("-c", CTRL_C_WHILE_LOADING, loading, how, env=env)
    assert (result.returncode, result.stderr) == (1, "error: interrupted; nothing was saved\n")
    assert not (tmp_path / "db.json").exists()


CTRL_C_AS_THE_CHANGE_IS_WRITTEN = """
import os, signal, sys, time

import titan_campaign.store.database as database

written = database.write_atomically


def write_then_ctrl_c(path, payload):
    written(path, payload)  # the change is in the file
    os.kill(os.getpid(), signal.SIGINT)  # and the player presses ctrl+c
    time.sleep(0.2)


database.write_atomically = write_then_ctrl_c
from titan_campaign.start import entry
sys.argv = ["titan-campaign", "gold", "Ann", "5"]
entry()
"""


def test_ctrl_c_as_a_change_is_written_never_says_nothing_was_saved(tmp_path: Path) -> None:
    """A ctrl+c landing just after the change was written said "interrupted; nothing was
    saved" (exit 1) with the gold in the file: a player typing it again counted it twice.
    Once a command starts writing its change, ctrl+c is held: the change is saved and said."""
    env = {**os.environ, "TITAN_CAMPAIGN_DB": str(tmp_path / "db.json")}
    assert run("campaign", "new", "Home", "--base-xp", "0", env=env).returncode == 0
    assert run("titan", "add", "Ann", "--player", "a", env=env).returncode == 0
    result = python("-c", CTRL_C_AS_THE_CHANGE_IS_WRITTEN, env=env)
    assert (result.returncode, result.stderr) == (0, ""), result.stderr
    assert "Ann: 5 gold" in result.stdout
    assert "Ann: gold +5" in run("history", "Ann", env=env).stdout


@pytest.mark.parametrize(
    "words", [["--version", "extra"], ["--version", "gold"], ["x", "--version"]]
)
def test_version_with_another_word_is_refused(
    words: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``titan-campaign --version extra`` printed the version and ended well."""
    from titan_campaign.cli.parser import parse_arguments

    with pytest.raises(SystemExit) as exited:
        parse_arguments(words)
    assert exited.value.code == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert (
        captured.err
        == "error: --version takes nothing else: give it alone (see titan-campaign --help)\n"
    )


def test_version_says_the_installed_version(tmp_path: Path) -> None:
    from importlib.metadata import version

    result = run("--version", env={**os.environ, "TITAN_CAMPAIGN_DB": str(tmp_path / "db.json")})
    assert (result.returncode, result.stdout) == (
        0,
        f"titan-campaign {version('titan-campaign')}\n",
    )
    assert not (tmp_path / "db.json").exists()
