"""What each command prints: it turns the parsed arguments into one call of ``actions`` and
shows the result. No rule is decided here."""

from __future__ import annotations

import json
import shlex
import sys
from argparse import Namespace
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeVar

from pydantic import ValidationError

from .. import actions
from ..actions import Database, Done, Participant
from ..rules.errors import RuleError
from ..rules.facts import ShapeError
from ..rules.game_log import entry_text, game_log_json, scenario_clash
from ..rules.items import SUGGESTED_ITEMS, near_suggestions
from ..rules.names import games_wording, plural, quoted, quoted_list
from ..rules.printable import one_line, shown
from ..rules.progress import progress_json, progress_table
from ..rules.spells import find_spell
from ..rules.titan import PendingChoice, Step, TitanState, spell_pick_forfeits, swap_forfeits
from ..rules.views import view_json
from ..rules.wording import in_one_line

if TYPE_CHECKING:  # the sheet's rules load only for the commands that show one
    from ..rules.sheet import SheetView


def _campaign(args: Namespace) -> str | None:
    return getattr(args, "campaign", None)


def _campaign_ref(args: Namespace, db: Database) -> actions.CampaignRef:
    """The campaign named with --campaign (or the only one), found once."""
    return actions.find_campaign(db, _campaign(args))


def _titan(args: Namespace, db: Database) -> actions.TitanRef:
    """The Titan named on the command line (in --campaign, if given), found once."""
    return actions.find_titan(db, args.titan, _campaign(args))


def _typed(name: str) -> str:
    """A name as it is typed in a shell: in double quotes (with ``\\ " $ ` `` escaped) if it
    holds more than letters, digits and ``-._+``."""
    if all(char.isalnum() or char in "-._+" for char in name):
        return name
    return '"' + "".join("\\" + char if char in '\\"$`' else char for char in name) + '"'


def choice_options(state: TitanState, choice: PendingChoice) -> str:
    """What the player may answer to a pending choice, as the command would take it."""
    titan = _typed(state.name)
    if choice.kind == "school":
        schools = ", ".join(school.title() for school in state.school_choices())
        return f"choose {titan} school SCHOOL ({schools})"
    names = ", ".join(spell.name for spell in state.spell_choices(choice))
    if choice.kind == "swap":
        bonus = ", ".join(known.name for known in state.spells if known.bonus)
        warned = _warned("swapped in", state, choice, lambda spell: swap_forfeits(state, spell))
        return f"choose {titan} swap OLD NEW (OLD: {bonus}; NEW: {names}) or decline-swap{warned}"
    if choice.kind == "bonus" and not names:
        return "waits until a school level makes a spell eligible"
    if not names:
        where = f"{choice.school.title() if choice.school else ''} level {choice.level}"
        return f"waits for the bonus swap: a bonus {where} spell swapped away may be picked here (declining the swap forfeits this pick)"
    flag = " --bonus" if choice.kind == "bonus" else ""
    bonus_pick = choice.kind == "bonus"
    warned = _warned(
        "picked here", state, choice, lambda spell: spell_pick_forfeits(state, spell, bonus_pick)
    )
    return f"choose {titan} spell NAME{flag} ({names}){warned}"


def _warned(
    how: str, state: TitanState, choice: PendingChoice, loses: Callable[[str], Sequence[str]]
) -> str:
    """A line marked ``!`` for each spell of ``choice`` that, taken so, makes the Titan lose a
    pick (``loses``), said before it is taken."""
    return "".join(
        f"\n      ! {how}, {spell.name}: {'; '.join(lost)}"
        for spell in state.spell_choices(choice)
        if (lost := loses(spell.name))
    )


def _report(step: Step, headline: str) -> None:
    print(headline)
    for note in step.notes:
        print(f"  {note}")
    state = step.state
    if state.pending:
        print(f"  {state.name} has choices to make:")
        for choice in state.pending:
            print(f"    - {choice.describe()}: {choice_options(state, choice)}")


def _done(done: Done, headline: str | None = None) -> None:
    state = done.state
    _report(
        done.step, headline or f"{done.text}: {state.available_xp} XP left, level {state.level}"
    )


# --- campaigns and Titans -----------------------------------------------------------------


