"""Actions on one Titan: joining, names, purchases, choices, honor guard, gold, items, plan."""

from collections.abc import Mapping, Sequence

from ..rules.abilities import find_ability
from ..rules.characters import find_character
from ..rules.describe import change_text
from ..rules.errors import Decision, RuleError
from ..rules.events import (
    AbilityBought,
    Archived,
    BonusSwapped,
    Created,
    Event,
    GoldChanged,
    HonorGuardSet,
    ItemAdded,
    ItemBought,
    ItemFacts,
    ItemRemoved,
    ItemUsed,
    PlanSet,
    PlayerChanged,
    Renamed,
    SpellBought,
    SpellBoughtWithGold,
    SpellChosen,
    SwapDeclined,
    Unarchived,
)
from ..rules.facts import Problem, ShapeError, parse
from ..rules.items import filled_item
from ..rules.legions import LegionPlan, merged_placement, movable_names, upgrade_name
from ..rules.spells import find_school, find_spell
from ..rules.titan import (
    Step,
    TitanState,
    apply,
    check,
    check_no_pick_forfeited,
    next_school_level,
    spell_pick_for,
    swap_offer,
)
from ..store import Database, now_iso
from .common import (
    Done,
    _one,
    read_titan,
)
from .ids import CampaignRef, TitanRef


def add_titan(db: Database, campaign: CampaignRef, name: str, player: str) -> Done:
    at = now_iso()
    with db.writing() as session:
        stored = session.campaign_by_id(campaign.id)
        found = stored.campaign
        created = Created(name=name, player=player, base_xp=found.base_xp, at=at)
        text = change_text(created.name, [created])
        titan_id = found.next_titan_id()
        outcome = found.record(text, {titan_id: [created]}, at=at)
        session.save(stored, outcome.campaign, text)
    return Done(text, found.name, {TitanRef(campaign, titan_id): outcome.steps[titan_id]})


def archive_titan(db: Database, titan: TitanRef, shown: TitanState | None = None) -> Done:
    return _one(db, titan, lambda s: Archived(), shown)


def restore_titan(db: Database, titan: TitanRef, shown: TitanState | None = None) -> Done:
    """Bring an archived Titan back to the roster."""
    return _one(db, titan, lambda s: Unarchived(), shown)


def rename_titan(
    db: Database,
    titan: TitanRef,
    name: str,
    shown: TitanState | None = None,
) -> Done:
    """A new name, unique in the campaign (the history keeps the old one). ``shown`` (here and
    in the other changes of one Titan): only if the Titan is still as the form showed it."""
    return _one(db, titan, lambda s: Renamed(name=name), shown)


def change_player(
    db: Database,
    titan: TitanRef,
    player: str,
    shown: TitanState | None = None,
) -> Done:
    return _one(db, titan, lambda s: PlayerChanged(player=player), shown)


def buy_ability(
    db: Database,
    titan: TitanRef,
    ability: str,
    shown: TitanState | None = None,
) -> Done:
    """100 XP for the next box of an ability (R1, R3)."""
    name = find_ability(ability)
    return _one(db, titan, lambda s: AbilityBought(ability=name), shown)


def can_buy_ability(state: TitanState, ability: str) -> Decision:
    """Whether the next box of ``ability`` may be checked now, and if not the rule's reason
    (as ``buy_ability`` would refuse it): the sheet greys a box out with it."""
    return check(state, AbilityBought(ability=find_ability(ability)))


def buy_school_level(
    db: Database,
    titan: TitanRef,
    school: str,
    shown: TitanState | None = None,
) -> Done:
    """100 XP for the next level of a spell school (R1, R4)."""
    name = find_school(school)
    return _one(db, titan, lambda s: next_school_level(s, name), shown)


def can_buy_school_level(state: TitanState, school: str) -> Decision:
    """Whether the next level of ``school`` may be bought now (as ``buy_school_level``)."""
    return check(state, next_school_level(state, find_school(school)))


def buy_spell(
    db: Database,
    titan: TitanRef,
    spell: str,
    shown: TitanState | None = None,
) -> Done:
    """100 XP for a spell of a mastered school (R5), unless a pending pick gives it free."""
    name = find_spell(spell).name
    return _one(db, titan, lambda s: _spell_bought(s, SpellBought(spell=name)), shown)


def can_buy_spell(state: TitanState, spell: str) -> Decision:
    """Whether ``spell`` may be bought with XP now (as ``buy_spell``)."""
    event = SpellBought(spell=find_spell(spell).name)
    try:
        check_no_pick_forfeited(state, event)
    except RuleError as error:
        return Decision(False, str(error))
    return check(state, event)


