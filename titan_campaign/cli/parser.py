"""The command line's arguments: every command, its options and its help text."""

from __future__ import annotations

import argparse
import difflib
import os
import re
from argparse import Namespace
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from ..actions import Database, is_stream
from ..printing.kinds import KINDS
from ..rules.awards import FIGURE_LABELS, XP_PER_ENGAGEMENT
from ..rules.errors import RuleError
from ..rules.game_log import (
    ENTRY,
    ENTRY_FIGURES,
    EntryWords,
    iso_day,
    read_entry,
    read_survivors,
)
from ..rules.names import quoted
from ..rules.printable import one_line
from . import handlers

Parser = argparse.ArgumentParser
Handler = Callable[[Namespace, Database], None]
FILE_SCHEMAS = ("database", "export", "titan")
"""The files ``schema`` describes (``actions.FILE_SCHEMAS``, named here so that building the
parser loads none of their models)."""
Arguments = Callable[[Parser, Parser], None]
"""Adds a command's arguments to its parser (the second: the options every command takes)."""


class _Once(argparse.Action):
    """An option given once: given again, it is refused rather than the first value silently
    dropped (``--survivors Titan --survivors Ogre`` kept only the Ogre, ``--db A ... --db B``
    wrote into B); a flag too, by the same rule (``history --json --json``)."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        if option_string and getattr(namespace, self.dest, self.default) != self.default:
            parser.error(f"{option_string} is given twice: give it once")
        super().__call__(parser, namespace, values, option_string)


class _OnceValue(_Once, argparse._StoreAction):
    """An option taking one value, given once."""


class _OnceFlag(_Once, argparse._StoreTrueAction):
    """A flag (``--json``), given once."""


class _Commands(argparse._SubParsersAction):  # type: ignore[type-arg]
    """A command's subcommands, each one's --help opening with what it does (its help)."""

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        kwargs.setdefault("description", kwargs.get("help"))
        return super().add_parser(name, **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        """An option every command takes (--db, --campaign: in the namespace only when given)
        given before the command and again after it is refused as one given twice (the
        command's parser starts afresh, and its value silently replaced the first)."""
        given = [
            (action, vars(namespace).pop(action.dest))
            for action in parser._actions
            if action.default is argparse.SUPPRESS and action.dest in vars(namespace)
        ]
        super().__call__(parser, namespace, values, option_string)
        for action, value in given:
            if action.dest in vars(namespace):
                parser.error(f"{action.option_strings[-1]} is given twice: give it once")
            setattr(namespace, action.dest, value)


class _Parser(argparse.ArgumentParser):
    namesakes = ""
    """The other commands of this command's name, said with any mistake in its words
    (``restore Osk``: "; titan restore: bring an archived Titan back")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in (None, "store"):  # every option taking one value
            self.register("action", name, _OnceValue)
        self.register("action", "store_true", _OnceFlag)
        self.register("action", "parsers", _Commands)

    def add_argument(self, *names: str, **kwargs: Any) -> argparse.Action:
        """A word of a few (``--format``, ``choose``'s kind) is taken in any case, as names
        are; a command's word is named in capitals (``TITAN AMOUNT``), or by the words it
        takes (``{item,spell}``) in its usage and in a refusal alike."""
        choices = kwargs.get("choices")
        if choices and all(isinstance(choice, str) for choice in choices):  # refused as typed
            kwargs.setdefault(
                "type", lambda text: text.lower() if text.lower() in choices else text
            )
        if not names[0].startswith("-"):
            listed = "{" + ",".join(map(str, choices)) + "}" if choices else names[0].upper()
            kwargs.setdefault("metavar", listed)
        return super().add_argument(*names, **kwargs)

    def error(self, message: str) -> NoReturn:
        """A mistake in the command's words: one line, exit 1, like any other refusal."""
        self.exit(1, f"error: {one_line(message)}{self.namesakes} (see {self.prog} --help)\n")

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """A command that is not one is said in a player's words, with the commands it may
        mean, here or one level down (``rename``: campaign rename or titan rename), by its
        meaning, else the nearest by its letters (argparse listed every command after
        "invalid choice"); any other word of a few is said with the words it may be, and the
        nearest."""
        if isinstance(action, _Commands) and value not in action.choices:
            found = _reachable(self)
            typed = value.lower()
            words = (typed, *SAME_MEANING.get(typed, ()))
            meant = [command for word in words for name, command, _ in found if name == word]
            if not meant:
                near = difflib.get_close_matches(typed, [name for name, _, _ in found], n=1)
                meant = [command for name, command, _ in found if name in near]
            said = f'no command "{one_line(value)}"'
            if meant:
                *some, last = meant
                said += f": did you mean {', '.join(some) + ' or ' if some else ''}{last}?"
            self.error(said)
        if action.choices is not None and value not in action.choices:
            *some, last = map(str, action.choices)
            taking = action.option_strings[-1] if action.option_strings else self.prog
            said = f"{taking.removeprefix('titan-campaign ')} takes"
            said += f" {', '.join(some) + ' or ' if some else ''}{last}, not {quoted(str(value))}"
            named = [choice for choice in action.choices if isinstance(choice, str)]
            near = difflib.get_close_matches(str(value).lower(), named, n=1)  # not 0 for 50
            raise argparse.ArgumentError(None, f"{said}; did you mean {near[0]}?" if near else said)
        super()._check_value(action, value)


def _commands_of(parser: Parser) -> dict[str, Parser]:
    """A parser's commands by name (none for a command without any)."""
    return next((each.choices for each in parser._actions if isinstance(each, _Commands)), {})


def _reachable(parser: Parser) -> list[tuple[str, str, Parser]]:
    """The commands a word typed in the place of ``parser``'s command may name, its own and
    one level down: (the word, the command's words, its parser), e.g. ("rename", "titan
    rename", ...)."""
    found = [(name, name, sub) for name, sub in _commands_of(parser).items()]
    for name, sub in _commands_of(parser).items():
        found += [(word, f"{name} {word}", inner) for word, inner in _commands_of(sub).items()]
    return found


SAME_MEANING = {
    "create": ("new", "add"),
    "make": ("new", "add"),
    "add": ("new",),
    "new": ("add",),
    "remove": ("delete", "archive"),
    "rm": ("delete", "archive", "remove"),
    "del": ("delete", "archive", "remove"),
    "ls": ("list",),
    "show": ("list",),
    "retire": ("archive",),
    "delete": ("archive", "remove"),
}
"""Words a player may type for a command of another name ("campaign create": new)."""


def _names(text: str) -> list[str]:
    names = [part.strip() for part in text.split(",") if part.strip()]
    if not names:  # an empty value set the plan to no picks at all, unsaid
        raise argparse.ArgumentTypeError("names no creature: name them, separated by commas")
    return names


def _survivors(text: str) -> tuple[str, ...]:
    try:
        return read_survivors(text)
    except RuleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _placement(text: str) -> tuple[str, int]:
    name, sep, legion = text.rpartition("=")
    if not sep or not name.strip() or legion.strip() not in ("1", "2"):
        raise argparse.ArgumentTypeError(f"expected NAME=1 or NAME=2, got {text!r}")
    return name.strip(), int(legion)


JSON_HELP = "the same as data (JSON), for a script"


def _figure_help(option: str) -> str:
    """What one figure of a game is, and what it is worth (R8)."""
    field = option.replace("-", "_")
    if field == "score":
        return "the Titan's score (a tenth of it in XP) (R8)"
    if field == "scenario_xp":
        return "a scenario's XP, added to the standard award (R8)"
    if field == "fled":  # the rulebook's "engagements where the defender flees"
        return "engagements where a legion fled before any battle, either side (0 XP each) (R8)"
    return f"{FIGURE_LABELS[field][1]} ({XP_PER_ENGAGEMENT[field]} XP each) (R8)"


SCENARIO_AWARD_HELP = (
    "the scenario's own award, which replaces the standard one (result, engagements and score "
    "count 0; the Wisdom bonus is still added) (R8: XP are awarded according to the scenario)"
)


def _participant(text: str) -> EntryWords:
    """``Thorn:won:score=347,battle-won=3,survivors=Titan+Ogre``: name, result, figures, survivors."""
    try:
        return read_entry(text)
    except RuleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _iso_date(text: str) -> str:
    try:
        return iso_day(text)
    except RuleError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _integer(text: str, expected: str) -> int:
    """``text`` as a whole number written in the digits 0 to 9 (``1_000`` is a typo, not a
    thousand); a player's one-line message if it is not one, saying what was ``expected``."""
    if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):
        raise argparse.ArgumentTypeError(f"expected {expected}, got {text!r}")
    return int(text)


def _count(text: str) -> int:
    value = _integer(text, "a whole number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of 0 or more, got {text}")
    return value


def _whole(text: str) -> int:
    return _integer(text, "a whole number")


def _backup_number(text: str) -> int:
    return _integer(text, "a backup's number like 1 from titan-campaign backups")


def _signed(text: str) -> int:
    return _integer(text, "a whole number like 50 or -20")


FORMATS = {
    "goal": ("text", "json"),
    "progress": ("text", "json", "svg"),
    "sheet": KINDS["sheet"],
    "cards": KINDS["cards"],
    "game-card": KINDS["game-card"],
    "print-campaign": KINDS["campaign"],
}
"""The formats each printing command writes (the printouts' as ``printing.kinds`` says)."""

ENDINGS = {
    ".txt": "text",
    ".json": "json",
    ".html": "html",
    ".htm": "html",
    ".pdf": "pdf",
    ".svg": "svg",
}
"""The format a printout's file name says by its ending."""


def _format_of_file(parser: Parser, args: Namespace, argv: Sequence[str]) -> None:
    """The format a printout's file name ends in, when --format is not given (`sheet -o
    th.pdf` wrote the text sheet into th.pdf). A name ending in a format the command does not
    print (`cards -o c.svg` wrote a PDF), in no format or in none at all (`sheet -o out.docx`
    wrote text) is refused as ``args.wrong_ending`` says, once the file there is judged (a
    database is refused as one), naming the formats this printout takes (a blank sheet's are
    fewer than a Titan's). A stream (`-o -`) has no ending to read."""
    output, command = getattr(args, "output", None), getattr(args, "command", None)
    given = any(word == "--format" or word.startswith("--format=") for word in argv)
    if not output or given or command not in FORMATS or is_stream(Path(output)):
        return
    if os.path.isdir(output):  # refused as writing it says: "name a file in it"
        return
    formats = KINDS["blank"] if getattr(args, "blank", False) else FORMATS[command]
    command += " --blank" if getattr(args, "blank", False) else ""
    ending = Path(output).suffix.lower()
    wanted = ENDINGS.get(ending)
    if wanted in formats:
        args.format = wanted
        return
    *some, last = formats
    if wanted is not None:
        args.wrong_ending = (
            f"{command} prints as {', '.join(some)} or {last}, not {wanted}: end the file's"
            " name as one of those, or give --format"
        )
        return
    *some, last = [next(e for e, f in ENDINGS.items() if f == kind) for kind in formats]
    args.wrong_ending = (
        f"{command} writes no {one_line(ending)} file: end the file's name in"
        if ending
        else f'"{one_line(Path(output).name)}" has no ending to tell {command} which format'
        " to write: end it in"
    ) + f" {', '.join(some)} or {last}, or give --format"


def parse_arguments(argv: Sequence[str]) -> Namespace:
    """The command's arguments, read by the parser of every command; words the command does
    not take are refused pointing at the command's own help."""
    parser = build_parser()
    options = list(argv)[: list(argv).index("--")] if "--" in argv else argv
    if "--version" in options and len(argv) > 1:  # it printed the version, the rest unread
        parser.error("--version takes nothing else: give it alone")
    dashed = _dashed_word(argv)
    if dashed:
        at = list(argv).index(dashed)
        before = argv[at - 1] if at else ""
        joined = (
            f"; a value of an option is joined to it, as in {before}={dashed}"
            if before.startswith("--") and "=" not in before
            else ""
        )
        parser.error(
            f'no option {dashed}: a name beginning with "-" goes last, after "--", as in'
            f" titan-campaign sheet -- {dashed}{joined}"
        )
    args, extra = parser.parse_known_args(argv)
    if extra:
        command = command_words(args)
        if "--campaign" in extra and getattr(args, "whole_file", False):
            parser.error(f"{command} takes no --campaign: leave it out")
        if "--" in argv and extra[0] in argv[list(argv).index("--") + 1 :]:
            parser.error(f'{extra[0]} comes after "--", where only names go: put it before "--"')
        if extra[0].startswith("-") and len(extra[0]) > 1:  # an option it has not
            parser.exit(
                1,
                f"error: {command or 'titan-campaign'} has no {one_line(extra[0])} option"
                f" (see titan-campaign{' ' + command if command else ''} --help)\n",
            )
        words = [word for word in extra if not word.startswith("-")]
        quotes = 'a name of several words goes in quotes, e.g. "Ice Storm"; ' if words else ""
        if words and _after_an_option(argv, getattr(args, "command", None), words[0]):
            quotes = "the names go before the options, such as --campaign; "
        if command == "campaign rename" and words:  # typed as titan rename is: OLD NEW
            quotes = (
                "it takes the new name alone, in quotes if of several words, e.g. campaign"
                ' rename "Second Age" --campaign "Iron Crown"; '
            )
        if getattr(args, "clear", False) and words:
            quotes = "--clear names nothing: give the names or --clear; "
        if command in ("game", "correct") and any(":" in word for word in extra):
            what, example = (
                ("the entries", "game Thorn:won Mira:lost")
                if command == "game"
                else ("the game's number and its entries", "correct 4 Mira:lost")
            )
            quotes = f"{what} go together, with no option between them, e.g. {example} --date D; "
        own = _commands_of(parser).get(command)
        namesakes = own.namesakes if isinstance(own, _Parser) else ""  # export Osk: titan export
        parser.exit(
            1,
            f"error: {command or 'titan-campaign'} does not take"
            f" {one_line(' '.join(extra)).strip() or quoted('')}"
            f"{namesakes} ({'' if namesakes else quotes}see titan-campaign"
            f"{' ' + command if command else ''} --help)\n",
        )
    _format_of_file(parser, args, argv)
    return args


def _dashed_word(argv: Sequence[str]) -> str | None:
    """A word before any "--" that begins with a single "-" and is neither -h, -o (with or
    without its file) nor a number: no option of any command, so a name that begins with "-"
    typed where the parser takes it for an option ("sheet -x" said "sheet has no -x option")."""
    for word in argv:
        if word == "--":
            return None
        option = word.startswith("-") and not word.startswith(("--", "-h", "-o"))
        if option and len(word) > 1 and not word[1:].replace(".", "", 1).isdigit():
            return word
    return None


def _after_an_option(argv: Sequence[str], command: str | None, word: str) -> bool:
    """Whether ``word`` was typed after ``--campaign C`` (or ``--db F``), which every command
    takes, where the command's names no longer go."""
    start = argv.index(command) + 1 if command in argv else 0
    end = list(argv).index(word) if word in argv else start
    return any(part in ("--campaign", "--db") for part in argv[start:end])


def command_words(args: Namespace) -> str:
    """The command's words, as typed: ``campaign new``, ``export``."""
    return " ".join(filter(None, (getattr(args, "command", None), getattr(args, "action", None))))


@cache
def build_parser() -> Parser:
    """Every command with its arguments: built once (reading a command line changes nothing
    in it), not again for each command a program runs."""
    common = _file_only()
    common.add_argument(
        "--campaign",
        default=argparse.SUPPRESS,
        help="campaign name (needed only when there are several)",
    )
    parser = _Parser(
        prog="titan-campaign",
        description="Campaign manager for Campaign Titan. With no command, opens the character-sheet app.",
        parents=[common],
    )
    parser.add_argument(
        "--titan",
        dest="open_titan",
        metavar="TITAN",
        default=None,
        help="with no command: open the app on this Titan's sheet (--campaign: on its roster)",
    )
    parser.add_argument("--version", action=_Version, help="say which version this is and end")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (text, handler, arguments) in COMMANDS.items():
        whole_file = name in WHOLE_FILE
        parent = _file_only() if whole_file else common
        sub = commands.add_parser(name, help=text, description=text, parents=[parent])
        sub.set_defaults(handler=handler, whole_file=whole_file)
        arguments(sub, common)
    reachable = _reachable(parser)
    for word, command, own in reachable:
        if command == word and isinstance(own, _Parser):  # "; titan restore: ..."
            own.namesakes = "".join(
                f"; {other}: {(inner.description or '').split(' (')[0]}"
                for name, other, inner in reachable
                if name == word and other != word
            )
    return parser


class _Version(argparse.Action):
    """``--version``: the installed version, read from the package's metadata only when asked."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        from importlib.metadata import version

        print(f"titan-campaign {version('titan-campaign')}")
        parser.exit()


WHOLE_FILE = frozenset(("backups", "restore", "export", "schema", "import", "merge"))
"""The commands about the whole file, every campaign in it: they take no ``--campaign``."""


def _file_only() -> _Parser:
    """The option of a command about the whole file (``WHOLE_FILE``, or a campaign's ``new``,
    ``list`` and ``delete``): the database, no campaign."""
    only = _Parser(add_help=False)
    only.add_argument(
        "--db",
        default=argparse.SUPPRESS,
        help="database file (default: $TITAN_CAMPAIGN_DB or the user data folder)",
    )
    return only


def _campaign_arguments(campaign: Parser, common: Parser) -> None:
    campaign_cmds = campaign.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=type(campaign)
    )
    new = campaign_cmds.add_parser("new", help="create a campaign", parents=[_file_only()])
    new.add_argument("name", help="the campaign's name")
    new.add_argument(
        "--base-xp",
        type=_whole,
        choices=(0, 100, 200),
        required=True,
        help="XP every Titan starts with (R1)",
    )
    listing = campaign_cmds.add_parser("list", help="list campaigns", parents=[_file_only()])
    listing.add_argument("--json", action="store_true", help=JSON_HELP)
    games = campaign_cmds.add_parser("games", help="the campaign's game log", parents=[common])
    games.add_argument("--json", action="store_true", help=JSON_HELP)
    rename = campaign_cmds.add_parser(
        "rename", help="rename a campaign (--campaign OLD when there are several)", parents=[common]
    )
    rename.add_argument("name", help="the new name")
    delete = campaign_cmds.add_parser(
        "delete", help="delete a campaign and its Titans (a backup is kept)", parents=[_file_only()]
    )
    for whole_file in (new, listing, delete):
        whole_file.set_defaults(whole_file=True)
    delete.add_argument("name", help="the campaign to delete")
    delete.add_argument(
        "--yes", action="store_true", help="confirm: every Titan of the campaign goes with it"
    )


def _titan_arguments(titan: Parser, common: Parser) -> None:
    titan_cmds = titan.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=type(titan)
    )
    add = titan_cmds.add_parser("add", help="add a Titan to a campaign", parents=[common])
    add.add_argument("name", help="the new Titan's name")
    add.add_argument("--player", required=True, help="who plays the Titan")
    tlist = titan_cmds.add_parser("list", help="list Titans", parents=[common])
    tlist.add_argument("--json", action="store_true", help=JSON_HELP)
    tlist.add_argument("--all", action="store_true", help="include archived Titans")
    archive = titan_cmds.add_parser(
        "archive", help="archive a dead or retired Titan (never deleted)", parents=[common]
    )
    _titan(archive)
    restore_titan = titan_cmds.add_parser(
        "restore", help="bring an archived Titan back", parents=[common]
    )
    _titan(restore_titan)
    rename_titan = titan_cmds.add_parser("rename", help="give a Titan a new name", parents=[common])
    _titan(rename_titan)
    rename_titan.add_argument("name", help="the new name")
    player = titan_cmds.add_parser("player", help="change who plays a Titan", parents=[common])
    _titan(player)
    player.add_argument("player", help="the new player")
    export_titan = titan_cmds.add_parser(
        "export", help="write one Titan with its whole history to a file", parents=[common]
    )
    _titan(export_titan)
    export_titan.add_argument("-o", "--output", required=True, help="the file to write")
    import_titan = titan_cmds.add_parser(
        "import",
        help="bring an exported Titan into a campaign (replayed through the rules)",
        parents=[common],
    )
    import_titan.add_argument("file", help="a Titan file written by titan export")
    import_titan.add_argument(
        "--name", default=None, help="a new name, if the campaign has one like it"
    )


def _spend_arguments(spend: Parser, common: Parser) -> None:
    _titan(spend)
    spend.add_argument(
        "what",
        choices=("ability", "school", "spell"),
        metavar="WHAT",
        help="what the 100 XP buy: ability, school or spell",
    )
    spend.add_argument(
        "name", metavar="NAME", help="the ability, school or spell, e.g. power, fire, Fire Bolt"
    )


def _choose_arguments(choose: Parser, common: Parser) -> None:
    _titan(choose)
    choose.add_argument(
        "what",
        choices=("school", "spell", "swap", "decline-swap"),
        help="the kind of choice (titan-campaign choices TITAN lists those to make)",
    )
    choose.add_argument(
        "names",
        nargs="*",
        default=[],  # may be left out: not listed as required
        metavar="NAME",
        help="school; spell; OLD NEW for swap; [SCHOOL [LEVEL]] for decline-swap",
    )
    choose.add_argument(
        "--bonus", action="store_true", help="take the spell as an Intelligence bonus pick (R6)"
    )


def _titan(parser: Parser) -> None:
    parser.add_argument("titan", metavar="TITAN", help="the Titan's name")


def _titan_only(parser: Parser, common: Parser) -> None:
    _titan(parser)


def _award_arguments(award: Parser, common: Parser) -> None:
    _titan(award)
    award.add_argument(
        "--result",
        type=str.lower,
        choices=("won", "lost"),
        required=True,
        help="the game's result for the Titan",
    )
    for option in ENTRY_FIGURES[:-1]:
        award.add_argument(
            f"--{option}", type=_count, default=0, metavar="N", help=_figure_help(option)
        )
    award.add_argument(
        "--scenario-award", type=_count, default=None, metavar="N", help=SCENARIO_AWARD_HELP
    )
    award.add_argument("--scenario", default="", help="scenario name")
    award.add_argument(
        "--survivors",
        type=_survivors,
        default=None,
        help="characters in the Titan's legions at game end, comma-separated (none if none survived)",
    )
    award.add_argument("--date", type=_iso_date, default=None, help="YYYY-MM-DD (default today)")
    award.add_argument(
        "--game",
        type=_game_number,
        default=None,
        help="add this Titan to an already recorded game number",
    )


def _game_arguments(game: Parser, common: Parser) -> None:
    game.add_argument(
        "parts",
        nargs="+",
        type=_participant,
        metavar="TITAN:RESULT[:FIGURES]",
        help="e.g. Thorn:won:score=347,battle-won=3,agreement=1,survivors=Titan+Ogre  Mira:lost:score=120  Osk:lost; "
        "scenario-xp=N adds a scenario's XP, scenario-award=N replaces the standard award with it",
    )
    game.add_argument("--scenario", default="", help="scenario name")
    game.add_argument("--date", type=_iso_date, default=None, help="YYYY-MM-DD (default today)")


def _correct_arguments(correct: Parser, common: Parser) -> None:
    correct.add_argument("game", type=_game_number, metavar="N", help="the game's number")
    correct.add_argument(
        "entries",
        nargs="*",
        default=[],  # may be left out: not listed as required
        type=_entry_or_name,
        metavar="TITAN:RESULT[:FIGURES]",
        help="the Titan's whole entry as it should be, in the game command's words (figures not "
        "given are 0, survivors not given are not listed), e.g. Mira:lost:score=210; "
        "with --remove: the Titans to take out of the game",
    )
    correct.add_argument(
        "--remove",
        nargs="*",
        type=_entry_or_name,
        default=None,
        metavar="TITAN",
        help="take the Titans named out of the game (named before or after it)",
    )
    correct.add_argument("--date", type=_iso_date, default=None, help="the game's real date")
    correct.add_argument("--scenario", default=None, help='the game\'s scenario ("" for none)')


def _entry_or_name(text: str) -> EntryWords | str:
    """``Mira:lost:score=210`` (an entry) or ``Mira`` (a Titan to take out, with --remove; a
    name may hold a colon: ``Sir:Bob``)."""
    return _participant(text) if ENTRY.fullmatch(text.strip()) else text.strip()


def _game_number(text: str) -> int:
    value = _integer(text, "a game number like 3")
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a game number like 3, got {text}")
    return value


def _honor_guard_arguments(guard: Parser, common: Parser) -> None:
    guard.epilog = (
        "With no creature named, it shows the Titan's honor guard and changes nothing; "
        "the creatures named become the whole guard; --clear empties it."
    )
    _titan(guard)
    guard.add_argument(
        "creatures",
        nargs="*",
        default=[],  # may be left out: not listed as required
        metavar="CREATURE",
        help="the whole new guard: survivors of the Titan's last game, e.g. Ogre Troll",
    )
    guard.add_argument("--clear", action="store_true", help="empty the honor guard")


def _gold_arguments(gold: Parser, common: Parser) -> None:
    _titan(gold)
    gold.add_argument(
        "amount", type=_signed, help="gold gained, or with a minus sign spent, e.g. 50 or -20"
    )
    gold.add_argument("--note", default="", help="what the gold was for, for the ledger")
    gold.add_argument(
        "--game", type=_game_number, default=None, metavar="N", help="the game the gold came from"
    )


def _buy_arguments(buy: Parser, common: Parser) -> None:
    _titan(buy)
    buy.add_argument("what", choices=("item", "spell"), help="what the gold buys")
    buy.add_argument("name", help="the item's or the spell's name")
    buy.add_argument(
        "--price", type=_count, required=True, metavar="GOLD", help="what it costs in gold"
    )
    _item_options(buy)
    _suggestions_help(buy)


def _item_arguments(item: Parser, common: Parser) -> None:
    item_cmds = item.add_subparsers(
        dest="action", metavar="ACTION", required=True, parser_class=type(item)
    )
    item_add = item_cmds.add_parser("add", help="add a magic item", parents=[common])
    _suggestions_help(item)
    _suggestions_help(item_add)
    _titan(item_add)
    item_add.add_argument("name", help="the item's name")
    _item_options(item_add)
    for action, text in (("use", "spend one charge"), ("remove", "remove the item")):
        sub = item_cmds.add_parser(action, help=text, parents=[common])
        _titan(sub)
        sub.add_argument("name", help="the item's name")
    item_cmds.add_parser(
        "suggestions",
        help="list the suggested magic items: name, type, charges and effect",
        parents=[common],
    )


def _plan_arguments(plan: Parser, common: Parser) -> None:
    _titan(plan)
    plan.add_argument(
        "--charisma",
        type=_names,
        default=None,
        metavar="C,C,...",
        help="Charisma creatures: Centaur, Gargoyle, Ogre",
    )
    plan.add_argument(
        "--upgrade",
        type=_names,
        default=None,
        metavar="C,C,...",
        help="Leadership upgrades: Lion, Cyclops, Troll (or the creature upgraded)",
    )
    plan.add_argument(
        "--legion",
        type=_placement,
        action="append",
        default=None,
        metavar="NAME=1|2",
        help="put an extra creature or item in legion 1 or 2",
    )


def _goal_arguments(goal: Parser, common: Parser) -> None:
    _titan(goal)
    goal.add_argument(
        "--ability",
        action="append",
        metavar="NAME=N",
        help="ability boxes wanted, e.g. power=2 (repeatable)",
    )
    goal.add_argument(
        "--school",
        action="append",
        metavar="NAME=N",
        help="school level wanted, e.g. fire=3 (repeatable)",
    )
    goal.add_argument(
        "--spell", action="append", metavar="NAME", help="a spell wanted (repeatable)"
    )
    goal.add_argument("--format", choices=FORMATS["goal"], default="text", help="default text")
    goal.add_argument(
        "--keep",
        action="store_true",
        help="keep the goal with the Titan (the sheet shows what remains)",
    )
    goal.add_argument("--clear", action="store_true", help="forget the goal kept with the Titan")


def _progress_arguments(progress: Parser, common: Parser) -> None:
    _titan(progress)
    progress.add_argument(
        "--format", choices=FORMATS["progress"], default="text", help="default text"
    )
    progress.add_argument(
        "-o",
        "--output",
        default=None,
        help="file (default: text and json to standard output, svg to NAME-progress.svg in the "
        "current folder; - for standard output)",
    )


def _undo_arguments(undoing: Parser, common: Parser) -> None:
    undoing.add_argument(
        "titan", nargs="?", metavar="TITAN", help="only the changes that touched this Titan"
    )


def _history_arguments(history: Parser, common: Parser) -> None:
    history.add_argument(
        "titan", nargs="?", metavar="TITAN", help="only the changes that touched this Titan"
    )
    history.add_argument("--json", action="store_true", help=JSON_HELP)


def _sheet_arguments(sheet: Parser, common: Parser) -> None:
    sheet.add_argument(
        "titan", nargs="?", metavar="TITAN", help="the Titan (leave out with --blank)"
    )
    sheet.add_argument(
        "--format",
        choices=FORMATS["sheet"],
        default=None,
        help="default text (pdf with --blank), or what -o FILE's ending names",
    )
    sheet.add_argument(
        "--blank",
        action="store_true",
        help="a blank sheet (html, pdf or svg) for groups that keep paper",
    )
    _print_options(
        sheet,
        "text and json to standard output; html, pdf, svg named after the Titan, here;"
        " blank-sheet.pdf (or .html, .svg) with --blank",
        laid_out="PDF, HTML and SVG",
    )


def _cards_arguments(cards: Parser, common: Parser) -> None:
    cards.add_argument(
        "titan", nargs="?", metavar="TITAN", help="the Titan whose spell book to print"
    )
    cards.add_argument("--all", action="store_true", help="all 72 spells")
    cards.add_argument(
        "--spell", action="append", default=None, metavar="NAME", help="a spell (repeatable)"
    )
    cards.add_argument("--format", choices=FORMATS["cards"], default="pdf", help="default pdf")
    _print_options(cards, "named after the Titan, spell-cards.pdf with --all or --spell, here")


def _game_card_arguments(game_card: Parser, common: Parser) -> None:
    _titan(game_card)
    game_card.add_argument(
        "--format", choices=FORMATS["game-card"], default="pdf", help="default pdf"
    )
    _print_options(game_card, "text to standard output; html, pdf named after the Titan, here")


def _print_campaign_arguments(print_campaign: Parser, common: Parser) -> None:
    print_campaign.add_argument(
        "--format", choices=FORMATS["print-campaign"], default="pdf", help="default pdf"
    )
    _print_options(print_campaign, "named after the campaign, here")


def _schema_arguments(parser: Parser, common: Parser) -> None:
    parser.add_argument(
        "file",
        choices=FILE_SCHEMAS,
        metavar="KIND",
        help=f"which file's schema: {', '.join(FILE_SCHEMAS[:-1])} or {FILE_SCHEMAS[-1]}",
    )


def _no_arguments(parser: Parser, common: Parser) -> None:
    pass


def _restore_arguments(restore: Parser, common: Parser) -> None:
    restore.add_argument(
        "number",
        type=_backup_number,
        metavar="N",
        help="the backup's number, as titan-campaign backups lists it (1: newest)",
    )


def _export_arguments(export: Parser, common: Parser) -> None:
    export.add_argument("-o", "--output", default=None, help="file (default: standard output)")


def _import_arguments(imp: Parser, common: Parser) -> None:
    imp.add_argument("file", help="a file written by titan-campaign export")


def _merge_arguments(merge: Parser, common: Parser) -> None:
    merge.add_argument("file", help="the other copy (a sync tool's conflicted copy, say)")
    merge.add_argument(
        "--dry-run", action="store_true", help="show what would come in and be refused; no change"
    )


def _serve_arguments(serve: Parser, common: Parser) -> None:
    serve.add_argument(
        "--host",
        type=_host,
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this computer only; "
        "0.0.0.0: phones on your network, with a token)",
    )
    serve.add_argument(
        "--port", type=_port, default=8000, help="port to listen on (default 8000; 0: any free one)"
    )
    serve.add_argument(
        "--max-tabs",
        type=_tabs,
        default=8,  # serve.MAX_TABS (not imported: the other commands load no web server)
        help="the most browser tabs served at once (default 8; each tab runs its own app)",
    )


COMMANDS: dict[str, tuple[str, Handler, Arguments]] = {
    "campaign": (
        "create, list, rename and delete campaigns; the game log",
        handlers.cmd_campaign,
        _campaign_arguments,
    ),
    "titan": (
        "add, list, rename, archive, bring back, export and import Titans",
        handlers.cmd_titan,
        _titan_arguments,
    ),
    "spend": (
        "spend 100 XP on an ability box, a school level or a spell (R1)",
        handlers.cmd_spend,
        _spend_arguments,
    ),
    "choose": (
        "resolve a pending choice: free school level, spell pick, bonus swap",
        handlers.cmd_choose,
        _choose_arguments,
    ),
    "choices": (
        "list a Titan's pending choices and what each may take",
        handlers.cmd_choices,
        _titan_only,
    ),
    "award": (
        "record a game for a Titan and award its XP (R8)",
        handlers.cmd_award,
        _award_arguments,
    ),
    "game": (
        "record one game for several Titans as one change (R8)",
        handlers.cmd_game,
        _game_arguments,
    ),
    "correct": (
        "correct one game: a Titan's entry, taking a Titan out, its date or scenario (R8)",
        handlers.cmd_correct,
        _correct_arguments,
    ),
    "honor-guard": (
        "show or set the honor guard; --clear empties it (R9)",
        handlers.cmd_honor_guard,
        _honor_guard_arguments,
    ),
    "gold": ("add (or with a minus sign, take) gold (R11)", handlers.cmd_gold, _gold_arguments),
    "buy": ("pay gold for a magic item or a spell (R11)", handlers.cmd_buy, _buy_arguments),
    "item": ("magic items: add, use a charge, remove (R11)", handlers.cmd_item, _item_arguments),
    "plan": (
        "plan and show the next game's starting legions (R10)",
        handlers.cmd_plan,
        _plan_arguments,
    ),
    "goal": (
        "the cheapest legal order of purchases and choices to a target sheet",
        handlers.cmd_goal,
        _goal_arguments,
    ),
    "progress": (
        "the Titan after each game: XP earned and spent, level and Mana",
        handlers.cmd_progress,
        _progress_arguments,
    ),
    "undo": (
        "undo the campaign's latest change as a whole, or the latest that touched TITAN",
        handlers.cmd_undo,
        _undo_arguments,
    ),
    "redo": (
        "redo the change undone last (of those that touched TITAN)",
        handlers.cmd_redo,
        _undo_arguments,
    ),
    "history": (
        "the campaign's changes, oldest first, or those that touched TITAN",
        handlers.cmd_history,
        _history_arguments,
    ),
    "sheet": (
        "print a Titan Character Sheet (or a blank one)",
        handlers.cmd_sheet,
        _sheet_arguments,
    ),
    "cards": (
        "spell cards: a Titan's spell book, chosen spells, or all 72",
        handlers.cmd_cards,
        _cards_arguments,
    ),
    "game-card": (
        "one page for the table: starting legions, figures, spells",
        handlers.cmd_game_card,
        _game_card_arguments,
    ),
    "print-campaign": (
        "every active Titan's sheet in one document",
        handlers.cmd_print_campaign,
        _print_campaign_arguments,
    ),
    "backups": ("list the automatic backups of the database", handlers.cmd_backups, _no_arguments),
    "restore": (
        "restore backup N (the current file is backed up first)",
        handlers.cmd_restore,
        _restore_arguments,
    ),
    "export": ("write all campaigns as JSON", handlers.cmd_export, _export_arguments),
    "schema": (
        "print the JSON Schema of the database file, an export or a Titan file (for an editor)",
        handlers.cmd_schema,
        _schema_arguments,
    ),
    "import": (
        "add the campaigns of an export file (a name clash is refused)",
        handlers.cmd_import,
        _import_arguments,
    ),
    "merge": (
        "bring in the changes of another copy of the database, judged again by the rules",
        handlers.cmd_merge,
        _merge_arguments,
    ),
    "serve": (
        "game night in the browser: the app in every player's browser tab, on this database",
        handlers.cmd_serve,
        _serve_arguments,
    ),
}


def _port(text: str) -> int:
    value = _count(text)
    if value > 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {text}")
    return value


def _host(text: str) -> str:
    """An address to listen on; an empty one (a variable not set) is not taken for every
    address of the computer."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            "expected an address, got nothing (0.0.0.0 listens on every address)"
        )
    return text.strip()


