"""Example Titans for the printing tests, built through the rules core's own events.

Each example is replayed by ``TitanLog`` exactly as the store would, so every printed figure
comes from ``sheet_view``: the tests never compute a rule themselves.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from titan_campaign.rules.abilities import ABILITIES
from titan_campaign.rules.events import (
    AbilityBought,
    Event,
    GameOutcome,
    GameRecorded,
    GoldChanged,
    HonorGuardSet,
    ItemAdded,
    ItemFacts,
    PlanSet,
    SchoolGained,
    SpellBought,
    SpellBoughtWithGold,
    SpellChosen,
    SwapDeclined,
)
from titan_campaign.rules.sheet import SheetView, sheet_view
from titan_campaign.rules.titan import TitanLog, TitanState

# The tests import their shared checks from helpers_print.py beside this file; pytest runs with
# --import-mode=importlib, which does not put test folders on the import path by itself.
if str(Path(__file__).parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).parent))

AT = "2026-11-29T12:00:00+00:00"


def resolve_choices(log: TitanLog) -> TitanLog:
    """Make every pending choice the first way the rules offer (school picks in school order)."""
    while log.state.pending:
        state, choice = log.state, log.state.pending[0]
        event: Event
        if choice.kind == "school":
            school = state.school_choices()[0]
            event = SchoolGained(school=school, level=state.schools[school] + 1, free=True, at=AT)
        elif choice.kind == "swap":
            event = SwapDeclined(school=choice.school, level=choice.level, at=AT)
        else:
            spell = state.spell_choices(choice)[0].name
            pick = "bonus" if choice.kind == "bonus" else "school" if choice.school else "free"
            event = SpellChosen(spell=spell, pick=pick, at=AT)
        log, _ = log.do(event)
    return log


Step = Event | Callable[[TitanState], Event]


def build_titan(name: str, player: str, base_xp: int, steps: Iterable[Step]) -> TitanLog:
    """A Titan's history: each event (or event made from the state so far), every choice made."""
    log = TitanLog.create(name, player, base_xp, at=AT)
    for step in steps:
        log = resolve_choices(log)
        log, _ = log.do(step(log.state) if callable(step) else step)
    return resolve_choices(log)


def game(number: int, result: str = "won", scenario_xp: int = 0, **counts: int) -> GameRecorded:
    outcome = GameOutcome(result=result, scenario_xp=scenario_xp, **counts)  # type: ignore[arg-type]
    return GameRecorded(game=number, date="2026-11-01", outcome=outcome, at=AT)


def item(
    name: str, type: str = "other", charges: int | None = None, description: str = ""
) -> ItemAdded:
    facts = ItemFacts(name=name, type=type, charges=charges, description=description)  # type: ignore[arg-type]
    return ItemAdded(item=facts, at=AT)


def schools(*names: str) -> list[Step]:
    """Bought school levels, one per name: each the school's next level when it is bought."""
    return [
        lambda state, school=school: SchoolGained(
            school=school, level=state.schools[school] + 1, at=AT
        )
        for school in names
    ]


def thorn() -> TitanLog:
    """The golden Titan: level 2, a few spells, a charged item, gold."""
    return build_titan(
        "Thorn",
        "Ann",
        200,
        [
            AbilityBought(ability="power", at=AT),
            AbilityBought(ability="spirit", at=AT),
            game(1, "won", battle_won=3, agreement=1, score=347, scenario_xp=100),
            *schools("fire", "fire"),
            AbilityBought(ability="intelligence", at=AT),
            GoldChanged(amount=120, note="treasure", at=AT),
            item("Cloak of Shadows", "cloak", description="The wearer may not be rangestruck."),
            item("Wand of Sparks", "staff", charges=3),
        ],
    )


def novice() -> TitanLog:
    """A Titan fresh from creation in a 0 XP campaign: level 0, nothing bought."""
    return build_titan("Ash", "Ben", 0, [])


def veteran() -> TitanLog:
    """Level 4: one honor guard slot, charisma and leadership, items placed in legions."""
    return build_titan(
        "Mira Stormcaller",
        "Cleo",
        100,
        [
            game(1, "won", scenario_xp=800),
            *(
                AbilityBought(ability=a, at=AT)
                for a in ("charisma", "leadership", "luck", "skill", "wisdom")
            ),
            *schools("earth", "earth", "air"),
            HonorGuardSet(members=("Griffon",), at=AT),
            item("Crown of Command", "crown"),
            item(
                "Healing Talisman",
                "talisman",
                charges=2,
                description="Heals 3 hits once per Battle.",
            ),
            PlanSet(
                charisma=("Ogre",), upgrades=("Lion",), placement=(("Crown of Command", 2),), at=AT
            ),
            GoldChanged(amount=45, at=AT),
        ],
    )


