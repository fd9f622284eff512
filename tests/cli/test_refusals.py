"""The command-line contract: a refused action, or a mistake in how a command is typed, is one
`error:` line, exit 1, database untouched."""

from __future__ import annotations

import pytest

REFUSED = [
    (("spend", "Thorn", "ability", "power"), "needs 100 XP, 0 available (R1)"),
    (("spend", "Thorn", "ability", "speed"), 'no ability named "speed"'),
    (("spend", "Nobody", "ability", "power"), 'no Titan named "Nobody"'),
    (("spend", "Thorn", "spell", "Fire Ball"), "level 3; Fire is at 0"),
    (("spend", "Thorn", "spell", "Fireball"), 'did you mean "Fire Ball"'),
    (
        ("choose", "Thorn", "school", "water"),
        "no free school level to choose: one comes with each level reached (R2)",
    ),
    (("choose", "Thorn", "spell", "Bog Walker"), "has no spell to pick"),
    (("choose", "Thorn", "swap", "Shield", "Ice Bolt"), "no bonus swap offered"),
    (("choose", "Thorn", "decline-swap"), "no bonus swap offer"),
    (("choose", "Thorn", "school"), "usage: choose TITAN school SCHOOL"),
    (
        ("choose", "Thorn", "spell", "Bog", "Walker"),
        'usage: choose TITAN spell SPELL (a name of several words goes in quotes, e.g. "Bog Walker")',
    ),
    (("honor-guard", "Thorn", "Ogre"), "no honor guard below level 4"),
    (("honor-guard", "Thorn", "Kobold"), 'no character named "Kobold"'),
    (("gold", "Thorn", "-5"), "5 gold needed, 0 in the purse (R11)"),
    (("gold", "Thorn", "0"), "amount other than 0"),
    (
        ("buy", "Thorn", "item", "Cloak of Shadows", "--price", "10"),
        "costs 10 gold, 0 in the purse (R11)",
    ),
    (("item", "use", "Thorn", "Lamp"), 'no magic item called "Lamp"'),
    (("item", "add", "Thorn", "x" * 200), "at most 60 characters"),
    (("plan", "Thorn", "--charisma", "Ogre"), "1 Charisma creature picked but 0 Charisma boxes"),
    (("plan", "Thorn", "--charisma", "Lion"), "not a Lion"),
    (
        ("plan", "Thorn", "--charisma", "Centaur,Centaur,Centaur,Centaur"),
        "charisma: at most 3, one per Charisma box (R3, R10)",
    ),
    (
        ("plan", "Thorn", "--upgrade", "Lion,Lion,Lion,Lion"),
        "--upgrade: at most 3, one per Leadership box (R3, R10)",
    ),
    (
        ("item", "add", "Thorn", "Ring", "--charges", "0"),
        "charges: at least 1, as an item with none left leaves play (R11)",
    ),
    (("undo", "Thorn"), "no change to undo but joining the campaign"),
    # an empty name was read as no name: the file's latest change was undone, and an empty
    # --charisma saved a plan of no picks
    (("undo", "--campaign", ""), 'no campaign named ""'),
    (("redo", "--campaign", ""), 'no campaign named ""'),
    (("plan", "Thorn", "--charisma", ""), "--charisma: names no creature"),
    (("plan", "Thorn", "--upgrade", " , "), "--upgrade: names no creature"),
    (
        ("award", "Thorn", "--result", "won", "--survivors", "Titan,Goblin"),
        'no character named "Goblin"',
    ),
    (("award", "Thorn", "--result", "won", "--game", "7"), "no game 7"),
    (  # it said 'no character named "Titan+Ogre"; did you mean "Titan"?'
        ("award", "Thorn", "--result", "won", "--survivors", "Titan+Ogre"),
        'survivors are named with "," between them here, as in Titan,Ogre (not "+")',
    ),
    (  # it said "expected a date like 2026-11-29", as if the form were wrong
        ("award", "Thorn", "--result", "won", "--date", "2026-02-30"),
        "2026-02-30 is no day of the calendar",
    ),
    (
        ("titan", "add", "thorn", "--player", "Bo"),
        'already has a Titan named "Thorn" ("thorn" is the same name)',
    ),
    (("campaign", "new", "IRON CROWN", "--base-xp", "0"), "already exists"),
    (("import", "/nonexistent/file.json"), "does not exist"),
    # a page pasted by mistake was echoed whole (a 10,000-letter line); a file name too long
    # for the system read "xx...x.json File name too long"
    (
        ("spend", "T" * 10_000, "ability", "power"),
        f'no Titan named "{"T" * 100}..." in "Iron Crown"',
    ),
    (("history", "--campaign", "C" * 10_000), f'no campaign named "{"C" * 100}..." (campaigns'),
    (("sheet", "Thorn", "-o", "x" * 300 + ".txt"), f"{'x' * 60}...{'x' * 36}.txt: File name too"),
    (("item", "use", "Thorn", "B" * 10_000), f'no magic item called "{"B" * 100}..." (items'),
    # every other long word of a message is cut in its middle (an entry, a format)
    (("game", "Thorn:won:score=" + "9x" * 5_000), "...x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x9x"),
    (("sheet", "Thorn", "--format", "F" * 10_000), f"{'F' * 40}"),
    # named by its field, not by its place in a list ("survivors.0")
    (("award", "Thorn", "--result", "won", "--survivors", "B" * 70), "survivors: at most 60"),
]