def cmd_campaign(args: Namespace, db: Database) -> None:
    if args.action == "new":
        made = actions.new_campaign(db, args.name, args.base_xp)
        print(
            f'campaign "{made.name}" created: every Titan starts with {made.campaign.base_xp} XP (database {shown(str(db.path))})'
        )
    elif args.action == "rename":
        renamed = actions.rename_campaign(db, _campaign_ref(args, db), args.name)
        print(renamed.changes[-1].text)  # campaign "Iron Crown" renamed "Second Age"
    elif args.action == "delete":
        doomed = actions.find_campaign(db, args.name)  # a misspelt name is said first
        kept = actions.backed_up_before_delete()
        if not args.yes:
            raise RuleError(
                f'deleting "{args.name}" removes every Titan in it: add --yes to confirm'
                + (" (a backup is kept)" if kept else f" ({actions.NO_BACKUP_KEPT})")
            )
        gone = actions.delete_campaign(db, doomed)
        print(
            f'campaign "{gone.name}" deleted; `titan-campaign backups` has the file as it was '
            "(`restore N` brings it back; `undo` does not)"
            if kept
            else f'campaign "{gone.name}" deleted; {actions.NO_BACKUP_KEPT}, and `undo` does not'
            " bring it back"
        )
    elif args.action == "list":
        listed = actions.campaign_list(db)
        if args.json:
            listed_json = [view_json(c) for c in listed]
            print(json.dumps(listed_json, indent=2, ensure_ascii=False))
        elif not listed:
            print(actions.no_campaign_note(db))
        for c in listed if not args.json else []:
            unreadable = f", {len(c.unreadable)} unreadable" if c.unreadable else ""
            print(f"{c.name}  (base XP {c.base_xp}, {plural(c.titans, 'Titan')}{unreadable})")
            for titan in c.unreadable:
                print(f"  {titan.name}: cannot be read: {titan.problem}")
    else:
        _games(args, db)


def _games(args: Namespace, db: Database) -> None:
    games, unreadable = actions.game_log(db, _campaign_ref(args, db))
    if args.json:
        for titan in unreadable:
            said = one_line(f"{titan.name} cannot be read: {titan.problem}; its games are left out")
            print(f"warning: {said}", file=sys.stderr)
        print(json.dumps(game_log_json(games), indent=2, ensure_ascii=False))
        return
    for titan in unreadable:
        print(f"{titan.name}: cannot be read: {titan.problem} (its games are left out)")
    if not games:
        print("no games recorded yet")
    for game in games:
        scenario = f"  {game.scenario}" if game.scenario else ""
        print(f"game {game.game}  {game.date}{scenario}")
        for p in game.participants:
            print(f"  {p.titan}: {p.award} XP: {entry_text(p.outcome, p.survivors)}")
            print(f"    {p.breakdown.summary()}")


def cmd_titan(args: Namespace, db: Database) -> None:
    if args.action == "add":
        done = actions.add_titan(db, _campaign_ref(args, db), args.name, args.player)
        state = done.state
        print(
            f'{state.name} ({state.player}) joins "{done.campaign}" with {state.available_xp} XP to spend'
        )
        return
    if args.action == "import":
        try:
            done = actions.import_titan(db, Path(args.file), _campaign_ref(args, db), args.name)
        except actions.NameTaken as error:
            raise RuleError(f"{str(error).removesuffix(')')}: --name NEW)") from None
        state = done.state
        archived = (
            f"; archived (hidden from lists): titan restore {state.name} brings it back"
            if state.archived
            else ""
        )
        print(
            f'{state.name} ({state.player}) joins "{done.campaign}": level {state.level}, {state.available_xp} XP available{archived}'
        )
        return
    if args.action == "list":
        _titan_list(args, db)
        return
    titan = _titan(args, db)
    if args.action == "archive":
        done = actions.archive_titan(db, titan)
        print(
            f"{done.state.name} archived: hidden from lists, never deleted (titan restore brings it back)"
        )
        return
    if args.action == "restore":
        print(f"{actions.restore_titan(db, titan).state.name} is back on the roster")
        return
    if args.action == "rename":
        was = actions.read_titan(db, titan).state.name  # as listed, not as typed ("thorn")
        done = actions.rename_titan(db, titan, args.name)
        print(f"{was} is now called {done.state.name}")
        return
    if args.action == "player":
        done = actions.change_player(db, titan, args.player)
        print(f"{done.state.name} is now played by {done.state.player}")
        return
    if args.action == "export":
        output = Path(args.output)
        there = _there(output)
        state = actions.export_titan(db, titan, output, streams=True)
        if not actions.is_stream(output):
            print(
                f"{state.name} written to {shown(str(output))} with its whole history"
                + _replaced(there)
            )


