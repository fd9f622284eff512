"""What each command-line command does: look up, ask the rules core, save, report."""

from __future__ import annotations

import json
import sys
from argparse import Namespace
from collections.abc import Callable
from datetime import date
from pathlib import Path

from .rules.abilities import find_ability
from .rules.characters import find_character
from .rules.describe import describe
from .rules.errors import RuleError
from .rules.events import (
    AbilityBought,
    Archived,
    BonusSwapped,
    Event,
    GameOutcome,
    GameRecorded,
    GoldChanged,
    HonorGuardSet,
    ItemAdded,
    ItemBought,
    ItemFacts,
    ItemRemoved,
    ItemUsed,
    PlanSet,
    SchoolGained,
    SpellBought,
    SpellBoughtWithGold,
    SpellChosen,
    SwapDeclined,
)
from .rules.sheet import sheet_data
from .rules.spells import find_school, find_spell
from .rules.titan import PendingChoice, Step, TitanState, spell_pick_for
from .store import CampaignStore
from .store.exchange import export_data, import_data
from .store.repository import now_iso


def _campaign(args: Namespace) -> str | None:
    return getattr(args, "campaign", None)


def _report(step: Step, headline: str, state: TitanState) -> None:
    print(headline)
    for note in step.notes:
        print(f"  {note}")
    if state.pending:
        print(f"  {state.name} has choices to make:")
        for choice in state.pending:
            print(f"    - {choice.describe()}: {choice_options(state, choice)}")


def choice_options(state: TitanState, choice: PendingChoice) -> str:
    """What the player may answer to a pending choice, as the command would take it."""
    if choice.kind == "school":
        schools = ", ".join(school.title() for school in state.school_choices())
        return f"choose {state.name} school ({schools})"
    names = ", ".join(spell.name for spell in state.spell_choices(choice))
    if choice.kind == "swap":
        bonus = ", ".join(known.name for known in state.spells if known.bonus)
        return f"choose {state.name} swap OLD NEW (OLD: {bonus}; NEW: {names}) or decline-swap"
    if choice.kind == "bonus" and not names:
        return "waits until a school level makes a spell eligible"
    flag = " --bonus" if choice.kind == "bonus" else ""
    return f"choose {state.name} spell NAME{flag} ({names})"


def _change(args: Namespace, store: CampaignStore, make_event: Callable[[TitanState], Event]) -> tuple[Step, TitanState]:
    """Judge one new event for the named Titan and save it, all in one locked write."""
    with store.writing() as session:
        record = session.titan(args.titan, _campaign(args))
        event = make_event(record.log.state)
        log, step = record.log.do(event)
        session.save(record, log)
    return step, step.state


def _do(args: Namespace, store: CampaignStore, make_event: Callable[[TitanState], Event], headline: Callable[[TitanState], str]) -> None:
    step, state = _change(args, store, make_event)
    _report(step, headline(state), state)


# --- campaigns and titans -----------------------------------------------------------


def cmd_campaign(args: Namespace, store: CampaignStore) -> None:
    if args.action == "new":
        with store.writing() as session:
            campaign = session.add_campaign(args.name, args.base_xp)
        print(f'campaign "{campaign.name}" created: every Titan starts with {campaign.base_xp} XP (database {store.path})')
        return
    with store.reading() as session:
        if args.action == "list":
            rows = [
                {"name": c.name, "base_xp": c.base_xp, "titans": len(session.titans(c)), "created": c.created}
                for c in session.campaigns()
            ]
            if args.json:
                print(json.dumps(rows, indent=2))
            elif not rows:
                print("no campaigns yet: titan-campaign campaign new NAME --base-xp 0")
            for row in rows if not args.json else []:
                print(f"{row['name']}  (base XP {row['base_xp']}, {row['titans']} Titans)")
            return
        games = session.games(session.campaign(_campaign(args)))
    if args.json:
        print(json.dumps(games, indent=2))
        return
    if not games:
        print("no games recorded yet")
    for game in games:
        scenario = f"  {game['scenario']}" if game["scenario"] else ""
        print(f"game {game['game']}  {game['date']}{scenario}")
        for p in game["participants"]:
            print(f"  {p['titan']}: {p['result']}, {p['award']} XP")


