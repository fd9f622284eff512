"""The command line: ``titan-campaign ...``. No Textual here, so printing a sheet starts fast.

Contract: success exits 0; a refused action prints one ``error:`` line on stderr, exits 1 and
leaves the database byte-for-byte unchanged; usage mistakes exit 2.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any, NoReturn

from .locations import db_path

if TYPE_CHECKING:
    from .store import CampaignStore


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"error: {message}\n")


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _placement(text: str) -> tuple[str, int]:
    name, sep, legion = text.rpartition("=")
    if not sep or not name.strip() or legion.strip() not in ("1", "2"):
        raise argparse.ArgumentTypeError(f"expected NAME=1 or NAME=2, got {text!r}")
    return name.strip(), int(legion)


def _iso_date(text: str) -> str:
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date like 2026-11-29, got {text!r}") from None


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number of 0 or more, got {text}")
    return value


def _signed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number like 50 or -20, got {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--db", default=argparse.SUPPRESS, help="database file (default: $TITAN_CAMPAIGN_DB or the user data folder)")
    common.add_argument("--campaign", default=argparse.SUPPRESS, help="campaign name (needed only when there are several)")

    parser = _Parser(
        prog="titan-campaign",
        description="Campaign manager for Campaign Titan. With no command, opens the character-sheet app.",
        parents=[common],
    )
    parser.add_argument(
        "--titan", dest="open_titan", default=None, help="with no command: open the app on this Titan's sheet (--campaign: on its roster)"
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def command(name: str, help: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=help, description=help, parents=[common])

    campaign = command("campaign", "create and list campaigns")
    campaign_cmds = campaign.add_subparsers(dest="action", metavar="ACTION", required=True, parser_class=_Parser)
    new = campaign_cmds.add_parser("new", help="create a campaign", parents=[common])
    new.add_argument("name")
    new.add_argument("--base-xp", type=int, choices=(0, 100, 200), required=True, help="XP every Titan starts with (R1)")
    listing = campaign_cmds.add_parser("list", help="list campaigns", parents=[common])
    listing.add_argument("--json", action="store_true")
    games = campaign_cmds.add_parser("games", help="the campaign's game log", parents=[common])
    games.add_argument("--json", action="store_true")

    titan = command("titan", "add, list and archive Titans")
    titan_cmds = titan.add_subparsers(dest="action", metavar="ACTION", required=True, parser_class=_Parser)
    add = titan_cmds.add_parser("add", help="add a Titan to a campaign", parents=[common])
    add.add_argument("name")
    add.add_argument("--player", required=True)
    tlist = titan_cmds.add_parser("list", help="list Titans", parents=[common])
    tlist.add_argument("--json", action="store_true")
    tlist.add_argument("--all", action="store_true", help="include archived Titans")
    archive = titan_cmds.add_parser("archive", help="archive a dead or retired Titan (never deleted)", parents=[common])
    archive.add_argument("titan")

    spend = command("spend", "spend 100 XP on an ability box, a school level or a spell (R1)")
    spend.add_argument("titan")
    spend.add_argument("what", choices=("ability", "school", "spell"))
    spend.add_argument("name")

    choose = command("choose", "resolve a pending choice: free school level, spell pick, bonus swap")
    choose.add_argument("titan")
    choose.add_argument("what", choices=("school", "spell", "swap", "decline-swap"))
    choose.add_argument("names", nargs="*", metavar="NAME", help="school; spell; OLD NEW for swap; [SCHOOL] for decline-swap")
    choose.add_argument("--bonus", action="store_true", help="take the spell as an Intelligence bonus pick (R6)")

    choices = command("choices", "list a Titan's pending choices and what each may take")
    choices.add_argument("titan")

    award = command("award", "record a game for a Titan and award its XP (R8)")
    award.add_argument("titan")
    award.add_argument("--result", choices=("won", "lost"), required=True)
    for option in ("score", "battle-won", "battle-lost", "agreement", "agreement-eliminated", "fled", "scenario-xp"):
        award.add_argument(f"--{option}", type=_count, default=0)
    award.add_argument("--scenario", default="", help="scenario name")
    award.add_argument("--survivors", type=_names, default=None, help="characters in the Titan's legions at game end, comma-separated")
    award.add_argument("--date", type=_iso_date, default=None, help="YYYY-MM-DD (default today)")
    award.add_argument("--game", type=int, default=None, help="add this Titan to an already recorded game number")

    guard = command("honor-guard", "set the honor guard; no creature clears it (R9)")
    guard.add_argument("titan")
    guard.add_argument("creatures", nargs="*", metavar="CREATURE")

    gold = command("gold", "add (or with a minus sign, take) gold (R11)")
    gold.add_argument("titan")
    gold.add_argument("amount", type=_signed)
    gold.add_argument("--note", default="")
    gold.add_argument("--game", type=int, default=None)

    buy = command("buy", "pay gold for a magic item or a spell (R11)")
    buy.add_argument("titan")
    buy.add_argument("what", choices=("item", "spell"))
    buy.add_argument("name")
    buy.add_argument("--price", type=_count, required=True)
    _item_options(buy)

    item = command("item", "magic items: add, use a charge, remove (R11)")
    item_cmds = item.add_subparsers(dest="action", metavar="ACTION", required=True, parser_class=_Parser)
    item_add = item_cmds.add_parser("add", help="add a magic item", parents=[common])
    item_add.add_argument("titan")
    item_add.add_argument("name")
    _item_options(item_add)
    for action, text in (("use", "spend one charge"), ("remove", "remove the item")):
        sub = item_cmds.add_parser(action, help=text, parents=[common])
        sub.add_argument("titan")
        sub.add_argument("name")

    plan = command("plan", "plan and show the next game's starting legions (R10)")
    plan.add_argument("titan")
    plan.add_argument("--charisma", type=_names, default=None, metavar="C,C,...", help="Charisma creatures: Centaur, Gargoyle, Ogre")
    plan.add_argument("--upgrade", type=_names, default=None, metavar="C,C,...", help="Leadership upgrades: Lion, Cyclops, Troll (or the creature upgraded)")
    plan.add_argument("--legion", type=_placement, action="append", default=None, metavar="NAME=1|2", help="put an extra creature or item in legion 1 or 2")

    for name, text in (("undo", "undo the Titan's latest change"), ("redo", "redo the change undone last")):
        sub = command(name, text)
        sub.add_argument("titan")

    history = command("history", "the Titan's history, oldest first")
    history.add_argument("titan")
    history.add_argument("--json", action="store_true")

    sheet = command("sheet", "print a Titan Character Sheet (or a blank one)")
    sheet.add_argument("titan", nargs="?", help="the Titan (leave out with --blank)")
    sheet.add_argument("--format", choices=("text", "json", "html", "pdf", "svg"), default="text")
    sheet.add_argument("--blank", action="store_true", help="a blank sheet for groups that keep paper")
    _print_options(sheet)

    cards = command("cards", "spell cards: a Titan's spell book, chosen spells, or all 72")
    cards.add_argument("titan", nargs="?")
    cards.add_argument("--all", action="store_true", help="all 72 spells")
    cards.add_argument("--spell", action="append", default=None, metavar="NAME", help="a spell (repeatable)")
    cards.add_argument("--format", choices=("html", "pdf"), default="pdf")
    _print_options(cards)

    game_card = command("game-card", "one page for the table: starting legions, figures, spells")
    game_card.add_argument("titan")
    game_card.add_argument("--format", choices=("text", "html", "pdf"), default="pdf")
    _print_options(game_card)

    print_campaign = command("print-campaign", "every active Titan's sheet in one document")
    print_campaign.add_argument("--format", choices=("html", "pdf"), default="pdf")
    _print_options(print_campaign)

    command("backups", "list the automatic backups of the database")
    restore = command("restore", "restore backup N (the current file is backed up first)")
    restore.add_argument("number", type=int)

    export = command("export", "write all campaigns as JSON")
    export.add_argument("-o", "--output", default=None, help="file (default: standard output)")
    imp = command("import", "add the campaigns of an export file (a name clash is refused)")
    imp.add_argument("file")
    return parser


def _print_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", default=None, help="file to write (default: named after the Titan, here)")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4")


# Commands handled outside ``commands.py``: module name under titan_campaign.
HANDLER_MODULES = {
    "cards": "printing.commands",
    "game-card": "printing.commands",
    "print-campaign": "printing.commands",
    "backups": "store.commands",
    "restore": "store.commands",
}


def _item_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--type", choices=("cloak", "talisman", "crown", "staff", "other"), default="other")
    parser.add_argument("--charges", type=int, default=None)
    parser.add_argument("--description", default="")


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _run(argv)
    except BrokenPipeError:  # output piped into a reader that stopped early, e.g. `| head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(argv: Sequence[str] | None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return _open_app(args)
    if args.open_titan is not None:
        parser.error("--titan opens the app: leave out the command, or name the Titan after it")
    if args.command == "sheet" and args.format == "json" and args.titan and not (args.output or args.blank):
        from .sheet_cache import cached_sheet

        cached = cached_sheet(db_path(getattr(args, "db", None)), args.titan, getattr(args, "campaign", None))
        if cached is not None:
            print(json.dumps(cached, indent=2))
            return 0
    # The rules core and the store are imported only now: the fast paths above stay light.
    from pydantic import ValidationError

    from .rules.errors import RuleError
    from .rules.events import explain
    from .rules.names import UnknownName
    from .store import CampaignStore, StoreError

    module = importlib.import_module(f".{HANDLER_MODULES.get(args.command, 'commands')}", __package__)
    store = CampaignStore(db_path(getattr(args, "db", None)))
    handler: Callable[[Any, CampaignStore], int | None] = getattr(module, "cmd_" + args.command.replace("-", "_"))
    try:
        return handler(args, store) or 0
    except (RuleError, StoreError, UnknownName) as error:
        return _fail(str(error))
    except ValidationError as error:
        return _fail(explain(error))
    except BrokenPipeError:
        raise
    except OSError as error:
        return _fail(f"{getattr(error, 'filename', '') or ''} {error.strerror or error}".strip())
    except KeyboardInterrupt:
        return _fail("interrupted; nothing was saved")


def _open_app(args: argparse.Namespace) -> int:
    try:
        from .tui.app import run_app
    except ImportError:
        build_parser().print_help()
        return 0
    return run_app(db_path(getattr(args, "db", None)), getattr(args, "campaign", None), args.open_titan)


def entry() -> NoReturn:
    sys.exit(main())