LONG_NAME = "Bartholomew Ignatius Thunderfoot-Wolfsbane of the Ninth Ages"
assert len(LONG_NAME) == 60  # the longest name a Titan may have


def archmage() -> TitanLog:
    """The biggest sheet: a 60-character name, every box checked, 40+ spells, three guards."""
    abilities = [a for a in ABILITIES for _ in range(3)]
    return build_titan(
        LONG_NAME,
        "Dominique-Alexandra Featherstonehaugh",
        200,
        [
            game(1, "won", scenario_xp=5000),
            *(AbilityBought(ability=a, at=AT) for a in abilities),  # type: ignore[arg-type]
            *schools("divine", "divine", "divine", "nature", "nature"),
            GoldChanged(amount=900, note="hoard", at=AT),
            SpellBoughtWithGold(spell="Divine Summoning", price=300, at=AT),
            HonorGuardSet(members=("Ranger Captain", "Unicorn", "Warlock"), at=AT),
            *(
                item(
                    f"{name} of the Long Winter Night",
                    kind,
                    charges,
                    "A very long description " * 6,
                )
                for name, kind, charges in (
                    ("Cloak", "cloak", None),
                    ("Talisman", "talisman", 5),
                    ("Crown", "crown", None),
                    ("Staff", "staff", 10),
                    ("Horn", "other", 1),
                    ("Mirror", "other", 2),
                )
            ),
        ],
    )


EXAMPLES: dict[str, Callable[[], TitanLog]] = {
    "thorn": thorn,
    "novice": novice,
    "veteran": veteran,
    "archmage": archmage,
}


@pytest.fixture(scope="session")
def example_sheets() -> dict[str, SheetView]:
    """The sheet of each example Titan, by example name."""
    return {key: sheet_view(build().state, "Ninth Age") for key, build in EXAMPLES.items()}


def grandmaster() -> TitanLog:
    """Every one of the 72 spells: the fullest spell book a sheet can ever list."""
    log = build_titan("Grandmaster", "Eve", 200, [game(1, "won", scenario_xp=20000)])
    for school in ("water", "air", "earth", "fire", "summoning", "sorcery", "nature", "divine"):
        while log.state.schools[school] < 3:
            log, _ = log.do(SchoolGained(school=school, level=log.state.schools[school] + 1, at=AT))
            log = resolve_choices(log)
    for spell in log.state.unknown_spells():
        log, _ = log.do(SpellBought(spell=spell.name, at=AT))
    return resolve_choices(log)


@pytest.fixture(scope="session")
def grandmaster_sheet() -> SheetView:
    return sheet_view(grandmaster().state, "Ninth Age")


def hoarder() -> TitanLog:
    """The grandmaster's spell book and twenty magic items: more than one page can list."""
    log = grandmaster()
    for number in range(1, 21):
        log, _ = log.do(
            item(f"Trinket {number}", "other", charges=number, description="Glows faintly.")
        )
    return log


@pytest.fixture(scope="session")
def hoarder_sheet() -> SheetView:
    return sheet_view(hoarder().state, "Ninth Age")


LONG_ITEM = (
    "Once per Battle, before the Strike Phase, the bearer may name one enemy character within "
    "range 4; that character has -1 Skill-factor until the end of the Battle-Round. When the "
    "last charge is spent the item crumbles to dust and leaves play."
)


def lukasz() -> TitanLog:
    """The issue's Titan: a name beyond Latin-1, 60 spells and 10 items with long texts."""
    log = build_titan("Łukasz Żółć", "Đorđe Ωμέγα", 200, [game(1, "won", scenario_xp=20000)])
    for school in ("water", "air", "earth", "fire", "summoning", "sorcery", "nature", "divine"):
        while log.state.schools[school] < 3:
            log, _ = log.do(SchoolGained(school=school, level=log.state.schools[school] + 1, at=AT))
            log = resolve_choices(log)
    while len(log.state.spells) < 60:
        log, _ = log.do(SpellBought(spell=log.state.unknown_spells()[0].name, at=AT))
        log = resolve_choices(log)
    for number in range(1, 11):
        name = f"Żelazny Róg nr {number} of the Long Winter Night"
        log, _ = log.do(
            item(name, "other", charges=number if number % 2 else None, description=LONG_ITEM)
        )
    return resolve_choices(log)


@pytest.fixture(scope="session")
def lukasz_sheet() -> SheetView:
    data = sheet_view(lukasz().state, "Ædelring Ligue ⚔")
    assert len(data.spells) == 60 and len(data.magic_items) == 10
    return data


@pytest.fixture(autouse=True)
def _font_cache_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Font subsets are cached in each test's scratch folder, never in the user's cache folder."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