@pytest.mark.parametrize(("argv", "message"), REFUSED, ids=[" ".join(a)[:40] for a, _ in REFUSED])
def test_refused_action_prints_one_error_line_and_leaves_the_database_byte_for_byte(
    poor, argv, message
) -> None:
    said = poor.refused(*argv)
    assert message in said and len(said) < 600  # a pasted page is never echoed back whole


USAGE = [
    ("spend", "Thorn", "talent", "power"),
    ("award", "Thorn"),
    ("award", "Thorn", "--result", "draw"),
    ("award", "Thorn", "--result", "won", "--score", "-3"),
    ("award", "Thorn", "--result", "won", "--date", "yesterday"),
    ("campaign", "new", "X", "--base-xp", "50"),
    ("gold", "Thorn", "lots"),
    ("plan", "Thorn", "--legion", "Ogre=3"),
    ("frobnicate",),
]


@pytest.mark.parametrize("argv", USAGE, ids=[" ".join(a) for a in USAGE])
def test_usage_mistakes_are_one_line_exit_1_without_touching_the_database(thorn, argv) -> None:
    before = thorn.db.read_bytes()
    code, _out, err = thorn(*argv)
    assert code == 1
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: ")
    assert "--help" in err
    assert thorn.db.read_bytes() == before


def test_several_campaigns_need_a_campaign_name(thorn) -> None:
    thorn.ok("campaign", "new", "Second Age", "--base-xp", "100")
    assert "--campaign" in thorn.refused("titan", "add", "Osk", "--player", "Cy")
    thorn.ok("titan", "add", "Osk", "--player", "Cy", "--campaign", "second age")
    # A Titan name found in exactly one campaign needs no --campaign.
    assert "Osk" in thorn.ok("sheet", "osk")
    thorn.ok("titan", "add", "Thorn", "--player", "Di", "--campaign", "Second Age")
    assert "several campaigns" in thorn.refused("sheet", "thorn")
    assert '"base": 100' in thorn.ok(
        "sheet", "thorn", "--campaign", "Second Age", "--format", "json"
    )


def test_names_are_case_insensitive_and_may_contain_spaces(cli) -> None:
    cli.ok("campaign", "new", "The Long War", "--base-xp", "100")
    cli.ok("titan", "add", "Red   Baron", "--player", "Bo")
    assert "Red Baron" in cli.ok("spend", "RED BARON", "school", "Sorcery")
    cli.ok("titan", "list")
    assert "Red Baron (Bo): level 0, 0 XP available" in cli.ok("titan", "list")