def _titan_list(args: Namespace, db: Database) -> None:
    rows = actions.roster_lines(db, _campaign_ref(args, db), archived=args.all)
    if args.json:
        print(json.dumps([view_json(row) for row in rows], indent=2, ensure_ascii=False))
        return
    if not rows:
        hidden = (
            [] if args.all else actions.roster_lines(db, _campaign_ref(args, db), archived=True)
        )
        if hidden:
            print(f"no active Titans ({len(hidden)} archived: titan list --all shows them)")
        else:
            print("no Titans yet: titan-campaign titan add NAME --player PLAYER")
    for row in rows:
        if isinstance(row, actions.DamagedLine):
            print(f"{row.name}: cannot be read: {row.damaged}")
            continue
        pending = f"  ! {plural(row.pending, 'choice')} to make" if row.pending else ""
        archived = "  [archived]" if row.archived else ""
        print(
            f"{row.name} ({row.player}): level {row.level}, {row.available_xp} XP available, {row.mana} Mana{pending}{archived}"
        )


# --- XP, choices --------------------------------------------------------------------------


def cmd_spend(args: Namespace, db: Database) -> None:
    buy = {
        "ability": actions.buy_ability,
        "school": actions.buy_school_level,
        "spell": actions.buy_spell,
    }[args.what]
    _done(buy(db, _titan(args, db), args.name))


def cmd_choose(args: Namespace, db: Database) -> None:
    expected = {"school": (1, 1), "spell": (1, 1), "swap": (2, 2), "decline-swap": (0, 2)}[
        args.what
    ]
    if not expected[0] <= len(args.names) <= expected[1]:
        shapes = {
            "school": "SCHOOL",
            "spell": "SPELL",
            "swap": "OLD NEW",
            "decline-swap": "[SCHOOL [LEVEL]]",
        }
        quotes = (
            ' (a name of several words goes in quotes, e.g. "Bog Walker")'
            if len(args.names) > expected[1]
            else ""
        )
        raise RuleError(
            f"usage: choose TITAN {args.what} {shapes[args.what]}{quotes}"
            " (see titan-campaign choose --help)"
        )
    if args.bonus and args.what != "spell":
        raise RuleError(
            f"--bonus is for a spell pick (choose TITAN spell NAME --bonus), not {args.what}"
        )
    titan = _titan(args, db)
    if args.what == "school":
        done = actions.choose_school(db, titan, args.names[0])
    elif args.what == "spell":
        done = actions.choose_spell(db, titan, args.names[0], args.bonus)
    elif args.what == "swap":
        done = actions.swap_bonus(db, titan, args.names[0], args.names[1])
    else:
        school, level = (args.names + [None, None])[:2]
        if level is not None and level not in ("1", "2", "3"):
            raise RuleError(f"decline-swap's level is 1, 2 or 3, not {level!r}")
        done = actions.decline_swap(db, titan, school, level=int(level) if level else None)
    _done(done, done.text)


def cmd_choices(args: Namespace, db: Database) -> None:
    state = actions.read_titan(db, _titan(args, db)).state
    if state.unspent_base_xp:
        print(f"- spend the {state.unspent_base_xp} base XP before the first game (R2)")
        name = shlex.quote(state.name) if not state.name.startswith("-") else "TITAN"
        named = _campaign(args)
        campaign = f" --campaign {shlex.quote(named)}" if named else ""
        print(f"    titan-campaign{campaign} spend {name} ability|school|spell NAME")
    elif not state.pending:
        print(f"{state.name} has no choices to make")
    for choice in state.pending:
        print(f"- {choice.describe()}")
        print(f"    {choice_options(state, choice)}")


# --- games, honor guard, gold, items, plan ------------------------------------------------


def cmd_award(args: Namespace, db: Database) -> None:
    if args.scenario_award is not None and args.scenario_xp:
        raise RuleError(scenario_clash("--scenario-xp", "--scenario-award"))
    figures = {
        "score": args.score,
        "battle_won": args.battle_won,
        "battle_lost": args.battle_lost,
        "agreement": args.agreement,
        "agreement_eliminated": args.agreement_eliminated,
        "fled": args.fled,
        "scenario_xp": args.scenario_xp,
    }
    options = {name: "--" + name.replace("_", "-") for name in (*figures, "scenario_award")}
    try:
        outcome = actions.game_outcome(args.result, figures, args.scenario_award)
    except ShapeError as error:
        raise RuleError(in_one_line(error, options)) from None
    survivors = tuple(args.survivors) if args.survivors is not None else None
    titan = _titan(args, db)
    done = _said_by_field(
        lambda: actions.record_game(
            db,
            titan.campaign,
            [Participant(titan, outcome, survivors)],
            args.date,
            args.scenario,
            args.game,
        )
    )
    state = done.state
    played = state.games[-1]
    print(f"{state.name}: game {played.game} on {played.date} recorded")
    for line in played.award.lines():
        print(f"  {line}")
    _report(
        Step(state, tuple(n for n in done.step.notes if "XP earned" not in n)),
        f"  {state.available_xp} XP available",
    )