def _spell_bought(
    state: TitanState, event: SpellBought | SpellBoughtWithGold
) -> SpellBought | SpellBoughtWithGold:
    """``event``, unless buying the spell forfeits a pick that takes it free (R5)."""
    check_no_pick_forfeited(state, event)
    return event


def choose_school(
    db: Database,
    titan: TitanRef,
    school: str,
    shown: TitanState | None = None,
) -> Done:
    """The free school level of a level-up (R2). ``shown`` (here and in the picks, swaps,
    honor guard and plan below): refused with ``TitanChanged`` if the Titan is no longer as
    the player saw it."""
    name = find_school(school)
    return _one(db, titan, lambda s: next_school_level(s, name, free=True), shown)


def choose_spell(
    db: Database,
    titan: TitanRef,
    spell: str,
    bonus: bool = False,
    shown: TitanState | None = None,
) -> Done:
    """A pending spell pick (R5), free pick (R2) or, with ``bonus``, Intelligence pick (R6)."""
    name = find_spell(spell).name
    return _one(
        db,
        titan,
        lambda s: SpellChosen(spell=name, pick=spell_pick_for(s, name, bonus)),
        shown,
    )


def swap_bonus(
    db: Database,
    titan: TitanRef,
    old: str,
    new: str,
    shown: TitanState | None = None,
) -> Done:
    """Replace a bonus spell with one of the school level just gained (R6)."""
    old_name, new_name = find_spell(old).name, find_spell(new).name
    return _one(db, titan, lambda s: BonusSwapped(old=old_name, new=new_name), shown)


def decline_swap(
    db: Database,
    titan: TitanRef,
    school: str | None = None,
    shown: TitanState | None = None,
    level: int | None = None,
) -> Done:
    """Decline the bonus swap offered (R6): the one, or the one of ``school`` (and ``level``)."""
    chosen = find_school(school) if school else None

    def event(state: TitanState) -> Event:
        offer = swap_offer(state, chosen, level)
        assert offer.school is not None and offer.level is not None  # a swap is of a level
        return SwapDeclined(school=offer.school, level=offer.level)

    return _one(db, titan, event, shown)


def set_honor_guard(
    db: Database,
    titan: TitanRef,
    members: Sequence[str],
    shown: TitanState | None = None,
) -> Done:
    """The whole honor guard: ``members`` replace it; none empties it, as a player asks on
    purpose (the command line's ``--clear``, the app's picker emptied and saved) (R9)."""
    names = tuple(find_character(name).name for name in members)
    now = read_titan(db, titan)
    if now.state.honor_guard == names and shown in (None, now.state):
        # the guard it has already: nothing to record (undo would take back nothing)
        return Done(
            f"{now.state.name}: honor guard unchanged", now.campaign, {titan: Step(now.state, ())}
        )
    return _one(db, titan, lambda s: HonorGuardSet(members=names), shown)


def can_set_honor_guard(state: TitanState, members: Sequence[str]) -> Decision:
    """Whether ``members`` may be the honor guard now (as ``set_honor_guard``)."""
    names = tuple(find_character(name).name for name in members)
    return check(state, HonorGuardSet(members=names))


def change_gold(
    db: Database,
    titan: TitanRef,
    amount: int | None,
    note: str = "",
    game: int | None = None,
    shown: TitanState | None = None,
) -> Done:
    """A line of the gold ledger (R11); ``amount`` None (a form left blank) is refused, and
    so is a ``game`` the Titan did not play in this campaign."""
    entry = {"amount": amount, "note": note, "game": game}

    def line(state: TitanState) -> Event:
        event = parse(GoldChanged, entry)
        played = [p.game for p in state.games if not p.played_in]
        if game is not None and game not in played:
            games = ", ".join(map(str, played)) or "none yet"
            raise RuleError(f"{state.name} played no game {game} (games played: {games})")
        return event

    return _one(db, titan, line, shown)


def item_facts(
    name: str, type: str | None = None, description: str | None = None, charges: int | None = None
) -> ItemFacts:
    """An item's facts as the player gave them; a suggested item's type, effect and charges
    fill what was left out (None) (``rules.items.filled_item``, as the app's suggestion list)."""
    return parse(ItemFacts, _item_json(name, type, description, charges))


def _item_json(
    name: str, type: str | None, description: str | None, charges: int | None
) -> dict[str, object]:
    """The facts of an item as ``item_facts`` fills them, to be checked with the event that
    holds them (so every problem of the form is found at once)."""
    item = filled_item(" ".join(name.split()), type, description, charges)
    return {
        "name": item.name,
        "type": item.type,
        "description": item.description,
        "charges": item.charges,
    }