def _tabs(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1 tab, got {text}")
    return value


def _print_options(
    parser: Parser, named: str = "named after the Titan, here", laid_out: str = "PDF and HTML"
) -> None:
    """-o and --paper; ``laid_out``: the formats the paper is for (text never is)."""
    parser.add_argument("-o", "--output", default=None, help=f"file to write (default: {named})")
    parser.add_argument(
        "--paper", choices=("a4", "letter"), default=None, help=f"for {laid_out}; default a4"
    )


SUGGESTIONS_HELP = """\
The suggested magic items (from Mytho Titan) are listed by:
  titan-campaign item suggestions
Naming one fills its type, effect and charges (what you give with --type,
--description or --charges wins). Any other name is a free-form item."""


def _suggestions_help(parser: Parser) -> None:
    """Say, under the parser's help, where the suggested items are listed (kept as written)."""
    parser.epilog = SUGGESTIONS_HELP
    parser.formatter_class = argparse.RawDescriptionHelpFormatter


def _item_options(parser: Parser) -> None:
    parser.add_argument(
        "--type",
        choices=("cloak", "talisman", "crown", "staff", "other"),
        default=None,
        help="the item's type (default: a suggested item's, else other)",
    )
    parser.add_argument(
        "--charges",
        type=_whole,
        default=None,
        metavar="N",
        help="how many times it can be used (default: a suggested item's, else unlimited)",
    )
    parser.add_argument(
        "--description", default=None, help="what it does (default: a suggested item's)"
    )