T = TypeVar("T")


def _said_by_field(record: Callable[[], T]) -> T:
    """A game recorded; a problem in what was typed is named by its field ("survivors.0"
    was said of a survivor's name)."""
    try:
        return record()
    except ValidationError as error:
        raise RuleError(in_one_line(ShapeError.of(error), GAME_FIELDS)) from None
    except ShapeError as error:
        raise RuleError(in_one_line(error, GAME_FIELDS)) from None


GAME_FIELDS = {"survivors": "survivors", "scenario": "--scenario", "date": "--date"}


def cmd_game(args: Namespace, db: Database) -> None:
    found = actions.find_titans(db, [entry[0] for entry in args.parts], _campaign(args))
    parts = [Participant(titan, *entry[1:]) for titan, entry in zip(found, args.parts, strict=True)]
    done = _said_by_field(
        lambda: actions.record_game(db, found[0].campaign, parts, args.date, args.scenario)
    )
    print(done.text)
    for step in done.steps.values():
        played = step.state.games[-1]
        print(
            f"  {step.state.name}: {played.outcome.result}, {played.award.total} XP; {step.state.available_xp} XP available"
        )
        for note in step.notes:
            if "XP earned" not in note:
                print(f"    {note}")


def cmd_correct(args: Namespace, db: Database) -> None:
    removing = args.remove is not None  # `correct 3 Mira --remove` or `correct 3 --remove Mira`
    typed = [*args.entries, *(args.remove or [])]
    names = [entry for entry in typed if isinstance(entry, str)]
    if removing and len(names) < len(typed):
        raise RuleError("--remove takes the Titans named out of the game: give names only")
    if removing and not names:
        raise RuleError(f"--remove needs the names of the Titans to take out of game {args.game}")
    if not removing and names:
        raise RuleError(
            f"{names[0]}: give the whole entry (TITAN:won or TITAN:lost, then :score=N,...), "
            "or --remove to take the Titan out of the game"
        )
    given = [entry for entry in typed if not isinstance(entry, str)]
    named = [entry[0] for entry in given] + names
    found = actions.find_titans(db, named, _campaign(args)) if named else []
    campaign = found[0].campaign if found else _campaign_ref(args, db)
    entries = [Participant(titan, *entry[1:]) for titan, entry in zip(found, given, strict=False)]
    removed = found[len(given) :]
    done = actions.correct_game(db, campaign, args.game, entries, removed, args.date, args.scenario)
    print(done.text)
    for step in done.steps.values():
        print(
            f"  {step.state.name}: {step.state.available_xp} XP available, level {step.state.level}"
        )
        for note in actions.correction_news(step.notes):
            print(f"    {note}")


def cmd_honor_guard(args: Namespace, db: Database) -> None:
    """Creatures named set the whole guard, ``--clear`` empties it, neither shows it."""
    if args.clear and args.creatures:
        raise RuleError("--clear empties the honor guard: name no creature with it")
    titan = _titan(args, db)
    if args.creatures or args.clear:
        state = actions.set_honor_guard(db, titan, args.creatures).state
    else:
        state = actions.read_titan(db, titan).state
    caps = [str(cap) for cap in state.honor_guard_slots]
    if not caps:
        slots = "no slot before level 4 (R9)"
    elif len(set(caps)) == 1:
        slots = f"{plural(len(caps), 'slot')} of {caps[0]} points{' each' * (len(caps) > 1)} (R9)"
    else:
        slots = f"{len(caps)} slots of {', '.join(caps[:-1])} and {caps[-1]} points (R9)"
    if state.honor_guard:
        print(f"{state.name}'s honor guard: {', '.join(state.honor_guard)}; {slots}")
    else:
        print(f"{state.name} has no honor guard; {slots}")


def cmd_gold(args: Namespace, db: Database) -> None:
    state = actions.change_gold(db, _titan(args, db), args.amount, args.note, args.game).state
    print(f"{state.name}: {state.gold} gold")