def test_a_name_typed_with_its_accent_apart_is_the_same_name(cli) -> None:
    """ "Amélie" typed as one letter é, or as e and a combining accent (as a Mac keyboard may
    send it): one Titan, found either way; a second Titan of that name is refused."""
    cli.ok("campaign", "new", "The Long War", "--base-xp", "100")
    cli.ok("titan", "add", "Am\u00e9lie", "--player", "Bo")
    assert "already" in cli.refused("titan", "add", "Ame\u0301lie", "--player", "Cy")
    assert "Am\u00e9lie" in cli.ok("gold", "Ame\u0301lie", "3")


def test_archived_titan_is_hidden_never_deleted_and_refuses_changes(thorn) -> None:
    thorn.ok("titan", "archive", "thorn")
    assert "Thorn" not in thorn.ok("titan", "list")
    assert "[archived]" in thorn.ok("titan", "list", "--all")
    assert "archived" in thorn.refused("gold", "thorn", "5")
    thorn.ok("undo", "thorn")
    assert "Thorn" in thorn.ok("titan", "list")


def test_commands_on_an_empty_database_explain_what_to_do(cli) -> None:
    assert "no campaign yet: create one with" in cli.ok("campaign", "list")
    assert "campaign new" in cli.refused("titan", "add", "Thorn", "--player", "Ann")
    assert not cli.db.exists()


def test_paper_is_refused_for_a_printout_not_laid_out_on_paper(cli) -> None:
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "Ann")
    for argv in (
        ("sheet", "Thorn", "--paper", "letter"),
        ("sheet", "Thorn", "--format", "json", "--paper", "a4"),
        ("game-card", "Thorn", "--format", "text", "--paper", "letter"),
    ):
        assert cli.refused(*argv).startswith("--paper is for PDF, HTML and SVG printouts"), argv
    assert cli.ok("sheet", "Thorn").startswith("TITAN CHARACTER SHEET")