def _item_event(kind: type[ItemAdded] | type[ItemBought], facts: Mapping[str, object]) -> Event:
    """The item event of ``facts``; its problems are named by the item's own fields (a form's
    and a command's: ``description``, not ``item.description``)."""
    try:
        return parse(kind, facts)
    except ShapeError as error:
        raise ShapeError(
            Problem(p.loc[1:] if p.loc[:1] == ("item",) else p.loc, p.type, p.ctx)
            for p in error.problems
        ) from None


def buy_item(
    db: Database,
    titan: TitanRef,
    item: str,
    price: int | None,
    type: str | None = None,
    description: str | None = None,
    charges: int | None = None,
    shown: TitanState | None = None,
) -> Done:
    """A magic item named ``item`` paid for with gold (R11): what is left out (None) is
    filled from the suggested item of that name (``item_facts``)."""
    facts = {"item": _item_json(item, type, description, charges), "price": price}
    return _one(db, titan, lambda s: _item_event(ItemBought, facts), shown)


def buy_spell_with_gold(
    db: Database,
    titan: TitanRef,
    spell: str,
    price: int | None,
    shown: TitanState | None = None,
) -> Done:
    """Any spell the Titan does not know, at the campaign's price (R11)."""
    name = find_spell(spell).name
    facts = {"spell": name, "price": price}
    return _one(db, titan, lambda s: _spell_bought(s, parse(SpellBoughtWithGold, facts)), shown)


def add_item(
    db: Database,
    titan: TitanRef,
    item: str,
    type: str | None = None,
    description: str | None = None,
    charges: int | None = None,
    shown: TitanState | None = None,
) -> Done:
    """A magic item given (a reward), filled as ``buy_item`` fills it."""
    facts = {"item": _item_json(item, type, description, charges)}
    return _one(db, titan, lambda s: _item_event(ItemAdded, facts), shown)


def use_item(
    db: Database,
    titan: TitanRef,
    item: str,
    shown: TitanState | None = None,
) -> Done:
    """A charge of the item used; with ``shown``, only if the Titan is still as shown."""
    return _one(db, titan, lambda s: ItemUsed(name=s.item(item).name), shown)


def remove_item(
    db: Database,
    titan: TitanRef,
    item: str,
    shown: TitanState | None = None,
) -> Done:
    """The item taken off the Titan; with ``shown``, only if the Titan is still as shown."""
    return _one(db, titan, lambda s: ItemRemoved(name=s.item(item).name), shown)


def set_plan(
    db: Database,
    titan: TitanRef,
    charisma: Sequence[str] | None = None,
    upgrades: Sequence[str] | None = None,
    placement: Sequence[tuple[str, int]] | None = None,
    shown: TitanState | None = None,
    whole: bool = False,
) -> Done:
    """The next game's starting legions (R10); what is not given stays as planned, and
    ``placement`` adds to the placements made before (a name placed anew moves). ``whole``
    (the plan screen, which shows every placement): ``placement`` is all of them."""

    def event(state: TitanState) -> Event:
        made = _plan_event(state, charisma, upgrades, placement, whole)
        if apply(state, made).state.plan == state.plan:
            raise RuleError(f"{state.name}'s next game is planned so already: nothing to change")
        return made

    return _one(db, titan, event, shown)


def can_set_plan(
    state: TitanState,
    charisma: Sequence[str],
    upgrades: Sequence[str],
    placement: Sequence[tuple[str, int]],
) -> Decision:
    """Whether this whole plan fits the Titan now (as ``set_plan(..., whole=True)`` would
    judge it), and if not the rule's reason; a plan of the wrong shape is a ShapeError."""
    return check(state, _plan_event(state, charisma, upgrades, placement, whole=True))


def _plan_event(
    state: TitanState,
    charisma: Sequence[str] | None,
    upgrades: Sequence[str] | None,
    placement: Sequence[tuple[str, int]] | None,
    whole: bool,
) -> Event:
    plan = state.plan
    named = parse(  # each name read, or said wrong, by its own option alike
        PlanSet,
        {
            "charisma": plan.charisma if charisma is None else tuple(charisma),
            "upgrades": plan.upgrades if upgrades is None else tuple(upgrades),
        },
    )
    picked = LegionPlan(named.charisma, tuple(upgrade_name(u) for u in named.upgrades))
    if whole:
        placed = tuple(placement or ())
    else:
        movable = movable_names(
            picked,
            state.abilities["charisma"],
            state.abilities["leadership"],
            state.honor_guard,
            [item.name for item in state.items],
        )
        placed = merged_placement(plan.placement, placement or (), movable)
    return parse(
        PlanSet, {"charisma": picked.charisma, "upgrades": picked.upgrades, "placement": placed}
    )