def cmd_buy(args: Namespace, db: Database) -> None:
    if args.what == "item":
        done = actions.buy_item(
            db,
            _titan(args, db),
            args.name,
            args.price,
            args.type,
            args.description,
            args.charges,
        )
    else:
        given = [
            f"--{o}" for o in ("type", "description", "charges") if getattr(args, o) is not None
        ]
        if given:
            raise RuleError(f"{' and '.join(given)}: for a magic item, not a spell")
        done = actions.buy_spell_with_gold(db, _titan(args, db), args.name, args.price)
    bought = find_spell(args.name).name if args.what == "spell" else done.state.items[-1].name
    _report(
        done.step,
        f"{done.state.name} bought {bought} for {args.price} gold; {done.state.gold} gold left",
    )
    if args.what == "item":
        _near_item(bought)


def cmd_item(args: Namespace, db: Database) -> None:
    if args.action == "suggestions":
        _item_suggestions()
        return
    if args.action == "add":
        done = actions.add_item(
            db, _titan(args, db), args.name, args.type, args.description, args.charges
        )
        print(f"{done.state.name} now has {done.state.items[-1].name}")
        _near_item(done.state.items[-1].name)
        return
    titan = _titan(args, db)
    item = actions.read_titan(db, titan).state.item(args.name)  # as it was: it leaves play
    if args.action == "use":
        step = actions.use_item(db, titan, item.name).step
        kept = [held for held in step.state.items if held.name == item.name]
        left = f": {kept[0].charges} of {kept[0].max_charges} left" if kept else ""
        _report(step, f"{step.state.name}: a charge of {item.name} used{left}")
    else:
        done = actions.remove_item(db, titan, item.name)
        print(f"{done.state.name}: {item.name} removed")


def _near_item(name: str) -> None:
    """A free-form item named close to a suggested one: the player may have meant it (its
    type, effect and charges were not filled in)."""
    close = near_suggestions(name)
    if close:
        print(
            f"  {quoted(name)} is not a suggested item, so it has no effect or charges filled in;"
            f" did you mean {quoted_list(close)}? (undo takes it back)"
        )


def _item_suggestions() -> None:
    """The suggested magic items (R11), each with its type, charges and effect."""
    from ..printing.cells import wrap  # terminal-cell measures load only here

    print("Suggested magic items (Mytho Titan); name one with `item add` or `buy ... item`:")
    for suggestion in SUGGESTED_ITEMS:
        charges = f", {plural(suggestion.charges, 'charge')}" if suggestion.charges else ""
        print(f"\n{suggestion.name} ({suggestion.type}{charges})")
        print("\n".join(wrap(suggestion.description, indent="  ")))


def _print_legions(state: TitanState) -> None:
    print(f"{state.name}'s starting legions for the next game (R10):")
    legions = state.starting_legions
    for number, (legion, items) in enumerate(
        zip(legions.legions, legions.items, strict=True), start=1
    ):
        extra = f"  + items: {', '.join(items)}" if items else ""
        print(f"  legion {number} ({len(legion)}): {', '.join(legion)}{extra}")
    for note in legions.notes:
        print(f"  ! {note}")


def cmd_plan(args: Namespace, db: Database) -> None:
    if args.charisma is None and args.upgrade is None and args.legion is None:
        _print_legions(actions.read_titan(db, _titan(args, db)).state)
        return
    options = {"charisma": "--charisma", "upgrades": "--upgrade", "placement": "--legion"}
    try:
        done = actions.set_plan(db, _titan(args, db), args.charisma, args.upgrade, args.legion)
    except ShapeError as error:  # said by the option typed ("charisma.0" said nothing)
        raise RuleError(in_one_line(error, options)) from None
    _print_legions(done.state)