def cmd_titan(args: Namespace, store: CampaignStore) -> None:
    if args.action == "add":
        with store.writing() as session:
            campaign = session.campaign(_campaign(args))
            record = session.add_titan(campaign, args.name, args.player)
        state = record.log.state
        print(f'{state.name} ({state.player}) joins "{campaign.name}" with {state.available_xp} XP to spend')
        return
    if args.action == "archive":
        _do(args, store, lambda s: Archived(at=now_iso()), lambda s: f"{s.name} archived: hidden from lists, never deleted (undo to bring back)")
        return
    with store.reading() as session:
        campaign = session.campaign(_campaign(args))
        states = [r.log.state for r in session.titans(campaign, include_archived=args.all)]
    rows = [
        {
            "name": s.name,
            "player": s.player,
            "level": s.level,
            "available_xp": s.available_xp,
            "mana": s.mana,
            "pending": len(s.pending),
            "archived": s.archived,
        }
        for s in states
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    if not rows:
        print(f'no Titans in "{campaign.name}" yet: titan-campaign titan add NAME --player PLAYER')
    for row in rows:
        flags = (f"  ! {row['pending']} choice(s) to make" if row["pending"] else "") + ("  [archived]" if row["archived"] else "")
        print(f"{row['name']} ({row['player']}): level {row['level']}, {row['available_xp']} XP available, {row['mana']} Mana{flags}")


# --- spending XP and choices ---------------------------------------------------------


def cmd_spend(args: Namespace, store: CampaignStore) -> None:
    at = now_iso()

    def event(state: TitanState) -> Event:
        if args.what == "ability":
            return AbilityBought(ability=find_ability(args.name), at=at)  # type: ignore[arg-type]
        if args.what == "school":
            school = find_school(args.name)
            return SchoolGained(school=school, level=min(state.schools[school] + 1, 3), at=at)  # type: ignore[arg-type]
        return SpellBought(spell=find_spell(args.name).name, at=at)

    def headline(state: TitanState) -> str:
        bought = {
            "ability": lambda: f"one {find_ability(args.name).title()} box",
            "school": lambda: f"{find_school(args.name).title()} level {state.schools[find_school(args.name)]}",
            "spell": lambda: f"the spell {find_spell(args.name).name}",
        }[args.what]()
        return f"{state.name} buys {bought}: {state.available_xp} XP left, level {state.level}"

    _do(args, store, event, headline)


def cmd_choose(args: Namespace, store: CampaignStore) -> None:
    at = now_iso()
    expected = {"school": (1, 1), "spell": (1, 1), "swap": (2, 2), "decline-swap": (0, 1)}[args.what]
    if not expected[0] <= len(args.names) <= expected[1]:
        shapes = {"school": "SCHOOL", "spell": "SPELL", "swap": "OLD NEW", "decline-swap": "[SCHOOL]"}
        raise RuleError(f"usage: choose TITAN {args.what} {shapes[args.what]}")

    def event(state: TitanState) -> Event:
        if args.what == "school":
            school = find_school(args.names[0])
            return SchoolGained(school=school, level=min(state.schools[school] + 1, 3), free=True, at=at)  # type: ignore[arg-type]
        if args.what == "spell":
            spell = find_spell(args.names[0]).name
            return SpellChosen(spell=spell, pick=spell_pick_for(state, spell, args.bonus), at=at)  # type: ignore[arg-type]
        if args.what == "swap":
            return BonusSwapped(old=args.names[0], new=args.names[1], at=at)
        offers = [c for c in state.pending if c.kind == "swap"]
        if args.names:
            school = find_school(args.names[0])
            offers = [c for c in offers if c.school == school]
        if not offers:
            raise RuleError(f"{state.name} has no bonus swap offer to decline (R6)")
        return SwapDeclined(school=offers[0].school, level=offers[0].level, at=at)  # type: ignore[arg-type]

    def headline(state: TitanState) -> str:
        if args.what == "school":
            return f"{state.name} gains {find_school(args.names[0]).title()} level {state.schools[find_school(args.names[0])]} (free, R2)"
        if args.what == "spell":
            return f"{state.name} learns {find_spell(args.names[0]).name}"
        if args.what == "swap":
            return f"{state.name} forgets {find_spell(args.names[0]).name} and learns {find_spell(args.names[1]).name} (R6)"
        return f"{state.name} keeps the bonus spells (swap declined)"

    _do(args, store, event, headline)


def cmd_choices(args: Namespace, store: CampaignStore) -> None:
    with store.reading() as session:
        state = session.titan(args.titan, _campaign(args)).log.state
    if not state.pending:
        print(f"{state.name} has no choices to make")
    for choice in state.pending:
        print(f"- {choice.describe()}")
        print(f"    {choice_options(state, choice)}")


# --- games, honor guard, gold, items, plan ---------------------------------------------


def cmd_award(args: Namespace, store: CampaignStore) -> None:
    outcome = GameOutcome(
        result=args.result,
        score=args.score,
        battle_won=args.battle_won,
        battle_lost=args.battle_lost,
        agreement=args.agreement,
        agreement_eliminated=args.agreement_eliminated,
        fled=args.fled,
        scenario_xp=args.scenario_xp,
    )
    with store.writing() as session:
        record = session.titan(args.titan, _campaign(args))
        campaign = next(c for c in session.campaigns() if c.id == record.campaign_id)
        games = {g["game"]: g for g in session.games(campaign)}
        if args.game is not None and args.game not in games:
            raise RuleError(f"no game {args.game} in this campaign; leave out --game to record a new one")
        game = args.game or max(games, default=0) + 1  # games were just gathered: no second pass
        when = args.date or (games[game]["date"] if game in games else date.today().isoformat())
        scenario = args.scenario or (games[game]["scenario"] if game in games else "")
        event = GameRecorded(
            game=game, date=when, scenario=scenario, outcome=outcome,
            survivors=tuple(args.survivors) if args.survivors is not None else None, at=now_iso(),
        )
        log, step = record.log.do(event)
        session.save(record, log)
    played = step.state.games[-1]
    print(f"{step.state.name}: game {game} on {when} recorded")
    for line in played.award.lines():
        print(f"  {line}")
    _report(Step(step.state, tuple(n for n in step.notes if "XP earned" not in n)), f"  {step.state.available_xp} XP available", step.state)


def cmd_honor_guard(args: Namespace, store: CampaignStore) -> None:
    members = tuple(find_character(name).name for name in args.creatures)

    def headline(s: TitanState) -> str:
        slots = ", ".join(str(cap) for cap in s.honor_guard_slots) or "none"
        return f"{s.name}'s honor guard: {', '.join(s.honor_guard) or 'empty'} (slots: {slots})"

    _do(args, store, lambda s: HonorGuardSet(members=members, at=now_iso()), headline)


def cmd_gold(args: Namespace, store: CampaignStore) -> None:
    _do(args, store, lambda s: GoldChanged(amount=args.amount, note=args.note, game=args.game, at=now_iso()),
        lambda s: f"{s.name}: {s.gold} gold")


def _item_facts(args: Namespace) -> ItemFacts:
    return ItemFacts(name=" ".join(args.name.split()), type=args.type, description=args.description, charges=args.charges)


def cmd_buy(args: Namespace, store: CampaignStore) -> None:
    if args.what == "item":
        facts = _item_facts(args)
        make: Callable[[TitanState], Event] = lambda s: ItemBought(item=facts, price=args.price, at=now_iso())
    else:
        spell = find_spell(args.name).name
        make = lambda s: SpellBoughtWithGold(spell=spell, price=args.price, at=now_iso())
    _do(args, store, make, lambda s: f"{s.name} bought {args.name} for {args.price} gold; {s.gold} gold left")


def cmd_item(args: Namespace, store: CampaignStore) -> None:
    at = now_iso()
    if args.action == "add":
        facts = _item_facts(args)
        _do(args, store, lambda s: ItemAdded(item=facts, at=at), lambda s: f"{s.name} now has {facts.name}")
    elif args.action == "use":
        _do(args, store, lambda s: ItemUsed(name=s.item(args.name).name, at=at), lambda s: f"{s.name}: charge used")
    else:
        _do(args, store, lambda s: ItemRemoved(name=s.item(args.name).name, at=at), lambda s: f"{s.name}: {args.name} removed")


def _print_legions(state: TitanState) -> None:
    legions = state.starting_legions
    for number, (legion, items) in enumerate(zip(legions.legions, legions.items), start=1):
        extra = f"  + items: {', '.join(items)}" if items else ""
        print(f"  legion {number} ({len(legion)}): {', '.join(legion)}{extra}")
    for note in legions.notes:
        print(f"  ! {note}")


def cmd_plan(args: Namespace, store: CampaignStore) -> None:
    if args.charisma is None and args.upgrade is None and args.legion is None:
        with store.reading() as session:
            state = session.titan(args.titan, _campaign(args)).log.state
        print(f"{state.name}'s starting legions for the next game (R10):")
        _print_legions(state)
        return

    def event(state: TitanState) -> Event:
        plan = state.plan
        return PlanSet(
            charisma=tuple(args.charisma) if args.charisma is not None else plan.charisma,
            upgrades=tuple(args.upgrade) if args.upgrade is not None else plan.upgrades,
            placement=tuple(args.legion) if args.legion is not None else plan.placement,
            at=now_iso(),
        )

    _step, state = _change(args, store, event)
    print(f"{state.name}'s starting legions for the next game (R10):")
    _print_legions(state)


# --- undo, history, sheet ---------------------------------------------------------------


def cmd_undo(args: Namespace, store: CampaignStore) -> None:
    with store.writing() as session:
        record = session.titan(args.titan, _campaign(args))
        log, event = record.log.undo()
        session.save(record, log)
    print(f"{log.state.name}: undone: {describe(event)}")


def cmd_redo(args: Namespace, store: CampaignStore) -> None:
    with store.writing() as session:
        record = session.titan(args.titan, _campaign(args))
        log, step = record.log.redo()
        session.save(record, log)
    _report(step, f"{step.state.name}: redone: {describe(log.events[-1])}", step.state)


def cmd_history(args: Namespace, store: CampaignStore) -> None:
    with store.reading() as session:
        log = session.titan(args.titan, _campaign(args)).log
    rows = [
        {"number": n, "at": event.at, "kind": event.kind, "text": describe(event), "notes": list(notes)}
        for n, (event, notes) in enumerate(log.history(), start=1)
    ]
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for row in rows:
        print(f"{row['number']:>3}  {row['at'][:16].replace('T', ' '):16}  {row['text']}")
        for note in row["notes"]:
            print(f"{'':22}{note}")


def cmd_sheet(args: Namespace, store: CampaignStore) -> None:
    if args.blank or args.titan is None:
        if not args.blank:
            raise RuleError("name a Titan, or ask for a blank sheet with --blank")
        from .printing.commands import write_blank_sheet

        write_blank_sheet(args)
        return
    with store.reading() as session:
        record = session.titan(args.titan, _campaign(args))
        campaign = next(c for c in session.campaigns() if c.id == record.campaign_id)
    data = sheet_data(record.log.state, campaign.name)
    if args.format == "json" and not args.output:
        print(json.dumps(data, indent=2))
    elif args.format == "text" and not args.output:
        from .printing.text import sheet_text

        _print_text(sheet_text(data))
    else:
        from .printing.commands import write_sheet

        write_sheet(data, args)


def _print_text(text: str) -> None:
    """Plain text for pipes and files; on a terminal, rich adds bold headings."""
    if not sys.stdout.isatty():
        sys.stdout.write(text)
        return
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    for line in text.splitlines():
        heading = line.split("  ")[0]
        style = "bold" if heading.isupper() and heading.strip() else ""
        console.print(Text(line, style=style))


# --- export / import ---------------------------------------------------------------------


def cmd_export(args: Namespace, store: CampaignStore) -> None:
    with store.reading() as session:
        data = export_data(session)
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
        print(f"{len(data['campaigns'])} campaign(s) written to {args.output}")
    else:
        sys.stdout.write(text)


def cmd_import(args: Namespace, store: CampaignStore) -> None:
    path = Path(args.file)
    with store.writing() as session:
        names = import_data(session, path)
    print(f"imported {', '.join(names)} into {store.path}")
