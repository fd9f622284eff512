"""The Titan Character Sheet as plain text, at most 80 terminal cells a line (``cells``: a
Chinese letter takes two), long fields wrapped, readable in monochrome."""

from __future__ import annotations

from ..rules.abilities import ABILITY_INFO
from ..rules.progress import progress_table
from ..rules.sheet import GoalView, SheetView
from .cells import WIDTH, apart, pad, wrap
from .figures import (
    ARCHIVED,
    IN_PLAY,
    SKILL_USES_LABEL,
    charge_boxes,
    charges_text,
    goal_steps,
    goal_summary,
    guard_slots,
    not_castable,
    progress_now,
)

LEFT = 53  # width of the left column (abilities, schools)
NBSP = "\u00a0"  # holds words together where a line is wrapped, then printed as a space


def boxes(checked: int, total: int = 3) -> str:
    return "".join("[x]" if i < checked else "[ ]" for i in range(total))


def _columns(left: list[str], right: list[str]) -> list[str]:
    """Two columns side by side, a space at least between them; a long row wraps in its column."""
    left = [line for row in left for line in wrap(row, LEFT - 1, more="    ")]
    right = [line for row in right for line in wrap(row, WIDTH - LEFT, more="  ")]
    rows = max(len(left), len(right))
    left = left + [""] * (rows - len(left))
    right = right + [""] * (rows - len(right))
    return [(pad(a, LEFT) + b).rstrip() for a, b in zip(left, right)]


def honor_guard_lines(data: SheetView) -> list[str]:
    """Three slots: a member, an open slot (blank line) or locked until its level (R9)."""
    return [
        f"slot {slot.number} (up to {slot.cap} pts): {slot.member or '_' * 15}"
        if slot.cap
        else f"slot {slot.number}: locked until level {slot.opens_at}"
        for slot in guard_slots(data)
    ]


def goal_lines(goal: GoalView) -> list[str]:
    """BUILD GOAL: what is wanted, what remains, and the steps in order, wrapped to 80."""
    lines = wrap(f"BUILD GOAL: {goal.wanted}", more="  ")
    lines += wrap(goal_summary(goal), indent="  ")
    steps = "   ".join(step.replace(" ", NBSP) for step in goal_steps(goal))
    lines += [line.replace(NBSP, " ") for line in wrap(steps, indent="  ")]
    return lines


def sheet_text(data: SheetView) -> str:
    xp = data.xp
    out: list[str] = []
    out += apart("TITAN CHARACTER SHEET", f"campaign: {data.campaign}")
    out += wrap(f"Titan Name: {data.name}", more="  ")
    player = wrap(f"Player: {data.player}", more="  ")
    out += player[:-1] + apart(player[-1], f"LEVEL {data.level}")
    if data.archived:
        out.append(ARCHIVED)
    out.append("=" * WIDTH)

    left = ["ABILITIES"]
    for key, value in data.abilities.items():
        info = ABILITY_INFO[key]
        left.append(f"{boxes(value)} {info.title:<12} {info.sheet_text}")
    right = [
        "EXPERIENCE",
        f"Base XP:      {xp.base:>6}",
        f"Earned XP:    {xp.earned:>6}",
        f"Spent XP:     {xp.spent:>6}",
        f"Available:    {xp.available:>6}",
        f"To next level:{xp.next_level_text:>6}",
        "",
        f"GOLD:         {data.gold:>6}",
    ]
    out += _columns(left, right)
    out.append("")

    left = ["SPELL SCHOOLS"] + [f"{boxes(v)} {k.upper()}" for k, v in data.schools.items()]
    right = [
        IN_PLAY,
        f"Mana per turn:        {data.mana}",
        f"Titan Power-factor:   {data.titan_power}",
        f"{SKILL_USES_LABEL + ':':<22}{data.skill_uses}",
        f"Re-rolls per turn:    {data.rerolls}",
        f"XP bonus:             {data.xp_bonus_percent}%",
    ]
    out += _columns(left, right)
    out.append("")

    out.append(f"SPELLS ({len(data.spells)})")
    if not data.spells:
        out.append("  (none yet)")
    for spell in data.spells:
        # in a column of its own, in brackets: "Strike Phase bonus" read as a phase's name
        how = "  (bonus)" if spell.bonus else "  (bought)" if spell.bought else ""
        cast = f"{spell.cast:<16}{how}" if how else spell.cast
        line = f"  {spell.name:<24} {spell.school.title():<10} L{spell.level}  {spell.mana} Mana  {cast}"
        out += wrap(line, more=" " * 8)
        short = not_castable(spell.mana, data.mana)  # R7: as the game card says it
        if short:
            out.append(f"        {short}")
    out.append("")

    out.append("MAGIC ITEMS")
    if not data.magic_items:
        out.append("  (none)")
    for item in data.magic_items:
        used, total = charge_boxes(item)
        # the row of charge boxes is never broken ("[ ][" on one line, "][ ]" on the next)
        charges = f", charges {boxes(used, total).replace(' ', NBSP)}" if total else ""
        if item.charges is not None and not total:
            charges = f", {charges_text(item)}"
        legion = f", legion {item.legion}" if item.legion else ""
        line = f"  {item.name} ({item.type}{charges}{legion})"
        out += [part.replace(NBSP, " ") for part in wrap(line, more="    ")]
        if item.description:
            out += wrap(item.description, indent="    ")
    out.append("")

    out.append("GOLD LEDGER")
    if not data.gold_ledger:
        out.append("  (no entries)")
    for entry in data.gold_ledger:
        game = f"game {entry.game}" if entry.game is not None else ""
        out += wrap(f"  {entry.signed_amount:>7}  {game:<9} {entry.noted}", more=" " * 21)
    out.append("")

    out.append("HONOR GUARD")
    out += [f"  {line}" for line in honor_guard_lines(data)]
    out.append("")
    out.append("STARTING LEGIONS (next game)")
    for number, members in enumerate(data.starting_legions, start=1):
        out += wrap(f"  {number}: {', '.join(members)}", more="     ")
    for note in data.starting_legion_notes:
        out += wrap(f"  ! {note}", more="    ")
    if data.pending:
        out.append("")
        out.append("CHOICES TO MAKE")
        out += [line for choice in data.pending for line in wrap(f"  - {choice.text}", more="    ")]
    if data.goal:
        out.append("")
        out += goal_lines(data.goal)
    if data.progress:
        table = progress_table(data.progress).splitlines()
        out += ["", "PROGRESS", *(part for line in table for part in wrap(line, more="  "))]
        out += wrap(progress_now(data), more="  ") if progress_now(data) else []
    return "\n".join(line.rstrip() for line in out) + "\n"