def cmd_goal(args: Namespace, db: Database) -> None:
    wanted = (args.ability or (), args.school or (), args.spell or ())
    if args.clear:
        if args.keep:
            raise RuleError(
                "--keep keeps the goal you name, --clear forgets the kept goal: give one of them"
            )
        if any(wanted):
            raise RuleError("--clear forgets the kept goal: give no target with it")
        done, _ = actions.keep_goal(db, _titan(args, db))
        print(f"{done.state.name}: build goal cleared")
        return
    if args.keep:
        if not any(wanted):
            raise RuleError(
                "--keep keeps the goal you name: name one with --ability, --school or --spell"
                " (--clear forgets the kept goal)"
            )
        done, plan = actions.keep_goal(db, _titan(args, db), *wanted)
        state = done.state
        print(f"{state.name} keeps the goal {plan.goal.describe()}; the sheet shows what remains")
    elif not any(wanted):
        state = actions.read_titan(db, _titan(args, db)).state
        kept = actions.kept_goal_plan(state)
        if kept is None:
            raise RuleError(
                f"{state.name} keeps no goal: name one with --ability, --school or --spell"
            )
        plan = kept
    else:
        state, plan = actions.plan_goal(db, _titan(args, db), *wanted)
    if args.format == "json":
        print(json.dumps(plan.to_json(), indent=2))
        return
    if not plan.steps:
        print(f"{state.name} already has {plan.goal.reached(state)}")
        return
    goal = plan.goal.describe()
    when = "can do it now" if plan.xp_needed == 0 else f"needs {plan.xp_needed} XP more"
    about = games_wording(plan.games)
    games = f" ({about} at {state.name}'s average award)" if about else ""
    print(
        f"{state.name} to {goal}: {plural(len(plan.steps), 'step')}, {plan.xp_cost} XP spent; {when}{games}"
        f"{plan.headline_note()}"
    )
    # each step as it is typed after titan-campaign: "spend Thorn ability spirit"
    typed = [step.do.replace(" ", f" {shlex.quote(state.name)} ", 1) for step in plan.steps]
    width = max(36, *map(len, typed))
    for number, (step, words) in enumerate(zip(plan.steps, typed, strict=True), start=1):
        print(
            f"{number:>3}. {words:{width}} spent {step.xp_spent_after:>5} XP, level {step.level_after}"
        )


def cmd_progress(args: Namespace, db: Database) -> None:
    state, rows = actions.progress(db, _titan(args, db))
    if args.format == "svg":
        from ..printing.figures import default_path, named
        from ..printing.fonts import font_warning
        from ..printing.progress_chart import progress_svg  # the chart module loads the PDF library

        title = f"{named(state.name)}: progress game by game"
        text = progress_svg(rows, title)
        warning = font_warning([title], "svg")  # as every printout says what it cannot show
        if warning:
            print(f"warning: {warning}", file=sys.stderr)
    else:
        text = (
            json.dumps(progress_json(rows), indent=2) + "\n"
            if args.format == "json"
            else progress_table(rows) + "\n"
        )
    if args.output or args.format == "svg":  # the chart goes to NAME-progress.svg, as --help says
        output = Path(args.output) if args.output else default_path(state.name, "progress", "svg")
        there = _there(output)
        _wrote(actions.save_file(db, output, text.encode(), streams=True), there)
    else:
        _stdout().write(
            text if args.format == "json" or rows else f"{state.name} has played no game yet\n"
        )


# --- undo, redo, history -------------------------------------------------------------------


def cmd_undo(args: Namespace, db: Database) -> None:
    undone = actions.undo(db, _undo_of(args, db))
    print(f"undone: {undone.change.text}")


def cmd_redo(args: Namespace, db: Database) -> None:
    redone = actions.redo(db, _undo_of(args, db))
    print(f"redone: {redone.change.text}")
    for step in redone.steps.values():
        for note in step.notes:
            print(f"  {step.state.name}: {note}" if len(redone.steps) > 1 else f"  {note}")


def _undo_of(args: Namespace, db: Database) -> actions.TitanRef | actions.CampaignRef | None:
    """What undo and redo act on: the Titan named, else the campaign named, else the file's
    latest change (or the only campaign's)."""
    if args.titan:
        return _titan(args, db)
    return None if _campaign(args) is None else _campaign_ref(args, db)


def cmd_history(args: Namespace, db: Database) -> None:
    of = _titan(args, db) if args.titan else _campaign_ref(args, db)
    rows, unreadable = actions.history_of(db, of)
    for damaged in unreadable:
        said = f"{damaged.name}: cannot be read: {damaged.problem} (its events are listed without the rules' notes)"
        if args.json:
            print(f"warning: {one_line(said)}", file=sys.stderr)
        else:
            print(said)
    if args.json:
        print(json.dumps([view_json(row) for row in rows], indent=2, ensure_ascii=False))
        return
    if not rows and not unreadable:
        campaign = of.campaign if isinstance(of, actions.TitanRef) else of
        undone = sum(1 for c in actions.read_campaign(db, campaign).changes if c.undone)
        if undone:
            print(f"no changes in effect: {plural(undone, 'undone change')} to redo (redo)")
        else:
            print("no changes yet: add a Titan with titan add NAME --player P")
    for row in rows:
        print(f"{row.change:>4}  {row.at[:16].replace('T', ' '):16}  {row.line}")
        for line in row.below:
            print(f"{'':24}{line}")