def test_entries_split_by_an_option_are_said_to_go_together(cli) -> None:
    """It said the entries go before the options, though `correct --date D 4 Mira:lost` is
    taken: what is refused is an option between them (and its example was a game command)."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    for name in ("Thorn", "Mira"):
        cli.ok("titan", "add", name, "--player", "Ann")
    code, _, err = cli("game", "Thorn:won", "--date", "2026-01-03", "Mira:lost")
    assert code == 1
    assert err == (
        "error: game does not take Mira:lost (the entries go together, with no option between"
        " them, e.g. game Thorn:won Mira:lost --date D; see titan-campaign game --help)\n"
    )
    cli.ok("game", "Thorn:won", "Mira:lost", "--date", "2026-01-03")
    said = cli.refused("correct", "1", "--scenario", "X", "Thorn:won:score=1")
    assert "(the game's number and its entries go together" in said
    assert "e.g. correct 4 Mira:lost --date D" in said
    cli.ok("correct", "--date", "2026-01-04", "1", "Mira:lost:score=10")


def test_an_option_after_two_dashes_is_said_to_go_before_them(cli) -> None:
    """`sheet -- -x --format json` said "sheet has no --format option"."""
    cli.ok("campaign", "new", "Iron Crown", "--base-xp", "0")
    said = cli.refused("sheet", "--", "-x", "--format", "json")
    assert said.startswith('--format comes after "--", where only names go: put it before "--"')


def test_arguments_that_may_be_left_out_are_not_said_to_be_required(cli) -> None:
    """`honor-guard` said TITAN and CREATURE were required, though `honor-guard Thorn` shows the
    guard; `correct --date D` said N and the entries were, though only N is."""
    assert cli.refused("honor-guard").endswith(
        "required: TITAN (see titan-campaign honor-guard --help)"
    )
    assert cli.refused("correct", "--date", "2026-11-01").endswith(
        "required: N (see titan-campaign correct --help)"
    )


def test_using_a_charge_names_the_item_and_the_charges_left(thorn) -> None:
    """It said only "Thorn: charge used"."""
    thorn.ok("item", "add", "Thorn", "Wand of Sparks", "--type", "staff", "--charges", "3")
    assert thorn.ok("item", "use", "Thorn", "wand of sparks").startswith(
        "Thorn: a charge of Wand of Sparks used: 2 of 3 left\n"
    )
    thorn.ok("item", "add", "Thorn", "Potion", "--charges", "1")
    code, out, err = thorn("item", "use", "Thorn", "potion")  # its last charge: it leaves play
    assert (code, err) == (0, "")
    assert out == "Thorn: a charge of Potion used\n  Potion is used up and leaves play (R11)\n"
    refusal = thorn.refused("plan", "Thorn", "--upgrade", "Troll")
    assert refusal.startswith("1 upgrade picked but 0 Leadership boxes checked (R10)")


def test_removing_an_item_names_it_as_the_titan_holds_it(thorn) -> None:
    """It echoed what was typed ("winged sandal removed"), not the item taken away."""
    thorn.ok("item", "add", "Thorn", "winged sandals")
    assert thorn.ok("item", "remove", "Thorn", "winged sandal") == "Thorn: Winged Sandals removed\n"


def test_a_titans_events_broken_by_a_hand_edit_are_named_by_the_titans_name(cli) -> None:
    """The same damage was "(A)" for ``sheet A`` and "(Titan 1)" for ``spend`` and ``undo``."""
    cli.ok("campaign", "new", "K", "--base-xp", "100")
    cli.ok("titan", "add", "Ann", "--player", "a")
    cli.ok("titan", "rename", "Ann", "Anna")
    cli.ok("spend", "Anna", "ability", "power")
    cli.db.write_text(cli.db.read_text().replace('"ability": "power"', '"ability": "powr"'))
    for argv in (("undo",), ("spend", "Anna", "ability", "luck")):
        refusal = cli.refused(*argv)
        assert 'change 3 "Anna: bought a Power box (100 XP)" (Anna): event 1' in refusal, refusal


def test_with_one_titans_line_broken_by_a_hand_edit_the_others_changes_are_undone_and_redone(
    cli,
) -> None:
    """ "Changes to other Titans go on": B's gold could be given, but not undone."""
    cli.ok("campaign", "new", "K", "--base-xp", "100")
    cli.ok("titan", "add", "A", "--player", "a")
    cli.ok("titan", "add", "B", "--player", "b")
    cli.ok("spend", "A", "ability", "power")
    cli.ok("gold", "B", "10")
    cli.db.write_text(cli.db.read_text().replace('"ability": "power"', '"ability": "powr"'))
    assert cli.ok("undo", "B") == "undone: B: gold +10\n"
    assert cli.ok("redo") == "redone: B: gold +10\n"
    assert cli.ok("undo") == "undone: B: gold +10\n"  # the campaign's latest: B's
    refusal = cli.refused("undo")  # now A's, whose events cannot be read
    assert 'damaged at change 3 "A: bought a Power box (100 XP)" (A)' in refusal
    assert 'damaged at change 3 "A: bought a Power box (100 XP)" (A)' in cli.refused("undo", "A")
    assert '"ability": "powr"' in cli.db.read_text()  # A's line kept as it was, to be mended
    cli.db.write_text(cli.db.read_text().replace('"ability": "powr"', '"ability": "power"'))
    assert "B (b): level 0, 100 XP available" in cli.ok("titan", "list")
    assert "A (a): level 0, 0 XP available" in cli.ok("titan", "list")