# --- sheets and printing -------------------------------------------------------------------


def _sheet(args: Namespace, db: Database) -> SheetView:
    return actions.titan_sheet(db, _titan(args, db))


def _write(kind: str, args: Namespace, db: Database, spells: Sequence[str] | None = None) -> None:
    """Write a printout of what ``actions.print_data`` gives the app and a served tab too,
    then warn on stderr of letters the font cannot print (a refused printout says only why)."""
    from ..printing.render import printout_path, printout_warnings  # PDF and fonts load only here

    titan = _titan(args, db) if getattr(args, "titan", None) and kind != "blank" else None
    campaign_ref = _campaign_ref(args, db) if kind == "campaign" else None
    data, campaign = actions.print_data(db, kind, campaign_ref, titan)
    target = _output(args) or printout_path(kind, args.format, data, spells, campaign)
    there = _there(target)
    written = actions.write_printout(
        db, kind, args.format, data, _paper(args), target, spells, campaign, streams=True
    )
    for warning in printout_warnings(kind, data, args.format):
        print(f"warning: {warning}", file=sys.stderr)
    _wrote(written, there)


def _there(output: Path) -> bool:
    """Whether writing ``output`` replaces a file (a stream replaces nothing)."""
    return not actions.is_stream(output) and output.exists()


def _replaced(there: bool) -> str:
    return " (the file there replaced)" if there else ""


def _wrote(written: Path, replaced: bool = False) -> None:
    """Say which file was written (and that it replaced one); nothing when the output was a
    stream (standard output)."""
    if not actions.is_stream(written):
        print(f"wrote {shown(str(written))}{_replaced(replaced)}")


def _paper(args: Namespace) -> str:
    """The paper a printout is laid out on: A4 unless told; refused for text or JSON, which
    are not laid out on paper."""
    if args.paper is not None and args.format in ("text", "json"):
        raise RuleError(
            f"--paper is for PDF, HTML and SVG printouts; {args.format} is not laid out on paper"
        )
    return str(args.paper or "a4")


def _output(args: Namespace) -> Path | None:
    return Path(args.output) if getattr(args, "output", None) else None


def cmd_sheet(args: Namespace, db: Database) -> None:
    if args.format is None:  # a blank sheet is for paper: a PDF unless told
        args.format = "pdf" if args.blank else "text"
    if args.blank:
        if args.titan:
            raise RuleError("a blank sheet has no Titan: leave out the name, or leave out --blank")
        _write("blank", args, db)
        return
    if not args.titan:
        raise RuleError("name a Titan, or ask for a blank sheet with --blank")
    if args.format in ("json", "text") and not args.output:
        _paper(args)
        data = _sheet(args, db)
        if args.format == "json":
            _stdout().write(json.dumps(data.to_json(), indent=2, ensure_ascii=False) + "\n")
        else:
            from ..printing.text import sheet_text  # terminal-cell measures load only here

            _print_text(sheet_text(data))
        return
    _write("sheet", args, db)


def _stdout() -> TextIO:
    """Standard output, for a printout or export written there; refused when it is closed
    (``>&-``), as ``-o -`` is: there is nothing to write to."""
    if sys.stdout is None:
        raise RuleError("standard output is closed: nothing to write to")
    return sys.stdout


def _print_text(text: str) -> None:
    """Plain text for pipes and files; on a terminal, rich adds bold headings."""
    out = _stdout()
    if not out.isatty():
        out.write(text)
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    for line in text.splitlines():
        console.print(Text(line, style="bold" if is_heading(line) else ""))


def is_heading(line: str) -> bool:
    """A printed sheet's heading: a line that starts with a word in capitals, up to its
    first gap or its words in brackets ("SPELLS (9)", "STARTING LEGIONS (next game)"); a
    row of boxes ("[x][ ][ ] EARTH") is none."""
    heading = line.split("  ")[0].split(" (")[0]
    return heading[:1].isalpha() and heading.isupper()


def cmd_cards(args: Namespace, db: Database) -> None:
    asked = sum(bool(x) for x in (args.titan, args.all, args.spell))
    if asked != 1:
        raise RuleError(
            "choose what to print: a Titan's spell book, --spell NAME (repeatable) or --all"
            + (", one at a time" if asked else "")
        )
    _write("cards", args, db, spells=args.spell)


def cmd_game_card(args: Namespace, db: Database) -> None:
    if args.format == "text" and not args.output:
        _paper(args)
        from ..printing.game_card import game_card_text

        _stdout().write(game_card_text(_sheet(args, db)))
        return
    _write("game-card", args, db)


def cmd_print_campaign(args: Namespace, db: Database) -> None:
    _write("campaign", args, db)


# --- backups, export, import ---------------------------------------------------------------


def cmd_schema(args: Namespace, db: Database) -> None:
    print(actions.file_schema(args.file), end="")


def cmd_backups(args: Namespace, db: Database) -> None:
    rows = actions.list_backups(db)
    try:
        off = actions.backups_kept() == 0
    except actions.StoreError:
        off = False  # a nonsense setting is refused by the next change, naming it
    setting = f"{actions.BACKUPS_ENV}=0"
    if not rows:
        if off:
            print(f"no backups of {shown(str(db.path))}: they are turned off ({setting})")
        else:
            print(f"no backups of {shown(str(db.path))} yet: one is kept before every change")
        return
    print(f"backups of {shown(str(db.path))}, newest first:")
    for backup in rows:
        print(backup.line())
    print(f"restore one with: titan-campaign restore N ({actions.restore_keeps(db)})")
    if off:
        print(f"new backups are turned off ({setting}): only a restore keeps one")


def cmd_restore(args: Namespace, db: Database) -> None:
    restored = actions.restore_backup(db, args.number)
    print(
        f"restored backup {args.number}, saved {restored.backup.when}: took back"
        f" {actions.undoes(restored.backup)}; {restored.kept_text}"
    )
    for damaged in restored.damaged:  # restored as the database reads it, and named
        print(f"  {damaged}")


def cmd_export(args: Namespace, db: Database) -> None:
    output = Path(args.output) if args.output else None
    there = output is not None and _there(output)
    text, count = actions.export_campaigns(db, output, streams=True)
    if output is None:
        _stdout().write(text)
    elif not actions.is_stream(output):
        print(f"{plural(count, 'campaign')} written to {shown(str(output))}{_replaced(there)}")


def cmd_import(args: Namespace, db: Database) -> None:
    imported = actions.import_campaigns(db, Path(args.file))
    if imported.merged is None:
        print(f"imported {', '.join(imported.campaigns)} into {shown(str(db.path))}")
        return
    print(f"{shown(args.file)} is an export of this database's campaigns: merged as a copy of it")
    _say_merged(imported.merged, db)
    if imported.deleted_here:
        print(
            "  its campaigns were deleted here, and an import keeps them deleted: a backup from"
            " before the delete brings them back (titan-campaign backups, restore N)"
        )


def cmd_merge(args: Namespace, db: Database) -> None:
    _say_merged(actions.merge_copy(db, Path(args.file), dry_run=args.dry_run), db, args.dry_run)


def _say_merged(merged: actions.Merged, db: Database, dry_run: bool = False) -> None:
    if merged.brings_nothing:
        print(
            f"nothing to merge from {shown(str(merged.source))}: the database has all its changes"
            f"{merged.refused_before_note}"
        )
    elif dry_run:
        print(f"would be {shown(merged.text)} (--dry-run: nothing changed)")
    else:
        print(shown(merged.text))
    for name in merged.campaigns:
        print(f'  campaign "{shown(name)}" comes in whole')
    for line in merged.brought:
        print(f"  + {line}")
    for line in (*merged.judged, *merged.deletes, *merged.differs):
        print(f"  {line}")
    for refused in (*merged.alike, *merged.refusals):
        print(f"  {refused.line}")
    if merged.refusals and not dry_run:
        print(
            f"  refused changes are kept whole in {shown(str(actions.refused_file(db.path)))}:"
            " enter one again if you still want it (no merge brings it in)"
        )
    if merged.unchanged and not merged.brings_nothing:
        print(
            "  nothing comes in: the database stays as it is (no merge to undo)"
            if dry_run
            else "  the database is unchanged: there is no merge to undo"
        )


def cmd_serve(args: Namespace, db: Database) -> None:
    from ..serve import serve_game_night  # textual-serve loads only for a game night

    if _campaign(args) is not None:
        try:
            actions.campaign_list(db)
        except actions.StoreError:
            pass  # a damaged file: every tab opens on the page that says what is wrong
        else:
            actions.find_campaign(db, _campaign(args))  # refused naming the campaigns there are
    serve_game_night(
        db.path,
        campaign=_campaign(args),
        host=args.host,
        port=args.port,
        max_tabs=args.max_tabs,
    )