def test_buying_a_spell_with_an_items_options_is_refused_and_the_spell_named_as_spelt(
    thorn,
) -> None:
    """``buy T spell Fly --charges 3`` bought the spell and dropped the charges without a word;
    the line named the spell as typed ("tundra walker")."""
    thorn.ok("gold", "Thorn", "50")
    refusal = thorn.refused("buy", "Thorn", "spell", "Fly", "--price", "10", "--charges", "3")
    assert refusal == "--charges: for a magic item, not a spell"
    out = thorn.ok("buy", "Thorn", "spell", "tundra walker", "--price", "10")
    assert out == "Thorn bought Tundra Walker for 10 gold; 40 gold left\n"


def test_buying_the_last_spell_a_pending_pick_takes_free_is_refused(thorn) -> None:
    """R5: Water 1 gained a pick; Thorn then bought all three Water 1 spells with gold. The last
    purchase forfeited the pick that would have given it free, said only afterwards; it is
    refused, saying to take it with the pick, and nothing is saved."""
    thorn.ok("gold", "Thorn", "100")
    thorn.ok("spend", "Thorn", "school", "water")
    for spell in ("Water Affinity", "Bog Walker"):
        thorn.ok("buy", "Thorn", "spell", spell, "--price", "1")
    before = thorn.db.read_bytes()
    refusal = thorn.refused("buy", "Thorn", "spell", "Raise/Lower Water", "--price", "1")
    assert refusal == (
        "Raise/Lower Water is a spell the pending picks need: bought, a pick would be left"
        " with no spell to learn and forfeited; choose it with a pick instead, free (R5)"
    )
    assert thorn.db.read_bytes() == before
    assert "Raise/Lower Water" in thorn.ok("choose", "Thorn", "spell", "Raise/Lower Water")


def test_names_typed_after_an_option_are_said_to_go_before_the_options(thorn) -> None:
    """``honor-guard Thorn --campaign C Ogre Lion`` was answered with a hint about quotes."""
    refusal = thorn.refused("honor-guard", "Thorn", "--campaign", "Iron Crown", "Ogre", "Lion")
    assert refusal == (
        "honor-guard does not take Ogre Lion (the names go before the options, such as"
        " --campaign; see titan-campaign honor-guard --help)"
    )


def test_a_mistyped_titan_or_campaign_name_is_offered_the_one_meant(thorn) -> None:
    """Spells, abilities and creatures offered the name meant; Titans and campaigns did not."""
    refusal = thorn.refused("spend", "Thron", "ability", "power")
    assert (
        refusal == 'no Titan named "Thron" in "Iron Crown"; did you mean "Thorn"? (Titans: Thorn)'
    )
    refusal = thorn.refused("spend", "Xyz", "ability", "power")
    assert refusal == 'no Titan named "Xyz" in "Iron Crown" (Titans: Thorn)'
    refusal = thorn.refused("sheet", "Thorn", "--campaign", "Iron Crwn")
    assert refusal.startswith('no campaign named "Iron Crwn"; did you mean "Iron Crown"?')


def test_usage_words_name_the_help_and_the_kind_of_schema(thorn) -> None:
    assert thorn.refused("choose", "Thorn", "spell") == (
        "usage: choose TITAN spell SPELL (see titan-campaign choose --help)"
    )
    assert thorn.refused("schema", "foo").startswith(
        'schema takes database, export or titan, not "foo"'
    )


@pytest.mark.parametrize(
    ("argv", "said"),
    [  # they said "argument {item,spell}: invalid choice: 'potion' (choose from 'item', 'spell')"
        (("buy", "Thorn", "potion", "X"), 'buy takes item or spell, not "potion"'),
        (
            ("spend", "Thorn", "talent", "power"),
            'spend takes ability, school or spell, not "talent"',
        ),
        (
            ("choose", "Thorn", "skool", "water"),
            'choose takes school, spell, swap or decline-swap, not "skool"; did you mean school?',
        ),
        (
            ("sheet", "Thorn", "--format", "jsn"),
            '--format takes text, json, html, pdf or svg, not "jsn"; did you mean json?',
        ),
        (
            ("sheet", "Thorn", "--paper", "a5"),
            '--paper takes a4 or letter, not "a5"',
        ),
        (("campaign", "new", "X", "--base-xp", "50"), '--base-xp takes 0, 100 or 200, not "50"'),
        (("award", "Thorn", "--result", "draw"), '--result takes won or lost, not "draw"'),
    ],
)
def test_a_word_the_command_does_not_take_is_said_with_the_words_it_takes(
    thorn, argv, said
) -> None:
    assert (
        thorn.refused(*argv)
        == f"{said} (see titan-campaign {argv[0]}{' new' if argv[0] == 'campaign' else ''} --help)"
    )


def _water_swap(cli) -> None:
    """Thorn with a bonus Bog Walker and Water level 2 just gained: a Water level 2 pick, a
    Water level 1 pick that waits for the bonus swap, and the swap itself pending (R5, R6)."""
    cli.ok("campaign", "new", "P", "--base-xp", "0")
    cli.ok("titan", "add", "Thorn", "--player", "A")
    cli.ok("award", "Thorn", "--result", "won", "--score", "30000")
    cli.ok("spend", "Thorn", "ability", "intelligence")
    cli.ok("spend", "Thorn", "school", "water")
    cli.ok("choose", "Thorn", "spell", "Bog Walker", "--bonus")
    cli.ok("choose", "Thorn", "spell", "Water Affinity")
    cli.ok("spend", "Thorn", "school", "water")


def test_a_spell_the_picks_can_spare_through_the_bonus_swap_may_be_bought(cli) -> None:
    """Raise/Lower Water bought: the Water level 1 pick still takes Bog Walker once the swap
    forgets it, so nothing is forfeited; the purchase was refused as forfeiting a pick."""
    _water_swap(cli)
    cli.ok("gold", "Thorn", "10")
    cli.ok("buy", "Thorn", "spell", "Raise/Lower Water", "--price", "1")


def test_a_spell_the_bonus_swap_needs_is_not_sold(cli) -> None:
    """Water level 3 gained with the swap for a Water level 3 spell still open: buying Ice
    Storm, then Bog Lord, left the swap and the Water level 3 pick one spell for two."""
    _water_swap(cli)
    cli.ok("choose", "Thorn", "decline-swap")
    cli.ok("choose", "Thorn", "spell", "Raise/Lower Water")
    cli.ok("choose", "Thorn", "spell", "Ice Bolt")
    cli.ok("choose", "Thorn", "school", "air")
    cli.ok("choose", "Thorn", "decline-swap")
    cli.ok("choose", "Thorn", "spell", "Air Affinity")
    cli.ok("spend", "Thorn", "school", "water")
    cli.ok("spend", "Thorn", "spell", "Ice Storm")  # the picks can spare it
    refusal = cli.refused("spend", "Thorn", "spell", "Bog Lord")
    assert refusal.startswith("Bog Lord is a spell the pending picks need"), refusal


def test_a_spell_no_pick_takes_is_refused_saying_why_with_its_rule(thorn) -> None:
    """ "no pending pick takes Fire Ball: pending are spell pick: Fire level 1 (R5)" never
    said that Fire Ball is a level 3 spell, and --bonus without a bonus pick read the same."""
    thorn.ok("spend", "Thorn", "school", "fire")
    said = thorn.refused("choose", "Thorn", "spell", "Fire Ball")
    assert said.startswith("Fire Ball is a Fire level 3 spell, which no pending pick takes (R5)"), (
        said
    )
    said = thorn.refused("choose", "Thorn", "spell", "Fire Bolt", "--bonus")
    assert said.startswith(
        "Thorn has no bonus spell to pick: one comes with each Intelligence box (R6)"
    ), said
    thorn.ok("choose", "Thorn", "spell", "Fire Bolt")
    said = thorn.refused("choose", "Thorn", "spell", "Dune Walker")
    assert (
        said
        == "Thorn has no spell to pick: each school level gained brings picks of its spells (R5)"
    )
